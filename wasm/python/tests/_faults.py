"""Faults for the tests, in a module of its own so spawned worker processes can import it."""

from __future__ import annotations

import json
import os

from tcplab import _native

# The sweep point whose worker process dies.
DOOMED = 3


def run_task_or_die(task: str) -> str:
    """Run a sweep task, except point DOOMED, whose process exits at once (as a crash or
    the out-of-memory killer would end it)."""
    if json.loads(task)["index"] == DOOMED:
        os._exit(3)
    return _native.run_task(task)
