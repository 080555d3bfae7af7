//! The one scenario reader: the bytes of a file, an import or a link →
//! the serde types of `types.rs`, or one error naming the field path.
//! Every door (the CLI, the page through the wasm facade, links, the fuzz
//! targets) reads through here, so they all give the same answer.
//!
//! serde's derived `Deserialize` on the types does the reading: their
//! attributes are the one source of names, defaults and required fields
//! (docs/architecture.md, "The scenario reader"). It reads from a
//! [`Json`] tree (json_tree.rs) through a deserializer that notes the
//! field path of an error (tree_de.rs). Around that, this file refuses
//! what the derive would not see: input over [`MAX_SCENARIO_BYTES`]
//! (before anything is parsed), a byte-order mark, UTF-16, invalid UTF-8
//! and text after the first JSON value.

use super::validate::ValidationError;
use crate::error::ErrorCode as E;
use crate::json::json_tree::Json;
use crate::json::tree_de::{self, ErrorPath};
use serde::de::DeserializeOwned;

/// The largest scenario accepted, in bytes. The largest valid scenario
/// (1000 nodes, 2000 links with queues and impairments, 1000 flows with
/// every option, a 5000-character description) is about 2 MB of JSON; a
/// mahimahi trace of a few hundred thousand lines fits as well. Anything
/// above is refused before it is parsed, so a 50 MB file never becomes a
/// gigabyte of objects.
pub const MAX_SCENARIO_BYTES: usize = 8_000_000;

/// Read a `T` (a scenario, or one of its parts) from JSON bytes.
pub fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ValidationError> {
    if bytes.len() > MAX_SCENARIO_BYTES {
        return Err(too_large(bytes.len()));
    }
    let text = utf8(bytes)?;
    let json = Json::parse(text).map_err(|e| syntax_error(text, e))?;
    attempt::<T>(&json).map_err(|(mut path, message)| {
        // The derive refuses a repeated key at its object: name the key.
        if let Some(key) = message
            .strip_prefix("duplicate field `")
            .and_then(|m| m.strip_suffix('`'))
        {
            if path != key && !path.ends_with(&format!(".{key}")) {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
        }
        ValidationError::from_serde(path, &message)
    })
}

/// Check that bytes are one JSON document the reader would parse (size,
/// encoding, syntax, numbers in range) with no key twice in an object,
/// for JSON that is not a scenario itself, such as a link's payload.
pub fn check_json(bytes: &[u8]) -> Result<(), ValidationError> {
    if bytes.len() > MAX_SCENARIO_BYTES {
        return Err(too_large(bytes.len()));
    }
    let text = utf8(bytes)?;
    let json = Json::parse(text).map_err(|e| syntax_error(text, e))?;
    match duplicate(&json, &mut Vec::new()) {
        Some((path, key)) => Err(ValidationError::at(path, E::DuplicateField).with("field", key)),
        None => Ok(()),
    }
}

/// The first key written twice in one object: (its path, the key).
fn duplicate(json: &Json, steps: &mut Vec<String>) -> Option<(String, String)> {
    let path = |steps: &[String]| steps.concat().trim_start_matches('.').to_string();
    match json {
        Json::Object(m) => {
            for (i, (k, v)) in m.iter().enumerate() {
                steps.push(format!(".{k}"));
                if m[..i].iter().any(|(j, _)| j == k) {
                    return Some((path(steps), k.clone()));
                }
                let found = duplicate(v, steps);
                steps.pop();
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        Json::Array(items) => items.iter().enumerate().find_map(|(i, v)| {
            steps.push(format!("[{i}]"));
            let found = duplicate(v, steps);
            steps.pop();
            found
        }),
        _ => None,
    }
}

fn too_large(bytes: usize) -> ValidationError {
    ValidationError::at("", E::TooLarge)
        .with("bytes", bytes)
        .with("max", MAX_SCENARIO_BYTES)
}

/// Read a `T` from JSON text (see [`read_json`]).
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, ValidationError> {
    read_json(text.as_bytes())
}

/// The bytes as UTF-8 text, or why they are not: a byte-order mark,
/// UTF-16, or an invalid sequence, each with its byte position.
fn utf8(bytes: &[u8]) -> Result<&str, ValidationError> {
    let refuse = |code: E| Err(ValidationError::at("", code));
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => return refuse(E::ByteOrderMark),
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => return refuse(E::Utf16),
        // JSON starts with an ASCII character; UTF-16 without a mark puts
        // a zero byte beside it.
        [0, _, ..] | [_, 0, ..] => return refuse(E::Utf16NoMark),
        _ => {}
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        ValidationError::at("", E::NotUtf8)
            .with("byte", format!("0x{:02X}", bytes[at]))
            .with("offset", at)
    })
}

/// A syntax error (or an early end, a number out of range, text after the
/// value): where in the text it is, by line, column and byte.
fn syntax_error(text: &str, e: serde_json::Error) -> ValidationError {
    let message = e.to_string();
    let reason = message
        .rfind(" at line ")
        .map_or(message.as_str(), |i| &message[..i]);
    ValidationError::syntax(
        "",
        &format!(
            "{reason} at line {} column {} (byte {})",
            e.line(),
            e.column(),
            byte_offset(text, e.line(), e.column())
        ),
    )
}

/// The byte offset of serde_json's (line, column), both from 1: the byte
/// the parser stopped at.
fn byte_offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// Deserialize `T` from the tree; an error as (path, message).
fn attempt<T: DeserializeOwned>(json: &Json) -> Result<T, (String, String)> {
    let at = ErrorPath::default();
    tree_de::deserialize::<T>(json, &at).map_err(|e| (at.take(), e.0))
}
