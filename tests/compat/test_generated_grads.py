"""The gradient primitives MindSpore generates into ``ops.auto_generate`` (HSigmoidGrad,
MaximumGrad/MinimumGrad and their ties, GeLUGrad, PReLUGrad, NLLLossGrad, the resampling and
grid-sampler gradients, LayerNormGradGrad ...) against MindSpore 2.10's outputs for the same
calls (tests/golden/generated_grads.npz from tests/oracle/gen_generated_grads_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import grad_ops as G

GOLDEN = np.load(TESTS / "golden" / "generated_grads.npz")
CASES = json.loads(str(GOLDEN["cases"]))


def _input(case, j):
    a = GOLDEN[f"{case['key']}/in{j}"]
    if a.dtype.kind in "iu" and a.ndim == 1 and case["name"] != "NLLLossGrad":
        return tuple(int(v) for v in a)  # a size or shape argument
    return a


@pytest.mark.parametrize("case", CASES, ids=[f"{c['key']}-{c['name']}" for c in CASES])
def test_generated_grad_primitive_matches_mindspore(case):
    op = getattr(G, case["name"])(**case["kwargs"])
    out = op(*[_input(case, j) for j in range(case["n_in"])])
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == case["n_out"]
    for j, o in enumerate(outs):
        assert isinstance(o, msfunc.Tensor)
        want = GOLDEN[f"{case['key']}/out{j}"]
        np.testing.assert_allclose(o.asnumpy(), want, rtol=1e-4, atol=1e-5)


def test_hsigmoid_grad_refuses_inputs_of_different_shapes():
    with pytest.raises(ValueError, match="HSigmoidGrad"):
        G.HSigmoidGrad()(np.ones(3, np.float32), np.ones(4, np.float32))


def test_maximum_grad_grad_refuses_cotangents_of_other_shapes():
    x, y = np.ones((2, 3), np.float32), np.ones((1, 3), np.float32)
    with pytest.raises(ValueError, match="MaximumGradGrad"):
        G.MaximumGradGrad()(x, y, x, x)
