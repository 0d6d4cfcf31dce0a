"""`jax.lax` primitives, `jax.nn`, `jax.random` and lax control flow with msfunc Tensors and
Parameters as arguments, against the same calls on plain arrays."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import msfunc as ms

A = np.array([[0.5, -1.0, 2.0], [3.0, 0.25, -0.75]], np.float32)
V = np.array([0.2, 0.3, 0.5], np.float32)
LABELS = np.array([2, 0, 1], np.int64)
KEY = jax.random.key(0)

CALLS = {
    "lax.sin": lambda a, v, i: lax.sin(a),
    "lax.add": lambda a, v, i: lax.add(a, jnp.ones((2, 3), jnp.float32)),
    "lax.dot_general": lambda a, v, i: lax.dot_general(a, v, (((1,), (0,)), ((), ()))),
    "lax.reshape": lambda a, v, i: lax.reshape(a, (3, 2)),
    "lax.convert_element_type": lambda a, v, i: lax.convert_element_type(a, jnp.int32),
    "lax.cumsum": lambda a, v, i: lax.cumsum(a, axis=1),
    "lax.sort": lambda a, v, i: lax.sort(a, dimension=1),
    "lax.top_k": lambda a, v, i: lax.top_k(a, 2),
    "lax.dynamic_slice": lambda a, v, i: lax.dynamic_slice(a, (i[1], i[2]), (1, 2)),
    "lax.select": lambda a, v, i: lax.select(a > 0, a, lax.neg(a)),
    "lax.full_like": lambda a, v, i: lax.full_like(a, 3),
    "lax.conv_general_dilated": lambda a, v, i: lax.conv_general_dilated(
        a[None], jnp.stack([v, v])[None], (1,), "VALID"
    ),
    "nn.relu": lambda a, v, i: jax.nn.relu(a),
    "nn.softmax": lambda a, v, i: jax.nn.softmax(a, axis=-1),
    "nn.gelu": lambda a, v, i: jax.nn.gelu(a),
    "nn.logsumexp": lambda a, v, i: jax.nn.logsumexp(a, axis=0),
    "nn.one_hot": lambda a, v, i: jax.nn.one_hot(i, 3),
    "random.uniform": lambda a, v, i: jax.random.uniform(KEY, (3,), minval=v, maxval=v + 1),
    "random.normal": lambda a, v, i: jax.random.normal(KEY, a.shape),
    "random.choice": lambda a, v, i: jax.random.choice(KEY, v, (4,), p=v),
    "random.permutation": lambda a, v, i: jax.random.permutation(KEY, v),
    "random.bernoulli": lambda a, v, i: jax.random.bernoulli(KEY, v),
    "random.categorical": lambda a, v, i: jax.random.categorical(KEY, a),
    "random.PRNGKey": lambda a, v, i: jax.random.key_data(jax.random.PRNGKey(i[0])),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_jax_function_takes_tensors_like_arrays(name):
    call = CALLS[name]
    got = call(ms.Tensor(A), ms.Tensor(V), ms.Tensor(LABELS))
    want = call(jnp.asarray(A), jnp.asarray(V), jnp.asarray(LABELS))
    for g, w in zip(jax.tree.leaves(got), jax.tree.leaves(want)):
        assert isinstance(g, jax.Array)  # as jax.numpy does: an array comes back
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def test_lax_reads_a_parameter_through_msfunc_transforms():
    p = ms.Parameter(ms.Tensor(A), name="p")
    np.testing.assert_array_equal(lax.exp(p), lax.exp(A))
    p.set_data(ms.Tensor(2 * A))
    # Inside msfunc.jit the Parameter is lifted: lax reads the traced value, not the box.
    run = ms.jit(lambda x: lax.mul(p, x))
    np.testing.assert_array_equal(np.asarray(run(ms.Tensor(A))), 2 * A * A)
    p.set_data(ms.Tensor(3 * A))
    np.testing.assert_array_equal(np.asarray(run(ms.Tensor(A))), 3 * A * A)
    np.testing.assert_array_equal(jax.jit(lambda q: lax.sin(q))(p), lax.sin(3 * A))


def _loops(kind, wrap):
    """Each lax loop over a carry mixing a Tensor (or, for the reference, an array) with an
    array: the Tensor half goes through Tensor methods, the array half through lax."""
    t, a, xs = wrap(V), jnp.asarray(A[0]), wrap(A)
    if kind == "scan":
        return lax.scan(lambda c, x: ((c[0] * x + 1, lax.sin(c[1])), c[0].sum()), (t, a), xs)
    if kind == "fori_loop":
        return lax.fori_loop(0, 3, lambda i, c: (c[0].cumsum(0) / (i + 1), lax.cos(c[1])), (t, a))
    if kind == "while_loop":
        return lax.while_loop(
            lambda c: c[2] < 4, lambda c: (c[0] * 2, c[1] + c[0], c[2] + 1), (t, a, jnp.int32(0))
        )
    if kind == "cond":
        return lax.cond(
            wrap(V).sum() > 0, lambda c: (c[0] + 1, c[1]), lambda c: (c[0] - 1, c[1]), (t, a)
        )
    return lax.switch(
        wrap(np.int32(1)), [lambda c: (c[0] * 0, c[1]), lambda c: (c[0] ** 2, c[1])], (t, a)
    )


@pytest.mark.parametrize("kind", ["scan", "fori_loop", "while_loop", "cond", "switch"])
def test_control_flow_carries_mix_tensors_and_arrays(kind):
    got = _loops(kind, ms.Tensor)
    want = _loops(kind, jnp.asarray)
    got_leaves = jax.tree.leaves(got, is_leaf=lambda v: isinstance(v, ms.Tensor))
    want_leaves = jax.tree.leaves(want)
    assert any(isinstance(g, ms.Tensor) for g in got_leaves)  # Tensors stay Tensors
    for g, w in zip(got_leaves, want_leaves):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)


@pytest.mark.parametrize(
    "where",
    [
        lambda t: lax.while_loop(lambda c: c.sum() < 20, lambda c: c * 2, t),  # cond -> Tensor
        lambda t: lax.reduce(t, 0.0, lax.add, (0,)),  # a Tensor operand, an array init
    ],
    ids=["while_condition", "reduce_structures"],
)
def test_where_jax_compares_structures_its_message_names_the_fix(where):
    # JAX's own check raises (a Tensor is a pytree node there); the structure it prints
    # says how to turn one kind into the other.
    with pytest.raises((TypeError, ValueError), match=r"jnp\.asarray\(t\) unwraps"):
        where(ms.Tensor(V))
    import pickle  # (a Tensor's structure pickles and compares as before)

    treedef = jax.tree_util.tree_structure(ms.Tensor(V))
    assert pickle.loads(pickle.dumps(treedef)) == treedef
