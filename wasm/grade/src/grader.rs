//! Grading a class: the students' CSV in, one verdict per answer out, then the grade files.
//! The same code runs in `tcplab grade` and in the page, in two steps around the runs, which
//! the caller makes (native threads, or the page's worker pool):
//!
//! 1. [`Plan::new`] reads the CSV (csv.rs), each row's result code (code.rs) and answer
//!    columns, derives each student's variant and lists the scenario runs needed, each
//!    distinct one once ([`Plan::jobs`]).
//! 2. [`Plan::finish`] takes each run's summary (or why it failed) and checks every answer
//!    against the student's own run: a [`Report`], written out by report.rs.
//!
//! Nothing in the CSV stops the grading: each row gets its verdicts and its problems.

use crate::assignment::{apply_variant, Assignment};
use crate::check::{self, Checked, Verdict};
use crate::code;
use crate::csv;
use crate::problem::{Problem, ProblemCode};
use crate::student;
use crate::variant::{self, fnv1a64};
use serde::Serialize;
use serde_json::Value;

/// An answer as read from a row.
#[derive(Debug, Clone, PartialEq)]
enum Answer {
    Number(f64),
    /// Text in an answer column that is not a number.
    Text(String),
}

/// One row of the students' CSV, read and planned.
#[derive(Debug, Clone)]
struct Submission {
    line: usize,
    /// The id as written (or, without one, the code's).
    student: String,
    seed: Option<u64>,
    /// Scenario name → the index of its run in the job list, or why there is none.
    runs: Vec<(String, Result<usize, Problem>)>,
    /// Question id → answer (a later one for the same question replaces an earlier one).
    answers: Vec<(String, Answer)>,
    /// Scenario name → trace hash, from the result code.
    hashes: Option<Vec<(String, String)>>,
    problems: Vec<Problem>,
}

impl Submission {
    fn answer(&self, id: &str) -> Option<&Answer> {
        self.answers
            .iter()
            .rev()
            .find(|(q, _)| q == id)
            .map(|(_, a)| a)
    }
}

/// The grading of one CSV, between reading it and having the runs.
#[derive(Debug, Clone)]
pub struct Plan {
    assignment: Assignment,
    jobs: Vec<String>,
    submissions: Vec<Submission>,
    problems: Vec<Problem>,
}

/// One question, as the report's columns name it.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReportQuestion {
    pub id: String,
    pub points: f64,
    pub predict: bool,
}

/// One student's grading.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReportRow {
    /// The CSV line the row starts on.
    pub line: usize,
    pub student: String,
    pub seed: Option<u64>,
    /// One per question, in the assignment's order.
    pub answers: Vec<Checked>,
    pub score: f64,
    /// Whether every run in the result code is this student's variant; null without a code.
    pub trace_match: Option<bool>,
    pub problems: Vec<Problem>,
}

/// A class graded.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Report {
    pub assignment: String,
    pub questions: Vec<ReportQuestion>,
    pub max_score: f64,
    pub rows: Vec<ReportRow>,
    /// Problems of the whole file (a missing column, a file cut off).
    pub problems: Vec<Problem>,
}

/// A header cell naming the student column.
fn is_student_header(h: &str) -> bool {
    matches!(
        h.trim().to_ascii_lowercase().as_str(),
        "student" | "student id" | "student_id" | "id"
    )
}

fn is_code_header(h: &str) -> bool {
    matches!(
        h.trim().to_ascii_lowercase().as_str(),
        "code" | "result code" | "result_code"
    )
}

fn looks_like_code(s: &str) -> bool {
    s.trim().starts_with("TL1.")
}

impl Plan {
    /// Read the CSV and plan the runs. `scenarios`: the assignment's scenarios, resolved
    /// (name → scenario object).
    pub fn new(assignment: Assignment, scenarios: &[(String, Value)], csv_text: &str) -> Self {
        let table = csv::read(csv_text);
        let mut plan = Plan {
            assignment,
            jobs: Vec::new(),
            submissions: Vec::new(),
            problems: table.problems,
        };
        let a = &plan.assignment;
        let Some(first) = table.rows.first() else {
            plan.problems.push(Problem::new(ProblemCode::CsvEmpty, ""));
            return plan;
        };
        // A file of bare codes (no header) is read as one.
        let headerless = first.fields.iter().any(|f| looks_like_code(f));
        let (header, body): (Vec<String>, &[csv::Row]) = if headerless {
            let code_col = first
                .fields
                .iter()
                .position(|f| looks_like_code(f))
                .unwrap_or(0);
            let mut h = vec![String::new(); first.fields.len()];
            h[code_col] = "code".into();
            (h, &table.rows[..])
        } else {
            (first.fields.clone(), &table.rows[1..])
        };
        let col = |pred: &dyn Fn(&str) -> bool| header.iter().position(|h| pred(h));
        let student_col = col(&is_student_header);
        let code_col = col(&is_code_header);
        if student_col.is_none() && code_col.is_none() {
            plan.problems
                .push(Problem::new(ProblemCode::CsvNoStudentColumn, "line 1"));
            return plan;
        }
        let q_cols: Vec<(String, usize)> = a
            .questions
            .iter()
            .filter_map(|q| {
                header
                    .iter()
                    .position(|h| h.trim().eq_ignore_ascii_case(&q.id))
                    .map(|i| (q.id.clone(), i))
            })
            .collect();
        if code_col.is_none() {
            let missing: Vec<&str> = a
                .questions
                .iter()
                .filter(|q| !q_cols.iter().any(|(id, _)| *id == q.id))
                .map(|q| q.id.as_str())
                .collect();
            if !missing.is_empty() {
                plan.problems.push(
                    Problem::new(ProblemCode::CsvMissingColumns, "line 1")
                        .with("questions", missing.join(", ")),
                );
            }
        }
        // Each distinct scenario text once: found by its hash, confirmed by its text.
        let mut job_hashes: Vec<u64> = Vec::new();
        let mut subs = Vec::new();
        for row in body {
            let mut s = read_row(a, row, &header, student_col, code_col, &q_cols);
            if !s.student.is_empty() {
                let v = variant::derive(a, &s.student);
                s.seed = v.seed;
                for (name, base) in scenarios {
                    let r = apply_variant(name, base, &v).map(|sc| {
                        let text = sc.to_string();
                        let h = fnv1a64(text.as_bytes());
                        let same = (0..plan.jobs.len())
                            .find(|&i| job_hashes[i] == h && plan.jobs[i] == text);
                        same.unwrap_or_else(|| {
                            job_hashes.push(h);
                            plan.jobs.push(text);
                            plan.jobs.len() - 1
                        })
                    });
                    s.runs.push((name.clone(), r));
                }
            }
            subs.push(s);
        }
        mark_duplicates(&mut subs);
        plan.submissions = subs;
        plan
    }

    /// The scenario runs needed (JSON text, each distinct one once), in order.
    pub fn jobs(&self) -> &[String] {
        &self.jobs
    }

    pub fn assignment(&self) -> &Assignment {
        &self.assignment
    }

    /// Check every answer against its student's runs. `results[i]`: job `i`'s run summary
    /// (the JSON `tcplab run` prints), or why it failed.
    pub fn finish(&self, results: &[Result<String, String>]) -> Report {
        let a = &self.assignment;
        let summaries: Vec<Result<Value, String>> = results
            .iter()
            .map(|r| match r {
                Ok(text) => serde_json::from_str(text).map_err(|e| e.to_string()),
                Err(e) => Err(e.clone()),
            })
            .collect();
        let rows = self
            .submissions
            .iter()
            .map(|s| grade_one(a, s, &summaries))
            .collect();
        Report {
            assignment: a.id.clone(),
            questions: a
                .questions
                .iter()
                .map(|q| ReportQuestion {
                    id: q.id.clone(),
                    points: q.points(),
                    predict: q.predict,
                })
                .collect(),
            max_score: a.max_score(),
            rows,
            problems: self.problems.clone(),
        }
    }
}

fn read_row(
    a: &Assignment,
    row: &csv::Row,
    header: &[String],
    student_col: Option<usize>,
    code_col: Option<usize>,
    q_cols: &[(String, usize)],
) -> Submission {
    let at = |what: &str| format!("line {}, {what}", row.line);
    let cell = |i: Option<usize>| {
        i.and_then(|i| row.fields.get(i))
            .map_or("", |s| s.trim())
            .to_string()
    };
    let mut s = Submission {
        line: row.line,
        student: cell(student_col),
        seed: None,
        runs: Vec::new(),
        answers: Vec::new(),
        hashes: None,
        problems: Vec::new(),
    };
    if row.fields.len() < header.len() {
        s.problems.push(
            Problem::new(ProblemCode::CsvShortRow, format!("line {}", row.line))
                .with("fields", row.fields.len())
                .with("expected", header.len()),
        );
    }
    let code_text = cell(code_col);
    if !code_text.is_empty() {
        match code::decode(&code_text) {
            Ok(c) if c.assignment != a.id => s.problems.push(
                Problem::new(ProblemCode::CodeOtherAssignment, at("code"))
                    .with("assignment", &c.assignment),
            ),
            Ok(c) => {
                if s.student.is_empty() {
                    s.student = c.student.clone();
                } else if student::normalise(&s.student) != student::normalise(&c.student) {
                    s.problems.push(
                        Problem::new(ProblemCode::CodeOtherStudent, at("code"))
                            .with("student", &c.student),
                    );
                }
                for (id, x) in c.answers {
                    s.answers.push((id, Answer::Number(x)));
                }
                s.hashes = Some(c.hashes);
                // A code says which model made it (codes from before do not): another one
                // may explain a trace hash that differs.
                if let Some(m) = c.model.filter(|m| m != crate::MODEL_VERSION) {
                    s.problems.push(
                        Problem::new(ProblemCode::CodeOtherModel, at("code"))
                            .with("theirs", m)
                            .with("ours", crate::MODEL_VERSION),
                    );
                }
            }
            Err(p) => s.problems.push(p.at(&at("code"))),
        }
    }
    for (id, i) in q_cols {
        let text = cell(Some(*i));
        if text.is_empty() {
            continue;
        }
        let answer = check::parse_answer(&text).map_or(Answer::Text(text), Answer::Number);
        s.answers.push((id.clone(), answer));
    }
    if s.student.is_empty() {
        s.problems.push(Problem::new(
            ProblemCode::CsvNoStudent,
            format!("line {}", row.line),
        ));
    } else if let Err(p) = student::check(&s.student) {
        s.problems.push(p.at(&at("student")));
    }
    s
}

/// Every row whose student (normalised) is on another row too gets a problem naming the lines.
fn mark_duplicates(subs: &mut [Submission]) {
    let ids: Vec<String> = subs
        .iter()
        .map(|s| student::normalise(&s.student))
        .collect();
    let at: Vec<usize> = subs.iter().map(|s| s.line).collect();
    for (i, s) in subs.iter_mut().enumerate() {
        if ids[i].is_empty() {
            continue;
        }
        let lines: Vec<usize> = (0..ids.len()).filter(|&j| ids[j] == ids[i]).collect();
        if lines.len() > 1 {
            let list: Vec<String> = lines.iter().map(|&j| at[j].to_string()).collect();
            s.problems.push(
                Problem::new(ProblemCode::CsvDuplicateStudent, format!("line {}", s.line))
                    .with("student", &ids[i])
                    .with("lines", list.join(", ")),
            );
        }
    }
}

fn grade_one(a: &Assignment, s: &Submission, summaries: &[Result<Value, String>]) -> ReportRow {
    let mut problems = s.problems.clone();
    let runs = |name: &str| -> Result<&Value, Problem> {
        match s.runs.iter().find(|(n, _)| n == name).map(|(_, r)| r) {
            Some(Ok(i)) => summaries
                .get(*i)
                .ok_or_else(|| Problem::new(ProblemCode::RunFailed, ""))?
                .as_ref()
                .map_err(|e| {
                    Problem::new(ProblemCode::RunFailed, "")
                        .with("scenario", name)
                        .with("detail", e)
                }),
            Some(Err(p)) => Err(p.clone()),
            None => Err(Problem::new(ProblemCode::UnknownScenario, "").with("scenario", name)),
        }
    };
    let mut score = 0.0;
    let mut answers = Vec::new();
    for q in &a.questions {
        let expected = if s.student.is_empty() {
            Err(Problem::new(ProblemCode::CsvNoStudent, ""))
        } else {
            check::expected(a, q, runs)
        };
        let checked = match s.answer(&q.id) {
            Some(Answer::Number(x)) => check::check_value(q, Some(*x), expected.clone()),
            Some(Answer::Text(t)) => check::check_answer(q, t, expected.clone()),
            None => check::check_value(q, None, expected.clone()),
        };
        let checked = Checked {
            expected: expected.as_ref().ok().copied(),
            ..checked
        };
        if checked.verdict == Verdict::Correct {
            score += q.points();
        }
        if let Some(p) = &checked.problem {
            // A failed run is one problem however many questions it leaves unchecked.
            let p = match checked.verdict {
                Verdict::NoExpected => p.clone(),
                _ => p.clone().at(&q.id),
            };
            if !problems.contains(&p) && p.code != ProblemCode::CsvNoStudent {
                problems.push(p);
            }
        }
        answers.push(checked);
    }
    let trace_match = s.hashes.as_ref().map(|h| {
        let mut all = true;
        for name in a.scenarios.keys() {
            let mine = runs(name)
                .ok()
                .and_then(|v| v.get("trace_hash"))
                .and_then(Value::as_str);
            match h.iter().find(|(n, _)| n == name).map(|(_, x)| x) {
                None => {
                    all = false;
                    problems.push(Problem::new(ProblemCode::NoRun, "").with("scenario", name));
                }
                Some(theirs) if Some(theirs.as_str()) != mine => {
                    all = false;
                    problems.push(
                        Problem::new(ProblemCode::TraceMismatch, "")
                            .with("scenario", name)
                            .with("theirs", theirs)
                            .with("ours", mine.unwrap_or("-")),
                    );
                }
                Some(_) => {}
            }
        }
        all
    });
    ReportRow {
        line: s.line,
        student: s.student.clone(),
        seed: s.seed,
        answers,
        score,
        trace_match,
        problems,
    }
}
