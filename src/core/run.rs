//! One run around the pipeline: the request body, the pending-interrupt
//! checks before anything is sent, and the run's result.

use std::borrow::Cow;

use serde_json::Value;

use super::decode::DecodeError;
use super::error::RunError;
use super::history::History;
use super::ids;
use super::json::Scanner;
use super::json::{parse_f64, to_json, write_items, write_str, Object, ToJson};
use super::maps::HashSet;
use super::reducer::AgentState;
use super::types::content::upgrade_parts;
use super::types::declare::wire_name;
use super::types::scan::{self, Scan, ScanCx};
use super::types::*;

/// The protocol version this client speaks and declares.
pub const PROTOCOL_VERSION: &str = "1.0";

/// What the caller passes to `runAgent`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunParams {
    pub run_id: Option<String>,
    pub tools: Option<Vec<Tool>>,
    pub context: Option<Vec<Context>>,
    pub forwarded_props: Option<Value>,
    pub resume: Option<Vec<ResumeEntry>>,
}

/// Every parameter may be left out or given as `null`.
impl FromJson for RunParams {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        const NAMES: [&str; 5] = [
            wire_name!(RunAgentInput, run_id),
            wire_name!(RunAgentInput, tools),
            wire_name!(RunAgentInput, context),
            wire_name!(RunAgentInput, forwarded_props),
            wire_name!(RunAgentInput, resume),
        ];
        let mut p = RunParams::default();
        scan::object(s, cx, &NAMES, u64::MAX, &mut |i, s, cx| match i {
            0 => loose(&mut p.run_id, s, cx),
            1 => loose(&mut p.tools, s, cx),
            2 => loose(&mut p.context, s, cx),
            3 => loose(&mut p.forwarded_props, s, cx),
            _ => loose(&mut p.resume, s, cx),
        })?;
        Ok(p)
    }
}

/// A parameter where `null` means absent, as options passed from
/// JavaScript (`{ tools: null }`) are read.
fn loose<T: FromJson>(dst: &mut Option<T>, s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<()> {
    *dst = match scan::peek(s) {
        Some(b'n') => scan::value(s, cx).map(|_| None)?,
        _ => Some(T::scan(s, cx)?),
    };
    Ok(())
}

/// The run id a run with these parameters uses: the caller's, or a new one.
pub fn run_id_of(params: &RunParams) -> String {
    params
        .run_id
        .clone()
        .filter(|r| !r.is_empty())
        .unwrap_or_else(ids::uuid)
}

/// Builds the body of the run request. Activity messages stay on the client;
/// everything else, reasoning and its encrypted values included, travels as
/// it is, with legacy content parts upgraded.
pub fn prepare_input(agent: &mut AgentState, thread_id: &str, params: &RunParams) -> RunAgentInput {
    let order = outgoing_order(&mut agent.messages);
    let h = &agent.messages;
    let messages = order
        .into_iter()
        .filter_map(|i| h.get(i).and_then(outgoing))
        .map(Cow::into_owned)
        .collect();
    let state = (!agent.state.is_null()).then(|| (*agent.state).clone());
    RunAgentInput {
        thread_id: thread_id.to_owned(),
        run_id: run_id_of(params),
        protocol_version: Some(PROTOCOL_VERSION.to_owned()),
        parent_run_id: None,
        state,
        messages,
        tools: params.tools.clone().unwrap_or_default(),
        context: params.context.clone().unwrap_or_default(),
        forwarded_props: Some(match &params.forwarded_props {
            None | Some(Value::Null) => Value::Object(Default::default()),
            Some(v) => v.clone(),
        }),
        resume: params.resume.clone(),
    }
}

/// The JSON text of [`prepare_input`]'s value, written from the history
/// and state as they are: a long history costs one pass of serialization
/// per run, not a copy of every message first.
pub fn write_input(
    agent: &mut AgentState,
    thread_id: &str,
    run_id: &str,
    params: &RunParams,
) -> String {
    let frame = InputFrame::new(thread_id, run_id, Some(PROTOCOL_VERSION), params);
    let state = (!agent.state.is_null()).then(|| to_json(&agent.state));
    let order = outgoing_order(&mut agent.messages);
    let h = &agent.messages;
    let messages = Outgoing(order.iter().filter_map(|&i| h.get(i).and_then(outgoing)));
    frame.join(state.as_deref(), &to_json(&messages))
}

/// The run input around its history and state, which a caller may write
/// by other means (the binding has them as JS values already):
/// `head`, then `"state"` and `"messages"`, then `tail`, as [`Self::join`]
/// puts them together, in [`RunAgentInput`]'s field order.
pub struct InputFrame {
    pub head: String,
    pub tail: String,
}

impl InputFrame {
    /// `protocol_version` is `None` for a caller that speaks for a
    /// pre-1.0 client, which sent none.
    pub fn new(
        thread_id: &str,
        run_id: &str,
        protocol_version: Option<&str>,
        params: &RunParams,
    ) -> Self {
        let mut head = String::new();
        let mut o = Object::open(&mut head);
        o.field(wire_name!(RunAgentInput, thread_id), thread_id);
        o.field(wire_name!(RunAgentInput, run_id), run_id);
        if let Some(v) = protocol_version {
            o.field(wire_name!(RunAgentInput, protocol_version), v);
        }
        o.close();
        let mut tail = String::new();
        let mut o = Object::open(&mut tail);
        o.field(
            wire_name!(RunAgentInput, tools),
            params.tools.as_deref().unwrap_or_default(),
        );
        o.field(
            wire_name!(RunAgentInput, context),
            params.context.as_deref().unwrap_or_default(),
        );
        match &params.forwarded_props {
            None | Some(Value::Null) => o.field(
                wire_name!(RunAgentInput, forwarded_props),
                &Value::Object(Default::default()),
            ),
            Some(v) => o.field(wire_name!(RunAgentInput, forwarded_props), v),
        }
        o.field(wire_name!(RunAgentInput, resume), &params.resume);
        o.close();
        // Both are objects with at least one field: `{...}`, opened here
        // into `{...,` and `,...}`.
        head.pop();
        head.push(',');
        tail.replace_range(..1, ",");
        InputFrame { head, tail }
    }

    /// The whole body, given the state's JSON text (`None` when the state
    /// is null: it is left out) and the outgoing messages' JSON text.
    pub fn join(&self, state: Option<&str>, messages: &str) -> String {
        let mut out = self.head.clone();
        if let Some(s) = state {
            write_str(wire_name!(RunAgentInput, state), &mut out);
            out.push(':');
            out.push_str(s);
            out.push(',');
        }
        write_str(wire_name!(RunAgentInput, messages), &mut out);
        out.push(':');
        out.push_str(messages);
        out.push_str(&self.tail);
        out
    }
}

/// The messages as they travel, written once.
struct Outgoing<I>(I);

impl<'a, I: Iterator<Item = Cow<'a, Message>> + Clone> ToJson for Outgoing<I> {
    fn write_json(&self, out: &mut String) {
        write_items(self.0.clone(), out);
    }
}

/// Positions of the messages a request sends, in the order it sends them:
/// tool results behind their calls (`History::results_with_calls`; only
/// the request's copy changes, not the history), activity left on the
/// client (pairing passes over it, so it may go after).
pub fn outgoing_order(h: &mut History) -> Vec<usize> {
    let order = h
        .results_with_calls()
        .unwrap_or_else(|| (0..h.len()).collect());
    order
        .into_iter()
        .filter(|&i| !h.get(i).is_some_and(Message::is_activity))
        .collect()
}

/// The error a request body earns where it holds more container entries
/// than `max_entries` (the reference checks its outgoing input as it checks
/// an event, before a byte is sent).
pub fn input_over(body: &str, max_entries: Option<usize>) -> Option<DecodeError> {
    let mut cx = ScanCx {
        entries_left: max_entries,
        ..Default::default()
    };
    let _ = scan::from_text::<RunAgentInput>(body, &mut cx);
    cx.over_limit.then(|| DecodeError::over_limit(max_entries))
}

/// A message as it travels in a request: `None` for an activity message,
/// which stays on the client; a copy only for the rare message with legacy
/// parts to upgrade; otherwise the message itself.
pub fn outgoing(m: &Message) -> Option<Cow<'_, Message>> {
    let content = match m {
        Message::Activity(_) => return None,
        Message::User(u) => &u.content,
        Message::Tool(t) => &t.content,
        _ => return Some(Cow::Borrowed(m)),
    };
    let parts = match content {
        Content::Parts(parts) if parts.iter().any(|p| matches!(p, ContentPart::Binary(_))) => parts,
        _ => return Some(Cow::Borrowed(m)),
    };
    let upgraded = Content::Parts(upgrade_parts(parts));
    let mut copy = m.clone();
    match &mut copy {
        Message::User(m) => m.content = upgraded,
        Message::Tool(m) => m.content = upgraded,
        _ => {}
    }
    Some(Cow::Owned(copy))
}

/// A thread with open interrupts can only go on when the input answers every
/// one, and an expired one only by cancelling it. `now_ms` is the current
/// time in milliseconds since the epoch.
pub fn check_interrupts(
    pending: &[Interrupt],
    resume: Option<&[ResumeEntry]>,
    now_ms: f64,
) -> Result<(), RunError> {
    if pending.is_empty() {
        return Ok(());
    }
    let resume = resume.unwrap_or(&[]);
    let answered: HashSet<&str> = resume.iter().map(|r| r.interrupt_id.as_str()).collect();
    let uncovered: Vec<&str> = pending
        .iter()
        .map(|i| i.id.as_str())
        .filter(|id| !answered.contains(id))
        .collect();
    if !uncovered.is_empty() {
        return Err(RunError::Interrupts(format!(
            "Thread has {} pending interrupt(s) not addressed by resume: {}",
            uncovered.len(),
            uncovered.join(", ")
        )));
    }
    for i in pending {
        let Some(expires) = i.expires_at.as_deref() else {
            continue;
        };
        if !parse_instant(expires).is_some_and(|t| t <= now_ms) {
            continue;
        }
        let entry = resume.iter().find(|r| r.interrupt_id == i.id);
        if entry.map(|r| r.status) != Some(ResumeStatus::Cancelled) {
            return Err(RunError::Interrupts(format!(
                "Interrupt {} expired at {expires} and can no longer be answered. Cancel it to continue the thread.",
                i.id
            )));
        }
    }
    Ok(())
}

/// Milliseconds since the epoch of an ISO 8601 instant (`2026-01-02`,
/// `2026-01-02T03:04:05.678Z`, `...+02:00`); `None` for anything else, which
/// like an invalid JS Date never counts as expired. A time without an offset
/// is read as UTC.
pub fn parse_instant(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<i64> {
        let part = s.get(from..from + len)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (y, mo, d) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    if b.get(4) != Some(&b'-')
        || b.get(7) != Some(&b'-')
        || !(1..=12).contains(&mo)
        || !(1..=31).contains(&d)
    {
        return None;
    }
    let mut ms = days_from_civil(y, mo, d) as f64 * 86_400_000.0;
    if b.len() == 10 {
        return Some(ms);
    }
    if !matches!(b.get(10), Some(b'T' | b't' | b' ')) || b.get(13) != Some(&b':') {
        return None;
    }
    let (h, mi) = (num(11, 2)?, num(14, 2)?);
    let mut at = 16;
    let mut sec = 0.0;
    if b.get(at) == Some(&b':') {
        sec = num(at + 1, 2)? as f64;
        at += 3;
        if b.get(at) == Some(&b'.') {
            let start = at + 1;
            let mut end = start;
            while b.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            let frac = parse_f64(&format!("0.{}", s.get(start..end)?))?;
            sec += frac;
            at = end;
        }
    }
    if h > 24 || mi > 59 || sec >= 61.0 {
        return None;
    }
    ms += (h * 3_600_000 + mi * 60_000) as f64 + sec * 1000.0;
    match s.get(at..)? {
        "" | "Z" | "z" => Some(ms),
        tz => {
            let sign = match tz.as_bytes().first()? {
                b'+' => 1.0,
                b'-' => -1.0,
                _ => return None,
            };
            let (oh, om) = (num(at + 1, 2)?, num(at + 4, 2)?);
            if tz.len() != 6 || tz.as_bytes()[3] != b':' {
                return None;
            }
            Some(ms - sign * ((oh * 60 + om) * 60_000) as f64)
        }
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_body_is_the_prepared_input() {
        let binary = ContentPart::Binary(BinaryPart {
            kind: Default::default(),
            mime_type: "image/png".into(),
            id: None,
            url: Some("https://x.test/a.png".into()),
            data: None,
            filename: None,
        });
        let messages = vec![
            Message::User(Box::new(UserMessage {
                id: "u1".into(),
                content: Content::Parts(vec![binary]),
                ..Default::default()
            })),
            Message::Activity(Box::new(ActivityMessage {
                id: "a1".into(),
                activity_type: "PLAN".into(),
                ..Default::default()
            })),
            Message::Assistant(Box::new(AssistantMessage {
                id: "m1".into(),
                content: Some("hi \"there\"\n".into()),
                ..Default::default()
            })),
            Message::Tool(Box::new(ToolMessage {
                id: "t1".into(),
                tool_call_id: "c1".into(),
                content: Content::Text("42".into()),
                ..Default::default()
            })),
        ];
        let rich = RunParams {
            run_id: Some("r1".into()),
            tools: Some(vec![Tool {
                name: "weather".into(),
                description: "d".into(),
                parameters: Some(serde_json::json!({"type": "object"})),
                ..Default::default()
            }]),
            context: Some(vec![Context {
                description: "c".into(),
                value: "v".into(),
            }]),
            forwarded_props: Some(serde_json::json!({"k": [1, 2]})),
            resume: Some(vec![ResumeEntry {
                interrupt_id: "i1".into(),
                status: ResumeStatus::Resolved,
                payload: None,
                metadata: None,
            }]),
        };
        for state in [Value::Null, serde_json::json!({"n": 1})] {
            for params in [RunParams::default(), rich.clone()] {
                let mut agent = AgentState {
                    messages: History::new(messages.clone()),
                    state: state.clone().into(),
                    pending_interrupts: Vec::new(),
                };
                let prepared = prepare_input(&mut agent, "t", &params);
                let written = write_input(&mut agent, "t", &prepared.run_id, &params);
                assert_eq!(written, crate::core::json::to_json(&prepared));
            }
        }
    }

    #[test]
    fn instants() {
        assert_eq!(parse_instant("1970-01-01"), Some(0.0));
        assert_eq!(parse_instant("1970-01-01T00:00:01Z"), Some(1000.0));
        assert_eq!(parse_instant("1970-01-01T01:00:00.5+01:00"), Some(500.0));
        assert_eq!(
            parse_instant("2000-03-01T00:00:00Z"),
            Some(951_868_800_000.0)
        );
        assert_eq!(parse_instant("tomorrow"), None);
        assert_eq!(parse_instant("2000-13-01"), None);
    }

    #[test]
    fn interrupts_must_be_answered_and_expired_ones_cancelled() {
        let i = Interrupt {
            id: "i1".into(),
            reason: "approval".into(),
            expires_at: Some("2000-01-01T00:00:00Z".into()),
            ..Default::default()
        };
        let now = parse_instant("2026-01-01").unwrap();
        assert!(check_interrupts(std::slice::from_ref(&i), None, now).is_err());
        let resolved = ResumeEntry {
            interrupt_id: "i1".into(),
            status: ResumeStatus::Resolved,
            payload: None,
            metadata: None,
        };
        assert!(check_interrupts(
            std::slice::from_ref(&i),
            Some(std::slice::from_ref(&resolved)),
            now
        )
        .is_err());
        let cancelled = ResumeEntry {
            status: ResumeStatus::Cancelled,
            ..resolved.clone()
        };
        assert!(check_interrupts(std::slice::from_ref(&i), Some(&[cancelled]), now).is_ok());
        let later = parse_instant("1999-01-01").unwrap();
        assert!(check_interrupts(&[i], Some(&[resolved]), later).is_ok());
    }
}
