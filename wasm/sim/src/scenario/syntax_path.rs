//! The field path of a JSON syntax error (`flows[0].?`), found from the
//! error's position in the text: the scenario's own errors name their field
//! while the tree is read (from_json.rs), but a syntax error comes from
//! serde_json before there is a tree.

/// The field path of serde_json's error `e` in `json` ("" for the whole
/// document). A document that ends early ends in the innermost value being
/// read: after a key and its colon, that field; after a key, the object; in
/// an object otherwise, an unknown key (`?`); in an array, the array.
pub(crate) fn path(json: &str, e: &serde_json::Error) -> String {
    let at = offset(json, e);
    // A syntax error is placed just past the byte it peeked at: at a value
    // that opens with the wrong bracket, that byte is the bracket.
    let stack = scan(
        json,
        if e.is_syntax() {
            at.saturating_sub(1)
        } else {
            at
        },
    );
    let (top, outer) = stack.split_last().expect("the document frame");
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
    } else {
        top.member.clone()
    };
    push(&mut out, &own);
    out
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
    member: Member,
    state: State,
}

impl Frame {
    fn new(object: bool) -> Self {
        Self {
            object,
            member: if object {
                Member::None
            } else {
                Member::Index(0)
            },
            state: State::Open,
        }
    }
}

/// The open objects and arrays at byte `pos` of the text.
fn scan(json: &str, pos: usize) -> Vec<Frame> {
    let b = json.as_bytes();
    let end = pos.min(b.len());
    let mut root = Frame::new(false);
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
                i += 1;
            }
            c @ (b'{' | b'[') => {
                stack.push(Frame::new(c == b'{'));
                i += 1;
            }
            b'}' | b']' => {
                i += 1;
                if stack.len() > 1 {
                    stack.pop();
                    stack[top - 1].state = State::Done;
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
                } else if closed.is_some() {
                    f.state = State::Done;
                }
            }
            _ => {
                while i < b.len() && !b" \t\n\r,:{}[]\"".contains(&b[i]) {
                    i += 1;
                }
                stack[top].state = State::Done;
            }
        }
    }
    stack
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
