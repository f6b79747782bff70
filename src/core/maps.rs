//! The hash maps and sets of the core and the binding: hashbrown's, the
//! crate serde_json's ordered maps (indexmap) already link, instead of the
//! standard library's own copy of it, so the WebAssembly build carries one
//! hash table implementation, not two.
//!
//! Keys are ids an agent chose, hashed with std's SipHash. Natively its
//! keys come from the operating system's randomness. In the WebAssembly
//! build they do not: wasm32-unknown-unknown gives std no randomness source,
//! so `RandomState` hands out the same keys on every page load (two
//! instances of a module hash "x" alike, checked with Rust 1.95), and ids
//! chosen to collide are possible to compute. Keying these maps from the
//! client's seeded generator (`core::ids`) with foldhash was tried: +1.1 KB
//! gzipped, and serde_json's object maps, whose hasher that crate fixes,
//! stay as predictable, so a state object's keys would remain the easier
//! way in.

use std::hash::{BuildHasherDefault, Hasher};

pub type HashMap<K, V> = hashbrown::HashMap<K, V, std::hash::RandomState>;
pub type HashSet<T> = hashbrown::HashSet<T, std::hash::RandomState>;

/// A map keyed by a serial number the client itself counts (never by
/// anything an agent sent, so nobody can choose keys that collide): one
/// multiplication per key instead of SipHash, which was half of filling
/// the messages view's map for a 10,000-message snapshot.
pub type SerialMap<V> = hashbrown::HashMap<u64, V, BuildHasherDefault<SerialHasher>>;

/// Fibonacci hashing: the product's high bits, which hashbrown's control
/// bytes read, mix every bit of the serial; its low bits, which pick the
/// bucket, run through every value as consecutive serials do.
#[derive(Default)]
pub struct SerialHasher(u64);

impl Hasher for SerialHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b) ^ self.0.rotate_left(8));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_serials_fill_distinct_buckets_and_are_found() {
        let mut m = SerialMap::default();
        for s in 0..10_000u64 {
            m.insert(s, s * 2);
        }
        assert!((0..10_000u64).all(|s| m.get(&s) == Some(&(s * 2))));
        assert_eq!(m.get(&10_000), None);
        let h = |n: u64| {
            let mut h = SerialHasher::default();
            h.write_u64(n);
            h.finish()
        };
        // The low bits are a bijection of the serial's low bits.
        let low: std::collections::BTreeSet<u64> = (0..1024).map(|n| h(n) & 1023).collect();
        assert_eq!(low.len(), 1024);
    }
}
