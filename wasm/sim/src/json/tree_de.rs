//! A serde `Deserializer` over a [`Json`] tree that remembers where the
//! first error happened (`flows[0].cc`), and is stricter than serde_json's:
//! a struct must be an object (not an array of its fields), an enum a
//! string. Generic: the scenario types' derived `Deserialize` drives it.
//!
//! It also reads the internally tagged enums (`{"kind": "red", …}`) whose
//! `Deserialize` comes from `#[derive(TaggedDeserialize)]` (the
//! tcplab-derive crate): the variant named by the tag member, then the
//! object's other members, straight from the tree, with no buffer and so
//! with the field path of an error inside.

use super::json_tree::Json;
use serde::de::{
    self, Deserialize, DeserializeSeed, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use std::cell::RefCell;
use std::fmt;

/// A deserialisation error: serde's message.
#[derive(Debug)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }

    /// As serde's, with JSON's word for null (serde says "unit value").
    fn invalid_type(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        match unexp {
            de::Unexpected::Unit => Error(format!("invalid type: null, expected {exp}")),
            _ => Error(format!("invalid type: {unexp}, expected {exp}")),
        }
    }
}

/// Where a value stands in the document, built on the stack while reading.
#[derive(Clone, Copy)]
pub enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    fn write(&self, out: &mut String) {
        match self {
            Path::Root => {}
            Path::Key(parent, key) => {
                parent.write(out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Path::Index(parent, i) => {
                parent.write(out);
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
            }
        }
    }
}

/// The path of the first error, set by the innermost reader it passes.
#[derive(Default)]
pub struct ErrorPath(RefCell<Option<String>>);

impl ErrorPath {
    fn note<T>(&self, path: &Path, r: Result<T, Error>) -> Result<T, Error> {
        if r.is_err() {
            self.failed_at(path);
        }
        r
    }

    /// Not generic: one copy, whatever the type read.
    #[inline(never)]
    fn failed_at(&self, path: &Path) {
        if self.0.borrow().is_none() {
            let mut s = String::new();
            path.write(&mut s);
            *self.0.borrow_mut() = Some(s);
        }
    }

    /// The path noted, or "" (the whole document).
    pub fn take(&self) -> String {
        self.0.borrow_mut().take().unwrap_or_default()
    }
}

/// Read `T` from `json`, noting the path of an error in `at`.
pub fn deserialize<'de, T: de::Deserialize<'de>>(json: &Json, at: &ErrorPath) -> Result<T, Error> {
    let r = T::deserialize(De::new(json, &Path::Root, at));
    at.note(&Path::Root, r)
}

/// The name `#[derive(TaggedDeserialize)]` asks for, followed by the tag
/// (`$tcplab::tagged::kind`).
const TAGGED: &str = "$tcplab::tagged::";

/// Read a tagged enum from another deserializer (serde_json, in tests):
/// the value is buffered as a tree and read from that.
pub fn read_buffered<'de, T, D: de::Deserializer<'de>>(
    d: D,
    tag: &'static str,
    read: impl FnOnce(De<'_>) -> Result<T, Error>,
) -> Result<T, D::Error> {
    let json = Json::deserialize(d)?;
    let at = ErrorPath::default();
    read(De {
        mode: Mode::Tagged(tag),
        ..De::new(&json, &Path::Root, &at)
    })
    .map_err(|e| de::Error::custom(e.0))
}

/// Whether serde's derive is reading an internally tagged enum: its
/// visitor expects "internally tagged enum NAME".
fn tagged(visitor: &dyn de::Expected) -> bool {
    format!("{visitor}").starts_with("internally tagged enum")
}

/// How [`De`] reads an object.
#[derive(Clone, Copy)]
enum Mode {
    /// As serde asks.
    Plain,
    /// As an internally tagged enum with this tag: `deserialize_enum`
    /// reads the variant from the tag member.
    Tagged(&'static str),
    /// As the body of such a variant: every member but the tag.
    Body(&'static str),
}

#[derive(Clone, Copy)]
pub struct De<'a> {
    json: &'a Json,
    path: &'a Path<'a>,
    at: &'a ErrorPath,
    mode: Mode,
}

impl<'a> De<'a> {
    fn new(json: &'a Json, path: &'a Path<'a>, at: &'a ErrorPath) -> Self {
        De {
            json,
            path,
            at,
            mode: Mode::Plain,
        }
    }

    /// The members of an object as a map, without the tag in a variant's body.
    fn map(self, members: &'a [(String, Json)]) -> Map<'a> {
        Map {
            members,
            next: 0,
            path: self.path,
            at: self.at,
            skip: match self.mode {
                Mode::Body(tag) => Some(tag),
                _ => None,
            },
        }
    }

    fn invalid_type(&self, expected: &dyn de::Expected) -> Error {
        de::Error::invalid_type(self.json.unexpected(), expected)
    }

    fn scalar<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.json {
            Json::Null => visitor.visit_unit(),
            Json::Bool(b) => visitor.visit_bool(*b),
            Json::U64(v) => visitor.visit_u64(*v),
            Json::I64(v) => visitor.visit_i64(*v),
            Json::F64(v) => visitor.visit_f64(*v),
            Json::String(s) => visitor.visit_str(s),
            Json::Array(_) | Json::Object(_) => Err(self.invalid_type(&visitor)),
        }
    }
}

/// `fn deserialize_u32(self, visitor)` … as [`De::scalar`].
macro_rules! forward_to_scalar {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.scalar(visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for De<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.json {
            Json::Null => visitor.visit_unit(),
            Json::Bool(b) => visitor.visit_bool(*b),
            Json::U64(v) => visitor.visit_u64(*v),
            Json::I64(v) => visitor.visit_i64(*v),
            Json::F64(v) => visitor.visit_f64(*v),
            Json::String(s) => visitor.visit_str(s),
            // serde's derive of an internally tagged enum reads through here, into a
            // buffer that keeps no field path: such enums derive TaggedDeserialize.
            Json::Array(_) | Json::Object(_) if tagged(&visitor) => Err(Error(format!(
                "{} is read without #[derive(TaggedDeserialize)]",
                &visitor as &dyn de::Expected
            ))),
            Json::Array(items) => visitor.visit_seq(Seq {
                items,
                next: 0,
                path: self.path,
                at: self.at,
            }),
            Json::Object(members) => visitor.visit_map(self.map(members)),
        }
    }

    /// `#[derive(TaggedDeserialize)]` asks for its enum by a name that
    /// carries the tag: an object is read as that enum (see [`Tagged`]).
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match (name.strip_prefix(TAGGED), self.json) {
            (Some(tag), Json::Object(_)) => visitor.visit_some(De {
                mode: Mode::Tagged(tag),
                ..self
            }),
            // As serde's derive words it: "expected internally tagged enum X".
            (Some(_), _) => Err(self.invalid_type(&visitor)),
            (None, _) => self.deserialize_any(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.json {
            Json::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    /// An object only: serde's derive would also read an array of the fields in order.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.json {
            Json::Object(members) => visitor.visit_map(self.map(members)),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.json {
            Json::Array(items) => visitor.visit_seq(Seq {
                items,
                next: 0,
                path: self.path,
                at: self.at,
            }),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    /// A unit variant, written as its name (serde_json would also take `{"name": null}`).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match (self.mode, self.json) {
            (Mode::Tagged(tag), Json::Object(members)) => visitor.visit_enum(Tagged {
                members,
                tag,
                de: self,
            }),
            (_, Json::String(s)) => visitor.visit_enum(UnitVariant(s)),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    // Scalars: no array or object can be one (and reading them thus keeps
    // the visitors' sequence and map code out of the WASM).
    forward_to_scalar! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_f32
        deserialize_f64 deserialize_char deserialize_str deserialize_string
        deserialize_identifier
    }

    forward_to_deserialize_any! {
        bytes byte_buf unit unit_struct tuple tuple_struct map
    }
}

struct Seq<'a> {
    items: &'a [Json],
    next: usize,
    path: &'a Path<'a>,
    at: &'a ErrorPath,
}

impl<'de> SeqAccess<'de> for Seq<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(json) = self.items.get(self.next) else {
            return Ok(None);
        };
        let path = Path::Index(self.path, self.next);
        self.next += 1;
        let r = seed.deserialize(De::new(json, &path, self.at));
        self.at.note(&path, r).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len() - self.next)
    }
}

struct Map<'a> {
    members: &'a [(String, Json)],
    next: usize,
    path: &'a Path<'a>,
    at: &'a ErrorPath,
    /// The tag of a variant's body, not one of its fields.
    skip: Option<&'static str>,
}

impl<'de> MapAccess<'de> for Map<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        while let (Some((key, _)), Some(tag)) = (self.members.get(self.next), self.skip) {
            if key != tag {
                break;
            }
            self.next += 1;
        }
        let Some((key, _)) = self.members.get(self.next) else {
            return Ok(None);
        };
        // An unknown field is refused here: its path names it.
        let r = seed.deserialize(IntoDeserializer::<Error>::into_deserializer(key.as_str()));
        self.at.note(&Path::Key(self.path, key), r).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (key, json) = &self.members[self.next];
        self.next += 1;
        let path = Path::Key(self.path, key);
        let r = seed.deserialize(De::new(json, &path, self.at));
        self.at.note(&path, r)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.members.len() - self.next)
    }
}

/// The name of a unit variant.
struct UnitVariant<'a>(&'a str);

impl<'de> EnumAccess<'de> for UnitVariant<'_> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let v = seed.deserialize(IntoDeserializer::<Error>::into_deserializer(self.0))?;
        Ok((v, self))
    }
}

impl<'de> VariantAccess<'de> for UnitVariant<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value, Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"newtype variant",
        ))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"tuple variant",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"struct variant",
        ))
    }
}

/// An internally tagged value: the variant is the tag member's value, the
/// variant's fields the other members. As serde's own reader of such a
/// value: the first tag member is read (an error in it names it), a second
/// one is a duplicate field, none a missing field; unlike serde's, a unit
/// variant refuses any other member.
struct Tagged<'a> {
    members: &'a [(String, Json)],
    tag: &'static str,
    de: De<'a>,
}

impl<'de, 'a> EnumAccess<'de> for Tagged<'a> {
    type Error = Error;
    type Variant = De<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, De<'a>), Error> {
        let mut tags = self.members.iter().filter(|(k, _)| k == self.tag);
        let Some((key, json)) = tags.next() else {
            return Err(de::Error::missing_field(self.tag));
        };
        let path = Path::Key(self.de.path, key);
        let r = seed.deserialize(De::new(json, &path, self.de.at));
        let variant = self.de.at.note(&path, r)?;
        if tags.next().is_some() {
            return Err(de::Error::duplicate_field(self.tag));
        }
        let body = De {
            mode: Mode::Body(self.tag),
            ..self.de
        };
        Ok((variant, body))
    }
}

/// The body of a tagged variant: the object without its tag.
impl<'de> VariantAccess<'de> for De<'_> {
    type Error = Error;

    /// A kind without fields takes no other member: as strict as a kind
    /// with fields and `deny_unknown_fields` (serde's own tagged reader
    /// would ignore them, so `{"kind": "bulk", "bytes": 5}` read as bulk).
    fn unit_variant(self) -> Result<(), Error> {
        let (Json::Object(members), Mode::Body(tag)) = (self.json, self.mode) else {
            return Ok(());
        };
        match members.iter().find(|(k, _)| k != tag) {
            Some((key, _)) => self.at.note(
                &Path::Key(self.path, key),
                Err(de::Error::unknown_field(key, &[])),
            ),
            None => Ok(()),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        Err(self.invalid_type(&visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.json {
            Json::Object(members) => visitor.visit_map(self.map(members)),
            _ => Err(self.invalid_type(&visitor)),
        }
    }
}
