//! CSV in and out, the same for the page and the CLI. Reading takes what spreadsheets write:
//! a UTF-8 byte-order mark, CRLF, LF or CR line ends, `,`, `;` (the European export) or tab
//! between fields (the one the header uses most; Excel's `sep=;` first line is honoured),
//! quoted fields with `""` inside (RFC 4180). A file cut inside a quoted field keeps what was
//! read and says so. Writing follows RFC 4180 with `,`, and guards fields a spreadsheet would
//! run as formulas.

use crate::problem::{Problem, ProblemCode};

/// One row: the line it starts on (1 = the first line of the file) and its fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub line: usize,
    pub fields: Vec<String>,
}

/// The rows that are not blank, and what was wrong with the text.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    pub rows: Vec<Row>,
    pub problems: Vec<Problem>,
}

/// The delimiter of a file and where its rows start (after an Excel `sep=X` first line):
/// else the one of `,`, `;` and tab that the first line holds most often outside quotes
/// (`,` when none).
fn delimiter(text: &str) -> (char, usize) {
    let end = text.find(['\n', '\r']).unwrap_or(text.len());
    let first = &text[..end];
    if let Some(sep) = first.trim().strip_prefix("sep=") {
        let mut cs = sep.chars();
        if let (Some(c), None) = (cs.next(), cs.next()) {
            let rest = &text[end..];
            let eol = if rest.starts_with("\r\n") {
                2
            } else {
                usize::from(!rest.is_empty())
            };
            return (c, end + eol);
        }
    }
    let mut counts = [(',', 0usize), (';', 0), ('\t', 0)];
    let mut quoted = false;
    for c in first.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if !quoted {
            if let Some(k) = counts.iter_mut().find(|(d, _)| *d == c) {
                k.1 += 1;
            }
        }
    }
    let best = counts
        .iter()
        .fold((',', 0), |b, k| if k.1 > b.1 { *k } else { b });
    (best.0, 0)
}

/// Read CSV text.
pub fn read(text: &str) -> Table {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (sep, skip) = delimiter(text);
    let mut line = if skip > 0 { 2 } else { 1 };
    let text = &text[skip..];
    let mut table = Table::default();
    let (mut row, mut field) = (Vec::new(), String::new());
    let mut row_line = line;
    let mut quoted = false;
    let mut quote_line = line;
    let mut chars = text.chars().peekable();
    let end_row = |row: &mut Vec<String>, field: &mut String, at: usize, table: &mut Table| {
        row.push(std::mem::take(field));
        let fields = std::mem::take(row);
        if fields.iter().any(|f| !f.trim().is_empty()) {
            table.rows.push(Row { line: at, fields });
        }
    };
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    field.push('"');
                    chars.next();
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() => {
                field.clear();
                quoted = true;
                quote_line = line;
            }
            c if c == sep => row.push(std::mem::take(&mut field)),
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                end_row(&mut row, &mut field, row_line, &mut table);
                line += 1;
                row_line = line;
            }
            c => field.push(c),
        }
    }
    if quoted {
        table.problems.push(Problem::new(
            ProblemCode::CsvUnclosedQuote,
            format!("line {quote_line}"),
        ));
    }
    if !field.is_empty() || !row.is_empty() {
        end_row(&mut row, &mut field, row_line, &mut table);
    }
    table
}

/// One field as written: a leading `=`, `+`, `@` or a `-` that does not start a number gets a
/// `'` so a spreadsheet shows a student's text instead of running it as a formula; quoted
/// when it holds a comma, a quote or a line end.
pub fn field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '@', '\t', '\r'])
        || (s.starts_with('-') && s.parse::<f64>().is_err())
    {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// One line of fields, ended by `\r\n` (RFC 4180).
pub fn line(fields: &[String]) -> String {
    let mut out = fields
        .iter()
        .map(|f| field(f))
        .collect::<Vec<_>>()
        .join(",");
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(t: &Table) -> Vec<Vec<&str>> {
        t.rows
            .iter()
            .map(|r| r.fields.iter().map(String::as_str).collect())
            .collect()
    }

    #[test]
    fn quotes_line_ends_and_blank_rows() {
        let t = read("a,\"b,c\",\"d\"\"e\"\r\n\n1,2,3\r4,\"x\ny\",6");
        assert_eq!(
            fields(&t),
            [
                vec!["a", "b,c", "d\"e"],
                vec!["1", "2", "3"],
                vec!["4", "x\ny", "6"]
            ]
        );
        assert_eq!(t.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 3, 4]);
        assert!(t.problems.is_empty());
    }

    #[test]
    fn bom_semicolons_tabs_and_excels_sep_line() {
        let t = read("\u{feff}student;code\r\ns01;\"TL1.x;y\"\r\n");
        assert_eq!(
            fields(&t),
            [vec!["student", "code"], vec!["s01", "TL1.x;y"]]
        );
        let t = read("student\tq1\ns01\t0,5\n");
        assert_eq!(fields(&t), [vec!["student", "q1"], vec!["s01", "0,5"]]);
        let t = read("sep=;\r\nstudent;q1\r\ns01;3\r\n");
        assert_eq!(fields(&t), [vec!["student", "q1"], vec!["s01", "3"]]);
        assert_eq!(t.rows[0].line, 2);
        // One column: no delimiter at all.
        let t = read("code\nTL1.a.b\n");
        assert_eq!(fields(&t), [vec!["code"], vec!["TL1.a.b"]]);
    }

    #[test]
    fn a_file_cut_inside_quotes_keeps_what_was_read() {
        let t = read("student,code\ns01,\"TL1.abc");
        assert_eq!(
            fields(&t),
            [vec!["student", "code"], vec!["s01", "TL1.abc"]]
        );
        assert_eq!(t.problems[0].code, ProblemCode::CsvUnclosedQuote);
        assert_eq!(t.problems[0].path, "line 2");
    }

    #[test]
    fn written_fields_are_safe_in_a_spreadsheet() {
        assert_eq!(field("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(field("-2.5"), "-2.5");
        assert_eq!(field("-x"), "'-x");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("a;b"), "\"a;b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(line(&["a".into(), "b c".into()]), "a,b c\r\n");
    }
}
