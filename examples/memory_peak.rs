//! Where a history's bytes go, natively: the live heap at its peak while a
//! session takes a stream, at the end, and what the history alone holds,
//! counted by a global allocator (a `realloc` counts old and new at once,
//! as the copy needs both). `bench/memory.mjs` measures the package in
//! Node; this finds which allocation made a figure there (it found the
//! history's array of 160-byte messages: boxing them took the module's
//! growth for 10,000 streamed messages from 8.1 to 4.8 MB). Sizes here are
//! a 64-bit build's: pointers are twice the WebAssembly build's.
//!
//!   cargo run --release --example memory_peak -- snapshot|stream [COUNT]
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use agui_wasm::core::reducer::AgentState;
use agui_wasm::core::session::{Session, Settings};

struct Counting;
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let n = NOW.fetch_add(l.size(), Relaxed) + l.size();
        PEAK.fetch_max(n, Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        NOW.fetch_sub(l.size(), Relaxed);
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        // Old and new live at once while the copy is made.
        let n = NOW.fetch_add(new, Relaxed) + new;
        PEAK.fetch_max(n, Relaxed);
        NOW.fetch_sub(l.size(), Relaxed);
        System.realloc(p, l, new)
    }
}
#[global_allocator]
static A: Counting = Counting;

const LOREM: &str = "The agent streams its answer token by token, as a model writes it.";

fn main() {
    let case = std::env::args().nth(1).unwrap_or("snapshot".into());
    let n: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(10_000);
    let mut events = vec![r#"{"type":"RUN_STARTED","threadId":"t","runId":"r"}"#.to_owned()];
    if case == "snapshot" {
        let ms: Vec<String> = (0..n)
            .map(|i| {
                let role = if i % 2 == 1 { "assistant" } else { "user" };
                format!(r#"{{"id":"h{i}","role":"{role}","content":"{i}: {LOREM}"}}"#)
            })
            .collect();
        events.push(format!(
            r#"{{"type":"MESSAGES_SNAPSHOT","messages":[{}]}}"#,
            ms.join(",")
        ));
    } else {
        for i in 0..n {
            let t = format!("{i}: {LOREM}");
            let (a, b) = t.split_at(t.len() / 2);
            events.push(format!(
                r#"{{"type":"TEXT_MESSAGE_START","messageId":"m{i}","role":"assistant"}}"#
            ));
            events.push(format!(
                r#"{{"type":"TEXT_MESSAGE_CONTENT","messageId":"m{i}","delta":"{a}"}}"#
            ));
            events.push(format!(
                r#"{{"type":"TEXT_MESSAGE_CONTENT","messageId":"m{i}","delta":"{b}"}}"#
            ));
            events.push(format!(
                r#"{{"type":"TEXT_MESSAGE_END","messageId":"m{i}"}}"#
            ));
        }
    }
    events.push(r#"{"type":"RUN_FINISHED","threadId":"t","runId":"r"}"#.to_owned());
    let body: String = events.iter().map(|e| format!("data: {e}\n\n")).collect();
    drop(events);
    let bytes = body.into_bytes();
    let base = NOW.load(Relaxed);
    PEAK.store(base, Relaxed);
    let mut agent = AgentState::default();
    let mut session = Session::stream(Settings::default(), 0.0);
    let mut feed_peak = 0;
    for chunk in bytes.chunks(16 * 1024) {
        session.feed(chunk);
        feed_peak = feed_peak.max(PEAK.load(Relaxed) - base);
        session.run_until_input(&mut agent, 0.0, &mut ());
    }
    session.finish();
    session.run_until_input(&mut agent, 0.0, &mut ());
    let live = NOW.load(Relaxed) - base;
    drop(session);
    let held = NOW.load(Relaxed) - base;
    println!(
        "{case} {n}: stream {} B; peak {} B; live at end {} B; held by the history {} B ({} B/message); messages {}",
        bytes.len(),
        PEAK.load(Relaxed) - base,
        live,
        held,
        held / n,
        agent.messages.len()
    );
}
