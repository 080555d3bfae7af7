//! Writes traces as CSV (`tcplab run --csv DIR`, `Run.to_csv` in Python): one file per flow
//! and per link direction, each with a header row, streamed as rows are drained.

use sim::metrics::trace::Column;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

struct Target {
    out: BufWriter<File>,
    /// Column indices written to this file (time first).
    cols: Vec<usize>,
}

pub struct TraceCsv {
    width: usize,
    targets: Vec<Target>,
}

/// A file name safe on every OS: `flow-f0.csv`, `link-bottleneck-a_b.csv`.
pub fn file_name(entity: &str, id: &str) -> String {
    let safe: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{entity}-{safe}.csv")
}

/// One CSV file's worth of columns: its name and, for each column, its header and index.
pub struct Group {
    pub file: String,
    pub columns: Vec<(String, usize)>,
}

/// The trace columns grouped by flow and link direction, in order: the files
/// `tcplab run --csv` writes and their columns (time, `t_s`, first in each).
pub fn groups(columns: &[Column]) -> Vec<Group> {
    let mut keyed: Vec<(&str, &str, Vec<usize>)> = Vec::new();
    for (i, c) in columns.iter().enumerate().skip(1) {
        match keyed
            .iter_mut()
            .find(|(e, id, _)| *e == c.entity && *id == c.id)
        {
            Some(g) => g.2.push(i),
            None => keyed.push((c.entity, &c.id, vec![i])),
        }
    }
    keyed
        .into_iter()
        .map(|(entity, id, idx)| Group {
            file: file_name(entity, id),
            columns: std::iter::once(("t_s".to_string(), 0))
                .chain(idx.into_iter().map(|i| {
                    let c = &columns[i];
                    (format!("{}_{}", c.metric, unit_suffix(c.unit)), i)
                }))
                .collect(),
        })
        .collect()
}

impl TraceCsv {
    pub fn create(dir: &str, columns: &[Column]) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let mut targets = Vec::new();
        for g in groups(columns) {
            let mut out = BufWriter::new(File::create(Path::new(dir).join(&g.file))?);
            let header: Vec<&str> = g.columns.iter().map(|(h, _)| h.as_str()).collect();
            writeln!(out, "{}", header.join(","))?;
            let cols = g.columns.iter().map(|(_, i)| *i).collect();
            targets.push(Target { out, cols });
        }
        Ok(Self {
            width: columns.len(),
            targets,
        })
    }

    pub fn write_rows(&mut self, rows: &[f64]) -> std::io::Result<()> {
        for row in rows.chunks_exact(self.width) {
            for t in &mut self.targets {
                let line: Vec<String> = t.cols.iter().map(|&i| row[i].to_string()).collect();
                writeln!(t.out, "{}", line.join(","))?;
            }
        }
        for t in &mut self.targets {
            t.out.flush()?;
        }
        Ok(())
    }
}

pub fn unit_suffix(unit: &str) -> &str {
    match unit {
        "b/s" => "bps",
        "enum" => "code",
        u => u,
    }
}
