//! The scenario's JSON reader machinery, generic over the types it reads: a
//! [`Json`](json_tree::Json) tree (json_tree.rs) and a serde `Deserializer`
//! over it that notes the field path of an error (tree_de.rs). A leaf of the
//! crate, below every module whose types a scenario holds (queue disciplines
//! and loss models derive `TaggedDeserialize`, whose code calls
//! `tree_de::read_buffered`); `scenario` drives it (scenario/reader.rs). With
//! the `schema` feature it also writes the registries' examples into the JSON
//! Schema (`x-example`, `x-examples`).

pub(crate) mod json_tree;
pub(crate) mod tree_de;

/// A registry line's example as the schema carries it (`x-example`): the
/// tagged value, `kind` included, as a file would hold it.
#[cfg(feature = "schema")]
pub fn schema_example<T: serde::Serialize>(example: &T) -> serde_json::Value {
    serde_json::to_value(example).expect("examples serialise")
}

/// A source's examples per transport (`x-examples`: `{"udp": {...}}`).
#[cfg(feature = "schema")]
pub fn schema_examples<T: serde::Serialize>(examples: &[(&str, T)]) -> serde_json::Value {
    let map = examples
        .iter()
        .map(|(protocol, e)| (protocol.to_string(), schema_example(e)))
        .collect();
    serde_json::Value::Object(map)
}
