//! The hash maps and sets of the core and the binding: hashbrown's, the
//! crate serde_json's ordered maps (indexmap) already link, instead of the
//! standard library's own copy of it, so the WebAssembly build carries one
//! hash table implementation, not two. Keys are ids an agent chose, so they
//! stay hashed with std's randomly seeded SipHash.

pub type HashMap<K, V> = hashbrown::HashMap<K, V, std::hash::RandomState>;
pub type HashSet<T> = hashbrown::HashSet<T, std::hash::RandomState>;
