"""Every in-place state op under msfunc.jit, data_sink, vmap (ensembles) and grad.

The reference for each transform is the same op run eagerly, step by step, on
a fresh Parameter; gradients are checked against central finite differences.
"""

import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.ops import func_state as S


def _rows(rng):  # two distinct row indices of a (4, 3) Parameter
    return rng.permutation(4)[:2].astype(np.int32)


def _cells(rng):  # two distinct (row, col) index pairs
    flat = rng.permutation(12)[:2]
    return np.stack([flat // 3, flat % 3], axis=-1).astype(np.int32)


def _upd(*shape, low=0.5, high=1.5):
    return lambda rng: rng.uniform(low, high, shape).astype(np.float32)


# name -> (column makers fed per step, call(param, *columns), grad argument positions)
# Updates are kept in [0.5, 1.5] so mul/div stay well conditioned and max/min have no ties.
TABLE = {
    "assign": ([_upd(4, 3)], lambda p, v: S.assign(p, v)),
    "assign_add": ([_upd(4, 3)], lambda p, v: S.assign_add(p, v)),
    "assign_sub": ([_upd(4, 3)], lambda p, v: S.assign_sub(p, v)),
    "scatter_update": ([_rows, _upd(2, 3)], lambda p, i, u: S.scatter_update(p, i, u)),
    "scatter_add": ([_rows, _upd(2, 3)], lambda p, i, u: S.scatter_add(p, i, u)),
    "scatter_mul": ([_rows, _upd(2, 3)], lambda p, i, u: S.scatter_mul(p, i, u)),
    "scatter_div": ([_rows, _upd(2, 3)], lambda p, i, u: S.scatter_div(p, i, u)),
    "scatter_max": ([_rows, _upd(2, 3, low=0.0, high=3.0)], lambda p, i, u: S.scatter_max(p, i, u)),
    "scatter_min": ([_rows, _upd(2, 3, low=0.0, high=3.0)], lambda p, i, u: S.scatter_min(p, i, u)),
    "scatter_nd_add": ([_cells, _upd(2)], lambda p, i, u: S.scatter_nd_add(p, i, u)),
    "scatter_nd_sub": ([_cells, _upd(2)], lambda p, i, u: S.scatter_nd_sub(p, i, u)),
    "scatter_nd_mul": ([_cells, _upd(2)], lambda p, i, u: S.scatter_nd_mul(p, i, u)),
    "scatter_nd_div": ([_cells, _upd(2)], lambda p, i, u: S.scatter_nd_div(p, i, u)),
    "scatter_nd_max": (
        [_cells, _upd(2, low=0.0, high=3.0)],
        lambda p, i, u: S.scatter_nd_max(p, i, u),
    ),
    "scatter_nd_min": (
        [_cells, _upd(2, low=0.0, high=3.0)],
        lambda p, i, u: S.scatter_nd_min(p, i, u),
    ),
    # inplace_* take their rows as a static tuple, as MindSpore's attribute.
    "inplace_add": ([_upd(2, 3)], lambda p, v: S.inplace_add(p, v, (0, 2))),
    "inplace_sub": ([_upd(2, 3)], lambda p, v: S.inplace_sub(p, v, (1, 3))),
    "inplace_update": ([_upd(2, 3)], lambda p, v: S.inplace_update(p, v, (3, 1))),
    "index_add": ([_rows, _upd(2, 3)], lambda p, i, y: S.index_add(p, i, y, 0)),
    "inplace_index_add": ([_rows, _upd(2, 3)], lambda p, i, u: S.inplace_index_add(p, i, u, 0)),
}
NAMES = sorted(TABLE)
NO_VALUE_GRADIENT = {"assign", "assign_add", "assign_sub"}
STEPS = 3


def _init():
    return np.random.default_rng(11).uniform(0.5, 1.5, (4, 3)).astype(np.float32)


def _columns(name, seed):
    makers, _ = TABLE[name]
    rng = np.random.default_rng(seed)
    return [m(rng) for m in makers]


def _eager(name, steps):
    """Reference: run the op eagerly once per step; (outputs, final value)."""
    _, call = TABLE[name]
    p = ms.Parameter(_init(), name=f"eager_{name}")
    outs = [np.asarray(call(p, *_columns(name, s))) for s in range(steps)]
    return outs, p.asnumpy()


def test_table_covers_every_state_op():
    assert sorted(S.__all__) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_jit_matches_eager(name):
    _, call = TABLE[name]
    outs, final = _eager(name, STEPS)
    p = ms.Parameter(_init(), name=f"jit_{name}")
    step = ms.jit(lambda *cols: call(p, *cols))
    for s in range(STEPS):
        np.testing.assert_allclose(step(*_columns(name, s)), outs[s], rtol=1e-6)
    np.testing.assert_allclose(p.asnumpy(), final, rtol=1e-6)
    assert p in step.lifted_parameters


@pytest.mark.parametrize("name", NAMES)
def test_data_sink_matches_eager(name):
    _, call = TABLE[name]
    outs, final = _eager(name, 2 * STEPS)
    p = ms.Parameter(_init(), name=f"sink_{name}")
    dataset = [tuple(_columns(name, s)) for s in range(2 * STEPS)]
    sink = ms.data_sink(lambda *cols: call(p, *cols), dataset, sink_size=STEPS)
    np.testing.assert_allclose(sink(), outs[STEPS - 1], rtol=1e-6)
    np.testing.assert_allclose(sink(), outs[-1], rtol=1e-6)
    np.testing.assert_allclose(p.asnumpy(), final, rtol=1e-6)


class _Holder(nn.Cell):
    def __init__(self, name, index):
        super().__init__()
        self.p = ms.Parameter(_init() + index, name="p")
        self._call = TABLE[name][1]

    def construct(self, *cols):
        return self._call(self.p, *cols)


@pytest.mark.parametrize("name", NAMES)
def test_vmap_over_an_ensemble_updates_each_member(name):
    members = nn.CellList([_Holder(name, i) for i in range(2)])
    solo = [_Holder(name, i) for i in range(2)]
    cols = [_columns(name, s) for s in (0, 1)]
    batched = [jnp.stack([a, b]) for a, b in zip(*cols)]
    out = ms.vmap(members, in_axes=0)(*batched)
    for i in range(2):
        np.testing.assert_allclose(out[i], solo[i](*cols[i]), rtol=1e-6)
        np.testing.assert_allclose(members[i].p.asnumpy(), solo[i].p.asnumpy(), rtol=1e-6)


@pytest.mark.parametrize("name", NAMES)
def test_vmap_refuses_per_element_writes_to_a_shared_parameter(name):
    _, call = TABLE[name]
    p = ms.Parameter(_init(), name=f"shared_{name}")
    cols = [_columns(name, s) for s in (0, 1)]
    batched = [jnp.stack([a, b]) for a, b in zip(*cols)]
    before = p.asnumpy()
    with pytest.raises(ValueError, match=f"shared_{name}"):
        ms.vmap(lambda *c: call(p, *c))(*batched)
    np.testing.assert_array_equal(p.asnumpy(), before)  # nothing half-written


@pytest.mark.parametrize("name", NAMES)
def test_grad_matches_finite_differences(name):
    """d(weighted output)/d(updates) and d/d(Parameter) via msfunc.grad vs central FD."""
    _, call = TABLE[name]
    cols = _columns(name, 0)
    p = ms.Parameter(_init(), name=f"grad_{name}")
    rng = np.random.default_rng(5)
    weights = rng.standard_normal((4, 3)).astype(np.float32)
    floats = [i for i, c in enumerate(cols) if c.dtype == np.float32]

    def loss(*float_cols):
        p.set_data(_init())  # every evaluation starts from the same state
        full = list(cols)
        for i, c in zip(floats, float_cols):
            full[i] = c
        return jnp.sum(jnp.asarray(call(p, *full)) * weights)

    inputs = [jnp.asarray(cols[i]) for i in floats]
    positions = tuple(range(len(inputs)))
    g_inputs = ms.grad(loss, positions)(*inputs)
    g_inputs = g_inputs if isinstance(g_inputs, tuple) else (g_inputs,)
    eps = 1e-2  # float32 state: a coarse step, ops are at most quadratic here
    directions = [rng.standard_normal(x.shape).astype(np.float32) for x in inputs]
    plus = loss(*[x + eps * d for x, d in zip(inputs, directions)])
    minus = loss(*[x - eps * d for x, d in zip(inputs, directions)])
    numeric = float(plus - minus) / (2 * eps)
    analytic = sum(float(jnp.sum(g * d)) for g, d in zip(g_inputs, directions))
    if name in NO_VALUE_GRADIENT:  # as in MindSpore: the written value gets no gradient
        numeric = 0.0
    np.testing.assert_allclose(analytic, numeric, rtol=2e-2, atol=2e-2)

    # With respect to the Parameter's own value (no reset inside: that would cut it off).
    p.set_data(_init())
    (g_param,) = ms.grad(lambda: jnp.sum(jnp.asarray(call(p, *cols)) * weights), None, [p])()
    d = rng.standard_normal((4, 3)).astype(np.float32)

    def at(value):
        p.set_data(value)
        full = list(cols)
        return float(jnp.sum(jnp.asarray(call(p, *full)) * weights))

    numeric = (at(_init() + eps * d) - at(_init() - eps * d)) / (2 * eps)
    if name == "assign":  # MindSpore's Assign hands the output's gradient to the variable
        numeric = float(np.sum(weights * d))
    np.testing.assert_allclose(float(jnp.sum(g_param * d)), numeric, rtol=2e-2, atol=2e-2)
