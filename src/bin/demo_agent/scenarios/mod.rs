//! The scripted scenarios, picked from the run input: answers to interrupts
//! and tool results first, then keywords in the last user message.

mod chat;
mod control;
mod markup;
mod research;
mod thinking;

use serde_json::json;

use crate::input::Input;
use crate::script::{Script, Step};
use crate::store::Store;

type Scenario = fn(Script, &Input, &Store) -> Vec<Step>;

/// Keywords in the user's message → the scenario. The first match wins, so
/// the injected-markup prompt (which mentions HTML) comes before raw HTML.
const ROUTES: &[(&[&str], &str, Scenario)] = &[
    (
        &["inject", "xss", "markup"],
        "injected markup",
        markup::injected,
    ),
    (&["html"], "raw html", markup::raw_html),
    (&["weather"], "weather", chat::weather),
    (&["haiku"], "haiku", chat::haiku),
    (&["research"], "research plan", research::run),
    (
        &["intact", "came back", "come back"],
        "reasoning check",
        thinking::check,
    ),
    (&["think", "prime"], "thinking", thinking::think),
    (
        &["to-do", "todo", "shared state"],
        "shared state",
        control::todos,
    ),
    (&["deploy", "approv"], "approval", control::approval),
    (&["fail", "error"], "failure", control::failure),
    (&["cut", "disconnect", "drop"], "cut stream", control::cut),
];

/// The scenario's name (for the log) and its steps.
pub fn respond(input: &Input, store: &Store) -> (&'static str, Vec<Step>) {
    let script = Script::new(&input.thread_id, &input.run_id);
    if !input.resume.is_empty() {
        return ("resume", control::resume(script, input, store));
    }
    if input.last().is_some_and(|m| m["role"] == "tool") {
        return ("tool result", chat::tool_result(script, input, store));
    }
    let text = input.user_text().unwrap_or_default().to_lowercase();
    for (words, name, scenario) in ROUTES {
        if words.iter().any(|w| text.contains(w)) {
            return (name, scenario(script, input, store));
        }
    }
    ("plain", chat::plain(script, input, store))
}

/// The connect endpoint: replays a thread the agent finished after the
/// client lost it; otherwise there is nothing to catch up on.
pub fn connect(input: &Input, store: &Store) -> Vec<Step> {
    let mut script = Script::new(&input.thread_id, &input.run_id);
    if let Some(messages) = store.thread(&input.thread_id) {
        script.event(json!({ "type": "MESSAGES_SNAPSHOT", "messages": messages }));
    }
    script.finish()
}

/// What follows the first of `words` in `text` (ASCII case-insensitive),
/// trimmed of punctuation and capped at `max` characters.
fn after(text: &str, words: &[&str], max: usize) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let end = words
        .iter()
        .find_map(|w| lower.find(w).map(|i| i + w.len()))?;
    let rest: String = text[end..]
        .trim_matches(|c: char| !c.is_alphanumeric())
        .chars()
        .take(max)
        .collect();
    (!rest.is_empty()).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    pub fn input(messages: Value) -> Input {
        let body = json!({ "threadId": "t", "runId": "r", "messages": messages,
            "tools": [{ "name": "weather" }, { "name": "generate_haiku" }] });
        Input::parse(&body.to_string()).expect("a valid input")
    }

    fn user(text: &str) -> Input {
        input(json!([{ "id": "u", "role": "user", "content": text }]))
    }

    #[test]
    fn keywords_pick_the_scenario() {
        let store = Store::default();
        for (text, want) in [
            ("What's the weather in Seoul?", "weather"),
            ("Inject some markup <b>html</b>", "injected markup"),
            ("Show raw HTML", "raw html"),
            ("Did my reasoning come back intact?", "reasoning check"),
            ("Think it through: is 1001 prime?", "thinking"),
            ("hello", "plain"),
        ] {
            assert_eq!(respond(&user(text), &store).0, want, "{text}");
        }
    }

    #[test]
    fn every_scenario_ends_its_run() {
        let store = Store::default();
        for (_, name, scenario) in ROUTES {
            let steps = scenario(Script::new("t", "r"), &user("x"), &store);
            let last = steps.iter().rev().find_map(|s| match s {
                Step::Event(e) => e["type"].as_str(),
                Step::Cut(_) => Some("cut"),
                Step::Pause(_) => None,
            });
            assert!(
                matches!(last, Some("RUN_FINISHED" | "RUN_ERROR" | "cut")),
                "{name}: {last:?}"
            );
        }
    }

    #[test]
    fn after_takes_the_rest() {
        assert_eq!(
            after("Weather in New York?", &[" in "], 40).as_deref(),
            Some("New York")
        );
        assert_eq!(after("weather", &[" in "], 40), None);
        assert_eq!(
            after("haiku about 가을!", &["about"], 40).as_deref(),
            Some("가을")
        );
    }
}
