//! Reasoning: a visible summary plus an opaque encrypted value, which the
//! client must send back verbatim; the next turn says whether it did.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

use serde_json::{json, Value};

use crate::input::Input;
use crate::script::{Script, Step};
use crate::store::Store;

/// The prime factors of `n` (n ≥ 2), by trial division: fast enough for the
/// numbers the parser lets through.
fn factorize(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        while n % p == 0 {
            out.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

fn first_number(text: &str) -> Option<u64> {
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().filter(|n| *n <= 1_000_000_000_000)
}

/// An opaque value that stands in for a provider's encrypted reasoning.
fn opaque(seed: &str) -> String {
    let keys = RandomState::new();
    let mut out = String::from("demo-enc.v1.");
    for part in 0..4u8 {
        out.push_str(&format!("{:016x}", keys.hash_one((seed, part))));
    }
    out
}

pub fn think(mut s: Script, input: &Input, store: &Store) -> Vec<Step> {
    let n = first_number(&input.user_text().unwrap_or_default()).unwrap_or(1001);
    let factors = if n < 2 { Vec::new() } else { factorize(n) };
    let shown: Vec<String> = factors.iter().map(u64::to_string).collect();
    let (summary, answer) = match factors.as_slice() {
        [] => (
            format!("{n} is below 2, and primes start at 2."),
            format!("No — {n} isn't prime, by definition."),
        ),
        [_] => (
            format!("Trial division by every number up to √{n}: no divisor, so {n} is prime."),
            format!("Yes — {n} is prime."),
        ),
        [p, ..] => (
            format!(
                "Trying small primes first: {n} ÷ {p} = {}. Keep dividing: {n} = {}.",
                n / p,
                shown.join(" × ")
            ),
            format!("No — {n} = {}, so it isn't prime.", shown.join(" × ")),
        ),
    };
    let r = s.id("reasoning");
    s.event(json!({ "type": "REASONING_START", "messageId": r }));
    s.event(json!({ "type": "REASONING_MESSAGE_START", "messageId": r, "role": "reasoning" }));
    for word in summary.split_inclusive(' ') {
        s.event(json!({ "type": "REASONING_MESSAGE_CONTENT", "messageId": r, "delta": word }));
        s.pause(1);
    }
    s.event(json!({ "type": "REASONING_MESSAGE_END", "messageId": r }));
    let value = opaque(&r);
    store.issue_reasoning(&r, &value);
    s.event(json!({ "type": "REASONING_ENCRYPTED_VALUE", "subtype": "message", "entityId": r, "encryptedValue": value }));
    s.event(json!({ "type": "REASONING_END", "messageId": r }));
    let id = s.id("answer");
    s.text(
        &id,
        &format!("{answer} My full reasoning stays with the thread, encrypted; ask me whether it came back intact."),
    );
    s.finish()
}

/// Compares the reasoning messages sent back with what was issued.
fn verdict(messages: &[Value], issued: impl Fn(&str) -> Option<String>) -> String {
    let (mut intact, mut altered, mut missing, mut unknown) = (0, 0, 0, 0);
    for m in messages.iter().filter(|m| m["role"] == "reasoning") {
        let returned = m["encryptedValue"].as_str();
        match (issued(m["id"].as_str().unwrap_or("")), returned) {
            (Some(v), Some(r)) if v == r => intact += 1,
            (Some(_), Some(_)) => altered += 1,
            (Some(_), None) => missing += 1,
            (None, Some(_)) => unknown += 1,
            (None, None) => {}
        }
    }
    if intact + altered + missing + unknown == 0 {
        return "I didn't get any encrypted reasoning back. Ask me to think about something first."
            .into();
    }
    if altered + missing + unknown == 0 {
        let s = if intact == 1 { "" } else { "s" };
        return format!("Yes ✅ — my encrypted reasoning came back intact: {intact} value{s}, byte for byte what I sent.");
    }
    format!(
        "No ❌ — of the encrypted reasoning I issued, {altered} came back altered and {missing} without its value; \
         {unknown} I never issued. {intact} arrived intact."
    )
}

pub fn check(mut s: Script, input: &Input, store: &Store) -> Vec<Step> {
    let text = verdict(&input.messages, |id| store.issued_reasoning(id));
    let id = s.id("answer");
    s.text(&id, &text);
    s.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors() {
        assert_eq!(factorize(1001), [7, 11, 13]);
        assert_eq!(factorize(97), [97]);
        assert_eq!(first_number("is 1001 prime?"), Some(1001));
        assert_eq!(first_number("is 99999999999999999999 prime?"), None);
    }

    #[test]
    fn the_verdict_tells_intact_from_altered() {
        let issued = |id: &str| (id == "r1").then(|| "v1".to_owned());
        let sent = |v: Value| vec![json!({ "id": "u", "role": "user", "content": "?" }), v];
        let intact = verdict(
            &sent(
                json!({ "id": "r1", "role": "reasoning", "content": "", "encryptedValue": "v1" }),
            ),
            issued,
        );
        assert!(intact.starts_with("Yes ✅"), "{intact}");
        let altered = verdict(
            &sent(
                json!({ "id": "r1", "role": "reasoning", "content": "", "encryptedValue": "v2" }),
            ),
            issued,
        );
        assert!(altered.contains("1 came back altered"), "{altered}");
        let dropped = verdict(
            &sent(json!({ "id": "r1", "role": "reasoning", "content": "" })),
            issued,
        );
        assert!(dropped.contains("1 without its value"), "{dropped}");
        assert!(verdict(
            &sent(json!({ "id": "x", "role": "user", "content": "" })),
            issued
        )
        .starts_with("I didn't"));
        assert_ne!(opaque("a"), opaque("a"), "fresh keys each time");
    }
}
