"""The gradient primitives of ``mindspore.ops.operations._grad_ops`` against MindSpore 2.10.

tests/golden/compat_grad_ops.npz holds real MindSpore's outputs for the same calls
(tests/oracle/gen_compat_grad_ops_golden.py); pooling and batch-norm gradients are
also checked against finite differences of the forward op.
"""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import auto_generate as A
from msfunc.compat import grad_ops as G

GOLDEN = np.load(TESTS / "golden" / "compat_grad_ops.npz")
CASES = json.loads(str(GOLDEN["cases"]))


def _input(case, j):
    a = GOLDEN[f"{case['key']}/in{j}"]
    if a.dtype == object or a.shape == () and a.dtype.kind not in "fiub":
        return None
    if case["name"] == "Conv2DBackpropFilter" and j == 2:
        return tuple(int(v) for v in a)
    return a


@pytest.mark.parametrize("case", CASES, ids=[f"{c['key']}-{c['name']}" for c in CASES])
def test_grad_primitive_matches_mindspore(case):
    op = (getattr(G, case["name"], None) or getattr(A, case["name"]))(**case["kwargs"])
    out = op(*[_input(case, j) for j in range(case["n_in"])])
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == case["n_out"]
    for j, o in enumerate(outs):
        assert isinstance(o, msfunc.Tensor)
        np.testing.assert_allclose(
            o.asnumpy(), GOLDEN[f"{case['key']}/out{j}"], rtol=2e-5, atol=2e-5
        )


def test_batch_norm_grad_training_is_the_derivative_of_batch_norm():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 2, 2, 2))
    scale, dout = rng.uniform(0.5, 2, 2), rng.standard_normal((3, 2, 2, 2))

    def loss(x, scale, bias):
        mean, var = x.mean((0, 2, 3), keepdims=True), x.var((0, 2, 3), keepdims=True)
        y = (x - mean) / np.sqrt(var + 1e-5) * scale.reshape(1, -1, 1, 1) + bias.reshape(
            1, -1, 1, 1
        )
        return float((y * dout).sum())

    bias = np.zeros(2)
    dx, dscale, dbias = G.BatchNormGrad(is_training=True)(
        jnp.asarray(dout, jnp.float32),
        jnp.asarray(x, jnp.float32),
        jnp.asarray(scale, jnp.float32),
        jnp.asarray(x.mean((0, 2, 3)), jnp.float32),
        jnp.asarray(x.var((0, 2, 3)), jnp.float32),
        None,
    )
    eps = 1e-6
    for arr, got in ((x, dx), (scale, dscale), (bias, dbias)):
        fd = np.zeros_like(arr)
        for i in np.ndindex(arr.shape):
            up, down = arr.copy(), arr.copy()
            up[i] += eps
            down[i] -= eps
            args = [up if a is arr else a for a in (x, scale, bias)]
            args2 = [down if a is arr else a for a in (x, scale, bias)]
            fd[i] = (loss(*args) - loss(*args2)) / (2 * eps)
        np.testing.assert_allclose(got.asnumpy(), fd, rtol=1e-3, atol=1e-4)


def test_max_pool_grad_routes_each_cotangent_to_its_window_maximum():
    x = np.array(
        [
            [
                [
                    [1.0, 5.0, 2.0, 0.0],
                    [3.0, 4.0, 8.0, 1.0],
                    [0.0, 0.0, 1.0, 2.0],
                    [9.0, 0.0, 3.0, 0.0],
                ]
            ]
        ],
        np.float32,
    )
    dout = np.array([[[[10.0, 20.0], [30.0, 40.0]]]], np.float32)
    want = np.zeros_like(x)
    want[0, 0, 0, 1], want[0, 0, 1, 2], want[0, 0, 3, 0], want[0, 0, 3, 2] = 10, 20, 30, 40
    got = G.MaxPoolGrad(kernel_size=2, strides=2)(x, None, dout)
    np.testing.assert_array_equal(got.asnumpy(), want)


def test_flatten_grad_and_concat_offset():
    dout = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert G.FlattenGrad()(dout, (2, 3, 1)).shape == (2, 3, 1)
    xs = (np.ones((2, 3)), np.ones((2, 4)), np.ones((2, 1)))
    np.testing.assert_array_equal(G.ConcatOffset(3, 1)(xs).asnumpy(), [[0, 0], [0, 3], [0, 7]])
    with pytest.raises(ValueError, match="N=2"):
        G.ConcatOffset(2, 1)(xs)


def test_grad_primitives_trace_under_jit():
    f = jax.jit(lambda dout, x: jnp.asarray(G.ReluGrad()(dout, x)))
    np.testing.assert_array_equal(f(jnp.ones(3), jnp.array([-1.0, 1.0, 2.0])), [0, 1, 1])


@pytest.mark.parametrize("keep_prob, error", [(0.0, ValueError), (1.5, ValueError), (1, TypeError)])
def test_dropout_grad_refuses_a_keep_prob_outside_0_1(keep_prob, error):
    with pytest.raises(error, match="keep_prob"):
        G.DropoutGrad(keep_prob)
