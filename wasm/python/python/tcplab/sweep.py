"""``tcplab.sweep``: a sweep file (one format for the page, the CLI and Python; its JSON
Schema is ``tcplab.json_schema("sweep")``) checked before anything runs, its points run
locally or on a Dask cluster, and the rows ``tcplab sweep`` writes as a DataFrame.
``sweep_csv`` gives the CLI's exact CSV text; ``merge`` joins shards as
``tcplab sweep --merge`` does."""

from __future__ import annotations

import io
import json
import os
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from . import _native
from ._errors import SweepError, problems_of
from ._executor import run_all

SweepLike = Union[str, "os.PathLike[str]", Dict[str, Any]]

# What runs one point in a worker (a module-level name, so the tests can give the workers one
# whose process dies).
_run_task: Callable[[str], str] = _native.run_task


def _read(spec: SweepLike) -> Tuple[str, str]:
    """The sweep's JSON text and the folder its scenario path is relative to."""
    if isinstance(spec, dict):
        return json.dumps(spec), os.getcwd()
    if isinstance(spec, str) and spec.lstrip().startswith("{"):
        return spec, os.getcwd()
    path = Path(spec)
    try:
        return path.read_text(encoding="utf-8"), str(path.parent)
    except OSError as e:
        raise SweepError([("", f"cannot read {path}: {e.strerror or e}")]) from None


def plan(spec: SweepLike) -> "_native.NativePlan":
    """Read and check a sweep (every point's scenario included); SweepError names the field."""
    text, base = _read(spec)
    try:
        return _native.plan_sweep(text, base)
    except ValueError as e:
        raise SweepError(problems_of(e)) from None


def _shard(shard: Union[None, str, Tuple[int, int]]) -> Tuple[int, int]:
    if shard is None:
        return 0, 1
    if isinstance(shard, str):
        k, _, n = shard.partition("/")
        try:
            return int(k), int(n)
        except ValueError:
            raise SweepError([("shard", f"'{shard}': give K/N with 0 ≤ K < N")]) from None
    return int(shard[0]), int(shard[1])


class SweepResult:
    """The CSV text of a sweep (as ``tcplab sweep`` writes it) and the points that failed."""

    def __init__(self, csv: str, failed: Dict[int, str]):
        self.csv = csv
        self.failed = failed


def sweep_csv(
    spec: SweepLike,
    client: Any = None,
    *,
    shard: Union[None, str, Tuple[int, int]] = None,
    workers: Optional[int] = None,
    processes: bool = True,
) -> SweepResult:
    """Run a sweep (or its shard ``K/N``): the CLI's CSV text, byte for byte, without the
    rows of points that failed (``.failed``: point → why)."""
    p = plan(spec)
    k, n = _shard(shard)
    try:
        tasks = p.tasks(k, n)
    except ValueError as e:
        raise SweepError(problems_of(e)) from None
    results = run_all(_run_task, tasks, client=client, workers=workers, processes=processes)
    rows: List[str] = []
    failed: Dict[int, str] = {}
    for task, (ok, text) in zip(tasks, results):
        if ok:
            rows.append(text)
        else:
            index = json.loads(task)["index"]
            failed[index] = f"{p.describe(task)}: {text}"
    return SweepResult(p.header() + "".join(rows), failed)


def to_frame(csv: str) -> "Any":
    """A sweep CSV as a DataFrame (trace hashes as text)."""
    import pandas as pd

    return pd.read_csv(io.StringIO(csv), dtype={"trace_hash": str})


def sweep(
    spec: SweepLike,
    client: Any = None,
    *,
    shard: Union[None, str, Tuple[int, int]] = None,
    workers: Optional[int] = None,
    processes: bool = True,
) -> "Any":
    """Run a sweep: one DataFrame row per point (point, the swept values, seed, the metrics,
    trace_hash), the rows ``tcplab sweep`` writes. ``client``: a dask.distributed Client or a
    scheduler address (else local processes; ``processes=False``: threads). Points that fail
    are left out, listed in ``df.attrs["failed"]`` (point → why) and warned about."""
    result = sweep_csv(spec, client, shard=shard, workers=workers, processes=processes)
    df = to_frame(result.csv)
    df.attrs["failed"] = result.failed
    if result.failed:
        lines = "\n".join(f"  point {i}: {why}" for i, why in sorted(result.failed.items()))
        warnings.warn(f"{len(result.failed)} sweep point(s) failed:\n{lines}", RuntimeWarning)
    return df


def merge(
    parts: Iterable[Union[str, "os.PathLike[str]"]],
    *,
    sweep: Optional[SweepLike] = None,
) -> str:
    """Join shard CSV files into the text an unsharded run writes (``tcplab sweep --merge``);
    with ``sweep``, also check that no point is missing at the end."""
    named: List[Tuple[str, str]] = []
    for f in parts:
        named.append((os.fspath(f), Path(f).read_text(encoding="utf-8")))
    expect = len(plan(sweep)) if sweep is not None else None
    try:
        return _native.merge_csv(named, expect)
    except ValueError as e:
        raise SweepError(problems_of(e)) from None
