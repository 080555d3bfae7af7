//! JSON for the page written into a string allocated once, at its exact length. Serialised into a
//! buffer that doubles as it fills, the old and the new buffer are held at once, and wasm memory
//! keeps its largest size for the rest of the run: the column list of 1,000 flows (41,000
//! columns, 4 MB of JSON) and their summary (6 MB) grew the simulation worker's memory by 15 and
//! 8 MB. Two passes: one counts the bytes, one writes them.

use serde::Serialize;

/// Where a pass writes: first only counting the bytes, then into the buffer of that size. One
/// writer type for both passes, so serde_json's serialiser is instantiated once per value type
/// (two writer types doubled that code in the .wasm).
enum Sink {
    Count(usize),
    Write(Vec<u8>),
}

impl std::io::Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Count(n) => *n += bytes.len(),
            Sink::Write(out) => out.extend_from_slice(bytes),
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `write` twice: to count the bytes, then into a buffer allocated at that length.
fn exact(write: impl Fn(&mut Sink)) -> String {
    let mut sink = Sink::Count(0);
    write(&mut sink);
    let Sink::Count(len) = sink else {
        unreachable!("the first pass counts")
    };
    let mut sink = Sink::Write(Vec::with_capacity(len));
    write(&mut sink);
    let Sink::Write(out) = sink else {
        unreachable!("the second pass writes")
    };
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// `serde_json::to_string(v)`, allocated once.
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> String {
    exact(|sink| serde_json::to_writer(sink, v).expect("value serialises"))
}

/// `serde_json::to_string_pretty(v)` (two-space indent), allocated once.
pub fn to_string_pretty<T: Serialize + ?Sized>(v: &T) -> String {
    exact(|sink| serde_json::to_writer_pretty(sink, v).expect("value serialises"))
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
