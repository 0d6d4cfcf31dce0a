"""Saved graphs (``save_graphs`` / ``MS_DEV_SAVE_GRAPHS``) against MindSpore 2.10's files.

The scenarios of tests/oracle/save_graphs_cases.py run with msfunc; their records match those
real MindSpore wrote into tests/golden/save_graphs.json (gen_save_graphs_golden.py).
"""

import inspect
import os

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc.transforms import graph_dump

SCENARIOS = case_table("save_graphs_cases").SCENARIOS
GOLDEN = golden("save_graphs")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__)
def test_scenario_matches_mindspore(scenario, tmp_path):
    record = {}
    scenario(ms, str(tmp_path / "graphs"), record.__setitem__)
    assert record == {scenario.__name__: GOLDEN[scenario.__name__]}


def test_stage_files_hold_the_compiled_program(tmp_path, monkeypatch):
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "1")
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS_PATH", str(tmp_path))
    square = ms.jit(lambda x: x * x)
    square(ms.Tensor([1.0, 2.0]))
    texts = {name.split("_")[1]: (tmp_path / name).read_text() for name in os.listdir(tmp_path)}
    assert set(texts) == {"bootstrap", "type", "validate", "backend"}
    assert "mul" in texts["type"] and "f32[2]" in texts["type"]  # the jaxpr
    assert "stablehlo.multiply" in texts["validate"]
    assert texts["backend"].splitlines()[1].startswith("HloModule")
    square(ms.Tensor([3.0, 4.0]))  # the same program: nothing more written
    assert len(os.listdir(tmp_path)) == 4


def test_settings_off_and_process_environment(monkeypatch):
    monkeypatch.delenv("MS_DEV_SAVE_GRAPHS", raising=False)
    assert graph_dump.settings() is None
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "2")
    monkeypatch.setenv("MS_DEV_DUMP_IR_INTERVAL", "x")  # (not a number: every file)
    config = graph_dump.settings()
    assert config is not None and (config.level, config.interval) == (2, 1)
    os.unsetenv("MS_DEV_SAVE_GRAPHS")  # (os.environ keeps its copy; the process has none)
    assert graph_dump.settings() is None


def _add_one(x):
    return x + 1


def test_validate_lists_source_locations(tmp_path, monkeypatch):
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "1")
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS_PATH", str(tmp_path))
    monkeypatch.setenv("MS_DEV_DUMP_IR_PASSES", "validate")
    ms.jit(_add_one)(ms.Tensor([1.0]))
    (name,) = os.listdir(tmp_path)
    lines, first = inspect.getsourcelines(_add_one)
    text = lines[1].rstrip("\n")
    where = f"# In file {__file__}:{first + 1}, "
    expected = [
        f"{where}{text.index('x + 1')}~{len(text)}/{text}/",  # the expression
        f"{where}{text.index('return')}~{len(text)}/{text}/",  # its statement, the return
    ]
    found = [line for line in (tmp_path / name).read_text().splitlines() if "In file" in line]
    assert found == expected
