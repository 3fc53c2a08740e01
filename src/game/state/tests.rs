use super::*;
use crate::engine::generator::{Request, generate};
use crate::game::moves::parse_moves;

fn game(empty: usize) -> Game {
    let p = generate(&Request::new(empty, 11)).expect("generate");
    Game::new(p.givens, p.solution, None, 1_000)
}

fn first_empty(g: &Game) -> Cell {
    Cell::all()
        .find(|&c| g.board.get(c).is_none())
        .expect("an empty cell")
}

fn right(g: &Game, c: Cell) -> u8 {
    g.solution.get(c).expect("solution is full")
}

fn wrong_digit(g: &Game, c: Cell) -> u8 {
    right(g, c) % 9 + 1
}

/// Auto-notes: each empty cell's marks are exactly the digits its peers leave open on
/// the board (a wrong digit of the player's counts too: nothing comes from the
/// solution), the solution's digit is always among them while the board has no wrong
/// digit, one undo takes the whole fill back, and a second fill changes nothing.
#[test]
fn auto_notes_fill_the_candidates_of_the_board_as_it_is() {
    let mut g = game(50);
    let c = first_empty(&g);
    g.toggle_notes(c, 1 << 5).expect("a note");
    let before = g.notes;
    let changed = g.fill_notes().expect("active");
    assert_eq!(changed, g.remaining());
    assert!(g.auto_notes);
    for cell in Cell::all() {
        let mask = g.notes[cell.index()];
        match g.board.get(cell) {
            Some(_) => assert_eq!(mask, 0, "{cell} is filled"),
            None => {
                for d in 1..=9u8 {
                    let seen = cell.peers().any(|p| g.board.get(p) == Some(d));
                    assert_eq!(mask & (1 << d) != 0, !seen, "{cell} digit {d}");
                }
                assert!(
                    mask & (1 << right(&g, cell)) != 0,
                    "{cell} keeps its answer"
                );
            }
        }
    }
    assert_eq!(g.fill_notes(), Ok(0), "nothing left to fill");
    g.undo().expect("undo");
    assert_eq!(g.notes, before, "one undo takes the fill back");
    // A wrong digit rules its digit out of its peers' candidates, as the board says.
    let peer = c
        .peers()
        .find(|&p| g.board.get(p).is_none())
        .expect("an empty peer");
    let wrong = wrong_digit(&g, peer);
    g.apply(
        &parse_moves(&format!("{peer} {wrong}")).expect("move"),
        2_000,
    )
    .expect("applied");
    g.fill_notes().expect("active");
    assert_eq!(g.notes[c.index()] & (1 << wrong), 0);
}

/// The history was unbounded: 22,779 commands made one game's row 211 KB, rewritten
/// with every move. Now undo reaches the last `UNDO_LIMIT` steps, in order, and no
/// further.
#[test]
fn undo_reaches_back_the_last_limit_steps_and_no_further() {
    let mut g = game(40);
    let c = first_empty(&g);
    let steps = Game::UNDO_LIMIT + 100;
    for k in 0..steps {
        // Digits 1..=9 in turn: each step leaves a different note set behind.
        g.toggle_notes(c, 1 << (k % 9 + 1)).expect("note");
    }
    assert_eq!(g.history.len(), Game::UNDO_LIMIT);
    let mut expected = g.notes[c.index()];
    for k in (steps - Game::UNDO_LIMIT..steps).rev() {
        g.undo().expect("within the limit");
        expected ^= 1 << (k % 9 + 1);
        assert_eq!(g.notes[c.index()], expected);
    }
    assert_eq!(g.undo(), Err(RuleError::NothingToUndo));
}

#[test]
fn filling_every_cell_solves_and_records_the_time() {
    let mut g = game(30);
    let moves: Vec<Move> = Cell::all()
        .filter(|&c| g.board.get(c).is_none())
        .map(|c| Move {
            cell: c,
            action: Action::Place(right(&g, c)),
        })
        .collect();
    let out = g.apply(&moves, 61_000).expect("moves");
    assert!(out.solved);
    assert_eq!(g.status, Status::Solved);
    assert_eq!(g.elapsed(999_999), 60_000);
    assert_eq!(g.mistakes, 0);
    assert!(matches!(
        g.apply(&moves[..1], 70_000),
        Err(RuleError::Finished(_))
    ));
}

#[test]
fn a_wrong_digit_is_a_mistake_that_stays_visible() {
    let mut g = game(40);
    let c = first_empty(&g);
    let out = g
        .apply(
            &[Move {
                cell: c,
                action: Action::Place(wrong_digit(&g, c)),
            }],
            2_000,
        )
        .expect("move");
    assert_eq!(out.mistakes, vec![c]);
    assert_eq!(g.mistakes, 1);
    assert!(g.is_wrong(c));
    assert_eq!(g.wrong_cells(), vec![c]);
    // Placing the same digit again is not a second mistake.
    g.apply(
        &[Move {
            cell: c,
            action: Action::Place(wrong_digit(&g, c)),
        }],
        3_000,
    )
    .expect("move");
    assert_eq!(g.mistakes, 1);
}

#[test]
fn a_given_cannot_change_and_nothing_of_the_command_applies() {
    let mut g = game(40);
    let given = Cell::all().find(|&c| g.is_given(c)).expect("a given");
    let empty = first_empty(&g);
    let before = g.clone();
    let text = format!("{empty} {}, {given} 1", right(&g, empty));
    let err = g
        .apply(&parse_moves(&text).expect("parse"), 2_000)
        .unwrap_err();
    assert_eq!(err, RuleError::Given(given.name()));
    assert_eq!(g, before);
}

/// The page's clock stops where the bot's does: five minutes after the last action,
/// and never on the wall clock.
#[test]
fn the_clock_stops_a_pause_after_the_last_action_unless_it_is_the_wall_clock() {
    let mut g = game(40);
    let start = g.started_at;
    assert_eq!(g.clock_stops_in(start), Some(Game::IDLE_CAP_MS));
    g.active_at(start + 60_000);
    assert_eq!(
        g.clock_stops_in(start + 100_000),
        Some(Game::IDLE_CAP_MS - 40_000)
    );
    let late = start + 60_000 + Game::IDLE_CAP_MS + 1;
    assert_eq!(g.clock_stops_in(late), Some(0));
    // Where it stops, the time played stops too.
    assert_eq!(g.elapsed(late), g.elapsed(late + 3_600_000));
    assert_eq!(g.clone().on_wall_clock().clock_stops_in(late), None);
}

/// Issue 47: a wrong digit took the right answer out of a neighbour's notes, and
/// erasing it did not give it back.
#[test]
fn erasing_or_replacing_a_digit_gives_back_the_marks_its_placing_took() {
    let mut g = game(50);
    let open = |g: &Game, cell: Cell, d: u8| {
        g.board.get(cell).is_none() && !cell.peers().any(|p| g.board.get(p) == Some(d))
    };
    // A wrong digit that the board still leaves open in the target and two of its
    // empty peers, as a player's notes would have it.
    let (target, wrong, peer, other) = Cell::all()
        .filter(|&c| g.board.get(c).is_none())
        .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
        .filter(|&(c, d)| d != right(&g, c) && open(&g, c, d))
        .find_map(|(c, d)| {
            let mut peers = c.peers().filter(|&p| open(&g, p, d));
            Some((c, d, peers.next()?, peers.next()?))
        })
        .expect("a wrong digit open in a cell and two peers");
    let right_digit = right(&g, target);
    let extra = if wrong == 2 { 3 } else { 2 };
    g.toggle_notes(target, (1 << wrong) | (1 << right_digit))
        .expect("note");
    g.toggle_notes(peer, (1 << wrong) | (1 << extra))
        .expect("note");
    g.toggle_notes(other, 1 << wrong).expect("note");
    let place = |cell: Cell, d: u8| Move {
        cell,
        action: Action::Place(d),
    };
    g.apply(&[place(target, wrong)], 1_000).expect("move");
    assert_eq!(
        g.notes[peer.index()],
        1 << extra,
        "the placing took the 'wrong' mark"
    );
    assert_eq!(g.notes[other.index()], 0);
    // Another cell of `other`'s row, column or box that is no peer of the target
    // now holds the same digit: `other` may no longer take it, so it stays off.
    let blocker = Cell::all()
        .find(|&c| {
            g.board.get(c).is_none()
                && c.sees(other)
                && !c.sees(target)
                && c != target
                && !c.sees(peer)
        })
        .expect("a blocker cell");
    g.apply(&[place(blocker, wrong)], 2_000).expect("move");
    g.apply(
        &[Move {
            cell: target,
            action: Action::Erase,
        }],
        3_000,
    )
    .expect("erase");
    assert_eq!(
        g.notes[peer.index()],
        (1 << wrong) | (1 << extra),
        "given back"
    );
    assert_eq!(g.notes[other.index()], 0, "not where the digit is taken");
    assert_eq!(
        g.notes[target.index()],
        (1 << wrong) | (1 << right_digit),
        "the cell's own marks are back"
    );
    // Undo takes the erasure back whole: the digit, and the marks off again.
    g.undo().expect("undo");
    assert_eq!(g.board.get(target), Some(wrong));
    assert_eq!(g.notes[peer.index()], 1 << extra);
    // Replacing the digit gives the peers their marks; the cell holds a digit.
    g.apply(&[place(target, right_digit)], 4_000).expect("move");
    assert_eq!(g.notes[peer.index()] & (1 << wrong), 1 << wrong);
    assert_eq!(g.notes[target.index()], 0);
}

#[test]
fn placing_a_digit_clears_it_from_the_notes_it_sees_and_undo_restores_them() {
    let mut g = game(50);
    let empties: Vec<Cell> = Cell::all().filter(|&c| g.board.get(c).is_none()).collect();
    let target = empties[0];
    let d = right(&g, target);
    let peer = *empties[1..]
        .iter()
        .find(|c| c.sees(target))
        .expect("an empty peer");
    let far = *empties
        .iter()
        .find(|c| !c.sees(target))
        .expect("an empty non-peer");
    g.toggle_notes(peer, (1 << d) | (1 << 1)).expect("note");
    g.toggle_notes(far, 1 << d).expect("note");
    let before = g.clone();
    g.apply(
        &[Move {
            cell: target,
            action: Action::Place(d),
        }],
        5_000,
    )
    .expect("move");
    assert_eq!(g.notes[peer.index()] & (1 << d), 0);
    assert_ne!(
        g.notes[far.index()] & (1 << d),
        0,
        "a cell that cannot see it keeps its note"
    );
    g.undo().expect("undo");
    assert_eq!(g.board, before.board);
    assert_eq!(g.notes, before.notes);
}

#[test]
fn undo_takes_back_commands_in_order_then_refuses() {
    let mut g = game(40);
    let c = first_empty(&g);
    g.toggle_notes(c, 0b110).expect("note");
    g.apply(
        &[Move {
            cell: c,
            action: Action::Place(right(&g, c)),
        }],
        2_000,
    )
    .expect("move");
    assert_eq!(g.undo().expect("undo"), vec![c]);
    assert_eq!(g.board.get(c), None);
    assert_eq!(g.notes[c.index()], 0b110);
    g.undo().expect("undo notes");
    assert_eq!(g.notes[c.index()], 0);
    assert_eq!(g.undo(), Err(RuleError::NothingToUndo));
}

#[test]
fn notes_only_in_empty_non_given_cells() {
    let mut g = game(40);
    let given = Cell::all().find(|&c| g.is_given(c)).expect("a given");
    assert_eq!(
        g.toggle_notes(given, 0b10),
        Err(RuleError::Given(given.name()))
    );
    let c = first_empty(&g);
    g.apply(
        &[Move {
            cell: c,
            action: Action::Place(right(&g, c)),
        }],
        2_000,
    )
    .expect("move");
    assert_eq!(
        g.toggle_notes(c, 0b10),
        Err(RuleError::NoteOnFilled(c.name()))
    );
}

#[test]
fn hints_deepen_on_the_same_board_and_reset_after_a_move() {
    let mut g = game(40);
    // Asks a minute apart: each one is a real ask.
    let depths: Vec<Depth> = (0..4)
        .map(|k| g.hint(10_000 + k * 60_000).expect("hint").1)
        .collect();
    assert_eq!(
        depths,
        vec![Depth::Where, Depth::Digit, Depth::Step, Depth::Step]
    );
    // The fourth ask repeats the whole step: not counted.
    assert_eq!(g.hints, 3);
    let c = first_empty(&g);
    g.apply(
        &[Move {
            cell: c,
            action: Action::Place(right(&g, c)),
        }],
        2_000,
    )
    .expect("move");
    assert_eq!(g.hint(300_000).expect("hint").1, Depth::Where);
    assert_eq!(g.moves, 1);
}

#[test]
fn a_double_clicked_hint_counts_once_and_repeats_the_same_depth() {
    let mut g = game(40);
    assert_eq!(g.hint(10_000).expect("hint").1, Depth::Where);
    // The second press of a double click, 300 ms later.
    assert_eq!(g.hint(10_300).expect("hint").1, Depth::Where);
    assert_eq!(g.hints, 1);
    // A deliberate second ask, seconds later, goes deeper and counts.
    assert_eq!(g.hint(15_000).expect("hint").1, Depth::Digit);
    assert_eq!(g.hints, 2);
    // After a move the board is new: an ask right away is a real one.
    let c = first_empty(&g);
    g.apply(
        &[Move {
            cell: c,
            action: Action::Place(right(&g, c)),
        }],
        15_100,
    )
    .expect("move");
    assert_eq!(g.hint(15_200).expect("hint").1, Depth::Where);
    assert_eq!(g.hints, 3);
}

#[test]
fn moves_count_changed_cells_only() {
    let mut g = game(40);
    let empties: Vec<Cell> = Cell::all().filter(|&c| !g.is_given(c)).take(2).collect();
    let (a, b) = (empties[0], empties[1]);
    let place = |c: Cell, d: u8| Move {
        cell: c,
        action: Action::Place(d),
    };
    g.apply(&[place(a, right(&g, a)), place(b, right(&g, b))], 2_000)
        .expect("two moves");
    // The same digit again changes nothing, so it is not a move.
    g.apply(&[place(a, right(&g, a))], 3_000).expect("no-op");
    g.apply(
        &[Move {
            cell: b,
            action: Action::Erase,
        }],
        4_000,
    )
    .expect("erase");
    assert_eq!(g.moves, 3);
    g.undo().expect("undo");
    assert_eq!(g.moves, 3, "undo takes back a move, not the count of moves");
}

#[test]
fn submissions() {
    let mut g = game(40);
    let mut changed = g.solution;
    let given = Cell::all().find(|&c| g.is_given(c)).expect("a given");
    changed.set(given, None);
    assert_eq!(
        g.submit(&changed, 2_000),
        Ok(Submission::GivensDiffer(vec![given]))
    );
    let mut partial = g.solution;
    let empties: Vec<Cell> = Cell::all().filter(|&c| !g.is_given(c)).collect();
    partial.set(empties[0], None);
    partial.set(empties[1], Some(wrong_digit(&g, empties[1])));
    assert_eq!(
        g.submit(&partial, 2_000),
        Ok(Submission::Incorrect {
            wrong: 1,
            missing: 1,
            counted: 1
        })
    );
    assert_eq!(g.status, Status::Active);
    // Told that one digit is wrong, the player learned as much as from a check: it is
    // a mistake, once; the same grid again teaches nothing new.
    assert_eq!(g.mistakes, 1);
    assert_eq!(
        g.submit(&partial, 2_500),
        Ok(Submission::Incorrect {
            wrong: 1,
            missing: 1,
            counted: 0
        })
    );
    assert_eq!(g.mistakes, 1);
    let solution = g.solution;
    assert_eq!(g.submit(&solution, 9_000), Ok(Submission::Solved));
    assert_eq!(g.status, Status::Solved);
    assert_eq!(g.elapsed(20_000), 8_000);
}

/// Submitting the givens plus one guess, again and again, told which guesses were
/// wrong without a mistake counted: every digit could be found for free. Now each
/// wrong guess costs what a wrong move costs, with check-as-you-go or without.
#[test]
fn guessing_by_submission_counts_every_wrong_guess() {
    for checks in [true, false] {
        let mut g = game(40);
        if !checks {
            g = g.without_checks();
        }
        let empties: Vec<Cell> = Cell::all().filter(|&c| !g.is_given(c)).collect();
        let mut wrong_guesses = 0;
        for &cell in &empties[..10] {
            for d in 1..=9 {
                let mut grid = g.givens;
                grid.set(cell, Some(d));
                match g.submit(&grid, 2_000).expect("active") {
                    Submission::Incorrect { wrong: 0, .. } => break,
                    Submission::Incorrect { .. } => wrong_guesses += 1,
                    other => panic!("{other:?}"),
                }
            }
        }
        assert!(wrong_guesses > 0);
        assert_eq!(g.mistakes, wrong_guesses, "check-as-you-go {checks}");
    }
}

/// Without check-as-you-go, a hint that names the wrong digits is a check: they show
/// and count. Before, filling every cell with a guess and asking found them all for
/// one hint.
#[test]
fn a_hint_that_names_wrong_digits_counts_them_without_check_as_you_go() {
    let mut g = game(40).without_checks();
    let moves: Vec<Move> = Cell::all()
        .filter(|&c| !g.is_given(c))
        .map(|c| Move {
            cell: c,
            action: Action::Place(1),
        })
        .collect();
    g.apply(&moves, 2_000).expect("moves");
    assert_eq!(g.mistakes, 0, "unremarked until a check");
    let wrong = g.wrong_cells();
    let (hint, _, _) = g.hint(60_000).expect("hint");
    assert_eq!(hint, Hint::WrongEntries(wrong.clone()));
    assert_eq!(g.mistakes as usize, wrong.len());
    assert!(wrong.iter().all(|&c| g.shows_wrong(c)));
    // A check right after finds nothing new to count.
    assert_eq!(g.reveal_wrong(), 0);
}

#[test]
fn a_wall_clock_never_pauses() {
    let minute = 60_000;
    let mut g = Game::new(Grid::empty(), Grid::empty(), None, 0).on_wall_clock();
    // Opened, then an hour away (solving on paper), then back.
    assert_eq!(g.elapsed(60 * minute), 60 * minute);
    g.active_at(60 * minute);
    g.active_at(64 * minute);
    assert_eq!(g.idle_ms, 0);
    g.finished_at = Some(64 * minute);
    g.status = Status::Solved;
    assert_eq!(g.elapsed(500 * minute), 64 * minute);
}

#[test]
fn giving_up_ends_the_game() {
    let mut g = game(40);
    g.give_up(5_000).expect("give up");
    assert_eq!(g.status, Status::GaveUp);
    assert_eq!(g.give_up(6_000), Err(RuleError::Finished("given up")));
    assert!(g.hint(7_000).is_err());
}

#[test]
fn time_away_counts_at_most_five_minutes_a_gap() {
    let minute = 60_000;
    let mut g = Game::new(Grid::empty(), Grid::empty(), None, 0);
    g.active_at(2 * minute);
    assert_eq!(g.elapsed(3 * minute), 3 * minute);
    // An hour away: five minutes of it count, while it runs and after the next action.
    assert_eq!(g.elapsed(62 * minute), 7 * minute);
    g.active_at(62 * minute);
    assert_eq!(g.elapsed(62 * minute), 7 * minute);
    g.active_at(64 * minute);
    g.finished_at = Some(64 * minute);
    g.status = Status::Solved;
    assert_eq!(g.elapsed(500 * minute), 9 * minute);
    // A finished game's time no longer moves.
    g.active_at(900 * minute);
    assert_eq!(g.elapsed(900 * minute), 9 * minute);
}
