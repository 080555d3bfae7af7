//! The reproduction report in two forms, both generated: docs/papers.md (the header from
//! content/papers/header.md, a summary, then a table per paper and the runs behind it) and
//! content/papers/report.json (the same rows for the page's Papers view, each with the
//! scenario its button opens; the paper's title, reference and notes, and every row's text, in
//! Japanese under `ja`).

use super::eval::{Lang, Values, Verdict};
use super::ja::Japanese;
use super::spec::{Paper, Run};
use serde_json::{json, Value};

/// One paper's evaluated results.
pub struct PaperReport<'a> {
    pub paper: &'a Paper,
    /// Its Japanese text (checked against `paper`: one per result).
    pub ja: &'a Japanese,
    pub values: Values<'a>,
}

impl PaperReport<'_> {
    fn verdicts(&self) -> Vec<Verdict> {
        self.paper
            .results
            .iter()
            .map(|r| self.values.verdict(r))
            .collect()
    }

    fn count(&self, v: Verdict) -> usize {
        self.verdicts().iter().filter(|x| **x == v).count()
    }

    /// The run a result's button opens.
    fn open_run(&self, i: usize) -> Option<(&String, &Run)> {
        let r = &self.paper.results[i];
        let name = r
            .open
            .clone()
            .or_else(|| self.paper.runs_of(&r.value).into_iter().next())?;
        self.paper.runs.get_key_value(&name)
    }
}

/// A table cell: one line, `|` escaped.
fn cell(s: &str) -> String {
    s.replace('\n', " ").replace('|', "\\|")
}

fn table(rows: &[Vec<String>]) -> String {
    let n = rows.first().map_or(0, Vec::len);
    let width = |c: usize| {
        rows.iter()
            .map(|r| r[c].chars().count())
            .max()
            .unwrap_or(0)
            .max(3)
    };
    let widths: Vec<usize> = (0..n).map(width).collect();
    let line = |r: &Vec<String>| {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
            .collect();
        format!("| {} |\n", cells.join(" | "))
    };
    let mut out = line(&rows[0]);
    let dashes: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out += &format!("| {} |\n", dashes.join(" | "));
    for r in &rows[1..] {
        out += &line(r);
    }
    out
}

fn run_line(name: &str, r: &Run) -> String {
    let mut s = format!("- `{name}`: `content/scenarios/{}.json`", r.scenario);
    if !r.set.is_empty() {
        let sets: Vec<String> = r
            .set
            .iter()
            .map(|(p, v)| format!("`{p}` = `{v}`"))
            .collect();
        s += &format!(" with {}", sets.join(", "));
    }
    if !r.seeds.is_empty() {
        let seeds: Vec<String> = r.seeds.iter().map(u64::to_string).collect();
        s += &format!(", mean over seeds {}", seeds.join(", "));
    }
    if let Some(b) = r.block_bytes {
        s += &format!(", each flow timed over blocks of {b} delivered bytes");
    }
    s + "\n"
}

/// docs/papers.md.
pub fn markdown(header: &str, papers: &[PaperReport]) -> String {
    let mut out = header.trim_end().to_string();
    out += "\n\n## Summary\n\n";
    let mut rows = vec![vec![
        "Paper".to_string(),
        "Results".into(),
        "Reproduced".into(),
        "Direction only".into(),
        "Not reproduced".into(),
    ]];
    for p in papers {
        rows.push(vec![
            format!("{}: {}", p.paper.paper, cell(&p.paper.title)),
            p.paper.results.len().to_string(),
            p.count(Verdict::Reproduced).to_string(),
            p.count(Verdict::Direction).to_string(),
            p.count(Verdict::NotReproduced).to_string(),
        ]);
    }
    out += &table(&rows);
    for p in papers {
        out += &format!(
            "\n## Paper {}: {}\n\n{}\n",
            p.paper.paper, p.paper.title, p.paper.cite
        );
        if !p.paper.notes.is_empty() {
            out += &format!("\n{}\n", p.paper.notes.trim());
        }
        out += "\n";
        let mut rows = vec![vec![
            "Result".to_string(),
            "Paper".into(),
            "Lab".into(),
            "Verdict".into(),
            "Why".into(),
        ]];
        for (r, v) in p.paper.results.iter().zip(p.verdicts()) {
            rows.push(vec![
                cell(&format!("{} ({})", r.claim, r.place)),
                cell(&r.paper),
                cell(&p.values.lab(r)),
                format!("**{}**", v.words()),
                cell(&p.values.why(r, v)),
            ]);
        }
        out += &table(&rows);
        out += "\nRuns (`tcplab run` each scenario, with the changes listed; values are the \
                mean over the seeds given):\n\n";
        for (name, r) in &p.paper.runs {
            out += &run_line(name, r);
        }
    }
    out
}

/// content/papers/report.json.
pub fn json(papers: &[PaperReport]) -> Value {
    let papers: Vec<Value> = papers
        .iter()
        .map(|p| {
            let results: Vec<Value> = p
                .paper
                .results
                .iter()
                .zip(p.verdicts())
                .enumerate()
                .map(|(i, (r, v))| {
                    let open = p.open_run(i).map(|(name, run)| {
                        json!({
                            "run": name,
                            "scenario": run.scenario,
                            "set": run.set,
                            "seed": run.seeds.first(),
                        })
                    });
                    let t = &p.ja.results[&r.id];
                    let ja = json!({
                        "claim": t.claim,
                        "where": t.place,
                        "paper": t.paper,
                        "lab": p.values.lab_in(r, t.lab.as_deref(), Lang::Ja),
                        "why": p.values.why_in(&t.why, v, Lang::Ja),
                    });
                    json!({
                        "id": r.id,
                        "claim": r.claim,
                        "where": r.place,
                        "paper": r.paper,
                        "lab": p.values.lab(r),
                        "verdict": v.key(),
                        "why": p.values.why(r, v),
                        "open": open,
                        "ja": ja,
                    })
                })
                .collect();
            json!({
                "paper": p.paper.paper,
                "title": p.paper.title,
                "cite": p.paper.cite,
                "notes": p.paper.notes.trim(),
                "ja": {
                    "title": p.ja.title,
                    "cite": p.ja.cite,
                    "notes": p.ja.notes.trim(),
                },
                "results": results,
            })
        })
        .collect();
    json!({ "generated_by": "tcplab papers", "papers": papers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_aligned_and_escape_bars() {
        let t = table(&[vec!["a".into(), "bb".into()], vec![cell("x|y"), "z".into()]]);
        assert_eq!(t, "| a    | bb  |\n| ---- | --- |\n| x\\|y | z   |\n");
    }
}
