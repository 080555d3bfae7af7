"""``tcplab.grade``: a class graded as ``tcplab grade`` grades it (the shared grader,
tcplab-grade), each student's run made locally or on a Dask cluster."""

from __future__ import annotations

import io
import os
import warnings
from pathlib import Path
from typing import Any, Optional, Union

from . import _native
from ._errors import AssignmentError, problems_of
from ._executor import run_all


def _text(source: Any) -> str:
    if hasattr(source, "to_csv"):  # a DataFrame of students
        text: str = source.to_csv(index=False)
        return text
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source):
        return Path(source).read_bytes().decode("utf-8", errors="replace")
    return str(source)


def grade_csv(
    assignment: Union[str, "os.PathLike[str]"],
    students: Any,
    client: Any = None,
    *,
    format: str = "full",
    workers: Optional[int] = None,
    processes: bool = True,
) -> str:
    """The grade file ``tcplab grade ASSIGNMENT STUDENTS --format FORMAT`` writes, byte for
    byte. ``students``: a CSV path, CSV text or a DataFrame."""
    path = os.fspath(assignment)
    try:
        a_text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise AssignmentError([("", f"cannot read {path}: {e.strerror or e}")]) from None
    try:
        g = _native.grade_plan(path, a_text, _text(students))
    except ValueError as e:
        raise AssignmentError(problems_of(e)) from None
    results = run_all(_native.run_summary, g.jobs(), client=client, workers=workers, processes=processes)
    try:
        text, notes = g.finish(results, format)
    except ValueError as e:
        raise AssignmentError(problems_of(e)) from None
    for note in notes:
        warnings.warn(note, RuntimeWarning)
    return text


def grade(
    assignment: Union[str, "os.PathLike[str]"],
    students: Any,
    client: Any = None,
    *,
    format: str = "full",
    workers: Optional[int] = None,
    processes: bool = True,
) -> "Any":
    """Grade a class: the grade file as a DataFrame (one row per student). ``client``: a
    dask.distributed Client or a scheduler address."""
    import pandas as pd

    text = grade_csv(
        assignment, students, client, format=format, workers=workers, processes=processes
    )
    return pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
