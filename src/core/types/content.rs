//! Message content: plain text or multimodal parts.

use agui_derive::protocol;
use serde_json::Value;

use crate::core::json::{Scanner, ToJson};

use super::declare::wire_name;
use super::from_json::FromJson;
use super::scan::{self, Scan, ScanCx};
use super::strict;

/// The `type` of a text part.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum TextTag {
    #[default]
    Text,
}

/// The `type` of an image part.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum ImageTag {
    #[default]
    Image,
}

/// The `type` of an audio part.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum AudioTag {
    #[default]
    Audio,
}

/// The `type` of a video part.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum VideoTag {
    #[default]
    Video,
}

/// The `type` of a document part.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum DocumentTag {
    #[default]
    Document,
}

/// The `type` of a binary part.
#[protocol]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum BinaryTag {
    #[default]
    Binary,
}

/// Where a media part's bytes come from.
#[protocol]
#[derive(Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum PartSource {
    /// Bytes carried inline, base64-encoded.
    Data { value: String, mime_type: String },
    /// Bytes referenced by URL.
    Url {
        value: String,
        mime_type: Option<String>,
    },
    /// Bytes already at the provider, named by a handle it issued.
    File {
        value: String,
        provider: Option<String>,
        mime_type: Option<String>,
    },
}

/// Only what a field holds until it is read (see `scan::object`).
impl Default for PartSource {
    fn default() -> Self {
        PartSource::Url {
            value: String::new(),
            mime_type: None,
        }
    }
}

/// A text part.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextPart {
    #[wire(tag)]
    #[serde(rename = "type")]
    pub kind: TextTag,
    pub id: Option<String>,
    pub text: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    #[wire(with = strict::non_null)]
    pub metadata: Option<Value>,
}

/// An image, audio, video or document part; `K` is its `type` tag.
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MediaPart<K> {
    #[wire(tag)]
    #[serde(rename = "type")]
    pub kind: K,
    pub id: Option<String>,
    pub source: PartSource,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
    #[wire(with = strict::non_null)]
    pub metadata: Option<Value>,
}

/// An image part.
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
pub type ImagePart = MediaPart<ImageTag>;
/// An audio part.
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
pub type AudioPart = MediaPart<AudioTag>;
/// A video part.
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
pub type VideoPart = MediaPart<VideoTag>;
/// A document part.
#[cfg_attr(target_arch = "wasm32", tsify::declare)]
pub type DocumentPart = MediaPart<DocumentTag>;

impl<K> MediaPart<K> {
    pub fn new(source: PartSource) -> Self
    where
        K: Default,
    {
        MediaPart {
            kind: K::default(),
            id: None,
            source,
            metadata: None,
        }
    }

    /// The same part under another media type.
    pub fn retag<T: Default>(self) -> MediaPart<T> {
        MediaPart {
            kind: T::default(),
            id: self.id,
            source: self.source,
            metadata: self.metadata,
        }
    }
}

/// The pre-1.0 `binary` part. Accepted in history a client is given, and
/// upgraded to a media part whenever it travels (see [`BinaryPart::upgrade`]).
#[protocol]
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BinaryPart {
    #[wire(tag)]
    #[serde(rename = "type")]
    pub kind: BinaryTag,
    pub mime_type: String,
    pub id: Option<String>,
    pub url: Option<String>,
    pub data: Option<String>,
    pub filename: Option<String>,
}

/// One part of a user or tool message body. Each part carries its own
/// `type`, so the union serializes untagged; it reads by `type`.
///
/// In TypeScript the union is the protocol's five parts: the legacy `binary`
/// part is kept in a history the application gave us (as the reference
/// does), but it is not part of the 1.0 type, and naming it there would make
/// every message type wider than @ag-ui/core's.
#[protocol]
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    target_arch = "wasm32",
    tsify(type = "TextPart | ImagePart | AudioPart | VideoPart | DocumentPart")
)]
#[serde(untagged)]
pub enum ContentPart {
    Text(TextPart),
    Image(ImagePart),
    Audio(AudioPart),
    Video(VideoPart),
    Document(DocumentPart),
    /// Legacy; never produced, and dropped where the protocol forbids it.
    Binary(BinaryPart),
}

/// The `type` names of the 1.0 parts: all but the legacy `binary`, last.
pub const PART_TYPES: &[&str] = ContentPart::TAGS.split_last().unwrap().1;

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
        let metadata =
            self.filename.as_ref().filter(|f| !f.is_empty()).map(|f| {
                std::iter::once((FILENAME.to_owned(), Value::String(f.clone()))).collect()
            });
        let part = MediaPart::<ImageTag> {
            metadata,
            ..MediaPart::new(source)
        };
        let m = &self.mime_type;
        Some(if m.starts_with("image/") {
            ContentPart::Image(part)
        } else if m.starts_with("audio/") {
            ContentPart::Audio(part.retag())
        } else if m.starts_with("video/") {
            ContentPart::Video(part.retag())
        } else {
            ContentPart::Document(part.retag())
        })
    }
}

/// The metadata key a legacy part's filename moves to: the legacy field's
/// own name.
pub const FILENAME: &str = wire_name!(BinaryPart, filename);

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
    let (Some((a_source, a_metadata)), Some((b_source, _))) = (other.media(), converted.media())
    else {
        return false;
    };
    if std::mem::discriminant(other) != std::mem::discriminant(converted) || a_source != b_source {
        return false;
    }
    match legacy.filename.as_deref().filter(|f| !f.is_empty()) {
        None => true,
        Some(f) => {
            a_metadata
                .and_then(|m| m.get(FILENAME))
                .and_then(Value::as_str)
                == Some(f)
        }
    }
}

impl ContentPart {
    /// A media part's source and metadata, whatever its media type.
    pub fn media(&self) -> Option<(&PartSource, Option<&Value>)> {
        match self {
            ContentPart::Image(m) => Some((&m.source, m.metadata.as_ref())),
            ContentPart::Audio(m) => Some((&m.source, m.metadata.as_ref())),
            ContentPart::Video(m) => Some((&m.source, m.metadata.as_ref())),
            ContentPart::Document(m) => Some((&m.source, m.metadata.as_ref())),
            _ => None,
        }
    }
}

/// A user or tool message body: a string, or parts.
// Read by its own reader: its members are not structs that carry a tag.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), serde(untagged))]
pub enum Content {
    Text(String),
    Parts(Vec<ContentPart>),
}

impl FromJson for Content {
    fn scan(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Self> {
        match scan::peek(s) {
            Some(b'"') => scan::string(s).map(Content::Text),
            Some(b'[') => {
                let parts = Vec::<ContentPart>::scan(s, cx)?;
                // An event's legacy part is the compatibility boundary's
                // to upgrade (`decode`).
                cx.legacy |= parts.iter().any(|p| matches!(p, ContentPart::Binary(_)));
                Ok(Content::Parts(parts))
            }
            _ => Err(scan::expected(s, "a string or an array of content parts")),
        }
    }
}

impl ToJson for Content {
    fn write_json(&self, out: &mut String) {
        match self {
            Content::Text(s) => s.write_json(out),
            Content::Parts(parts) => parts.write_json(out),
        }
    }
}

impl Default for Content {
    fn default() -> Self {
        Content::Text(String::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `PART_TYPES` is the union's tags less its last, so the legacy part
    /// must stay last.
    #[test]
    fn the_protocol_part_types_leave_out_only_binary() {
        assert_eq!(
            PART_TYPES,
            ["text", "image", "audio", "video", "document"].as_slice()
        );
        assert_eq!(ContentPart::TAGS.last(), Some(&BinaryTag::NAME));
    }
}
