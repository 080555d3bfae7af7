//! `#[derive(TaggedDeserialize)]` for the internally tagged enums of the
//! scenario types (`#[serde(tag = "kind")]`: queue, loss, source, switch
//! trigger), in place of serde's `Deserialize` derive.
//!
//! serde reads an internally tagged value by buffering the whole object
//! into its private `Content` type and then reading each variant from that
//! buffer, which compiles a second reader of every variant's fields (about
//! a tenth of the .wasm). The scenario reader already holds the document as
//! a tree, so it needs no buffer: it can read `kind` from the object and
//! then the other members straight into the variant.
//!
//! This derive writes no reader of its own. It copies the enum, keeping
//! only the `serde` attributes and dropping `tag`, and has serde derive the
//! copy as a `remote` definition of the enum: serde's own reader of an
//! externally tagged enum (variant names, `rename_all`, field defaults,
//! `deny_unknown_fields`, every error message). The tree deserializer
//! (sim's `json::tree_de`) then hands that reader the variant named by
//! the tag member and the object's other members. So the `serde`
//! attributes stay the one source of names and defaults, for reading,
//! writing and the JSON Schema alike.

use proc_macro::TokenStream;
use quote::{format_ident, quote};
use syn::punctuated::Punctuated;
use syn::{parse_macro_input, Attribute, Data, DeriveInput, Expr, Lit, Meta, Token};

#[proc_macro_derive(TaggedDeserialize, attributes(serde))]
pub fn derive_tagged_deserialize(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Only `serde` and `cfg` attributes: docs, `schemars` and `#[default]`
/// mean nothing on the copy (and `schemars` would not be known there).
fn keep(attrs: &mut Vec<Attribute>) {
    attrs.retain(|a| a.path().is_ident("serde") || a.path().is_ident("cfg"));
}

fn expand(mut input: DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let name = input.ident.clone();
    let name_str = name.to_string();
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(&input.generics, "no generic enums"));
    }
    // The container's serde attributes without `tag` (which is noted).
    let mut tag = None;
    let mut container = Vec::new();
    for attr in &input.attrs {
        if !attr.path().is_ident("serde") {
            continue;
        }
        let metas = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?;
        for meta in metas {
            match &meta {
                Meta::NameValue(nv) if nv.path.is_ident("tag") => match &nv.value {
                    Expr::Lit(l) => match &l.lit {
                        Lit::Str(s) => tag = Some(s.value()),
                        _ => return Err(syn::Error::new_spanned(nv, "tag = \"…\"")),
                    },
                    _ => return Err(syn::Error::new_spanned(nv, "tag = \"…\"")),
                },
                _ => container.push(meta),
            }
        }
    }
    let Some(tag) = tag else {
        return Err(syn::Error::new_spanned(
            &name,
            "TaggedDeserialize is for `#[serde(tag = \"…\")]` enums",
        ));
    };
    let Data::Enum(data) = &mut input.data else {
        return Err(syn::Error::new_spanned(
            &name,
            "TaggedDeserialize is for enums",
        ));
    };
    for v in data.variants.iter_mut() {
        keep(&mut v.attrs);
        for f in v.fields.iter_mut() {
            keep(&mut f.attrs);
        }
    }
    let variants = &data.variants;
    let mirror = format_ident!("__{}Remote", name);
    let magic = format!("$tcplab::tagged::{tag}");
    let expecting = format!("internally tagged enum {name_str}");
    Ok(quote! {
        const _: () = {
            #[allow(dead_code, non_camel_case_types, clippy::large_enum_variant)]
            #[derive(::serde::Deserialize)]
            #[serde(remote = #name_str, #(#container),*)]
            enum #mirror { #variants }

            struct __Visitor;

            impl<'de> ::serde::de::Visitor<'de> for __Visitor {
                type Value = #name;

                fn expecting(&self, f: &mut ::core::fmt::Formatter) -> ::core::fmt::Result {
                    f.write_str(#expecting)
                }

                /// The tree deserializer: an object, read without a buffer.
                fn visit_some<D: ::serde::Deserializer<'de>>(self, d: D) -> Result<#name, D::Error> {
                    #mirror::deserialize(d)
                }

                /// Any other deserializer (serde_json in tests): buffered as a tree first.
                fn visit_newtype_struct<D: ::serde::Deserializer<'de>>(
                    self,
                    d: D,
                ) -> Result<#name, D::Error> {
                    crate::json::tree_de::read_buffered(d, #tag, |de| #mirror::deserialize(de))
                }
            }

            impl<'de> ::serde::Deserialize<'de> for #name {
                fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    d.deserialize_newtype_struct(#magic, __Visitor)
                }
            }
        };
    })
}
