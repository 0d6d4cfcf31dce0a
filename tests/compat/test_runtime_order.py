"""msfunc.utils' communication-order checks give MindSpore 2.10's keys, cycles, logged errors and
exception types (tests/golden/runtime_order.json, from the cases of
tests/oracle/runtime_order_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

from msfunc import log
from msfunc.utils import execution_order as rt

_CASES = case_table("runtime_order_cases").CASES
_GOLDEN = golden("runtime_order")


@pytest.fixture(autouse=True)
def _no_communication_group(monkeypatch):
    """The golden values were recorded in a process with no communication group; other tests
    (init's doctest among them) may leave one initialised in the same worker."""
    from msfunc.communication import management

    monkeypatch.setitem(management._state, "initialized", False)
    monkeypatch.setattr(rt, "_collecting", [False])


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](rt, log) == _GOLDEN[name]


def test_mindspore_paths_show_the_module_and_its_function():
    """``mindspore.utils.runtime_execution_order_check`` is the function, while the module of
    that name still imports (MindSpore's package rebinds the name)."""
    import importlib

    from msfunc.compat import alias_mindspore, unalias_mindspore

    alias_mindspore()
    try:
        import mindspore.utils

        module = importlib.import_module("mindspore.utils.runtime_execution_order_check")
        assert mindspore.utils.runtime_execution_order_check is rt.runtime_execution_order_check
        assert module.ExecuteOrder is rt.ExecuteOrder
        from mindspore._c_expression import CommExecOrderChecker

        assert CommExecOrderChecker is rt.CommExecOrderChecker
    finally:
        unalias_mindspore()
