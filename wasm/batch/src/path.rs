//! Field paths into scenarios and run summaries, in the language the grader and the
//! validator's error messages use: `topology.links[1].delay_ms`, `flows[f1].goodput_bps`,
//! `topology.links[*].mtu_bytes`, `links[bottleneck/a>b].drops`, `flows[cc=cubic].cc`.
//!
//! A segment is a key, optionally followed by `[selector]`: `*` (every element), a whole
//! number (an index), `key=value` (elements whose `key` is that string, number or boolean),
//! `id/direction`, or otherwise an `id`.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum Selector {
    All,
    Index(usize),
    Field(String, String),
    IdDirection(String, String),
    Id(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub key: String,
    pub selector: Option<Selector>,
}

/// A parsed path.
#[derive(Debug, Clone, PartialEq)]
pub struct Path(pub Vec<Segment>);

fn selector(text: &str) -> Selector {
    if text == "*" {
        Selector::All
    } else if let Ok(i) = text.parse::<usize>() {
        Selector::Index(i)
    } else if let Some((k, v)) = text.split_once('=') {
        Selector::Field(k.into(), v.into())
    } else if let Some((id, dir)) = text.split_once('/') {
        Selector::IdDirection(id.into(), dir.into())
    } else {
        Selector::Id(text.into())
    }
}

impl Path {
    /// Parse a path; `Err` says what is wrong with it.
    pub fn parse(path: &str) -> Result<Self, String> {
        if path.trim().is_empty() {
            return Err("an empty path".into());
        }
        let mut out = Vec::new();
        for part in split_dots(path) {
            let (key, sel) = match part.find('[') {
                Some(open) if part.ends_with(']') => {
                    let inner = &part[open + 1..part.len() - 1];
                    if inner.is_empty() {
                        return Err(format!("'{path}': an empty [] in '{part}'"));
                    }
                    (&part[..open], Some(selector(inner)))
                }
                Some(_) => return Err(format!("'{path}': '[' without ']' in '{part}'")),
                None => (part, None),
            };
            if key.is_empty() {
                return Err(format!("'{path}': a part without a name"));
            }
            out.push(Segment {
                key: key.into(),
                selector: sel,
            });
        }
        Ok(Path(out))
    }

    /// Does every segment pick at most one value (no `*`, no `key=value`)?
    pub fn is_single(&self) -> bool {
        self.0.iter().all(|s| {
            !matches!(
                s.selector,
                Some(Selector::All) | Some(Selector::Field(..))
            )
        })
    }

    /// Every value the path reaches, in document order.
    pub fn select<'a>(&self, doc: &'a Value) -> Vec<&'a Value> {
        let mut cur = vec![doc];
        for seg in &self.0 {
            let mut next = Vec::new();
            for v in cur {
                match (&seg.selector, v.get(&seg.key)) {
                    (_, None) => {}
                    (None, Some(c)) => next.push(c),
                    (Some(sel), Some(Value::Array(items))) => next.extend(
                        items
                            .iter()
                            .enumerate()
                            .filter(|(i, it)| matches(sel, *i, it))
                            .map(|(_, it)| it),
                    ),
                    (Some(_), Some(_)) => {}
                }
            }
            cur = next;
        }
        cur
    }

    /// Set every place the path reaches to `value`; returns how many were set. The last
    /// key is created when its parent object exists (a field left at its default).
    pub fn set(&self, doc: &mut Value, value: &Value) -> usize {
        match self.0.split_last() {
            Some((last, init)) => set_rec(doc, init, last, value),
            None => 0,
        }
    }
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
        Selector::Index(n) => *n == i,
        Selector::Field(k, v) => scalar_eq(item.get(k), v),
        Selector::IdDirection(id, dir) => {
            scalar_eq(item.get("id"), id) && scalar_eq(item.get("direction"), dir)
        }
        Selector::Id(id) => scalar_eq(item.get("id"), id),
    }
}

fn set_rec(v: &mut Value, rest: &[Segment], last: &Segment, value: &Value) -> usize {
    let Some((seg, rest)) = rest.split_first() else {
        let Some(obj) = v.as_object_mut() else {
            return 0;
        };
        return match (&last.selector, obj.get_mut(&last.key)) {
            (None, _) => {
                obj.insert(last.key.clone(), value.clone());
                1
            }
            (Some(sel), Some(Value::Array(items))) => {
                let mut n = 0;
                for (i, it) in items.iter_mut().enumerate() {
                    if matches(sel, i, it) {
                        *it = value.clone();
                        n += 1;
                    }
                }
                n
            }
            (Some(_), _) => 0,
        };
    };
    match (&seg.selector, v.get_mut(&seg.key)) {
        (_, None) => 0,
        (None, Some(c)) => set_rec(c, rest, last, value),
        (Some(sel), Some(Value::Array(items))) => {
            let mut n = 0;
            for (i, it) in items.iter_mut().enumerate() {
                if matches(sel, i, it) {
                    n += set_rec(it, rest, last, value);
                }
            }
            n
        }
        (Some(_), Some(_)) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sets_every_element_a_star_reaches_and_creates_a_missing_leaf() {
        let mut d = json!({"topology": {"links": [{"id": "a", "mtu_bytes": 1500}, {"id": "b"}]}});
        let p = Path::parse("topology.links[*].mtu_bytes").unwrap();
        assert_eq!(p.set(&mut d, &json!(9000)), 2);
        assert_eq!(d["topology"]["links"][1]["mtu_bytes"], json!(9000));
        assert!(!p.is_single());
        let by_id = Path::parse("topology.links[b].mtu_bytes").unwrap();
        assert_eq!(by_id.select(&d), vec![&json!(9000)]);
        assert!(by_id.is_single());
    }

    #[test]
    fn a_path_into_nothing_sets_nothing() {
        let mut d = json!({"topology": {"links": []}});
        assert_eq!(Path::parse("topology.nodes[0].x").unwrap().set(&mut d, &json!(1)), 0);
        assert_eq!(Path::parse("topology.links[3].x").unwrap().set(&mut d, &json!(1)), 0);
    }

    #[test]
    fn malformed_paths_are_refused() {
        assert!(Path::parse("").is_err());
        assert!(Path::parse("flows[").is_err());
        assert!(Path::parse("flows[].x").is_err());
        assert!(Path::parse("a..b").is_err());
    }
}
