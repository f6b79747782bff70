//! Message content: plain text or multimodal parts.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::strict;

/// Where a media part's bytes come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum PartSource {
    /// Bytes carried inline, base64-encoded.
    #[serde(rename_all = "camelCase")]
    Data { value: String, mime_type: String },
    /// Bytes referenced by URL.
    #[serde(rename_all = "camelCase")]
    Url {
        value: String,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "strict::some"
        )]
        mime_type: Option<String>,
    },
    /// Bytes already at the provider, named by a handle it issued.
    #[serde(rename_all = "camelCase")]
    File {
        value: String,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "strict::some"
        )]
        provider: Option<String>,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "strict::some"
        )]
        mime_type: Option<String>,
    },
}

/// The `type` names of [`PartSource`]; another name makes the part unusable.
pub const SOURCE_TYPES: &[&str] = &["data", "url", "file"];

/// A text part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextPart {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub id: Option<String>,
    pub text: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::non_null"
    )]
    pub metadata: Option<Value>,
}

/// An image, audio, video or document part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MediaPart {
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub id: Option<String>,
    pub source: PartSource,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::non_null"
    )]
    pub metadata: Option<Value>,
}

/// The pre-1.0 `binary` part. Accepted in history a client is given, and
/// upgraded to a media part whenever it travels (see [`BinaryPart::upgrade`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BinaryPart {
    pub mime_type: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub id: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub url: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub data: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::some"
    )]
    pub filename: Option<String>,
}

/// One part of a user or tool message body.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ContentPart {
    Text(TextPart),
    Image(MediaPart),
    Audio(MediaPart),
    Video(MediaPart),
    Document(MediaPart),
    /// Legacy; never produced, and dropped where the protocol forbids it.
    Binary(BinaryPart),
}

strict::tagged_enum_deserialize!(ContentPart, "type", {
    "text" => Text,
    "image" => Image,
    "audio" => Audio,
    "video" => Video,
    "document" => Document,
    "binary" => Binary,
});

/// The `type` names of the 1.0 parts.
pub const PART_TYPES: &[&str] = &["text", "image", "audio", "video", "document"];

impl BinaryPart {
    /// The 1.0 media part this legacy part stands for, chosen by MIME type,
    /// or `None` when it carries neither data nor a URL (only an id, which no
    /// 1.0 peer can resolve).
    pub fn upgrade(&self) -> Option<ContentPart> {
        let source = if let Some(data) = self.data.as_ref().filter(|d| !d.is_empty()) {
            PartSource::Data {
                value: data.clone(),
                mime_type: self.mime_type.clone(),
            }
        } else if let Some(url) = self.url.as_ref().filter(|u| !u.is_empty()) {
            PartSource::Url {
                value: url.clone(),
                mime_type: Some(self.mime_type.clone()),
            }
        } else {
            return None;
        };
        let metadata = self
            .filename
            .as_ref()
            .filter(|f| !f.is_empty())
            .map(|f| serde_json::json!({ "filename": f }));
        let part = MediaPart {
            id: None,
            source,
            metadata,
        };
        let m = &self.mime_type;
        Some(if m.starts_with("image/") {
            ContentPart::Image(part)
        } else if m.starts_with("audio/") {
            ContentPart::Audio(part)
        } else if m.starts_with("video/") {
            ContentPart::Video(part)
        } else {
            ContentPart::Document(part)
        })
    }
}

/// Replaces legacy binary parts by their 1.0 form, dropping a conversion that
/// the list already holds and any part that cannot be converted.
pub fn upgrade_parts(parts: &[ContentPart]) -> Vec<ContentPart> {
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        match part {
            ContentPart::Binary(b) => {
                if let Some(modern) = b.upgrade() {
                    if !parts.iter().any(|other| same_media(other, &modern, b)) {
                        out.push(modern);
                    }
                }
            }
            other => out.push(other.clone()),
        }
    }
    out
}

fn same_media(other: &ContentPart, converted: &ContentPart, legacy: &BinaryPart) -> bool {
    let (Some(a), Some(b)) = (media(other), media(converted)) else {
        return false;
    };
    if std::mem::discriminant(other) != std::mem::discriminant(converted) || a.source != b.source {
        return false;
    }
    match legacy.filename.as_deref().filter(|f| !f.is_empty()) {
        None => true,
        Some(f) => {
            a.metadata
                .as_ref()
                .and_then(|m| m.get("filename"))
                .and_then(Value::as_str)
                == Some(f)
        }
    }
}

fn media(p: &ContentPart) -> Option<&MediaPart> {
    match p {
        ContentPart::Image(m)
        | ContentPart::Audio(m)
        | ContentPart::Video(m)
        | ContentPart::Document(m) => Some(m),
        _ => None,
    }
}

/// A user or tool message body: a string, or parts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Content {
    Text(String),
    Parts(Vec<ContentPart>),
}

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match Value::deserialize(d)? {
            Value::String(s) => Ok(Content::Text(s)),
            v @ Value::Array(_) => serde_json::from_value(v)
                .map(Content::Parts)
                .map_err(D::Error::custom),
            other => Err(D::Error::custom(format!(
                "expected a string or an array of content parts, got {other}"
            ))),
        }
    }
}

impl Default for Content {
    fn default() -> Self {
        Content::Text(String::new())
    }
}
