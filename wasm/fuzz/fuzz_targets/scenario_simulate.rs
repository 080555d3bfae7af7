//! Fuzz target: decode, then simulate a short horizon. Any scenario that
//! validation accepts must build and run without a panic (debug assertions and
//! overflow checks on), keep every invariant of the model's one checker
//! (`sim::invariants`: packet conservation, monotone time, ordered byte
//! streams, no NaN or infinity in the trace, queues within their limits) and
//! do no more work than the work estimate allows (events ≤ 2 × estimate + 5000). The run stops after
//! HORIZON_NS of simulated time or MAX_EVENTS events, whichever comes first.
//!
//! Two kinds of input: bytes that start with `{` are scenario JSON (the seed
//! corpus and libFuzzer's mutations of it); anything else edits one of the
//! seed scenarios: the first byte picks the seed, then every 10 bytes replace
//! one leaf (a number, a boolean or a name) with a boundary value, a scaled
//! value, raw f64 bits or another algorithm's, queue's or option's name. Most
//! edited scenarios stay valid, so the model sees extreme but legal values far
//! more often than byte-level JSON mutation reaches them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use sim::invariants::Checker;
use sim::parse_scenario;
use sim::World;

const HORIZON_NS: u64 = 2_000_000_000;
const MAX_EVENTS: u64 = 50_000;
const CHUNK_EVENTS: u64 = 5_000;

const SEEDS: [&str; 8] = [
    include_str!("../seeds/default.json"),
    include_str!("../seeds/minimal.json"),
    include_str!("../seeds/parking-lot.json"),
    include_str!("../seeds/paper-controls-wfq.json"),
    include_str!("../seeds/policer-lossy-hosts.json"),
    include_str!("../seeds/priority-onoff.json"),
    include_str!("../seeds/scalable-bic-htcp-fq-codel.json"),
    include_str!("../seeds/token-bucket-shaper.json"),
];

// Names a string leaf may become: every enum value of the schema.
include!("names.rs");

const SPECIAL: [f64; 16] = [
    0.0, 1.0, -1.0, 0.5, 1e-9, 1e-3, 2.0, 68.0, 1500.0, 65535.0, 65536.0, 1e6, 1e9, 1e12,
    4294967295.0, 1e300,
];

/// JSON pointers of every leaf.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| leaves(x, format!("{at}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| leaves(x, format!("{at}/{i}"), out)),
        _ => out.push(at),
    }
}

fn edit(data: &[u8]) -> Option<String> {
    let (&pick, edits) = data.split_first()?;
    let mut v: Value = serde_json::from_str(SEEDS[pick as usize % SEEDS.len()]).ok()?;
    for e in edits.chunks_exact(10) {
        let mut paths = Vec::new();
        leaves(&v, String::new(), &mut paths);
        let path = &paths[u16::from_le_bytes([e[0], e[1]]) as usize % paths.len()];
        let bits = u64::from_le_bytes(e[2..10].try_into().ok()?);
        let leaf = v.pointer_mut(path)?;
        *leaf = match leaf {
            Value::Bool(b) => Value::Bool(!*b),
            Value::String(_) => Value::from(NAMES[bits as usize % NAMES.len()]),
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(0.0);
                let y = match e[2] % 4 {
                    0 => SPECIAL[e[3] as usize % SPECIAL.len()],
                    1 => x * f64::powi(2.0, i32::from(e[3] as i8) / 8),
                    2 => x + f64::from(e[3] as i8),
                    _ => f64::from_bits(bits),
                };
                if !y.is_finite() {
                    continue;
                }
                // Keep integers integral so u32/u64 fields still parse.
                if n.is_u64() && y >= 0.0 && y.fract() == 0.0 && y < 1.8e19 {
                    Value::from(y as u64)
                } else {
                    serde_json::Number::from_f64(y).map_or(Value::Null, Value::Number)
                }
            }
            Value::Null => Value::from(bits % 1000),
            _ => continue,
        };
    }
    Some(v.to_string())
}

fuzz_target!(|data: &[u8]| {
    let text = if data.first() == Some(&b'{') {
        match std::str::from_utf8(data) {
            Ok(t) => t.to_string(),
            Err(_) => return,
        }
    } else {
        match edit(data) {
            Some(t) => t,
            None => return,
        }
    };
    let Ok(s) = parse_scenario(&text) else {
        return;
    };
    // The work estimate must bound the work: events ≤ 2 × estimate + a
    // constant (the property test's), at every point of the run, so a run the
    // estimate does not see coming is a failure here, not a frozen tab.
    let bound = 2.0 * sim::estimate_work(&s).events + 5_000.0;
    let mut w = World::new(&s);
    let mut checker = Checker::new(&s, &w);
    while w.events_processed() < MAX_EVENTS && w.now() < HORIZON_NS {
        let done = w.advance(HORIZON_NS, CHUNK_EVENTS);
        assert!(
            w.events_processed() as f64 <= bound,
            "runaway: {} events, the estimate bounds them by {bound}",
            w.events_processed()
        );
        let rows = w.drain();
        if let Err(e) = checker.step(&w, &rows) {
            panic!("invariant broken: {e}");
        }
        if done {
            break;
        }
    }
    let summary = w.summary();
    assert!(summary.jain_index.is_finite());
    let _ = summary.to_json();
});
