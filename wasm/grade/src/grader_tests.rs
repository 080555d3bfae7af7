//! The grader on every kind of bad input a class produces, with a stand-in for the simulator
//! (a run's goodput is its seed in Mb/s, its trace hash the seed as text): every row gets its
//! verdicts and problems, and the grade files are written whatever the CSV holds.

use crate::assignment::Assignment;
use crate::check::Verdict;
use crate::code::{encode, ResultCode};
use crate::grader::{Plan, Report};
use crate::problem::ProblemCode;
use crate::{report, variant};
use serde_json::{json, Value};

fn assignment() -> Assignment {
    Assignment::parse(
        r#"{"format": "tcplab-assignment/1", "id": "t", "title": "T",
            "scenarios": {"main": "x"},
            "variants": {"seed": {"min": 1, "max": 50}},
            "questions": [
              {"id": "good", "prompt": "Goodput?", "metric": "flows[f1].goodput_bps",
               "scale": 1e-6, "tolerance": {"rel": 0.01}},
              {"id": "jain", "prompt": "Jain?", "metric": "jain_index", "tolerance": {"abs": 0.01}, "points": 2},
              {"id": "guess", "prompt": "Predict", "metric": "jain_index", "tolerance": {"abs": 0.1}, "predict": true}]}"#,
    )
    .unwrap()
}

fn scenarios() -> Vec<(String, Value)> {
    vec![("main".to_string(), json!({"name": "x", "seed": 0}))]
}

/// The stand-in simulator.
fn run(job: &str) -> Result<String, String> {
    let s: Value = serde_json::from_str(job).map_err(|e| e.to_string())?;
    let seed = s["seed"].as_u64().ok_or("no seed")?;
    Ok(
        json!({"flows": [{"id": "f1", "goodput_bps": seed as f64 * 1e6}], "jain_index": 1.0,
              "trace_hash": seed.to_string()})
        .to_string(),
    )
}

fn grade(csv: &str) -> Report {
    let plan = Plan::new(assignment(), &scenarios(), csv);
    let results: Vec<_> = plan.jobs().iter().map(|j| run(j)).collect();
    plan.finish(&results)
}

fn seed(student: &str) -> u64 {
    variant::derive(&assignment(), student).seed.unwrap()
}

fn code(assignment: &str, student: &str, good: f64, hash: &str) -> String {
    encode(&ResultCode {
        assignment: assignment.into(),
        student: student.into(),
        answers: vec![("good".into(), good), ("jain".into(), 1.0)],
        hashes: vec![("main".into(), hash.into())],
        model: Some(crate::MODEL_VERSION.into()),
    })
}

fn codes(r: &crate::grader::ReportRow) -> Vec<ProblemCode> {
    r.problems.iter().map(|p| p.code).collect()
}

#[test]
fn answer_columns_are_checked_against_each_students_own_run() {
    let (a, b) = (seed("alice"), seed("bob"));
    let r = grade(&format!(
        "student,good,jain,guess\nalice,{a},1,0.5\nbob,{},0.9,2\n",
        b + 3
    ));
    assert_eq!(r.max_score, 3.0);
    let alice = &r.rows[0];
    assert_eq!(alice.seed, Some(a));
    assert_eq!(alice.answers[0].verdict, Verdict::Correct);
    assert_eq!(alice.answers[1].verdict, Verdict::Correct);
    assert_eq!(
        alice.answers[2].verdict,
        Verdict::Wrong,
        "a prediction is checked"
    );
    assert_eq!(alice.score, 3.0, "but not scored");
    assert_eq!(alice.trace_match, None);
    let bob = &r.rows[1];
    assert_eq!(bob.score, 0.0);
    assert_eq!(bob.answers[2].verdict, Verdict::OutOfRange);
    assert_eq!(codes(bob), [ProblemCode::OutOfRange]);
    assert_eq!(bob.problems[0].english(), "guess: must be between 0 and 1");
}

#[test]
fn codes_are_read_and_their_runs_compared_with_the_variant() {
    let (c, d) = (seed("carol"), seed("dave"));
    let r = grade(&format!(
        "student,code\ncarol,{}\nDave,{}\ndave2,{}\n",
        code("t", "carol", c as f64, &c.to_string()),
        code("t", "dave", d as f64, "0"),
        code("t", "dave", d as f64, &d.to_string()),
    ));
    assert_eq!((r.rows[0].score, r.rows[0].trace_match), (3.0, Some(true)));
    // Dave's code is his (ids are compared normalised) but his run was not his variant.
    assert_eq!(r.rows[1].trace_match, Some(false));
    assert_eq!(codes(&r.rows[1]), [ProblemCode::TraceMismatch]);
    // A code handed in by another student.
    assert!(codes(&r.rows[2]).contains(&ProblemCode::CodeOtherStudent));
}

#[test]
fn a_code_of_another_model_version_says_so_and_shows_both_trace_hashes() {
    let (e, f, g) = (seed("erin"), seed("frank"), seed("gina"));
    let made_by = |student: &str, x: u64, hash: &str, model: Option<&str>| {
        encode(&ResultCode {
            assignment: "t".into(),
            student: student.into(),
            answers: vec![("good".into(), x as f64)],
            hashes: vec![("main".into(), hash.into())],
            model: model.map(str::to_string),
        })
    };
    let r = grade(&format!(
        "student,code\nerin,{}\nfrank,{}\ngina,{}\n",
        made_by("erin", e, "abc", Some("0.0.1")),
        made_by("frank", f, &f.to_string(), Some("0.0.1")),
        made_by("gina", g, &g.to_string(), None),
    ));
    // Another version, and a run that differs: both said, with both hashes.
    let erin = &r.rows[0];
    assert_eq!(
        codes(erin),
        [ProblemCode::CodeOtherModel, ProblemCode::TraceMismatch]
    );
    assert_eq!(
        erin.problems[0].english(),
        format!(
            "line 2, code: the code was made by model version 0.0.1, this grader runs {}: \
             its runs may differ for that reason",
            crate::MODEL_VERSION
        )
    );
    assert_eq!(
        erin.problems[1].english(),
        format!(
            "the code's run of 'main' is not this student's variant (trace hash abc in the \
             code, {e} here)"
        )
    );
    // Another version with the same run: said, and the run still matches.
    assert_eq!(codes(&r.rows[1]), [ProblemCode::CodeOtherModel]);
    assert_eq!(r.rows[1].trace_match, Some(true));
    // A code from before codes carried a version: read as before, nothing to say.
    assert_eq!(codes(&r.rows[2]), []);
    assert_eq!((r.rows[2].score, r.rows[2].trace_match), (1.0, Some(true)));
}

#[test]
fn a_spreadsheets_csv_bom_semicolons_crlf_quotes() {
    let e = seed("erin");
    let r = grade(&format!(
        "\u{feff}\"Student\";\"good\"\r\n\"erin\";\"{e},0\"\r\n"
    ));
    assert!(r
        .problems
        .iter()
        .any(|p| p.code == ProblemCode::CsvMissingColumns));
    assert_eq!(r.rows[0].answers[0].verdict, Verdict::Correct);
    assert_eq!(r.rows[0].answers[1].verdict, Verdict::Missing);
}

#[test]
fn every_bad_row_gets_a_verdict_and_the_files_are_still_written() {
    let f = seed("frank");
    let good = code("t", "frank", f as f64, &f.to_string());
    let csv = format!(
        "student,code,good\n\
         frank,{good}\n\
         FRANK ,,{f}\n\
         gina,{},\n\
         hal,{},\n\
         ivy,TL1.{}\n\
         ,,5\n\
         jo\n\
         kim,,lots\n\
         lee,\"TL1.abc",
        code("other", "gina", 1.0, "1"),
        &good[..good.len() - 2],
        "x".repeat(30),
    );
    let r = grade(&csv);
    let by: Vec<(&str, Vec<ProblemCode>)> = r
        .rows
        .iter()
        .map(|x| (x.student.as_str(), codes(x)))
        .collect();
    use ProblemCode::*;
    assert_eq!(
        by,
        [
            ("frank", vec![CsvShortRow, CsvDuplicateStudent]),
            ("FRANK", vec![CsvDuplicateStudent]),
            ("gina", vec![CodeOtherAssignment]),
            ("hal", vec![CodeChecksum]),
            ("ivy", vec![CsvShortRow, CodeNoChecksum]),
            ("", vec![CsvNoStudent]),
            ("jo", vec![CsvShortRow]),
            ("kim", vec![NotNumber]),
            ("lee", vec![CsvShortRow, CodeNoChecksum]),
        ]
    );
    assert!(r.problems.iter().any(|p| p.code == CsvUnclosedQuote));
    assert_eq!(r.rows[1].problems[0].param("lines"), Some("2, 3"));
    assert_eq!(r.rows[0].trace_match, Some(true));
    assert_eq!(r.rows[0].score, 3.0);
    assert_eq!(r.rows[1].score, 1.0, "FRANK typed only the goodput");
    // A code for another assignment gives no answers.
    assert_eq!(r.rows[2].answers[0].verdict, Verdict::Missing);
    let files = report::files(&r);
    assert_eq!(files.full.lines().count(), 10);
    assert_eq!(files.scores.lines().count(), 10);
    assert!(files
        .full
        .lines()
        .nth(3)
        .unwrap()
        .contains("for another assignment ('other')"));
    assert!(files.full.starts_with(
        "student,seed,good_got,good_expected,good_correct,jain_got,jain_expected,jain_correct,\
         guess_got,guess_expected,guess_correct,score,max_score,trace_match,note\r\n"
    ));
    assert_eq!(
        files.per_question.lines().next(),
        Some("student,good,jain,score")
    );
    assert_eq!(files.per_question.lines().nth(1), Some("frank,1,2,3"));
}

#[test]
fn a_file_of_bare_codes_an_empty_file_and_no_id_column() {
    let m = seed("mia");
    let r = grade(&code("t", "mia", m as f64, &m.to_string()));
    assert_eq!((r.rows[0].student.as_str(), r.rows[0].score), ("mia", 3.0));
    let r = grade("\r\n\r\n");
    assert_eq!(r.problems[0].code, ProblemCode::CsvEmpty);
    assert_eq!(
        report::full(&r).lines().count(),
        1,
        "the header is still written"
    );
    let r = grade("name,good\nnoor,3\n");
    assert_eq!(r.problems[0].code, ProblemCode::CsvNoStudentColumn);
    assert!(r.rows.is_empty());
}

#[test]
fn identical_variants_are_run_once() {
    let csv: String = std::iter::once("student,good\n".to_string())
        .chain((0..200).map(|i| format!("s{i},1\n")))
        .collect();
    let plan = Plan::new(assignment(), &scenarios(), &csv);
    // 200 students over 50 seeds.
    assert!(plan.jobs().len() <= 50);
    let failed: Vec<_> = plan
        .jobs()
        .iter()
        .map(|_| Err("boom".to_string()))
        .collect();
    let r = plan.finish(&failed);
    assert_eq!(r.rows.len(), 200);
    assert_eq!(r.rows[0].answers[0].verdict, Verdict::NoExpected);
    assert_eq!(codes(&r.rows[0]), [ProblemCode::RunFailed]);
    assert_eq!(
        r.rows[0].problems[0].english(),
        "scenario 'main' could not run: boom"
    );
}
