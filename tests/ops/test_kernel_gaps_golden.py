"""Gradient primitives, PSROIPooling and the sparse optimizer primitives against MindSpore 2.10.

tests/golden/kernel_gaps.npz holds real MindSpore's CPU results for the same calls
(tests/oracle/gen_kernel_gaps_golden.py): one case per primitive, where MindSpore's kernels
differ from the textbook formula (the forward PSROIPooling never pools the last row, the
sparse optimizers' rounding, RMSProp keeping the mean square under a zero gradient).
"""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import grad_ops as G
from msfunc.compat import nn_ops_private as NN
from msfunc.ops import operations as P

GOLDEN = np.load(TESTS / "golden" / "kernel_gaps.npz")
CASES = json.loads(str(GOLDEN["cases"]))


def _input(case, j):
    a = GOLDEN[f"{case['key']}/in{j}"]
    if case["kind"] == "optim" and a.ndim == 0 and a.dtype.kind == "f":
        value = float(a)
        return msfunc.Tensor(value, msfunc.float32) if case["tensor_scalars"] else value
    first_shape_arg = {"StridedSliceGrad": 1, "SliceGrad": 2}.get(case["name"], case["n_in"])
    if j >= first_shape_arg:  # shapes and slice bounds are tuples
        return tuple(int(v) for v in a)
    return msfunc.Tensor(a)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['key']}-{c['name']}" for c in CASES])
def test_kernel_matches_mindspore(case):
    # nn_ops' PSROIPooling is not exported from mindspore.ops (array_ops' classes are)
    op = getattr({"grad": G, "ops": NN}.get(case["kind"], P), case["name"])
    args = [_input(case, j) for j in range(case["n_in"])]
    params = [msfunc.Parameter(a, name=f"p{j}") for j, a in enumerate(args[: case["params"]])]
    # (json made the tuple attributes lists)
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in case["kwargs"].items()}
    out = op(**kwargs)(*params, *args[case["params"] :])
    outs = params if params else (out if isinstance(out, tuple) else (out,))
    assert len(outs) == case["n_out"]
    for j, o in enumerate(outs):
        np.testing.assert_allclose(
            o.asnumpy(), GOLDEN[f"{case['key']}/out{j}"], rtol=1e-5, atol=1e-6
        )


def test_sparse_adagrad_refuses_float64_and_ftrl_rows_of_the_wrong_shape():
    var = msfunc.Parameter(msfunc.Tensor(np.ones((2, 2))), name="var")
    accum = msfunc.Parameter(msfunc.Tensor(np.ones((2, 2))), name="accum")
    grad, indices = msfunc.Tensor(np.ones((1, 2))), msfunc.Tensor(np.array([0], np.int32))
    with pytest.raises(TypeError, match="float16 or float32"):
        P.SparseApplyAdagrad(lr=0.1)(var, accum, grad, indices)
    ones = [msfunc.Parameter(msfunc.Tensor(np.ones((2, 2), np.float32)), name=n) for n in "val"]
    with pytest.raises(ValueError, match="rows"):
        P.FusedSparseFtrl(0.1, 0.0, 0.0, -0.5)(
            *ones, msfunc.Tensor(np.ones((1, 3), np.float32)), indices
        )
