//! Field readers for the protocol's null and number rules that a field's
//! type does not carry (a field's `#[wire(with = ...)]`), read from the
//! scanner as every type is.

use serde_json::Value;

use super::from_json::{expected, ReadError};
use super::scan::{self, Scan, ScanCx};
use crate::core::json::Scanner;

// Each reads a member that is there, straight from the text; an absent one
// is `None`, as its type says (`FromJson::OPTIONAL`).

/// Any JSON value but `null` (the schema's `z.any().refine(v => v !== null)`).
pub fn non_null(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Option<Value>> {
    match scan::value(s, cx)? {
        Value::Null => Err(ReadError::new("null is not allowed here: omit the field").into()),
        v => Ok(Some(v)),
    }
}

/// Any JSON value, where `null` reads as absent.
pub fn nullable(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Option<Value>> {
    Ok(Some(scan::value(s, cx)?).filter(|v| !v.is_null()))
}

const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn safe_int(v: Value, min: f64, what: &str) -> Result<Option<i64>, ReadError> {
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && (min..=MAX_SAFE).contains(&n) => Ok(Some(n as i64)),
        _ => Err(expected(what, &v)),
    }
}

/// A JavaScript safe integer (`z.int()`): `5.0` is accepted, `5.5` is not.
pub fn timestamp(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Option<i64>> {
    Ok(safe_int(scan::value(s, cx)?, -MAX_SAFE, "a safe integer")?)
}

/// A non-negative safe integer, as token counts are.
pub fn count(s: &mut Scanner<'_>, cx: &mut ScanCx<'_>) -> Scan<Option<i64>> {
    Ok(safe_int(
        scan::value(s, cx)?,
        0.0,
        "a non-negative integer",
    )?)
}

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
