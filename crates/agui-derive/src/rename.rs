//! serde's `rename_all` rules, the ones the protocol uses, applied as serde
//! applies them: to a field's snake_case name or a variant's PascalCase one.

use proc_macro2::Span;

/// The wire name of a Rust field (`snake_case`) under `rule`.
pub fn field(name: &str, rule: Option<&str>, span: Span) -> syn::Result<String> {
    Ok(match rule {
        None | Some("snake_case") => name.to_owned(),
        Some("camelCase") => {
            let mut out = String::with_capacity(name.len());
            let mut upper = false;
            for c in name.chars() {
                if c == '_' {
                    upper = true;
                } else if upper {
                    out.extend(c.to_uppercase());
                    upper = false;
                } else {
                    out.push(c);
                }
            }
            out
        }
        Some(other) => return Err(unsupported(other, span)),
    })
}

/// The wire name of a Rust variant (`PascalCase`) under `rule`.
pub fn variant(name: &str, rule: Option<&str>, span: Span) -> syn::Result<String> {
    let words = |sep: &str, upper: bool| {
        let mut out = String::with_capacity(name.len() + 4);
        for (i, c) in name.chars().enumerate() {
            if i > 0 && c.is_uppercase() {
                out.push_str(sep);
            }
            if upper {
                out.extend(c.to_uppercase());
            } else {
                out.extend(c.to_lowercase());
            }
        }
        out
    };
    Ok(match rule {
        None => name.to_owned(),
        Some("lowercase") => name.to_lowercase(),
        Some("kebab-case") => words("-", false),
        Some("snake_case") => words("_", false),
        Some("SCREAMING_SNAKE_CASE") => words("_", true),
        Some("camelCase") => {
            let mut chars = name.chars();
            chars
                .next()
                .map(|c| c.to_lowercase().chain(chars).collect())
                .unwrap_or_default()
        }
        Some(other) => return Err(unsupported(other, span)),
    })
}

fn unsupported(rule: &str, span: Span) -> syn::Error {
    syn::Error::new(
        span,
        format!("rename rule `{rule}` is not one #[derive(Wire)] knows"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As serde names them (serde_derive's `RenameRule`).
    #[test]
    fn names_as_serde_does() {
        let s = Span::call_site();
        assert_eq!(
            field("tool_call_id", Some("camelCase"), s).unwrap(),
            "toolCallId"
        );
        assert_eq!(field("id", Some("camelCase"), s).unwrap(), "id");
        assert_eq!(field("raw_event", None, s).unwrap(), "raw_event");
        assert_eq!(
            variant("TextMessageStart", Some("SCREAMING_SNAKE_CASE"), s).unwrap(),
            "TEXT_MESSAGE_START"
        );
        assert_eq!(
            variant("ToolCall", Some("kebab-case"), s).unwrap(),
            "tool-call"
        );
        assert_eq!(
            variant("Cancelled", Some("lowercase"), s).unwrap(),
            "cancelled"
        );
        assert_eq!(
            variant("ToolCall", Some("camelCase"), s).unwrap(),
            "toolCall"
        );
        assert!(field("a_b", Some("PascalCase"), s).is_err());
    }
}
