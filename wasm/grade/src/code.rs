//! Result codes: what a student hands in (made by the page, read by the grader).
//!
//! `TL1.<payload>.<check>`: payload is base64url (RFC 4648 §5, no padding) of the UTF-8 JSON
//! `{"a": assignment id, "s": student id, "ans": {question id: number}, "h": {scenario name:
//! trace_hash}, "m": model version}`; check is FNV-1a 64 of the payload text, 16 lowercase hex
//! digits. `m` came later: a code without it (made before) reads as of an unknown version, and
//! a reader that does not know `m` ignores it, so codes stay `TL1.` both ways. The check
//! catches typing and copying mistakes, not forgery: the grader re-runs every variant itself
//! and compares the answers with its own results.

use crate::problem::{Problem, ProblemCode};
use crate::variant::fnv1a64;
use serde_json::{Map, Value};

const PREFIX: &str = "TL1.";
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

#[derive(Debug, Clone, PartialEq)]
pub struct ResultCode {
    pub assignment: String,
    pub student: String,
    pub answers: Vec<(String, f64)>,
    pub hashes: Vec<(String, String)>,
    /// The model version that made the runs (`None`: a code from before codes carried it).
    pub model: Option<String>,
}

pub fn b64url_encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

pub fn b64url_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|a| *a == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    (bits < 6 && acc == 0).then_some(out)
}

/// The code of a hand-in.
pub fn encode(code: &ResultCode) -> String {
    let ans: Map<String, Value> = code
        .answers
        .iter()
        .map(|(k, v)| (k.clone(), Value::from(*v)))
        .collect();
    let h: Map<String, Value> = code
        .hashes
        .iter()
        .map(|(k, v)| (k.clone(), Value::from(v.clone())))
        .collect();
    let mut json = serde_json::json!({"a": code.assignment, "s": code.student, "ans": ans, "h": h});
    if let Some(m) = &code.model {
        json["m"] = Value::from(m.clone());
    }
    let payload = b64url_encode(json.to_string().as_bytes());
    format!("{PREFIX}{payload}.{:016x}", fnv1a64(payload.as_bytes()))
}

/// Read a code; `Err` says what is wrong with it.
pub fn decode(text: &str) -> Result<ResultCode, Problem> {
    let fail = |code| Err(Problem::new(code, ""));
    let Some(body) = text.trim().strip_prefix(PREFIX) else {
        return fail(ProblemCode::CodePrefix);
    };
    let Some((payload, check)) = body.rsplit_once('.') else {
        return fail(ProblemCode::CodeNoChecksum);
    };
    if format!("{:016x}", fnv1a64(payload.as_bytes())) != check {
        return fail(ProblemCode::CodeChecksum);
    }
    let Some(v) =
        b64url_decode(payload).and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
    else {
        return fail(ProblemCode::CodePayload);
    };
    let (Some(a), Some(s)) = (
        v.get("a").and_then(Value::as_str),
        v.get("s").and_then(Value::as_str),
    ) else {
        return fail(ProblemCode::CodePayload);
    };
    let obj = |k: &str| {
        v.get(k)
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()
    };
    Ok(ResultCode {
        assignment: a.to_string(),
        student: s.to_string(),
        answers: obj("ans")
            .into_iter()
            .filter_map(|(k, x)| x.as_f64().map(|f| (k, f)))
            .collect(),
        hashes: obj("h")
            .into_iter()
            .filter_map(|(k, x)| x.as_str().map(|s| (k, s.to_string())))
            .collect(),
        model: v.get("m").and_then(Value::as_str).map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_rfc4648_vectors() {
        for (plain, enc) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(b64url_encode(plain.as_bytes()), enc);
            assert_eq!(b64url_decode(enc).as_deref(), Some(plain.as_bytes()));
        }
        assert_eq!(b64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(b64url_decode("Zm9v+"), None);
    }

    #[test]
    fn a_code_carries_its_model_version_and_an_old_code_still_reads() {
        // Made before codes carried the model version (tests/fixtures/lessons/codes.json).
        let old = "TL1.eyJhIjoiZmFpcm5lc3MiLCJzIjoiczAxIiwiYW5zIjp7ImphaW4iOjAuODgsImN1YmljX21icHMiOjU4LjR9LCJoIjp7Im1haW4iOiIwMTIzNDU2Nzg5YWJjZGVmIn19.f902937c41384f37";
        let c = decode(old).unwrap();
        assert_eq!((c.student.as_str(), c.model), ("s01", None));
        let new = encode(&ResultCode {
            model: Some("9.9.9".into()),
            ..decode(old).unwrap()
        });
        assert!(new.starts_with("TL1."));
        let payload = b64url_decode(new[4..].split('.').next().unwrap()).unwrap();
        let json: Value = serde_json::from_slice(&payload).unwrap();
        assert_eq!(json["m"], "9.9.9");
        assert_eq!(decode(&new).unwrap().model.as_deref(), Some("9.9.9"));
    }

    #[test]
    fn a_code_round_trips_and_a_changed_character_is_caught() {
        let c = ResultCode {
            assignment: "fairness".into(),
            student: "s01".into(),
            answers: vec![("jain".into(), 0.88)],
            hashes: vec![("main".into(), "0123456789abcdef".into())],
            model: Some("0.1.0".into()),
        };
        let text = encode(&c);
        assert_eq!(decode(&text), Ok(c));
        let mut bad = text.clone().into_bytes();
        bad[6] = if bad[6] == b'A' { b'B' } else { b'A' };
        assert_eq!(
            decode(&String::from_utf8(bad).unwrap()).unwrap_err().code,
            ProblemCode::CodeChecksum
        );
        assert_eq!(decode("hello").unwrap_err().code, ProblemCode::CodePrefix);
        // Cut off when copied: in the check digits, or before them.
        let cut = &text[..text.len() - 3];
        assert_eq!(decode(cut).unwrap_err().code, ProblemCode::CodeChecksum);
        let cut = &text[..text.len() - 17];
        assert_eq!(decode(cut).unwrap_err().code, ProblemCode::CodeNoChecksum);
        assert_eq!(
            decode("TL1.abc").unwrap_err().code,
            ProblemCode::CodeNoChecksum
        );
    }
}
