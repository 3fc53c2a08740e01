//! Licences: the bot is MIT OR Apache-2.0, and everything compiled into it must let it
//! stay so. Every package in Cargo.lock is read from `cargo metadata` (offline once the
//! registry is downloaded) and its `license` field, an SPDX expression, checked against
//! [`ALLOWED`]: one branch of an `OR` must be made of allowed licences only.
//!
//! Refused: the GPL, AGPL and LGPL families (strong or library copyleft would bind the
//! whole binary, or make relinking a condition of shipping it), the SSPL, and anything
//! unknown (a new licence is read by a person before it is added here).

use std::process::Command;

/// Licences a dependency may carry (SPDX identifiers), and why each is compatible.
const ALLOWED: &[&str] = &[
    // Permissive: keep the notice, nothing more.
    "MIT",
    "MIT-0",
    "Apache-2.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "0BSD",
    "ISC",
    "Zlib",
    "BSL-1.0",
    "Unlicense",
    "CC0-1.0",
    // ICU's data tables (icu_*, via url): the Unicode licence, permissive.
    "Unicode-3.0",
    "Unicode-DFS-2016",
    // webpki-roots' list of certificate authorities: a permissive data licence.
    "CDLA-Permissive-2.0",
    // ring's older code is under OpenSSL's own licence (permissive, with an advertising
    // clause for the notice).
    "OpenSSL",
    // Weak copyleft per file: MPL-2.0 files stay MPL-2.0 (their source offered when
    // changed), and the rest of the program may be under any licence. Our own code stays
    // MIT OR Apache-2.0; nothing of ours would have to change. Allowed for dependencies.
    "MPL-2.0",
];

/// Whether a licence expression lets the bot be shipped under MIT OR Apache-2.0: some
/// branch of its `OR`s is made only of allowed licences. `/` is the old spelling of `OR`
/// (`MIT/Apache-2.0`); `WITH` adds an exception, which only grants more.
fn acceptable(expression: &str) -> bool {
    let spaced = expression
        .replace('/', " OR ")
        .replace('(', " ( ")
        .replace(')', " ) ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut at = 0;
    let allowed = or(&tokens, &mut at);
    allowed == Some(true) && at == tokens.len()
}

/// `and ("OR" and)*`; `None` when the expression cannot be read.
fn or(tokens: &[&str], at: &mut usize) -> Option<bool> {
    let mut any = and(tokens, at)?;
    while tokens.get(*at) == Some(&"OR") {
        *at += 1;
        any |= and(tokens, at)?;
    }
    Some(any)
}

/// `term ("AND" term)*`.
fn and(tokens: &[&str], at: &mut usize) -> Option<bool> {
    let mut all = term(tokens, at)?;
    while tokens.get(*at) == Some(&"AND") {
        *at += 1;
        all &= term(tokens, at)?;
    }
    Some(all)
}

/// A licence (with an optional `WITH` exception) or a bracketed expression.
fn term(tokens: &[&str], at: &mut usize) -> Option<bool> {
    let token = *tokens.get(*at)?;
    *at += 1;
    if token == "(" {
        let inner = or(tokens, at)?;
        if tokens.get(*at) != Some(&")") {
            return None;
        }
        *at += 1;
        return Some(inner);
    }
    if matches!(token, ")" | "AND" | "OR" | "WITH") {
        return None;
    }
    if tokens.get(*at) == Some(&"WITH") {
        // The exception's name; an exception only adds permissions.
        tokens.get(*at + 1)?;
        *at += 2;
    }
    Some(ALLOWED.contains(&token.trim_end_matches('+')))
}

#[test]
fn the_expression_reader_refuses_copyleft_and_takes_any_allowed_branch() {
    for fine in [
        "MIT",
        "MIT OR Apache-2.0",
        "MIT/Apache-2.0",
        "Apache-2.0 OR GPL-2.0-only",
        "(MIT OR Apache-2.0) AND Unicode-3.0",
        "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT",
        "Apache-2.0 AND ISC",
        "MPL-2.0",
    ] {
        assert!(acceptable(fine), "{fine} should be accepted");
    }
    for refused in [
        "GPL-3.0-only",
        "GPL-2.0-or-later",
        "AGPL-3.0-only",
        "LGPL-2.1-or-later",
        "MIT AND GPL-3.0-only",
        "(MIT OR Apache-2.0) AND LGPL-3.0-only",
        "SSPL-1.0",
        "Proprietary",
        "",
        "MIT OR",
        "(MIT",
    ] {
        assert!(!acceptable(refused), "{refused:?} should be refused");
    }
}

#[test]
fn every_dependency_in_cargo_lock_is_under_a_licence_compatible_with_mit_or_apache() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let mut refused = Vec::new();
    let mut checked = 0;
    for package in packages {
        let name = package["name"].as_str().unwrap_or("?");
        let version = package["version"].as_str().unwrap_or("?");
        if package["source"].is_null() {
            // Our own crate (and the fuzz crate, if it were a member).
            if name == "sudoku-bot" {
                assert_eq!(package["license"], "MIT OR Apache-2.0");
            }
            continue;
        }
        checked += 1;
        match package["license"].as_str() {
            Some(licence) if acceptable(licence) => {}
            Some(licence) => refused.push(format!("{name} {version}: {licence}")),
            None => refused.push(format!(
                "{name} {version}: no SPDX licence (license-file {})",
                package["license_file"]
            )),
        }
    }
    assert!(checked > 100, "only {checked} dependencies were read");
    assert!(
        refused.is_empty(),
        "dependencies under licences not known to be compatible with MIT OR Apache-2.0 \
         (read them, then add the licence to ALLOWED with the reason, or drop the \
         dependency):\n{}",
        refused.join("\n")
    );
}

#[test]
fn the_licence_files_and_the_fonts_licence_are_there() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| {
        std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    assert!(read("LICENSE-MIT").contains("Permission is hereby granted"));
    assert!(read("LICENSE-APACHE").contains("Apache License"));
    // The fonts drawn into every board picture are embedded in the binary: their
    // licence goes wherever it does.
    assert!(read("assets/fonts/LICENSE").contains("Bitstream"));
    assert!(read("Dockerfile").contains("assets/fonts/LICENSE"));
    assert!(read("README.md").contains("assets/fonts/LICENSE"));
}
