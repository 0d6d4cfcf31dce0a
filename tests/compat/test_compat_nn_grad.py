"""``mindspore.nn.grad``'s Jvp and Vjp Cells against derivatives written by hand."""

import numpy as np
import pytest

import msfunc
from msfunc import nn
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.compat.nn_grad import Jvp, Vjp


class TwoInTwoOut(nn.Cell):
    def construct(self, x, y):
        return x**3 + y, x * y


X = np.array([1.0, 2.0], np.float32)
Y = np.array([3.0, 4.0], np.float32)
V1 = np.array([1.0, -1.0], np.float32)
V2 = np.array([0.5, 2.0], np.float32)


def _t(a):
    return msfunc.Tensor(a)


def test_jvp_pushes_tangents_through_every_output():
    out, tangent = Jvp(TwoInTwoOut())(_t(X), _t(Y), (_t(V1), _t(V2)))
    np.testing.assert_allclose(out[0].asnumpy(), X**3 + Y)
    np.testing.assert_allclose(tangent[0].asnumpy(), 3 * X**2 * V1 + V2)
    np.testing.assert_allclose(tangent[1].asnumpy(), V1 * Y + X * V2)


def test_vjp_pulls_cotangents_back_to_every_input():
    out, grads = Vjp(TwoInTwoOut())(_t(X), _t(Y), (_t(V1), _t(V2)))
    np.testing.assert_allclose(out[1].asnumpy(), X * Y)
    np.testing.assert_allclose(grads[0].asnumpy(), 3 * X**2 * V1 + Y * V2)
    np.testing.assert_allclose(grads[1].asnumpy(), V1 + X * V2)
    _, single = Vjp(lambda x: x**3)(_t(X), _t(V1))
    assert isinstance(single, msfunc.Tensor)  # one input: one gradient, not a tuple
    np.testing.assert_allclose(single.asnumpy(), 3 * X**2 * V1)


def test_v_of_the_wrong_structure_is_a_type_error():
    cube = lambda x: x**3  # noqa: E731
    with pytest.raises(TypeError, match="`v`"):
        Jvp(cube)(_t(X), (_t(V1), _t(V1)))
    with pytest.raises(TypeError, match="one tuple"):
        Jvp(TwoInTwoOut())((_t(X), _t(Y)), (_t(V1), _t(V1)))
    with pytest.raises(TypeError, match="outputs"):
        Vjp(TwoInTwoOut())(_t(X), _t(Y), _t(V1))
    with pytest.raises(TypeError, match="fn"):
        Jvp(None)


def test_mindspore_nn_grad_path_gives_these_cells():
    alias_mindspore()
    try:
        from mindspore.nn.grad import Jvp as aliased_jvp
        from mindspore.nn.grad import Vjp as aliased_vjp
    finally:
        unalias_mindspore()
    assert aliased_jvp is Jvp and aliased_vjp is Vjp
