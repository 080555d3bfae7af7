//! Student ids as the page, the result code and the grader all read them: `S01`, ` s01 ` and
//! `ｓ０１` are the same student. [`normalise`] is the one rule; variants are derived from the
//! normalised id, so a student who types their id differently still meets the same variant.

use crate::problem::{Problem, ProblemCode};

/// Longest id accepted, in characters (ids go into CSV files and result codes).
pub const MAX_CHARS: usize = 64;

/// The id a student means: control and invisible formatting characters removed, full-width
/// letters, digits and punctuation (U+FF01–U+FF5E, typed with a Japanese input method) and
/// the ideographic space read as their ASCII forms, runs of white space as one space,
/// trimmed, and lower-cased ([`lower`]).
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        let c = match c as u32 {
            0xff01..=0xff5e => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            0x3000 => ' ',
            _ => c,
        };
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() || is_format(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(lower(c));
    }
    out
}

/// A capital letter of the alphabets ids are written in as its small letter: ASCII, Latin-1
/// (À–Þ but ×), Greek (Α–Ω) and Cyrillic (Ѐ–Я); others as they are. A fixed rule rather
/// than Unicode's case tables, which would add 20 KB to the page's WASM.
pub fn lower(c: char) -> char {
    let u = c as u32;
    let small = match u {
        0x41..=0x5a | 0xc0..=0xd6 | 0xd8..=0xde | 0x391..=0x3a1 | 0x3a3..=0x3a9 => u + 0x20,
        0x410..=0x42f => u + 0x20,
        0x400..=0x40f => u + 0x50,
        _ => u,
    };
    char::from_u32(small).unwrap_or(c)
}

/// Invisible formatting characters (zero-width space and joiners, the byte-order mark, bidi
/// controls) that a copy and paste can carry into an id.
fn is_format(c: char) -> bool {
    matches!(c as u32, 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2064 | 0xfeff)
}

/// The normalised id, or why it cannot be one (empty, or too long).
pub fn check(text: &str) -> Result<String, Problem> {
    let id = normalise(text);
    if id.is_empty() {
        Err(Problem::new(ProblemCode::StudentEmpty, ""))
    } else if id.chars().count() > MAX_CHARS {
        Err(Problem::new(ProblemCode::StudentTooLong, ""))
    } else {
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_spaces_and_full_width_forms_do_not_make_another_student() {
        assert_eq!(normalise("S01"), "s01");
        assert_eq!(normalise("  s01\t"), "s01");
        assert_eq!(normalise("ｓ０１"), "s01");
        assert_eq!(normalise("Ｓ０１"), "s01");
        assert_eq!(normalise("山田\u{3000}花子"), "山田 花子");
        assert_eq!(normalise("Anna  Maria"), "anna maria");
        assert_eq!(normalise("\u{feff}s01\u{200b}"), "s01");
        assert_eq!(normalise("ÉLÈVE-7"), "élève-7");
        assert_eq!(normalise("ΣΩ Ёж"), "σω ёж");
        assert_eq!(normalise("×Ω"), "×ω");
    }

    #[test]
    fn blank_and_overlong_ids_are_refused() {
        assert_eq!(
            check("  \u{3000} ").unwrap_err().code,
            ProblemCode::StudentEmpty
        );
        assert_eq!(
            check(&"x".repeat(65)).unwrap_err().code,
            ProblemCode::StudentTooLong
        );
        assert_eq!(check(&"x".repeat(64)).unwrap(), "x".repeat(64));
    }
}
