//! The scenario's JSON reader machinery, generic over the types it reads: a
//! [`Json`](json_tree::Json) tree (json_tree.rs) and a serde `Deserializer`
//! over it that notes the field path of an error (tree_de.rs). A leaf of the
//! crate, below every module whose types a scenario holds (queue disciplines
//! and loss models derive `TaggedDeserialize`, whose code calls
//! `tree_de::read_buffered`); `scenario` drives it (scenario/reader.rs).

pub(crate) mod json_tree;
pub(crate) mod tree_de;
