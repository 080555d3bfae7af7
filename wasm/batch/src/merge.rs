//! Joining the CSV files of a sharded sweep (`tcplab sweep --merge part-*.csv`) into the
//! file one unsharded run writes: the same header, the rows in point order. Every part must
//! have that header; a point found twice, or a gap in the points, is an error naming the
//! file. Rows are kept byte for byte (the point number is their first field).

use std::collections::BTreeMap;

/// One part: its name (for errors) and its text.
pub struct Part<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// The merged file, or what is wrong. `expect`: the sweep's number of points, when known.
pub fn merge(parts: &[Part], expect: Option<usize>) -> Result<String, String> {
    let Some(first) = parts.first() else {
        return Err("--merge: give the part files".into());
    };
    let header = first.text.lines().next().unwrap_or("");
    if !header.starts_with("point,") {
        return Err(format!(
            "{}: not a sweep CSV (its header does not start with point)",
            first.name
        ));
    }
    let mut rows: BTreeMap<usize, (&str, &str)> = BTreeMap::new();
    for part in parts {
        let mut lines = part.text.lines();
        if lines.next() != Some(header) {
            return Err(format!(
                "{}: its header differs from {}'s: are they parts of the same sweep?",
                part.name, first.name
            ));
        }
        for (n, line) in lines.enumerate() {
            if line.is_empty() {
                continue;
            }
            let index: usize = line
                .split(',')
                .next()
                .and_then(|p| p.parse().ok())
                .ok_or_else(|| format!("{} line {}: no point number", part.name, n + 2))?;
            if let Some((other, _)) = rows.insert(index, (part.name, line)) {
                return Err(format!(
                    "point {index} is in both {other} and {}",
                    part.name
                ));
            }
        }
    }
    let count = expect.unwrap_or_else(|| rows.keys().next_back().map_or(0, |k| k + 1));
    if let Some(missing) = (0..count).find(|i| !rows.contains_key(i)) {
        let have = rows.len();
        return Err(format!(
            "point {missing} is in no part ({have} of {count} points found): is a part missing?"
        ));
    }
    if let Some((&extra, (file, _))) = rows.range(count..).next() {
        return Err(format!(
            "{file}: point {extra} is beyond the sweep's {count} points"
        ));
    }
    let mut out = String::with_capacity(parts.iter().map(|p| p.text.len()).sum());
    out.push_str(header);
    out.push('\n');
    for (_, line) in rows.values() {
        out.push_str(line);
        out.push('\n');
    }
    Ok(out)
}
