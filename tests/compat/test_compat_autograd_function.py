"""``mindspore._Function``: custom forward/backward pairs under msfunc's grad, checked against
derivatives written by hand."""

import numpy as np
import pytest

import msfunc
from msfunc.compat.autograd_function import Function

X = np.array([2.0, -1.0], np.float32)
Y = np.array([3.0, 0.5], np.float32)


def _t(a):
    return msfunc.Tensor(a)


class ScaledSquare(Function):
    """forward x*x + y, backward deliberately scaled (3, 4) so the custom rule is visible."""

    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x)
        ctx.note = "kept"
        return x * x + y, x * x

    @staticmethod
    def backward(ctx, dz, dt):
        (x,) = ctx.saved_tensors
        assert ctx.note == "kept" and ctx.needs_input_grad == (True, True)
        return 3 * x * dz + dt, 4 * dz


def test_backward_replaces_the_derivative():
    gx, gy = msfunc.grad(lambda x, y: ScaledSquare.apply(x, y)[0].sum(), (0, 1))(_t(X), _t(Y))
    np.testing.assert_allclose(gx.asnumpy(), 3 * X)
    np.testing.assert_allclose(gy.asnumpy(), [4.0, 4.0])
    z, t = ScaledSquare.apply(_t(X), _t(Y))
    np.testing.assert_allclose(z.asnumpy(), X * X + Y)


def test_unused_outputs_reach_backward_as_none_without_materialize_grads():
    seen = []

    class Lazy(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x * 2, x * 3

        @staticmethod
        def backward(ctx, da, db):
            seen.append(db)
            return 2 * da

    g = msfunc.grad(lambda x: Lazy.apply(x)[0].sum())(_t(X))
    np.testing.assert_allclose(g.asnumpy(), [2.0, 2.0])
    assert seen == [None]


def test_non_tensor_inputs_outputs_and_broadcast_gradients():
    class Mixed(Function):
        @staticmethod
        def forward(ctx, x, k):
            assert ctx.needs_input_grad == (True, False)
            return x * k, 4

        @staticmethod
        def backward(ctx, dout, dconst):
            assert dconst is None
            return dout * msfunc.Tensor(np.ones((3, 1), np.float32)), None  # (3, 2): summed

    g = msfunc.grad(lambda x: Mixed.apply(x, 5)[0].sum())(_t(X))
    np.testing.assert_allclose(g.asnumpy(), [3.0, 3.0])


def test_non_differentiable_output_gives_zero_gradient():
    class Frozen(Function):
        @staticmethod
        def forward(ctx, x):
            out = x * x
            ctx.mark_non_differentiable(out)
            return out

        @staticmethod
        def backward(ctx, dout):
            return dout + 1.0  # sees zeros, so the gradient is 1 only if dout was kept

    g = msfunc.grad(lambda x: Frozen.apply(x).sum())(_t(X))
    np.testing.assert_allclose(g.asnumpy(), [1.0, 1.0])


@pytest.mark.parametrize(
    "backward, message",
    [
        (lambda ctx, dz: (dz,), "wrong number of gradients"),
        (lambda ctx, dz: (dz, 4), "none or tensor"),
    ],
)
def test_bad_backward_results_are_runtime_errors(backward, message):
    class Bad(Function):
        forward = staticmethod(lambda ctx, x, y: x * y)

    Bad.backward = staticmethod(backward)
    with pytest.raises(RuntimeError, match=message):
        msfunc.grad(lambda x, y: Bad.apply(x, y).sum())(_t(X), _t(Y))


def test_mindspore_private_function_name_through_the_alias():
    from msfunc.compat import alias_mindspore, unalias_mindspore

    alias_mindspore()
    try:
        import mindspore
        from mindspore import _Function

        assert _Function is Function
        assert not hasattr(mindspore, "FunctionCtx")  # only the private name is answered
    finally:
        unalias_mindspore()
