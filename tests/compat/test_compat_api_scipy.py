"""``mindspore.common.api``'s executors, ``mindspore.scipy.utils._nd_transpose`` and the scipy
primitives' MindSpore conventions (Eig without eigenvectors, Eigh at ``linalg_ops``, eigh's
argument checks)."""

import warnings

import jax.numpy as jnp
import numpy as np
import pytest

import msfunc
from msfunc import nn
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.compat.executors import _cell_graph_executor, _pynative_executor
from msfunc.compat.scipy_ops import Eig, Eigh
from msfunc.compat.scipy_utils import _nd_transpose
from msfunc.errors import UnsupportedError
from msfunc.ops.primitives import Primitive


def _t(values):
    return msfunc.Tensor(np.asarray(values, np.float32))


@pytest.fixture
def aliased():
    alias_mindspore()
    yield
    unalias_mindspore()


def test_compile_traces_without_running_or_writing_parameters():
    net = nn.Dense(3, 2)
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.5)
    )
    w0 = net.weight.asnumpy().copy()
    x = msfunc.Tensor(np.ones((4, 3), np.float32))
    phase, ok = _cell_graph_executor.compile(train, x, np.ones((4, 2), np.float32), phase="train")
    assert ok is True and phase.startswith("train.")
    np.testing.assert_array_equal(net.weight.asnumpy(), w0)
    with pytest.raises(ValueError):  # the shape error a graph compile reports (as MindSpore)
        _cell_graph_executor.compile(net, msfunc.Tensor(np.ones((4, 5), np.float32)))


def test_compile_keeps_python_arguments_constant():
    seen = []

    def fn(x, repeat):
        seen.append(type(repeat))
        return x * repeat

    _cell_graph_executor.compile(fn, np.ones(2, np.float32), 3)
    assert seen == [int]
    with pytest.raises(TypeError, match="obj"):
        _cell_graph_executor.compile(None, np.ones(2))


def test_compile_of_a_random_layer_leaves_the_random_stream_alone():
    x = _t([[-1.2, 2.1], [-2.2, 3.2]])
    msfunc.set_seed(7)
    expected = np.asarray(msfunc.ops.uniform((3,), _t(0.0), _t(1.0)))
    msfunc.set_seed(7)
    _cell_graph_executor.compile(nn.RReLU(0.1, 0.5), x)
    drop = nn.Dropout(p=0.5).set_train()
    _cell_graph_executor.compile(drop, x)
    np.testing.assert_array_equal(np.asarray(msfunc.ops.uniform((3,), _t(0.0), _t(1.0))), expected)


def test_compile_of_a_graph_mode_training_cell_writes_nothing():
    mode = msfunc.get_context("mode")
    msfunc.set_context(mode=msfunc.GRAPH_MODE)
    try:
        net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        train = nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9)
        )
        _cell_graph_executor.compile(train, _t(np.ones((1, 3))), _t(np.zeros((1, 2))))
    finally:
        msfunc.set_context(mode=mode)
    assert net.weight.asnumpy().tolist() == [[1.0] * 3] * 2
    assert int(train.optimizer.global_step.asnumpy().reshape(-1)[0]) == 0


def test_pynative_executor_syncs_and_names_what_it_lacks(aliased):
    from mindspore.common.api import _pynative_executor as aliased_executor

    assert aliased_executor is _pynative_executor
    _pynative_executor.sync()
    # (JAX dispatches asynchronously already; MindSpore 2.10 takes a bool or int, refuses a str)
    _pynative_executor.set_async_for_graph(True)
    with pytest.raises(TypeError):
        _pynative_executor.set_async_for_graph("yes")
    with pytest.raises(UnsupportedError, match="_pynative_executor.grad_jit"):
        _pynative_executor.grad_jit()


def test_nd_transpose_swaps_the_last_two_axes():
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    np.testing.assert_array_equal(_nd_transpose(msfunc.Tensor(a)).asnumpy(), np.swapaxes(a, -1, -2))
    with pytest.raises(ValueError, match="2 dimensions"):
        _nd_transpose(np.ones(3))


def test_eig_without_vectors_gives_a_zero_second_output_and_checks_its_input():
    a = np.array([[2.0, 1.0], [0.0, 3.0]], np.float32)
    w, v = Eig(False)(a)
    assert isinstance(w, msfunc.Tensor) and v.shape == () and complex(v.asnumpy()) == 0
    np.testing.assert_allclose(np.sort(w.asnumpy().real), [2.0, 3.0], rtol=1e-6)
    for bad in (np.float32(1.0), np.ones(1, np.float32), np.ones((2, 3), np.float32)):
        with pytest.raises(ValueError, match="square"):
            Eig(True)(bad)


def test_eigh_is_reachable_at_linalg_ops_and_solves_the_lower_triangle(aliased):
    from mindspore.ops.operations.linalg_ops import Eigh as aliased_eigh

    assert aliased_eigh is Eigh
    a = np.array([[2.0, 9.0], [1.0, 2.0]], np.float32)  # the upper entry is ignored
    w, v = Eigh(True, True)(a)
    sym = np.array([[2.0, 1.0], [1.0, 2.0]])
    np.testing.assert_allclose(w.asnumpy(), np.linalg.eigvalsh(sym), rtol=1e-6)
    np.testing.assert_allclose(sym @ v.asnumpy(), v.asnumpy() * w.asnumpy(), atol=1e-5)


@pytest.mark.parametrize("lower", [True, False])
def test_eigh_gradient_reaches_only_the_triangle_it_reads(lower):
    from msfunc.scipy.linalg import eigh

    a = np.random.default_rng(0).standard_normal((4, 4))  # not symmetric

    def f(m):
        w, v = eigh(m, lower=lower)
        return w.sum() + (v * v[:1]).sum()

    got = np.asarray(msfunc.grad(f)(msfunc.Tensor(a)))
    eps, want = 1e-6, np.zeros_like(a)
    for i, j in np.ndindex(a.shape):
        step = np.zeros_like(a)
        step[i, j] = eps
        want[i, j] = (float(f(msfunc.Tensor(a + step))) - float(f(msfunc.Tensor(a - step)))) / (
            2 * eps
        )
    np.testing.assert_allclose(got, want, atol=1e-6)
    ignored = np.triu(np.ones((4, 4)), 1) if lower else np.tril(np.ones((4, 4)), -1)
    assert np.all(got[ignored == 1] == 0)


def test_a_python_primitive_returns_tensors():
    class Double(Primitive):
        def construct(self, x):
            return 2 * jnp.asarray(x), 1

    out, one = Double()(np.ones(2, np.float32))
    assert isinstance(out, msfunc.Tensor) and one == 1


def test_eigh_checks_flags_then_dtype_then_shape():
    from msfunc.scipy.linalg import eigh

    a = np.eye(3, dtype=np.float32)
    with pytest.raises(TypeError, match="lower"):  # before b's wrong shape is seen
        eigh(a, np.ones(3, np.float32), lower=5.0)
    with pytest.raises(TypeError, match="check_finite"):
        eigh(a, check_finite=None)
    with pytest.raises(TypeError, match="dtype"):
        eigh(a.astype(np.float16))
    for shape in ((3,), (2, 3, 3), (2, 3)):
        with pytest.raises(ValueError, match="square"):
            eigh(np.ones(shape, np.float32))
    w = eigh(np.array([[2, 1], [1, 2]], np.int32), eigvals_only=True)
    np.testing.assert_allclose(w.asnumpy(), [1.0, 3.0], rtol=1e-6)


def test_dct_takes_lengths_and_axes_given_as_0d_arrays():
    import scipy.fft

    from msfunc.scipy.fft import dct, idctn

    x = np.random.default_rng(0).standard_normal((2, 5)).astype(np.float32)
    want = scipy.fft.dct(x, n=3, axis=1, norm="ortho")
    got = dct(msfunc.Tensor(x), 2, msfunc.mutable(3), msfunc.mutable(1), "ortho")
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5, atol=1e-6)
    jitted = msfunc.jit(lambda a, n: dct(a, 2, n, -1, "ortho"))
    with warnings.catch_warnings():  # a length given as mutable: specialized on, compiled
        warnings.simplefilter("error")
        out = jitted(msfunc.Tensor(x), msfunc.mutable(3))
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(
        idctn(x, 2, None, [msfunc.mutable(0)], "ortho").asnumpy(),
        scipy.fft.idctn(x, axes=[0], norm="ortho"),
        rtol=1e-5,
        atol=1e-6,
    )
    with pytest.raises(TypeError, match="`n`"):
        dct(x, 2, 2.5)


@pytest.mark.parametrize("alignment", ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"])
def test_ops_wrapper_matrix_set_diag_places_a_padded_band(alignment):
    from msfunc.compat.scipy_ops import matrix_set_diag

    m, n, low, high = 4, 3, -2, 1
    x = np.arange(m * n, dtype=np.float32).reshape(m, n) + 100
    lengths = {d: min(m + min(d, 0), n - max(d, 0)) for d in range(low, high + 1)}
    width = max(lengths.values())
    diag = np.full((high - low + 1, width), -1.0, np.float32)  # -1: padding, never placed
    want = x.copy()
    for i, d in enumerate(range(high, low - 1, -1)):
        right = alignment.split("_")[0 if d >= 0 else 1] == "RIGHT"
        start = width - lengths[d] if right else 0
        for j in range(lengths[d]):
            diag[i, start + j] = 10 * i + j
            want[j + max(-d, 0), j + max(d, 0)] = 10 * i + j
    got = matrix_set_diag(
        msfunc.Tensor(x), diag, k=msfunc.Tensor(np.array([low, high])), alignment=alignment
    )
    np.testing.assert_array_equal(got.asnumpy(), want)
    assert matrix_set_diag(x, np.zeros(3, np.float32), 0).asnumpy().trace() == 0
    with pytest.raises(ValueError, match="alignment"):
        matrix_set_diag(x, diag, (low, high), "UP_DOWN")
