//! What a lesson page asks of the assignment while a student works: the student's variant
//! and assigned scenarios with the settings it locks, and, as runs finish and answers are
//! typed, every answer checked, the places in each run summary that a question asks for
//! (kept out of sight until it is answered), the score and the result code to hand in.

use crate::assignment::{apply_variant, Assignment};
use crate::check::{self, Checked, Verdict};
use crate::code::{self, ResultCode};
use crate::csv;
use crate::path;
use crate::problem::{Problem, ProblemCode};
use crate::student;
use crate::variant;
use serde::Serialize;
use serde_json::Value;

/// One variant parameter as the student meets it.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VariantChoice {
    pub path: String,
    /// The scenario it applies to; all when absent.
    pub scenario: Option<String>,
    pub value: Value,
    /// The assignment hides this setting: the student is not told it.
    pub hidden: bool,
}

/// A student's own variant of an assignment.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StudentView {
    /// The id normalised (student.rs): what the variant and the result code use.
    pub student: String,
    /// Why the id cannot hand in (empty, too long); the page still shows the lesson.
    pub student_problem: Option<Problem>,
    pub seed: Option<u64>,
    pub params: Vec<VariantChoice>,
    /// The assignment's scenarios, by name.
    pub scenarios: Vec<AssignedScenario>,
    pub problems: Vec<Problem>,
}

/// One of the assignment's scenarios as the student runs it.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AssignedScenario {
    pub name: String,
    /// The scenario with the variant applied.
    pub scenario: Value,
    /// The controls shown but not editable: the assignment's locked ones and those a
    /// variant parameter sets.
    pub locked: Vec<String>,
}

/// The marker a variant writes to find the controls it reaches.
const MARK: &str = "\u{0}variant";

/// `scenarios`: the assignment's scenarios resolved (name → scenario object).
pub fn student_view(
    a: &Assignment,
    scenarios: &[(String, Value)],
    student_text: &str,
) -> StudentView {
    let (id, student_problem) = match student::check(student_text) {
        Ok(id) => (id, None),
        Err(p) => (student::normalise(student_text), Some(p)),
    };
    let v = variant::derive(a, &id);
    let mut out = StudentView {
        student: id,
        student_problem,
        seed: v.seed,
        params: v
            .params
            .iter()
            .map(|(p, value)| VariantChoice {
                path: p.path.clone(),
                scenario: p.scenario.clone(),
                value: value.clone(),
                hidden: a.hidden.contains(&p.path),
            })
            .collect(),
        scenarios: Vec::new(),
        problems: Vec::new(),
    };
    for (name, base) in scenarios {
        let scenario = match apply_variant(name, base, &v) {
            Ok(s) => s,
            Err(p) => {
                out.problems.push(p);
                continue;
            }
        };
        let marks: Vec<(crate::assignment::VariantParam, Value)> = v
            .params
            .iter()
            .map(|(p, _)| (p.clone(), Value::from(MARK)))
            .collect();
        let marked = apply_variant(
            name,
            base,
            &variant::Variant {
                seed: None,
                params: marks,
            },
        )
        .unwrap_or_else(|_| base.clone());
        let mut locked = a.locked.clone();
        for c in &a.controls {
            let reached = path::parse(c).is_ok_and(|segs| {
                path::select(&marked, &segs)
                    .iter()
                    .any(|x| x.to_string().contains("\\u0000variant"))
            });
            if reached && !locked.contains(c) {
                locked.push(c.clone());
            }
        }
        out.scenarios.push(AssignedScenario {
            name: name.clone(),
            scenario,
            locked,
        });
    }
    out
}

/// Most combinations an answer key lists.
pub const MAX_KEY_VARIANTS: usize = 48;

/// One combination of the variant parameters' values (the seed left as the scenario's).
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct KeyVariant {
    pub params: Vec<VariantChoice>,
    pub scenarios: Vec<AssignedScenario>,
}

/// Every combination of the variant parameters' values, in order (at most
/// [`MAX_KEY_VARIANTS`]): what a teacher's answer key runs. Seeds are not enumerated.
pub fn key_variants(a: &Assignment, scenarios: &[(String, Value)]) -> Vec<KeyVariant> {
    let params = &a.variants.params;
    let mut out = Vec::new();
    let mut index = vec![0usize; params.len()];
    loop {
        let v = variant::Variant {
            seed: None,
            params: params
                .iter()
                .zip(&index)
                .map(|(p, &i)| (p.clone(), p.values.get(i).cloned().unwrap_or(Value::Null)))
                .collect(),
        };
        let assigned = scenarios
            .iter()
            .filter_map(|(name, base)| {
                apply_variant(name, base, &v)
                    .ok()
                    .map(|scenario| AssignedScenario {
                        name: name.clone(),
                        scenario,
                        locked: Vec::new(),
                    })
            })
            .collect();
        out.push(KeyVariant {
            params: v
                .params
                .iter()
                .map(|(p, value)| VariantChoice {
                    path: p.path.clone(),
                    scenario: p.scenario.clone(),
                    value: value.clone(),
                    hidden: a.hidden.contains(&p.path),
                })
                .collect(),
            scenarios: assigned,
        });
        if out.len() >= MAX_KEY_VARIANTS {
            break;
        }
        // The next combination, the last parameter fastest.
        let mut k = params.len();
        loop {
            if k == 0 {
                return out;
            }
            k -= 1;
            index[k] += 1;
            if index[k] < params[k].values.len() {
                break;
            }
            index[k] = 0;
        }
    }
    out
}

/// A finished run of one of the assignment's scenarios with the assigned settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AssignedRun {
    pub scenario: String,
    pub summary: Value,
    pub trace_hash: String,
}

/// A place in a scenario's run summary (`flows[1].goodput_bps`).
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Place {
    pub scenario: String,
    pub place: String,
}

/// One question's state.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct QuestionState {
    pub id: String,
    /// The scenario whose run it is checked against (a prediction is asked in its widget).
    pub scenario: String,
    /// The answer checked (verdict `no_expected` before its run).
    pub check: Checked,
    /// What the answer may be: `[min, max]`, either absent when unbounded.
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// The places its metric reads in the runs there are: the page shows no number at
    /// these places until the question is answered.
    pub places: Vec<Place>,
}

/// The state of a lesson's answers.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LessonState {
    /// One per question, in the assignment's order.
    pub questions: Vec<QuestionState>,
    pub score: f64,
    pub max_score: f64,
    /// The result code to hand in; null while the student id cannot hand in.
    pub code: Option<String>,
    /// The hand-in as a CSV the grader reads: `student, code, <question id> …`, one row.
    pub csv: Option<String>,
}

fn metric_places(runs: &[AssignedRun], scenario: &str, metric: &str) -> Vec<Place> {
    let p = metric.split_once(':').map_or(metric, |(_, p)| p);
    let run = runs.iter().find(|r| r.scenario == scenario);
    let (Some(run), Ok(segs)) = (run, path::parse(p)) else {
        return Vec::new();
    };
    path::locate(&run.summary, &segs)
        .into_iter()
        .map(|(place, _)| Place {
            scenario: scenario.to_string(),
            place,
        })
        .collect()
}

/// Check every answer (question id → text) against the assigned runs there are, and make
/// the result code.
pub fn lesson_state(
    a: &Assignment,
    student_text: &str,
    answers: &[(String, String)],
    runs: &[AssignedRun],
) -> LessonState {
    let lookup = |name: &str| -> Result<&Value, Problem> {
        runs.iter()
            .find(|r| r.scenario == name)
            .map(|r| &r.summary)
            .ok_or_else(|| Problem::new(ProblemCode::NoRun, "").with("scenario", name))
    };
    let mut state = LessonState {
        questions: Vec::new(),
        score: 0.0,
        max_score: a.max_score(),
        code: None,
        csv: None,
    };
    let mut numbers = Vec::new();
    for q in &a.questions {
        let text = answers
            .iter()
            .find(|(id, _)| *id == q.id)
            .map_or("", |(_, t)| t.as_str());
        let c = check::check_answer(q, text, check::expected(a, q, lookup));
        if c.verdict == Verdict::Correct {
            state.score += q.points();
        }
        if let Some(x) = check::parse_answer(text) {
            numbers.push((q.id.clone(), x));
        }
        let mut places = metric_places(runs, a.question_scenario(q), &q.metric);
        if let (Some(cmp), Some(sc)) = (&q.compare, a.compare_scenario(q)) {
            places.extend(metric_places(runs, sc, &cmp.metric));
        }
        let (min, max) = check::answer_range(q);
        state.questions.push(QuestionState {
            id: q.id.clone(),
            scenario: a.question_scenario(q).to_string(),
            check: c,
            min,
            max,
            places,
        });
    }
    if let Ok(id) = student::check(student_text) {
        let code = code::encode(&ResultCode {
            assignment: a.id.clone(),
            student: id.clone(),
            answers: numbers,
            hashes: runs
                .iter()
                .map(|r| (r.scenario.clone(), r.trace_hash.clone()))
                .collect(),
            model: Some(crate::MODEL_VERSION.to_string()),
        });
        let mut head = vec!["student".to_string(), "code".into()];
        let mut row = vec![id, code.clone()];
        for q in &a.questions {
            head.push(q.id.clone());
            let text = answers
                .iter()
                .find(|(i, _)| *i == q.id)
                .map_or("", |(_, t)| t);
            row.push(text.trim().to_string());
        }
        state.csv = Some(csv::line(&head) + &csv::line(&row));
        state.code = Some(code);
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn assignment() -> Assignment {
        Assignment::parse(
            r#"{"format": "tcplab-assignment/1", "id": "t", "title": "T",
                "scenarios": {"main": "x"},
                "variants": {"params": [{"path": "topology.links[b].delay_ms", "values": [5, 9]},
                                        {"path": "seed", "values": [3]}]},
                "controls": ["topology.links[b].delay_ms", "topology.links[b].rate_bps", "topology.links[b]"],
                "locked": [], "hidden": ["seed"],
                "questions": [
                  {"id": "g", "prompt": "Goodput?", "metric": "flows[f1].goodput_bps", "scale": 1e-6, "tolerance": {"rel": 0.01}},
                  {"id": "j", "prompt": "Jain?", "metric": "jain_index", "tolerance": {"abs": 0.01}, "predict": true}]}"#,
        )
        .unwrap()
    }

    fn base() -> Vec<(String, Value)> {
        vec![(
            "main".to_string(),
            json!({"seed": 1, "topology": {"links": [{"id": "b", "delay_ms": 1, "rate_bps": 10}]}}),
        )]
    }

    #[test]
    fn the_variant_locks_what_it_sets_and_hides_what_is_hidden() {
        let v = student_view(&assignment(), &base(), " S01 ");
        assert_eq!(v.student, "s01");
        assert_eq!(v.student_problem, None);
        let main = &v.scenarios[0];
        assert_eq!(main.scenario["seed"], json!(3));
        let delay = &main.scenario["topology"]["links"][0]["delay_ms"];
        assert_eq!(v.params[0].value, *delay);
        assert!(v.params[1].hidden);
        // The delay control and the link holding it are locked; the rate is not.
        assert_eq!(
            main.locked,
            ["topology.links[b].delay_ms", "topology.links[b]"]
        );
        let blank = student_view(&assignment(), &base(), "  ");
        assert_eq!(
            blank.student_problem.unwrap().code,
            ProblemCode::StudentEmpty
        );
    }

    #[test]
    fn answers_are_checked_and_their_places_named() {
        let a = assignment();
        let runs = [AssignedRun {
            scenario: "main".into(),
            summary: json!({"flows": [{"id": "f1", "goodput_bps": 9.5e6}], "jain_index": 1.0}),
            trace_hash: "00ff".into(),
        }];
        let answers = [
            ("g".to_string(), "9,5".to_string()),
            ("j".into(), "2".into()),
        ];
        let s = lesson_state(&a, "s01", &answers, &runs);
        assert_eq!(s.questions[0].check.verdict, Verdict::Correct);
        assert_eq!(s.questions[1].check.verdict, Verdict::OutOfRange);
        assert_eq!(
            (s.questions[1].min, s.questions[1].max),
            (Some(0.0), Some(1.0))
        );
        assert_eq!((s.score, s.max_score), (1.0, 1.0));
        assert_eq!(
            s.questions[0].places,
            [Place {
                scenario: "main".into(),
                place: "flows[0].goodput_bps".into()
            }]
        );
        let code = code::decode(s.code.as_deref().unwrap()).unwrap();
        assert_eq!(code.student, "s01");
        assert_eq!(code.hashes, [("main".to_string(), "00ff".to_string())]);
        assert!(lesson_state(&a, "", &answers, &runs).code.is_none());
        let csv = s.csv.unwrap();
        assert!(csv.starts_with("student,code,g,j\r\ns01,TL1."), "{csv}");
        assert!(csv.ends_with(",\"9,5\",2\r\n"), "{csv}");
        let none = lesson_state(&a, "s01", &answers, &[]);
        assert_eq!(none.questions[0].check.verdict, Verdict::NoExpected);
        let blank = lesson_state(&a, "s01", &[], &runs);
        assert_eq!(blank.questions[0].check.verdict, Verdict::Missing);
        assert_eq!(blank.questions[0].check.expected, Some(9.5));
    }

    #[test]
    fn the_answer_key_lists_every_combination() {
        let k = key_variants(&assignment(), &base());
        // 2 delays × 1 seed value.
        assert_eq!(k.len(), 2);
        assert_eq!(k[1].params[0].value, json!(9));
        assert_eq!(
            k[1].scenarios[0].scenario["topology"]["links"][0]["delay_ms"],
            json!(9)
        );
    }
}
