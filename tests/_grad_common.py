"""Shared pieces of the grad tests: tolerances, tracer checks, inputs."""

import jax
import jax.numpy as jnp
import numpy as np

RTOL, ATOL = 1e-5, 1e-6


def close(a, b, rtol=RTOL, atol=ATOL):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=rtol, atol=atol)


def assert_no_tracers(params):
    for p in params:
        assert not isinstance(p._value, jax.core.Tracer), p.name


X = jnp.array([0.3, -1.2, 2.0])


Y = jnp.array([1.5, 0.7, -0.4])


def f2(x, y):
    return jnp.sum(jnp.sin(x) * y**2)
