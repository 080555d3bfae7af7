//! The fuzzers' lists derive from the published JSON Schema (so from the
//! registries): the libFuzzer dictionary (wasm/fuzz/scenario.dict: every field
//! name and every enum value, plus JSON punctuation and boundary numbers) and
//! the names a string leaf may become (wasm/fuzz/fuzz_targets/names.rs: every
//! enum value). The fuzz crate is its own nightly workspace, so the lists are
//! generated files, checked here; regenerate them with
//! `TCPLAB_WRITE_FUZZ_LISTS=1 cargo test -p tcplab-sim --test fuzz_lists`.

mod common;

use serde_json::Value;
use std::collections::BTreeSet;

/// Field names and string enum values anywhere in the schema.
fn schema_words(schema: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    fn walk(v: &Value, fields: &mut BTreeSet<String>, values: &mut BTreeSet<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(c)) = m.get("const") {
                    values.insert(c.clone());
                }
                if let Some(Value::Array(e)) = m.get("enum") {
                    values.extend(e.iter().filter_map(|x| x.as_str().map(String::from)));
                }
                if let Some(Value::Object(p)) = m.get("properties") {
                    fields.extend(p.keys().cloned());
                }
                m.values().for_each(|x| walk(x, fields, values));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, fields, values)),
            _ => {}
        }
    }
    let (mut fields, mut values) = (BTreeSet::new(), BTreeSet::new());
    walk(schema, &mut fields, &mut values);
    (fields, values)
}

/// JSON punctuation and numbers at the edges of the integer and float types.
const TOKENS: [&str; 20] = [
    ",",
    ":",
    "[",
    "]",
    "{",
    "}",
    "true",
    "false",
    "null",
    "NaN",
    "-1",
    "0",
    "0.5",
    "1",
    "1e-9",
    "1e12",
    "1e308",
    "65535",
    "4294967295",
    "18446744073709551615",
];

fn dictionary(fields: &BTreeSet<String>, values: &BTreeSet<String>) -> String {
    let mut out = String::from(
        "# libFuzzer dictionary for scenario JSON, generated from public/schema/scenario.v1.json\n\
         # by wasm/sim/tests/fuzz_lists.rs: field names and enum values, then JSON punctuation\n\
         # and boundary numbers.\n",
    );
    let words: BTreeSet<&String> = fields.iter().chain(values).collect();
    let mut n = 0;
    for w in words {
        out.push_str(&format!("t{n}=\"\\\"{w}\\\"\"\n"));
        n += 1;
    }
    for t in TOKENS {
        out.push_str(&format!("t{n}=\"{t}\"\n"));
        n += 1;
    }
    out
}

fn names(values: &BTreeSet<String>) -> String {
    let mut out = String::from(
        "// Generated from public/schema/scenario.v1.json by wasm/sim/tests/fuzz_lists.rs:\n\
         // every string enum value of the scenario schema (algorithms, queue and loss kinds,\n\
         // sources, options). Do not edit.\n",
    );
    out.push_str(&format!("const NAMES: [&str; {}] = [\n", values.len()));
    for v in values {
        out.push_str(&format!("    {v:?},\n"));
    }
    out.push_str("];\n");
    out
}

#[test]
fn the_fuzz_lists_are_current() {
    let root = common::repo_root();
    let text = std::fs::read_to_string(root.join("public/schema/scenario.v1.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let (fields, values) = schema_words(&schema);
    assert!(values.contains("cubic") && values.contains("fq_codel") && values.contains("nth"));
    let files = [
        ("wasm/fuzz/scenario.dict", dictionary(&fields, &values)),
        ("wasm/fuzz/fuzz_targets/names.rs", names(&values)),
    ];
    for (path, fresh) in files {
        let path = root.join(path);
        if std::env::var_os("TCPLAB_WRITE_FUZZ_LISTS").is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == fresh,
            "{} is stale: run `TCPLAB_WRITE_FUZZ_LISTS=1 cargo test -p tcplab-sim --test fuzz_lists`",
            path.display()
        );
    }
}
