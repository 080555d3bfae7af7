//! tests/hostile/: every file there through `tcplab validate`, with the exit
//! status, field path and message tests/hostile/expected.json gives it (the
//! Playwright test hostile-files.spec.ts opens the same files in the page,
//! as a link and as an import). A file without an expected outcome fails.

use serde_json::Value;
use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

#[test]
fn every_hostile_file_gets_its_expected_outcome() {
    let dir = format!("{ROOT}/tests/hostile");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/expected.json")).unwrap())
            .unwrap();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f != "expected.json")
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    for file in files {
        let want = &expected[&file];
        assert!(want.is_object(), "{file} has no outcome in expected.json");
        let out = Command::new(env!("CARGO_BIN_EXE_tcplab"))
            .args(["validate", &format!("{dir}/{file}")])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            want["exit"].as_i64().map(|c| c as i32),
            "{file}: {err}"
        );
        if want["exit"] == 0 {
            continue;
        }
        // One error line, `error: FILE: PATH: MESSAGE` (no PATH for the whole document).
        let path = want["path"].as_str().unwrap();
        let says = want["says"].as_str().unwrap();
        let prefix = if path.is_empty() {
            format!("error: {dir}/{file}: ")
        } else {
            format!("error: {dir}/{file}: {path}: ")
        };
        let line = err.lines().next().unwrap_or_default();
        assert!(line.starts_with(&prefix), "{file}: {err}");
        assert!(line.contains(says), "{file}: {err}");
    }
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_it_is_read() {
    // A million flows (49 MB): refused by its size, at once and in little memory.
    let dir = std::env::temp_dir().join(format!("tcplab-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let flow = r#"{"id":"f","src":"a","dst":"b"},"#;
    let mut text =
        String::from(r#"{"version":1,"duration_s":1,"topology":{"nodes":[],"links":[]},"flows":["#);
    text.push_str(&flow.repeat(sim::scenario::MAX_SCENARIO_BYTES / flow.len() + 1));
    text.push_str("{}]}");
    let p = dir.join("million-flows.json");
    std::fs::write(&p, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tcplab"))
        .args(["validate", p.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than the limit of 8000000"));
    std::fs::remove_dir_all(dir).ok();
}
