"""BiDense against real MindSpore 2.10 (tests/oracle/gen_nn_dense_golden.py, whose case functions
run here with ``ms = msfunc``), its gradients against finite differences, and its argument
checks (MindSpore's exception types)."""

import numpy as np
import pytest
from _cell_golden import check_case, load, numeric_grad, weight_grad

import msfunc as ms
from msfunc import nn, ops

oracle, GOLDEN = load("gen_nn_dense_golden")


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_matches_mindspore(name):
    check_case(oracle, GOLDEN, name)


def test_bidense_gradients_match_finite_differences():
    net, (x1, x2) = oracle.CASES["bidense_2d"](ms, nn)
    got, want = weight_grad(net, net.weight, lambda n: ops.sum(n(x1, x2) ** 2))
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-3)
    analytic = ms.grad(lambda a: ops.sum(net(a, x2) ** 2))(x1)
    numeric = numeric_grad(lambda a: float(ops.sum(net(ms.Tensor(a), x2) ** 2)), x1.asnumpy())
    np.testing.assert_allclose(np.asarray(analytic), numeric, rtol=2e-2, atol=2e-3)


def _t(values, dtype=ms.float32):
    return ms.Tensor(np.asarray(values), dtype)


BAD_ARGUMENTS = [
    (lambda: nn.BiDense(2.0, 3, 4), TypeError),
    (lambda: nn.BiDense(True, 3, 4), TypeError),
    (lambda: nn.BiDense(0, 3, 4), ValueError),
    (lambda: nn.BiDense(2, 3, 4, has_bias=1), TypeError),
    (lambda: nn.BiDense(2, 3, 4, weight_init=_t(np.ones((4, 2, 2)))), ValueError),
    (lambda: nn.BiDense(2, 3, 4, bias_init=_t(np.ones(3))), ValueError),
    (lambda: nn.BiDense(2, 3, 4)(_t(np.ones((5, 2))), _t(np.ones((4, 3)))), ValueError),
    (lambda: nn.BiDense(2, 3, 4)(_t(np.ones((5, 3))), _t(np.ones((5, 3)))), ValueError),
    (
        lambda: nn.BiDense(2, 3, 4, dtype=ms.float16)(_t(np.ones((5, 2))), _t(np.ones((5, 3)))),
        TypeError,
    ),
]


@pytest.mark.parametrize("make, error", BAD_ARGUMENTS)
def test_bad_arguments_raise_the_error_type_mindspore_raises(make, error):
    with pytest.raises(error):
        make()
