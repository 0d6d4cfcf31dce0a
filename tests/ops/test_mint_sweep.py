"""Every public msfunc.mint and mint.nn.functional function called once, torch-style.

Each entry calls one function with typical arguments, by torch's documented signature
(keywords as torch names them), and states the result's shape that torch documents, so
a declaration that drops or misnames an argument fails here. The calls are in
tests/oracle/mint_sweep_cases.py, shared with the golden values of real MindSpore 2.10
(tests/ops/test_mint_golden.py); this sweep checks that each call works at all.
"""

import inspect
import sys

import numpy as np
import pytest
from _paths import ORACLE

from msfunc import Tensor, mint
from msfunc.mint._coverage import reference_names
from msfunc.mint.nn import functional as F

sys.path.insert(0, str(ORACLE))
from mint_sweep_cases import BINARY, UNARY, tables  # noqa: E402

TABLES = tables(mint, Tensor)
MINT, FUNCTIONAL, DEFAULTS = TABLES["mint"], TABLES["functional"], TABLES["defaults"]


def _public_functions(module, names):
    return sorted(
        n for n in names if callable(getattr(module, n)) and not inspect.isclass(getattr(module, n))
    )


MINT_FUNCTIONS = _public_functions(mint, mint.SUPPORTED)
FUNCTIONAL_FUNCTIONS = _public_functions(F, reference_names()["mindspore.mint.nn.functional"])


def _call(table, name):
    return table[name] if name in table else DEFAULTS[name]


def _shapes(result):
    if isinstance(result, (tuple, list)):
        return tuple(_shapes(r) for r in result)
    return np.shape(np.asarray(result))


def test_every_function_has_an_entry():
    # the tables name only real functions, every function has a call, and those of the
    # default call take (input) or (input, other)
    assert set(MINT) <= set(MINT_FUNCTIONS)
    assert set(FUNCTIONAL) <= set(FUNCTIONAL_FUNCTIONS)
    for names, table in ((MINT_FUNCTIONS, MINT), (FUNCTIONAL_FUNCTIONS, FUNCTIONAL)):
        assert set(names) - set(table) - set(DEFAULTS) == set()
    for names, params in ((UNARY, ["input"]), (BINARY, ["input", "other"])):
        for name in names:
            assert list(inspect.signature(getattr(mint, name)).parameters) == params, name


@pytest.mark.parametrize("namespace", ["mint", "mint.nn.functional"])
def test_every_function_runs_with_torch_arguments(namespace):
    module, names, table = (
        (mint, MINT_FUNCTIONS, MINT)
        if namespace == "mint"
        else (F, FUNCTIONAL_FUNCTIONS, FUNCTIONAL)
    )
    failures = {}
    for name in names:
        call, shape = _call(table, name)
        try:
            got = _shapes(call())
        except Exception as exc:  # noqa: BLE001  (collect every failure, report them at once)
            failures[name] = f"{type(exc).__name__}: {exc}"
            continue
        if got != shape:
            failures[name] = f"shape {got}, torch's is {shape}"
    assert failures == {}
