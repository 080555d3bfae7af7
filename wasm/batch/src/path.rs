//! Field paths into scenarios and run summaries: the path language of the grader
//! (`grade::path`: `topology.links[1].delay_ms`, `flows[f1].goodput_bps`,
//! `topology.links[*].mtu_bytes`, `links[bottleneck/a>b].drops`), parsed once and kept.

use grading::path::{self as gp, Segment, Selector};
use serde_json::Value;

/// A parsed path.
#[derive(Debug, Clone, PartialEq)]
pub struct Path(pub Vec<Segment>);

impl Path {
    /// Parse a path; `Err` says what is wrong with it.
    pub fn parse(path: &str) -> Result<Self, String> {
        gp::parse(path).map(Path).map_err(|p| p.to_string())
    }

    /// Does every segment pick at most one value (no `*`, no `key=value`)?
    pub fn is_single(&self) -> bool {
        self.0.iter().all(|s| {
            !matches!(
                s.selector,
                Some(Selector::All) | Some(Selector::Field { .. })
            )
        })
    }

    /// Every value the path reaches, in document order.
    pub fn select<'a>(&self, doc: &'a Value) -> Vec<&'a Value> {
        gp::select(doc, &self.0)
    }

    /// Set every place the path reaches to `value`; returns how many were set (the last
    /// key is created when its parent object exists).
    pub fn set(&self, doc: &mut Value, value: &Value) -> usize {
        gp::set(doc, &self.0, value)
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
        assert_eq!(
            Path::parse("topology.nodes[0].x")
                .unwrap()
                .set(&mut d, &json!(1)),
            0
        );
        assert_eq!(
            Path::parse("topology.links[3].x")
                .unwrap()
                .set(&mut d, &json!(1)),
            0
        );
    }

    #[test]
    fn malformed_paths_are_refused() {
        assert!(Path::parse("").is_err());
        assert!(Path::parse("flows[").is_err());
        assert!(Path::parse("flows[].x").is_err());
        assert!(Path::parse("a..b").is_err());
    }
}
