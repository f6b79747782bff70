//! A scripted run: AG-UI events with pauses between them, so the page shows
//! each scenario arriving the way a model's output would.

use serde_json::{json, Value};

/// One thing the stream does.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Event(Value),
    /// Wait this many ticks before the next step.
    Pause(u32),
    /// Send these bytes and end the body: a cut mid-event.
    Cut(String),
}

/// Builds one run's steps, from RUN_STARTED to its end.
pub struct Script {
    thread_id: String,
    run_id: String,
    steps: Vec<Step>,
}

impl Script {
    pub fn new(thread_id: &str, run_id: &str) -> Self {
        let mut s = Script {
            thread_id: thread_id.to_owned(),
            run_id: run_id.to_owned(),
            steps: Vec::new(),
        };
        s.event(json!({ "type": "RUN_STARTED", "threadId": thread_id, "runId": run_id }));
        s
    }

    /// An id unique to this run.
    pub fn id(&self, suffix: &str) -> String {
        format!("{}-{suffix}", self.run_id)
    }

    pub fn event(&mut self, event: Value) -> &mut Self {
        self.steps.push(Step::Event(event));
        self
    }

    pub fn pause(&mut self, ticks: u32) -> &mut Self {
        self.steps.push(Step::Pause(ticks));
        self
    }

    /// A whole assistant text message, streamed a word at a time.
    pub fn text(&mut self, id: &str, text: &str) -> &mut Self {
        self.text_start(id);
        self.text_pieces(id, text);
        self.event(json!({ "type": "TEXT_MESSAGE_END", "messageId": id }))
    }

    pub fn text_start(&mut self, id: &str) -> &mut Self {
        self.event(json!({ "type": "TEXT_MESSAGE_START", "messageId": id, "role": "assistant" }))
    }

    pub fn text_pieces(&mut self, id: &str, text: &str) -> &mut Self {
        for word in text.split_inclusive(' ') {
            self.event(json!({ "type": "TEXT_MESSAGE_CONTENT", "messageId": id, "delta": word }));
            self.pause(1);
        }
        self
    }

    /// A tool call whose JSON arguments arrive `piece` characters at a time.
    pub fn tool_call(
        &mut self,
        id: &str,
        name: &str,
        parent: &str,
        args: &Value,
        piece: usize,
    ) -> &mut Self {
        self.event(json!({
            "type": "TOOL_CALL_START", "toolCallId": id, "toolCallName": name, "parentMessageId": parent,
        }));
        for delta in pieces(&args.to_string(), piece) {
            self.event(json!({ "type": "TOOL_CALL_ARGS", "toolCallId": id, "delta": delta }));
            self.pause(1);
        }
        self.event(json!({ "type": "TOOL_CALL_END", "toolCallId": id }))
    }

    pub fn activity(&mut self, id: &str, kind: &str, content: Value) -> &mut Self {
        self.event(json!({ "type": "ACTIVITY_SNAPSHOT", "messageId": id, "activityType": kind, "content": content }))
    }

    /// Changes an activity by JSON Patch, then waits `ticks`.
    pub fn patch(&mut self, id: &str, kind: &str, patch: Value, ticks: u32) -> &mut Self {
        self.event(json!({ "type": "ACTIVITY_DELTA", "messageId": id, "activityType": kind, "patch": patch }));
        self.pause(ticks)
    }

    pub fn state_delta(&mut self, delta: Value, ticks: u32) -> &mut Self {
        self.event(json!({ "type": "STATE_DELTA", "delta": delta }));
        self.pause(ticks)
    }

    /// Ends the run successfully.
    pub fn finish(mut self) -> Vec<Step> {
        let (thread_id, run_id) = (self.thread_id.clone(), self.run_id.clone());
        self.event(json!({ "type": "RUN_FINISHED", "threadId": thread_id, "runId": run_id }));
        self.steps
    }

    /// Ends the run with an outcome (an interrupt, say).
    pub fn finish_with(mut self, outcome: Value) -> Vec<Step> {
        let (thread_id, run_id) = (self.thread_id.clone(), self.run_id.clone());
        self.event(json!({ "type": "RUN_FINISHED", "threadId": thread_id, "runId": run_id, "outcome": outcome }));
        self.steps
    }

    pub fn fail(mut self, message: &str, code: &str) -> Vec<Step> {
        self.event(json!({ "type": "RUN_ERROR", "message": message, "code": code }));
        self.steps
    }

    /// Ends the body in the middle of an event.
    pub fn cut(mut self, partial: &str) -> Vec<Step> {
        self.steps.push(Step::Cut(partial.to_owned()));
        self.steps
    }
}

/// `s` in pieces of `n` characters (never splitting a character).
pub fn pieces(s: &str, n: usize) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    chars.chunks(n.max(1)).map(|c| c.iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(steps: &[Step]) -> Vec<&Value> {
        steps
            .iter()
            .filter_map(|s| match s {
                Step::Event(e) => Some(e),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn text_streams_word_by_word_and_reassembles() {
        let mut s = Script::new("t", "r");
        s.text("m", "안녕 세상 👋");
        let steps = s.finish();
        let deltas: Vec<&str> = events(&steps)
            .iter()
            .filter(|e| e["type"] == "TEXT_MESSAGE_CONTENT")
            .filter_map(|e| e["delta"].as_str())
            .collect();
        assert_eq!(deltas, ["안녕 ", "세상 ", "👋"]);
        let types: Vec<&str> = events(&steps)
            .iter()
            .filter_map(|e| e["type"].as_str())
            .collect();
        assert_eq!(types.first(), Some(&"RUN_STARTED"));
        assert_eq!(types.last(), Some(&"RUN_FINISHED"));
    }

    #[test]
    fn pieces_keep_characters_whole() {
        assert_eq!(pieces("가나다라", 3), ["가나다", "라"]);
        assert_eq!(pieces("", 3), Vec::<String>::new());
    }

    #[test]
    fn tool_arguments_reassemble_to_the_value() {
        let args = json!({ "title": "秋", "lines": ["a", "b"] });
        let mut s = Script::new("t", "r");
        s.tool_call("tc", "generate_haiku", "m", &args, 2);
        let joined: String = events(&s.finish())
            .iter()
            .filter(|e| e["type"] == "TOOL_CALL_ARGS")
            .filter_map(|e| e["delta"].as_str())
            .collect();
        assert_eq!(serde_json::from_str::<Value>(&joined).ok(), Some(args));
    }
}
