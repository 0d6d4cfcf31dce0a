"""Adam, AdamWeightDecay, RMSProp, SGD and Momentum in a MindSpore program round as MindSpore's
float32 CPU kernels do, bit for bit: each case of tests/oracle/gen_optimizer_kernels_golden.py
(the primitives and the nn optimizers over four steps), run with msfunc, equals MindSpore
2.10's."""

import sys

import numpy as np
from _numerics import golden_bit_tests
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_optimizer_kernels_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "optimizer_kernels.npz")
results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_centred_estimates_below_zero_leave_the_parameter():
    # the golden case holds entries the kernel skipped: they keep their starting value
    start = gen._arrays(3, 5)[0]
    kept = GOLDEN_FILE["apply_centered_rms_prop.0"] == start
    assert 0 < kept.sum() < kept.size


def test_other_programs_round_as_xla_chooses():
    # outside MindSpore programs the same update is computed in float32 without hand rounding:
    # close to the kernel's values, not necessarily equal
    for name, values in gen.cases(ms).items():
        if "ftrl" in name:
            # there FTRL thresholds with linear's sign as documented (tests/nn/test_optim.py)
            continue
        for i, value in enumerate(values):
            np.testing.assert_allclose(value, GOLDEN_FILE[f"{name}.{i}"], rtol=1e-5, atol=1e-6)
