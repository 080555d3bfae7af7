//! `tcplab grade ASSIGNMENT.json STUDENTS.csv [--out GRADES.csv]`: grade submitted answers
//! (or result codes) offline. Each student's variant is re-run natively (the same trace as in
//! the browser) and every answer is checked against that run's own metric.
//!
//! STUDENTS.csv has a header row: a `student` column and either a `code` column (result
//! codes from the page) or one column per question id. The grade CSV has one row per student:
//! `student, seed, <q>_got, <q>_expected, <q>_correct …, score, max_score, trace_match, note`.

use crate::assignment::{self, check, code, variant, Assignment};
use crate::pool::map_parallel;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage: tcplab grade ASSIGNMENT.json STUDENTS.csv [--out GRADES.csv]";

/// Parse CSV (RFC 4180: quoted fields, "" inside quotes, CRLF or LF).
pub fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let (mut row, mut field) = (Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows.retain(|r| r.iter().any(|f| !f.trim().is_empty()));
    rows
}

/// One CSV field, quoted when it must be; a leading =, +, - or @ is prefixed with ' so a
/// spreadsheet does not run a student's text as a formula.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '@']) || (s.starts_with('-') && s.parse::<f64>().is_err()) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// One student's submission, after reading the row (and its result code).
struct Submission {
    student: String,
    answers: BTreeMap<String, f64>,
    hashes: Option<BTreeMap<String, String>>,
    note: Vec<String>,
}

fn submissions(a: &Assignment, rows: &[Vec<String>]) -> Result<Vec<Submission>, String> {
    let Some((header, body)) = rows.split_first() else {
        return Err("STUDENTS.csv is empty".into());
    };
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case(name))
    };
    let (student_col, code_col) = (col("student"), col("code"));
    if student_col.is_none() && code_col.is_none() {
        return Err("STUDENTS.csv needs a 'student' or a 'code' column".into());
    }
    let q_cols: Vec<(String, usize)> = a
        .questions
        .iter()
        .filter_map(|q| {
            header
                .iter()
                .position(|h| h.trim() == q.id)
                .map(|i| (q.id.clone(), i))
        })
        .collect();
    let cell = |r: &[String], i: Option<usize>| {
        i.and_then(|i| r.get(i))
            .map_or("", |s| s.trim())
            .to_string()
    };
    Ok(body
        .iter()
        .map(|r| {
            let mut s = Submission {
                student: cell(r, student_col),
                answers: BTreeMap::new(),
                hashes: None,
                note: Vec::new(),
            };
            let code_text = cell(r, code_col);
            if !code_text.is_empty() {
                match code::decode(&code_text) {
                    Ok(c) => {
                        if c.assignment != a.id {
                            s.note
                                .push(format!("code is for assignment '{}'", c.assignment));
                        }
                        if s.student.is_empty() {
                            s.student = c.student.clone();
                        } else if s.student != c.student.trim() {
                            s.note.push(format!("code is for student '{}'", c.student));
                        }
                        s.answers.extend(c.answers);
                        s.hashes = Some(c.hashes.into_iter().collect());
                    }
                    Err(e) => s.note.push(e),
                }
            }
            for (id, i) in &q_cols {
                let text = cell(r, Some(*i));
                if text.is_empty() {
                    continue;
                }
                match check::parse_answer(&text) {
                    Some(x) => {
                        s.answers.insert(id.clone(), x);
                    }
                    None => s.note.push(format!("{id}: '{text}' is not a number")),
                }
            }
            s
        })
        .collect())
}

/// Run a scenario (JSON text) to the end; the summary as JSON, or the validator's errors.
#[allow(clippy::ptr_arg)] // map_parallel hands each job a &T, here T = String
fn run_summary(text: &String) -> Result<Value, String> {
    let s = sim::parse_scenario(text).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let mut world = sim::World::new(&s);
    while !world.advance(world.now() + sim::engine::time::NS_PER_S, u64::MAX) {
        world.drain();
    }
    serde_json::from_str(&world.summary().to_json()).map_err(|e| e.to_string())
}

fn fmt_num(x: f64) -> String {
    format!("{}", (x * 1e9).round() / 1e9)
}

/// Scenario name → the index of its run in the run list (or why it could not be built).
type StudentRuns = BTreeMap<String, Result<usize, String>>;

/// Grade every submission; the grade CSV as text.
pub fn grade(
    a: &Assignment,
    base: &BTreeMap<String, Value>,
    rows: &[Vec<String>],
) -> Result<String, String> {
    let subs = submissions(a, rows)?;
    // Each student's scenarios; identical variants are run once.
    let mut runs: Vec<String> = Vec::new();
    let mut per_student: Vec<(Option<u64>, StudentRuns)> = Vec::new();
    for s in &subs {
        let v = variant::derive(a, &s.student);
        let mut mine = BTreeMap::new();
        for (name, b) in base {
            let r = assignment::apply_variant(name, b, &v).map(|sc| {
                let text = sc.to_string();
                runs.iter().position(|t| *t == text).unwrap_or_else(|| {
                    runs.push(text);
                    runs.len() - 1
                })
            });
            mine.insert(name.clone(), r);
        }
        per_student.push((v.seed, mine));
    }
    let results = map_parallel(runs, run_summary);

    let mut out = String::from("student,seed");
    for q in &a.questions {
        out += &format!(",{0}_got,{0}_expected,{0}_correct", csv_field(&q.id));
    }
    out += ",score,max_score,trace_match,note\n";
    for (s, (seed, mine)) in subs.iter().zip(&per_student) {
        let mut note = s.note.clone();
        let summary = |name: &str| -> Result<&Value, String> {
            match mine.get(name) {
                Some(Ok(i)) => results[*i].as_ref().map_err(Clone::clone),
                Some(Err(e)) => Err(e.clone()),
                None => Err(format!("no scenario '{name}'")),
            }
        };
        let mut row = vec![
            csv_field(&s.student),
            seed.map_or(String::new(), |x| x.to_string()),
        ];
        let (mut score, mut max) = (0.0, 0.0);
        for q in &a.questions {
            max += q.points();
            let expected = summary(a.question_scenario(q)).and_then(|sum| check::expected(sum, q));
            let got = s.answers.get(&q.id).copied();
            let ok = match (&expected, got) {
                (Ok(e), Some(g)) => check::within(g, *e, &q.tolerance),
                _ => false,
            };
            if ok {
                score += q.points();
            }
            if let Err(e) = &expected {
                note.push(format!("{}: {e}", q.id));
            }
            row.push(got.map_or(String::new(), fmt_num));
            row.push(expected.as_ref().map_or(String::new(), |e| fmt_num(*e)));
            row.push(if ok { "1" } else { "0" }.into());
        }
        let trace = match &s.hashes {
            None => String::new(),
            Some(h) => {
                let all = base.keys().filter(|n| h.contains_key(*n)).all(|n| {
                    summary(n)
                        .ok()
                        .and_then(|v| v.get("trace_hash"))
                        .and_then(Value::as_str)
                        == h.get(n).map(String::as_str)
                });
                if !all {
                    note.push("the code's trace hash is not this student's variant".into());
                }
                (if all { "1" } else { "0" }).into()
            }
        };
        row.extend([
            fmt_num(score),
            fmt_num(max),
            trace,
            csv_field(&note.join("; ")),
        ]);
        out += &row.join(",");
        out.push('\n');
    }
    Ok(out)
}

pub fn run(args: &[String]) -> ExitCode {
    let mut files = Vec::new();
    let mut out_file = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--out" => match it.next() {
                Some(f) => out_file = Some(f.clone()),
                None => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ => files.push(arg.clone()),
        }
    }
    let [afile, sfile] = &files[..] else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let read = |f: &str| {
        std::fs::read_to_string(f).map_err(|e| {
            eprintln!("error: cannot read {f}: {e}");
            ExitCode::from(1)
        })
    };
    let (atext, stext) = match (read(afile), read(sfile)) {
        (Ok(a), Ok(s)) => (a, s),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let result = Assignment::parse(&atext).and_then(|a| {
        let mut base = BTreeMap::new();
        for (name, r) in &a.scenarios {
            let s = assignment::resolve_scenario(Path::new(afile), r)
                .map_err(|e| format!("{name}: {e}"))?;
            base.insert(name.clone(), s);
        }
        grade(&a, &base, &parse_csv(&stext))
    });
    let csv = match result {
        Ok(csv) => csv,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let written = match out_file {
        Some(f) => std::fs::write(&f, &csv).map_err(|e| format!("cannot write {f}: {e}")),
        None => std::io::stdout()
            .write_all(csv.as_bytes())
            .map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assignment::code::{encode, ResultCode};

    fn setup() -> (Assignment, BTreeMap<String, Value>) {
        let a = Assignment::parse(
            r#"{"format": "tcplab-assignment/1", "id": "t", "title": "T",
                "scenarios": {"main": "default"},
                "variants": {"seed": {"min": 1, "max": 50},
                  "params": [{"path": "topology.links[bottleneck].queue.limit_packets", "values": [20, 80]}]},
                "questions": [
                  {"id": "good", "prompt": "Goodput?", "metric": "flows[flow1].goodput_bps",
                   "scale": 1e-6, "unit": "Mb/s", "tolerance": {"rel": 0.02}},
                  {"id": "drops", "prompt": "Drops?", "metric": "links[bottleneck/a>b].drops",
                   "tolerance": {"abs": 0}, "points": 2},
                  {"id": "guess", "prompt": "Predict", "metric": "jain_index", "tolerance": {"abs": 0.1}, "predict": true}]}"#,
        )
        .unwrap();
        let root =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/scenarios/default.json");
        let s: Value = serde_json::from_str(&std::fs::read_to_string(root).unwrap()).unwrap();
        (a.clone(), BTreeMap::from([("main".to_string(), s)]))
    }

    /// The reference run of `student`'s variant.
    fn reference(a: &Assignment, base: &BTreeMap<String, Value>, student: &str) -> Value {
        let v = variant::derive(a, student);
        let s = assignment::apply_variant("main", &base["main"], &v).unwrap();
        run_summary(&s.to_string()).unwrap()
    }

    fn cols(line: &str) -> Vec<String> {
        parse_csv(line).remove(0)
    }

    #[test]
    fn right_answers_score_and_wrong_ones_do_not() {
        let (a, base) = setup();
        let r = reference(&a, &base, "alice");
        let good = r["flows"][0]["goodput_bps"].as_f64().unwrap() / 1e6;
        let drops = r["links"][2]["drops"].as_u64().unwrap();
        let csv = format!(
            "student,good,drops,guess\nalice,{good},{drops},0.5\nbob,{},{},1\n",
            good * 0.9,
            drops + 1
        );
        let out = grade(&a, &base, &parse_csv(&csv)).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let header = cols(lines[0]);
        let at = |row: &[String], name: &str| {
            row[header.iter().position(|h| h == name).unwrap()].clone()
        };
        let alice = cols(lines[1]);
        assert_eq!(at(&alice, "good_correct"), "1");
        assert_eq!(at(&alice, "drops_correct"), "1");
        assert_eq!(
            at(&alice, "guess_correct"),
            "0",
            "a prediction is checked but not scored"
        );
        assert_eq!(
            (
                at(&alice, "score").as_str(),
                at(&alice, "max_score").as_str()
            ),
            ("3", "3")
        );
        let bob = cols(lines[2]);
        assert_eq!(at(&bob, "good_correct"), "0");
        assert_eq!(at(&bob, "drops_correct"), "0");
        assert_eq!(at(&bob, "score"), "0");
        assert_ne!(at(&alice, "seed"), "", "the variant's seed is reported");
    }

    #[test]
    fn result_codes_are_checked_against_the_students_own_variant() {
        let (a, base) = setup();
        let r = reference(&a, &base, "carol");
        let hash = r["trace_hash"].as_str().unwrap().to_string();
        let code = |student: &str, hash: &str| {
            encode(&ResultCode {
                assignment: "t".into(),
                student: student.into(),
                answers: vec![("drops".into(), r["links"][2]["drops"].as_f64().unwrap())],
                hashes: vec![("main".into(), hash.into())],
            })
        };
        let csv = format!(
            "code\n{}\n{}\nTL1.garbage.0000000000000000\n",
            code("carol", &hash),
            code("dave", &hash)
        );
        let out = grade(&a, &base, &parse_csv(&csv)).unwrap();
        let rows: Vec<Vec<String>> = parse_csv(&out);
        let at = |row: &[String], name: &str| {
            row[rows[0].iter().position(|h| h == name).unwrap()].clone()
        };
        assert_eq!(at(&rows[1], "student"), "carol");
        assert_eq!(at(&rows[1], "trace_match"), "1");
        assert_eq!(at(&rows[1], "drops_correct"), "1");
        assert_eq!(at(&rows[2], "student"), "dave");
        assert_eq!(
            at(&rows[2], "trace_match"),
            "0",
            "carol's run is not dave's variant"
        );
        assert!(at(&rows[3], "note").contains("checksum"));
    }

    #[test]
    fn csv_reads_quotes_and_writes_safe_fields() {
        assert_eq!(
            parse_csv("a,\"b,c\",\"d\"\"e\"\r\n\n1,2,3"),
            [vec!["a", "b,c", "d\"e"], vec!["1", "2", "3"]]
        );
        assert_eq!(csv_field("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(csv_field("-2.5"), "-2.5");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
    }
}
