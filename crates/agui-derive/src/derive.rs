//! `#[derive(Wire)]`: a reader, a writer and wire names for each of the
//! four shapes the protocol's types take.
//!
//! - a struct: its members by name, in declaration order;
//! - an enum of unit variants: fixed strings;
//! - an enum of one-struct variants, read by a member each struct carries
//!   (`#[serde(untagged)]`, the member marked `#[wire(tag)]`: a message's
//!   `role`) or by a tag the enum names (`#[serde(tag = "type")]`: events);
//! - an enum of struct variants with the tag inline (`#[serde(tag = "op")]`).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{parse_quote, Data, DeriveInput, Fields, Generics, Ident, Path, Type};

use crate::{attrs, rename};

pub fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let serde = attrs::serde(&input.attrs)?;
    match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(_) => record(input, &serde, &s.fields),
            _ => Err(error(input, "a struct with named fields")),
        },
        Data::Enum(e) => {
            if !input.generics.params.is_empty() {
                return Err(error(input, "an enum without type parameters"));
            }
            let variants: Vec<_> = e.variants.iter().collect();
            if variants.iter().all(|v| matches!(v.fields, Fields::Unit)) {
                strings(input, &serde, &variants)
            } else if variants
                .iter()
                .all(|v| matches!(&v.fields, Fields::Unnamed(u) if u.unnamed.len() == 1))
            {
                match (&serde.tag, serde.untagged) {
                    (Some(tag), false) => tagged(input, &serde, tag, &variants),
                    (None, true) => by_member(input, &variants),
                    _ => Err(error(input, "#[serde(tag = \"...\")] or #[serde(untagged)] on an enum of one-struct variants")),
                }
            } else if let Some(key) = &serde.tag {
                inline(input, &serde, key, &variants)
            } else {
                Err(error(
                    input,
                    "#[serde(tag = \"...\")] on an enum of struct variants",
                ))
            }
        }
        Data::Union(_) => Err(error(input, "a struct or an enum")),
    }
}

fn error(input: &DeriveInput, what: &str) -> syn::Error {
    syn::Error::new_spanned(&input.ident, format!("#[derive(Wire)] takes {what}"))
}

/// A member on the wire: its Rust name, type, wire name and reader.
struct Member {
    ident: Ident,
    ty: Type,
    wire: String,
    with: Option<Path>,
    tag: bool,
}

/// The members of `fields` that are on the wire (not `#[serde(skip)]`).
fn members(fields: &Fields, rule: Option<&str>) -> syn::Result<Vec<Member>> {
    let mut out = Vec::new();
    for f in fields {
        let serde = attrs::serde(&f.attrs)?;
        if serde.skip {
            continue;
        }
        let wire = attrs::wire(&f.attrs)?;
        let ident = f.ident.clone().expect("named fields");
        let name = match serde.rename {
            Some(name) => name,
            None => rename::field(&ident.to_string(), rule, ident.span())?,
        };
        out.push(Member {
            ident,
            ty: f.ty.clone(),
            wire: name,
            with: wire.with,
            tag: wire.tag,
        });
    }
    if out.len() > 63 {
        return Err(syn::Error::new(
            Span::call_site(),
            "more members than the reader's 64-bit masks hold",
        ));
    }
    Ok(out)
}

/// Reads member `m` into `dst`.
fn read(m: &Member, dst: TokenStream) -> TokenStream {
    match &m.with {
        None => quote!(crate::core::types::scan::field(&mut #dst, __s, __cx)),
        Some(path) => quote!(crate::core::types::scan::field_with(&mut #dst, __s, __cx, #path)),
    }
}

/// `generics` with `bounds` on every type parameter.
fn bounded(generics: &Generics, bounds: &[TokenStream]) -> Generics {
    let mut g = generics.clone();
    for p in g.type_params_mut() {
        for b in bounds {
            p.bounds.push(syn::parse2(b.clone()).expect("a bound"));
        }
    }
    g
}

fn record(input: &DeriveInput, serde: &attrs::Serde, fields: &Fields) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let ms = members(fields, serde.rename_all.as_deref())?;
    let idents: Vec<_> = ms.iter().map(|m| &m.ident).collect();
    let names: Vec<_> = ms.iter().map(|m| m.ident.to_string()).collect();
    let tys: Vec<_> = ms.iter().map(|m| &m.ty).collect();
    let wires: Vec<_> = ms.iter().map(|m| &m.wire).collect();
    let index = 0..ms.len();
    let reads = ms.iter().map(|m| {
        let f = &m.ident;
        read(m, quote!(__out.#f))
    });

    let (plain_impl, ty_g, where_clause) = input.generics.split_for_impl();
    let readable = bounded(
        &input.generics,
        &[
            quote!(crate::core::types::from_json::FromJson),
            quote!(::core::default::Default),
        ],
    );
    let (read_impl, _, _) = readable.split_for_impl();
    let writable = bounded(&input.generics, &[quote!(crate::core::json::ToJson)]);
    let (write_impl, _, _) = writable.split_for_impl();

    let tag = match ms.iter().filter(|m| m.tag).collect::<Vec<_>>()[..] {
        [] => quote!(),
        [m] => {
            let (ty, wire) = (&m.ty, &m.wire);
            let mut g = input.generics.clone();
            g.make_where_clause()
                .predicates
                .push(parse_quote!(#ty: crate::core::types::declare::OneName));
            let (g_impl, _, g_where) = g.split_for_impl();
            quote! {
                impl #g_impl crate::core::types::declare::Tagged for #name #ty_g #g_where {
                    const KEY: &'static str = #wire;
                    const TAG: &'static str = <#ty as crate::core::types::declare::OneName>::NAME;
                }
            }
        }
        _ => return Err(error(input, "at most one #[wire(tag)] member")),
    };

    Ok(quote! {
        impl #read_impl crate::core::types::from_json::FromJson for #name #ty_g #where_clause {
            fn scan(
                __s: &mut crate::core::json::Scanner<'_>,
                __cx: &mut crate::core::types::scan::ScanCx<'_>,
            ) -> crate::core::types::scan::Scan<Self> {
                use crate::core::types::{from_json::FromJson, scan};
                let mut __out = <Self as ::core::default::Default>::default();
                let optional = const { scan::optional(&[#(<#tys as FromJson>::OPTIONAL),*]) };
                scan::object(__s, __cx, Self::WIRE_FIELDS, optional, &mut |__i, __s, __cx| match __i {
                    #(#index => #reads,)*
                    _ => Ok(()),
                })?;
                Ok(__out)
            }
        }

        impl #plain_impl #name #ty_g #where_clause {
            /// Every member's wire name, in declaration order.
            #[allow(dead_code)]
            pub const WIRE_FIELDS: &'static [&'static str] = &[#(#wires),*];

            /// The wire name of the Rust field `field`, for constants
            /// (`declare::wire_name!`), where a field the struct lacks fails the
            /// build.
            #[allow(dead_code)]
            pub const fn wire_name(field: &str) -> &'static str {
                #(if crate::core::types::declare::same(field, #names) {
                    return #wires;
                })*
                panic!("no such field")
            }
        }

        impl #write_impl crate::core::json::JsonFields for #name #ty_g #where_clause {
            fn write_fields(&self, __o: &mut crate::core::json::Object<'_>) {
                #(__o.field(#wires, &self.#idents);)*
            }
        }

        impl #write_impl crate::core::json::ToJson for #name #ty_g #where_clause {
            fn write_json(&self, __out: &mut String) {
                let mut __o = crate::core::json::Object::open(__out);
                crate::core::json::JsonFields::write_fields(self, &mut __o);
                __o.close();
            }
        }

        #tag
    })
}

/// The wire name of each variant (its tag).
fn tags(serde: &attrs::Serde, variants: &[&syn::Variant]) -> syn::Result<Vec<String>> {
    variants
        .iter()
        .map(|v| match attrs::serde(&v.attrs)?.rename {
            Some(name) => Ok(name),
            None => rename::variant(
                &v.ident.to_string(),
                serde.rename_all.as_deref(),
                v.ident.span(),
            ),
        })
        .collect()
}

fn strings(
    input: &DeriveInput,
    serde: &attrs::Serde,
    variants: &[&syn::Variant],
) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let wires = tags(serde, variants)?;
    let vs: Vec<_> = variants.iter().map(|v| &v.ident).collect();
    let one = match &wires[..] {
        [only] => quote! {
            impl #name {
                /// The one value, as it is written.
                pub const NAME: &'static str = #only;
            }

            impl crate::core::types::declare::OneName for #name {
                const NAME: &'static str = #only;
            }
        },
        _ => quote!(),
    };
    Ok(quote! {
        impl crate::core::types::from_json::FromJson for #name {
            fn scan(
                __s: &mut crate::core::json::Scanner<'_>,
                _: &mut crate::core::types::scan::ScanCx<'_>,
            ) -> crate::core::types::scan::Scan<Self> {
                const ALL: &[#name] = &[#(#name::#vs),*];
                Ok(ALL[crate::core::types::scan::one_of(__s, &[#(#wires),*])?])
            }
        }

        impl #name {
            /// The value's wire name.
            #[allow(dead_code)]
            pub const fn name(self) -> &'static str {
                match self {
                    #(#name::#vs => #wires,)*
                }
            }
        }

        impl crate::core::json::ToJson for #name {
            fn write_json(&self, __out: &mut String) {
                crate::core::json::write_str(self.name(), __out);
            }
        }

        #one
    })
}

/// Each variant's one field's type.
fn inner(variants: &[&syn::Variant]) -> Vec<Type> {
    variants
        .iter()
        .map(|v| match &v.fields {
            Fields::Unnamed(u) => u.unnamed[0].ty.clone(),
            _ => unreachable!("checked by the caller"),
        })
        .collect()
}

/// A union of structs that each carry the tag (`#[wire(tag)]`), so its
/// spelling lives in the tag's own type.
fn by_member(input: &DeriveInput, variants: &[&syn::Variant]) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let vs: Vec<_> = variants.iter().map(|v| &v.ident).collect();
    let tys = inner(variants);
    let first = &tys[0];
    let consts: Vec<_> = (0..tys.len()).map(|i| format_ident!("TAG_{}", i)).collect();
    let tagged = quote!(crate::core::types::declare::Tagged);
    Ok(quote! {
        impl #name {
            /// Every member's tag, in the order declared.
            pub const TAGS: &'static [&'static str] = &[#(<#tys as #tagged>::TAG),*];

            /// The member holding the tag.
            #[allow(dead_code)]
            pub const KEY: &'static str = <#first as #tagged>::KEY;

            /// This value's tag, as it is written.
            #[allow(dead_code)]
            pub fn tag(&self) -> &'static str {
                match self {
                    #(#name::#vs(_) => <#tys as #tagged>::TAG,)*
                }
            }
        }

        // Every member is told apart by the same member.
        const _: () = {
            #(assert!(crate::core::types::declare::same(<#tys as #tagged>::KEY, #name::KEY));)*
        };

        impl crate::core::types::from_json::FromJson for #name {
            fn scan(
                __s: &mut crate::core::json::Scanner<'_>,
                __cx: &mut crate::core::types::scan::ScanCx<'_>,
            ) -> crate::core::types::scan::Scan<Self> {
                use crate::core::types::from_json::{FromJson, ReadError};
                #(const #consts: &str = <#tys as #tagged>::TAG;)*
                // The tag, then the member's struct from the object's start.
                match &*crate::core::types::scan::tag(__s, __cx, Self::KEY)? {
                    #(#consts => FromJson::scan(__s, __cx).map(#name::#vs),)*
                    other => Err(ReadError::unknown_tag(Self::KEY, other).into()),
                }
            }
        }

        impl crate::core::json::ToJson for #name {
            fn write_json(&self, __out: &mut String) {
                match self {
                    #(#name::#vs(m) => crate::core::json::ToJson::write_json(m, __out),)*
                }
            }
        }
    })
}

/// A union whose tag the enum names, each member a struct of its own
/// (events by `type`): written tag first, as serde writes it.
fn tagged(
    input: &DeriveInput,
    serde: &attrs::Serde,
    tag: &str,
    variants: &[&syn::Variant],
) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let vs: Vec<_> = variants.iter().map(|v| &v.ident).collect();
    let tys = inner(variants);
    let wires = tags(serde, variants)?;
    Ok(quote! {
        impl #name {
            /// The member naming a member's type.
            pub const TAG: &'static str = #tag;

            /// Every member's type name, in the order declared.
            pub const TYPES: &'static [&'static str] = &[#(#wires),*];

            /// The wire name of this value's type.
            pub fn type_name(&self) -> &'static str {
                match self {
                    #(#name::#vs(_) => #wires,)*
                }
            }

            /// Reads a member of type `type_name` from the object at `s`.
            pub fn scan_as(
                type_name: &str,
                s: &mut crate::core::json::Scanner<'_>,
                cx: &mut crate::core::types::scan::ScanCx<'_>,
            ) -> crate::core::types::scan::Scan<Self> {
                use crate::core::types::from_json::{FromJson, ReadError};
                match type_name {
                    #(#wires => <#tys as FromJson>::scan(s, cx).map(#name::#vs),)*
                    other => Err(ReadError::unknown_tag(Self::TAG, other).into()),
                }
            }
        }

        #(impl #tys {
            /// The type tag this struct is written under.
            #[allow(dead_code)]
            pub const TYPE: &'static str = #wires;
        })*

        impl crate::core::json::ToJson for #name {
            fn write_json(&self, __out: &mut String) {
                let mut __o = crate::core::json::Object::open(__out);
                __o.field(Self::TAG, self.type_name());
                match self {
                    #(#name::#vs(e) => crate::core::json::JsonFields::write_fields(e, &mut __o),)*
                }
                __o.close();
            }
        }
    })
}

/// A union whose members carry their fields inline beside the tag
/// (`{"op": "add", "path": ..., "value": ...}`).
fn inline(
    input: &DeriveInput,
    serde: &attrs::Serde,
    key: &str,
    variants: &[&syn::Variant],
) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let wires = tags(serde, variants)?;
    let vnames: Vec<_> = variants.iter().map(|v| v.ident.to_string()).collect();
    let mut arms = Vec::new();
    let mut writes = Vec::new();
    let mut names: Vec<(String, String)> = Vec::new();
    for (v, tag) in variants.iter().zip(&wires) {
        let rule = attrs::serde(&v.attrs)?
            .rename_all
            .or_else(|| serde.rename_all_fields.clone());
        let ms = members(&v.fields, rule.as_deref())?;
        for m in &ms {
            let pair = (m.ident.to_string(), m.wire.clone());
            match names.iter().find(|(n, _)| *n == pair.0) {
                Some(seen) if seen.1 != pair.1 => {
                    return Err(syn::Error::new(
                        m.ident.span(),
                        "a field's wire name differs between members",
                    ));
                }
                Some(_) => {}
                None => names.push(pair),
            }
        }
        let vi = &v.ident;
        let fs: Vec<_> = ms.iter().map(|m| &m.ident).collect();
        let tys: Vec<_> = ms.iter().map(|m| &m.ty).collect();
        let ws: Vec<_> = ms.iter().map(|m| &m.wire).collect();
        let index = 1..=ms.len();
        let reads = ms.iter().map(|m| {
            let f = &m.ident;
            read(m, quote!(#f))
        });
        arms.push(quote! {
            #tag => {
                #(let mut #fs: #tys = ::core::default::Default::default();)*
                // The tag, then the member's fields, in the order declared.
                let optional = const { scan::optional(&[true #(, <#tys as FromJson>::OPTIONAL)*]) };
                scan::object(__s, __cx, &[#key #(, #ws)*], optional, &mut |__i, __s, __cx| match __i {
                    #(#index => #reads,)*
                    _ => scan::known(__s, __cx),
                })?;
                Ok(#name::#vi { #(#fs),* })
            }
        });
        writes.push(quote! {
            #name::#vi { #(#fs),* } => {
                __o.field(#key, #tag);
                #(__o.field(#ws, #fs);)*
            }
        });
    }
    let (fnames, fwires): (Vec<_>, Vec<_>) = names.into_iter().unzip();
    Ok(quote! {
        impl #name {
            /// Every member's tag.
            pub const TAGS: &'static [&'static str] = &[#(#wires),*];

            /// The member holding the tag.
            #[allow(dead_code)]
            pub const KEY: &'static str = #key;

            /// The tag of the member named `variant` in Rust, for constants
            /// (`declare::member_tag!`).
            #[allow(dead_code)]
            pub const fn tag_of(variant: &str) -> &'static str {
                #(if crate::core::types::declare::same(variant, #vnames) {
                    return #wires;
                })*
                panic!("no such member")
            }

            /// The wire name of a member's field named `field` in Rust (a
            /// name means the same in every member), for constants
            /// (`declare::wire_name!`).
            #[allow(dead_code)]
            pub const fn wire_name(field: &str) -> &'static str {
                #(if crate::core::types::declare::same(field, #fnames) {
                    return #fwires;
                })*
                panic!("no such field")
            }
        }

        impl crate::core::types::from_json::FromJson for #name {
            fn scan(
                __s: &mut crate::core::json::Scanner<'_>,
                __cx: &mut crate::core::types::scan::ScanCx<'_>,
            ) -> crate::core::types::scan::Scan<Self> {
                use crate::core::types::{scan, from_json::{FromJson, ReadError}};
                match &*scan::tag(__s, __cx, #key)? {
                    #(#arms)*
                    other => Err(ReadError::unknown_tag(#key, other).into()),
                }
            }
        }

        impl crate::core::json::ToJson for #name {
            fn write_json(&self, __out: &mut String) {
                let mut __o = crate::core::json::Object::open(__out);
                match self {
                    #(#writes)*
                }
                __o.close();
            }
        }
    })
}
