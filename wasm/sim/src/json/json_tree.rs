//! JSON text as a small tree that keeps what serde_json's `Value` drops:
//! the members of an object in the order of the text, duplicates included
//! (so the types' derived `Deserialize` refuses a duplicate field), and the
//! kind of each number (`1` and `1.0` are told apart in type errors).
//! Generic: it knows nothing of the scenario types (reader.rs, tree_de.rs).

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    /// Any other number, correctly rounded (see [`Json::parse`]).
    F64(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Parse exactly one JSON value: text after it (a second document, or
    /// anything else but white space) is an error. Numbers with a fraction
    /// or an exponent are read correctly rounded: serde_json's default can
    /// be 1 ulp off for a mantissa of 16 or more digits, so a scenario
    /// exported with the shortest round-trip digits could read back as
    /// another one (found by fuzzing). Its `float_roundtrip` feature fixes
    /// that with 12 KB of gzipped WASM; re-reading each float's text with
    /// Rust's own parser costs half.
    pub fn parse(text: &str) -> serde_json::Result<Json> {
        let mut de = serde_json::Deserializer::from_str(text);
        let mut value = Json::deserialize(&mut de)?;
        de.end()?;
        value.reread_floats(&mut NumberTokens {
            text: text.as_bytes(),
            at: 0,
        });
        Ok(value)
    }

    /// Replace each float with Rust's correctly rounded reading of its
    /// text. The text parsed, so its number tokens are, in order, the
    /// tree's numbers in document order.
    fn reread_floats(&mut self, tokens: &mut NumberTokens) {
        match self {
            Json::U64(_) | Json::I64(_) => {
                tokens.next();
            }
            Json::F64(v) => {
                if let Some(exact) = tokens.next().and_then(|t| t.parse().ok()) {
                    *v = exact;
                }
            }
            Json::Array(items) => items.iter_mut().for_each(|i| i.reread_floats(tokens)),
            Json::Object(members) => members
                .iter_mut()
                .for_each(|(_, v)| v.reread_floats(tokens)),
            Json::Null | Json::Bool(_) | Json::String(_) => {}
        }
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

/// The number tokens of JSON text in order, strings skipped.
struct NumberTokens<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Iterator for NumberTokens<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let b = self.text;
        while self.at < b.len() {
            match b[self.at] {
                b'"' => {
                    self.at += 1;
                    while self.at < b.len() && b[self.at] != b'"' {
                        self.at += if b[self.at] == b'\\' { 2 } else { 1 };
                    }
                    self.at += 1;
                }
                b'-' | b'0'..=b'9' => {
                    let start = self.at;
                    while self.at < b.len()
                        && matches!(b[self.at], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                    {
                        self.at += 1;
                    }
                    // ASCII only, so on character boundaries.
                    return std::str::from_utf8(&b[start..self.at]).ok();
                }
                _ => self.at += 1,
            }
        }
        None
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_duplicates_and_number_kinds_are_kept_and_floats_are_exact() {
        let text = r#"{"b":[1,-2,0.30000000000000004,"7.5"],"a":1.0,"b":18446744073709551616,
            "c":10000000.077777777777777777}"#;
        let Json::Object(m) = Json::parse(text).unwrap() else {
            panic!("an object")
        };
        let keys: Vec<&str> = m.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["b", "a", "b", "c"]);
        let Json::Array(a) = &m[0].1 else {
            panic!("an array")
        };
        assert_eq!(a[..2], [Json::U64(1), Json::I64(-2)]);
        assert_eq!(a[2], Json::F64("0.30000000000000004".parse().unwrap()));
        assert_eq!(a[3], Json::String("7.5".into()));
        assert_eq!(m[1].1, Json::F64(1.0));
        assert_eq!(m[2].1, Json::F64(18446744073709551616.0));
        let exact: f64 = "10000000.077777777777777777".parse().unwrap();
        assert_eq!(m[3].1, Json::F64(exact));
    }

    #[test]
    fn one_document_only() {
        assert!(Json::parse(" {} \n").is_ok());
        for text in ["{} {}", "{}x", "[1] [2]", "1 2", "{}\u{0}"] {
            let e = Json::parse(text).unwrap_err();
            assert!(
                e.to_string().starts_with("trailing characters"),
                "{text}: {e}"
            );
        }
        assert!(Json::parse("1e309")
            .unwrap_err()
            .to_string()
            .contains("out of range"));
    }
}
