//! Agent content that is, or pretends to be, markup: a RAW_HTML activity the
//! page may only show in a sandboxed frame, and hostile strings in every
//! place agent content reaches the page (text, tool arguments, tool results,
//! activities, state), which must stay text.

use serde_json::{json, Value};

use crate::input::Input;
use crate::script::{Script, Step};
use crate::store::Store;

/// A card with style (allowed) and script in every form (never run).
const RAW_HTML: &str = r#"<style>
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; padding: 10px; color: #1f2937; }
  .card { border: 1px solid #c7d2fe; border-radius: 10px; padding: 12px 14px;
          background: linear-gradient(135deg, #eef2ff, #fdf2f8); }
  h3 { margin: 0 0 4px; } ul { margin: 6px 0 0; padding-left: 18px; }
</style>
<div class="card">
  <h3>Release v2.4 🚀</h3>
  <p>Rendered from the agent's raw HTML, inside a sandboxed frame.</p>
  <ul><li>Faster streaming</li><li>Smaller bundle</li></ul>
  <a href="javascript:alert('xss-raw-link')">a javascript: link</a>
</div>
<script>alert('xss-raw-script'); parent.alert('xss-raw-parent'); console.log('xss-raw-console');</script>
<img src="data:," onerror="alert('xss-raw-img')" alt="">
<svg onload="alert('xss-raw-svg')" width="0" height="0"></svg>
<form action="javascript:alert('xss-raw-form')"><button autofocus onfocus="alert('xss-raw-focus')">ok</button></form>"#;

pub fn raw_html(mut s: Script, _: &Input, _: &Store) -> Vec<Step> {
    let msg = s.id("msg");
    s.text(&msg, "Here's a card I wrote as raw HTML. The page shows it in a sandboxed frame, where its scripts can't run.");
    let card = s.id("card");
    s.activity(
        &card,
        "RAW_HTML",
        json!({ "title": "Release notes", "html": RAW_HTML }),
    );
    s.finish()
}

/// Each tries a different way to become code if it were parsed as HTML or
/// followed as a URL.
const PAYLOADS: &[&str] = &[
    "<script>alert('xss-1')</script>",
    "<img src=x onerror=\"alert('xss-2')\">",
    "<svg onload=\"alert('xss-3')\"></svg>",
    "javascript:alert('xss-4')",
    "<a href=\"javascript:alert('xss-5')\">click me</a>",
    "<iframe srcdoc=\"<script>parent.alert('xss-6')</script>\"></iframe>",
    "\"><img src=x onerror=console.log('xss-7')>",
];

fn p(i: usize) -> &'static str {
    PAYLOADS[i % PAYLOADS.len()]
}

pub fn injected(mut s: Script, input: &Input, _: &Store) -> Vec<Step> {
    let msg = s.id("msg");
    s.text(
        &msg,
        &format!(
            "Some hostile markup, which should read as plain text: {}",
            PAYLOADS.join(" ")
        ),
    );

    // A backend tool: the generic renderer shows its arguments and result.
    let profile = s.id("profile");
    let args = json!({ "name": p(1), "website": p(3), "bio": p(2), "html": p(5) });
    s.tool_call(&profile, "lookup_profile", &msg, &args, 12);
    let result = s.id("result");
    s.event(
        json!({ "type": "TOOL_CALL_RESULT", "messageId": result, "toolCallId": profile,
        "role": "tool", "content": format!("{} {}", p(0), p(6)) }),
    );

    // A frontend tool with a dedicated card.
    let haiku = s.id("haiku");
    s.tool_call(
        &haiku,
        "generate_haiku",
        &msg,
        &json!({ "title": p(1), "lines": [p(0), p(2), p(4)] }),
        12,
    );

    let search = s.id("search");
    s.activity(&search, "SEARCH", json!({
        "query": p(0), "status": "done",
        "results": [
            { "title": p(1), "url": p(3), "snippet": p(2) },
            { "title": "Uppercase with spaces", "url": "  JAVASCRIPT:alert('xss-8')", "snippet": p(4) },
            { "title": "A data URL", "url": "data:text/html,<script>alert('xss-9')</script>", "snippet": p(5) },
            { "title": "The real AG-UI docs", "url": "https://docs.ag-ui.com/", "snippet": "The one safe link." },
        ],
        "metrics": { "results": p(6), "latencyMs": 7 },
    }));
    let plan = s.id("plan");
    s.activity(
        &plan,
        "PLAN",
        json!({ "title": p(2), "tasks": [{ "id": p(0), "title": p(1), "status": p(6) }] }),
    );
    let note = s.id("note");
    s.activity(
        &note,
        "NOTE",
        json!({ "html": p(2), "link": p(3), "nested": { "deep": [p(0), p(5)] } }),
    );

    // State: the side panel must be as careful as the chat.
    match &input.state {
        Value::Object(_) => {
            s.state_delta(json!([{ "op": "add", "path": "/note", "value": p(1) }]), 1)
        }
        _ => s.event(json!({ "type": "STATE_SNAPSHOT", "snapshot": { "note": p(1) } })),
    };
    s.finish()
}
