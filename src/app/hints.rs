//! Hints in words: the engine's lesson (see [`crate::engine::hint`]) told in the player's
//! language, at three depths: the technique and where to look; plus the digits; plus
//! every step with its reason and, last, the steps in a compact expert form. Every word
//! comes from the catalogue (`locales/*/hints.ftl`): the technique names are the ones
//! players of each language use ("Single desnudo"? no: "Candidato único", "Ala X").

use crate::app::i18n::{Lang, t, yes};
use crate::app::render::{house_name, house_parts};
use crate::engine::Cell;
use crate::engine::grader::{Contradiction, Pattern, Technique};
use crate::engine::grid::House;
use crate::engine::hint::{Depth, Hint, Lesson, Step};

/// Steps of a lesson told in full; a longer lesson is told by its first steps and the
/// placement they lead to, so a reply stays well within Discord's limit.
const SHOWN_STEPS: usize = 4;

/// Forced placements longer than this are told by their first ones and the last (the
/// compact form has every one).
const FORCED_WORDS: usize = 8;

/// Chains longer than this are told by their ends (the compact form has every link).
const CHAIN_WORDS: usize = 12;

/// The hint at `depth`, in `lang`.
pub fn hint_text(hint: &Hint, depth: Depth, lang: Lang) -> String {
    match hint {
        Hint::WrongEntries(cells) => t!(
            lang,
            "hint-fix-first",
            cells = cells_words(cells, lang),
            count = cells.len()
        ),
        Hint::Solved => t!(lang, "hint-already-solved"),
        Hint::NoStepFound => t!(lang, "hint-no-step"),
        Hint::Next(lesson) => lesson_text(lesson, depth, lang),
    }
}

/// A lesson at `depth`, in `lang`.
pub fn lesson_text(lesson: &Lesson, depth: Depth, lang: Lang) -> String {
    let key = lesson.key();
    // "an X-Wing", "un Ala X", "una Parella nua": the article is the name's own.
    let name = t!(lang, "technique-a", technique = key.technique.key());
    let place = where_to_look(key, lang);
    match depth {
        Depth::Where => t!(lang, "hint-look", name = name, place = place),
        Depth::Digit => t!(
            lang,
            "hint-look-digits",
            name = name,
            place = place,
            digits = digit_words(&key.digits, lang)
        ),
        Depth::Step => {
            let n = lesson.steps.len();
            let mut out: Vec<String> = Vec::new();
            for (k, step) in lesson.steps.iter().enumerate() {
                let told = k < SHOWN_STEPS || k + 1 == n;
                if !told {
                    continue;
                }
                let sentence = describe(step, k > 0, lang);
                out.push(match k {
                    0 => sentence,
                    _ if k + 1 == n && n > SHOWN_STEPS + 1 => t!(
                        lang,
                        "hint-after-more",
                        count = n - 1 - SHOWN_STEPS,
                        sentence = sentence
                    ),
                    _ => t!(lang, "hint-then", sentence = sentence),
                });
            }
            let shown: Vec<String> = lesson
                .steps
                .iter()
                .take(SHOWN_STEPS)
                .map(|s| compact(s, lang))
                .collect();
            out.push(t!(lang, "hint-in-short", steps = shown.join("; ")));
            out.join("\n")
        }
    }
}

/// A technique's name in `lang`.
pub fn technique_name(technique: Technique, lang: Lang) -> String {
    t!(lang, "technique", technique = technique.key())
}

fn where_to_look(step: &Step, lang: Lang) -> String {
    let house = |h: &House| house_name(*h, lang);
    match &step.pattern {
        Pattern::Single { house: h, .. }
        | Pattern::Subset { house: h, .. }
        | Pattern::Locked { within: h, .. } => {
            t!(lang, "hint-where-in", place = houses_the(&[*h], lang))
        }
        Pattern::NakedSingle { cell } | Pattern::Bug { cell, .. } => {
            t!(lang, "hint-where-cell", cell = cell.name())
        }
        Pattern::Fish { bases, .. } | Pattern::FinnedFish { bases, .. } => {
            t!(lang, "hint-where-in", place = houses_the(bases, lang))
        }
        Pattern::Wing { pivot, .. } => t!(lang, "hint-where-pivot", cell = pivot.name()),
        Pattern::Rectangle { corners, odd } => t!(
            lang,
            "hint-where-rectangle",
            cells = cells_words(&rectangle(corners, *odd), lang)
        ),
        Pattern::Chain { links } | Pattern::WWing { chain: links, .. } => match links.first() {
            Some((cell, _)) => t!(lang, "hint-where-from", cell = cell.name()),
            None => String::new(),
        },
        Pattern::Rectangles { corners, .. } => t!(
            lang,
            "hint-where-rectangle",
            cells = cells_words(corners, lang)
        ),
        Pattern::LockedSubset { line, in_box, .. }
        | Pattern::EmptyRectangle { in_box, line, .. } => t!(
            lang,
            "hint-where-box-and-line",
            in_box = house(in_box),
            line = house(line)
        ),
        Pattern::Forcing { start, .. } => t!(lang, "hint-where-from", cell = start.name()),
        Pattern::Colouring { path, .. } => match path.first() {
            Some(cell) => t!(lang, "hint-where-pairs", cell = cell.name()),
            None => String::new(),
        },
    }
}

fn digit_words(digits: &[u8], lang: Lang) -> String {
    t!(
        lang,
        "hint-digits",
        count = digits.len(),
        digits = list(digits.iter().map(u8::to_string), lang)
    )
}

/// "A, B and C", in `lang`.
fn list(items: impl IntoIterator<Item = String>, lang: Lang) -> String {
    let items: Vec<String> = items.into_iter().collect();
    crate::app::i18n::and_list(&items, lang)
}

fn cells_words(cells: &[Cell], lang: Lang) -> String {
    list(cells.iter().map(|c| c.name()), lang)
}

fn digits_list(digits: &[u8], lang: Lang) -> String {
    list(digits.iter().map(u8::to_string), lang)
}

/// "rows A and C" rather than "row A and row C".
fn houses_words(houses: &[House], lang: Lang) -> String {
    houses_said(
        houses,
        lang,
        |kind, names, _| t!(lang, "houses", kind = kind, names = names),
        |house| house_name(house, lang),
    )
}

/// Houses as a place is named after "in": with their article where the language wants
/// one ("en la columna 3", "en las filas A y C"; English "in column 3").
fn houses_the(houses: &[House], lang: Lang) -> String {
    let the = |kind: &str, name: String, count: usize| {
        t!(lang, "house-the", kind = kind, name = name, count = count)
    };
    houses_said(houses, lang, the, |house| {
        let (kind, name) = house_parts(house);
        the(kind, name, 1)
    })
}

/// Several houses of one kind said `together` (its kind, the names listed, how many),
/// else each said `alone` and listed.
fn houses_said(
    houses: &[House],
    lang: Lang,
    together: impl Fn(&str, String, usize) -> String,
    alone: impl Fn(House) -> String,
) -> String {
    let parts: Vec<(&str, String)> = houses.iter().map(|h| house_parts(*h)).collect();
    match parts.as_slice() {
        [(kind, _), rest @ ..] if !rest.is_empty() && rest.iter().all(|(k, _)| k == kind) => {
            let names = list(parts.iter().map(|(_, name)| name.clone()), lang);
            together(kind, names, houses.len())
        }
        _ => list(houses.iter().map(|h| alone(*h)), lang),
    }
}

/// "remove 4 from G6 and I6" or "remove 3 from C2; 3 and 7 from C4".
fn removals(elims: &[(Cell, u8)], lang: Lang) -> String {
    let mut digits: Vec<u8> = elims.iter().map(|&(_, d)| d).collect();
    digits.sort_unstable();
    digits.dedup();
    if let [d] = digits[..] {
        let cells: Vec<Cell> = elims.iter().map(|&(c, _)| c).collect();
        return t!(
            lang,
            "hint-remove",
            digits = d,
            cells = cells_words(&cells, lang)
        );
    }
    let mut by_cell: Vec<(Cell, Vec<u8>)> = Vec::new();
    for &(c, d) in elims {
        match by_cell.iter_mut().find(|(cell, _)| *cell == c) {
            Some((_, ds)) => ds.push(d),
            None => by_cell.push((c, vec![d])),
        }
    }
    let parts: Vec<String> = by_cell
        .iter()
        .map(|(c, ds)| {
            t!(
                lang,
                "hint-remove-part",
                digits = digits_list(ds, lang),
                cell = c.name()
            )
        })
        .collect();
    t!(lang, "hint-remove-each", parts = parts.join("; "))
}

fn placement(step: &Step, lang: Lang) -> String {
    list(
        step.placements
            .iter()
            .map(|(c, d)| t!(lang, "hint-place", digit = *d, cell = c.name())),
        lang,
    )
}

/// The step in words, naming the houses and the reason. `after_eliminations`: earlier
/// steps of the lesson removed candidates, so "sees every other digit" would not be the
/// whole reason.
pub fn describe(step: &Step, after_eliminations: bool, lang: Lang) -> String {
    use Technique::*;
    let d = step.digits.first().copied().unwrap_or(0);
    let house = |h: &House| house_name(*h, lang);
    let removed = || removals(&step.eliminations, lang);
    let after = yes(after_eliminations);
    match &step.pattern {
        Pattern::Single { cell, house: h } if step.technique == FullHouse => t!(
            lang,
            "step-full-house",
            cell = cell.name(),
            house = house(h),
            digit = d,
            place = placement(step, lang)
        ),
        Pattern::Single { cell, house: h } => t!(
            lang,
            "step-hidden-single",
            cell = cell.name(),
            house = house(h),
            digit = d,
            after = after
        ),
        Pattern::NakedSingle { cell } => t!(
            lang,
            "step-naked-single",
            cell = cell.name(),
            digit = d,
            after = after
        ),
        Pattern::Locked {
            within: a,
            clears: b,
            ..
        } => t!(
            lang,
            "step-locked",
            within = house(a),
            clears = house(b),
            digit = d,
            remove = removed()
        ),
        Pattern::LockedSubset {
            line,
            in_box,
            cells,
        } => t!(
            lang,
            "step-locked-subset",
            cells = cells_words(cells, lang),
            line = house(line),
            in_box = house(in_box),
            digits = digits_list(&step.digits, lang),
            count = cells.len(),
            remove = removed()
        ),
        Pattern::Subset { house: h, cells }
            if matches!(step.technique, NakedPair | NakedTriple | NakedQuad) =>
        {
            t!(
                lang,
                "step-naked-subset",
                house = house(h),
                cells = cells_words(cells, lang),
                digits = digits_list(&step.digits, lang),
                count = cells.len(),
                remove = removed()
            )
        }
        Pattern::Subset { house: h, cells } => t!(
            lang,
            "step-hidden-subset",
            house = house(h),
            cells = cells_words(cells, lang),
            digits = digits_list(&step.digits, lang),
            count = cells.len(),
            remove = removed()
        ),
        Pattern::Fish { bases, covers, .. } => t!(
            lang,
            "step-fish",
            bases = houses_words(bases, lang),
            covers = houses_words(covers, lang),
            digit = d,
            count = bases.len(),
            remove = removed()
        ),
        Pattern::Wing {
            pivot: p,
            wings: [a, b],
        } => {
            let z = step.eliminations.first().map_or(0, |&(_, z)| z);
            t!(
                lang,
                "step-wing",
                xyz = yes(step.technique != XYWing),
                pivot = p.name(),
                first = a.name(),
                second = b.name(),
                digit = z,
                remove = removed()
            )
        }
        Pattern::Rectangle { corners, odd } => t!(
            lang,
            "step-unique-rectangle",
            cells = cells_words(&rectangle(corners, *odd), lang),
            odd = odd.name(),
            digits = digits_list(&step.digits, lang),
            remove = removed()
        ),
        Pattern::Rectangles {
            corners,
            floor,
            house,
        } => rectangles_sentence(step, corners, floor, *house, lang),
        Pattern::Forcing {
            start,
            forced,
            contradiction,
        } => t!(
            lang,
            "step-forcing",
            start = start.name(),
            digit = d,
            forced = forced_words(
                forced
                    .iter()
                    .map(|(c, d)| t!(lang, "hint-digit-in", digit = *d, cell = c.name())),
                lang
            ),
            forces = forced.len(),
            contradiction = contradiction_words(contradiction, lang),
            remove = removed()
        ),
        Pattern::Bug { cell, row } => t!(
            lang,
            "step-bug",
            cell = cell.name(),
            digit = d,
            house = house(row)
        ),
        Pattern::Chain { links } | Pattern::WWing { chain: links, .. } => {
            chain_sentence(links, step, lang)
        }
        Pattern::EmptyRectangle {
            in_box: bx,
            row,
            col,
            line,
            link: [p, q],
            ..
        } => {
            let target = step.eliminations.first().map_or(*q, |&(t, _)| t);
            t!(
                lang,
                "step-empty-rectangle",
                in_box = house(bx),
                row = house(row),
                column = house(col),
                line = house(line),
                first = p.name(),
                second = q.name(),
                target = target.name(),
                digit = d,
                remove = removed()
            )
        }
        Pattern::Colouring { path, .. } => {
            let (Some(x), Some(y)) = (path.first(), path.last()) else {
                return String::new();
            };
            t!(
                lang,
                "step-colouring",
                digit = d,
                path = cells_words(path, lang),
                first = x.name(),
                last = y.name(),
                opposite = yes(path.len().is_multiple_of(2)),
                remove = removed()
            )
        }
        Pattern::FinnedFish {
            bases,
            covers,
            fins,
            fin_box,
            ..
        } => t!(
            lang,
            "step-finned-fish",
            bases = houses_words(bases, lang),
            covers = houses_words(covers, lang),
            fins = cells_words(fins, lang),
            count = fins.len(),
            in_box = house(fin_box),
            fish = if step.technique == FinnedXWing {
                "x-wing"
            } else {
                "swordfish"
            },
            digit = d,
            remove = removed()
        ),
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
    lang: Lang,
) -> String {
    let (a, b) = match step.digits[..] {
        [a, b] => (a, b),
        _ => return String::new(),
    };
    let cells = cells_words(corners, lang);
    let [x, w1, z, w2] = *corners;
    let [_, _, r1, r2] = *corners;
    let remove = removals(&step.eliminations, lang);
    match step.technique {
        Technique::UniqueRectangle2 => t!(
            lang,
            "step-unique-rectangle-2",
            cells = cells,
            a = a,
            b = b,
            floor = cells_words(floor, lang),
            first = r1.name(),
            second = r2.name(),
            extra = step.eliminations.first().map_or(0, |&(_, x)| x),
            remove = remove
        ),
        Technique::UniqueRectangle4 => t!(
            lang,
            "step-unique-rectangle-4",
            cells = cells,
            a = a,
            b = b,
            floor = cells_words(floor, lang),
            house = house.map_or_else(String::new, |h| house_name(h, lang)),
            first = r1.name(),
            second = r2.name(),
            remove = remove
        ),
        _ => t!(
            lang,
            "step-hidden-rectangle",
            cells = cells,
            a = a,
            b = b,
            corner = x.name(),
            opposite = z.name(),
            first = w1.name(),
            second = w2.name(),
            remove = remove
        ),
    }
}

/// "5 in A1, 2 in B3 and 7 in C9", or the first few, "...", and the last.
fn forced_words(items: impl Iterator<Item = String>, lang: Lang) -> String {
    let items: Vec<String> = items.collect();
    if items.len() <= FORCED_WORDS {
        return list(items, lang);
    }
    let last = items.last().cloned().unwrap_or_default();
    t!(
        lang,
        "hint-list-cut",
        first = items[..FORCED_WORDS - 2].join(", "),
        count = items.len() - FORCED_WORDS + 1,
        last = last
    )
}

fn contradiction_words(contradiction: &Contradiction, lang: Lang) -> String {
    match contradiction {
        Contradiction::NoCandidate(c) => t!(lang, "hint-no-candidate", cell = c.name()),
        Contradiction::NoPlace(h, d) => t!(
            lang,
            "hint-no-place",
            house = house_name(*h, lang),
            digit = *d
        ),
    }
}

/// A unique rectangle's four corners, the odd one last.
fn rectangle(corners: &[Cell; 3], odd: Cell) -> [Cell; 4] {
    [corners[0], corners[1], corners[2], odd]
}

fn chain_sentence(chain: &[(Cell, u8)], step: &Step, lang: Lang) -> String {
    let Some(&(c0, d0)) = chain.first() else {
        return String::new();
    };
    let &(ce, de) = chain.last().unwrap_or(&(c0, d0));
    let links: Vec<String> = chain
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, &(c, d))| {
            t!(
                lang,
                "hint-link",
                cell = c.name(),
                digit = d,
                is = yes(k % 2 == 1)
            )
        })
        .collect();
    let so = t!(lang, "hint-so");
    let path = if links.len() > CHAIN_WORDS {
        t!(
            lang,
            "hint-chain-cut",
            first = links[..3].join(&so),
            count = links.len() - 4,
            last = links[links.len() - 1].as_str()
        )
    } else {
        links.join(&so)
    };
    if !step.placements.is_empty() {
        t!(
            lang,
            "step-chain-places",
            cell = c0.name(),
            digit = d0,
            path = path,
            place = placement(step, lang)
        )
    } else {
        t!(
            lang,
            "step-chain",
            cell = c0.name(),
            digit = d0,
            path = path,
            end = ce.name(),
            end_digit = de,
            remove = removals(&step.eliminations, lang)
        )
    }
}

/// The step in a compact expert form: "Locked Candidates (Pointing): 4 in box 2 on
/// column 6 => G6-4, I6-4". Placements `A1=5`, eliminations `G6-4`.
pub fn compact(step: &Step, lang: Lang) -> String {
    let digits = step
        .digits
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let names =
        |cells: &[Cell], sep: &str| cells.iter().map(|c| c.name()).collect::<Vec<_>>().join(sep);
    let house = |h: &House| house_name(*h, lang);
    let on = |cells: String| t!(lang, "compact-on", cells = cells, digits = digits.as_str());
    let pattern = match &step.pattern {
        Pattern::Single { house: h, .. } => {
            t!(
                lang,
                "compact-in",
                digits = digits.as_str(),
                place = house(h)
            )
        }
        Pattern::NakedSingle { cell } | Pattern::Bug { cell, .. } => cell.name(),
        Pattern::Locked { within, clears, .. } => t!(
            lang,
            "compact-locked",
            digits = digits.as_str(),
            within = house(within),
            clears = house(clears)
        ),
        Pattern::Subset { house: h, cells } => format!(
            "{} ({})",
            t!(
                lang,
                "compact-in",
                digits = digits.as_str(),
                place = house(h)
            ),
            names(cells, ",")
        ),
        Pattern::LockedSubset {
            line,
            in_box,
            cells,
        } => format!(
            "{} ({})",
            t!(
                lang,
                "compact-in",
                digits = digits.as_str(),
                place = crate::app::i18n::and_list(&[house(line), house(in_box)], lang)
            ),
            names(cells, ",")
        ),
        Pattern::Fish { bases, covers, .. } => t!(
            lang,
            "compact-in",
            digits = digits.as_str(),
            place = format!(
                "{} / {}",
                houses_words(bases, lang),
                houses_words(covers, lang)
            )
        ),
        Pattern::Wing {
            pivot,
            wings: [a, b],
        } => on(names(&[*pivot, *a, *b], ",")),
        Pattern::Rectangle { corners, odd } => on(names(&rectangle(corners, *odd), ",")),
        Pattern::Rectangles { corners, .. } => on(names(corners, ",")),
        Pattern::Forcing {
            start,
            forced,
            contradiction,
        } => {
            let mut links = vec![format!("{start}={digits}")];
            links.extend(forced.iter().map(|(c, d)| format!("{c}={d}")));
            let broken = match contradiction {
                Contradiction::NoCandidate(c) => t!(lang, "compact-empty", cell = c.name()),
                Contradiction::NoPlace(h, d) => {
                    t!(lang, "compact-no-place", digit = *d, house = house(h))
                }
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
        } => format!(
            "{}, {} {p}={q}",
            t!(
                lang,
                "compact-in",
                digits = digits.as_str(),
                place = format!("{} ({} / {})", house(in_box), house(row), house(col))
            ),
            house(line)
        ),
        Pattern::Colouring { path, .. } => format!("{digits}: {}", names(path, "=")),
        Pattern::FinnedFish {
            bases,
            covers,
            fins,
            ..
        } => t!(
            lang,
            "compact-finned",
            digits = digits.as_str(),
            bases = houses_words(bases, lang),
            covers = houses_words(covers, lang),
            fins = names(fins, ",")
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
        technique_name(step.technique, lang),
        results.join(", ")
    )
}

#[cfg(test)]
mod tests;
