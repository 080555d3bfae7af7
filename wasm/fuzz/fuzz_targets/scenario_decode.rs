//! Fuzz target: scenario decoding and validation. Any bytes go in, through
//! the one reader every door uses (`parse_scenario_bytes`); nothing may
//! panic (with debug assertions and overflow checks on). A scenario that
//! parses must also: have a finite work estimate, pass validation again, and
//! survive a JSON round trip unchanged (export then import gives the same
//! scenario, bit for bit).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sim::scenario::{
    parse_scenario_bytes_without_work_limits, parse_scenario_without_work_limits, to_json,
};
use sim::{estimate_work, parse_scenario_bytes, validate};

fuzz_target!(|data: &[u8]| {
    let limited = parse_scenario_bytes(data);
    let Ok(s) = parse_scenario_bytes_without_work_limits(data) else {
        assert!(
            limited.is_err(),
            "the work limits accepted what the fields did not"
        );
        return;
    };
    let w = estimate_work(&s);
    for v in [w.events, w.packets, w.rows, w.columns, w.trace_values] {
        assert!(v.is_finite() && v >= 0.0, "estimate {w:?}");
    }
    assert_eq!(
        limited.is_ok(),
        w.level != sim::estimate::WorkLevel::Refuse,
        "validation and the estimate disagree: {w:?}"
    );
    let again = to_json(&s);
    match parse_scenario_without_work_limits(&again) {
        Ok(back) => assert_eq!(back, s, "round trip changed the scenario: {again}"),
        Err(e) => panic!("the exported scenario does not parse: {e:?}\n{again}"),
    }
    assert_eq!(validate(&s).is_empty(), limited.is_ok());
});
