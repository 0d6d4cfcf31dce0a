"""`scipy.optimize.minimize(method="LBFGS")` over a Cell that assigns the point into the
network's Parameters and returns its loss (SciAI's L-BFGS phase) runs, takes MindSpore 2.10's
steps and leaves the Parameters where MindSpore leaves them
(tests/oracle/gen_minimize_parameters_golden.py)."""

import json
import sys

import numpy as np
import pytest
from _paths import TESTS

from msfunc.compat import alias_mindspore, unalias_mindspore

sys.path.insert(0, str(TESTS / "oracle"))
from minimize_parameter_cases import run  # noqa: E402

GOLDEN = json.loads((TESTS / "golden" / "minimize_parameters.json").read_text())


@pytest.fixture
def ms():
    alias_mindspore()
    import mindspore

    yield mindspore
    unalias_mindspore()


def test_lbfgs_over_parameter_writes_matches_mindspore(ms):
    got = run(ms)
    assert (got["nit"], got["nfev"]) == (GOLDEN["nit"], GOLDEN["nfev"])
    for key in ("x", "fun", "w", "b"):
        np.testing.assert_allclose(got[key], GOLDEN[key], rtol=1e-6, atol=1e-7, err_msg=key)
