//! JSON for the page written into a string allocated once, at its exact length. Serialised into a
//! buffer that doubles as it fills, the old and the new buffer are held at once, and wasm memory
//! keeps its largest size for the rest of the run: the column list of 1,000 flows (41,000
//! columns, 4 MB of JSON) and their summary (6 MB) grew the simulation worker's memory by 15 and
//! 8 MB. Two passes: one counts the bytes, one writes them.

use serde::Serialize;

/// Counts the bytes written to it.
struct Count(usize);

impl std::io::Write for Count {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `serde_json::to_string(v)`, allocated once.
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> String {
    let mut count = Count(0);
    serde_json::to_writer(&mut count, v).expect("value serialises");
    let mut out = Vec::with_capacity(count.0);
    serde_json::to_writer(&mut out, v).expect("value serialises");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// `serde_json::to_string_pretty(v)` (two-space indent), allocated once.
pub fn to_string_pretty<T: Serialize + ?Sized>(v: &T) -> String {
    let mut count = Count(0);
    serde_json::to_writer_pretty(&mut count, v).expect("value serialises");
    let mut out = Vec::with_capacity(count.0);
    serde_json::to_writer_pretty(&mut out, v).expect("value serialises");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::trace::Column;

    #[test]
    fn the_same_json_as_serde_json_at_its_exact_length() {
        let columns: Vec<Column> = (0..300)
            .map(|i| Column {
                key: format!("flow.f{i}.cwnd"),
                entity: "flow",
                id: format!("f{i}"),
                metric: "cwnd \"é\"".to_string(),
                unit: "segments",
            })
            .collect();
        let json = to_string(&columns);
        assert_eq!(json, serde_json::to_string(&columns).unwrap());
        assert_eq!(json.capacity(), json.len());
        let pretty = to_string_pretty(&columns);
        assert_eq!(pretty, serde_json::to_string_pretty(&columns).unwrap());
        assert_eq!(pretty.capacity(), pretty.len());
        assert_eq!(to_string(&[] as &[Column]), "[]");
    }
}
