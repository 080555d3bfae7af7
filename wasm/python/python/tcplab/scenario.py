"""``tcplab.Scenario``: a scenario read from a path, a JSON string or a dict, checked by the
CLI's own reader and validator (so the errors and their field paths are the CLI's)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, Union

from . import _native
from ._errors import ScenarioError

ScenarioLike = Union["Scenario", str, "os.PathLike[str]", Dict[str, Any]]


class Scenario:
    """A valid scenario. ``Scenario(source)``: a path to a JSON file, JSON text, or a dict."""

    __slots__ = ("text", "source")
    text: str
    source: str

    def __init__(self, source: ScenarioLike):
        if isinstance(source, Scenario):
            self.text, self.source = source.text, source.source
            return
        if isinstance(source, dict):
            data, origin = json.dumps(source).encode(), "<dict>"
        elif isinstance(source, os.PathLike) or (
            isinstance(source, str) and not source.lstrip().startswith("{")
        ):
            path = Path(source)
            try:
                data = path.read_bytes()
            except OSError as e:
                raise ScenarioError([("", f"cannot read {path}: {e.strerror or e}")]) from None
            origin = str(path)
        elif isinstance(source, str):
            data, origin = source.encode(), "<json>"
        else:
            raise TypeError(f"a scenario is a path, JSON text or a dict, not {type(source).__name__}")
        # The bytes as the CLI reads a file: a byte-order mark, UTF-16 or bytes that are not
        # UTF-8 are refused with the reader's codes, before any decoding here.
        problems = _native.scenario_errors(data)
        if problems:
            raise ScenarioError(problems)
        self.text = data.decode("utf-8")
        self.source = origin

    def to_dict(self) -> Dict[str, Any]:
        """The scenario as written (a fresh dict each time)."""
        result: Dict[str, Any] = json.loads(self.text)
        return result

    def normalised(self) -> Dict[str, Any]:
        """The scenario as the model reads it, every default written out."""
        result: Dict[str, Any] = json.loads(_native.scenario_normalised(self.text))
        return result

    def __repr__(self) -> str:
        return f"Scenario({self.source!r})"
