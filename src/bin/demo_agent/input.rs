//! The run input the page POSTs, read loosely: a demo agent should answer
//! anything shaped like RunAgentInput, and refuse the rest with a 400.

use serde_json::Value;

use crate::http::HttpError;

/// What the scenarios look at in a run input.
#[derive(Debug, Default)]
pub struct Input {
    pub thread_id: String,
    pub run_id: String,
    pub messages: Vec<Value>,
    pub tools: Vec<String>,
    pub state: Value,
    pub resume: Vec<Value>,
}

impl Input {
    pub fn parse(body: &str) -> Result<Input, HttpError> {
        let v: Value = serde_json::from_str(body)
            .map_err(|e| HttpError::new(400, format!("the body is not JSON: {e}")))?;
        let text = |key: &str| {
            v.get(key)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty() && s.len() <= 200)
                .map(str::to_owned)
                .ok_or_else(|| HttpError::new(400, format!("`{key}` must be a non-empty string")))
        };
        let messages = match v.get("messages") {
            Some(Value::Array(m)) => m.clone(),
            _ => return Err(HttpError::new(400, "`messages` must be an array")),
        };
        let list = |key: &str| {
            v.get(key)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        };
        Ok(Input {
            thread_id: text("threadId")?,
            run_id: text("runId")?,
            messages,
            tools: list("tools")
                .iter()
                .filter_map(|t| t.get("name").and_then(Value::as_str).map(str::to_owned))
                .collect(),
            state: v.get("state").cloned().unwrap_or(Value::Null),
            resume: list("resume"),
        })
    }

    pub fn last(&self) -> Option<&Value> {
        self.messages.last()
    }

    /// The text of the last user message, if the conversation ends with one.
    pub fn user_text(&self) -> Option<String> {
        let m = self.last().filter(|m| m["role"] == "user")?;
        match &m["content"] {
            Value::String(s) => Some(s.clone()),
            // Multimodal content: the text parts, joined.
            Value::Array(parts) => Some(
                parts
                    .iter()
                    .filter_map(|p| p.get("text").and_then(Value::as_str))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            _ => None,
        }
    }

    /// The assistant tool call with this id, as (name, parsed arguments).
    pub fn tool_call(&self, id: &str) -> Option<(String, Value)> {
        self.messages
            .iter()
            .filter_map(|m| m.get("toolCalls").and_then(Value::as_array))
            .flatten()
            .find(|c| c["id"] == id)
            .map(|c| {
                let f = &c["function"];
                let args = f["arguments"]
                    .as_str()
                    .and_then(|a| serde_json::from_str(a).ok());
                (
                    f["name"].as_str().unwrap_or("").to_owned(),
                    args.unwrap_or(Value::Null),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_run_input() {
        for body in [
            "",
            "[]",
            "{oops",
            r#"{"threadId":"t","runId":"r"}"#,
            r#"{"threadId":1,"runId":"r","messages":[]}"#,
        ] {
            assert_eq!(
                Input::parse(body).map(|_| ()).unwrap_err().status,
                400,
                "{body}"
            );
        }
    }

    #[test]
    fn reads_the_parts_scenarios_use() {
        let body = r#"{"threadId":"t","runId":"r","state":{"n":1},
            "tools":[{"name":"weather","description":"","parameters":{}}],
            "messages":[
              {"id":"a","role":"assistant","toolCalls":[{"id":"c1","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Seoul\"}"}}]},
              {"id":"u","role":"user","content":[{"type":"text","text":"hi"},{"type":"text","text":"there"}]}]}"#;
        let input = Input::parse(body).expect("valid");
        assert_eq!(input.tools, ["weather"]);
        assert_eq!(input.user_text().as_deref(), Some("hi there"));
        assert_eq!(
            input.tool_call("c1"),
            Some(("weather".into(), serde_json::json!({"city":"Seoul"})))
        );
        assert_eq!(input.state["n"], 1);
    }
}
