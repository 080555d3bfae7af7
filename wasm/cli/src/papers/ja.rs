//! The Japanese text of a paper file, `content/papers/ja/NNN.json`: the paper's title, its
//! reference, the notes on what the lab had to assume and, for every result of
//! `content/papers/NNN.json` (by id), its claim, place, paper value, lab template and reasons,
//! shown by the Papers page when the lab is in Japanese.
//!
//! `Japanese::parse` checks the file against its paper so that nothing on the page can fall
//! back to English: the reference and the notes are given in Japanese, with every number of
//! the English (the notes exactly when the English has notes); every result has its Japanese
//! text and no text names an unknown result;
//! `lab` and `why.direction` are given exactly when the English has them; the reasons and the
//! claim are written in Japanese; and each template uses the same values as its English one,
//! so both languages show the same numbers (filled from the same runs).

use super::spec::{pieces, Paper, Piece, Why};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// Where the Japanese text of paper `n` lives.
pub fn path(n: &str) -> String {
    format!("content/papers/ja/{n}.json")
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Japanese {
    /// The paper's own Japanese title.
    pub title: String,
    /// The full reference: the paper's own title, the authors' names in kanji.
    #[serde(default)]
    pub cite: String,
    /// The paper file's `notes` (what the lab had to assume), in Japanese.
    #[serde(default)]
    pub notes: String,
    /// Result id → its Japanese text.
    pub results: BTreeMap<String, ResultText>,
}

/// A result's prose in Japanese (the fields of the English `ResultSpec` that are text).
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResultText {
    pub claim: String,
    #[serde(rename = "where")]
    pub place: String,
    pub paper: String,
    pub lab: Option<String>,
    pub why: Why,
}

/// Does the text contain kana or kanji?
fn is_japanese(s: &str) -> bool {
    s.chars()
        .any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}' | '\u{3005}'))
}

/// The numbers written in a text (runs of ASCII digits, with a decimal part), in order.
fn numbers(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let decimal_point = c == '.'
            && !cur.is_empty()
            && !cur.contains('.')
            && chars.peek().is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || decimal_point {
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `ja` must write every number `en` writes (as often; it may add some, as in "6 セグメント"
/// for "six segments"), so that a translation cannot change a fact's number.
fn same_numbers(ja: &str, en: &str) -> Result<(), String> {
    let mut left = numbers(ja);
    let missing: Vec<String> = numbers(en)
        .into_iter()
        .filter(|n| match left.iter().position(|m| m == n) {
            Some(i) => {
                left.remove(i);
                false
            }
            None => true,
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the English gives {} that the Japanese does not",
            missing.join(", ")
        ))
    }
}

/// The value names a template uses.
fn names(template: &str) -> Result<BTreeSet<String>, String> {
    Ok(pieces(template)?
        .into_iter()
        .filter_map(|p| match p {
            Piece::Value(v) => Some(v),
            Piece::Text(_) => None,
        })
        .collect())
}

/// `ja` must use the values `en` uses, no more and no fewer.
fn same_values(ja: &str, en: &str) -> Result<(), String> {
    let (j, e) = (names(ja)?, names(en)?);
    if j == e {
        return Ok(());
    }
    let list = |s: &BTreeSet<String>| {
        s.iter()
            .map(|v| format!("{{{v}}}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Err(format!(
        "uses [{}] where the English uses [{}]",
        list(&j),
        list(&e)
    ))
}

impl Japanese {
    pub fn parse(text: &str, paper: &Paper) -> Result<Japanese, String> {
        let j: Japanese = serde_json::from_str(text).map_err(|e| e.to_string())?;
        j.check(paper)?;
        Ok(j)
    }

    fn check(&self, paper: &Paper) -> Result<(), String> {
        if !is_japanese(&self.title) {
            return Err("title: give the paper's Japanese title".into());
        }
        if self.cite.trim().is_empty() {
            return Err(
                "cite: missing: give the reference in Japanese (the paper's own title, \
                        the authors' names in kanji)"
                    .into(),
            );
        }
        if !is_japanese(&self.cite) {
            return Err("cite: write it in Japanese".into());
        }
        same_numbers(&self.cite, &paper.cite).map_err(|e| format!("cite: {e}"))?;
        match (self.notes.trim().is_empty(), paper.notes.trim().is_empty()) {
            (true, false) => {
                return Err(format!(
                    "notes: missing: content/papers/{}.json has notes; give them in Japanese",
                    paper.paper
                ))
            }
            (false, true) => {
                return Err(format!(
                    "notes: content/papers/{}.json has no notes",
                    paper.paper
                ))
            }
            (false, false) => {
                if !is_japanese(&self.notes) {
                    return Err("notes: write them in Japanese".into());
                }
                same_numbers(&self.notes, &paper.notes).map_err(|e| format!("notes: {e}"))?;
            }
            (true, true) => {}
        }
        for id in self.results.keys() {
            if !paper.results.iter().any(|r| &r.id == id) {
                return Err(format!(
                    "results.{id}: content/papers/{}.json has no result '{id}'",
                    paper.paper
                ));
            }
        }
        for r in &paper.results {
            let id = &r.id;
            let Some(t) = self.results.get(id) else {
                return Err(format!(
                    "results.{id}: missing: every result needs its Japanese claim, where, \
                     paper{} and why",
                    if r.lab.is_some() { ", lab" } else { "" }
                ));
            };
            let at = |field: &str, e: String| format!("results.{id}.{field}: {e}");
            if !is_japanese(&t.claim) {
                return Err(at("claim", "write it in Japanese".into()));
            }
            if t.place.starts_with('(') && t.place.ends_with(')') {
                return Err(at(
                    "where",
                    "give it without the parentheses around it".into(),
                ));
            }
            match (&t.lab, &r.lab) {
                (Some(j), Some(e)) => same_values(j, e).map_err(|e| at("lab", e))?,
                (None, None) => {}
                (Some(_), None) => {
                    return Err(at(
                        "lab",
                        "the English has no lab text (the value and its unit are shown)".into(),
                    ))
                }
                (None, Some(_)) => return Err(at("lab", "missing: the English has one".into())),
            }
            let whys = [
                (
                    "why.reproduced",
                    Some(&t.why.reproduced),
                    Some(&r.why.reproduced),
                ),
                (
                    "why.direction",
                    t.why.direction.as_ref(),
                    r.why.direction.as_ref(),
                ),
                (
                    "why.not_reproduced",
                    Some(&t.why.not_reproduced),
                    Some(&r.why.not_reproduced),
                ),
            ];
            for (field, j, e) in whys {
                match (j, e) {
                    (Some(j), Some(e)) => {
                        if !is_japanese(j) {
                            return Err(at(field, "write it in Japanese".into()));
                        }
                        same_values(j, e).map_err(|e| at(field, e))?;
                    }
                    (None, None) => {}
                    (Some(_), None) => {
                        return Err(at(field, "the English has none (no direction rule)".into()))
                    }
                    (None, Some(_)) => {
                        return Err(at(field, "missing: the English has one".into()))
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paper() -> Paper {
        Paper::parse(
            &json!({
                "format": "tcplab-papers/1", "paper": "999", "title": "T",
                "cite": "A. Author, A title, 2017.",
                "notes": "The lab assumes 40 packets and 1.5 s.",
                "runs": {"a": {"scenario": "default"}},
                "values": {"g": {"run": "a", "metric": "jain_index", "decimals": 3},
                           "h": {"run": "a", "metric": "jain_index"}},
                "results": [{
                    "id": "r", "claim": "c", "where": "§1", "paper": "1", "paper_value": 1.0,
                    "value": "g", "lab": "Jain {g}", "reproduced": {"within": {"rel": 0.1}},
                    "why": {"reproduced": "yes {g}", "not_reproduced": "no"}
                }]
            })
            .to_string(),
        )
        .unwrap()
    }

    fn ja() -> serde_json::Value {
        json!({
            "title": "題名",
            "cite": "著者 一郎、題名、2017 年。",
            "notes": "ラボは 40 パケットと 1.5 s を仮定する。",
            "results": {"r": {
                "claim": "主張", "where": "1 節", "paper": "1", "lab": "Jain {g}",
                "why": {"reproduced": "再現 {g}", "not_reproduced": "再現せず"}
            }}
        })
    }

    fn err_of(edit: impl Fn(&mut serde_json::Value)) -> String {
        let mut v = ja();
        edit(&mut v);
        Japanese::parse(&v.to_string(), &paper()).unwrap_err()
    }

    #[test]
    fn a_complete_translation_parses() {
        let j = Japanese::parse(&ja().to_string(), &paper()).unwrap();
        assert_eq!(j.results["r"].claim, "主張");
        assert_eq!(j.notes, "ラボは 40 パケットと 1.5 s を仮定する。");
    }

    #[test]
    fn numbers_are_the_digits_with_their_decimals() {
        assert_eq!(
            numbers("RFC 3465, 4.4BSD, 1.5 s. Fig. 9, 1–64 ms, t_L = 9.44 µs"),
            ["3465", "4.4", "1.5", "9", "1", "64", "9.44"]
        );
    }

    #[test]
    fn missing_or_english_or_other_numbered_notes_and_cite_are_refused() {
        let edits: [fn(&mut serde_json::Value); 2] = [
            |v| {
                v.as_object_mut().unwrap().remove("notes");
            },
            |v| v["notes"] = " ".into(),
        ];
        for edit in edits {
            assert_eq!(
                err_of(edit),
                "notes: missing: content/papers/999.json has notes; give them in Japanese"
            );
        }
        let e = err_of(|v| v["notes"] = "The lab assumes 40 packets and 1.5 s.".into());
        assert_eq!(e, "notes: write them in Japanese");
        let e = err_of(|v| v["notes"] = "ラボは 40 パケットと 1 s を仮定する。".into());
        assert_eq!(e, "notes: the English gives 1.5 that the Japanese does not");
        let e = err_of(|v| {
            v.as_object_mut().unwrap().remove("cite");
        });
        assert!(e.starts_with("cite: missing: "), "{e}");
        let e = err_of(|v| v["cite"] = "A. Author, A title, 2017.".into());
        assert_eq!(e, "cite: write it in Japanese");
        let e = err_of(|v| v["cite"] = "著者 一郎、題名。".into());
        assert_eq!(e, "cite: the English gives 2017 that the Japanese does not");
        // Notes the English does not have have nothing to translate.
        let mut p = paper();
        p.notes = String::new();
        let e = Japanese::parse(&ja().to_string(), &p).unwrap_err();
        assert_eq!(e, "notes: content/papers/999.json has no notes");
        let mut v = ja();
        v.as_object_mut().unwrap().remove("notes");
        assert!(Japanese::parse(&v.to_string(), &p).is_ok());
    }

    #[test]
    fn a_row_without_japanese_or_with_other_numbers_is_refused_with_its_place() {
        let e = err_of(|v| v["results"] = json!({}));
        assert!(e.starts_with("results.r: missing: "), "{e}");
        let e = err_of(|v| v["results"]["x"] = v["results"]["r"].clone());
        assert_eq!(e, "results.x: content/papers/999.json has no result 'x'");
        let e = err_of(|v| v["results"]["r"]["claim"] = "claim".into());
        assert_eq!(e, "results.r.claim: write it in Japanese");
        let e = err_of(|v| v["results"]["r"]["why"]["not_reproduced"] = "no".into());
        assert_eq!(e, "results.r.why.not_reproduced: write it in Japanese");
        let e = err_of(|v| v["results"]["r"]["why"]["reproduced"] = "再現 {h}".into());
        assert_eq!(
            e,
            "results.r.why.reproduced: uses [{h}] where the English uses [{g}]"
        );
        let e = err_of(|v| v["results"]["r"]["lab"] = "Jain".into());
        assert_eq!(e, "results.r.lab: uses [] where the English uses [{g}]");
        let e = err_of(|v| {
            v["results"]["r"]["lab"].take();
        });
        assert_eq!(e, "results.r.lab: missing: the English has one");
        let e = err_of(|v| v["results"]["r"]["why"]["direction"] = "傾向".into());
        assert_eq!(
            e,
            "results.r.why.direction: the English has none (no direction rule)"
        );
        let e = err_of(|v| v["title"] = "Title".into());
        assert_eq!(e, "title: give the paper's Japanese title");
        let e = err_of(|v| v["results"]["r"]["surprise"] = 1.into());
        assert!(e.contains("unknown field `surprise`"), "{e}");
    }
}
