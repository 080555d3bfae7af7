"""``tcplab.run``: one scenario run to its end natively (the GIL released), as ``tcplab run``
runs it: the same summary, the same trace hash, and the traces as a pandas DataFrame."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional

from . import _native
from ._errors import ScenarioError, problems_of
from .scenario import Scenario, ScenarioLike


class Run:
    """A finished run."""

    def __init__(self, native: "_native.NativeRun", scenario: Scenario):
        self._native = native
        self.scenario = scenario
        self.summary: Dict[str, Any] = json.loads(native.summary_json())
        self.trace_hash: str = native.trace_hash
        self._traces: Optional[Any] = None

    @property
    def traces(self) -> "Any":
        """Every trace column in one pandas DataFrame: time in seconds (``t_s``) as the index,
        one column per CLI CSV column named ``<file>.<column>`` (``flow-flow1.cwnd_segments``:
        the file ``tcplab run --csv`` writes, then its column)."""
        if self._traces is None:
            import numpy as np
            import pandas as pd

            width = self._native.width
            rows = np.frombuffer(self._native.rows(), dtype="<f8").reshape(-1, width)
            cols = [(stem, name, i) for stem, name, i in self._native.columns() if name != "t_s"]
            data = {f"{stem}.{name}": rows[:, i] for stem, name, i in cols}
            index = pd.Index(rows[:, 0], name="t_s")
            self._traces = pd.DataFrame(data, index=index)
        return self._traces

    @property
    def trace(self) -> "Any":
        """Same as ``traces``."""
        return self.traces

    def trace_files(self) -> List[str]:
        """The file stems of the traces (``flow-flow1``, ``link-bottleneck-a_b``)."""
        seen: List[str] = []
        for stem, _, _ in self._native.columns():
            if stem not in seen:
                seen.append(stem)
        return seen

    def trace_of(self, stem: str) -> "Any":
        """One file's columns, named as in that CSV file (``cwnd_segments``)."""
        df = self.traces
        prefix = stem + "."
        picked = df[[c for c in df.columns if c.startswith(prefix)]]
        return picked.rename(columns=lambda c: c[len(prefix):])

    @property
    def bounds(self) -> List[Dict[str, Any]]:
        """``tcplab bounds``: each TCP flow's analytic bounds and bound curves."""
        result: List[Dict[str, Any]] = json.loads(self._native.bounds_json())
        return result

    def to_csv(self, directory: "str | os.PathLike[str]") -> None:
        """Write the CSV files ``tcplab run --csv DIR`` writes."""
        self._native.to_csv(os.fspath(directory))

    def __repr__(self) -> str:
        return f"Run({self.scenario.source!r}, trace_hash={self.trace_hash!r})"


def run(scenario: ScenarioLike, *, keep_trace: bool = True) -> Run:
    """Run ``scenario`` (a Scenario, path, JSON text or dict) to its end. ``keep_trace=False``
    keeps only the summary and the hash (less memory for long runs)."""
    s = Scenario(scenario)
    try:
        native = _native.run(s.text, keep_trace)
    except ValueError as e:
        raise ScenarioError(problems_of(e)) from None
    return Run(native, s)
