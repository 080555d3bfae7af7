//! Reading the scenario types from a [`Json`] tree: the [`FromJson`] trait,
//! its implementations for the primitives, and the macros that implement it
//! for a struct ([`read_struct!`]), a unit enum ([`read_enum!`]) and the
//! fields of an internally tagged enum's variant ([`read_fields!`]).
//!
//! The per-type code is a list of field names and defaults around calls to
//! the non-generic functions here, which is what keeps the WASM small
//! (docs/performance.md). Each reader knows the path it reads at, so an
//! error names its field directly; the messages are serde's own (made with
//! `serde::de::Error` on serde_json's error type), as the derived code wrote them.

use super::json_value::Json;
use super::syntax_path;
use super::validate::ValidationError;
use serde::de::{Error as _, Expected, Unexpected};

type Error = serde_json::Error;

/// Read a `T` from JSON text. A syntax error names the field it stands in
/// (found from its position, see [`syntax_path`]); any other error the
/// field it is about.
pub fn from_json<T: FromJson>(text: &str) -> Result<T, ValidationError> {
    match Json::parse(text) {
        Ok(json) => T::read(&json, &Path::Root),
        Err(e) => {
            let path = syntax_path::path(text, &e);
            Err(if e.is_syntax() || e.is_eof() {
                ValidationError::syntax(path, &e.to_string())
            } else {
                ValidationError::from_serde(path, &syntax_path::without_position(e.to_string()))
            })
        }
    }
}

/// A value that can be read from JSON.
pub trait FromJson: Sized {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError>;
}

/// A struct, which can also be read as a variant of an internally tagged
/// enum (`tagged`: its `kind` is no field of it; see [`Fields::read`]).
pub trait FromFields: Sized {
    fn from_fields(json: &Json, path: &Path, tagged: bool) -> Result<Self, ValidationError>;
}

/// Where a value stands in the document (`flows[0].cc`). Built on the stack
/// while reading, written out only for an error.
#[derive(Clone, Copy)]
pub enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    pub fn key<'b>(&'b self, key: &'b str) -> Path<'b> {
        Path::Key(self, key)
    }

    pub fn index(&self, i: usize) -> Path<'_> {
        Path::Index(self, i)
    }

    /// An error at this path, with serde's message.
    pub fn error(&self, e: Error) -> ValidationError {
        let mut path = String::new();
        self.write(&mut path);
        ValidationError::from_serde(path, &e.to_string())
    }

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

/// "invalid type: …, expected …" for `json` at `path`.
fn invalid_type(json: &Json, path: &Path, expected: &dyn Expected) -> ValidationError {
    path.error(Error::invalid_type(json.unexpected(), expected))
}

/// An unsigned integer of at most `max`, refused as serde's primitive
/// visitor named `name` refuses it.
fn unsigned(json: &Json, path: &Path, max: u64, name: &str) -> Result<u64, ValidationError> {
    match *json {
        Json::U64(v) if v <= max => Ok(v),
        Json::U64(v) => Err(path.error(Error::invalid_value(Unexpected::Unsigned(v), &name))),
        Json::I64(v) => Err(path.error(Error::invalid_value(Unexpected::Signed(v), &name))),
        _ => Err(invalid_type(json, path, &name)),
    }
}

macro_rules! read_unsigned {
    ($($t:ty),*) => {$(
        impl FromJson for $t {
            fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
                // Lossless: `unsigned` refuses anything above the type's MAX.
                unsigned(json, path, <$t>::MAX.into(), stringify!($t)).map(|v| v as $t)
            }
        }
    )*};
}

read_unsigned!(u8, u16, u32, u64);

impl FromJson for f64 {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        match *json {
            Json::U64(v) => Ok(v as f64),
            Json::I64(v) => Ok(v as f64),
            Json::F64(v) => Ok(v),
            _ => Err(invalid_type(json, path, &"f64")),
        }
    }
}

impl FromJson for bool {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        match *json {
            Json::Bool(b) => Ok(b),
            _ => Err(invalid_type(json, path, &"a boolean")),
        }
    }
}

impl FromJson for String {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        match json {
            Json::String(s) => Ok(s.clone()),
            _ => Err(invalid_type(json, path, &"a string")),
        }
    }
}

impl<T: FromJson> FromJson for Option<T> {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        match json {
            Json::Null => Ok(None),
            _ => T::read(json, path).map(Some),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn read(json: &Json, path: &Path) -> Result<Self, ValidationError> {
        match json {
            Json::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, item)| T::read(item, &path.index(i)))
                .collect(),
            _ => Err(invalid_type(json, path, &"a sequence")),
        }
    }
}

/// The index in `names` of a unit variant, written as its name or, as serde
/// also reads it, as an object whose one key is the name and whose value is
/// null (checked in that order, as serde_json does).
pub fn unit_variant(
    json: &Json,
    path: &Path,
    names: &'static [&'static str],
) -> Result<usize, ValidationError> {
    match json {
        Json::String(name) => variant_index(name, path, names),
        Json::Object(members) => {
            let not_one = || {
                path.error(Error::invalid_value(
                    Unexpected::Map,
                    &"map with a single key",
                ))
            };
            let (name, value) = members.first().ok_or_else(not_one)?;
            let i = variant_index(name, path, names)?;
            if *value != Json::Null {
                return Err(invalid_type(value, &path.key(name), &"unit"));
            }
            if members.len() > 1 {
                return Err(not_one());
            }
            Ok(i)
        }
        _ => Err(invalid_type(json, path, &"string or map")),
    }
}

fn variant_index(
    name: &str,
    path: &Path,
    names: &'static [&'static str],
) -> Result<usize, ValidationError> {
    names
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| path.error(Error::unknown_variant(name, names)))
}

/// The `kind` of an internally tagged enum (`{"kind": "red", …}`) as an
/// index in `kinds`, read before the variant's fields wherever it stands.
/// serde's derive also read an array whose first element is the kind.
pub fn kind(
    json: &Json,
    path: &Path,
    name: &str,
    kinds: &'static [&'static str],
) -> Result<usize, ValidationError> {
    let kind_index = |value: &Json, at: &Path| match value {
        Json::String(s) => variant_index(s, at, kinds),
        _ => Err(invalid_type(value, at, &"variant identifier")),
    };
    match json {
        Json::Object(members) => {
            let mut kind = None;
            for (key, value) in members.iter().filter(|(key, _)| key == "kind") {
                if kind.is_some() {
                    return Err(path.error(Error::duplicate_field("kind")));
                }
                kind = Some(kind_index(value, &path.key(key))?);
            }
            kind.ok_or_else(|| path.error(Error::missing_field("kind")))
        }
        Json::Array(items) => match items.first() {
            Some(first) => kind_index(first, &path.index(0)),
            None => Err(path.error(Error::missing_field("kind"))),
        },
        _ => Err(invalid_type(
            json,
            path,
            &format!("internally tagged enum {name}").as_str(),
        )),
    }
}

/// How a struct was written: as an object, or as an array of its fields in
/// order (serde's derive read both).
#[derive(Clone, Copy)]
pub enum Form {
    Object,
    Array,
}

/// The set of fields a struct reader fills in.
pub struct Fields {
    /// The struct's name in messages (`struct Link`).
    pub name: &'static str,
    pub names: &'static [&'static str],
    /// Refuse keys that are not fields (serde's `deny_unknown_fields`).
    pub deny_unknown: bool,
}

impl Fields {
    /// Walk a struct's members in the order of the text, calling
    /// `set(field index, value, its path)`, and refuse unknown and
    /// duplicate fields when serde's derive did: at the member. `tagged`:
    /// the struct is a variant of an internally tagged enum, whose `kind`
    /// is no field of it (an object's `kind`, an array's first element).
    pub fn read(
        &self,
        json: &Json,
        path: &Path,
        tagged: bool,
        set: &mut dyn FnMut(usize, &Json, &Path) -> Result<(), ValidationError>,
    ) -> Result<Form, ValidationError> {
        match json {
            Json::Object(members) => {
                let mut seen = vec![false; self.names.len()];
                for (key, value) in members {
                    if tagged && key == "kind" {
                        continue;
                    }
                    match self.names.iter().position(|n| n == key) {
                        Some(i) if seen[i] => {
                            return Err(path.error(Error::duplicate_field(self.names[i])))
                        }
                        Some(i) => {
                            seen[i] = true;
                            set(i, value, &path.key(key))?;
                        }
                        None if self.deny_unknown => {
                            return Err(path.key(key).error(Error::unknown_field(key, self.names)))
                        }
                        None => {}
                    }
                }
                Ok(Form::Object)
            }
            Json::Array(items) => {
                let skip = usize::from(tagged);
                let given = items.len().saturating_sub(skip);
                for (i, item) in items.iter().enumerate().skip(skip).take(self.names.len()) {
                    set(i - skip, item, &path.index(i))?;
                }
                if given > self.names.len() {
                    return Err(
                        path.error(Error::invalid_length(given, &self.expecting().as_str()))
                    );
                }
                Ok(Form::Array)
            }
            _ => Err(invalid_type(
                json,
                path,
                &format!("struct {}", self.name).as_str(),
            )),
        }
    }

    /// The error for a field the text left out: serde's "missing field"
    /// (object) or "invalid length" at the field's position (array).
    pub fn missing(&self, form: Form, path: &Path, field: &'static str) -> ValidationError {
        path.error(match form {
            Form::Object => Error::missing_field(field),
            Form::Array => {
                let i = self.names.iter().position(|n| *n == field).unwrap_or(0);
                Error::invalid_length(i, &self.expecting().as_str())
            }
        })
    }

    /// The index of `field` in `names`, evaluated at compile time in
    /// `read_fields!` (comparing indices there, not names, keeps the code small).
    pub const fn index(&self, field: &str) -> usize {
        let mut i = 0;
        while i < self.names.len() {
            if eq(self.names[i].as_bytes(), field.as_bytes()) {
                return i;
            }
            i += 1;
        }
        panic!("not a field")
    }

    fn expecting(&self) -> String {
        match self.names.len() {
            1 => format!("struct {} with 1 element", self.name),
            n => format!("struct {} with {n} elements", self.name),
        }
    }
}

/// `a == b`, in a `const fn`.
const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Read the fields of `$ctor { field, field = default, … }` (a struct or a
/// struct variant) from `$json`; a field without a default is required.
/// Fields are numbered in order of declaration, which is also the order
/// in which missing ones are reported, as serde's derive did.
macro_rules! read_fields {
    ($json:expr, $path:expr, $tagged:expr, $name:literal,
     $ctor:path { $($field:ident $(= $default:expr)?),* $(,)? }) => {{
        const FIELDS: $crate::scenario::from_json::Fields = $crate::scenario::from_json::Fields {
            name: $name,
            names: &[$(stringify!($field)),*],
            deny_unknown: true,
        };
        let path: &$crate::scenario::from_json::Path = $path;
        $(let mut $field = None;)*
        #[allow(unused_variables)] // read only when a field is required
        let form = FIELDS.read($json, path, $tagged, &mut |i, value, at| {
            $(if i == const { FIELDS.index(stringify!($field)) } {
                $field = Some($crate::scenario::from_json::FromJson::read(value, at)?);
            })*
            Ok(())
        })?;
        $ctor {$(
            $field: match $field {
                Some(v) => v,
                None => $crate::scenario::from_json::or_missing!(
                    FIELDS.missing(form, path, stringify!($field)) $(, $default)?
                ),
            },
        )*}
    }};
}

/// A missing field's value: its default, or (none given) the error.
macro_rules! or_missing {
    ($missing:expr) => {
        return Err($missing)
    };
    ($missing:expr, $default:expr) => {
        $default
    };
}

/// `impl FromJson` and `FromFields` for a struct. `Type "Name" { field, field = default, … }`,
/// or `Type "Name" default { field, … }` for `#[serde(default)]` on the
/// struct: missing fields come from `Type::default()`.
macro_rules! read_struct {
    ($ty:ident $name:literal default { $($field:ident),* $(,)? }) => {
        $crate::scenario::from_json::read_struct!(@impl $ty, json, path, tagged, {
            let default = <$ty>::default();
            $crate::scenario::from_json::read_fields!(
                json, path, tagged, $name, $ty { $($field = default.$field),* }
            )
        });
    };
    ($ty:ident $name:literal { $($fields:tt)* }) => {
        $crate::scenario::from_json::read_struct!(@impl $ty, json, path, tagged, {
            $crate::scenario::from_json::read_fields!(json, path, tagged, $name, $ty { $($fields)* })
        });
    };
    (@impl $ty:ident, $json:ident, $path:ident, $tagged:ident, $body:block) => {
        impl $crate::scenario::from_json::FromFields for $ty {
            fn from_fields(
                $json: &$crate::scenario::json_value::Json,
                $path: &$crate::scenario::from_json::Path,
                $tagged: bool,
            ) -> Result<Self, $crate::scenario::ValidationError> {
                Ok($body)
            }
        }

        impl $crate::scenario::from_json::FromJson for $ty {
            fn read(
                json: &$crate::scenario::json_value::Json,
                path: &$crate::scenario::from_json::Path,
            ) -> Result<Self, $crate::scenario::ValidationError> {
                $crate::scenario::from_json::FromFields::from_fields(json, path, false)
            }
        }
    };
}

/// `impl FromJson` for a unit enum: `Type { "name" => Variant, … }`.
macro_rules! read_enum {
    ($ty:ident { $($name:literal => $variant:ident),* $(,)? }) => {
        impl $crate::scenario::from_json::FromJson for $ty {
            fn read(
                json: &$crate::scenario::json_value::Json,
                path: &$crate::scenario::from_json::Path,
            ) -> Result<Self, $crate::scenario::ValidationError> {
                const NAMES: &[&str] = &[$($name),*];
                let i = $crate::scenario::from_json::unit_variant(json, path, NAMES)?;
                Ok([$($ty::$variant),*][i])
            }
        }
    };
}

pub(crate) use {or_missing, read_enum, read_fields, read_struct};
