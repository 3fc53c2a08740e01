//! Teaching hints: what a strong player would do next on the current board.
//!
//! Wrong entries come first (building on them teaches nothing). Otherwise the hint is a
//! *lesson*: the grader's next steps from the board, up to and including the first one
//! that places a digit. A board holds no candidates, so an elimination alone would leave
//! it unchanged and the next hint would repeat it; the lesson carries on to the
//! placement the eliminations unlock. It is told at three depths: the technique and
//! where to look, plus the digits, plus every step in plain English with its reason.
//! Each step also has a compact expert form (`compact`), which `explain` prints.

use super::grader::{self, Candidates, Contradiction, Pattern, Technique};
use super::grid::{Cell, Grid, House};

/// How much a hint gives away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// The technique and where to look.
    Where = 1,
    /// Plus the digit(s).
    Digit = 2,
    /// The whole step with its reason.
    Step = 3,
}

impl Depth {
    pub fn from_level(level: u8) -> Depth {
        match level {
            0 | 1 => Depth::Where,
            2 => Depth::Digit,
            _ => Depth::Step,
        }
    }
}

pub use grader::Step;

/// The steps from the board to the next placed digit: zero or more eliminations, then
/// the step that places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Entries that differ from the solution, in reading order.
    WrongEntries(Vec<Cell>),
    /// The board already equals the solution.
    Solved,
    Next(Lesson),
    /// No technique the grader knows applies: the position needs trial and error.
    NoStepFound,
}

/// Steps of a lesson told in full; a longer lesson is told by its first steps and the
/// placement they lead to, so a reply stays well within Discord's limit.
const SHOWN_STEPS: usize = 4;

/// The hint for `board` (givens plus the player's entries) of the puzzle whose unique
/// solution is `solution`.
pub fn hint(board: &Grid, solution: &Grid) -> Hint {
    let wrong: Vec<Cell> = Cell::all()
        .filter(|&c| board.get(c).is_some_and(|d| Some(d) != solution.get(c)))
        .collect();
    if !wrong.is_empty() {
        return Hint::WrongEntries(wrong);
    }
    if board == solution {
        return Hint::Solved;
    }
    match lesson(board) {
        Some(lesson) => Hint::Next(lesson),
        None => Hint::NoStepFound,
    }
}

/// The grader's steps from `board` to its next placement; `None` when the grader gets
/// stuck before placing anything (the position needs trial and error).
pub fn lesson(board: &Grid) -> Option<Lesson> {
    let mut c = Candidates::new(board)?;
    let mut steps = Vec::new();
    while let Some(step) = grader::next_step(&c) {
        c.apply(&step);
        let places = !step.placements.is_empty();
        steps.push(step);
        if places {
            return Some(Lesson { steps });
        }
    }
    None
}

impl Hint {
    /// The hint in plain English at the given depth.
    pub fn text(&self, depth: Depth) -> String {
        match self {
            Hint::WrongEntries(cells) => {
                let names: Vec<String> = cells.iter().map(|c| c.name()).collect();
                if cells.len() == 1 {
                    format!("Fix this first: {} is wrong.", names[0])
                } else {
                    format!("Fix these first: {} are wrong.", names.join(", "))
                }
            }
            Hint::Solved => "The puzzle is already solved.".to_string(),
            Hint::NoStepFound => "None of the techniques I know applies here: this position needs trial and error (pick a cell with two candidates and follow one of them).".to_string(),
            Hint::Next(lesson) => lesson.text(depth),
        }
    }
}

impl Lesson {
    /// The step the lesson turns on: the first one (later ones follow from it).
    pub fn key(&self) -> &Step {
        &self.steps[0]
    }

    pub fn text(&self, depth: Depth) -> String {
        let key = self.key();
        let name = key.technique.name();
        // "an X-Wing" (said "ex"), but "a Unique Rectangle" (said "you").
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'X']) {
            "an"
        } else {
            "a"
        };
        let look = format!("Look for {article} {name} {}", where_to_look(key));
        match depth {
            Depth::Where => format!("{look}."),
            Depth::Digit => format!("{look}, for the {}.", digit_words(&key.digits)),
            Depth::Step => {
                let n = self.steps.len();
                let mut out: Vec<String> = Vec::new();
                for (k, step) in self.steps.iter().enumerate() {
                    let told = k < SHOWN_STEPS || k + 1 == n;
                    if !told {
                        continue;
                    }
                    let sentence = describe(step, k > 0);
                    out.push(match k {
                        0 => sentence,
                        _ if k + 1 == n && n > SHOWN_STEPS + 1 => format!(
                            "After {} more steps like these: {sentence}",
                            n - 1 - SHOWN_STEPS
                        ),
                        _ => format!("Then: {sentence}"),
                    });
                }
                let shown: Vec<String> = self.steps.iter().take(SHOWN_STEPS).map(compact).collect();
                out.push(format!("In short: {}", shown.join("; ")));
                out.join("\n")
            }
        }
    }
}

fn where_to_look(step: &Step) -> String {
    match &step.pattern {
        Pattern::Single { house, .. }
        | Pattern::Subset { house, .. }
        | Pattern::Locked { within: house, .. } => format!("in {house}"),
        Pattern::NakedSingle { cell } | Pattern::Bug { cell, .. } => format!("in cell {cell}"),
        Pattern::Fish { bases, .. } | Pattern::FinnedFish { bases, .. } => {
            format!("in {}", houses_words(bases))
        }
        Pattern::Wing { pivot, .. } => format!("around the pivot {pivot}"),
        Pattern::Rectangle { corners, odd } => {
            format!(
                "in the rectangle {}",
                cells_words(&rectangle(corners, *odd))
            )
        }
        Pattern::Chain { links } | Pattern::WWing { chain: links, .. } => match links.first() {
            Some((cell, _)) => format!("starting from {cell}"),
            None => String::new(),
        },
        Pattern::Rectangles { corners, .. } => {
            format!("in the rectangle {}", cells_words(corners))
        }
        Pattern::LockedSubset { line, in_box, .. } => format!("in {in_box} and {line}"),
        Pattern::Forcing { start, .. } => format!("starting from {start}"),
        Pattern::EmptyRectangle { in_box, line, .. } => format!("in {in_box} and {line}"),
        Pattern::Colouring { path, .. } => match path.first() {
            Some(cell) => format!("among the conjugate pairs through {cell}"),
            None => String::new(),
        },
    }
}

fn digit_words(digits: &[u8]) -> String {
    match digits {
        [d] => format!("digit {d}"),
        _ => format!("digits {}", list(digits.iter().map(u8::to_string))),
    }
}

/// "A, B and C".
fn list(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn cells_words(cells: &[Cell]) -> String {
    list(cells.iter().map(|c| c.name()))
}

/// "rows A and C" rather than "row A and row C".
fn houses_words(houses: &[House]) -> String {
    let kind = |h: &House| match h {
        House::Row(_) => 0,
        House::Col(_) => 1,
        House::Box(_) => 2,
    };
    if houses.len() > 1 && houses.iter().all(|h| kind(h) == kind(&houses[0])) {
        let plural = ["rows", "columns", "boxes"][kind(&houses[0])];
        let names = houses.iter().map(|h| {
            let full = h.to_string();
            full.rsplit(' ').next().unwrap_or_default().to_string()
        });
        format!("{plural} {}", list(names))
    } else {
        list(houses.iter().map(House::to_string))
    }
}

/// "remove 4 from G6 and I6" or "remove 3 from C2, and 3 and 7 from C4".
fn removals(elims: &[(Cell, u8)]) -> String {
    let mut digits: Vec<u8> = elims.iter().map(|&(_, d)| d).collect();
    digits.sort_unstable();
    digits.dedup();
    if let [d] = digits[..] {
        let cells: Vec<Cell> = elims.iter().map(|&(c, _)| c).collect();
        return format!("remove {d} from {}", cells_words(&cells));
    }
    let mut by_cell: Vec<(Cell, Vec<u8>)> = Vec::new();
    for &(c, d) in elims {
        match by_cell.iter_mut().find(|(cell, _)| *cell == c) {
            Some((_, ds)) => ds.push(d),
            None => by_cell.push((c, vec![d])),
        }
    }
    let parts = by_cell
        .iter()
        .map(|(c, ds)| format!("{} from {c}", list(ds.iter().map(u8::to_string))));
    format!("remove {}", parts.collect::<Vec<_>>().join("; "))
}

fn placement(step: &Step) -> String {
    list(
        step.placements
            .iter()
            .map(|(c, d)| format!("place {d} in {c}")),
    )
}

/// The step in plain English, naming the houses and the reason. `after_eliminations`:
/// earlier steps of the lesson removed candidates, so "sees every other digit" would
/// not be the whole reason.
pub fn describe(step: &Step, after_eliminations: bool) -> String {
    use Technique::*;
    let d = step.digits.first().copied().unwrap_or(0);
    // "an 8", "a 5": the article follows how the digit is spoken.
    let a_d = if d == 8 {
        "an 8".to_string()
    } else {
        format!("a {d}")
    };
    match &step.pattern {
        Pattern::Single { cell, house } if step.technique == FullHouse => format!(
            "{cell} is the last empty cell of {house}, which is missing only {d}: {}.",
            placement(step)
        ),
        Pattern::Single { cell: c, house: h } => format!(
            "In {h} the {d} can only go in {c}: every other empty cell of {h} sees {a_d}{or_lost}. Place {d} in {c}.",
            or_lost = if after_eliminations {
                " or has lost it"
            } else {
                ""
            }
        ),
        Pattern::NakedSingle { cell: c } if after_eliminations => format!(
            "{c} has only {d} left: every other digit is in its row, column or box, or was ruled out above. Place {d} in {c}."
        ),
        Pattern::NakedSingle { cell: c } => {
            format!("{c} sees every digit but {d} in its row, column and box: place {d} in {c}.")
        }
        Pattern::Locked {
            within: a,
            clears: b,
            ..
        } => format!(
            "In {a} the {d} can only go in {b}, so no other cell of {b} can be {d}: {}.",
            removals(&step.eliminations),
        ),
        Pattern::LockedSubset {
            line,
            in_box,
            cells,
        } => format!(
            "{cells_named} lie in both {line} and {in_box}, and can only hold {ds} between them, so those {n} digits belong to those {n} cells and no other cell of {line} or {in_box} can have them: {}.",
            removals(&step.eliminations),
            cells_named = cells_words(cells),
            ds = list(step.digits.iter().map(u8::to_string)),
            n = cells.len(),
        ),
        Pattern::Subset { house: h, cells }
            if matches!(step.technique, NakedPair | NakedTriple | NakedQuad) =>
        {
            format!(
                "In {h}, {cells_named} can only hold {ds} between them, so those {n} digits belong to those {n} cells and no other cell of {h} can have them: {}.",
                removals(&step.eliminations),
                cells_named = cells_words(cells),
                ds = list(step.digits.iter().map(u8::to_string)),
                n = cells.len(),
            )
        }
        Pattern::Subset { house: h, cells } => format!(
            "In {h} the digits {ds} fit only in {cells_named}, so those {n} cells hold those {n} digits and nothing else: {}.",
            removals(&step.eliminations),
            cells_named = cells_words(cells),
            ds = list(step.digits.iter().map(u8::to_string)),
            n = cells.len(),
        ),
        Pattern::Fish { bases, covers, .. } => format!(
            "In {bases_named} the {d} can only go in {covers_named}: {n} {d}s fill those {n} lines, so no other cell of {covers_named} can be {d}: {}.",
            removals(&step.eliminations),
            bases_named = houses_words(bases),
            covers_named = houses_words(covers),
            n = bases.len(),
        ),
        Pattern::Wing {
            pivot: p,
            wings: [a, b],
        } => {
            let z = step.eliminations.first().map_or(0, |&(_, z)| z);
            if step.technique == XYWing {
                format!(
                    "The pivot {p} and its wings {a} and {b} each hold two candidates: whichever digit {p} takes, {a} or {b} must be {z}, so a cell that sees both wings cannot be {z}: {}.",
                    removals(&step.eliminations),
                )
            } else {
                format!(
                    "The pivot {p} (three candidates) and its wings {a} and {b}: whichever digit {p} takes, one of the three is {z}, so a cell that sees all three cannot be {z}: {}.",
                    removals(&step.eliminations),
                )
            }
        }
        Pattern::Rectangle { corners, odd } => {
            let cells = cells_words(&rectangle(corners, *odd));
            let ds = list(step.digits.iter().map(u8::to_string));
            format!(
                "{cells} form a rectangle over two boxes, and all but {odd} can only be {ds}. If {odd} were limited to {ds} too, the two digits could swap around the rectangle and the puzzle would have two solutions; it has one, so {odd} is neither: {}.",
                removals(&step.eliminations)
            )
        }
        Pattern::Rectangles {
            corners,
            floor,
            house,
        } => rectangles_sentence(step, corners, floor, *house),
        Pattern::Forcing {
            start,
            forced,
            contradiction,
        } => {
            let then = if forced.is_empty() {
                ": then".to_string()
            } else {
                format!(
                    ". Then the singles force {}, and",
                    forced_words(forced.iter().map(|(c, d)| format!("{d} in {c}")))
                )
            };
            format!(
                "Suppose {start} were {d}{then} {}. That cannot be, so {start} is not {d}: {}.",
                contradiction_words(contradiction),
                removals(&step.eliminations)
            )
        }
        Pattern::Bug { cell: c, row: h } => format!(
            "Every empty cell has two candidates except {c}. If {c} were not {d}, every digit would fit exactly twice in every row, column and box, a pattern that never has exactly one solution; {d} is the candidate {c} sees three times in {h}. Place {d} in {c}."
        ),
        Pattern::Chain { links } | Pattern::WWing { chain: links, .. } => {
            chain_sentence(links, step)
        }
        Pattern::EmptyRectangle {
            in_box: bx,
            row,
            col,
            line,
            link: [p, q],
            ..
        } => {
            let t = step.eliminations.first().map_or(*q, |&(t, _)| t);
            format!(
                "In {bx} the {d} lies only in {row} and {col}, and in {line} it can only go in {p} or {q}. If {t} were {d}, {q} (which sees {t}) could not be, so {p} would be; then {row} and {col} would both have their {d} outside {bx} ({p} and {t}), leaving {bx} no place for {a_d}. So {t} is not {d}: {}.",
                removals(&step.eliminations),
            )
        }
        Pattern::Colouring { path, .. } => {
            let (Some(x), Some(y)) = (path.first(), path.last()) else {
                return String::new();
            };
            let path_named = cells_words(path);
            if path.len().is_multiple_of(2) {
                format!(
                    "Follow the {d}'s conjugate pairs (houses where {d} has only two places): {path_named}. Each pair holds exactly one {d}, so these cells alternate between two colours, one of which is all {d}s; {x} and {y} have opposite colours, so one of them is {d}, and a cell that sees both cannot be: {}.",
                    removals(&step.eliminations)
                )
            } else {
                format!(
                    "Follow the {d}'s conjugate pairs (houses where {d} has only two places): {path_named}. Each pair holds exactly one {d}, so these cells alternate between two colours, one of which is all {d}s; {x} and {y} have the same colour and share a house, so their colour cannot be the {d}s: {}.",
                    removals(&step.eliminations)
                )
            }
        }
        Pattern::FinnedFish {
            bases,
            covers,
            fins,
            fin_box,
            ..
        } => {
            let fish = if step.technique == FinnedXWing {
                "X-Wing"
            } else {
                "Swordfish"
            };
            let no_fin = if fins.len() == 1 {
                format!("If {} is not {d}", fins[0])
            } else {
                format!("If none of {} is {d}", cells_words(fins))
            };
            format!(
                "In {bases_named} the {d} can only go in {covers_named}, apart from {fins_named} in {fin_box}. {no_fin}, the {fish} fills {covers_named} with {d}s; otherwise {fin_box} has its {d} in a fin. Either way a cell of {covers_named} inside {fin_box} cannot be {d}: {}.",
                removals(&step.eliminations),
                bases_named = houses_words(bases),
                covers_named = houses_words(covers),
                fins_named = cells_words(fins),
            )
        }
    }
}

/// Unique rectangle types 2 and 4 and the hidden rectangle in words: the deadly pattern
/// (four cells over two boxes holding only the pair, which could swap) and why the
/// eliminated candidates would complete it.
fn rectangles_sentence(
    step: &Step,
    corners: &[Cell; 4],
    floor: &[Cell],
    house: Option<House>,
) -> String {
    let (a, b) = match step.digits[..] {
        [a, b] => (a, b),
        _ => return String::new(),
    };
    let cells = cells_words(corners);
    let swap = format!(
        "the four cells would hold only {a} and {b}, which could swap around the rectangle: two solutions, and the puzzle has one"
    );
    let [_, _, r1, r2] = *corners;
    match step.technique {
        Technique::UniqueRectangle2 => {
            let x = step.eliminations.first().map_or(0, |&(_, x)| x);
            format!(
                "{cells} form a rectangle over two boxes, all holding {a} and {b}. {floor_named} can only be {a} or {b}, and {r1} and {r2} have just one more candidate, {x}. If neither were {x}, {swap}. So {r1} or {r2} is {x}, and a cell that sees both cannot be: {}.",
                removals(&step.eliminations),
                floor_named = cells_words(floor),
            )
        }
        Technique::UniqueRectangle4 => {
            let h = house.map_or_else(String::new, |h| h.to_string());
            format!(
                "{cells} form a rectangle over two boxes, all holding {a} and {b}, and {floor_named} can only be {a} or {b}. In {h} the {a} can only go in {r1} or {r2}, so one of them is {a}; if the other were {b}, {swap}. So neither is {b}: {}.",
                removals(&step.eliminations),
                floor_named = cells_words(floor),
            )
        }
        _ => {
            let [x, w1, z, w2] = *corners;
            format!(
                "{cells} form a rectangle over two boxes, all holding {a} and {b}, and {x} can only be {a} or {b}. Along {z}'s lines the {a} can only go in the rectangle: {z} or {w1}, and {z} or {w2}. If {z} were {b}, {w1} and {w2} would both be {a}, so {x} (which sees both) would be {b}, and {swap}. So {z} is not {b}: {}.",
                removals(&step.eliminations),
            )
        }
    }
}

/// Forced placements longer than this are told by their first ones and the last (the
/// compact form has every one).
const FORCED_WORDS: usize = 8;

/// "5 in A1, 2 in B3 and 7 in C9", or the first few, "...", and the last.
fn forced_words(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    if items.len() <= FORCED_WORDS {
        return list(items);
    }
    let last = items.last().cloned().unwrap_or_default();
    format!(
        "{}, ... ({} more) and {last}",
        items[..FORCED_WORDS - 2].join(", "),
        items.len() - FORCED_WORDS + 1
    )
}

fn contradiction_words(contradiction: &Contradiction) -> String {
    match contradiction {
        Contradiction::NoCandidate(c) => format!("{c} is left with no candidate"),
        Contradiction::NoPlace(h, d) => format!("{h} is left with no place for its {d}"),
    }
}

/// A unique rectangle's four corners, the odd one last.
fn rectangle(corners: &[Cell; 3], odd: Cell) -> [Cell; 4] {
    [corners[0], corners[1], corners[2], odd]
}

/// Chains longer than this are told by their ends (the compact form has every link).
const CHAIN_WORDS: usize = 12;

fn chain_sentence(chain: &[(Cell, u8)], step: &Step) -> String {
    let Some(&(c0, d0)) = chain.first() else {
        return String::new();
    };
    let &(ce, de) = chain.last().unwrap_or(&(c0, d0));
    let mut links: Vec<String> = Vec::new();
    for (k, &(c, d)) in chain.iter().enumerate().skip(1) {
        links.push(if k % 2 == 1 {
            format!("{c} is {d}")
        } else {
            format!("{c} is not {d}")
        });
    }
    let path = if links.len() > CHAIN_WORDS {
        format!(
            "{}, ... ({} more links), so {}",
            links[..3].join(", so "),
            links.len() - 4,
            links[links.len() - 1]
        )
    } else {
        links.join(", so ")
    };
    if !step.placements.is_empty() {
        format!(
            "Suppose {c0} is not {d0}: then {path}. The chain contradicts itself, so {c0} is {d0}: {}.",
            placement(step)
        )
    } else {
        format!(
            "Suppose {c0} is not {d0}: then {path}. So {c0} is {d0} or {ce} is {de}; either way, {}.",
            removals(&step.eliminations)
        )
    }
}

/// The step in a compact expert form: "Pointing: 4 in box 2 on column 6 => G6-4, I6-4".
pub fn compact(step: &Step) -> String {
    let digits = step
        .digits
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let names =
        |cells: &[Cell], sep: &str| cells.iter().map(|c| c.name()).collect::<Vec<_>>().join(sep);
    let pattern = match &step.pattern {
        Pattern::Single { house, .. } => format!("{digits} in {house}"),
        Pattern::NakedSingle { cell } | Pattern::Bug { cell, .. } => cell.name(),
        Pattern::Locked { within, clears, .. } => format!("{digits} in {within} on {clears}"),
        Pattern::Subset { house, cells } => format!("{digits} in {house} ({})", names(cells, ",")),
        Pattern::LockedSubset {
            line,
            in_box,
            cells,
        } => format!("{digits} in {line} and {in_box} ({})", names(cells, ",")),
        Pattern::Fish { bases, covers, .. } => format!(
            "{digits} in {} / {}",
            houses_words(bases),
            houses_words(covers)
        ),
        Pattern::Wing {
            pivot,
            wings: [a, b],
        } => format!("{} on {digits}", names(&[*pivot, *a, *b], ",")),
        Pattern::Rectangle { corners, odd } => {
            format!("{} on {digits}", names(&rectangle(corners, *odd), ","))
        }
        Pattern::Rectangles { corners, .. } => format!("{} on {digits}", names(corners, ",")),
        Pattern::Forcing {
            start,
            forced,
            contradiction,
        } => {
            let mut links = vec![format!("{start}={digits}")];
            links.extend(forced.iter().map(|(c, d)| format!("{c}={d}")));
            let broken = match contradiction {
                Contradiction::NoCandidate(c) => format!("{c} empty"),
                Contradiction::NoPlace(h, d) => format!("no {d} in {h}"),
            };
            format!("{} => {broken}", links.join(" => "))
        }
        Pattern::EmptyRectangle {
            in_box,
            row,
            col,
            line,
            link: [p, q],
            ..
        } => format!("{digits} in {in_box} ({row} / {col}), {line} {p}={q}"),
        Pattern::Colouring { path, .. } => format!("{digits}: {}", names(path, "=")),
        Pattern::FinnedFish {
            bases,
            covers,
            fins,
            ..
        } => format!(
            "{digits} in {} / {} fin {}",
            houses_words(bases),
            houses_words(covers),
            names(fins, ",")
        ),
        Pattern::Chain { links } | Pattern::WWing { chain: links, .. } => links
            .iter()
            .enumerate()
            .map(|(k, (c, d))| {
                let sign = if k % 2 == 0 { "-" } else { "+" };
                format!("{c}{sign}{d}")
            })
            .collect::<Vec<_>>()
            .join(" => "),
    };
    let mut results: Vec<String> = step
        .placements
        .iter()
        .map(|(c, d)| format!("{c}={d}"))
        .collect();
    results.extend(step.eliminations.iter().map(|(c, d)| format!("{c}-{d}")));
    format!(
        "{}: {pattern} => {}",
        step.technique.name(),
        results.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse::parse_puzzle;
    use crate::engine::solver::{Solution, solve};

    const PUZZLE: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn solved(p: &Grid) -> Grid {
        match solve(p) {
            Solution::Unique(s) => s,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn wrong_entries_come_before_any_step() {
        let p = parse_puzzle(PUZZLE).unwrap();
        let s = solved(&p);
        let mut board = p;
        let a1 = Cell::parse("A1").unwrap();
        let wrong = if s.get(a1) == Some(1) { 2 } else { 1 };
        board.set(a1, Some(wrong));
        assert_eq!(hint(&board, &s), Hint::WrongEntries(vec![a1]));
        assert_eq!(
            hint(&board, &s).text(Depth::Step),
            "Fix this first: A1 is wrong."
        );
    }

    /// Following the lessons' placements, on puzzles of every tier but Extreme, solves
    /// them: every lesson ends in a correct placement, so no hint repeats itself.
    #[test]
    fn following_hints_solves_puzzles_of_every_logical_tier() {
        use crate::engine::Tier;
        use crate::engine::generator::{Symmetry, generate_graded};
        for (k, tier) in [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Expert]
            .into_iter()
            .enumerate()
        {
            let (p, _) = generate_graded(tier, None, Symmetry::None, k as u64 + 7, 3000).unwrap();
            let mut board = p.givens;
            let mut hints = 0;
            while let Hint::Next(lesson) = hint(&board, &p.solution) {
                let last = lesson.steps.last().unwrap();
                assert!(
                    !last.placements.is_empty(),
                    "{tier}: a lesson ends placing a digit"
                );
                assert!(
                    lesson.text(Depth::Step).len() < 1500,
                    "{tier}: too long for a reply"
                );
                for &(cell, d) in &last.placements {
                    assert_eq!(p.solution.get(cell), Some(d), "{tier}: {last:?}");
                    board.set(cell, Some(d));
                }
                for step in &lesson.steps {
                    assert!(!describe(step, false).is_empty());
                }
                hints += 1;
                assert!(hints <= 81, "{tier}: hints go round in circles");
            }
            assert_eq!(hint(&board, &p.solution), Hint::Solved, "{tier}");
        }
    }

    #[test]
    fn depths_reveal_more_and_more() {
        let p = parse_puzzle(PUZZLE).unwrap();
        let Hint::Next(lesson) = hint(&p, &solved(&p)) else {
            panic!()
        };
        let key = lesson.key();
        let (cell, digit) = key.placements[0];
        let (one, two, three) = (
            lesson.text(Depth::Where),
            lesson.text(Depth::Digit),
            lesson.text(Depth::Step),
        );
        assert!(one.starts_with("Look for a "), "{one}");
        assert!(!one.contains(&format!("digit {digit}")));
        assert!(two.contains(&format!("digit {digit}")), "{two}");
        assert!(
            three.contains(&format!("Place {digit} in {cell}"))
                || three.contains(&format!("place {digit} in {cell}")),
            "{three}"
        );
    }

    #[test]
    fn a_pointing_step_reads_as_the_issue_asks() {
        // 4 in box 2 only in column 6: the issue's own example sentence.
        let step = Step {
            technique: Technique::Pointing,
            digits: vec![4],
            pattern: Pattern::Locked {
                cells: vec![Cell::parse("A6").unwrap(), Cell::parse("C6").unwrap()],
                within: House::Box(1),
                clears: House::Col(5),
            },
            placements: Vec::new(),
            eliminations: vec![
                (Cell::parse("G6").unwrap(), 4),
                (Cell::parse("I6").unwrap(), 4),
            ],
        };
        assert_eq!(
            describe(&step, false),
            "In box 2 the 4 can only go in column 6, so no other cell of column 6 can be 4: remove 4 from G6 and I6."
        );
        assert_eq!(
            compact(&step),
            "Locked Candidates (Pointing): 4 in box 2 on column 6 => G6-4, I6-4"
        );
    }

    /// The grader's first step of `technique` on `puzzle`, found by replaying its steps.
    fn first_step(puzzle: &str, technique: Technique) -> Step {
        let mut c = Candidates::new(&parse_puzzle(puzzle).unwrap()).unwrap();
        while let Some(step) = grader::next_step(&c) {
            if step.technique == technique {
                return step;
            }
            c.apply(&step);
        }
        panic!("no {technique:?} in {puzzle}");
    }

    #[test]
    fn new_patterns_are_taught_by_name_at_every_depth() {
        let cases = [
            (
                ".1..7.2......62..7.....9...5.198.....8...4..9..4....5...38..1....279...4..84...3.",
                Technique::EmptyRectangle,
                "Look for an Empty Rectangle in box 3 and row D.",
                "digit 6",
                "remove 6 from C2",
            ),
            (
                ".9.......84..7.23.1.7....8.....316.............9.4.5..7..1..3....8..31.6...96..58",
                Technique::SimpleColouring,
                "Look for a Simple Colouring among the conjugate pairs through A7.",
                "digit 4",
                "remove 4 from A9",
            ),
            (
                ".4..5.1....7..2..35.6...8.......1...2...4........356.13.2...7...9.......7..86...9",
                Technique::FinnedXWing,
                "Look for a Finned X-Wing in columns 2 and 5.",
                "digit 8",
                "remove 8 from D3",
            ),
            (
                "..6.3815.3....46..8..16...26..7.38..7......9...9..2.6..........4.5.....3....25.7.",
                Technique::UniqueRectangle2,
                "Look for a Unique Rectangle Type 2 in the rectangle B2, B3, D3 and D2.",
                "digits 1 and 2",
                "remove 4 from D8, E2 and F2",
            ),
            (
                "312..7..........8..8..6.13..95.8.4.....2.......7..6...53...2.16...........9...8..",
                Technique::UniqueRectangle4,
                "Look for a Unique Rectangle Type 4 in the rectangle F1, E1, E9 and F9.",
                "digits 8 and 1",
                "remove 1 from E9 and F9",
            ),
            (
                ".3.9.25.......6....87...1.......9...7....3..4.2468.......32.8....9...3.5..8..5..7",
                Technique::HiddenRectangle,
                "Look for a Hidden Rectangle in the rectangle B9, F9, F8 and B8.",
                "digits 3 and 9",
                "remove 9 from F8",
            ),
            (
                ".3.8..1...1....25.....9.......9.3...7...46.3.92.......645....8...75..3........7..",
                Technique::LockedPair,
                "Look for a Locked Pair in box 3 and row C.",
                "digits 4 and 6",
                "4 and 6 from C3",
            ),
            (
                "....5..12.25.....4...4.....8...1..4...1......7..938....578....9......6....3..6.57",
                Technique::ForcingChain,
                "Look for a Forcing Chain starting from E6.",
                "digit 7",
                "E9 is left with no candidate. That cannot be, so E6 is not 7: remove 7 from E6",
            ),
        ];
        for (puzzle, technique, one, digit, removal) in cases {
            let step = first_step(puzzle, technique);
            let lesson = Lesson {
                steps: vec![step.clone()],
            };
            assert_eq!(lesson.text(Depth::Where), one);
            assert!(lesson.text(Depth::Digit).contains(digit), "{technique:?}");
            let three = lesson.text(Depth::Step);
            assert!(three.contains(removal), "{three}");
            assert!(
                compact(&step).starts_with(technique.name()),
                "{}",
                compact(&step)
            );
        }
    }
}
