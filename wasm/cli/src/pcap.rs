//! `tcplab run --pcap FLOW@sender|receiver OUT.pcap`: one capture per option,
//! each streamed to its file as the run advances, through the model's pcap
//! writer (sim::world::pcap), the one the page uses.

use sim::world::capture::CapturePoint;
use sim::world::pcap::{self, PcapFlow};
use sim::World;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

pub struct Pcaps {
    files: Vec<(usize, PcapFlow, BufWriter<File>)>,
    /// Each file's `FLOW@point` and path, and the packets its capture could
    /// not keep so far.
    names: Vec<(String, String, u64)>,
}

/// What to say when a capture could not keep `missed` packets: the capture
/// holds at most `capture::MAX_RECORDS` between two drains (one a simulated
/// second), so a faster flow's file has gaps.
pub fn missed_warning(target: &str, path: &str, missed: u64) -> Option<String> {
    (missed > 0).then(|| {
        format!(
            "warning: --pcap '{target}': {missed} packets are not in {path}: the capture keeps \
             at most {} packets per simulated second",
            sim::world::capture::MAX_RECORDS
        )
    })
}

/// Parse `FLOW@sender|receiver`.
fn parse_target(text: &str) -> Result<(&str, CapturePoint), String> {
    let (flow, at) = text
        .rsplit_once('@')
        .ok_or_else(|| format!("--pcap '{text}': write FLOW@sender or FLOW@receiver"))?;
    let point = CapturePoint::parse(at)
        .ok_or_else(|| format!("--pcap '{text}': capture point '{at}': use sender or receiver"))?;
    Ok((flow, point))
}

/// Start a capture in `world` for each (target, file) pair of `args` and
/// create the files. Bad targets exit 2 (usage), unwritable files exit 1.
pub fn open(world: &mut World, args: &[String]) -> Result<Pcaps, ExitCode> {
    let mut files = Vec::new();
    let mut names = Vec::new();
    for pair in args.chunks(2) {
        let [target, path] = pair else {
            eprintln!("error: --pcap takes FLOW@sender|receiver and OUT.pcap");
            return Err(ExitCode::from(2));
        };
        let (flow, point) = parse_target(target).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(2)
        })?;
        let i = world.capture(flow, point).map_err(|e| {
            eprintln!("error: --pcap '{target}': {e}");
            ExitCode::from(2)
        })?;
        let fail = |e: std::io::Error| {
            eprintln!("error: cannot write {path}: {e}");
            ExitCode::from(1)
        };
        let mut out = BufWriter::new(File::create(path).map_err(fail)?);
        out.write_all(&pcap::file_header()).map_err(fail)?;
        let flow = world
            .capture_pcap_flow(i)
            .expect("the capture was just added");
        files.push((i, flow, out));
        names.push((target.clone(), path.clone(), 0));
    }
    Ok(Pcaps { files, names })
}

impl Pcaps {
    /// Write the packets captured since the last call.
    pub fn write(&mut self, world: &mut World) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        for ((i, flow, out), (_, _, missed)) in self.files.iter_mut().zip(&mut self.names) {
            *missed = world.capture_missed_of(*i);
            bytes.clear();
            pcap::write_records(flow, &world.drain_capture(*i), &mut bytes);
            out.write_all(&bytes)?;
            out.flush()?;
        }
        Ok(())
    }

    /// Say on stderr which files lack packets the capture could not keep.
    pub fn report_missed(&self) {
        for (target, path, missed) in &self.names {
            if let Some(w) = missed_warning(target, path, *missed) {
                eprintln!("{w}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::missed_warning;

    #[test]
    fn a_capture_that_kept_everything_says_nothing_and_one_that_did_not_says_how_many() {
        assert_eq!(missed_warning("f1@sender", "a.pcap", 0), None);
        let w = missed_warning("f1@sender", "a.pcap", 1234).expect("a warning");
        assert!(w.contains("1234 packets are not in a.pcap"), "{w}");
        assert!(w.contains("f1@sender"), "{w}");
    }
}
