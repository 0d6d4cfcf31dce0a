"""State ops write Parameters through the state frame and reject plain tensors."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc._state import Frame
from msfunc.ops import func_state as S


def _p(value, name):
    return ms.Parameter(jnp.asarray(value, jnp.float32), name=name)


def test_assign_family_updates_the_box_and_casts():
    w = _p([1.0, 2.0], "w_assign")
    out = S.assign(w, jnp.array([3, 4]))
    assert out.dtype == jnp.float32
    np.testing.assert_allclose(w.asnumpy(), [3.0, 4.0])
    S.assign_add(w, jnp.ones(2, jnp.float32))
    S.assign_sub(w, 0.5 * jnp.ones(2, jnp.float16))  # (a narrower float fits too)
    np.testing.assert_allclose(w.asnumpy(), [3.5, 4.5])


@pytest.mark.parametrize(
    "name,upd,want",
    [
        ("scatter_add", [1.0, 2.0], [0.0, 3.0, 0.0]),
        ("scatter_update", [1.0, 1.0], [0.0, 1.0, 0.0]),
        ("scatter_max", [-1.0, 5.0], [0.0, 5.0, 0.0]),
        ("scatter_mul", [2.0, 3.0], [0.0, 0.0, 0.0]),
    ],
)
def test_scatter_on_rows(name, upd, want):
    w = _p([0.0, 0.0, 0.0], "w_" + name)
    out = getattr(S, name)(w, jnp.array([1, 1]), jnp.array(upd))
    np.testing.assert_allclose(out, want)
    np.testing.assert_allclose(w.asnumpy(), want)


def test_scatter_nd_and_inplace_ops():
    w = _p(np.zeros((2, 2)), "w_nd")
    S.scatter_nd_add(w, jnp.array([[0, 1], [0, 1]]), jnp.array([1.0, 2.0]))
    np.testing.assert_allclose(w.asnumpy(), [[0.0, 3.0], [0.0, 0.0]])
    S.scatter_nd_sub(w, jnp.array([[1, 0]]), jnp.array([4.0]))
    np.testing.assert_allclose(w.asnumpy(), [[0.0, 3.0], [-4.0, 0.0]])
    plain = S.inplace_add(jnp.zeros((3, 2)), jnp.ones((2, 2)), (0, 2))
    np.testing.assert_allclose(plain, [[1, 1], [0, 0], [1, 1]])
    v = _p(np.zeros(3), "w_index_add")
    S.index_add(v, jnp.array([0, 0]), jnp.array([1.0, 2.0]), 0)
    np.testing.assert_allclose(v.asnumpy(), [3.0, 0.0, 0.0])


def test_writes_go_to_the_innermost_frame_not_the_box():
    w = _p([1.0], "w_frame")
    with Frame() as frame:
        S.assign_add(w, jnp.ones(1, jnp.float32))
        np.testing.assert_allclose(w.value(), [2.0])
    assert w.asnumpy().tolist() == [1.0]
    ((param, value),) = frame.written()
    assert param is w and float(value[0]) == 2.0


def test_jit_with_msfunc_transform_commits_writes():
    jit = getattr(ms, "jit", None)
    if jit is None:
        pytest.skip("msfunc.jit is not available yet")
    w = _p([0.0, 0.0], "w_jit")
    step = jit(lambda x: S.scatter_add(w, jnp.array([1]), x))
    step(jnp.array([2.0]))
    step(jnp.array([2.0]))
    np.testing.assert_allclose(w.asnumpy(), [0.0, 4.0])


def test_non_parameters_are_rejected():
    with pytest.raises(TypeError, match="variable.*Parameter"):
        S.assign(jnp.zeros(2), jnp.ones(2))
    with pytest.raises(TypeError, match="input_x.*Parameter"):
        S.scatter_add(jnp.zeros(2), jnp.array([0]), jnp.ones(1))


def test_raw_jax_transform_write_is_refused():
    w = _p([0.0], "w_leak")
    with pytest.raises(ValueError, match="w_leak"):
        jax.jit(lambda x: S.assign(w, x))(jnp.ones(1))


def test_public_namespace_passes_the_parameter_itself():
    w = _p([1.0, 2.0], "w_public_assign")
    out = ms.ops.assign(w, ms.Tensor([3.0, 4.0]))
    assert isinstance(out, ms.Tensor)
    np.testing.assert_allclose(w.asnumpy(), [3.0, 4.0])
    ms.ops.assign_add(w, ms.Tensor([1.0, 1.0]))
    np.testing.assert_allclose(w.asnumpy(), [4.0, 5.0])
    ms.jit(lambda x: ms.ops.assign_sub(w, x))(ms.Tensor([4.0, 4.0]))
    np.testing.assert_allclose(w.asnumpy(), [0.0, 1.0])
    u = _p([0.0, 0.0, 0.0], "u_public_scatter")
    ms.ops.scatter_update(u, ms.Tensor(np.array([1], np.int32)), ms.Tensor([5.0]))
    np.testing.assert_allclose(u.asnumpy(), [0.0, 5.0, 0.0])
