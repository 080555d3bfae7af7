//! The native CLI as a user runs it: output, exit codes and messages.

use std::process::Command;

fn tcplab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tcplab"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("runs")
}

fn write_tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tcplab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn run_prints_the_summary_with_the_golden_hash() {
    let out = tcplab(&["run", "content/scenarios/default.json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let golden: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/golden/expected.json"
        ))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(v["trace_hash"], golden["default"]["trace_hash"]);
    assert!(v["flows"][0]["goodput_bps"].as_f64().unwrap() > 15e6);
}

#[cfg(unix)]
#[test]
fn a_reader_that_stops_early_ends_the_output_without_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // The schema is far larger than a pipe's buffer, so the writer meets the
    // closed pipe: `tcplab schema | head -c 100`.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tcplab"))
        .arg("schema")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        out.status.signal(),
        Some(13),
        "ended by SIGPIPE: {:?}",
        out.status
    );
}

#[test]
fn malformed_json_exits_2_and_says_where() {
    let f = write_tmp("bad.json", "{ \"version\": 1,");
    let out = tcplab(&["run", &f]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("malformed JSON"), "{err}");
}

#[test]
fn bad_bytes_exit_2_with_the_byte_position() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/scenarios/default.json"
    ))
    .unwrap();
    let dir = std::env::temp_dir().join(format!("tcplab-cli-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(&text);
    let mut latin1 = text.clone();
    latin1[20] = 0xE9;
    let mut trailing = text.clone();
    trailing.extend_from_slice(b"{}");
    let huge = vec![b' '; sim::scenario::MAX_SCENARIO_BYTES + 1];
    for (name, bytes, says) in [
        ("bom.json", bom, "byte-order mark (bytes 0 to 2)"),
        (
            "latin1.json",
            latin1,
            "not UTF-8: invalid byte 0xE9 at byte 20",
        ),
        ("two.json", trailing, "trailing characters"),
        ("huge.json", huge, "bytes, more than the limit of"),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        let out = tcplab(&["validate", p.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{name}: {err}");
    }
}

#[test]
fn an_invalid_value_exits_2_naming_the_field_path() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/scenarios/default.json"
    ))
    .unwrap();
    let f = write_tmp(
        "neg.json",
        &text.replace("\"rate_bps\": 20000000", "\"rate_bps\": -5"),
    );
    let out = tcplab(&["run", &f]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("topology.links[1].rate_bps"));
    let f = write_tmp(
        "cc.json",
        &text.replace("\"cc\": \"newreno\"", "\"cc\": \"warp\""),
    );
    let out = tcplab(&["run", &f]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("flows[0].cc") && err.contains("cubic"),
        "{err}"
    );
}

#[test]
fn csv_traces_have_a_header_row() {
    let dir = std::env::temp_dir().join(format!("tcplab-csv-{}", std::process::id()));
    let out = tcplab(&[
        "run",
        "content/scenarios/default.json",
        "--csv",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let flow = std::fs::read_to_string(dir.join("flow-flow1.csv")).unwrap();
    let mut lines = flow.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("t_s,cwnd_segments,ssthresh_segments"));
    assert_eq!(lines.count(), 2001, "20 s at 10 ms, both ends included");
}

#[test]
fn the_paper_000_mtu_sweep_stays_under_its_bound() {
    let out = tcplab(&["sweep", "content/sweeps/paper000-mtu.json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 18, "9 MTUs × 2 variants");
    for r in rows {
        // point, offload, mtu_bytes, seed, goodput, link, window, host bound, …
        let (goodput, bound): (f64, f64) = (r[4].parse().unwrap(), r[7].parse().unwrap());
        assert!(goodput <= bound && goodput > 0.9 * bound, "{r:?}");
    }
}

#[test]
fn golden_hashes_check_out_and_the_schema_command_matches_the_published_file() {
    assert!(tcplab(&["golden"]).status.success());
    let out = tcplab(&["schema"]);
    let published = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/schema/scenario.v1.json"
    ))
    .unwrap();
    assert_eq!(out.stdout, published);
}

#[test]
fn unknown_commands_and_bad_options_exit_2_pointing_to_help() {
    for args in [
        &["frobnicate"][..],
        &["run", "content/scenarios/default.json", "--frobnicate"],
        &["run"],
        &["run", "content/scenarios/default.json", "--csv"],
        &["grade", "a.json", "s.csv", "--format", "xml"],
        &["schema", "nothing"],
        &["oracles", "pftk"],
    ] {
        let out = tcplab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error:") && err.contains("--help"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // No command at all: the help, on stderr, and 2.
    let out = tcplab(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage: tcplab <COMMAND>"));
}

/// Every subcommand with the options its help must name.
const COMMANDS: [(&str, &[&str]); 10] = [
    ("run", &["<FILE.json>", "--csv <DIR>", "--no-work-limit"]),
    ("validate", &["<FILE.json>", "--json"]),
    ("schema", &["boundary", "sweep"]),
    ("golden", &["[FILE]", "--update"]),
    ("oracles", &["--only <CASE>"]),
    (
        "sweep",
        &[
            "[SWEEP.json]",
            "--shard <K/N>",
            "--merge <PART.csv>...",
            "--out <FILE.csv>",
        ],
    ),
    ("bounds", &["<FILE.json>"]),
    ("bench", &["[FILE.json]..."]),
    (
        "grade",
        &[
            "<ASSIGNMENT.json>",
            "<STUDENTS.csv>",
            "--out <GRADES.csv>",
            "--format",
            "per-question",
            "canvas",
        ],
    ),
    ("papers", &["--check", "--only <NNN>", "--root <DIR>"]),
];

#[test]
fn help_at_every_level_exits_0_and_names_the_options() {
    for flag in ["--help", "-h"] {
        let out = tcplab(&[flag]);
        assert_eq!(out.status.code(), Some(0), "{flag}");
        let text = String::from_utf8_lossy(&out.stdout);
        for (cmd, _) in COMMANDS {
            assert!(
                text.contains(&format!("\n  {cmd} ")),
                "{flag}: {cmd}\n{text}"
            );
        }
        assert!(text.contains("Exit status:"), "{text}");
    }
    for (cmd, options) in COMMANDS {
        for help in [&[cmd, "--help"][..], &[cmd, "-h"], &["help", cmd]] {
            let out = tcplab(help);
            assert_eq!(out.status.code(), Some(0), "{help:?}");
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                text.contains(&format!("Usage: tcplab {cmd}")),
                "{help:?}: {text}"
            );
            for o in options {
                assert!(text.contains(o), "{help:?} does not name {o}:\n{text}");
            }
        }
    }
}

#[test]
fn help_documents_the_exit_codes_and_version_prints_the_version() {
    let out = tcplab(&["help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for code in ["0  success", "1  failure to run", "2  bad input"] {
        assert!(text.contains(code), "{text}");
    }
    for flag in ["--version", "-V"] {
        let out = tcplab(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("tcplab {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    // The crates and the web package share one version.
    let package: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../package.json"))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(package["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn bounds_gives_values_and_curves_over_mtu_and_rtt() {
    let out = tcplab(&["bounds", "content/scenarios/paper000-host.json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = &v[0]["curves"];
    let mtu = c["over_mtu_no_offload"].as_array().unwrap();
    assert_eq!(mtu.len(), 32);
    // The bound rises with MTU; offload lifts it everywhere.
    assert!(mtu[31]["y"].as_f64() > mtu[0]["y"].as_f64());
    for (a, b) in mtu.iter().zip(c["over_mtu_offload"].as_array().unwrap()) {
        assert!(b["y"].as_f64() >= a["y"].as_f64());
    }
    assert_eq!(c["over_rtt_no_offload"].as_array().unwrap().len(), 41);
    assert!(v[0]["bounds"]["host_bound_bps"].as_f64().unwrap() > 6e8);
}

/// A repository in a temporary directory: the default scenario, a paper file quoting its
/// Jain index in a lesson, and the report header.
fn papers_root(quote: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tcplab-papers-{}-{quote}", std::process::id()));
    for d in [
        "content/scenarios",
        "content/papers/ja",
        "content/lessons",
        "docs",
    ] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut s: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{root}/content/scenarios/default.json")).unwrap(),
    )
    .unwrap();
    s["duration_s"] = 2.into();
    std::fs::write(dir.join("content/scenarios/default.json"), s.to_string()).unwrap();
    std::fs::write(dir.join("content/papers/header.md"), "# Report\n").unwrap();
    std::fs::write(
        dir.join("content/lessons/l.md"),
        format!("The lab gives a goodput of {quote} Mb/s here.\n"),
    )
    .unwrap();
    let paper = serde_json::json!({
        "format": "tcplab-papers/1", "paper": "999", "title": "T", "cite": "C",
        "notes": "The lab assumes a 2-s run.",
        "runs": {"one": {"scenario": "default"}},
        "values": {"g": {"run": "one", "metric": "flows[flow1].goodput_bps", "scale": 1e-6,
                         "decimals": 1, "unit": "Mb/s"}},
        "results": [{"id": "r", "claim": "c", "where": "§1", "paper": "20 Mb/s",
                     "paper_value": 20.0, "value": "g", "reproduced": {"within": {"rel": 0.5}},
                     "why": {"reproduced": "yes", "not_reproduced": "no"}}],
        "quotes": [{"file": "content/lessons/l.md", "text": "a goodput of {g} Mb/s"}]
    });
    std::fs::write(dir.join("content/papers/999.json"), paper.to_string()).unwrap();
    let ja = serde_json::json!({
        "title": "題名",
        "cite": "文献",
        "notes": "ラボは 2 s の実行を仮定する。",
        "results": {"r": {"claim": "主張", "where": "1 節", "paper": "20 Mb/s",
                          "why": {"reproduced": "再現", "not_reproduced": "再現せず"}}}
    });
    std::fs::write(dir.join("content/papers/ja/999.json"), ja.to_string()).unwrap();
    dir
}

#[test]
fn papers_check_fails_on_a_drifted_quote_and_papers_rewrites_it() {
    let dir = papers_root("99.9");
    let root = dir.to_string_lossy().into_owned();
    let out = tcplab(&["papers", "--check", "--root", &root]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "content/lessons/l.md: \"a goodput of {g} Mb/s\" quotes 99.9 where the model gives"
        ),
        "{err}"
    );
    let out = tcplab(&["papers", "--root", &root]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lesson = std::fs::read_to_string(dir.join("content/lessons/l.md")).unwrap();
    assert!(!lesson.contains("99.9"), "{lesson}");
    let report = std::fs::read_to_string(dir.join("docs/papers.md")).unwrap();
    assert!(
        report.starts_with("# Report\n") && report.contains("**reproduced**"),
        "{report}"
    );
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("content/papers/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        json["papers"][0]["results"][0]["open"]["scenario"],
        "default"
    );
    // The page's Japanese: the same row's text, its number filled from the same run.
    let row = &json["papers"][0]["results"][0];
    assert_eq!(json["papers"][0]["ja"]["title"], "題名");
    assert_eq!(json["papers"][0]["ja"]["cite"], "文献");
    assert_eq!(json["papers"][0]["notes"], "The lab assumes a 2-s run.");
    assert_eq!(
        json["papers"][0]["ja"]["notes"],
        "ラボは 2 s の実行を仮定する。"
    );
    assert_eq!(row["ja"]["claim"], "主張");
    assert_eq!(row["ja"]["why"], "再現");
    assert!(row["ja"]["lab"] == row["lab"] && row["lab"] != "", "{row}");
    let out = tcplab(&["papers", "--check", "--root", &root]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_bad_paper_file_exits_2_naming_the_place() {
    let dir = papers_root("1.0");
    let p = dir.join("content/papers/999.json");
    let text = std::fs::read_to_string(&p)
        .unwrap()
        .replace("\"value\":\"g\"", "\"value\":\"x\"");
    std::fs::write(&p, text).unwrap();
    let out = tcplab(&["papers", "--check", "--root", &dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("content/papers/999.json: results[0]: value: unknown value 'x'"),
        "{err}"
    );
}

#[test]
fn a_result_without_its_japanese_text_exits_2_naming_it() {
    let dir = papers_root("2.0");
    let p = dir.join("content/papers/ja/999.json");
    let mut ja: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    ja["results"] = serde_json::json!({});
    std::fs::write(&p, ja.to_string()).unwrap();
    let out = tcplab(&["papers", "--check", "--root", &dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("content/papers/ja/999.json: results.r: missing: every result needs"),
        "{err}"
    );
    std::fs::remove_file(&p).unwrap();
    let out = tcplab(&["papers", "--check", "--root", &dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("content/papers/ja/999.json"), "{err}");
}

#[test]
fn a_paper_without_its_japanese_notes_exits_2_naming_the_key() {
    let dir = papers_root("3.0");
    let p = dir.join("content/papers/ja/999.json");
    let mut ja: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    for notes in [None, Some("")] {
        match notes {
            Some(n) => ja["notes"] = n.into(),
            None => {
                ja.as_object_mut().unwrap().remove("notes");
            }
        }
        std::fs::write(&p, ja.to_string()).unwrap();
        let out = tcplab(&["papers", "--check", "--root", &dir.to_string_lossy()]);
        assert_eq!(out.status.code(), Some(2), "notes {notes:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(
                "content/papers/ja/999.json: notes: missing: content/papers/999.json has notes"
            ),
            "{err}"
        );
    }
}

#[test]
fn sweep_shards_merge_into_the_unsharded_file_and_bad_sweeps_exit_2_naming_the_field() {
    let mut base: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/scenarios/default.json"
        ))
        .unwrap(),
    )
    .unwrap();
    base["duration_s"] = serde_json::json!(0.5);
    let spec = serde_json::json!({"version": 1, "scenario": base, "parameters": [
        {"name": "buffer", "path": "topology.links[bottleneck].queue.limit_packets", "values": [10, 100]}],
        "seeds": [1, 2]});
    let file = write_tmp("sweep.json", &spec.to_string());
    let all = tcplab(&["sweep", &file]);
    assert!(
        all.status.success(),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&all.stdout).lines().count(), 5);
    let parts: Vec<String> = (0..3)
        .map(|k| {
            let part = write_tmp(&format!("part-{k}.csv"), "");
            let out = tcplab(&["sweep", &file, "--shard", &format!("{k}/3"), "--out", &part]);
            assert!(out.status.success());
            part
        })
        .collect();
    let mut args = vec!["sweep", "--merge"];
    args.extend(parts.iter().rev().map(String::as_str));
    args.extend(["--sweep", file.as_str()]);
    let merged = tcplab(&args);
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    assert_eq!(merged.stdout, all.stdout);
    // A missing part is named.
    let short = tcplab(&["sweep", "--merge", &parts[0], &parts[2], "--sweep", &file]);
    assert_eq!(short.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&short.stderr).contains("point 1 is in no part"));

    let mut bad = spec.clone();
    bad["parameters"][0]["values"] = serde_json::json!([10, -1]);
    let bad_file = write_tmp("bad-sweep.json", &bad.to_string());
    let out = tcplab(&["sweep", &bad_file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: {bad_file}: parameters[0].values[1]: -1 gives "
        )),
        "{err}"
    );
    assert!(out.stdout.is_empty());

    let schema = tcplab(&["schema", "sweep"]);
    let published = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/schema/sweep.v1.json"
    ))
    .unwrap();
    assert_eq!(schema.stdout, published);
}

#[test]
fn a_scenario_file_or_result_code_of_another_model_version_is_named_with_both_hashes() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/scenarios/default.json"
    ))
    .unwrap();
    let mut s: serde_json::Value = serde_json::from_str(&text).unwrap();
    s["made_by"] = serde_json::json!({"model": "0.0.1", "trace_hash": "0123456789abcdef"});
    let f = write_tmp("other-model.json", &s.to_string());
    let out = tcplab(&["run", &f]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let now = v["trace_hash"].as_str().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let ours = env!("CARGO_PKG_VERSION");
    assert!(
        err.contains(&format!(
            "note: {f} was made by model version 0.0.1; this is version {ours}, so its run \
             may differ from what its author saw"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "note: {f}: trace hash when saved 0123456789abcdef, now {now}"
        )),
        "{err}"
    );
    let out = tcplab(&["validate", &f]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("made by model version 0.0.1"));
    // This version's own file, with its own hash: nothing to say.
    s["made_by"] = serde_json::json!({"model": ours, "trace_hash": now});
    let out = tcplab(&["run", &write_tmp("same-model.json", &s.to_string())]);
    assert!(out.status.success() && out.stderr.is_empty());

    // A result code made by another model version, with a run that differs.
    let a = serde_json::json!({"format": "tcplab-assignment/1", "id": "m", "title": "M",
        "scenarios": {"main": serde_json::from_str::<serde_json::Value>(&text).unwrap()},
        "variants": {"seed": {"min": 1, "max": 1}},
        "questions": [{"id": "g", "prompt": "Goodput?", "metric": "flows[flow1].goodput_bps",
            "scale": 1e-6, "tolerance": {"rel": 0.05}}]});
    let code = grading::code::encode(&grading::code::ResultCode {
        assignment: "m".into(),
        student: "s01".into(),
        answers: vec![("g".into(), 19.0)],
        hashes: vec![("main".into(), "0123456789abcdef".into())],
        model: Some("0.0.1".into()),
    });
    let out = tcplab(&[
        "grade",
        &write_tmp("m.json", &a.to_string()),
        &write_tmp("m.csv", &format!("student,code\ns01,{code}\n")),
    ]);
    assert!(out.status.success());
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(
        csv.contains(&format!(
            "the code was made by model version 0.0.1, this grader runs {ours}: its runs may \
             differ for that reason"
        )),
        "{csv}"
    );
    assert!(
        csv.contains("(trace hash 0123456789abcdef in the code, "),
        "{csv}"
    );
}
