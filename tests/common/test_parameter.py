"""Tensor factory, dtypes, Parameter behaviour and argument checks, initializers and the seeded
stream."""

import _alias_scenarios
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc.common.initializer import (
    HeUniform,
    Normal,
    One,
    TruncatedNormal,
    XavierUniform,
    initializer,
)


def test_tensor_holds_a_jax_array_with_mindspore_dtypes():
    assert isinstance(ms.Tensor([1.0, 2.0])._array(), jax.Array)
    assert ms.Tensor(1.5).dtype == jnp.float32
    assert ms.Tensor([1.0, 2.0]).dtype == jnp.float32  # Python floats are float32
    assert ms.Tensor(True).dtype == jnp.bool_
    assert jnp.issubdtype(ms.Tensor(1).dtype, jnp.integer)
    assert ms.Tensor([1, 2], ms.float32).dtype == jnp.float32
    assert not isinstance(jnp.ones(2), ms.Tensor)
    assert isinstance(ms.Parameter(ms.Tensor(1.0)), ms.Tensor)
    assert not isinstance(np.ones(2), ms.Tensor)
    np.testing.assert_array_equal(ms.Tensor([[1, 2]], ms.float32).asnumpy(), [[1.0, 2.0]])
    assert ms.Tensor(shape=(2, 3), dtype=ms.float32, init=One()).tolist() == [[1.0] * 3] * 2


def test_parameter_acts_like_a_tensor():
    data = np.array([[1.0, -2.0], [3.0, 4.0]], np.float32)
    p = ms.Parameter(ms.Tensor(data), name="p")
    np.testing.assert_allclose(p + 1, data + 1)
    np.testing.assert_allclose(1 - p, 1 - data)
    np.testing.assert_allclose(2 * p, 2 * data)
    np.testing.assert_allclose(p / 2, data / 2)
    np.testing.assert_allclose(p @ p, data @ data)
    np.testing.assert_allclose(-p, -data)
    np.testing.assert_allclose(p**2, data**2)
    np.testing.assert_allclose(np.ones(2, np.float32) * p, data)
    np.testing.assert_allclose(jnp.ones(2) + p, data + 1)
    np.testing.assert_allclose(p > 0, data > 0)
    assert p.shape == (2, 2) and p.dtype == jnp.float32 and p.ndim == 2 and p.size == 4
    np.testing.assert_allclose(p.T, data.T)
    np.testing.assert_allclose(p.transpose(1, 0), data.T)
    np.testing.assert_allclose(p.reshape(4), data.reshape(4))
    assert p.astype(ms.int32).dtype == jnp.int32
    np.testing.assert_allclose(p.sum(axis=0), data.sum(axis=0))
    np.testing.assert_allclose(p[1], data[1])
    np.testing.assert_allclose(p.asnumpy(), data)
    np.testing.assert_allclose(np.asarray(p), data)
    np.testing.assert_allclose(jnp.asarray(p), data)
    np.testing.assert_allclose(ms.numpy.sin(p), np.sin(data), rtol=1e-6)


def test_parameter_set_data_clone_and_names():
    p = ms.Parameter(ms.Tensor([1.0]), name="w", requires_grad=False)
    assert p.set_data(ms.Tensor([2.0])) is p
    np.testing.assert_allclose(p.asnumpy(), [2.0])
    c = p.clone()
    c.set_data(ms.Tensor([5.0]))
    np.testing.assert_allclose(p.asnumpy(), [2.0])
    assert c.name == "w" and not c.requires_grad
    a, b = ms.Parameter(ms.Tensor(1.0)), ms.Parameter(ms.Tensor(1.0))
    assert a.name != b.name
    with pytest.raises(ValueError, match="name"):  # MindSpore raises ValueError here
        ms.Parameter(ms.Tensor(1.0), name=3)
    with pytest.raises(TypeError, match="default_input"):
        ms.Parameter(object())
    pt = ms.ParameterTuple([a, b])
    assert list(pt) == [a, b]
    with pytest.raises(TypeError, match="item 1"):
        ms.ParameterTuple([a, 3])


def test_parameter_is_a_pytree_rebuilt_as_a_fresh_box():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    q = jax.tree.map(lambda v: v * 10, p)
    assert isinstance(q, ms.Parameter) and q is not p and q.name == "w"
    np.testing.assert_allclose(q.asnumpy(), [10.0, 20.0])
    np.testing.assert_allclose(p.asnumpy(), [1.0, 2.0])


def test_initializers_shapes_bounds_and_seeding():
    ms.set_seed(7)
    a = initializer("normal", [200, 50])
    ms.set_seed(7)
    b = initializer("normal", [200, 50])
    np.testing.assert_array_equal(a, b)
    assert abs(float(jnp.std(a)) - 0.01) < 0.001
    np.testing.assert_array_equal(initializer("zeros", (2, 3)), np.zeros((2, 3)))
    np.testing.assert_array_equal(initializer("ones", 3), np.ones(3))
    fan_in, fan_out = 30, 20
    w = initializer("xavier_uniform", [fan_out, fan_in])
    bound = np.sqrt(6 / (fan_in + fan_out))
    assert float(jnp.max(jnp.abs(w))) <= bound and float(jnp.max(jnp.abs(w))) > 0.8 * bound
    w = initializer(HeUniform(), [fan_out, fan_in, 3, 3])
    bound = np.sqrt(2.0) * np.sqrt(3 / (fan_in * 9))
    assert float(jnp.max(jnp.abs(w))) <= bound and float(jnp.max(jnp.abs(w))) > 0.8 * bound
    w = initializer("he_normal", [400, 100])
    assert abs(float(jnp.std(w)) - np.sqrt(2 / 100)) < 0.01
    # As in MindSpore, the truncation bounds a, b are absolute values (default +-2).
    t = initializer(TruncatedNormal(sigma=1.0), [5000])
    assert float(jnp.max(jnp.abs(t))) <= 2.0 and float(jnp.max(jnp.abs(t))) > 1.9
    assert abs(float(jnp.std(initializer("truncatedNormal", [5000]))) - 0.01) < 0.001
    assert initializer(Normal(0.5), (3,), ms.float16).dtype == jnp.float16
    with pytest.raises(ValueError, match="unknown name"):
        initializer("nope", [2])
    with pytest.raises(ValueError, match="at least 2 dims"):
        initializer(XavierUniform(), [3])


def test_set_seed_rejects_bad_values():
    with pytest.raises(ValueError, match="seed"):
        ms.set_seed(-1)


def test_parameter_argument_checks_and_scalar_updates():
    one = ms.Tensor(np.ones(1, np.float32))
    with pytest.raises(ValueError):
        ms.Parameter(True, name="flag")
    for bad_name in (3, True, [1], (1,)):
        with pytest.raises(ValueError):
            ms.Parameter(one, name=bad_name)
    for bad_flag in (None, 1, "a"):
        with pytest.raises(TypeError):
            ms.Parameter(one, name="x", requires_grad=bad_flag)
        with pytest.raises(TypeError):
            ms.Parameter(one, name="x", layerwise_parallel=bad_flag)
    count = ms.Parameter(ms.Tensor(1, ms.int32), name="count")
    count.set_data(2)
    with pytest.raises(TypeError):
        count.set_data(1.2)
    assert count.asnumpy() == 2 and count.dtype == np.int32
    scale = ms.Parameter(ms.Tensor(0.5, ms.float32), name="scale")
    for value in (
        1,
        ms.Tensor(3, ms.int16),
        ms.Tensor(0.25, ms.float16),
        ms.Tensor(np.array(True)),
    ):
        scale.set_data(value)
        assert scale.dtype == np.float32
        assert scale.asnumpy() == np.float32(
            np.asarray(value.asnumpy() if hasattr(value, "asnumpy") else value)
        )


# ``Parameter.set_data``, ParameterTuple's names and the Parameter a compiled function returns,
# against MindSpore 2.10 (tests/oracle/gen_parameter_golden.py, whose scenarios run here
# unchanged under the ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("parameter"))
def test_matches_mindspore(name):
    _alias_scenarios.check("parameter", name)


def test_a_rebuilt_parameter_flattens_with_its_current_name_and_flag():
    # (the aux data a flatten gives is kept on the Parameter while name and flag stay)

    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    leaves, treedef = jax.tree.flatten(p)
    rebuilt = jax.tree.unflatten(treedef, leaves)
    assert jax.tree.structure(rebuilt) == treedef
    rebuilt.name = "renamed"
    assert jax.tree.unflatten(*reversed(jax.tree.flatten(rebuilt))).name == "renamed"
    rebuilt.requires_grad = False
    again = jax.tree.unflatten(*reversed(jax.tree.flatten(rebuilt)))
    assert jax.tree.structure(rebuilt) != treedef and again.requires_grad is False
