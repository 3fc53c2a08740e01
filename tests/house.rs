//! The house drawn from its imports: inside a module made of rooms (files), every arrow
//! between rooms points one way, so each room can be read knowing only those it names.
//! Read from the source text, as a reviewer draws it: a room names another through
//! `super::x` (a use, a path, a doc link alike) or by its full path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each room and the rooms it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The rooms of `module` (`adapters::discord`: its files) and the rooms each one names:
/// a sibling through `super::x` or `crate::<module>::x`, an item of its `mod.rs` as
/// `mod`; for `mod.rs`, every `child::` it names. Nested modules (tests, helpers) are
/// left out: their `super` is their own file.
fn imports(module: &str) -> Graph {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(module.replace("::", "/"));
    let full: Vec<&str> = std::iter::once("crate").chain(module.split("::")).collect();
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("the module's directory") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let room = path
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("a source file");
        // Without its nested modules (rustfmt puts their braces at column 0).
        let mut own = String::new();
        let mut nested = false;
        for line in text.lines() {
            if line.starts_with("mod ") && line.ends_with('{') {
                nested = true;
            } else if nested && line == "}" {
                nested = false;
            } else if !nested {
                own.push_str(line);
                own.push('\n');
            }
        }
        files.insert(room, own);
    }
    let rooms: BTreeSet<String> = files.keys().filter(|r| *r != "mod").cloned().collect();
    let named = |name: &str| {
        if rooms.contains(name) {
            name.to_string()
        } else {
            "mod".to_string()
        }
    };
    let mut graph = Graph::new();
    for (room, text) in &files {
        let mut uses = BTreeSet::new();
        // Paths: runs of identifier characters and `::`.
        for path in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            let parts: Vec<&str> = path.split("::").collect();
            if room == "mod" {
                if parts.len() > 1 && rooms.contains(parts[0]) {
                    uses.insert(parts[0].to_string());
                }
            } else if parts.len() > 1 && parts[0] == "super" {
                if !parts[1].is_empty() {
                    uses.insert(named(parts[1]));
                }
            } else if parts.len() > full.len() && parts[..full.len()] == full[..] {
                uses.insert(named(parts[full.len()]));
            }
        }
        // `use super::{a, b::c}`: the first name of each path in the group.
        if room != "mod" {
            for (at, _) in text.match_indices("super::{") {
                let mut depth = 0;
                let mut name = String::new();
                let mut first = true;
                for c in text[at + "super::{".len()..].chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => first = true,
                        ':' => first = false,
                        c if depth == 0 && first && (c.is_alphanumeric() || c == '_') => {
                            name.push(c);
                            continue;
                        }
                        _ => {}
                    }
                    if !name.is_empty() {
                        uses.insert(named(&name));
                        name.clear();
                    }
                }
                if !name.is_empty() {
                    uses.insert(named(&name));
                }
            }
        }
        uses.remove(room.as_str());
        graph.insert(room.clone(), uses);
    }
    graph
}

/// The first circle in `graph`, as the rooms that make it, if there is one.
fn circle(graph: &Graph) -> Option<String> {
    // Depth first: a room met again while its own imports are being walked closes a
    // circle.
    fn walk<'a>(
        room: &'a str,
        graph: &'a Graph,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<String> {
        if done.contains(room) {
            return None;
        }
        if let Some(at) = path.iter().position(|r| *r == room) {
            return Some(format!("{} -> {room}", path[at..].join(" -> ")));
        }
        path.push(room);
        for next in graph.get(room).into_iter().flatten() {
            if let Some(circle) = walk(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(room);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|room| walk(room, graph, &mut Vec::new(), &mut done))
}

/// The Discord adapter (issue 51): an interaction's answer has one owner (`answer`), which
/// the handler drives and both transports plug into; what watches it (`metrics`) is told
/// through `observe`; `mod.rs` wires the rooms together and none reads back from it.
#[test]
fn the_discord_adapters_rooms_import_one_way() {
    let graph = imports("adapters::discord");
    // The reading sees imports at all: a `use super::x::...` and a `mod.rs` use.
    assert!(graph["answer"].contains("gate"), "{graph:#?}");
    assert!(graph["mod"].contains("handler"), "{graph:#?}");
    if let Some(circle) = circle(&graph) {
        panic!("a circle: {circle}\n{graph:#?}");
    }
}

/// The check sees a circle when there is one, and none when it is broken.
#[test]
fn a_circle_is_seen() {
    let mut graph = Graph::new();
    graph.insert("a".into(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".into(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".into(), BTreeSet::from(["a".to_string()]));
    assert_eq!(circle(&graph).as_deref(), Some("a -> b -> c -> a"));
    graph.insert("c".into(), BTreeSet::new());
    assert_eq!(circle(&graph), None);
}
