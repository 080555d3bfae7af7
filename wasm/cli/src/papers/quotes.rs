//! Quoted numbers: a quote's template ("Jain {jain} with CoDel") must occur exactly once in
//! its file, with a number where each placeholder is. `find` locates it and reads the numbers
//! there; `rewrite` puts the model's numbers in their place. Matching is on the file's raw
//! text (in a JSON file, inside its string), so a template holds no JSON escapes.

use super::spec::Piece;

/// One occurrence of a template: for each placeholder, its byte range and the text there.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub numbers: Vec<(std::ops::Range<usize>, String)>,
}

/// The length of a number at the start of `s`: `-`, digits, optionally `.` and digits
/// (or the word `none`, which the report writes for a sweep with no point above its reference).
fn number_len(s: &str) -> usize {
    if s.starts_with("none") {
        return 4;
    }
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int = digits(i);
    if int == 0 {
        return 0;
    }
    i += int;
    if b.get(i) == Some(&b'.') {
        let frac = digits(i + 1);
        if frac > 0 {
            i += 1 + frac;
        }
    }
    i
}

/// Try to match `pieces` at byte `at` of `text`.
fn match_at(text: &str, at: usize, pieces: &[Piece]) -> Option<Found> {
    let mut pos = at;
    let mut numbers = Vec::new();
    for p in pieces {
        match p {
            Piece::Text(t) => {
                if !text[pos..].starts_with(t.as_str()) {
                    return None;
                }
                pos += t.len();
            }
            Piece::Value(_) => {
                let n = number_len(&text[pos..]);
                if n == 0 {
                    return None;
                }
                numbers.push((pos..pos + n, text[pos..pos + n].to_string()));
                pos += n;
            }
        }
    }
    Some(Found { numbers })
}

/// Every occurrence of the template in `text`.
pub fn find(text: &str, pieces: &[Piece]) -> Vec<Found> {
    let starts: Vec<usize> = match pieces.first() {
        Some(Piece::Text(t)) => text.match_indices(t.as_str()).map(|(i, _)| i).collect(),
        // Starting with a number: try where a number token could start (not inside a word
        // or another number).
        _ => {
            let mut prev = ' ';
            let mut starts = Vec::new();
            for (i, c) in text.char_indices() {
                let starts_token = c.is_ascii_digit() || c == '-' || c == 'n';
                if starts_token && !(prev.is_alphanumeric() || prev == '.' || prev == '-') {
                    starts.push(i);
                }
                prev = c;
            }
            starts
        }
    };
    starts
        .into_iter()
        .filter_map(|s| match_at(text, s, pieces))
        .collect()
}

/// `text` with the numbers of `found` replaced by `numbers` (in placeholder order).
pub fn rewrite(text: &str, found: &Found, numbers: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for ((range, _), n) in found.numbers.iter().zip(numbers) {
        out.push_str(&text[last..range.start]);
        out.push_str(n);
        last = range.end;
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::super::spec::pieces;
    use super::*;

    #[test]
    fn a_template_finds_its_numbers() {
        let p = pieces("Jain {a}, CUBIC {b} Mb/s").unwrap();
        let text = "This lab: Jain 0.948, CUBIC 40 Mb/s. Elsewhere Jain 1, CUBIC x Mb/s.";
        let f = find(text, &p);
        assert_eq!(f.len(), 1);
        let nums: Vec<&str> = f[0].numbers.iter().map(|n| n.1.as_str()).collect();
        assert_eq!(nums, ["0.948", "40"]);
        let out = rewrite(text, &f[0], &["0.951".into(), "41.5".into()]);
        assert_eq!(
            out,
            "This lab: Jain 0.951, CUBIC 41.5 Mb/s. Elsewhere Jain 1, CUBIC x Mb/s."
        );
    }

    #[test]
    fn numbers_are_whole_tokens() {
        let p = pieces("{a} s").unwrap();
        assert_eq!(find("gaps of -12.5 s", &p).len(), 1);
        assert_eq!(find("gaps of none s", &p)[0].numbers[0].1, "none");
        // "12." is the number 12 followed by a full stop.
        let p = pieces("of {a}.").unwrap();
        assert_eq!(find("of 12.", &p)[0].numbers[0].1, "12");
        assert!(find("of x.", &p).is_empty());
    }

    #[test]
    fn two_occurrences_are_both_found() {
        let p = pieces("Jain {a}").unwrap();
        assert_eq!(find("Jain 1 and Jain 2", &p).len(), 2);
    }
}
