"""tcplab's exceptions: a scenario, sweep or assignment that does not validate.

Each problem carries the field path the CLI prints (``topology.links[1].rate_bps``) and
its message; ``str(error)`` is the CLI's ``path: message`` lines. A scenario's problems also
carry the reader's and validator's stable code (``negative_number``, ``unknown_variant``, …;
the list is the ``ErrorCode`` enum of the scenario reader, the codes the page renders its
messages from) and the values the message names (``params``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Sequence, Tuple


@dataclass(frozen=True)
class Problem:
    """One problem: where (a field path, empty for the whole document) and what; for a
    scenario, also its code and the values its message names."""

    path: str
    message: str
    code: str = ""
    params: Dict[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class TcplabError(ValueError):
    """Bad input to tcplab, with every problem found (``.problems``)."""

    def __init__(self, problems: Iterable[Sequence[str]]):
        self.problems: List[Problem] = [_problem(p) for p in problems]
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def paths(self) -> List[str]:
        """The field paths of the problems, in order."""
        return [p.path for p in self.problems]

    @property
    def codes(self) -> List[str]:
        """The problems' codes, in order (empty where a problem has none)."""
        return [p.code for p in self.problems]


def _problem(p: Sequence[str]) -> Problem:
    """A Problem from (path, message) or the native (path, message, code, params JSON)."""
    if len(p) == 4:
        return Problem(str(p[0]), str(p[1]), str(p[2]), json.loads(p[3]))
    return Problem(str(p[0]), str(p[1]))


class ScenarioError(TcplabError):
    """A scenario that does not validate (the CLI's exit status 2)."""


class SweepError(TcplabError):
    """A sweep file that does not validate; raised before any point runs."""


class AssignmentError(TcplabError):
    """An assignment that does not validate, or names a scenario that cannot be found."""


def problems_of(err: ValueError) -> List[Tuple[str, ...]]:
    """The problems a native ValueError carries: (path, message), or (path, message, code,
    params JSON) for a scenario's."""
    if len(err.args) == 2:  # PyValueError::new_err((path, message))
        return [(str(err.args[0]), str(err.args[1]))]
    arg = err.args[0] if err.args else ""
    if isinstance(arg, list):
        return [tuple(str(x) for x in p) for p in arg]
    return [("", str(arg))]
