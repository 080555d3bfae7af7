//! `tcplab grade ASSIGNMENT.json STUDENTS.csv [--out FILE] [--format F]`: grade a class
//! natively with the grader the page uses (tcplab-grade): read the CSV, run each student's
//! variant on every core, check every answer against the student's own run, and write a
//! grade file (docs/lessons.md). The page writes byte-identical files for the same input.
//!
//! Formats: `full` (default: every answer, score, trace match and notes), `scores`
//! (student, score), `per-question` (student, points per question, score), `canvas`.

use crate::args::GradeFormat;
use crate::pool::map_parallel;
use grading::grader::Plan;
use grading::{report, Assignment, Problem, ProblemCode};
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where a named scenario is looked for: `<dir of the assignment>/../scenarios`, then
/// `content/scenarios` under the working directory.
fn resolve_scenario(assignment_file: &Path, name: &str, r: &Value) -> Result<Value, Problem> {
    let at = format!("scenarios.{name}");
    let file = match r {
        Value::Object(_) => return Ok(r.clone()),
        Value::String(s) => s,
        _ => return Err(Problem::new(ProblemCode::WrongType, at)),
    };
    let dir = assignment_file.parent().unwrap_or(Path::new("."));
    let candidates: [PathBuf; 2] = [
        dir.join("..")
            .join("scenarios")
            .join(format!("{file}.json")),
        Path::new("content")
            .join("scenarios")
            .join(format!("{file}.json")),
    ];
    for c in &candidates {
        if let Ok(text) = std::fs::read_to_string(c) {
            return serde_json::from_str(&text).map_err(|e| {
                Problem::new(ProblemCode::JsonSyntax, at.clone())
                    .with("detail", format!("{}: {e}", c.display()))
            });
        }
    }
    Err(Problem::new(ProblemCode::ScenarioNotFound, at).with("name", file))
}

/// Run a scenario (JSON text) to the end: its summary JSON, or the validator's errors.
#[allow(clippy::ptr_arg)] // map_parallel hands each job a &T, here T = String
pub fn run_summary(text: &String) -> Result<String, String> {
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
    Ok(world.summary().to_json())
}

/// Grade `csv` for the assignment in `assignment_file`: the report, or the assignment's
/// problems.
pub fn grade(
    assignment_file: &Path,
    assignment_text: &str,
    csv: &str,
) -> Result<grading::grader::Report, Vec<Problem>> {
    let a = Assignment::parse(assignment_text)?;
    let mut base = Vec::new();
    let mut problems = Vec::new();
    for (name, r) in &a.scenarios {
        match resolve_scenario(assignment_file, name, r) {
            Ok(s) => base.push((name.clone(), s)),
            Err(p) => problems.push(p),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let plan = Plan::new(a, &base, csv);
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
        let a = Assignment::parse(ASSIGNMENT).unwrap();
        let base = resolve_scenario(&here(), "main", &Value::from("default")).unwrap();
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
