//! The attributes a declaration is read by: serde's (which tsify reads
//! too, so the TypeScript and the reader take each name from one place)
//! and `#[wire(...)]`.

use syn::{Attribute, LitStr, Path};

/// The serde attributes of a container, variant or field.
#[derive(Default)]
pub struct Serde {
    pub rename: Option<String>,
    pub rename_all: Option<String>,
    pub rename_all_fields: Option<String>,
    pub tag: Option<String>,
    pub untagged: bool,
    pub skip: bool,
    pub skip_serializing_if: bool,
}

pub fn serde(attrs: &[Attribute]) -> syn::Result<Serde> {
    let mut out = Serde::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default();
            let string = || -> syn::Result<String> { Ok(meta.value()?.parse::<LitStr>()?.value()) };
            match key.as_str() {
                "rename" => out.rename = Some(string()?),
                "rename_all" => out.rename_all = Some(string()?),
                "rename_all_fields" => out.rename_all_fields = Some(string()?),
                "tag" => out.tag = Some(string()?),
                "skip_serializing_if" => {
                    string()?;
                    out.skip_serializing_if = true;
                }
                "untagged" => out.untagged = true,
                "skip" => out.skip = true,
                // Anything else would change what tsify declares without
                // the reader knowing (`default` makes a member optional).
                _ => return Err(meta.error("a serde attribute #[derive(Wire)] does not read")),
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// `#[wire(with = path)]` and `#[wire(tag)]` on a field.
#[derive(Default)]
pub struct Wire {
    pub with: Option<Path>,
    pub tag: bool,
}

pub fn wire(attrs: &[Attribute]) -> syn::Result<Wire> {
    let mut out = Wire::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("wire")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("with") {
                out.with = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("tag") {
                out.tag = true;
            } else {
                return Err(meta.error("expected `with = path` or `tag`"));
            }
            Ok(())
        })?;
    }
    Ok(out)
}
