//! Serde helpers for the protocol's null rules.
//!
//! `Option<T>` in serde reads `null` as absent, but the protocol schema
//! rejects `null` on most optional fields (`metadata: null` fails a run).
//! These helpers read a present field as a value, so `null` is an error
//! unless the field's type itself admits it.

use serde::de::{Deserialize, Deserializer, Error};
use serde_json::Value;

/// A present field must hold a `T`; `null` is rejected unless `T` accepts it.
pub fn some<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// Any JSON value but `null` (the schema's `z.any().refine(v => v !== null)`).
pub fn non_null<'de, D>(d: D) -> Result<Option<Value>, D::Error>
where
    D: Deserializer<'de>,
{
    match Value::deserialize(d)? {
        Value::Null => Err(D::Error::custom("null is not allowed here: omit the field")),
        v => Ok(Some(v)),
    }
}

/// A required JSON value; `null` counts as a value.
pub fn any_value<'de, D>(d: D) -> Result<Value, D::Error>
where
    D: Deserializer<'de>,
{
    Value::deserialize(d)
}

const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn safe_int(v: &Value, min: f64) -> Option<i64> {
    let n = v.as_f64()?;
    if n.fract() == 0.0 && (min..=MAX_SAFE).contains(&n) {
        Some(n as i64)
    } else {
        None
    }
}

/// A JavaScript safe integer (`z.int()`): `5.0` is accepted, `5.5` is not.
pub fn timestamp<'de, D>(d: D) -> Result<Option<i64>, D::Error>
where
    D: Deserializer<'de>,
{
    let v = Value::deserialize(d)?;
    safe_int(&v, -MAX_SAFE)
        .map(Some)
        .ok_or_else(|| D::Error::custom(format!("expected a safe integer, got {v}")))
}

/// A non-negative safe integer, as token counts are.
pub fn count<'de, D>(d: D) -> Result<Option<i64>, D::Error>
where
    D: Deserializer<'de>,
{
    let v = Value::deserialize(d)?;
    safe_int(&v, 0.0)
        .map(Some)
        .ok_or_else(|| D::Error::custom(format!("expected a non-negative integer, got {v}")))
}

/// Implements `Deserialize` for an enum of newtype variants tagged by a field
/// (`role`, `type`). serde's own internally tagged enums buffer every value
/// into an intermediate form first, and that generic code is a large part of
/// a WebAssembly binary; reading a `Value` and dispatching on the tag is
/// smaller and no slower.
macro_rules! tagged_enum_deserialize {
    ($enum:ident, $tag:literal, { $($name:literal => $variant:ident),* $(,)? }) => {
        impl<'de> serde::Deserialize<'de> for $enum {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                use serde::de::Error;
                let v = serde_json::Value::deserialize(d)?;
                let tag = match v.get($tag) {
                    Some(serde_json::Value::String(t)) => t.clone(),
                    Some(other) => return Err(D::Error::custom(format!(concat!("invalid ", $tag, " {}"), other))),
                    None if v.is_object() => return Err(D::Error::custom(concat!("missing field `", $tag, "`"))),
                    None => return Err(D::Error::custom(format!("expected an object, got {v}"))),
                };
                match tag.as_str() {
                    $($name => serde_json::from_value(v).map($enum::$variant).map_err(D::Error::custom),)*
                    other => Err(D::Error::custom(format!(concat!("unknown ", $tag, " '{}'"), other))),
                }
            }
        }
    };
}
pub(crate) use tagged_enum_deserialize;

/// A JSON object, for activity content and similar open records.
pub type JsonObject = serde_json::Map<String, Value>;

/// Extra information on an event, message or tool call: open by key, never `null`.
pub type Metadata = JsonObject;

/// Last write wins per key, as the reference's `mergeMetadata`.
pub fn merge_metadata(target: &mut Option<Metadata>, incoming: &Metadata) {
    match target {
        Some(existing) => {
            for (k, v) in incoming {
                existing.insert(k.clone(), v.clone());
            }
        }
        None => *target = Some(incoming.clone()),
    }
}
