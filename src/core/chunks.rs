//! Expansion of the *_CHUNK shorthands into start / content / end events.
//!
//! A chunk names its message (or tool call) only when it opens one; a
//! continuation may omit the id and means "the same as before". Chunks from
//! different producers (subagents) interleave, so each producer has a lane
//! holding at most one open stream, in the order the lanes opened.

use thiserror::Error;

use super::surrogates::Halves;
use super::types::declare::wire_name;
use super::types::*;

/// The member naming the subagent a chunk belongs to (the same in every chunk).
const SUBAGENT: &str = wire_name!(TextMessageChunkEvent, subagent_run_id);

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct ChunkError(pub String);

type Owner = Option<String>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Tool,
    Reasoning,
}

impl Kind {
    fn entity(self) -> &'static str {
        match self {
            Kind::Text => "text message",
            Kind::Tool => "tool call",
            Kind::Reasoning => "reasoning message",
        }
    }
    fn chunk_name(self) -> &'static str {
        match self {
            Kind::Text => TextMessageChunkEvent::TYPE,
            Kind::Tool => ToolCallChunkEvent::TYPE,
            Kind::Reasoning => ReasoningMessageChunkEvent::TYPE,
        }
    }
    fn id_field(self) -> &'static str {
        match self {
            Kind::Tool => wire_name!(ToolCallChunkEvent, tool_call_id),
            _ => wire_name!(TextMessageChunkEvent, message_id),
        }
    }
}

#[derive(Debug, Clone)]
struct Pending {
    kind: Kind,
    id: String,
    subagent_run_id: Option<String>,
    role: TextRole,
    name: Option<String>,
    tool_name: String,
    parent_message_id: Option<String>,
}

/// The expansion state of one stream.
#[derive(Debug, Default)]
pub struct ChunkExpander {
    lanes: Vec<(Owner, Pending)>,
}

impl ChunkExpander {
    pub fn new() -> Self {
        Self::default()
    }

    /// Expands one event into the events it stands for, appended to `out`.
    pub fn push(&mut self, event: Event, out: &mut Vec<Event>) -> Result<(), ChunkError> {
        match event {
            Event::TextMessageChunk(c) => self.expand(c.into(), out),
            Event::ToolCallChunk(c) => self.expand(c.into(), out),
            Event::ReasoningMessageChunk(c) => self.expand(c.into(), out),
            Event::RunStarted(_)
            | Event::RunFinished(_)
            | Event::RunError(_)
            | Event::MessagesSnapshot(_) => {
                self.close_all(out);
                out.push(event);
                Ok(())
            }
            Event::Raw(_)
            | Event::ActivitySnapshot(_)
            | Event::ActivityDelta(_)
            | Event::ReasoningEncryptedValue(_)
            | Event::SubagentStarted(_) => {
                out.push(event);
                Ok(())
            }
            _ => {
                let owner = event.subagent_run_id().map(str::to_owned);
                self.close_lane(&owner, out);
                out.push(event);
                Ok(())
            }
        }
    }

    fn lane_index(&self, owner: &Owner) -> Option<usize> {
        self.lanes.iter().position(|(o, _)| o == owner)
    }

    fn close_lane(&mut self, owner: &Owner, out: &mut Vec<Event>) {
        if let Some(i) = self.lane_index(owner) {
            let (_, p) = self.lanes.remove(i);
            out.push(end_of(p));
        }
    }

    fn close_all(&mut self, out: &mut Vec<Event>) {
        for (_, p) in self.lanes.drain(..) {
            out.push(end_of(p));
        }
    }

    fn resolve_lane(
        &self,
        kind: Kind,
        id: Option<&str>,
        tag: Option<&str>,
        chunk: &str,
    ) -> Result<Owner, ChunkError> {
        if let Some(id) = id {
            if let Some((owner, _)) = self
                .lanes
                .iter()
                .find(|(_, p)| p.kind == kind && p.id == id)
            {
                if let Some(tag) = tag {
                    if Some(tag) != owner.as_deref() {
                        return Err(ChunkError(format!(
                            "Cannot continue {} '{id}': chunk {SUBAGENT} '{tag}' does not match the open stream's subagent '{}'.",
                            kind.entity(),
                            owner.as_deref().unwrap_or("(the parent agent)")
                        )));
                    }
                }
                return Ok(owner.clone());
            }
            return Ok(tag.map(str::to_owned));
        }
        if let Some(tag) = tag {
            return Ok(Some(tag.to_owned()));
        }
        if self
            .lanes
            .iter()
            .any(|(o, p)| o.is_none() && p.kind == kind)
        {
            return Ok(None);
        }
        let mut candidates = self.lanes.iter().filter(|(_, p)| p.kind == kind);
        match (candidates.next(), candidates.next()) {
            (Some((owner, _)), None) => Ok(owner.clone()),
            (Some(_), Some(_)) => Err(ChunkError(format!(
                "Ambiguous {chunk}: it carries neither a {} nor a {SUBAGENT}, but {} lanes have an open {}. Attribute the chunk to the subagent it belongs to.",
                kind.id_field(),
                self.lanes.iter().filter(|(_, p)| p.kind == kind).count(),
                kind.entity()
            ))),
            _ => Ok(None),
        }
    }

    /// The open stream this chunk continues, if it continues one.
    fn continued(&self, lane: &Owner, kind: Kind, id: Option<&str>) -> Option<Pending> {
        let i = self.lane_index(lane)?;
        let p = &self.lanes[i].1;
        (p.kind == kind && id.is_none_or(|id| id == p.id)).then(|| p.clone())
    }

    fn open(&mut self, lane: Owner, pending: Pending, out: &mut Vec<Event>) {
        self.close_lane(&lane, out);
        self.lanes.push((lane, pending));
    }

    /// One routine for the three shorthands: find the lane, continue its
    /// stream or open a new one, then emit the content the chunk carries.
    fn expand(&mut self, c: Chunk, out: &mut Vec<Event>) -> Result<(), ChunkError> {
        let lane = self.resolve_lane(
            c.kind,
            c.id.as_deref(),
            c.subagent_run_id.as_deref(),
            c.kind.chunk_name(),
        )?;
        let start = out.len();
        let fields = match self.continued(&lane, c.kind, c.id.as_deref()) {
            Some(p) => {
                c.agrees_with(&p)?;
                p
            }
            None => {
                let p = c.opener()?;
                self.close_lane(&lane, out);
                out.push(start_of(&p, c.metadata.clone()));
                self.open(lane, p.clone(), &mut Vec::new());
                p
            }
        };
        if c.delta.is_some()
            || c.raw_event.is_some()
            || (out.len() == start && c.metadata.is_some())
        {
            out.push(content_of(fields, c));
        }
        Ok(())
    }
}

/// A *_CHUNK event with the fields of all three kinds.
struct Chunk {
    kind: Kind,
    id: Option<String>,
    subagent_run_id: Option<String>,
    delta: Option<String>,
    halves: Halves,
    metadata: Option<Metadata>,
    raw_event: Option<serde_json::Value>,
    role: Option<TextRole>,
    name: Option<String>,
    tool_name: Option<String>,
    parent_message_id: Option<String>,
}

impl From<TextMessageChunkEvent> for Chunk {
    fn from(c: TextMessageChunkEvent) -> Self {
        Chunk {
            kind: Kind::Text,
            id: c.message_id,
            subagent_run_id: c.subagent_run_id,
            delta: c.delta,
            halves: c.halves,
            metadata: c.metadata,
            raw_event: c.raw_event,
            role: c.role,
            name: c.name,
            tool_name: None,
            parent_message_id: None,
        }
    }
}

impl From<ToolCallChunkEvent> for Chunk {
    fn from(c: ToolCallChunkEvent) -> Self {
        Chunk {
            kind: Kind::Tool,
            id: c.tool_call_id,
            subagent_run_id: c.subagent_run_id,
            delta: c.delta,
            halves: c.halves,
            metadata: c.metadata,
            raw_event: c.raw_event,
            role: None,
            name: None,
            tool_name: c.tool_call_name,
            parent_message_id: c.parent_message_id,
        }
    }
}

impl From<ReasoningMessageChunkEvent> for Chunk {
    fn from(c: ReasoningMessageChunkEvent) -> Self {
        Chunk {
            kind: Kind::Reasoning,
            id: c.message_id,
            subagent_run_id: c.subagent_run_id,
            delta: c.delta,
            halves: c.halves,
            metadata: c.metadata,
            raw_event: c.raw_event,
            role: None,
            name: None,
            tool_name: None,
            parent_message_id: None,
        }
    }
}

impl Chunk {
    /// A continuation may repeat what its opener set, but only unchanged.
    fn agrees_with(&self, p: &Pending) -> Result<(), ChunkError> {
        match self.kind {
            Kind::Text => {
                let role = wire_name!(TextMessageChunkEvent, role);
                agree(p, role, self.role.map(TextRole::name), Some(p.role.name()))?;
                let name = wire_name!(TextMessageChunkEvent, name);
                agree(p, name, self.name.as_deref(), p.name.as_deref())
            }
            Kind::Tool => {
                agree(
                    p,
                    wire_name!(ToolCallChunkEvent, tool_call_name),
                    self.tool_name.as_deref(),
                    Some(&p.tool_name),
                )?;
                agree(
                    p,
                    wire_name!(ToolCallChunkEvent, parent_message_id),
                    self.parent_message_id.as_deref(),
                    p.parent_message_id.as_deref(),
                )
            }
            Kind::Reasoning => Ok(()),
        }
    }

    /// The stream this chunk opens; an opener must name it in full.
    fn opener(&self) -> Result<Pending, ChunkError> {
        let missing = match (&self.id, self.kind, &self.tool_name) {
            (None, _, _) => self.kind.id_field(),
            (Some(_), Kind::Tool, None) => wire_name!(ToolCallChunkEvent, tool_call_name),
            _ => "",
        };
        if !missing.is_empty() {
            return Err(ChunkError(format!(
                "First {} must have a {missing}",
                self.kind.chunk_name()
            )));
        }
        Ok(Pending {
            kind: self.kind,
            id: self.id.clone().unwrap_or_default(),
            subagent_run_id: self.subagent_run_id.clone(),
            role: self.role.unwrap_or_default(),
            name: self.name.clone(),
            tool_name: self.tool_name.clone().unwrap_or_default(),
            parent_message_id: self.parent_message_id.clone(),
        })
    }
}

fn start_of(p: &Pending, metadata: Option<Metadata>) -> Event {
    let (id, subagent_run_id) = (p.id.clone(), p.subagent_run_id.clone());
    match p.kind {
        Kind::Text => Event::TextMessageStart(TextMessageStartEvent {
            message_id: id,
            role: Some(p.role),
            name: p.name.clone(),
            subagent_run_id,
            metadata,
            ..Default::default()
        }),
        Kind::Tool => Event::ToolCallStart(ToolCallStartEvent {
            tool_call_id: id,
            tool_call_name: p.tool_name.clone(),
            parent_message_id: p.parent_message_id.clone(),
            subagent_run_id,
            metadata,
            ..Default::default()
        }),
        Kind::Reasoning => Event::ReasoningMessageStart(ReasoningMessageStartEvent {
            message_id: id,
            role: ReasoningRole::Reasoning,
            subagent_run_id,
            metadata,
            ..Default::default()
        }),
    }
}

fn content_of(p: Pending, c: Chunk) -> Event {
    let (delta, halves) = (c.delta.unwrap_or_default(), c.halves);
    let (metadata, raw_event) = (c.metadata, c.raw_event);
    let subagent_run_id = c.subagent_run_id.or(p.subagent_run_id);
    match p.kind {
        Kind::Text => Event::TextMessageContent(TextMessageContentEvent {
            message_id: p.id,
            delta,
            subagent_run_id,
            metadata,
            raw_event,
            timestamp: None,
            halves,
        }),
        Kind::Tool => Event::ToolCallArgs(ToolCallArgsEvent {
            tool_call_id: p.id,
            delta,
            subagent_run_id,
            metadata,
            raw_event,
            timestamp: None,
            halves,
        }),
        Kind::Reasoning => Event::ReasoningMessageContent(ReasoningMessageContentEvent {
            message_id: p.id,
            delta,
            subagent_run_id,
            metadata,
            raw_event,
            timestamp: None,
            halves,
        }),
    }
}

fn agree(
    p: &Pending,
    field: &str,
    incoming: Option<&str>,
    established: Option<&str>,
) -> Result<(), ChunkError> {
    match incoming {
        Some(v) if Some(v) != established => Err(ChunkError(format!(
            "Cannot continue {} '{}': chunk {field} '{v}' does not match the open stream's {field} {}.",
            p.kind.entity(),
            p.id,
            established.map_or("(absent)".to_owned(), |e| format!("'{e}'"))
        ))),
        _ => Ok(()),
    }
}

fn end_of(p: Pending) -> Event {
    match p.kind {
        Kind::Text => Event::TextMessageEnd(TextMessageEndEvent {
            message_id: p.id,
            subagent_run_id: p.subagent_run_id,
            ..Default::default()
        }),
        Kind::Tool => Event::ToolCallEnd(ToolCallEndEvent {
            tool_call_id: p.id,
            subagent_run_id: p.subagent_run_id,
            ..Default::default()
        }),
        Kind::Reasoning => Event::ReasoningMessageEnd(ReasoningMessageEndEvent {
            message_id: p.id,
            subagent_run_id: p.subagent_run_id,
            ..Default::default()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn expand(events: serde_json::Value) -> Result<Vec<serde_json::Value>, ChunkError> {
        let mut x = ChunkExpander::new();
        let mut out = Vec::new();
        for e in events.as_array().unwrap() {
            let ty = e["type"].as_str().unwrap();
            x.push(Event::from_value(ty, e.clone()).unwrap(), &mut out)?;
        }
        x.close_all(&mut out);
        Ok(out
            .iter()
            .map(|e| {
                let mut v: serde_json::Value =
                    serde_json::from_str(&crate::core::json::to_json(e)).unwrap();
                v.as_object_mut().unwrap().remove("metadata");
                v
            })
            .collect())
    }

    #[test]
    fn each_kind_opens_continues_and_closes() {
        let out = expand(json!([
            {"type": "TOOL_CALL_CHUNK", "toolCallId": "t", "toolCallName": "f", "parentMessageId": "m", "delta": "{"},
            {"type": "TOOL_CALL_CHUNK", "delta": "}"},
            {"type": "REASONING_MESSAGE_CHUNK", "messageId": "r", "delta": "hm"},
            {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m2", "role": "user", "name": "n", "delta": "a"},
            {"type": "TEXT_MESSAGE_CHUNK", "role": "user", "delta": "b"},
        ]))
        .unwrap();
        assert_eq!(
            out,
            vec![
                json!({"type": "TOOL_CALL_START", "toolCallId": "t", "toolCallName": "f", "parentMessageId": "m"}),
                json!({"type": "TOOL_CALL_ARGS", "toolCallId": "t", "delta": "{"}),
                json!({"type": "TOOL_CALL_ARGS", "toolCallId": "t", "delta": "}"}),
                json!({"type": "TOOL_CALL_END", "toolCallId": "t"}),
                json!({"type": "REASONING_MESSAGE_START", "messageId": "r", "role": "reasoning"}),
                json!({"type": "REASONING_MESSAGE_CONTENT", "messageId": "r", "delta": "hm"}),
                json!({"type": "REASONING_MESSAGE_END", "messageId": "r"}),
                json!({"type": "TEXT_MESSAGE_START", "messageId": "m2", "role": "user", "name": "n"}),
                json!({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m2", "delta": "a"}),
                json!({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m2", "delta": "b"}),
                json!({"type": "TEXT_MESSAGE_END", "messageId": "m2"}),
            ]
        );
    }

    #[test]
    fn openers_must_name_their_stream() {
        let e = expand(json!([{"type": "TOOL_CALL_CHUNK", "toolCallId": "t", "delta": "x"}]));
        assert_eq!(
            e.unwrap_err().0,
            "First TOOL_CALL_CHUNK must have a toolCallName"
        );
        let e = expand(json!([{"type": "REASONING_MESSAGE_CHUNK", "delta": "x"}]));
        assert_eq!(
            e.unwrap_err().0,
            "First REASONING_MESSAGE_CHUNK must have a messageId"
        );
    }

    #[test]
    fn a_continuation_may_not_change_what_its_opener_set() {
        let e = expand(json!([
            {"type": "TOOL_CALL_CHUNK", "toolCallId": "t", "toolCallName": "f", "delta": "{"},
            {"type": "TOOL_CALL_CHUNK", "toolCallId": "t", "toolCallName": "g", "delta": "}"},
        ]));
        assert!(e
            .unwrap_err()
            .0
            .contains("chunk toolCallName 'g' does not match"));
        let e = expand(json!([
            {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m", "role": "user", "delta": "a"},
            {"type": "TEXT_MESSAGE_CHUNK", "role": "assistant", "delta": "b"},
        ]));
        assert!(e
            .unwrap_err()
            .0
            .contains("chunk role 'assistant' does not match"));
    }
}
