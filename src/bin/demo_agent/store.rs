//! What the agent remembers between requests: the whole conversation of a
//! thread whose stream it cut (for the connect endpoint to replay), and the
//! encrypted reasoning values it issued (to check what comes back).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use serde_json::Value;

/// Past this many entries a map starts afresh: a demo needs no more, and a
/// long-running one must not grow without bound.
const CAP: usize = 1000;

#[derive(Default)]
pub struct Store {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    threads: HashMap<String, Vec<Value>>,
    reasoning: HashMap<String, String>,
}

fn insert<V>(map: &mut HashMap<String, V>, key: &str, value: V) {
    if map.len() >= CAP {
        map.clear();
    }
    map.insert(key.to_owned(), value);
}

impl Store {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing holds the lock across a panic that could leave it half
        // written, so a poisoned lock is still consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn save_thread(&self, thread_id: &str, messages: Vec<Value>) {
        insert(&mut self.lock().threads, thread_id, messages);
    }

    pub fn thread(&self, thread_id: &str) -> Option<Vec<Value>> {
        self.lock().threads.get(thread_id).cloned()
    }

    pub fn issue_reasoning(&self, message_id: &str, value: &str) {
        insert(&mut self.lock().reasoning, message_id, value.to_owned());
    }

    pub fn issued_reasoning(&self, message_id: &str) -> Option<String> {
        self.lock().reasoning.get(message_id).cloned()
    }
}
