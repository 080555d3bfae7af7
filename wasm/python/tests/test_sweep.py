"""Sweeps: the CLI's CSV from Python, shards merged into the unsharded file, a Dask
LocalCluster giving the serial rows, and bad sweep files refused before anything runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tcplab
from conftest import ROOT, short_default


def test_python_writes_the_clis_csv_and_merged_shards_are_the_unsharded_file(cli, small_sweep, tmp_path):
    out = cli("sweep", str(small_sweep), "--out", str(tmp_path / "all.csv"))
    assert out.returncode == 0, out.stderr
    whole = (tmp_path / "all.csv").read_text()
    assert whole.splitlines()[0] == (
        "point,buffer,seed,flows[0].goodput_bps,links[1].drops,flows[0].timeouts,trace_hash"
    )
    assert len(whole.splitlines()) == 7
    # Python, serially and on threads, writes the same bytes.
    assert tcplab.sweep_csv(small_sweep, workers=1).csv == whole
    # Shards from the CLI and from Python, merged by either, give the unsharded file.
    parts = []
    for k in range(3):
        part = tmp_path / f"part-{k}.csv"
        if k == 1:
            part.write_text(tcplab.sweep_csv(small_sweep, shard=f"{k}/3", processes=False).csv)
        else:
            r = cli("sweep", str(small_sweep), "--shard", f"{k}/3", "--out", str(part))
            assert r.returncode == 0, r.stderr
        parts.append(part)
    assert tcplab.merge(reversed(parts), sweep=small_sweep) == whole
    r = cli("sweep", "--merge", *map(str, parts), "--out", str(tmp_path / "merged.csv"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "merged.csv").read_text() == whole
    # A missing part is named, not silently dropped.
    with pytest.raises(tcplab.SweepError, match="point 1 is in no part"):
        tcplab.merge(parts[::2], sweep=small_sweep)
    df = tcplab.sweep(small_sweep, workers=1)
    assert list(df["buffer"]) == [10, 10, 40, 40, 160, 160]
    assert list(df["seed"]) == [1, 2] * 3
    assert df["trace_hash"].str.len().eq(16).all()


def test_a_sweep_on_a_two_worker_local_cluster_is_the_serial_sweep_row_for_row(small_sweep):
    distributed = pytest.importorskip("dask.distributed")
    serial = tcplab.sweep(small_sweep, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            on_dask = tcplab.sweep(small_sweep, client=client)
    assert on_dask.equals(serial)


@pytest.mark.parametrize(
    "change,path",
    [
        ({"parameters": [{"name": "x", "path": "topology.linkz[0].mtu_bytes", "values": [1500]}]},
         "parameters[0].path"),
        ({"parameters": [{"name": "x", "path": "topology.links[0].mtu_bytes", "values": []}]},
         "parameters[0].values"),
        ({"parameters": [{"name": "r", "path": "topology.links[0].rate_bps",
                          "range": {"from": 1e6, "to": 1e7, "points": 0}}]},
         "parameters[0].range.points"),
        ({"parameters": [{"name": "x", "path": "topology.links[0].mtu_bytes", "values": [1500, -3]}]},
         "parameters[0].values[1]"),
        ({"parameters": [{"name": "x", "path": "topology.links[0].mtu_bytes",
                          "range": {"from": 600, "to": 9000, "points": 400}}],
          "seeds": list(range(300))},
         "parameters"),
        ({"seeds": "many"}, "seeds"),
    ],
)
def test_bad_sweeps_name_the_field_before_anything_runs(cli, tmp_path, change, path):
    spec = {"version": 1, "scenario": short_default(), **change}
    with pytest.raises(tcplab.SweepError) as e:
        tcplab.sweep(spec)
    assert e.value.paths == [path], str(e.value)
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(spec))
    out = cli("sweep", str(f))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(f"error: {f}: {path}: "), out.stderr


def test_the_content_sweeps_are_valid_sweep_files():
    files = sorted((ROOT / "content/sweeps").glob("*.json"))
    assert files
    for f in files:
        assert len(tcplab.plan(f)) > 0, f
    schema = tcplab.json_schema("sweep")
    assert schema["title"] == "Sweep"
    assert json.loads((ROOT / "public/schema/sweep.v1.json").read_text()) == schema


def test_a_worker_that_dies_fails_only_its_point_and_the_finished_points_are_kept(
    small_sweep, monkeypatch
):
    import importlib

    import _faults

    serial = tcplab.sweep(small_sweep, workers=1)
    monkeypatch.setattr(importlib.import_module("tcplab.sweep"), "_run_task", _faults.run_task_or_die)
    with pytest.warns(RuntimeWarning, match=r"1 sweep point\(s\) failed"):
        df = tcplab.sweep(small_sweep, workers=2)
    failed = df.attrs["failed"]
    assert list(failed) == [_faults.DOOMED]
    assert failed[_faults.DOOMED].startswith("buffer=40, seed=2: its worker process died")
    # Every other point ran, on the pool that was started again, and is the serial row.
    assert df.equals(serial[serial["point"] != _faults.DOOMED].reset_index(drop=True))
