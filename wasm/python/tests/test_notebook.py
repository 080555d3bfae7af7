"""docs/notebooks/quickstart.ipynb runs from top to bottom (nbclient), so it cannot rot."""

from __future__ import annotations

import pytest

from conftest import ROOT


def test_the_quickstart_notebook_runs():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = ROOT / "docs/notebooks/quickstart.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("goodput" in "".join(o.get("text", "")) for o in outputs)
