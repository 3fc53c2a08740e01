use super::*;

#[test]
fn the_page_leaves_out_what_points_to_typed_commands() {
    assert_eq!(
        for_the_page(
            "New easy puzzle: 30 empty cells, one solution. Play with `/sudoku move B7 4`."
        ),
        "New easy puzzle: 30 empty cells, one solution."
    );
    assert_eq!(
        for_the_page(
            "**Solved** in `3:10`! Start another with `/sudoku new`.\n**ann**'s Easy game\n```\nA | 1 2 3\n```"
        ),
        "Solved in 3:10!"
    );
    assert_eq!(
        for_the_page(
            "Before the next step: A1 is wrong. Erase it (e.g. `/sudoku move A1 0`) and look again."
        ),
        "Before the next step: A1 is wrong. Erase it and look again."
    );
    // Only a pointer: kept, as it is all there is to say.
    assert_eq!(
        for_the_page("You have no game in progress here. Start one with `/sudoku new`."),
        "You have no game in progress here."
    );
    assert_eq!(
        for_the_page("Start one with `/sudoku new`."),
        "Start one with /sudoku new."
    );
}

fn ann() -> Identity {
    Identity {
        player: Player {
            id: "42".into(),
            name: "ann.b".into(),
        },
        place: Place::guild(7).in_channel("99"),
    }
}

fn links() -> Links {
    Links::new(&[7u8; 32], "https://sudoku.example/").expect("links")
}

#[test]
fn a_link_opens_a_session_for_its_player_and_place_until_it_expires() {
    let now = 1_795_000_000_000;
    let link = links().link(&ann(), now, Lang::Es);
    let (token, lang) = link
        .strip_prefix("https://sudoku.example/play#l=")
        .and_then(|rest| rest.split_once('&'))
        .expect("the page, the token after #, then the reader's language");
    assert_eq!(lang, "lang=es");
    let (who, session) = links().open(token, now + LINK_TTL_MS - 1).expect("opens");
    assert_eq!(
        links().session_ends(&session),
        Some(now + LINK_TTL_MS - 1 + SESSION_TTL_MS)
    );
    assert_eq!(who, ann());
    assert_eq!(who.place.room(), "guild:7#99");
    assert_eq!(
        links().session(&session, now + SESSION_TTL_MS - 1),
        Ok(ann())
    );
    assert_eq!(
        links().open(token, now + LINK_TTL_MS).map(|_| ()),
        Err(LinkError::Expired)
    );
    assert_eq!(
        links().session(&session, now + LINK_TTL_MS + SESSION_TTL_MS),
        Err(LinkError::Expired)
    );
    // A link is not a session, nor a session a link.
    assert_eq!(links().session(token, now), Err(LinkError::Invalid));
    assert!(links().open(&session, now).is_err());
}

#[test]
fn a_changed_or_foreign_token_is_refused() {
    let now = 1_795_000_000_000;
    let link = links().link(&ann(), now, Lang::En);
    let token = link
        .split("#l=")
        .nth(1)
        .and_then(|rest| rest.split('&').next())
        .expect("token");
    // Another player's id spliced in, the mac kept.
    let forged = token.replacen(&hex("42"), &hex("43"), 1);
    assert_eq!(
        links().open(&forged, now).map(|_| ()),
        Err(LinkError::Invalid)
    );
    let other = Links::new(&[8u8; 32], "https://sudoku.example").expect("links");
    assert_eq!(other.open(token, now).map(|_| ()), Err(LinkError::Invalid));
    assert_eq!(
        links().open(&token[..token.len() - 1], now).map(|_| ()),
        Err(LinkError::Invalid)
    );
    for junk in ["", ".", "l.1.2.3.4.5.6", "s....."] {
        assert_eq!(
            links().session(junk, now),
            Err(LinkError::Invalid),
            "{junk}"
        );
    }
    assert!(Links::new(b"short", "https://x").is_err());
}

/// Every word the page asks for (`say("key"` and `sayMessage("key"` in play.js,
/// `data-word="key"` and
/// `data-word-label="key"` in play.html) is one the server sends, in every language
/// with the holes the page fills in; and none is sent that the page never asks for.
#[test]
fn the_page_is_sent_every_word_it_says_in_every_language() {
    let page = concat!(
        include_str!("../../../assets/web/play.html"),
        include_str!("../../../assets/web/play.js")
    );
    let mut asked = std::collections::BTreeSet::new();
    for marker in [
        "say(\"",
        "sayMessage(\"",
        "data-word=\"",
        "data-word-label=\"",
    ] {
        for (at, _) in page.match_indices(marker) {
            let rest = &page[at + marker.len()..];
            if let Some(end) = rest.find('"') {
                asked.insert(&rest[..end]);
            }
        }
    }
    let sent: std::collections::BTreeSet<&str> =
        PAGE_WORDS.iter().map(|(key, _, _)| *key).collect();
    assert_eq!(asked, sent, "the page's words and the server's");
    let words = page_words();
    for lang in Lang::ALL {
        for (key, id, holes) in PAGE_WORDS {
            let said = &words[lang.code()][key];
            assert!(!said.is_empty(), "{}: {key} ({id}) is empty", lang.code());
            for hole in *holes {
                assert!(
                    said.contains(&format!("{{{hole}}}")),
                    "{}: {key} lost {{{hole}}}: {said}",
                    lang.code()
                );
            }
            // And no hole the page would leave unfilled.
            for (at, _) in said.match_indices('{') {
                let name = said[at + 1..].split('}').next().unwrap_or_default();
                assert!(
                    holes.contains(&name),
                    "{}: {key} has a hole {{{name}}} the page never fills: {said}",
                    lang.code()
                );
            }
        }
    }
    assert_eq!(words["es"]["undo"], "Deshacer");
    assert_eq!(words["ca"]["cell-given"], "{cell}: xifra inicial {digit}");
    assert_eq!(words["en"]["playing-as"], "Playing as {name}");
}

#[test]
fn hmac_matches_rfc_4231() {
    // Test case 2 of RFC 4231.
    let hmac_sha256 = |key: &[u8], message: &[u8]| mac_of(key, message).finalize().into_bytes();
    let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
    assert_eq!(
        hex_bytes(&mac),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
    // Test case 6: a key longer than the block is hashed first (a hex secret from
    // `openssl rand -hex 64` is such a key).
    let mac = hmac_sha256(
        &[0xaa; 131],
        b"Test Using Larger Than Block-Size Key - Hash Key First",
    );
    assert_eq!(
        hex_bytes(&mac),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    );
}

#[test]
fn replies_lose_their_board_and_markdown_on_the_page() {
    assert_eq!(
        plain_text(
            "**Solved** in `3:10`! Start another with `/sudoku new`.\n**ann**'s Easy game\n```\nA | 1 2 3\n```\n**Easy** · 0 to go"
        ),
        "Solved in 3:10! Start another with /sudoku new."
    );
    assert_eq!(
        plain_text(
            "Hint: Look for a Naked Single in cell A8.\nAsk again for more detail.\n— your Easy game"
        ),
        "Hint: Look for a Naked Single in cell A8.\nAsk again for more detail."
    );
}
