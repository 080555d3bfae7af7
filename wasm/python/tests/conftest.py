"""Shared fixtures of the Python package's tests: the repository root, the native CLI
(built by `npm test` before these run, or by `cargo build --release --bin tcplab`) and a
short sweep."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

ROOT = Path(__file__).resolve().parents[3]


def cli_path() -> Path:
    env = os.environ.get("TCPLAB_CLI")
    if env:
        return Path(env)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "wasm" / "target"))
    for profile in ("release", "debug"):
        p = target / profile / "tcplab"
        if p.exists():
            return p
    pytest.fail("the tcplab CLI is not built: cargo build --release --bin tcplab (in wasm/)")


@pytest.fixture(scope="session")
def cli():
    path = cli_path()

    def call(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
        # Bytes decoded by hand: text=True would turn the grade file's CRLF into LF.
        r = subprocess.run([str(path), *args], cwd=cwd, capture_output=True)
        return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(), r.stderr.decode())

    return call


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def short_default(duration_s: float = 1.0) -> Dict[str, Any]:
    s: Dict[str, Any] = json.loads((ROOT / "content/scenarios/default.json").read_text())
    s["duration_s"] = duration_s
    return s


@pytest.fixture()
def small_sweep(tmp_path: Path) -> Path:
    """A 6-point sweep of the default scenario (buffer × seed), one second each."""
    spec: Dict[str, Any] = {
        "version": 1,
        "scenario": short_default(),
        "parameters": [
            {"name": "buffer", "path": "topology.links[bottleneck].queue.limit_packets",
             "values": [10, 40, 160]},
        ],
        "seeds": [1, 2],
        "metrics": ["flows[0].goodput_bps", "links[1].drops", "flows[0].timeouts"],
    }
    f = tmp_path / "sweep.json"
    f.write_text(json.dumps(spec))
    return f


def golden() -> List[Any]:
    d = json.loads((ROOT / "tests/golden/expected.json").read_text())
    return sorted(d.items())
