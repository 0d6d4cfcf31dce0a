"""Model.train's dataset sink mode on the CPU target against MindSpore 2.10's CPU build
(golden/model_sink.json): no sink there, every step runs and reaches the callbacks, whose
batch_num is the sink size. The cases live in tests/oracle/model_sink_cases.py."""

import importlib.util
import json

import numpy as np
import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms

_spec = importlib.util.spec_from_file_location("model_sink_cases", ORACLE / "model_sink_cases.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

with open(GOLDEN / "model_sink.json") as _f:
    WANT = json.load(_f)


@pytest.mark.parametrize("name", sorted(cases.SETTINGS))
def test_sink_mode_on_cpu_trains_and_reports_as_mindspore(name):
    assert ms.get_context("device_target") == "CPU"
    got = cases.train_events(ms, *cases.SETTINGS[name])
    want = WANT[name]
    assert [e[:4] for e in got] == [e[:4] for e in want]
    # losses and the trained weight agree to float32's last place or so
    numbers = [e[-1] for e in got if e[0] in ("step", "weight")]
    expected = [e[-1] for e in want if e[0] in ("step", "weight")]
    np.testing.assert_allclose(numbers, expected, rtol=1e-6)
