"""tcplab.run: the CLI's summary and trace hash, the traces as a DataFrame, and scenario
errors with the CLI's field paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tcplab
from conftest import ROOT, golden, short_default


@pytest.mark.parametrize("name,entry", golden(), ids=[n for n, _ in golden()])
def test_trace_hash_is_the_golden_one_for_every_golden_scenario(name, entry):
    r = tcplab.run(ROOT / entry["scenario"], keep_trace=False)
    assert r.trace_hash == entry["trace_hash"], name


def test_summary_traces_and_csv_are_the_clis(cli, tmp_path: Path):
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(short_default(2.0)))
    out = cli("run", str(scenario), "--csv", str(tmp_path / "cli"))
    assert out.returncode == 0, out.stderr
    r = tcplab.run(scenario)
    assert r.summary == json.loads(out.stdout)
    assert r.trace_hash == json.loads(out.stdout)["trace_hash"]

    df = r.traces
    assert df.index.name == "t_s"
    assert df.index[0] == 0.0 and df.index[-1] == pytest.approx(2.0)
    assert len(df) == 201, "2 s at 10 ms, both ends"
    cwnd = df["flow-flow1.cwnd_segments"]
    assert cwnd.max() > cwnd.iloc[0], "the window grows in slow start"

    r.to_csv(tmp_path / "py")
    cli_files = sorted(p.name for p in (tmp_path / "cli").iterdir())
    assert cli_files == sorted(p.name for p in (tmp_path / "py").iterdir())
    for name in cli_files:
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()
    # One file's columns, named as in that file.
    flow = r.trace_of("flow-flow1")
    header = (tmp_path / "cli" / "flow-flow1.csv").read_text().splitlines()[0].split(",")
    assert list(flow.columns) == header[1:]


def test_a_scenario_from_a_dict_json_text_or_path_runs_the_same():
    s = short_default(0.5)
    hashes = {tcplab.run(x, keep_trace=False).trace_hash for x in (s, json.dumps(s), tcplab.Scenario(s))}
    assert len(hashes) == 1


def test_bounds_are_the_clis(cli, tmp_path: Path):
    s = json.loads((ROOT / "content/scenarios/paper000-host.json").read_text())
    s["duration_s"] = 0.2
    f = tmp_path / "host.json"
    f.write_text(json.dumps(s))
    out = cli("bounds", str(f))
    assert out.returncode == 0, out.stderr
    bounds = tcplab.run(f, keep_trace=False).bounds
    assert bounds == json.loads(out.stdout)
    assert bounds[0]["bounds"]["host_bound_bps"] > 0


def test_bad_scenarios_raise_scenario_error_with_the_clis_paths(cli, tmp_path: Path):
    s = short_default()
    s["topology"]["links"][1]["rate_bps"] = -5
    s["flows"][0]["cc"] = "nosuch"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(s))
    with pytest.raises(tcplab.ScenarioError) as e:
        tcplab.run(f)
    out = cli("validate", str(f))
    assert out.returncode == 2
    prefix = f"error: {f}: "
    cli_lines = [l[len(prefix):] for l in out.stderr.splitlines() if l.startswith(prefix)]
    assert cli_lines
    assert [str(p) for p in e.value.problems] == cli_lines
    assert e.value.paths[0] == "flows[0].cc"
    # A value the validator (not the reader) refuses: its path too.
    s["flows"][0]["cc"] = "cubic"
    with pytest.raises(tcplab.ScenarioError) as e:
        tcplab.run(s)
    assert e.value.paths == ["topology.links[1].rate_bps"], str(e.value)
    with pytest.raises(tcplab.ScenarioError) as e:
        tcplab.Scenario('{"version": 1, "duration_s": "long"}')
    assert e.value.paths
    with pytest.raises(tcplab.ScenarioError, match="cannot read"):
        tcplab.Scenario(ROOT / "no-such-file.json")


def test_scenario_errors_carry_the_readers_codes_and_values(tmp_path: Path):
    # Every code the reader and validator have, as the page's boundary schema lists them.
    schema = json.loads((ROOT / "web/src/sim/boundary.schema.json").read_text())
    codes = {c["const"] for c in schema["$defs"]["ErrorCode"]["oneOf"]}
    s = short_default()
    s["flows"][0]["cc"] = "nosuch"
    with pytest.raises(tcplab.ScenarioError) as e:
        tcplab.Scenario(s)
    p = e.value.problems[0]
    assert (p.path, p.code, p.params["variant"]) == ("flows[0].cc", "unknown_variant", "nosuch")
    s["flows"][0]["cc"] = "cubic"
    s["topology"]["links"][1]["rate_bps"] = -5
    with pytest.raises(tcplab.ScenarioError) as e:
        tcplab.run(s)
    p = e.value.problems[0]
    assert (p.path, p.code) == ("topology.links[1].rate_bps", "out_of_range")
    assert (p.params["value"], p.params["unit"]) == (-5, "b/s")
    assert set(e.value.codes) <= codes
    # A file's bytes are read as the CLI reads them: a byte-order mark has its own code.
    f = tmp_path / "bom.json"
    f.write_bytes(b"\xef\xbb\xbf" + json.dumps(short_default()).encode())
    with pytest.raises(tcplab.ScenarioError) as e:
        tcplab.Scenario(f)
    assert e.value.codes == ["byte_order_mark"] and e.value.paths == [""]
