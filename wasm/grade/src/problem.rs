//! What can be wrong with an assignment, a metric, a result code, a students' CSV or a run:
//! a stable code, the place (a field path or a CSV line and column) and named parameters.
//! The page renders a problem in the reader's language from these three (its dictionaries
//! hold one sentence per code); the CLI and the grade CSV's `note` column use
//! [`Problem::english`]. A code is never renamed: add a new one instead.

use serde::{Serialize, Serializer};

/// One problem's code. The page has an English and a Japanese sentence for every code (a
/// test reads this list from the published schema and checks both dictionaries).
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ProblemCode {
    // The assignment document.
    /// The text is not JSON ({detail}: the parser's words, in English).
    JsonSyntax,
    /// A field this format does not have ({field}).
    UnknownField,
    /// A required field is absent ({field}).
    MissingField,
    /// A field of the wrong type ({expected}: text, number, whole number, list, object,
    /// true or false, a scenario name or object).
    WrongType,
    /// `format` is not the one this build reads ({expected}).
    WrongFormat,
    /// An id that is empty, too long or has characters other than letters, digits, - and _.
    BadId,
    /// The assignment names no scenario.
    NoScenarios,
    /// A scenario name with characters other than letters, digits, - and _ ({name}).
    BadScenarioName,
    /// A named scenario that the lab does not have ({name}).
    ScenarioNotFound,
    /// `variants.seed.min` is above `max`.
    SeedRange,
    /// A variant parameter with no values ({path}).
    NoValues,
    /// A variant parameter that reaches nothing in the scenario it names ({path}, {scenario}).
    VariantReachesNothing,
    /// A question id used twice ({id}).
    DuplicateQuestion,
    /// A question with neither `abs` nor `rel` ({id}).
    NoTolerance,
    /// A tolerance or scale that is negative or not finite.
    BadNumber,
    /// A question checked against a scenario the assignment does not have ({scenario}).
    UnknownScenario,
    /// A text given per language without English ({field}).
    NoEnglish,
    // Paths and metrics.
    /// An empty path.
    PathEmpty,
    /// A `[` without its `]` ({path}, {part}).
    PathUnclosed,
    /// `[]` ({path}, {part}).
    PathEmptySelector,
    /// An empty name between two dots ({path}).
    PathEmptyName,
    /// An aggregate other than sum, mean, min, max, count, jain ({aggregate}).
    UnknownAggregate,
    /// A comparison other than ratio or difference ({by}).
    UnknownComparison,
    /// The metric reaches nothing in the run summary ({metric}).
    MetricMissing,
    /// The metric reaches a value that is not a number ({metric}).
    MetricNotNumber,
    /// The metric reaches several values and has no aggregate ({metric}, {count}).
    MetricMany,
    /// A ratio whose denominator is zero ({metric}).
    DivisionByZero,
    // Answers.
    /// An answer that is not a number ({text}).
    NotNumber,
    /// An answer outside what the metric can be ({min}, {max}: either may be absent).
    OutOfRange,
    // Student ids.
    /// An empty student id.
    StudentEmpty,
    /// A student id longer than 64 characters.
    StudentTooLong,
    // Result codes.
    /// Text that does not start with `TL1.`.
    CodePrefix,
    /// A code without its check digits (cut off when copied?).
    CodeNoChecksum,
    /// A code whose check digits do not match (changed, or copied incompletely).
    CodeChecksum,
    /// A code whose payload is not base64url or not the expected JSON.
    CodePayload,
    /// A code made for another assignment ({assignment}).
    CodeOtherAssignment,
    /// A code made by another student ({student}).
    CodeOtherStudent,
    /// A code made by another model version ({theirs}) than the grader's ({ours}): its runs
    /// may differ from the grader's for that reason alone.
    CodeOtherModel,
    // The students' CSV.
    /// The CSV has no rows.
    CsvEmpty,
    /// The header has neither a `student` nor a `code` column.
    CsvNoStudentColumn,
    /// The header has no column for these questions and no `code` column ({questions}).
    CsvMissingColumns,
    /// A quoted field is not closed before the end of the file.
    CsvUnclosedQuote,
    /// A row with fewer fields than the header ({fields}, {expected}).
    CsvShortRow,
    /// A row that names no student: no id, and no readable code.
    CsvNoStudent,
    /// The same student (after normalising the id) on more than one row ({student}, {lines}).
    CsvDuplicateStudent,
    // Runs.
    /// A scenario of the student's variant could not be run ({scenario}, {detail}).
    RunFailed,
    /// The code's trace hash of a scenario is not the student's variant's ({scenario}; the
    /// code's hash {theirs}, the grader's run's {ours}).
    TraceMismatch,
    /// The code holds no run of a scenario with the assigned settings ({scenario}).
    NoRun,
}

impl ProblemCode {
    /// Every code, in declaration order.
    pub const ALL: [ProblemCode; 48] = {
        use ProblemCode::*;
        [
            JsonSyntax,
            UnknownField,
            MissingField,
            WrongType,
            WrongFormat,
            BadId,
            NoScenarios,
            BadScenarioName,
            ScenarioNotFound,
            SeedRange,
            NoValues,
            VariantReachesNothing,
            DuplicateQuestion,
            NoTolerance,
            BadNumber,
            UnknownScenario,
            NoEnglish,
            PathEmpty,
            PathUnclosed,
            PathEmptySelector,
            PathEmptyName,
            UnknownAggregate,
            UnknownComparison,
            MetricMissing,
            MetricNotNumber,
            MetricMany,
            DivisionByZero,
            NotNumber,
            OutOfRange,
            StudentEmpty,
            StudentTooLong,
            CodePrefix,
            CodeNoChecksum,
            CodeChecksum,
            CodePayload,
            CodeOtherAssignment,
            CodeOtherStudent,
            CodeOtherModel,
            CsvEmpty,
            CsvNoStudentColumn,
            CsvMissingColumns,
            CsvUnclosedQuote,
            CsvShortRow,
            CsvNoStudent,
            CsvDuplicateStudent,
            RunFailed,
            TraceMismatch,
            NoRun,
        ]
    };
}

/// A problem: its code, where it is, and the values its sentence names.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Problem {
    pub code: ProblemCode,
    /// A field path in the assignment (`questions[2].tolerance`), a place in the CSV
    /// (`line 4, code`), or empty for the whole input.
    pub path: String,
    /// Name → value, as a JSON object (kept as a list: a map type of its own would cost
    /// the page's WASM more than it saves).
    #[serde(serialize_with = "pairs")]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "std::collections::BTreeMap<String, String>")
    )]
    pub params: Vec<(String, String)>,
}

/// Name–value pairs written as a JSON object.
pub fn pairs<S: Serializer>(v: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(v.iter().map(|(k, x)| (k, x)))
}

impl Problem {
    pub fn new(code: ProblemCode, path: impl Into<String>) -> Self {
        Self {
            code,
            path: path.into(),
            params: Vec::new(),
        }
    }

    /// Add a parameter (names in alphabetical order, so equal problems compare equal).
    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        let at = self.params.partition_point(|(k, _)| k.as_str() < name);
        self.params.insert(at, (name.into(), value.to_string()));
        self
    }

    /// A parameter's value.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Prefix the path (`questions[1]` + `metric`).
    pub fn at(mut self, prefix: &str) -> Self {
        self.path = match (prefix.is_empty(), self.path.is_empty()) {
            (true, _) => self.path,
            (false, true) => prefix.to_string(),
            (false, false) if self.path.starts_with('[') => format!("{prefix}{}", self.path),
            (false, false) => format!("{prefix}.{}", self.path),
        };
        self
    }

    fn p(&self, name: &str) -> &str {
        self.param(name).unwrap_or("")
    }

    /// The sentence in English (the CLI's messages and the grade CSV's notes; the page has
    /// its own dictionaries, checked against these).
    pub fn english(&self) -> String {
        use ProblemCode::*;
        let p = |n| self.p(n);
        let s = match self.code {
            JsonSyntax => format!("not JSON: {}", p("detail")),
            UnknownField => format!("unknown field '{}'", p("field")),
            MissingField => format!("missing field '{}'", p("field")),
            WrongType => format!("must be {}", p("expected")),
            WrongFormat => format!("format must be \"{}\"", p("expected")),
            BadId => "use 1 to 64 letters, digits, - and _".into(),
            NoScenarios => "the assignment names no scenario".into(),
            BadScenarioName => format!(
                "scenario name '{}': letters, digits, - and _ only",
                p("name")
            ),
            ScenarioNotFound => format!("there is no scenario '{}'", p("name")),
            SeedRange => "min must not exceed max".into(),
            NoValues => format!("'{}' needs at least one value", p("path")),
            VariantReachesNothing => {
                format!(
                    "'{}' reaches nothing in scenario '{}'",
                    p("path"),
                    p("scenario")
                )
            }
            DuplicateQuestion => format!("question id '{}' is used twice", p("id")),
            NoTolerance => format!("question '{}' needs a tolerance (abs or rel)", p("id")),
            BadNumber => "must be a finite number ≥ 0".into(),
            UnknownScenario => format!("the assignment has no scenario '{}'", p("scenario")),
            NoEnglish => format!("'{}' needs an English text (en)", p("field")),
            PathEmpty => "the path is empty".into(),
            PathUnclosed => format!(
                "'{}': '[' without a closing ']' in '{}'",
                p("path"),
                p("part")
            ),
            PathEmptySelector => format!("'{}': empty selector in '{}'", p("path"), p("part")),
            PathEmptyName => format!("'{}': empty name", p("path")),
            UnknownAggregate => format!(
                "unknown aggregate '{}:' (sum, mean, min, max, count, jain)",
                p("aggregate")
            ),
            UnknownComparison => format!("unknown comparison '{}' (ratio, difference)", p("by")),
            MetricMissing => format!("'{}' reaches nothing in the run summary", p("metric")),
            MetricNotNumber => format!("'{}' reaches a value that is not a number", p("metric")),
            MetricMany => format!(
                "'{}' reaches {} values: add sum:, mean:, min:, max:, count: or jain:",
                p("metric"),
                p("count")
            ),
            DivisionByZero => format!("'{}' is zero, so the ratio has no value", p("metric")),
            NotNumber => format!("'{}' is not a number", p("text")),
            OutOfRange => match (self.param("min"), self.param("max")) {
                (Some(lo), Some(hi)) => format!("must be between {lo} and {hi}"),
                (Some(lo), None) => format!("must be at least {lo}"),
                (None, Some(hi)) => format!("must be at most {hi}"),
                (None, None) => "is outside what this metric can be".into(),
            },
            StudentEmpty => "the student id is empty".into(),
            StudentTooLong => "the student id is longer than 64 characters".into(),
            CodePrefix => "not a result code (it does not start with TL1.)".into(),
            CodeNoChecksum => "the result code has no check digits (cut off?)".into(),
            CodeChecksum => {
                "the result code's check digits do not match (changed or copied incompletely)"
                    .into()
            }
            CodePayload => "the result code is damaged (its content cannot be read)".into(),
            CodeOtherAssignment => {
                format!("the code is for another assignment ('{}')", p("assignment"))
            }
            CodeOtherStudent => format!("the code is for another student ('{}')", p("student")),
            CodeOtherModel => format!(
                "the code was made by model version {}, this grader runs {}: its runs may differ for that reason",
                p("theirs"),
                p("ours")
            ),
            CsvEmpty => "the CSV has no rows".into(),
            CsvNoStudentColumn => "the CSV needs a 'student' or a 'code' column".into(),
            CsvMissingColumns => format!(
                "no column for {} and no code column: those answers count as missing",
                p("questions")
            ),
            CsvUnclosedQuote => "a quoted field is not closed (the file is cut off?)".into(),
            CsvShortRow => format!(
                "the row has {} fields, the header {}",
                p("fields"),
                p("expected")
            ),
            CsvNoStudent => "the row names no student (no id, and no readable code)".into(),
            CsvDuplicateStudent => {
                format!("student '{}' appears on lines {}", p("student"), p("lines"))
            }
            RunFailed => format!(
                "scenario '{}' could not run: {}",
                p("scenario"),
                p("detail")
            ),
            TraceMismatch => format!(
                "the code's run of '{}' is not this student's variant (trace hash {} in the code, {} here)",
                p("scenario"),
                p("theirs"),
                p("ours")
            ),
            NoRun => format!(
                "the code holds no run of '{}' with the assigned settings",
                p("scenario")
            ),
        };
        if self.path.is_empty() {
            s
        } else {
            format!("{}: {s}", self.path)
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code with every parameter set to its own name in angle brackets (and the range
    /// with one bound), and its English: the page's English dictionary must say the same
    /// (tests/unit/problems.test.ts). Rewritten with TCPLAB_UPDATE_FIXTURES=1.
    #[test]
    fn the_english_fixture_is_current() {
        const PARAMS: [&str; 22] = [
            "aggregate",
            "assignment",
            "by",
            "count",
            "detail",
            "expected",
            "field",
            "fields",
            "id",
            "lines",
            "max",
            "metric",
            "min",
            "name",
            "ours",
            "part",
            "path",
            "questions",
            "scenario",
            "student",
            "text",
            "theirs",
        ];
        let mut cases = Vec::new();
        for code in ProblemCode::ALL {
            let mut p = Problem::new(code, "<at>");
            for n in PARAMS {
                p = p.with(n, format!("<{n}>"));
            }
            cases.push(p);
        }
        for keep in [&["min"][..], &["max"], &[]] {
            let mut p = Problem::new(ProblemCode::OutOfRange, "");
            p.params.retain(|_| false);
            for n in keep {
                p = p.with(n, format!("<{n}>"));
            }
            cases.push(p);
        }
        let list: Vec<serde_json::Value> = cases
            .iter()
            .map(|p| serde_json::json!({"problem": p, "english": p.english()}))
            .collect();
        let text = serde_json::to_string_pretty(&list).unwrap() + "\n";
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/lessons/problems.json"
        );
        if std::env::var_os("TCPLAB_UPDATE_FIXTURES").is_some() {
            std::fs::write(file, &text).unwrap();
        }
        assert!(
            std::fs::read_to_string(file).unwrap_or_default() == text,
            "tests/fixtures/lessons/problems.json is stale: run \
             TCPLAB_UPDATE_FIXTURES=1 cargo test -p tcplab-grade english_fixture"
        );
    }

    #[test]
    fn paths_join_with_dots_and_brackets() {
        let p = Problem::new(ProblemCode::NoValues, "values").at("variants.params[0]");
        assert_eq!(p.path, "variants.params[0].values");
        let p = Problem::new(ProblemCode::NoValues, "[2]").at("questions");
        assert_eq!(p.path, "questions[2]");
        let p = Problem::new(ProblemCode::CsvEmpty, "").at("");
        assert_eq!(p.path, "");
    }

    #[test]
    fn english_names_the_place_and_the_values() {
        let p = Problem::new(ProblemCode::MetricMany, "questions[0].metric")
            .with("metric", "flows[*].goodput_bps")
            .with("count", 2);
        assert_eq!(
            p.english(),
            "questions[0].metric: 'flows[*].goodput_bps' reaches 2 values: add sum:, mean:, min:, max:, count: or jain:"
        );
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"code":"metric_many","path":"questions[0].metric","params":{"count":"2","metric":"flows[*].goodput_bps"}}"#
        );
    }
}
