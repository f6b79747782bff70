//! No input makes a reader or a writer panic.

use super::*;

/// A tiny deterministic generator of JSON built from the keys and values the
/// readers look at, so malformed input reaches deep into them.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() as usize) % items.len()]
    }

    fn value(&mut self, depth: u32) -> Value {
        const KEYS: &[&str] = &[
            "type",
            "role",
            "content",
            "id",
            "name",
            "tool_calls",
            "tool_call_id",
            "function",
            "arguments",
            "args",
            "invalid_tool_calls",
            "status",
            "image_url",
            "url",
            "data",
            "base64",
            "mime_type",
            "source_type",
            "source",
            "file",
            "file_data",
            "file_id",
            "input_audio",
            "format",
            "summary",
            "text",
            "reasoning_details",
            "signature",
            "additional_kwargs",
            "__openai_role__",
            "messages",
            "metadata",
            "fileId",
            "value",
            "media_type",
            "refusal",
            "thinking",
            "encrypted_content",
        ];
        const STRINGS: &[&str] = &[
            "human",
            "ai",
            "system",
            "tool",
            "user",
            "assistant",
            "developer",
            "text",
            "image_url",
            "image",
            "audio",
            "video",
            "file",
            "reasoning",
            "thinking",
            "redacted_thinking",
            "input_audio",
            "base64",
            "url",
            "id",
            "error",
            "function",
            "reasoning.encrypted",
            "reasoning.text",
            "reasoning.summary",
            "wav",
            "mp3",
            "data:image/png;base64,AAA",
            "data:;base64,",
            "data:x",
            "{\"a\":1}",
            "",
            "ä",
        ];
        match if depth == 0 {
            self.next() % 4
        } else {
            self.next() % 7
        } {
            0 => Value::Null,
            1 => json!(self.next() % 3 == 0),
            2 => json!(self.next() % 100),
            3 => json!(self.pick(STRINGS)),
            4 | 5 => {
                let n = self.next() % 5;
                let mut o = serde_json::Map::new();
                for _ in 0..n {
                    let k = self.pick(KEYS);
                    o.insert(k.into(), self.value(depth - 1));
                }
                Value::Object(o)
            }
            _ => Value::Array(
                (0..self.next() % 4)
                    .map(|_| self.value(depth - 1))
                    .collect(),
            ),
        }
    }

    /// Replaces a random node of `v` with generated JSON, or drops a key.
    fn mutate(&mut self, v: &mut Value) {
        let descend = self.next() % 4 != 0;
        match v {
            Value::Object(o) if descend && !o.is_empty() => {
                let i = (self.next() as usize) % o.len();
                if self.next() % 5 == 0 {
                    if let Some(k) = o.keys().nth(i).cloned() {
                        o.remove(&k);
                    }
                } else if let Some((_, child)) = o.iter_mut().nth(i) {
                    self.mutate(child);
                }
            }
            Value::Array(a) if descend && !a.is_empty() => {
                let i = (self.next() as usize) % a.len();
                if let Some(child) = a.get_mut(i) {
                    self.mutate(child);
                }
            }
            _ => *v = self.value(2),
        }
    }
}

/// Valid histories in every format, for the fuzzers to break.
fn seeds() -> Vec<Value> {
    let mut ag_ui = vec![
        parallel_calls(),
        multimodal_user(),
        reasoning_then_reply(),
        invalid_arguments(),
        system_and_developer(),
    ];
    let mut all: Vec<Value> = ag_ui.clone();
    for h in ag_ui.drain(..) {
        let h = history("seed", &h);
        all.extend(to_langchain(&h).ok());
        let options = OpenAiChatOptions {
            encrypted_reasoning: true,
        };
        all.extend(to_openai_chat(&h, &options).ok());
    }
    all
}

#[test]
fn readers_never_panic_on_malformed_input() {
    let seeds = seeds();
    let mut g = Gen(0x5EED);
    for round in 0..40_000usize {
        let mut v = seeds[round % seeds.len()].clone();
        for _ in 0..=(g.next() % 3) {
            g.mutate(&mut v);
        }
        let _ = from_langchain(&v);
        let _ = from_openai_chat(&v);
        let _ = from_langchain(&g.value(5));
    }
}

#[test]
fn writers_never_panic_on_any_valid_history() {
    let seeds = seeds();
    let options = [
        AnthropicReasoning::Omit,
        AnthropicReasoning::Thinking,
        AnthropicReasoning::RedactedThinking,
    ];
    let mut g = Gen(0xFEED);
    let mut converted = 0;
    for round in 0..40_000usize {
        let mut v = seeds[round % seeds.len()].clone();
        g.mutate(&mut v);
        // Mutations that still read as AG-UI are histories a client may hold.
        let Ok(h) = Vec::<Message>::from_json(v) else {
            continue;
        };
        converted += 1;
        let _ = to_langchain(&h);
        let _ = to_openai_chat(&h, &OpenAiChatOptions::default());
        let reasoning = options[round % options.len()];
        let _ = to_anthropic(&h, &AnthropicOptions { reasoning });
    }
    assert!(converted > 1_000, "only {converted} mutations stayed AG-UI");
}
