//! A scenario's JSON text as a small tree, read once by serde_json.
//!
//! The scenario types are read from this tree by [`super::from_json`]
//! rather than by serde's derived visitors: those were a quarter of the WASM
//! (docs/performance.md), while this is one visitor. serde_json still does
//! the parsing, so syntax errors keep its wording and position.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use std::fmt;

/// A JSON value. Numbers keep the kind serde_json parsed them as (the
/// wording of a type error depends on it) and objects keep their members in
/// order, duplicates included (a duplicate field is an error).
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    F64(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Parse `json`. Text after the first value is ignored, as serde's derive
    /// (reading without `end()`) always did here.
    pub fn parse(json: &str) -> serde_json::Result<Json> {
        Json::deserialize(&mut serde_json::Deserializer::from_str(json))
    }

    /// The value as serde names it in a type error ("string \"x\"", "map").
    pub fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Json::Null => Unexpected::Unit,
            Json::Bool(b) => Unexpected::Bool(*b),
            Json::U64(v) => Unexpected::Unsigned(*v),
            Json::I64(v) => Unexpected::Signed(*v),
            Json::F64(v) => Unexpected::Float(*v),
            Json::String(s) => Unexpected::Str(s),
            Json::Array(_) => Unexpected::Seq,
            Json::Object(_) => Unexpected::Map,
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::U64(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::I64(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        Ok(Json::F64(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::String(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            members.push((key, map.next_value()?));
        }
        Ok(Json::Object(members))
    }
}
