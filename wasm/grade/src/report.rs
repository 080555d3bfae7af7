//! The grade files written from a [`Report`], byte for byte the same from the CLI and the
//! page: the full table, the scores alone, and a column per question, for a gradebook.

use crate::check::{fmt_num, Verdict};
use crate::csv::line;
use crate::grader::{Report, ReportRow};
use serde::Serialize;

/// The grade files of a report.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GradeFiles {
    /// `student, seed, <q>_got, <q>_expected, <q>_correct …, score, max_score,
    /// trace_match, note`: everything, one row per student.
    pub full: String,
    /// `student, score`: for a gradebook's import (Moodle maps the two columns; a
    /// spreadsheet pastes them).
    pub scores: String,
    /// `student, <question id> …, score`: points per scored question.
    pub per_question: String,
    /// Canvas's gradebook layout: `Student, ID, SIS User ID, SIS Login ID, Section,
    /// <assignment>`, the student id as the SIS Login ID.
    pub canvas: String,
}

/// Every problem of a row as one English note.
fn note(r: &ReportRow) -> String {
    r.problems
        .iter()
        .map(|p| p.english())
        .collect::<Vec<_>>()
        .join("; ")
}

fn opt(x: Option<f64>) -> String {
    x.map_or(String::new(), fmt_num)
}

pub fn files(r: &Report) -> GradeFiles {
    GradeFiles {
        full: full(r),
        scores: scores(r),
        per_question: per_question(r),
        canvas: canvas(r),
    }
}

pub fn full(r: &Report) -> String {
    let mut head = vec!["student".to_string(), "seed".into()];
    for q in &r.questions {
        for c in ["got", "expected", "correct"] {
            head.push(format!("{}_{c}", q.id));
        }
    }
    head.extend(["score", "max_score", "trace_match", "note"].map(String::from));
    let mut out = line(&head);
    for row in &r.rows {
        let mut f = vec![
            row.student.clone(),
            row.seed.map_or(String::new(), |s| s.to_string()),
        ];
        for c in &row.answers {
            f.push(opt(c.answer));
            f.push(opt(c.expected));
            f.push(
                if c.verdict == Verdict::Correct {
                    "1"
                } else {
                    "0"
                }
                .into(),
            );
        }
        f.push(fmt_num(row.score));
        f.push(fmt_num(r.max_score));
        f.push(match row.trace_match {
            None => String::new(),
            Some(true) => "1".into(),
            Some(false) => "0".into(),
        });
        f.push(note(row));
        out += &line(&f);
    }
    out
}

pub fn scores(r: &Report) -> String {
    let mut out = line(&["student".into(), "score".into()]);
    for row in &r.rows {
        out += &line(&[row.student.clone(), fmt_num(row.score)]);
    }
    out
}

pub fn per_question(r: &Report) -> String {
    let scored: Vec<usize> = (0..r.questions.len())
        .filter(|&i| !r.questions[i].predict)
        .collect();
    let mut head = vec!["student".to_string()];
    head.extend(scored.iter().map(|&i| r.questions[i].id.clone()));
    head.push("score".into());
    let mut out = line(&head);
    for row in &r.rows {
        let mut f = vec![row.student.clone()];
        for &i in &scored {
            let ok = row
                .answers
                .get(i)
                .is_some_and(|c| c.verdict == Verdict::Correct);
            f.push(fmt_num(if ok { r.questions[i].points } else { 0.0 }));
        }
        f.push(fmt_num(row.score));
        out += &line(&f);
    }
    out
}

pub fn canvas(r: &Report) -> String {
    let head = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"];
    let mut h: Vec<String> = head.iter().map(|s| s.to_string()).collect();
    h.push(r.assignment.clone());
    let mut out = line(&h);
    for row in &r.rows {
        out += &line(&[
            String::new(),
            String::new(),
            String::new(),
            row.student.clone(),
            String::new(),
            fmt_num(row.score),
        ]);
    }
    out
}
