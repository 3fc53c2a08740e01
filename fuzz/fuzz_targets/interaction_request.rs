//! What reaches the interactions endpoint: anyone's bytes, signed or not. The checks run
//! in the order of trust (size, signature, then JSON) and must answer, never panic. Half
//! the inputs are signed with the application's key, so the JSON reader behind the
//! signature check is fuzzed too.
#![no_main]

use ed25519_dalek::{Signer, SigningKey};
use libfuzzer_sys::fuzz_target;
use serenity::interactions_endpoint::Verifier;
use sudoku_bot::adapters::discord::read_interaction;

fuzz_target!(|data: &[u8]| {
    let key = SigningKey::from_bytes(&[7u8; 32]);
    let Ok(verifier) = Verifier::try_new(key.verifying_key().to_bytes()) else {
        return;
    };
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    // The first byte chooses: signed by the key, or headers taken from the input.
    if mode % 2 == 0 {
        let timestamp = "1790000000";
        let message = [timestamp.as_bytes(), rest].concat();
        let signature: String = key
            .sign(&message)
            .to_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        // A signed body is read: it must be an interaction or a refusal, never a panic.
        let _ = read_interaction(&verifier, Some(&signature), Some(timestamp), rest);
    } else {
        let text = String::from_utf8_lossy(rest);
        let mut parts = text.splitn(3, '\n');
        let signature = parts.next();
        let timestamp = parts.next();
        let body = parts.next().unwrap_or("").as_bytes();
        let read = read_interaction(&verifier, signature, timestamp, body);
        // Nothing unsigned gets through.
        assert!(read.is_err());
    }
});
