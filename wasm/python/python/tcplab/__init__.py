"""tcplab from Python: run TCP scenarios with the simulator behind the web lab and the
``tcplab`` CLI (the same reader, the same runs, the same trace hashes), get the traces as
pandas DataFrames, and run sweeps and grading locally or on a Dask cluster.

    import tcplab
    r = tcplab.run("content/scenarios/default.json")
    r.summary["flows"][0]["goodput_bps"], r.trace_hash
    r.traces.filter(like="cwnd_segments").plot()
"""

from __future__ import annotations

import json
from typing import Any, Dict

from . import _native
from ._errors import AssignmentError, Problem, ScenarioError, SweepError, TcplabError
from .grade import grade, grade_csv
from .run import Run, run
from .scenario import Scenario
from .sweep import merge, plan, sweep, sweep_csv

__version__: str = _native.__version__

__all__ = [
    "AssignmentError",
    "Problem",
    "Run",
    "Scenario",
    "ScenarioError",
    "SweepError",
    "TcplabError",
    "grade",
    "grade_csv",
    "json_schema",
    "merge",
    "plan",
    "run",
    "sweep",
    "sweep_csv",
]


def json_schema(which: str = "scenario") -> Dict[str, Any]:
    """The JSON Schema of a scenario (``"scenario"``) or a sweep file (``"sweep"``)."""
    result: Dict[str, Any] = json.loads(_native.json_schema(which))
    return result
