//! A research run told through activities: a PLAN whose tasks tick over, a
//! SEARCH that collects results and metrics, a SCRAPE with step progress.
//! Every change after the first snapshot is an ACTIVITY_DELTA (JSON Patch).

use serde_json::json;

use super::after;
use crate::input::Input;
use crate::script::{Script, Step};
use crate::store::Store;

const RESULTS: &[(&str, &str, &str)] = &[
    (
        "AG-UI: the Agent–User Interaction protocol",
        "https://docs.ag-ui.com/introduction",
        "An event-based protocol that streams an agent's messages, tool calls and state to a frontend.",
    ),
    (
        "ag-ui-protocol/ag-ui on GitHub",
        "https://github.com/ag-ui-protocol/ag-ui",
        "Reference SDKs, the event types and a dojo of example UIs.",
    ),
    (
        "The wasm-bindgen guide",
        "https://rustwasm.github.io/docs/wasm-bindgen/",
        "How Rust and JavaScript talk across the WebAssembly boundary.",
    ),
];

const STEPS: &[&str] = &[
    "Fetch the page",
    "Extract the main text",
    "Pull out the key facts",
];

pub fn run(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let text = input.user_text().unwrap_or_default();
    let topic = after(&text, &["research"], 60)
        .map(|t| {
            t.trim_start_matches(|c: char| !c.is_alphanumeric())
                .to_owned()
        })
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "AG-UI clients in WebAssembly".into());
    let (plan, search, scrape) = (s.id("plan"), s.id("search"), s.id("scrape"));
    let task = |i: usize, status: &str| json!([{ "op": "replace", "path": format!("/tasks/{i}/status"), "value": status }]);

    let intro = s.id("intro");
    s.text(&intro, &format!("I'll research “{topic}” in three steps."));
    s.activity(
        &plan,
        "PLAN",
        json!({
            "title": format!("Research: {topic}"),
            "tasks": [
                { "id": "search", "title": "Search the web", "status": "in_progress" },
                { "id": "read", "title": "Read the best source", "status": "pending" },
                { "id": "summarize", "title": "Summarize the findings", "status": "pending" },
            ],
        }),
    );
    s.pause(3);

    s.activity(
        &search,
        "SEARCH",
        json!({
            "query": topic, "status": "searching", "results": [],
            "metrics": { "results": 0, "sources": 0, "latencyMs": 0 },
        }),
    );
    s.pause(3);
    for (i, (title, url, snippet)) in RESULTS.iter().enumerate() {
        s.patch(&search, "SEARCH", json!([
            { "op": "add", "path": "/results/-", "value": { "title": title, "url": url, "snippet": snippet } },
            { "op": "replace", "path": "/metrics/results", "value": i + 1 },
        ]), 4);
    }
    s.patch(
        &search,
        "SEARCH",
        json!([
            { "op": "replace", "path": "/status", "value": "done" },
            { "op": "replace", "path": "/metrics/sources", "value": 2 },
            { "op": "replace", "path": "/metrics/latencyMs", "value": 412 },
        ]),
        2,
    );
    s.patch(&plan, "PLAN", task(0, "done"), 1);
    s.patch(&plan, "PLAN", task(1, "in_progress"), 2);

    let steps: Vec<_> = STEPS
        .iter()
        .map(|l| json!({ "label": l, "status": "pending" }))
        .collect();
    s.activity(
        &scrape,
        "SCRAPE",
        json!({
            "url": RESULTS[0].1, "steps": steps, "progress": { "done": 0, "total": STEPS.len() },
        }),
    );
    for i in 0..STEPS.len() {
        let path = format!("/steps/{i}/status");
        s.patch(
            &scrape,
            "SCRAPE",
            json!([{ "op": "replace", "path": path, "value": "running" }]),
            4,
        );
        s.patch(
            &scrape,
            "SCRAPE",
            json!([
                { "op": "replace", "path": path, "value": "done" },
                { "op": "replace", "path": "/progress/done", "value": i + 1 },
            ]),
            2,
        );
    }
    s.patch(&plan, "PLAN", task(1, "done"), 1);
    s.patch(&plan, "PLAN", task(2, "in_progress"), 2);

    let summary = s.id("summary");
    s.text(
        &summary,
        "Summary: AG-UI streams typed events over SSE; a client folds them into messages, \
         state and activities. Doing that fold in Rust keeps each event's cost flat as the history grows.",
    );
    s.patch(&plan, "PLAN", task(2, "done"), 0);
    s.finish()
}
