//! Message content: plain text or multimodal parts.

use serde::Serialize;
use serde_json::Value;

use crate::core::json::{Scanner, ToJson};

use super::declare::{json_tagged, role_tag, wire, wire_struct};
use super::from_json::FromJson;
use super::scan::{self, Scan, ScanCx};
use super::strict;
use super::wire_union::wire_union;

role_tag!(TextTag = "text");
role_tag!(ImageTag = "image");
role_tag!(AudioTag = "audio");
role_tag!(VideoTag = "video");
role_tag!(DocumentTag = "document");
role_tag!(BinaryTag = "binary");

wire_union! {
    /// Where a media part's bytes come from.
    #[derive(Debug, Clone, PartialEq, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub enum PartSource = "type" {
        /// Bytes carried inline, base64-encoded.
        Data = "data" {
            value: String = "value",
            mime_type: String = "mimeType",
        },
        /// Bytes referenced by URL.
        Url = "url" {
            value: String = "value",
            #[serde(skip_serializing_if = "Option::is_none")]
            mime_type: Option<String> = "mimeType",
        },
        /// Bytes already at the provider, named by a handle it issued.
        File = "file" {
            value: String = "value",
            #[serde(skip_serializing_if = "Option::is_none")]
            provider: Option<String> = "provider",
            #[serde(skip_serializing_if = "Option::is_none")]
            mime_type: Option<String> = "mimeType",
        },
    }
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

wire_struct! {
    /// A text part.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct TextPart {
        pub kind: TextTag = "type",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<String> = "id",
        pub text: String = "text",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub metadata: Option<Value> = "metadata" with strict::non_null,
    }
}

wire_struct! {
    /// An image, audio, video or document part; `K` is its `type` tag.
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct MediaPart<K> {
        pub kind: K = "type",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<String> = "id",
        pub source: PartSource = "source",
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
        pub metadata: Option<Value> = "metadata" with strict::non_null,
    }
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

wire_struct! {
    /// The pre-1.0 `binary` part. Accepted in history a client is given, and
    /// upgraded to a media part whenever it travels (see [`BinaryPart::upgrade`]).
    #[derive(Debug, Clone, PartialEq, Default, Serialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    pub struct BinaryPart {
        pub kind: BinaryTag = "type",
        pub mime_type: String = "mimeType",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<String> = "id",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub url: Option<String> = "url",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub data: Option<String> = "data",
        #[serde(skip_serializing_if = "Option::is_none")]
        pub filename: Option<String> = "filename",
    }
}

/// One part of a user or tool message body. Each part carries its own
/// `type`, so the union serializes untagged; it reads by `type`.
///
/// In TypeScript the union is the protocol's five parts: the legacy `binary`
/// part is kept in a history the application gave us (as the reference
/// does), but it is not part of the 1.0 type, and naming it there would make
/// every message type wider than @ag-ui/core's.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
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

json_tagged!(ContentPart, "type", {
    TextTag => Text,
    ImageTag => Image,
    AudioTag => Audio,
    VideoTag => Video,
    DocumentTag => Document,
    BinaryTag => Binary,
});

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
pub const FILENAME: &str = wire!(BinaryPart, filename);

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
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(untagged)]
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
