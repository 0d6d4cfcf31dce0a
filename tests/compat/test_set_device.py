"""`mindspore.set_device` / `get_current_device` against MindSpore 2.10 (CPU build): the
argument checks, the one choice per process, what `get_context` reports after it
(tests/oracle/gen_set_device_golden.py)."""

import json
import sys

import pytest
from _paths import TESTS

from msfunc import context, device_manager
from msfunc.compat import alias_mindspore, unalias_mindspore

sys.path.insert(0, str(TESTS / "oracle"))
from set_device_cases import CASES, run_case  # noqa: E402

GOLDEN = json.loads((TESTS / "golden" / "set_device.json").read_text())


@pytest.fixture
def fresh_process():
    """A process that has not chosen its device (restored afterwards)."""
    saved = dict(context._settings), device_manager._CHOSEN[0]
    device_manager._CHOSEN[0] = None
    alias_mindspore()
    import mindspore

    yield mindspore
    unalias_mindspore()
    context._settings.clear()
    context._settings.update(saved[0])
    device_manager._CHOSEN[0] = saved[1]


@pytest.mark.skipif(context.running_device_target() != "CPU", reason="the golden run was on CPU")
@pytest.mark.parametrize("case", sorted(CASES))
def test_case_matches_mindspore(fresh_process, case):
    assert run_case(fresh_process, CASES[case]) == GOLDEN[case]


def test_repr_is_the_pair_and_other_targets_warn(fresh_process):
    ms = fresh_process
    assert repr(ms.get_current_device()) == repr(("CPU", 0)) or repr(
        ms.get_current_device()
    ) == repr(("GPU", 0))
    other = "Ascend"
    with pytest.warns(UserWarning, match="Ascend"):
        ms.set_device(other)
    assert ms.get_context("device_target") == context.running_device_target()
