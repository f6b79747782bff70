//! Who owns each entity the verifier knows of: the parent agent or a
//! subagent, by id.
//!
//! History replayed in a MESSAGES_SNAPSHOT or a RUN_STARTED input has
//! owners too, and a run may replay thousands of messages. Their ids are
//! kept end to end in one string and hashed only when the run first asks
//! about any owner: a run whose snapshot comes last (as many agents send
//! it) never pays for hashing them. Hashing the ids of scenario 4's 10,000
//! was a sixth of taking the snapshot in (Node, wasm).

use super::super::maps::HashMap;
use super::super::types::Message;

/// The owning subagent of an entity; `None` inside is the parent agent.
pub(super) type Owner = Option<String>;

#[derive(Debug, Default)]
pub(super) struct Owners {
    message: HashMap<String, Owner>,
    tool_call: HashMap<String, Owner>,
    activity: HashMap<String, Owner>,
    reasoning: HashMap<String, Owner>,
    /// Replayed history not yet in the maps, in the order it came.
    seeds: Seeds,
}

/// The maps, by entity.
pub(super) struct Maps<'o> {
    pub message: &'o mut HashMap<String, Owner>,
    pub tool_call: &'o mut HashMap<String, Owner>,
    pub activity: &'o mut HashMap<String, Owner>,
    pub reasoning: &'o mut HashMap<String, Owner>,
}

#[derive(Debug, Default)]
struct Seeds {
    /// The ids, end to end.
    ids: String,
    /// Per id, in order: where it ends in `ids`, its map, its owner, and
    /// whether it replaces an owner already known (a snapshot's does; an
    /// input's keeps what the run already said).
    entries: Vec<(usize, Kind, Owner, bool)>,
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Message,
    ToolCall,
    Activity,
    Reasoning,
}

impl Owners {
    /// The maps, with any replayed history put in first.
    #[inline(always)]
    pub(super) fn seeded(&mut self) -> Maps<'_> {
        if !self.seeds.entries.is_empty() {
            self.plant();
        }
        Maps {
            message: &mut self.message,
            tool_call: &mut self.tool_call,
            activity: &mut self.activity,
            reasoning: &mut self.reasoning,
        }
    }

    /// History replayed; `authoritative` (a snapshot) replaces owners
    /// already known, an input's history does not.
    pub(super) fn seed(&mut self, messages: &[Message], authoritative: bool) {
        let seeds = &mut self.seeds;
        seeds.entries.reserve(messages.len());
        let mut add = |id: &str, kind, owner: &Owner| {
            seeds.ids.push_str(id);
            seeds
                .entries
                .push((seeds.ids.len(), kind, owner.clone(), authoritative));
        };
        for m in messages {
            let kind = match m {
                Message::Reasoning(_) => Kind::Reasoning,
                Message::Activity(_) => Kind::Activity,
                _ => Kind::Message,
            };
            let owner = m.subagent_run_id().map(str::to_owned);
            add(m.id(), kind, &owner);
            for tc in m.tool_calls().into_iter().flatten() {
                add(&tc.id, Kind::ToolCall, &owner);
            }
        }
    }

    #[inline(never)]
    fn plant(&mut self) {
        let Seeds { ids, entries } = std::mem::take(&mut self.seeds);
        // Room for all at once: growing by doubling rehashed the ids of a
        // 10,000-message snapshot several times over.
        self.message.reserve(entries.len());
        let mut start = 0;
        for (end, kind, owner, authoritative) in entries {
            let id = &ids[start..end];
            start = end;
            let map = match kind {
                Kind::Message => &mut self.message,
                Kind::ToolCall => &mut self.tool_call,
                Kind::Activity => &mut self.activity,
                Kind::Reasoning => &mut self.reasoning,
            };
            if authoritative || !map.contains_key(id) {
                map.insert(id.to_owned(), owner);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::Verifier;
    use crate::core::decode::Decoder;

    /// Checks each event in turn; what the last one answered.
    fn last(events: &[serde_json::Value]) -> Result<(), String> {
        let mut v = Verifier::new();
        let mut out = Ok(());
        for e in events {
            let event = Decoder::new().decode_value(e.clone(), &mut Vec::new());
            out = v.check(&event.unwrap().unwrap()).map_err(|e| e.0);
        }
        out
    }

    fn started(messages: serde_json::Value) -> serde_json::Value {
        json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r",
               "input": {"threadId": "t", "runId": "r", "messages": messages,
                         "tools": [], "context": [], "state": null, "forwardedProps": null}})
    }

    fn start_text(id: &str, sub: Option<&str>) -> serde_json::Value {
        let mut e = json!({"type": "TEXT_MESSAGE_START", "messageId": id, "role": "assistant"});
        if let Some(s) = sub {
            e["subagentRunId"] = json!(s);
        }
        e
    }

    fn snapshot(messages: serde_json::Value) -> serde_json::Value {
        json!({"type": "MESSAGES_SNAPSHOT", "messages": messages})
    }

    #[test]
    fn replayed_history_is_owned_as_if_it_had_been_hashed_when_it_came() {
        let by_s =
            json!([{"id": "m1", "role": "assistant", "content": "hi", "subagentRunId": "s"}]);
        let by_parent = json!([{"id": "m1", "role": "assistant", "content": "hi"}]);
        let no_input = json!({"type": "RUN_STARTED", "threadId": "t", "runId": "r"});
        // An input's history: its owner holds for the run.
        assert!(last(&[started(by_s.clone()), start_text("m1", Some("t"))])
            .unwrap_err()
            .contains("does not match"));
        assert_eq!(
            last(&[started(by_s.clone()), start_text("m1", Some("s"))]),
            Ok(())
        );
        // A snapshot's: the parent agent's message refuses a subagent's tag.
        assert!(last(&[
            no_input.clone(),
            snapshot(by_parent.clone()),
            start_text("m1", Some("s"))
        ])
        .is_err());
        // Two snapshots, planted in order: the later one's owner holds.
        assert_eq!(
            last(&[
                no_input.clone(),
                snapshot(by_parent.clone()),
                snapshot(by_s.clone()),
                start_text("m1", Some("s"))
            ]),
            Ok(())
        );
        assert!(last(&[
            no_input.clone(),
            snapshot(by_s.clone()),
            snapshot(by_parent.clone()),
            start_text("m1", Some("s"))
        ])
        .is_err());
        // A snapshot replaces what the run said of an id; an input's history
        // does not replace what an earlier snapshot said.
        assert!(last(&[
            no_input.clone(),
            start_text("m1", Some("s")),
            json!({"type": "TEXT_MESSAGE_END", "messageId": "m1"}),
            snapshot(by_parent.clone()),
            start_text("m1", Some("s")),
        ])
        .is_err());
        // A tool call in replayed history is owned by its message's owner.
        let with_call = json!([{"id": "m2", "role": "assistant", "subagentRunId": "s",
            "toolCalls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}]);
        let start_call = |sub: &str| {
            json!({"type": "TOOL_CALL_START", "toolCallId": "c1",
            "toolCallName": "f", "subagentRunId": sub})
        };
        assert!(last(&[started(with_call.clone()), start_call("t")]).is_err());
        assert_eq!(last(&[started(with_call), start_call("s")]), Ok(()));
    }
}
