//! Identifiers the client invents: run ids, thread ids, and message ids for
//! legacy events that carry none.
//!
//! They only need to be unique, not secret, so a seeded generator does; the
//! WebAssembly binding seeds it from `crypto.getRandomValues`, and native code
//! from the clock and the process id.

use std::cell::Cell;

thread_local! {
    static STATE: Cell<u64> = Cell::new(initial_seed());
}

fn initial_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        nanos ^ (u64::from(std::process::id()) << 32) ^ 0x9E37_79B9_7F4A_7C15
    }
    #[cfg(target_arch = "wasm32")]
    {
        0x9E37_79B9_7F4A_7C15
    }
}

/// Mixes more entropy into the generator.
pub fn seed(entropy: u64) {
    STATE.with(|s| s.set(s.get() ^ entropy.rotate_left(17) ^ 0xD1B5_4A32_D192_ED03));
}

fn next() -> u64 {
    // splitmix64: fast, and every output of a 64-bit counter is distinct.
    STATE.with(|s| {
        let v = s.get().wrapping_add(0x9E37_79B9_7F4A_7C15);
        s.set(v);
        let mut z = v;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

/// A random (version 4, variant 1) UUID string.
pub fn uuid() -> String {
    let hi = next();
    let lo = next();
    let hi = (hi & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000;
    let lo = (lo & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000;
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        hi >> 32,
        (hi >> 16) & 0xFFFF,
        hi & 0xFFFF,
        lo >> 48,
        lo & 0xFFFF_FFFF_FFFF
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn uuid_shape_and_uniqueness() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..10_000 {
            let u = super::uuid();
            assert_eq!(u.len(), 36);
            assert_eq!(&u[14..15], "4");
            assert!(matches!(&u[19..20], "8" | "9" | "a" | "b"));
            assert!(seen.insert(u));
        }
    }
}
