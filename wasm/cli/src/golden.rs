//! `tcplab golden [--update] [FILE]`: run every scenario listed in the golden
//! file (tests/golden/expected.json: name → {scenario, trace_hash}, scenario
//! paths relative to the golden file's repository root, i.e. its grandparent
//! directory) and compare, or with --update rewrite, the hashes.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(args: crate::args::Golden) -> ExitCode {
    let (update, file) = (args.update, args.file.as_str());
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut doc: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let root: PathBuf = Path::new(file)
        .canonicalize()
        .ok()
        .and_then(|p| p.parent()?.parent()?.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| PathBuf::from("."));
    let Some(entries) = doc.as_object_mut() else {
        eprintln!("error: {file}: expected an object of name → {{scenario, trace_hash}}");
        return ExitCode::from(2);
    };
    let mut differ = 0;
    for (name, entry) in entries.iter_mut() {
        let Some(rel) = entry.get("scenario").and_then(Value::as_str) else {
            eprintln!("error: {file}: {name}.scenario: missing");
            return ExitCode::from(2);
        };
        let path = root.join(rel);
        let scenario = match crate::load(&path.to_string_lossy()) {
            Ok(s) => s,
            Err(code) => return code,
        };
        let mut world = sim::World::new(&scenario);
        world.run();
        let got = world.trace_hash();
        let want = entry
            .get("trace_hash")
            .and_then(Value::as_str)
            .unwrap_or("");
        if got != want {
            differ += 1;
            println!("{name}: {want} -> {got}");
            entry["trace_hash"] = Value::String(got);
        } else {
            println!("{name}: {got} ok");
        }
    }
    if update {
        let mut out = serde_json::to_string_pretty(&doc).expect("serialises");
        out.push('\n');
        if let Err(e) = std::fs::write(file, out) {
            eprintln!("error: cannot write {file}: {e}");
            return ExitCode::from(1);
        }
        return ExitCode::SUCCESS;
    }
    if differ > 0 {
        eprintln!(
            "{differ} golden hash(es) differ; rerun with --update after an intended model change"
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
