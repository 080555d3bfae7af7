"""`npm run bench:sweep`: a 64-point sweep (the default scenario, 16 buffer sizes × 4 seeds,
60 s each, as in a study of 60 s runs) timed serially, on local processes and on a 2-worker Dask LocalCluster, with the
speed-ups. A benchmark, not a test: it prints numbers and checks only that every way gives
the same rows."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import tcplab

ROOT = Path(__file__).resolve().parents[1]


def spec() -> dict:
    base = json.loads((ROOT / "content/scenarios/default.json").read_text())
    base["duration_s"] = float(os.environ.get("TCPLAB_BENCH_DURATION", "60"))
    return {
        "version": 1,
        "scenario": base,
        "parameters": [
            {"name": "buffer", "path": "topology.links[bottleneck].queue.limit_packets",
             "range": {"from": 5, "to": 400, "points": 16, "scale": "log", "integer": True}},
        ],
        "seeds": [1, 2, 3, 4],
    }


def timed(label: str, fn):
    t0 = time.perf_counter()
    df = fn()
    dt = time.perf_counter() - t0
    print(f"{label:<28} {dt:7.2f} s  ({len(df)} points)", flush=True)
    return dt, df


def main() -> int:
    s = spec()
    print(f"{len(tcplab.plan(s))}-point sweep on {os.cpu_count()} cores")
    serial, df0 = timed("serial (1 worker)", lambda: tcplab.sweep(s, workers=1))
    procs, df1 = timed("local processes (2)", lambda: tcplab.sweep(s, workers=2))
    threads, df2 = timed("threads (2, GIL released)", lambda: tcplab.sweep(s, workers=2, processes=False))
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("dask[distributed] is not installed: no LocalCluster timing")
        dask = None
    else:
        with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            client.run(__import__, "tcplab")  # workers import the package before the clock starts
            dask, df3 = timed("Dask LocalCluster (2)", lambda: tcplab.sweep(s, client=client))
            assert df3.equals(df0), "the Dask rows differ from the serial ones"
    assert df1.equals(df0) and df2.equals(df0), "the rows differ between ways of running"
    print(f"speed-up: processes {serial / procs:.2f}×, threads {serial / threads:.2f}×"
          + (f", Dask {serial / dask:.2f}×" if dask else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
