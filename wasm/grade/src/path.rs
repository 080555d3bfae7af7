//! Paths into JSON documents (docs/lessons.md): run summaries for metrics, scenarios for
//! settings and variants. `jain_index`, `flows[flow1].goodput_bps`,
//! `links[bottleneck/a>b].drops`, `flows[cc=cubic].goodput_bps`, `flows[*].timeouts`,
//! `topology.links[1].delay_ms`.
//!
//! A segment is a key, optionally followed by `[selector]`. A selector is `*` (every
//! element), a whole number (an index), `key=value` (elements whose `key` is that string or
//! number), `id/direction` (elements with that `id` and `direction`), or otherwise an `id`.

use crate::problem::{Problem, ProblemCode};
use serde::Serialize;
use serde_json::Value;

/// Which elements of a list a segment picks. The page reads parsed paths to name settings
/// and metrics in words.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Selector {
    All,
    Index { index: usize },
    Field { key: String, value: String },
    IdDirection { id: String, direction: String },
    Id { id: String },
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Segment {
    pub key: String,
    pub selector: Option<Selector>,
}

fn selector(text: &str) -> Selector {
    if text == "*" {
        Selector::All
    } else if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse()
            .map(|index| Selector::Index { index })
            .unwrap_or(Selector::Id { id: text.into() })
    } else if let Some((k, v)) = text.split_once('=') {
        Selector::Field {
            key: k.into(),
            value: v.into(),
        }
    } else if let Some((id, dir)) = text.split_once('/') {
        Selector::IdDirection {
            id: id.into(),
            direction: dir.into(),
        }
    } else {
        Selector::Id { id: text.into() }
    }
}

/// Parse a path; `Err` says what is wrong with it (its own path is empty: the caller adds
/// where the path was written).
pub fn parse(path: &str) -> Result<Vec<Segment>, Problem> {
    if path.is_empty() {
        return Err(Problem::new(ProblemCode::PathEmpty, ""));
    }
    let mut out = Vec::new();
    for part in split_dots(path) {
        let (key, sel) = match part.find('[') {
            Some(open) => {
                if !part.ends_with(']') {
                    return Err(Problem::new(ProblemCode::PathUnclosed, "")
                        .with("path", path)
                        .with("part", part));
                }
                let inner = &part[open + 1..part.len() - 1];
                if inner.is_empty() {
                    return Err(Problem::new(ProblemCode::PathEmptySelector, "")
                        .with("path", path)
                        .with("part", part));
                }
                (&part[..open], Some(selector(inner)))
            }
            None => (part, None),
        };
        if key.is_empty() {
            return Err(Problem::new(ProblemCode::PathEmptyName, "").with("path", path));
        }
        out.push(Segment {
            key: key.into(),
            selector: sel,
        });
    }
    Ok(out)
}

/// Split at dots outside brackets (a selector may hold a dot: `links[a.b]`).
fn split_dots(path: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in path.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '.' if depth == 0 => {
                parts.push(&path[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&path[start..]);
    parts
}

fn scalar_eq(v: Option<&Value>, want: &str) -> bool {
    match v {
        Some(Value::String(s)) => s == want,
        Some(Value::Number(n)) => want.parse::<f64>().ok() == n.as_f64(),
        Some(Value::Bool(b)) => want == if *b { "true" } else { "false" },
        _ => false,
    }
}

fn matches(sel: &Selector, i: usize, item: &Value) -> bool {
    match sel {
        Selector::All => true,
        Selector::Index { index } => *index == i,
        Selector::Field { key, value } => scalar_eq(item.get(key), value),
        Selector::IdDirection { id, direction } => {
            scalar_eq(item.get("id"), id) && scalar_eq(item.get("direction"), direction)
        }
        Selector::Id { id } => scalar_eq(item.get("id"), id),
    }
}

/// Every value the path reaches, in document order.
pub fn select<'a>(doc: &'a Value, path: &[Segment]) -> Vec<&'a Value> {
    let mut cur = vec![doc];
    for seg in path {
        let mut next = Vec::new();
        for v in cur {
            let Some(child) = v.get(&seg.key) else {
                continue;
            };
            match (&seg.selector, child) {
                (None, c) => next.push(c),
                (Some(sel), Value::Array(items)) => next.extend(
                    items
                        .iter()
                        .enumerate()
                        .filter(|(i, it)| matches(sel, *i, it))
                        .map(|(_, it)| it),
                ),
                (Some(_), _) => {}
            }
        }
        cur = next;
    }
    cur
}

/// Every value the path reaches with its place in the document as a concrete path
/// (`flows[1].goodput_bps`: keys and list indices), in document order. The page uses the
/// places to keep the numbers a question asks for out of sight until it is answered.
pub fn locate<'a>(doc: &'a Value, path: &[Segment]) -> Vec<(String, &'a Value)> {
    let mut cur = vec![(String::new(), doc)];
    for seg in path {
        let mut next = Vec::new();
        for (at, v) in cur {
            let Some(child) = v.get(&seg.key) else {
                continue;
            };
            let here = if at.is_empty() {
                seg.key.clone()
            } else {
                format!("{at}.{}", seg.key)
            };
            match (&seg.selector, child) {
                (None, c) => next.push((here, c)),
                (Some(sel), Value::Array(items)) => next.extend(
                    items
                        .iter()
                        .enumerate()
                        .filter(|(i, it)| matches(sel, *i, it))
                        .map(|(i, it)| (format!("{here}[{i}]"), it)),
                ),
                (Some(_), _) => {}
            }
        }
        cur = next;
    }
    cur
}

/// Set every place the path reaches to `value`; returns how many were set. The last key is
/// created when its parent object exists (so a variant may set a field left at its default).
pub fn set(doc: &mut Value, path: &[Segment], value: &Value) -> usize {
    let Some((last, init)) = path.split_last() else {
        return 0;
    };
    set_rec(doc, init, last, value)
}

fn set_rec(v: &mut Value, rest: &[Segment], last: &Segment, value: &Value) -> usize {
    match rest.split_first() {
        None => {
            let Some(obj) = v.as_object_mut() else {
                return 0;
            };
            match &last.selector {
                None => {
                    obj.insert(last.key.clone(), value.clone());
                    1
                }
                Some(sel) => match obj.get_mut(&last.key) {
                    Some(Value::Array(items)) => {
                        let mut n = 0;
                        for (i, it) in items.iter_mut().enumerate() {
                            if matches(sel, i, it) {
                                *it = value.clone();
                                n += 1;
                            }
                        }
                        n
                    }
                    _ => 0,
                },
            }
        }
        Some((seg, rest)) => {
            let Some(child) = v.get_mut(&seg.key) else {
                return 0;
            };
            match (&seg.selector, child) {
                (None, c) => set_rec(c, rest, last, value),
                (Some(sel), Value::Array(items)) => {
                    let mut n = 0;
                    for (i, it) in items.iter_mut().enumerate() {
                        if matches(sel, i, it) {
                            n += set_rec(it, rest, last, value);
                        }
                    }
                    n
                }
                _ => 0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc() -> Value {
        json!({"jain_index": 0.9, "flows": [
            {"id": "f1", "cc": "cubic", "goodput_bps": 10.0},
            {"id": "f2", "cc": "compound", "goodput_bps": 30.0},
            {"id": "f3", "cc": "cubic", "goodput_bps": 20.0}],
            "links": [{"id": "b", "direction": "a>b", "drops": 7}, {"id": "b", "direction": "b>a", "drops": 0}]})
    }

    fn nums(d: &Value, p: &str) -> Vec<f64> {
        select(d, &parse(p).unwrap())
            .iter()
            .filter_map(|v| v.as_f64())
            .collect()
    }

    #[test]
    fn selectors_pick_what_they_name() {
        let d = doc();
        assert_eq!(nums(&d, "jain_index"), [0.9]);
        assert_eq!(nums(&d, "flows[f2].goodput_bps"), [30.0]);
        assert_eq!(nums(&d, "flows[1].goodput_bps"), [30.0]);
        assert_eq!(nums(&d, "flows[cc=cubic].goodput_bps"), [10.0, 20.0]);
        assert_eq!(nums(&d, "flows[*].goodput_bps"), [10.0, 30.0, 20.0]);
        assert_eq!(nums(&d, "links[b/a>b].drops"), [7.0]);
        assert!(nums(&d, "flows[nope].goodput_bps").is_empty());
    }

    #[test]
    fn locate_names_each_place_reached() {
        let d = doc();
        let at: Vec<String> = locate(&d, &parse("flows[cc=cubic].goodput_bps").unwrap())
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(at, ["flows[0].goodput_bps", "flows[2].goodput_bps"]);
        let at = locate(&d, &parse("jain_index").unwrap());
        assert_eq!(at[0].0, "jain_index");
    }

    #[test]
    fn bad_paths_are_refused() {
        assert!(parse("").is_err());
        assert!(parse("flows[].x").is_err());
        assert!(parse("flows[f1.x").is_err());
        assert!(parse("a..b").is_err());
    }

    #[test]
    fn set_reaches_every_match_and_creates_a_missing_last_key() {
        let mut d = doc();
        assert_eq!(
            set(&mut d, &parse("flows[cc=cubic].cc").unwrap(), &json!("bbr")),
            2
        );
        assert_eq!(d["flows"][2]["cc"], json!("bbr"));
        assert_eq!(
            set(&mut d, &parse("flows[f1].start_s").unwrap(), &json!(2)),
            1
        );
        assert_eq!(d["flows"][0]["start_s"], json!(2));
        assert_eq!(set(&mut d, &parse("nothing.here").unwrap(), &json!(1)), 0);
    }
}
