//! Columnar traces sampled on a fixed simulated-time grid. Rows are kept only
//! until drained (by the worker or the CLI), so memory stays bounded however
//! long the run; the hash covers every row ever recorded.

use super::hash::TraceHasher;
use serde::Serialize;

/// Describes one column of the trace.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Column {
    /// Unique key, such as `flow.f0.cwnd`.
    pub key: String,
    /// `time`, `flow`, `link` or `host`.
    #[cfg_attr(feature = "schema", schemars(with = "ColumnEntity"))]
    pub entity: &'static str,
    /// The flow id or `link-id:a>b` / `link-id:b>a`; empty for time.
    pub id: String,
    /// The quantity, such as `cwnd`.
    pub metric: String,
    pub unit: &'static str,
}

/// The entities a column can describe (the schema's name for [`Column::entity`]).
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum ColumnEntity {
    Time,
    Flow,
    Link,
    Host,
}

impl Column {
    pub fn new(entity: &'static str, id: &str, metric: &str, unit: &'static str) -> Self {
        let key = if id.is_empty() {
            metric.to_string()
        } else {
            format!("{entity}.{id}.{metric}")
        };
        Self {
            key,
            entity,
            id: id.to_string(),
            metric: metric.to_string(),
            unit,
        }
    }
}

pub struct Trace {
    columns: Vec<Column>,
    /// Rows not yet drained, row-major.
    pending: Vec<f64>,
    rows: u64,
    hasher: TraceHasher,
    /// NaN or infinite values that reached the trace (recorded as 0); a
    /// model bug whenever it is not 0 (tests and fuzzing assert it).
    non_finite: u64,
}

impl Trace {
    pub fn new(columns: Vec<Column>) -> Self {
        let mut hasher = TraceHasher::default();
        for c in &columns {
            hasher.bytes(c.key.as_bytes());
            hasher.bytes(&[0]);
        }
        Self {
            columns,
            pending: Vec::new(),
            rows: 0,
            hasher,
            non_finite: 0,
        }
    }

    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    pub fn width(&self) -> usize {
        self.columns.len()
    }

    /// Append one row; `row.len()` must equal the column count.
    pub fn push_row(&mut self, row: &[f64]) {
        debug_assert_eq!(row.len(), self.columns.len());
        for &v in row {
            // Traces carry no NaN or infinity (docs/reliability.md); map them to 0.
            let v = if v.is_finite() {
                v
            } else {
                self.non_finite += 1;
                0.0
            };
            self.hasher.value(v);
            self.pending.push(v);
        }
        self.rows += 1;
    }

    /// Rows recorded since the start of the run.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Values that were NaN or infinite when recorded (and stored as 0).
    pub fn non_finite_values(&self) -> u64 {
        self.non_finite
    }

    /// Take the rows recorded since the last drain (row-major).
    pub fn drain(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.pending)
    }

    /// Look at pending rows without taking them.
    pub fn pending(&self) -> &[f64] {
        &self.pending
    }

    pub fn hash(&self) -> String {
        self.hasher.hex()
    }
}
