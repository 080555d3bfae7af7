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
    }
    Ok(Pcaps { files })
}

impl Pcaps {
    /// Write the packets captured since the last call.
    pub fn write(&mut self, world: &mut World) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        for (i, flow, out) in &mut self.files {
            bytes.clear();
            pcap::write_records(flow, &world.drain_capture(*i), &mut bytes);
            out.write_all(&bytes)?;
            out.flush()?;
        }
        Ok(())
    }
}
