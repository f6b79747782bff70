//! The JSON object a decoded protobuf message becomes, built member by
//! member: [`Obj`], and [`members!`], which names each member by a protocol
//! type's Rust field so that no wire name is written twice.

use serde_json::{Map, Value as Json};

use super::schema::Text;
use super::value;

/// What a decoded field becomes in JSON. Deliberately not `Into<Json>`:
/// serde_json turns a `Vec<u8>` into an array of numbers, and a protobuf
/// string ([`Text`]) must become a JSON string. A nested object that failed
/// ([`Obj`]) passes its error on.
pub(super) trait ToJson {
    fn to_json(self) -> Result<Json, String>;
}

impl ToJson for Text {
    fn to_json(self) -> Result<Json, String> {
        Ok(Json::String(text(self)))
    }
}

impl ToJson for &str {
    fn to_json(self) -> Result<Json, String> {
        Ok(Json::String(self.to_owned()))
    }
}

impl ToJson for String {
    fn to_json(self) -> Result<Json, String> {
        Ok(Json::String(self))
    }
}

impl ToJson for Json {
    fn to_json(self) -> Result<Json, String> {
        Ok(self)
    }
}

/// A list; the first item that failed is the list's error.
impl<T: ToJson> ToJson for Vec<T> {
    fn to_json(self) -> Result<Json, String> {
        self.into_iter()
            .map(ToJson::to_json)
            .collect::<Result<_, _>>()
            .map(Json::Array)
    }
}

impl ToJson for bool {
    fn to_json(self) -> Result<Json, String> {
        Ok(Json::Bool(self))
    }
}

impl ToJson for Obj {
    fn to_json(self) -> Result<Json, String> {
        self.done()
    }
}

impl<T: ToJson> ToJson for Result<T, String> {
    fn to_json(self) -> Result<Json, String> {
        self?.to_json()
    }
}

/// A protobuf string as the reference's `TextDecoder` reads it: invalid
/// UTF-8 becomes U+FFFD. No copy when the bytes are valid.
pub(super) fn text(bytes: Text) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A JSON object under construction; absent optional fields stay absent,
/// and the first member that failed is the object's error (`done`), so a
/// whole object reads as one chain.
/// Boxed: the builder moves through a few hundred chained calls, and a
/// one-word move is measurably smaller WebAssembly than the map itself.
pub(super) struct Obj(Box<Building>);

#[derive(Default)]
struct Building {
    members: Map<String, Json>,
    failed: Option<String>,
}

impl Obj {
    pub fn new() -> Self {
        Obj(Box::default())
    }

    /// A field that is always present (proto3 scalars default to `""`).
    pub fn put(mut self, key: &str, value: impl ToJson) -> Self {
        if self.0.failed.is_none() {
            match value.to_json() {
                Ok(v) => {
                    self.0.members.insert(key.to_owned(), v);
                }
                Err(e) => return self.fail(e),
            }
        }
        self
    }

    /// An optional field: present only when set.
    pub fn opt(self, key: &str, value: Option<impl ToJson>) -> Self {
        match value {
            Some(v) => self.put(key, v),
            None => self,
        }
    }

    /// A `google.protobuf.Value` field.
    pub fn value(self, key: &str, raw: &[Vec<u8>]) -> Self {
        match value::value(raw) {
            Ok(v) => self.opt(key, v),
            Err(e) => self.fail(format!("{key}: {e}")),
        }
    }

    /// A `google.protobuf.Struct` field.
    pub fn object(self, key: &str, raw: &[Vec<u8>]) -> Self {
        match value::object(raw) {
            Ok(v) => self.opt(key, v.map(Json::Object)),
            Err(e) => self.fail(format!("{key}: {e}")),
        }
    }

    /// An int64 field, within `MAX_SAFE_INTEGER` (see [`safe`]).
    pub fn int(self, key: &str, n: Option<i64>) -> Self {
        match safe(key, n) {
            Ok(n) => self.opt(key, n.map(Json::from)),
            Err(e) => self.fail(e),
        }
    }

    /// A list that is left out when empty.
    pub fn non_empty(self, key: &str, list: Result<Vec<Json>, String>) -> Self {
        match list {
            Ok(list) if list.is_empty() => self,
            list => self.put(key, list),
        }
    }

    /// The object fails with `why`, unless a member failed before.
    pub fn fail(mut self, why: String) -> Self {
        self.0.failed.get_or_insert(why);
        self
    }

    pub fn done(self) -> Result<Json, String> {
        match self.0.failed {
            Some(e) => Err(e),
            None => Ok(Json::Object(self.0.members)),
        }
    }
}

/// Members of the protocol type `$ty`, each `how field: value`, where `how`
/// is an [`Obj`] method and `field` the Rust field whose wire name `$ty`
/// declares.
macro_rules! members {
    ($obj:expr, $ty:ty { $($how:ident $field:ident: $value:expr),* $(,)? }) => {
        $obj $(.$how($crate::core::types::declare::wire_name!($ty, $field), $value))*
    };
}
pub(super) use members;

/// `MAX_SAFE_INTEGER`: int64 fields beyond it are rejected, as the
/// reference's `longToNumber` does, since JSON numbers cannot hold them.
fn safe(key: &str, n: Option<i64>) -> Result<Option<i64>, String> {
    const MAX_SAFE: i64 = (1 << 53) - 1;
    match n {
        Some(n) if !(-MAX_SAFE..=MAX_SAFE).contains(&n) => Err(format!(
            "{key}: {n} is outside the safe-integer range of a JSON number"
        )),
        other => Ok(other),
    }
}
