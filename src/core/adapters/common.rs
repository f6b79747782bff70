//! What every target needs: content parts seen through one lens, data URLs,
//! tool-call arguments, tool errors, and the order a request wants.

use serde_json::{Map, Value};

use super::error::{AdapterError, Format};
use crate::core::types::content::upgrade_parts;
use crate::core::types::{Content, ContentPart, MediaPart, Message, PartSource, TextPart};

/// The four media part types; they differ only in name on the AG-UI side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MediaKind {
    Image,
    Audio,
    Video,
    Document,
}

impl MediaKind {
    pub(super) fn name(self) -> &'static str {
        match self {
            MediaKind::Image => "image",
            MediaKind::Audio => "audio",
            MediaKind::Video => "video",
            MediaKind::Document => "document",
        }
    }

    /// The kind a MIME type names, for targets that send every medium in one
    /// block type: the type's top level decides, and what is neither image,
    /// audio nor video is a document.
    pub(super) fn for_mime(mime_type: &str) -> MediaKind {
        match mime_base(mime_type).split('/').next().unwrap_or("") {
            "image" => MediaKind::Image,
            "audio" => MediaKind::Audio,
            "video" => MediaKind::Video,
            _ => MediaKind::Document,
        }
    }

    /// The AG-UI part for a source read back from a target.
    pub(super) fn part(self, source: PartSource, filename: Option<String>) -> ContentPart {
        let media = MediaPart::<()> {
            metadata: filename.map(|f| serde_json::json!({ "filename": f })),
            ..MediaPart::new(source)
        };
        match self {
            MediaKind::Image => ContentPart::Image(media.retag()),
            MediaKind::Audio => ContentPart::Audio(media.retag()),
            MediaKind::Video => ContentPart::Video(media.retag()),
            MediaKind::Document => ContentPart::Document(media.retag()),
        }
    }
}

/// One part of a user or tool body, ready to be written in a target's terms.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Part {
    Text(String),
    Media(Media),
}

#[derive(Debug, Clone, PartialEq)]
pub(super) struct Media {
    pub kind: MediaKind,
    pub source: PartSource,
    /// `metadata.filename`, the one piece of part metadata a target can use.
    pub filename: Option<String>,
}

impl Media {
    /// How errors name this part: `content[2] (video, url source)`.
    pub(super) fn label(&self, index: usize) -> String {
        let source = match self.source {
            PartSource::Data { .. } => "data",
            PartSource::Url { .. } => "url",
            PartSource::File { .. } => "file",
        };
        format!("content[{index}] ({}, {source} source)", self.kind.name())
    }

    /// The name an inline document travels under: OpenAI may refuse
    /// `file_data` without a filename, so a part without one gets a fixed
    /// name, with the extension of a PDF when it is one.
    pub(super) fn document_filename(&self) -> String {
        match (&self.filename, &self.source) {
            (Some(name), _) => name.clone(),
            (None, PartSource::Data { mime_type, .. }) if mime_base(mime_type) == PDF => {
                "document.pdf".into()
            }
            (None, _) => "document".into(),
        }
    }
}

pub(super) const PDF: &str = "application/pdf";

/// A MIME type without parameters, lowercased: MIME types are
/// case-insensitive, and the vendors' enums are the plain lowercase form.
pub(super) fn mime_base(mime_type: &str) -> String {
    mime_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// The parts of a body as the targets see them: legacy `binary` parts
/// upgraded (the protocol sends them only in their 1.0 form), and a url
/// source that holds a base64 `data:` URL read as the inline data it is,
/// since vendors that take inline bytes want them as bytes, not as a URL.
///
/// A part's `id` and its metadata other than `filename` are annotations for
/// the UI; no target has a slot for them, so they are not carried.
pub(super) fn parts(
    target: Format,
    message_id: &str,
    parts: &[ContentPart],
) -> Result<Vec<Part>, AdapterError> {
    let binary_error = |index: usize| AdapterError::Unsupported {
        target,
        message_id: message_id.to_owned(),
        part: format!("content[{index}] (binary)"),
        reason: "a legacy binary part with neither data nor a url has no 1.0 form to send".into(),
    };
    for (index, part) in parts.iter().enumerate() {
        if let ContentPart::Binary(b) = part {
            if b.upgrade().is_none() {
                return Err(binary_error(index));
            }
        }
    }
    let upgraded = upgrade_parts(parts);
    let mut out = Vec::with_capacity(upgraded.len());
    for (index, part) in upgraded.into_iter().enumerate() {
        let (kind, media) = match part {
            ContentPart::Text(TextPart { text, .. }) => {
                out.push(Part::Text(text));
                continue;
            }
            ContentPart::Image(m) => (MediaKind::Image, m.retag::<()>()),
            ContentPart::Audio(m) => (MediaKind::Audio, m.retag()),
            ContentPart::Video(m) => (MediaKind::Video, m.retag()),
            ContentPart::Document(m) => (MediaKind::Document, m.retag()),
            // upgrade_parts never returns one; refuse rather than assume.
            ContentPart::Binary(_) => return Err(binary_error(index)),
        };
        out.push(Part::Media(Media {
            kind,
            filename: filename(media.metadata.as_ref()),
            source: inline_data_url(media.source),
        }));
    }
    Ok(out)
}

fn filename(metadata: Option<&Value>) -> Option<String> {
    metadata
        .and_then(|m| m.get("filename"))
        .and_then(Value::as_str)
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
}

fn inline_data_url(source: PartSource) -> PartSource {
    if let PartSource::Url { value, mime_type } = &source {
        if let Some((inner, data)) = parse_data_url(value) {
            if let Some(mime_type) = inner.or_else(|| mime_type.clone()) {
                return PartSource::Data {
                    value: data,
                    mime_type,
                };
            }
        }
    }
    source
}

pub(super) fn data_url(mime_type: &str, data: &str) -> String {
    format!("data:{mime_type};base64,{data}")
}

/// The media type (if the URL names one) and base64 payload of a
/// `data:...;base64,...` URL. Percent-encoded data URLs and empty payloads
/// are not inline base64, so they stay URLs.
pub(super) fn parse_data_url(url: &str) -> Option<(Option<String>, String)> {
    // Schemes are case-insensitive (RFC 3986 §3.1).
    if !url.get(..5)?.eq_ignore_ascii_case("data:") {
        return None;
    }
    let (header, payload) = url.get(5..)?.split_once(',')?;
    if payload.is_empty() {
        return None;
    }
    let mut params = header.split(';');
    let mime_type = params.next().unwrap_or("").trim();
    if !params.any(|p| p.trim().eq_ignore_ascii_case("base64")) {
        return None;
    }
    let mime_type = (!mime_type.is_empty()).then(|| mime_type.to_owned());
    Some((mime_type, payload.to_owned()))
}

/// The source a URL read back from a target stands for: inline data when it
/// is a base64 data URL with a media type, a URL otherwise.
pub(super) fn source_from_url(url: &str) -> PartSource {
    match parse_data_url(url) {
        Some((Some(mime_type), value)) => PartSource::Data { value, mime_type },
        _ => PartSource::Url {
            value: url.to_owned(),
            mime_type: None,
        },
    }
}

/// The history in the order a request wants it: a system or developer
/// message that arrives between an assistant's tool calls and their last
/// result moves to just after the results. OpenAI wants a call's results
/// right after the call, and an instruction given while tools ran means the
/// same a moment later. Everything else keeps its place.
pub(super) fn results_first(messages: &[Message]) -> Vec<&Message> {
    let mut out = Vec::with_capacity(messages.len());
    let mut held: Vec<&Message> = Vec::new();
    let mut open: Vec<&str> = Vec::new();
    for message in messages {
        match message {
            Message::System(_) | Message::Developer(_) if !open.is_empty() => {
                held.push(message);
                continue;
            }
            Message::Tool(t) => {
                open.retain(|id| *id != t.tool_call_id);
                out.push(message);
                if open.is_empty() {
                    out.append(&mut held);
                }
                continue;
            }
            Message::Activity(_) => {
                out.push(message);
                continue;
            }
            _ => {}
        }
        out.append(&mut held);
        open.clear();
        if let Message::Assistant(a) = message {
            open.extend(a.tool_calls.iter().flatten().map(|c| c.id.as_str()));
        }
        out.push(message);
    }
    out.append(&mut held);
    out
}

/// A tool call's arguments as the object targets with typed inputs need.
///
/// Empty arguments mean "no arguments": streaming often leaves a call to a
/// parameterless tool with `""`, and OpenAI and the AG-UI LangGraph adapters
/// read that as `{}`. Anything else must parse to an object.
pub(super) fn parse_arguments(raw: &str) -> Result<Map<String, Value>, String> {
    if raw.trim().is_empty() {
        return Ok(Map::new());
    }
    match crate::core::json::parse(raw) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(format!(
            "they parse as {}, not an object",
            json_kind(&other)
        )),
        Err(e) => Err(format!("they are not valid JSON ({e})")),
    }
}

/// [`parse_arguments`] for a call of message `message_id`, its failure
/// named as the target's error.
pub(super) fn call_arguments(
    target: Format,
    message_id: &str,
    call: &crate::core::types::ToolCall,
) -> Result<Map<String, Value>, AdapterError> {
    parse_arguments(&call.function.arguments).map_err(|reason| AdapterError::InvalidToolArguments {
        target,
        message_id: message_id.to_owned(),
        tool_call_id: call.id.clone(),
        reason,
    })
}

pub(super) use crate::core::types::from_json::kind as json_kind;

pub(super) fn is_empty(content: &Content) -> bool {
    match content {
        Content::Text(s) => s.is_empty(),
        Content::Parts(p) => p.is_empty(),
    }
}

/// The body a model reads for a tool result that failed.
///
/// No target but Anthropic and LangChain has an error flag, and a flag alone
/// does not say what went wrong, so the error text always travels in the
/// body: as the whole body when the tool returned nothing, or as a last text
/// part after what it did return.
pub(super) fn tool_body(content: &Content, error: Option<&str>, prefix: &str) -> Content {
    let Some(error) = error else {
        return content.clone();
    };
    let error = format!("{prefix}{error}");
    if is_empty(content) {
        return Content::Text(error);
    }
    let mut parts = match content {
        Content::Text(s) => vec![text_part(s.clone())],
        Content::Parts(p) => p.clone(),
    };
    parts.push(text_part(error));
    Content::Parts(parts)
}

pub(super) fn text_part(text: String) -> ContentPart {
    ContentPart::Text(TextPart {
        text,
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_urls_need_base64_and_a_payload() {
        assert_eq!(
            parse_data_url("data:image/png;base64,AAA"),
            Some((Some("image/png".into()), "AAA".into()))
        );
        assert_eq!(
            parse_data_url("DATA:;Base64,AAA"),
            Some((None, "AAA".into()))
        );
        assert_eq!(parse_data_url("data:text/plain,hello"), None);
        assert_eq!(parse_data_url("data:image/png;base64,"), None);
        assert_eq!(parse_data_url("https://x/y.png"), None);
        assert_eq!(parse_data_url("dätä:x"), None);
    }

    #[test]
    fn mime_types_name_their_kind() {
        assert_eq!(MediaKind::for_mime("Audio/WAV; x=1"), MediaKind::Audio);
        assert_eq!(MediaKind::for_mime("video/mp4"), MediaKind::Video);
        assert_eq!(MediaKind::for_mime("image/png"), MediaKind::Image);
        assert_eq!(MediaKind::for_mime("application/pdf"), MediaKind::Document);
        assert_eq!(MediaKind::for_mime(""), MediaKind::Document);
    }

    #[test]
    fn held_instructions_go_out_when_the_results_stop() {
        use crate::core::types::FromJson;
        let history: Vec<Message> = FromJson::from_json(serde_json::json!([
            { "id": "a1", "role": "assistant", "toolCalls": [
                { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } },
                { "id": "c2", "type": "function", "function": { "name": "g", "arguments": "{}" } }
            ] },
            { "id": "s1", "role": "system", "content": "first" },
            { "id": "t1", "role": "tool", "toolCallId": "c1", "content": "one" },
            { "id": "d1", "role": "developer", "content": "second" },
            { "id": "u1", "role": "user", "content": "c2 never answers" },
            { "id": "s2", "role": "system", "content": "not held" }
        ]))
        .expect("AG-UI");
        let ids: Vec<&str> = results_first(&history).iter().map(|m| m.id()).collect();
        assert_eq!(ids, ["a1", "t1", "s1", "d1", "u1", "s2"]);
    }

    #[test]
    fn empty_arguments_are_no_arguments() {
        assert_eq!(parse_arguments("  "), Ok(Map::new()));
        assert!(parse_arguments("[1]").is_err());
        assert!(parse_arguments("{").is_err());
    }
}
