//! The field path of a serde_json error (`flows[0].cc`), found from the
//! error's position in the text.
//!
//! serde_path_to_error found it by wrapping the deserializer, which
//! instantiated every derived visitor a second time around its wrappers: a
//! quarter of the WASM (docs/performance.md). Here the visitors run once, on
//! serde_json's own reader, and the path is read off the text: serde_json
//! places an error in a value right after that value (or at its first byte),
//! an unknown field right after its key, and an error of a whole object or
//! array (a missing field, a wrong length) right after its closing bracket.
//!
//! serde's derive for internally tagged enums (`{"kind": "red", …}`) reads
//! the object through a buffer, which loses positions and instantiates the
//! variants' fields a second time. The scenario's tagged enums (queue,
//! loss, source, switch trigger) are read by [`internally_tagged`] instead:
//! the kind first, then the variant's fields from the object's own text, and
//! [`from_str`] finds that text in the document to place an error inside it.

use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::cell::RefCell;

thread_local! {
    /// The text of the tagged value whose deserialisation failed, and its
    /// error (the error serde_json returns from the enclosing object is placed
    /// after it, so the path is found from this).
    static TAGGED_ERROR: RefCell<Option<(Box<RawValue>, serde_json::Error)>> =
        const { RefCell::new(None) };
}

/// Deserialise an internally tagged enum (`{"kind": …, fields}`) from its
/// own text: `variant(index of the kind in kinds, the text with the kind
/// member blanked out)`. The kind's errors are serde's (missing, duplicate,
/// unknown variant); an error is remembered for [`from_str`] with its
/// position in the text.
pub(crate) fn internally_tagged<'de, D, T>(
    d: D,
    name: &'static str,
    kinds: &'static [&'static str],
    variant: fn(usize, &str) -> serde_json::Result<T>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let raw = Box::<RawValue>::deserialize(d)?;
    let text = raw.get();
    let read = serde_json::Deserializer::from_str(text)
        .deserialize_any(TagVisitor { name, kinds })
        .and_then(|kind| variant(kind, &blank_kind(text)));
    read.map_err(|e| {
        let message = without_position(e.to_string());
        TAGGED_ERROR.with(|t| *t.borrow_mut() = Some((raw, e)));
        D::Error::custom(message)
    })
}

/// Reads the `kind` of an internally tagged object: the index of the kind.
struct TagVisitor {
    name: &'static str,
    kinds: &'static [&'static str],
}

impl<'de> serde::de::Visitor<'de> for TagVisitor {
    type Value = usize;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "internally tagged enum {}", self.name)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<usize, A::Error> {
        let mut kind = None;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == "kind" {
                if kind.is_some() {
                    return Err(A::Error::duplicate_field("kind"));
                }
                kind = Some(map.next_value_seed(KindSeed(self.kinds))?);
            } else {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
        kind.ok_or_else(|| A::Error::missing_field("kind"))
    }

    /// serde's derive also reads an array: the kind, then the fields in order.
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let kind = seq.next_element_seed(KindSeed(self.kinds))?;
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        kind.ok_or_else(|| A::Error::missing_field("kind"))
    }
}

/// The kind's value: one of the kinds' names.
struct KindSeed(&'static [&'static str]);

impl<'de> serde::de::DeserializeSeed<'de> for KindSeed {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> serde::de::Visitor<'de> for KindSeed {
    type Value = usize;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<usize, E> {
        self.0
            .iter()
            .position(|k| *k == v)
            .ok_or_else(|| E::unknown_variant(v, self.0))
    }
}

/// The object's text with its `kind` member (and a comma beside it) replaced
/// by spaces, keeping every other byte, and so every position, in place; for
/// an array, its first element (the kind) and the comma after it.
fn blank_kind(text: &str) -> String {
    let b = text.as_bytes();
    if text.trim_start().starts_with('[') {
        let Some(s) = text.find('"') else {
            return text.to_string();
        };
        let mut e = string_end(b, s).unwrap_or(b.len());
        let after = e + (text[e..].len() - text[e..].trim_start().len());
        if b.get(after) == Some(&b',') {
            e = after + 1;
        }
        return blank(text, s, e);
    }
    let (mut depth, mut i) = (0usize, 0usize);
    let mut comma = None; // the last comma between the object's members
    let mut range = None;
    let mut expect_key = false;
    while i < b.len() {
        match b[i] {
            b'{' | b'[' => {
                depth += 1;
                expect_key = depth == 1 && b[i] == b'{';
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => {
                comma = Some(i);
                expect_key = true;
            }
            b'"' => {
                let end = string_end(b, i).unwrap_or(b.len());
                if depth == 1 && expect_key {
                    expect_key = false;
                    if serde_json::from_str::<std::borrow::Cow<str>>(&text[i..end])
                        .is_ok_and(|k| k == "kind")
                    {
                        let start = i;
                        // The value ends at the next comma or brace at this depth.
                        let mut j = end;
                        let mut d = 0usize;
                        while j < b.len() {
                            match b[j] {
                                b'"' => {
                                    j = string_end(b, j).unwrap_or(b.len());
                                    continue;
                                }
                                b'{' | b'[' => d += 1,
                                b'}' | b']' if d > 0 => d -= 1,
                                b',' | b'}' if d == 0 => break,
                                _ => {}
                            }
                            j += 1;
                        }
                        range = Some(if j < b.len() && b[j] == b',' {
                            (start, j + 1)
                        } else {
                            (comma.unwrap_or(start), j)
                        });
                        break;
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    match range {
        Some((s, e)) => blank(text, s, e),
        None => text.to_string(),
    }
}

/// `text` with the bytes from `s` to `e` replaced by spaces (line breaks kept).
fn blank(text: &str, s: usize, e: usize) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..s]);
    out.extend(b[s..e].iter().map(|&c| if c == b'\n' { c } else { b' ' }));
    out.extend_from_slice(&b[e..]);
    String::from_utf8(out).expect("ASCII spaces in place of a member")
}

/// Deserialise `json` with serde_json, giving an error with its field path
/// ("" for the whole document).
pub(crate) fn from_str<T: DeserializeOwned>(json: &str) -> Result<T, (String, serde_json::Error)> {
    TAGGED_ERROR.with(|t| t.borrow_mut().take());
    // Text after the value is ignored, as it always was here (no `end()`).
    let e = match T::deserialize(&mut serde_json::Deserializer::from_str(json)) {
        Ok(v) => return Ok(v),
        Err(e) => e,
    };
    // A syntax error is placed just past the byte it peeked at: at a value
    // that opens with the wrong bracket, that byte is the bracket.
    let at = offset(json, &e);
    let scan = Scan::to(
        json,
        if e.is_syntax() {
            at.saturating_sub(1)
        } else {
            at
        },
    );
    let Some((raw, inner)) = TAGGED_ERROR.with(|t| t.borrow_mut().take()) else {
        return Err((scan.path(&e), e));
    };
    match scan.find(json, raw.get()) {
        // The inner error's position is relative to the tagged value's text,
        // which is valid JSON: a syntax error there is an enum given neither
        // a string nor an object, placed just past the value's first byte.
        Some((_, start)) if inner.is_syntax() => {
            let at = offset(raw.get(), &inner).saturating_sub(1);
            let inner = not_an_enum(raw.get(), at);
            Err((Scan::to(json, start + at).path(&inner), inner))
        }
        Some((_, start)) if inner.line() != 0 => {
            let at = Scan::to(json, start + offset(raw.get(), &inner));
            Err((at.path(&inner), inner))
        }
        Some((path, _)) => Err((path, inner)),
        None => Err((scan.path(&e), inner)),
    }
}

/// The error serde gives an enum read from a buffer when the value at `at`
/// (or, at a closing bracket, the object or array it closes) is neither a
/// string nor an object with one key.
fn not_an_enum(text: &str, at: usize) -> serde_json::Error {
    use serde::de::Unexpected;
    let b = text.as_bytes();
    let mut start = at.min(b.len().saturating_sub(1));
    if matches!(b.get(start), Some(b'}' | b']')) {
        start = text[..start].trim_end().len().saturating_sub(1);
    }
    let rest = &text[start..];
    let token = &rest[..rest
        .find([',', '}', ']', ' ', '\n', '\r', '\t'])
        .unwrap_or(rest.len())];
    let unexpected = match b.get(start) {
        Some(b'{') => {
            return serde_json::Error::invalid_value(Unexpected::Map, &"map with a single key")
        }
        Some(b'[') => Unexpected::Seq,
        Some(b't') => Unexpected::Bool(true),
        Some(b'f') => Unexpected::Bool(false),
        Some(b'n') => Unexpected::Unit,
        _ => match (token.parse::<u64>(), token.parse::<i64>()) {
            (Ok(u), _) => Unexpected::Unsigned(u),
            (_, Ok(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(token.parse().unwrap_or(f64::NAN)),
        },
    };
    serde_json::Error::invalid_type(unexpected, &"string or map")
}

/// A serde_json error message without its " at line L column C".
pub(crate) fn without_position(mut message: String) -> String {
    if let Some(i) = message.rfind(" at line ") {
        message.truncate(i);
    }
    message
}

/// The byte offset of a serde_json error (line 1-based, column = bytes
/// before it on its line); 0 when the error has no position.
fn offset(json: &str, e: &serde_json::Error) -> usize {
    if e.line() == 0 {
        return 0;
    }
    let mut start = 0;
    for _ in 1..e.line() {
        match json[start..].find('\n') {
            Some(i) => start += i + 1,
            None => break,
        }
    }
    (start + e.column()).min(json.len())
}

#[derive(Clone, PartialEq)]
enum Member {
    None,
    Key(String),
    Index(usize),
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    /// After `{`, `[` or `,`: no key yet (objects), no value yet.
    Open,
    /// After a key, before its colon.
    Key,
    /// After a key and its colon, before the value.
    Colon,
    /// The member's value is complete.
    Done,
}

/// An open object or array (the document itself is the bottom one).
struct Frame {
    object: bool,
    start: usize,
    member: Member,
    state: State,
    /// Where the member's value lies, once complete.
    value: (usize, usize),
    /// When that value is an object or array: its last member and where
    /// that member's value lies.
    last: Option<(Member, (usize, usize))>,
}

impl Frame {
    fn new(object: bool, start: usize) -> Self {
        Self {
            object,
            start,
            member: if object {
                Member::None
            } else {
                Member::Index(0)
            },
            state: State::Open,
            value: (start, start),
            last: None,
        }
    }

    fn done(&mut self, value: (usize, usize), last: Option<(Member, (usize, usize))>) {
        self.state = State::Done;
        self.value = value;
        self.last = last;
    }
}

/// The open objects and arrays at a position in the text.
struct Scan {
    stack: Vec<Frame>,
}

impl Scan {
    fn to(json: &str, pos: usize) -> Self {
        let b = json.as_bytes();
        let end = pos.min(b.len());
        let mut root = Frame::new(false, 0);
        root.member = Member::None;
        let mut stack = vec![root];
        let mut i = 0;
        while i < end {
            let top = stack.len() - 1;
            match b[i] {
                b' ' | b'\t' | b'\n' | b'\r' => i += 1,
                b':' => {
                    let f = &mut stack[top];
                    if f.state == State::Key {
                        f.state = State::Colon;
                    }
                    i += 1;
                }
                b',' => {
                    let f = &mut stack[top];
                    f.member = match f.member {
                        Member::Index(n) if !f.object => Member::Index(n + 1),
                        _ => Member::None,
                    };
                    f.state = State::Open;
                    f.last = None;
                    i += 1;
                }
                c @ (b'{' | b'[') => {
                    stack.push(Frame::new(c == b'{', i));
                    i += 1;
                }
                b'}' | b']' => {
                    i += 1;
                    if stack.len() > 1 {
                        let child = stack.pop().expect("a child frame");
                        let last =
                            (child.state == State::Done).then_some((child.member, child.value));
                        stack[top - 1].done((child.start, i), last);
                    }
                }
                b'"' => {
                    let s = i;
                    let closed = string_end(b, i);
                    i = closed.unwrap_or(b.len());
                    let f = &mut stack[top];
                    if f.object && f.state == State::Open {
                        // An unfinished key leaves the object waiting for one.
                        if let Some(e) = closed {
                            let key = serde_json::from_str(&json[s..e]);
                            f.member = Member::Key(key.unwrap_or_else(|_| "?".to_string()));
                            f.state = State::Key;
                        }
                    } else if let Some(e) = closed {
                        f.done((s, e), None);
                    }
                }
                _ => {
                    let s = i;
                    while i < b.len() && !b" \t\n\r,:{}[]\"".contains(&b[i]) {
                        i += 1;
                    }
                    stack[top].done((s, i), None);
                }
            }
        }
        Self { stack }
    }

    /// The path of the value at the position. An error right after a key is
    /// that field's, except a duplicate field and an unknown variant of an
    /// enum written as an object, which are the object's, as
    /// serde_path_to_error had them.
    ///
    /// A document that ends early ends in the innermost value being read:
    /// after a key and its colon, that field; after a key, the object; in an
    /// object otherwise, an unknown key (`?`); in an array, the array.
    fn path(&self, e: &serde_json::Error) -> String {
        let (top, outer) = self.stack.split_last().expect("the document frame");
        let mut out = String::new();
        for f in outer {
            push(&mut out, &f.member);
        }
        let own = if e.is_eof() {
            match top.state {
                State::Colon => top.member.clone(),
                State::Key => Member::None,
                _ if top.object => Member::Key("?".to_string()),
                _ => Member::None,
            }
        } else if matches!(top.state, State::Key | State::Colon) && {
            let m = e.to_string();
            m.starts_with("duplicate field") || m.starts_with("unknown variant")
        } {
            Member::None
        } else {
            top.member.clone()
        };
        push(&mut out, &own);
        out
    }

    /// The path and start of the complete value `raw` ends with, just before
    /// the position: the current member's value, or the last member of it
    /// (when serde_json read past the closing bracket of the object that
    /// holds `raw`).
    fn find(&self, json: &str, raw: &str) -> Option<(String, usize)> {
        let top = self.stack.last()?;
        if top.state != State::Done {
            return None;
        }
        let mut path = String::new();
        for f in &self.stack {
            push(&mut path, &f.member);
        }
        let text = |(s, e): (usize, usize)| json.get(s..e);
        if text(top.value) == Some(raw) {
            return Some((path, top.value.0));
        }
        match &top.last {
            Some((m, span)) if text(*span) == Some(raw) => {
                push(&mut path, m);
                Some((path, span.0))
            }
            _ => None,
        }
    }
}

fn push(out: &mut String, m: &Member) {
    match m {
        Member::None => {}
        Member::Key(k) => {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(k);
        }
        Member::Index(i) => {
            out.push('[');
            out.push_str(&i.to_string());
            out.push(']');
        }
    }
}

/// The index just past the string that starts at `i`; None when it does not end.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}
