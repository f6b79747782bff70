//! Writing user and tool content as LangChain content blocks (the parent
//! module says which shape each medium takes and why).

use serde_json::{json, Map, Value};

use super::FORMAT;
use crate::core::adapters::common::{self, data_url, Media, MediaKind, Part};
use crate::core::adapters::error::AdapterError;
use crate::core::adapters::openai;
use crate::core::types::{Content, PartSource};

pub(super) fn content(message_id: &str, c: &Content) -> Result<Value, AdapterError> {
    match c {
        Content::Text(s) => Ok(json!(s)),
        Content::Parts(parts) => Ok(Value::Array(
            common::parts(FORMAT, message_id, parts)?
                .iter()
                .map(block)
                .collect(),
        )),
    }
}

fn block(part: &Part) -> Value {
    let media = match part {
        Part::Text(text) => return json!({ "type": "text", "text": text }),
        Part::Media(m) => m,
    };
    let kind = match media.kind {
        MediaKind::Image => "image",
        MediaKind::Audio => "audio",
        MediaKind::Video => "video",
        MediaKind::Document => "file",
    };
    let mut b = Map::new();
    b.insert("type".into(), json!(kind));
    let mime = match &media.source {
        PartSource::Data { value, mime_type } => {
            if media.kind == MediaKind::Image {
                return json!({ "type": "image_url", "image_url": { "url": data_url(mime_type, value) } });
            }
            b.insert("source_type".into(), json!("base64"));
            b.insert("data".into(), json!(value));
            Some(mime_type)
        }
        PartSource::Url { value, mime_type } => {
            if media.kind == MediaKind::Image {
                return json!({ "type": "image_url", "image_url": { "url": value } });
            }
            b.insert("source_type".into(), json!("url"));
            b.insert("url".into(), json!(value));
            mime_type.as_ref()
        }
        PartSource::File {
            value,
            provider,
            mime_type,
        } => {
            let anthropic = provider
                .as_deref()
                .is_some_and(|p| p.eq_ignore_ascii_case("anthropic"));
            if anthropic || media.kind == MediaKind::Image {
                b.insert("file_id".into(), json!(value));
                b.insert("fileId".into(), json!(value));
            } else {
                b.insert("source_type".into(), json!("id"));
                b.insert("id".into(), json!(value));
            }
            mime_type.as_ref()
        }
    };
    if let Some(mime) = mime {
        b.insert("mime_type".into(), json!(mime_type(media.kind, mime)));
    }
    if let Some(filename) = filename(media) {
        b.insert("metadata".into(), json!({ "filename": filename }));
    }
    Value::Object(b)
}

/// WAV and MP3 under the one spelling each that both LangChains turn into
/// an `input_audio.format`; other types as they are.
fn mime_type(kind: MediaKind, mime: &str) -> String {
    match (kind, openai::audio_format(mime)) {
        (MediaKind::Audio, Some(format)) => format!("audio/{format}"),
        _ => mime.to_owned(),
    }
}

fn filename(media: &Media) -> Option<String> {
    match (media.kind, &media.source) {
        (MediaKind::Document, PartSource::Data { .. }) => Some(media.document_filename()),
        _ => media.filename.clone(),
    }
}
