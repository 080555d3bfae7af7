"""tcplab's exceptions: a scenario, sweep or assignment that does not validate.

Each problem carries the field path the CLI prints (``topology.links[1].rate_bps``) and
its message; ``str(error)`` is the CLI's ``path: message`` lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Tuple


@dataclass(frozen=True)
class Problem:
    """One problem: where (a field path, empty for the whole document) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class TcplabError(ValueError):
    """Bad input to tcplab, with every problem found (``.problems``)."""

    def __init__(self, problems: Iterable[Tuple[str, str]]):
        self.problems: List[Problem] = [Problem(p, m) for p, m in problems]
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def paths(self) -> List[str]:
        """The field paths of the problems, in order."""
        return [p.path for p in self.problems]


class ScenarioError(TcplabError):
    """A scenario that does not validate (the CLI's exit status 2)."""


class SweepError(TcplabError):
    """A sweep file that does not validate; raised before any point runs."""


class AssignmentError(TcplabError):
    """An assignment that does not validate, or names a scenario that cannot be found."""


def problems_of(err: ValueError) -> List[Tuple[str, str]]:
    """The (path, message) pairs a native ValueError carries."""
    if len(err.args) == 2:  # PyValueError::new_err((path, message))
        return [(str(err.args[0]), str(err.args[1]))]
    arg = err.args[0] if err.args else ""
    if isinstance(arg, list):
        return [(str(p), str(m)) for p, m in arg]
    return [("", str(arg))]
