# Playing a game: new, show, move, note, undo, check, hint, submit, give up, the pad.
# Commands are written by their English names: `/sudoku …` mentions are said in the
# reader's names. Cell names A1-I9 are the same everywhere.

nothing-changed = { $why }. Nothing was changed.
game-none = You have no game in progress here. Start one with `/sudoku new` (e.g. `/sudoku new 40`).
game-none-coop = You have no game of your own here. The channel's co-op board is everyone's: play it with `/sudoku coop move`; its starter or an admin ends it with `/sudoku coop end`.
game-gone = That game no longer exists.
game-not-yours = This is not your game, so its buttons are not yours to press. Start your own with `/sudoku new`.
game-stale-buttons = The board changed since those buttons were drawn; here it is now.
game-race-unseen = **{ $race } has started**, and its clock is running. Nothing was changed: typed commands wait until you have seen your race board. Press My board (or type `/sudoku show`) to open it.
# $how: `solved`, `out` (too many mistakes), `given-up`, `ended` (the race is over).
game-race-part-over = Your part in { $race } is over ({ $how ->
    [solved] solved
    [out] out: too many mistakes
    [given-up] given up
   *[ended] the race has ended
}). Nothing was changed; `/sudoku race` opens another race, `/sudoku new` a game of your own.
game-over = That game is over ({ $how ->
    [solved] solved
   *[given-up] given up
}). Start a new one with `/sudoku new`.
game-solved = Solved in { $time }, with { $mistakes ->
    [0] no mistakes
    [one] 1 mistake
   *[other] { $mistakes } mistakes
} and { $hints ->
    [0] no hints
    [one] 1 hint
   *[other] { $hints } hints
}! Start another with `/sudoku new`.
game-in-progress = You already have a game in progress here ({ $left } to go, { $time } played). Finish it first, or give it up with `/sudoku giveup`, then start a new one.
game-new-zero = A puzzle with 0 empty cells would have nothing to fill in. Ask for at least 1, e.g. `/sudoku new 40`.
game-new-too-many = I can't make that puzzle: { $asked } empty cells is impossible: a puzzle with one solution keeps at least 17 clues, so at most { $max } cells can be empty. For example: `/sudoku new 45`.
# $tier as in `tier` (common.ftl).
game-new = New { $tier ->
    [easy] easy puzzle
    [medium] medium puzzle
    [hard] hard puzzle
    [expert] expert puzzle
    [extreme] extreme puzzle
   *[none] puzzle
}: { $empty } empty cells, one solution. Play with `/sudoku move B7 4`.
# $back: `race` or `daily`: how the player gets back to it.
game-new-other-open = Your { $game } is still open (its clock runs on): typed moves now go to this new game; { $back ->
    [race] the race's My board button
   *[daily] `/sudoku daily`
} takes you back.
game-also-open = Also open: { $games }. Typed moves go to the game shown last; press a Show button to switch.

## Moves. $what: `placed`, `erased` or `both`.

# One placed digit in the list after "Played": "B7 4".
game-placed-digit = { $cell } { $digit }
game-moved = { $what ->
    [placed] Played { $placed }.
    [erased] Erased { $erased }.
   *[both] Played { $placed }, erased { $erased }.
}
game-already-empty = { $cells } { $count ->
    [one] is
   *[other] are
} already empty.
game-erase-nothing = { $cells } { $count ->
    [one] is
   *[other] are
} already empty: nothing to erase. Nothing was changed.
game-moved-wrong = { $cells } { $count ->
    [one] is
   *[other] are
} wrong (mistakes so far: { $mistakes }).
game-race-out = Out of { $race }: that was your { $place } mistake (a race allows { $allowed }). The solution shows when the race is over.
move-error-empty = No moves given: type a cell and a digit, e.g. `B7 4` or `B7 4, C3 5`
move-error-bad-cell = `{ $found }` is not a cell: rows are A-I, columns 1-9 (e.g. `B7`, or `r2c7` for row 2, column 7)
move-error-no-digit = `{ $cell }` needs a digit: write `{ $cell } 4` to place a 4, or `{ $cell } 0` to erase
move-error-bad-digit = `{ $found }` after `{ $cell }` is not a digit: use 1-9 to place, or 0, . or x to erase
move-error-repeated = { $cell } appears twice in one command; give each cell once
rule-error-over = This game is already over ({ $how ->
    [solved] solved
   *[given-up] given up
}); start a new one with `/sudoku new`
rule-error-given = { $cell } is a given: only empty cells can be filled
rule-error-note-on-filled = { $cell } holds a digit; erase it first (`{ $cell } 0`) to take notes there

## Notes and the pad.

note-auto-no-digits = `note auto` takes no digits: it fills in every empty cell's candidates. Nothing was changed.
note-bad-cell = `{ $found }` is not a cell: rows are A-I, columns 1-9 (or `auto` for every cell's candidates). Example: `/sudoku note B7 257`.
note-bad-digits = `{ $found }` is not a list of digits 1-9. Example: `/sudoku note { $cell } 257` toggles the notes 2, 5 and 7.
note-auto-done = { $count ->
    [0] Auto-notes: every empty cell already shows its candidates. Nothing was changed.
    [one] Auto-notes: 1 cell now shows the digits its row, column and box leave open (your own digits count, right or wrong). Undo takes it back; your result says you used it.
   *[other] Auto-notes: { $count } cells now show the digits their row, column and box leave open (your own digits count, right or wrong). Undo takes it back; your result says you used it.
}
note-done = Notes of { $cell } updated.
pad-no-cell = Choose a cell first: a row in the Row menu and a column in the Column menu; then a digit button fills it. Nothing was changed.
pad-notes-mode = { $on ->
    [yes] Notes mode on: the digit buttons toggle pencil marks in the chosen cell.
   *[no] Notes mode off: the digit buttons place digits.
}
pad-chose-given = { $cell } chosen: it holds a given { $digit }, which cannot change; choose another cell.
pad-chose-cell = { $cell } chosen: press a digit.
pad-chose-row = Row { $row } chosen: now a column.
pad-chose-column = Column { $column } chosen: now a row.

## Undo, check, hint.

undo-nothing = Nothing to undo: no moves or notes yet in this game.
undo-notes = Undid the last notes.
undo-move = Undid the last move ({ $cells }).
check-nothing-placed = You haven't placed any digits yet, so there is nothing to check. { $empty } cells still empty.
check-all-right = Everything you have placed is correct.
check-wrong-count = { $count ->
    [one] 1 of your digits is wrong.
   *[other] { $count } of your digits are wrong.
}
check-wrong-cells = Wrong: { $cells }.
check-empty = { $count ->
    [one] 1 cell still empty.
   *[other] { $count } cells still empty.
}
check-now-marked = { $count ->
    [one] 1 wrong digit is
   *[other] { $count } wrong digits are
} now marked on your board (`/sudoku show`) and counted (no check-as-you-go: mistakes so far { $mistakes }).
check-show-which = Use `/sudoku check show` to see which.
hint-said = Hint: { $hint }
hint-off-in-races = Hints are off in races: { $race } is won by solving, so every racer plays without them. `/sudoku check` still shows your mistakes.
hint-wrong-first = Before the next step: { $cells } { $count ->
    [one] is wrong. Erase it
   *[other] are wrong. Erase them
} (e.g. `/sudoku move { $first } 0`) and look again.
hint-solved = The board is complete and correct.
hint-wrong-counted = They count as mistakes, as in a check (mistakes so far { $mistakes }).
hint-ask-again = Ask again for more detail.
hint-same-again = (The same hint as before; not counted again.)

## Submit and give up.

submit-unreadable = I couldn't read that grid: { $why }. Paste all 81 cells (rows A-I), e.g. 81 digits in one line.
# $more: `yes` when more than the five cells listed differ.
submit-givens-differ = Those givens don't match this puzzle (see { $cells }{ $more ->
    [yes] , …
   *[no] {""}
}). Submit the grid of your current game.
submit-board-wrong = Not solved yet. { $count ->
    [one] 1 digit on your board is
   *[other] { $count } digits on your board are
} wrong: now marked and counted (mistakes so far { $mistakes }). Your board is otherwise unchanged.
# What a submitted grid lacks: $wrong cells wrong, $missing cells empty (either may be 0).
submit-what = { $wrong ->
    [0] {""}
    [one] 1 cell is wrong
   *[other] { $wrong } cells are wrong
}{ $wrong ->
    [0] {""}
   *[other] { $missing ->
        [0] {""}
       *[other] , and{" "}
    }
}{ $missing ->
    [0] {""}
    [one] still missing 1 number
   *[other] still missing { $missing } numbers
}
submit-not-solved = Not solved yet: { $what }. Your game is unchanged.
submit-wrong-counted = Not solved yet: { $what }. Wrong digits count as mistakes, as in a check (mistakes so far { $mistakes }). Your board is unchanged.
submit-race-out = Not solved: { $what }. That makes { $mistakes } mistakes: you are out of { $race } (a race allows { $allowed }). The solution shows when the race is over.
giveup-ask = Give up this game and see the solution?
giveup-race-ask = Give up { $race }? You leave the race, and the solution stays hidden until it is over.
giveup-race-done = You gave up { $race }. { $sealed ->
    [yes] The solution stays hidden from every racer until the race is over; `/sudoku show` then shows it.
   *[no] Here is the solution.
}
giveup-done = Given up. Here is the solution; start another with `/sudoku new`.
giveup-daily-ask = Give up today's daily? Its solution shows when the server's day ends, for everyone at once.
giveup-daily-done = Given up. The solution shows when the server's day ends ({ $at }), as it does for everyone: today's daily is still being played.

## Buttons under replies.

button-my-board = My board
button-show-my-game = Show my game
button-show-game = Show { $game }
button-new-game = New game
button-share = Share
button-more-detail = More detail
button-yes-give-up = Yes, give up

## Puzzles that cannot be made as asked: why, and what to ask for instead.

# $example: `yes` to end with an example of what to ask.
puzzle-refused = I can't make that puzzle: { $why }.{ $example ->
    [yes] {" "}For example: `/sudoku new 45`.
   *[no] {""}
}
puzzle-zero-empty = A puzzle with 0 empty cells would have nothing to fill in. Ask for at least 1, e.g. 40.
puzzle-too-many-empty = { $asked } empty cells is impossible: a puzzle with one solution keeps at least 17 clues, so at most { $max } cells can be empty
puzzle-too-few-empty = { $tier } puzzles need at least { $min } empty cells (you asked for { $asked }); ask for more empty cells or an easier difficulty
puzzle-tier-not-found = no { $tier } puzzle found in { $attempts } tries; try again, or ask for a different number of empty cells
puzzle-symmetry-parity = { $symmetry } symmetry cannot leave exactly { $asked } empty cells
puzzle-symmetry-too-empty = { $asked } empty cells with { $symmetry } symmetry is too rare to find; with { $symmetry } symmetry ask for { $max } or fewer, or drop the symmetry (up to { $most })
# $symmetric: `yes` when a symmetry was asked for.
puzzle-not-found = { $symmetric ->
    [yes] no puzzle with { $asked } empty cells and { $symmetry } symmetry found within the search budget; symmetric puzzles that empty are rare, try 58 or fewer, or no symmetry (up to { $most })
   *[no] no puzzle with { $asked } empty cells found within the search budget; try again, or ask for fewer empty cells
}
solve-unverified = Unverified: that is faster than a person can solve this puzzle (under { $floor }), so it is kept but ranked after every verified result, and wins no rating.
