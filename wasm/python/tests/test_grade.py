"""tcplab.grade: the grades `tcplab grade` gives, byte for byte."""

from __future__ import annotations

import json

import pytest

import tcplab
from conftest import short_default


def test_grades_are_the_clis(cli, tmp_path):
    assignment = {
        "format": "tcplab-assignment/1", "id": "t", "title": "T",
        "scenarios": {"main": short_default(2.0)},
        "variants": {"params": [{"path": "topology.links[bottleneck].delay_ms", "values": [9, 19]}]},
        "questions": [
            {"id": "good", "prompt": "Goodput?", "metric": "flows[flow1].goodput_bps",
             "scale": 1e-6, "unit": "Mb/s", "tolerance": {"rel": 0.05}},
            {"id": "drops", "prompt": "Drops?", "metric": "links[bottleneck/a>b].drops",
             "tolerance": {"abs": 0}, "points": 2},
        ],
    }
    a = tmp_path / "a.json"
    a.write_text(json.dumps(assignment))
    students = tmp_path / "class.csv"
    students.write_text("student,good,drops\nann,11.5,0\nbob,19,3\ncarl,,\n")
    out = cli("grade", str(a), str(students))
    assert out.returncode == 0, out.stderr
    assert tcplab.grade_csv(a, students, workers=1) == out.stdout
    df = tcplab.grade(a, students, processes=False)
    assert list(df["student"]) == ["ann", "bob", "carl"]
    scores = cli("grade", str(a), str(students), "--format", "scores")
    assert tcplab.grade_csv(a, students.read_text(), format="scores", workers=1) == scores.stdout


def test_a_bad_assignment_names_the_field(tmp_path):
    a = tmp_path / "a.json"
    a.write_text(json.dumps({"format": "tcplab-assignment/1", "id": "t", "title": "T",
                             "scenarios": {"main": "no-such-scenario"}, "questions": []}))
    with pytest.raises(tcplab.AssignmentError) as e:
        tcplab.grade(a, "student\ns1\n")
    assert "scenarios.main" in e.value.paths
