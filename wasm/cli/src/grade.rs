//! `tcplab grade ASSIGNMENT.json STUDENTS.csv [--out FILE] [--format F]`: grade a class
//! natively with the grader the page uses (tcplab-grade): read the CSV, run each student's
//! variant on every core, check every answer against the student's own run, and write a
//! grade file (docs/lessons.md). The page writes byte-identical files for the same input.
//!
//! Formats: `full` (default: every answer, score, trace match and notes), `scores`
//! (student, score), `per-question` (student, points per question, score), `canvas`.

use crate::args::GradeFormat;
use crate::pool::map_parallel;
use grading::{report, Problem, ProblemCode};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Run a grading job (scenario JSON text) to the end: its summary JSON, or the validator's
/// errors.
#[allow(clippy::ptr_arg)] // map_parallel hands each job a &T, here T = String
pub fn run_summary(text: &String) -> Result<String, String> {
    batch::grade::run_summary(text)
}

/// Grade `csv` for the assignment in `assignment_file`: the report, or the assignment's
/// problems.
pub fn grade(
    assignment_file: &Path,
    assignment_text: &str,
    csv: &str,
) -> Result<grading::grader::Report, Vec<Problem>> {
    let plan = batch::grade::plan(assignment_file, assignment_text, csv)?;
    let results = map_parallel(plan.jobs().to_vec(), run_summary);
    Ok(plan.finish(&results))
}

pub fn run(args: crate::args::Grade) -> ExitCode {
    let (afile, sfile, out_file) = (&args.assignment, &args.students, args.out);
    let read = |f: &str| {
        std::fs::read(f)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| {
                eprintln!("error: cannot read {f}: {e}");
                ExitCode::from(1)
            })
    };
    let (atext, stext) = match (read(afile), read(sfile)) {
        (Ok(a), Ok(s)) => (a, s),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let report = match grade(Path::new(afile), &atext, &stext) {
        Ok(r) => r,
        Err(problems) => {
            for p in problems {
                eprintln!("error: {afile}: {p}");
            }
            return ExitCode::from(2);
        }
    };
    let text = match args.format {
        GradeFormat::Full => report::full(&report),
        GradeFormat::Scores => report::scores(&report),
        GradeFormat::PerQuestion => report::per_question(&report),
        GradeFormat::Canvas => report::canvas(&report),
    };
    for p in &report.problems {
        eprintln!("warning: {sfile}: {p}");
    }
    let written = match out_file {
        Some(f) => std::fs::write(&f, &text).map_err(|e| format!("cannot write {f}: {e}")),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string()),
    };
    if let Err(e) = written {
        eprintln!("error: {e}");
        return ExitCode::from(1);
    }
    // Nothing could be graded: the file holds only its header.
    let nothing = report.problems.iter().any(|p| {
        matches!(
            p.code,
            ProblemCode::CsvEmpty | ProblemCode::CsvNoStudentColumn
        )
    });
    if nothing {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grading::check::Verdict;
    use grading::code::{encode, ResultCode};
    use serde_json::Value;
    use std::path::PathBuf;

    const ASSIGNMENT: &str = r#"{"format": "tcplab-assignment/1", "id": "t", "title": "T",
        "scenarios": {"main": "default"},
        "variants": {"seed": {"min": 1, "max": 50},
          "params": [{"path": "topology.links[bottleneck].queue.limit_packets", "values": [20, 80]}]},
        "questions": [
          {"id": "good", "prompt": "Goodput?", "metric": "flows[flow1].goodput_bps",
           "scale": 1e-6, "unit": "Mb/s", "tolerance": {"rel": 0.02}},
          {"id": "drops", "prompt": "Drops?", "metric": "links[bottleneck/a>b].drops",
           "tolerance": {"abs": 0}, "points": 2}]}"#;

    fn here() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/lessons/x.json")
    }

    /// The reference run of `student`'s variant.
    fn reference(student: &str) -> Value {
        let a = grading::Assignment::parse(ASSIGNMENT).unwrap();
        let text =
            std::fs::read_to_string(here().parent().unwrap().join("../scenarios/default.json"))
                .unwrap();
        let base: Value = serde_json::from_str(&text).unwrap();
        let v = grading::variant::derive(&a, student);
        let s = grading::assignment::apply_variant("main", &base, &v).unwrap();
        serde_json::from_str(&run_summary(&s.to_string()).unwrap()).unwrap()
    }

    #[test]
    fn real_runs_grade_answers_and_codes_against_the_students_variant() {
        let r = reference("carol");
        let good = r["flows"][0]["goodput_bps"].as_f64().unwrap() / 1e6;
        let drops = r["links"][2]["drops"].as_f64().unwrap();
        let code = |student: &str| {
            encode(&ResultCode {
                assignment: "t".into(),
                student: student.into(),
                answers: vec![("drops".into(), drops), ("good".into(), good)],
                hashes: vec![("main".into(), r["trace_hash"].as_str().unwrap().into())],
                model: Some(grading::MODEL_VERSION.into()),
            })
        };
        let csv = format!(
            "student,code\nCarol,{}\ndave,{}\n",
            code("carol"),
            code("dave")
        );
        let report = grade(&here(), ASSIGNMENT, &csv).unwrap();
        let carol = &report.rows[0];
        assert_eq!(carol.answers[0].verdict, Verdict::Correct);
        assert_eq!(carol.answers[1].verdict, Verdict::Correct);
        assert_eq!((carol.score, carol.trace_match), (3.0, Some(true)));
        let dave = &report.rows[1];
        assert_eq!(
            dave.trace_match,
            Some(false),
            "carol's run is not dave's variant"
        );
    }

    #[test]
    fn a_missing_scenario_is_refused_with_its_place() {
        let bad = ASSIGNMENT.replace("\"default\"", "\"no-such\"");
        let e = grade(&here(), &bad, "student\ns01\n").unwrap_err();
        assert_eq!(e[0].code, ProblemCode::ScenarioNotFound);
        assert_eq!(e[0].path, "scenarios.main");
    }
}
