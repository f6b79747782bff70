//! How large and how deep a value is, measured without recursion, so that
//! a value built from untrusted input (a JSON Patch that copies a value
//! into its own descendant doubles the state's depth and size each time)
//! can be refused before anything walks it recursively.

use serde_json::Value;

/// A value's measure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Weight {
    /// About the length of its compact JSON text: strings count their
    /// UTF-8 bytes and quotes (escapes not counted), numbers eight bytes.
    pub size: usize,
    /// Containers nested: 0 for a scalar, 1 for `[]` or `{"a":1}`.
    pub depth: usize,
}

/// Measures `v` with an explicit stack: any depth is safe here.
pub fn weigh(v: &Value) -> Weight {
    weigh_up_to(v, usize::MAX)
}

/// [`weigh`], stopping once the size passes `limit` (what it gives then
/// is past `limit`, and its depth is the deepest seen so far): a value too
/// large for where it goes costs what it may take, not what it is.
pub fn weigh_up_to(v: &Value, limit: usize) -> Weight {
    let mut size = 0usize;
    let mut deepest = 0;
    let mut stack: Vec<(&Value, usize)> = vec![(v, 0)];
    while let Some((v, depth)) = stack.pop() {
        if size > limit {
            break;
        }
        size = size.saturating_add(match v {
            Value::Null | Value::Bool(true) => 4,
            Value::Bool(false) => 5,
            Value::Number(_) => 8,
            Value::String(s) => s.len() + 2,
            Value::Array(items) => {
                deepest = deepest.max(depth + 1);
                stack.extend(items.iter().map(|item| (item, depth + 1)));
                items.len().max(1) + 1
            }
            Value::Object(map) => {
                deepest = deepest.max(depth + 1);
                let mut keys = 0usize;
                for (k, item) in map {
                    keys = keys.saturating_add(k.len() + 3);
                    stack.push((item, depth + 1));
                }
                keys.saturating_add(map.len().max(1) + 1)
            }
        });
    }
    Weight {
        size,
        depth: deepest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn measures_size_and_depth() {
        assert_eq!(weigh(&json!(null)), Weight { size: 4, depth: 0 });
        assert_eq!(weigh(&json!([])).depth, 1);
        assert_eq!(weigh(&json!({"a": [[1]]})).depth, 3);
        let text = r#"{"key":"value","list":[true,false,null]}"#;
        let w = weigh(&crate::parse(text).unwrap());
        assert_eq!(
            w.size,
            text.len(),
            "compact text without numbers or escapes"
        );
    }

    #[test]
    fn any_depth_is_measured_without_recursion() {
        let mut v = json!(1);
        for _ in 0..100_000 {
            v = Value::Array(vec![v]);
        }
        assert_eq!(weigh(&v).depth, 100_000);
        // Taken apart without recursion too, so the test itself cannot
        // overflow dropping it.
        let mut v = v;
        while let Value::Array(mut items) = v {
            v = items.pop().unwrap_or(Value::Null);
        }
    }
}
