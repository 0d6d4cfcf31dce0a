"""Initializers and layer defaults draw MindSpore 2.10's exact weights from numpy's state.

Golden arrays come from `tests/oracle/gen_initializer_streams.py` run under real MindSpore;
the same case functions run here with msfunc. Values are compared bit for bit (float32
Philox fills, numpy's own draws), except the Orthogonal cases, whose QR goes through
LAPACK (another build may round differently): there 4 float32 ulps.
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_initializer_streams as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)
RUNS = list(oracle.all_keys())


@pytest.mark.parametrize("name,seed,use_set_seed,prefix", RUNS, ids=[run[3] for run in RUNS])
def test_draws_match_mindspore(name, seed, use_set_seed, prefix):
    got = oracle.run_case(msfunc, name, seed, use_set_seed)
    want = {k[len(prefix) + 1 :]: GOLDEN[k] for k in GOLDEN.files if k.startswith(prefix + "/")}
    assert sorted(got) == sorted(want)
    for key, expected in want.items():
        value = got[key]
        assert value.shape == expected.shape and value.dtype == expected.dtype, key
        if name in oracle.LAPACK_CASES:
            np.testing.assert_array_max_ulp(value, expected, maxulp=4)
        else:
            np.testing.assert_array_equal(value, expected, err_msg=key)
