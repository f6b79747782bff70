//! Reading LangChain content blocks back into AG-UI content parts (see the
//! parent module for the shapes accepted).

use serde_json::{Map, Value};

use super::READ;
use crate::core::adapters::common::{self, MediaKind};
use crate::core::adapters::error::AdapterError;
use crate::core::adapters::openai;
use crate::core::types::{Content, ContentPart, FromJson, PartSource};

pub(super) fn read_content(v: Option<&Value>, at: &str) -> Result<Content, AdapterError> {
    match v {
        None | Some(Value::Null) => Ok(Content::Text(String::new())),
        Some(Value::String(s)) => Ok(Content::Text(s.clone())),
        Some(Value::Array(blocks)) => {
            let mut parts = Vec::with_capacity(blocks.len());
            for (j, b) in blocks.iter().enumerate() {
                parts.push(read_block(b, &format!("{at}.content[{j}]"))?);
            }
            Ok(Content::Parts(parts))
        }
        Some(other) => Err(READ.invalid(
            &format!("{at}.content"),
            format!(
                "expected a string or a list, got {}",
                common::json_kind(other)
            ),
        )),
    }
}

fn read_block(b: &Value, at: &str) -> Result<ContentPart, AdapterError> {
    if let Value::String(s) = b {
        return Ok(common::text_part(s.clone()));
    }
    let o = READ.object(b, at)?;
    let kind = READ.str(o, "type", at)?;
    let media = match kind {
        "text" => return Ok(common::text_part(READ.str(o, "text", at)?.to_owned())),
        "image_url" => return read_image_url(o, at),
        "input_audio" => return read_input_audio(o, at),
        "file" if o.contains_key("file") => return read_openai_file(o, at),
        "image" => MediaKind::Image,
        "audio" => MediaKind::Audio,
        "video" => MediaKind::Video,
        "file" | "document" => MediaKind::Document,
        other => {
            return Err(READ.invalid(at, format!("no AG-UI content part for a {other:?} block")))
        }
    };
    let mime = match READ.opt_str(o, "mime_type", at)? {
        Some(m) => Some(m),
        None => READ.opt_str(o, "mimeType", at)?,
    }
    .map(str::to_owned);
    let source = match o.get("source") {
        Some(Value::Object(src)) => read_source(src, &format!("{at}.source"))?,
        _ => read_standard_source(o, mime, at)?,
    };
    Ok(media.part(source, block_filename(o)))
}

fn read_standard_source(
    o: &Map<String, Value>,
    mime: Option<String>,
    at: &str,
) -> Result<PartSource, AdapterError> {
    // v1 blocks name the field; older ones say which field via `source_type`.
    let (base64, url, file_id) = match READ.opt_str(o, "source_type", at)? {
        Some("base64") => (READ.opt_str(o, "data", at)?, None, None),
        Some("url") => (None, READ.opt_str(o, "url", at)?, None),
        Some("id") => (None, None, READ.opt_str(o, "id", at)?),
        Some(other) => {
            return Err(READ.invalid(
                &format!("{at}.source_type"),
                format!("unknown source_type {other:?}"),
            ))
        }
        // Python's v1 names, then LangChain.js's.
        None => (
            match READ.opt_str(o, "base64", at)? {
                Some(b) => Some(b),
                None => READ.opt_str(o, "data", at)?,
            },
            READ.opt_str(o, "url", at)?,
            match READ.opt_str(o, "file_id", at)? {
                Some(f) => Some(f),
                None => READ.opt_str(o, "fileId", at)?,
            },
        ),
    };
    if let Some(data) = base64 {
        let mime_type = mime.ok_or_else(|| {
            READ.invalid(at, "inline data needs a mime_type, which AG-UI requires")
        })?;
        return Ok(PartSource::Data {
            value: data.to_owned(),
            mime_type,
        });
    }
    if let Some(url) = url {
        return Ok(match common::source_from_url(url) {
            PartSource::Url { value, .. } => PartSource::Url {
                value,
                mime_type: mime,
            },
            data => data,
        });
    }
    if let Some(file_id) = file_id {
        return Ok(PartSource::File {
            value: file_id.to_owned(),
            provider: None,
            mime_type: mime,
        });
    }
    Err(READ.invalid(at, "a media block needs base64 data, a url or a file_id"))
}

/// A nested `source`: Anthropic's (`base64`, `url`, `file`), or AG-UI's own
/// (`data`, `url`, `file`, holding a `value`), which the AG-UI LangGraph
/// adapters pass through unconverted in tool results.
fn read_source(src: &Map<String, Value>, at: &str) -> Result<PartSource, AdapterError> {
    if src.contains_key("value") {
        return PartSource::from_json(Value::Object(src.clone()))
            .map_err(|e| READ.invalid(at, format!("not an AG-UI source: {e}")));
    }
    match READ.str(src, "type", at)? {
        "base64" => Ok(PartSource::Data {
            value: READ.str(src, "data", at)?.to_owned(),
            mime_type: READ.str(src, "media_type", at)?.to_owned(),
        }),
        "url" => Ok(common::source_from_url(READ.str(src, "url", at)?)),
        "file" => Ok(PartSource::File {
            value: READ.str(src, "file_id", at)?.to_owned(),
            provider: None,
            mime_type: None,
        }),
        other => Err(READ.invalid(
            &format!("{at}.type"),
            format!("no AG-UI source for a {other:?} source"),
        )),
    }
}

fn block_filename(o: &Map<String, Value>) -> Option<String> {
    let nested = |key: &str| o.get(key).and_then(|m| m.get("filename"));
    [o.get("filename"), nested("extras"), nested("metadata")]
        .into_iter()
        .flatten()
        .find_map(Value::as_str)
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
}

fn read_image_url(o: &Map<String, Value>, at: &str) -> Result<ContentPart, AdapterError> {
    let url = match o.get("image_url") {
        Some(Value::String(s)) => s.as_str(),
        Some(Value::Object(io)) => READ.str(io, "url", &format!("{at}.image_url"))?,
        _ => return Err(READ.invalid(at, "image_url needs a url")),
    };
    // The AG-UI LangGraph adapters send every medium this way, as a data
    // URL whose MIME type is all that says which.
    let source = common::source_from_url(url);
    let kind = match &source {
        PartSource::Data { mime_type, .. } => MediaKind::for_mime(mime_type),
        _ => MediaKind::Image,
    };
    Ok(kind.part(source, None))
}

fn read_input_audio(o: &Map<String, Value>, at: &str) -> Result<ContentPart, AdapterError> {
    let iat = format!("{at}.input_audio");
    let audio = READ.object(o.get("input_audio").unwrap_or(&Value::Null), &iat)?;
    let data = READ.str(audio, "data", &iat)?.to_owned();
    let format = READ.str(audio, "format", &iat)?;
    Ok(MediaKind::Audio.part(
        PartSource::Data {
            value: data,
            mime_type: openai::audio_mime(format),
        },
        None,
    ))
}

fn read_openai_file(o: &Map<String, Value>, at: &str) -> Result<ContentPart, AdapterError> {
    let fat = format!("{at}.file");
    let file = READ.object(o.get("file").unwrap_or(&Value::Null), &fat)?;
    openai::read_file_part(READ, file, &fat)
}
