//! Expansion of the *_CHUNK shorthands into start / content / end events.
//!
//! A chunk names its message (or tool call) only when it opens one; a
//! continuation may omit the id and means "the same as before". Chunks from
//! different producers (subagents) interleave, so each producer has a lane
//! holding at most one open stream, in the order the lanes opened.

use thiserror::Error;

use super::types::*;

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
    fn id_field(self) -> &'static str {
        match self {
            Kind::Tool => "toolCallId",
            _ => "messageId",
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
            Event::TextMessageChunk(c) => self.text(c, out),
            Event::ToolCallChunk(c) => self.tool(c, out),
            Event::ReasoningMessageChunk(c) => self.reasoning(c, out),
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
                            "Cannot continue {} '{id}': chunk subagentRunId '{tag}' does not match the open stream's subagent '{}'.",
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
                "Ambiguous {chunk}: it carries neither a {} nor a subagentRunId, but {} lanes have an open {}. Attribute the chunk to the subagent it belongs to.",
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

    fn text(&mut self, c: TextMessageChunkEvent, out: &mut Vec<Event>) -> Result<(), ChunkError> {
        let lane = self.resolve_lane(
            Kind::Text,
            c.message_id.as_deref(),
            c.subagent_run_id.as_deref(),
            "TEXT_MESSAGE_CHUNK",
        )?;
        let start = out.len();
        let fields = match self.continued(&lane, Kind::Text, c.message_id.as_deref()) {
            Some(p) => {
                agree(
                    Kind::Text,
                    &p.id,
                    "role",
                    c.role.map(role_name),
                    Some(role_name(p.role)),
                )?;
                agree(
                    Kind::Text,
                    &p.id,
                    "name",
                    c.name.as_deref(),
                    p.name.as_deref(),
                )?;
                p
            }
            None => {
                let before = out.len();
                self.close_lane(&lane, out);
                let Some(id) = c.message_id.clone() else {
                    out.truncate(before);
                    return Err(ChunkError(
                        "First TEXT_MESSAGE_CHUNK must have a messageId".into(),
                    ));
                };
                let p = Pending {
                    kind: Kind::Text,
                    id: id.clone(),
                    subagent_run_id: c.subagent_run_id.clone(),
                    role: c.role.unwrap_or_default(),
                    name: c.name.clone(),
                    tool_name: String::new(),
                    parent_message_id: None,
                };
                out.push(Event::TextMessageStart(TextMessageStartEvent {
                    message_id: id,
                    role: Some(p.role),
                    name: c.name.clone(),
                    subagent_run_id: c.subagent_run_id.clone(),
                    metadata: c.metadata.clone(),
                    ..Default::default()
                }));
                self.open(lane, p.clone(), &mut Vec::new());
                p
            }
        };
        if c.delta.is_some()
            || c.raw_event.is_some()
            || (out.len() == start && c.metadata.is_some())
        {
            out.push(Event::TextMessageContent(TextMessageContentEvent {
                message_id: fields.id,
                delta: c.delta.unwrap_or_default(),
                subagent_run_id: c.subagent_run_id.or(fields.subagent_run_id),
                metadata: c.metadata,
                raw_event: c.raw_event,
                timestamp: None,
            }));
        }
        Ok(())
    }

    fn tool(&mut self, c: ToolCallChunkEvent, out: &mut Vec<Event>) -> Result<(), ChunkError> {
        let lane = self.resolve_lane(
            Kind::Tool,
            c.tool_call_id.as_deref(),
            c.subagent_run_id.as_deref(),
            "TOOL_CALL_CHUNK",
        )?;
        let start = out.len();
        let fields = match self.continued(&lane, Kind::Tool, c.tool_call_id.as_deref()) {
            Some(p) => {
                agree(
                    Kind::Tool,
                    &p.id,
                    "toolCallName",
                    c.tool_call_name.as_deref(),
                    Some(&p.tool_name),
                )?;
                agree(
                    Kind::Tool,
                    &p.id,
                    "parentMessageId",
                    c.parent_message_id.as_deref(),
                    p.parent_message_id.as_deref(),
                )?;
                p
            }
            None => {
                let before = out.len();
                self.close_lane(&lane, out);
                let (Some(id), Some(name)) = (c.tool_call_id.clone(), c.tool_call_name.clone())
                else {
                    out.truncate(before);
                    let missing = if c.tool_call_id.is_none() {
                        "toolCallId"
                    } else {
                        "toolCallName"
                    };
                    return Err(ChunkError(format!(
                        "First TOOL_CALL_CHUNK must have a {missing}"
                    )));
                };
                let p = Pending {
                    kind: Kind::Tool,
                    id: id.clone(),
                    subagent_run_id: c.subagent_run_id.clone(),
                    role: TextRole::default(),
                    name: None,
                    tool_name: name.clone(),
                    parent_message_id: c.parent_message_id.clone(),
                };
                out.push(Event::ToolCallStart(ToolCallStartEvent {
                    tool_call_id: id,
                    tool_call_name: name,
                    parent_message_id: c.parent_message_id.clone(),
                    subagent_run_id: c.subagent_run_id.clone(),
                    metadata: c.metadata.clone(),
                    ..Default::default()
                }));
                self.open(lane, p.clone(), &mut Vec::new());
                p
            }
        };
        if c.delta.is_some()
            || c.raw_event.is_some()
            || (out.len() == start && c.metadata.is_some())
        {
            out.push(Event::ToolCallArgs(ToolCallArgsEvent {
                tool_call_id: fields.id,
                delta: c.delta.unwrap_or_default(),
                subagent_run_id: c.subagent_run_id.or(fields.subagent_run_id),
                metadata: c.metadata,
                raw_event: c.raw_event,
                timestamp: None,
            }));
        }
        Ok(())
    }

    fn reasoning(
        &mut self,
        c: ReasoningMessageChunkEvent,
        out: &mut Vec<Event>,
    ) -> Result<(), ChunkError> {
        let lane = self.resolve_lane(
            Kind::Reasoning,
            c.message_id.as_deref(),
            c.subagent_run_id.as_deref(),
            "REASONING_MESSAGE_CHUNK",
        )?;
        let start = out.len();
        let fields = match self.continued(&lane, Kind::Reasoning, c.message_id.as_deref()) {
            Some(p) => p,
            None => {
                let before = out.len();
                self.close_lane(&lane, out);
                let Some(id) = c.message_id.clone() else {
                    out.truncate(before);
                    return Err(ChunkError(
                        "First REASONING_MESSAGE_CHUNK must have a messageId".into(),
                    ));
                };
                let p = Pending {
                    kind: Kind::Reasoning,
                    id: id.clone(),
                    subagent_run_id: c.subagent_run_id.clone(),
                    role: TextRole::default(),
                    name: None,
                    tool_name: String::new(),
                    parent_message_id: None,
                };
                out.push(Event::ReasoningMessageStart(ReasoningMessageStartEvent {
                    message_id: id,
                    role: ReasoningRole::Tag,
                    subagent_run_id: c.subagent_run_id.clone(),
                    metadata: c.metadata.clone(),
                    ..Default::default()
                }));
                self.open(lane, p.clone(), &mut Vec::new());
                p
            }
        };
        if c.delta.is_some()
            || c.raw_event.is_some()
            || (out.len() == start && c.metadata.is_some())
        {
            out.push(Event::ReasoningMessageContent(
                ReasoningMessageContentEvent {
                    message_id: fields.id,
                    delta: c.delta.unwrap_or_default(),
                    subagent_run_id: c.subagent_run_id.or(fields.subagent_run_id),
                    metadata: c.metadata,
                    raw_event: c.raw_event,
                    timestamp: None,
                },
            ));
        }
        Ok(())
    }
}

fn role_name(r: TextRole) -> &'static str {
    match r {
        TextRole::Developer => "developer",
        TextRole::System => "system",
        TextRole::Assistant => "assistant",
        TextRole::User => "user",
    }
}

/// A continuation may repeat a field its opener set, but only with the same value.
fn agree(
    kind: Kind,
    id: &str,
    field: &str,
    incoming: Option<&str>,
    established: Option<&str>,
) -> Result<(), ChunkError> {
    match incoming {
        Some(v) if Some(v) != established => Err(ChunkError(format!(
            "Cannot continue {} '{id}': chunk {field} '{v}' does not match the open stream's {field} {}.",
            kind.entity(),
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
