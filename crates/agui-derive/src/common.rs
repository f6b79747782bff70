//! What `#[protocol]` adds to a declaration: the derives, the defaults every
//! protocol type shares, and the members every event or message carries.

use quote::quote;
use syn::parse::ParseStream;
use syn::{parse_quote, Data, DeriveInput, Field, Fields, Type};

use crate::attrs;

pub enum Kind {
    Plain,
    /// Every event ends with `timestamp`, `rawEvent` and `metadata`.
    Event,
    /// Every message but an activity ends with `encryptedValue` (sent back
    /// verbatim), `metadata` and the subagent that wrote it.
    Message,
}

impl Kind {
    pub fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Ok(Kind::Plain);
        }
        let name: syn::Ident = input.parse()?;
        match name.to_string().as_str() {
            "event" => Ok(Kind::Event),
            "message" => Ok(Kind::Message),
            _ => Err(syn::Error::new(
                name.span(),
                "expected `event` or `message`",
            )),
        }
    }

    fn members(&self) -> syn::Result<Vec<Field>> {
        let tokens = match self {
            Kind::Plain => return Ok(Vec::new()),
            Kind::Event => quote! {
                #[wire(with = crate::core::types::strict::timestamp)]
                pub timestamp: Option<i64>,
                #[cfg_attr(target_arch = "wasm32", tsify(type = "any"))]
                #[wire(with = crate::core::types::strict::non_null)]
                pub raw_event: Option<serde_json::Value>,
                pub metadata: Option<crate::core::types::Metadata>,
            },
            Kind::Message => quote! {
                pub encrypted_value: Option<String>,
                pub metadata: Option<crate::core::types::Metadata>,
                pub subagent_run_id: Option<String>,
            },
        };
        let holder: DeriveInput = syn::parse2(quote!(struct Members { #tokens }))?;
        match holder.data {
            Data::Struct(s) => Ok(s.fields.into_iter().collect()),
            _ => unreachable!("a struct"),
        }
    }
}

/// Adds to `input` what `#[protocol]` states for it.
pub fn declare(input: &mut DeriveInput, kind: Kind) -> syn::Result<()> {
    let serde = attrs::serde(&input.attrs)?;
    match &mut input.data {
        Data::Struct(s) => {
            let Fields::Named(named) = &mut s.fields else {
                return Err(syn::Error::new_spanned(
                    &input.ident,
                    "#[protocol] takes a struct with named fields",
                ));
            };
            // Before the client's own fields (`#[serde(skip)]`), which come last.
            let mut at = named.named.len();
            while at > 0 && attrs::serde(&named.named[at - 1].attrs)?.skip {
                at -= 1;
            }
            for (i, f) in kind.members()?.into_iter().enumerate() {
                named.named.insert(at + i, f);
            }
            for f in named.named.iter_mut() {
                leave_out_absent(f)?;
            }
            if serde.rename_all.is_none() {
                input
                    .attrs
                    .push(parse_quote!(#[serde(rename_all = "camelCase")]));
            }
        }
        Data::Enum(e) => {
            if !matches!(kind, Kind::Plain) {
                return Err(syn::Error::new_spanned(
                    &input.ident,
                    "only a struct is an event or a message",
                ));
            }
            let mut inline = false;
            for v in e.variants.iter_mut() {
                if let Fields::Named(named) = &mut v.fields {
                    inline = true;
                    for f in named.named.iter_mut() {
                        leave_out_absent(f)?;
                    }
                }
            }
            if inline && serde.rename_all_fields.is_none() {
                input
                    .attrs
                    .push(parse_quote!(#[serde(rename_all_fields = "camelCase")]));
            }
        }
        Data::Union(_) => {
            return Err(syn::Error::new_spanned(
                &input.ident,
                "#[protocol] takes a struct or an enum",
            ))
        }
    }
    // First: a derive's helper attribute (`serde`) may not come before it.
    input
        .attrs
        .insert(0, parse_quote!(#[derive(::agui_derive::Wire)]));
    input.attrs.insert(
        1,
        parse_quote!(#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]),
    );
    Ok(())
}

/// An absent option is left out when written; to tsify, a member that may
/// be missing (`name?: T`).
fn leave_out_absent(f: &mut Field) -> syn::Result<()> {
    let serde = attrs::serde(&f.attrs)?;
    if is_option(&f.ty) && !serde.skip && !serde.skip_serializing_if {
        f.attrs
            .push(parse_quote!(#[serde(skip_serializing_if = "Option::is_none")]));
    }
    Ok(())
}

pub fn is_option(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "Option"))
}
