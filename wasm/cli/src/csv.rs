//! Writes traces as CSV: one file per flow and per link direction, each with a
//! header row, streamed as rows are drained.

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
fn file_name(entity: &str, id: &str) -> String {
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

impl TraceCsv {
    pub fn create(dir: &str, columns: &[Column]) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let mut groups: Vec<(String, String, Vec<usize>)> = Vec::new();
        for (i, c) in columns.iter().enumerate().skip(1) {
            match groups
                .iter_mut()
                .find(|(e, id, _)| e == c.entity && *id == c.id)
            {
                Some(g) => g.2.push(i),
                None => groups.push((c.entity.to_string(), c.id.clone(), vec![i])),
            }
        }
        let mut targets = Vec::new();
        for (entity, id, idx) in groups {
            let mut out =
                BufWriter::new(File::create(Path::new(dir).join(file_name(&entity, &id)))?);
            let header: Vec<String> =
                std::iter::once("t_s".to_string())
                    .chain(idx.iter().map(|&i| {
                        format!("{}_{}", columns[i].metric, unit_suffix(columns[i].unit))
                    }))
                    .collect();
            writeln!(out, "{}", header.join(","))?;
            let mut cols = vec![0];
            cols.extend(idx);
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

fn unit_suffix(unit: &str) -> &str {
    match unit {
        "b/s" => "bps",
        "enum" => "code",
        u => u,
    }
}
