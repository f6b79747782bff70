//! Finding a key of a parsed object. serde_json's ordered map finds a key
//! by hashing it (SipHash); protocol objects and most state objects hold a
//! handful of keys, and comparing that many short strings is cheaper than
//! one hash (taking members out by key was a fifth of reading a
//! MESSAGES_SNAPSHOT of 10,000 messages when messages were read from parsed
//! objects). Past `SCAN` keys the hash wins again.

use serde_json::{Map, Value};

/// The most keys an object is searched by comparing them one by one.
pub const SCAN: usize = 16;

/// Whether `k` is `key`, the lengths compared before the bytes: most keys
/// differ from the one sought in length, and comparing the bytes is a call
/// in the WebAssembly build (scenario 3, a patch walking to
/// `/items/N/value`: 0.97x, 8 alternated pairs).
fn is_key(k: &str, key: &str) -> bool {
    k.len() == key.len() && k == key
}

pub fn member<'a>(m: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    if m.len() > SCAN {
        return m.get(key);
    }
    m.iter().find(|(k, _)| is_key(k, key)).map(|(_, v)| v)
}

pub fn member_mut<'a>(m: &'a mut Map<String, Value>, key: &str) -> Option<&'a mut Value> {
    if m.len() > SCAN {
        return m.get_mut(key);
    }
    m.iter_mut().find(|(k, _)| is_key(k, key)).map(|(_, v)| v)
}
