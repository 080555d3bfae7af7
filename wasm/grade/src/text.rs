//! Text a student or teacher reads (titles, prompts, hints, units), either one string or one
//! per language: `"Goodput?"` or `{"en": "Goodput?", "ja": "グッドプット?"}`. English is
//! required; the page shows the reader's language and falls back to English per string.

use serde::Serialize;
use serde_json::Value;

use crate::problem::{Problem, ProblemCode};

#[derive(Serialize, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Text {
    Plain(String),
    /// Language code (`en`, `ja`) → text; `en` is required.
    #[serde(serialize_with = "crate::problem::pairs")]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "std::collections::BTreeMap<String, String>")
    )]
    ByLang(Vec<(String, String)>),
}

impl Text {
    /// The English text.
    pub fn english(&self) -> &str {
        match self {
            Text::Plain(s) => s,
            Text::ByLang(m) => m
                .iter()
                .find(|(l, _)| l == "en")
                .map_or("", |(_, t)| t.as_str()),
        }
    }

    /// Read a text at `path`.
    pub fn read(v: &Value, path: &str) -> Result<Text, Problem> {
        match v {
            Value::String(s) => Ok(Text::Plain(s.clone())),
            Value::Object(m) => {
                let mut out = Vec::new();
                for (lang, t) in m {
                    let Some(t) = t.as_str() else {
                        return Err(
                            Problem::new(ProblemCode::WrongType, format!("{path}.{lang}"))
                                .with("expected", "text"),
                        );
                    };
                    out.push((lang.clone(), t.to_string()));
                }
                if !m.contains_key("en") {
                    return Err(Problem::new(ProblemCode::NoEnglish, path).with("field", path));
                }
                Ok(Text::ByLang(out))
            }
            _ => Err(Problem::new(ProblemCode::WrongType, path)
                .with("expected", "text, or text per language")),
        }
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::Plain(String::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_string_or_one_per_language_with_english() {
        assert_eq!(Text::read(&json!("Hi"), "t").unwrap().english(), "Hi");
        let t = Text::read(&json!({"en": "Hi", "ja": "やあ"}), "t").unwrap();
        assert_eq!(t.english(), "Hi");
        let e = Text::read(&json!({"ja": "やあ"}), "title").unwrap_err();
        assert_eq!(e.code, ProblemCode::NoEnglish);
        let e = Text::read(&json!({"en": 3}), "title").unwrap_err();
        assert_eq!(e.path, "title.en");
        assert!(Text::read(&json!(3), "t").is_err());
    }
}
