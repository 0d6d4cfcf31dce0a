"""Gradients with respect to integer Tensors, as MindSpore gives them (JAX gives zeros).

MindSpore differentiates integer inputs: ``grad(lambda x, z: x + z, (0, 1))`` of two int64
Tensors is ``(1, 1)`` in int64. JAX cannot carry a cotangent through integer values, so
the function is run once more with those inputs as floats, differentiated there, and
the gradients cast back to each input's dtype (truncating toward zero, as MindSpore's
cast does). This equals MindSpore's result whenever no intermediate gradient has a
fraction; MindSpore truncates at every op that takes an integer, so a fraction that
meets an integer mid-graph (``x * 1.5 * x``: 8 in MindSpore, 9 here) can differ.
"""

import jax
import jax.numpy as jnp

__all__ = ["integer_input_grads"]


def _float_twin(dtype):
    wide = dtype.itemsize == 8 and jax.config.jax_enable_x64
    return jnp.float64 if wide else jnp.float32


def integer_input_grads(pure, transform, weight_values, input_values, input_grads, sens):
    """`input_grads` with the integer inputs' entries replaced by their gradients.

    `pure(weight_values, input_values)` returns ``(differentiated output, aux)``; it runs
    under `transform` (the caller's WriteCollector.transform); what it writes is dropped,
    the first pass having committed the writes already.

    Example:
        >>> import jax.numpy as jnp
        >>> pure = lambda w, xs: (xs[0] * xs[1], None)
        >>> xs = (jnp.asarray(2), jnp.asarray(3.0))
        >>> grads = integer_input_grads(pure, lambda call: call(), (), xs, (0, 2.0), None)
        >>> grads[0].tolist(), grads[0].dtype == xs[0].dtype, grads[1]
        (3, True, 2.0)
    """
    # (a tuple/list at a position is differentiated leaf by leaf; its integer leaves keep
    # zeros, MindSpore having no gradient for a tuple at all)
    slots = [
        i
        for i, x in enumerate(input_values)
        if hasattr(x, "dtype") and jnp.issubdtype(x.dtype, jnp.integer)
    ]
    if not slots:
        return input_grads
    floats = tuple(input_values[i].astype(_float_twin(input_values[i].dtype)) for i in slots)

    def forward(float_values):
        values = list(input_values)
        for i, v in zip(slots, float_values):
            values[i] = v
        primary, _ = pure(weight_values, tuple(values))
        return primary, None

    primary, vjp_fn, _ = transform(lambda: jax.vjp(forward, floats, has_aux=True))
    if sens is None:
        cotangent = jax.tree.map(jnp.ones_like, primary)
    else:
        cotangent = jax.tree.map(lambda s, p: jnp.asarray(s).astype(p.dtype), sens, primary)
    (grads,) = vjp_fn(cotangent)
    result = list(input_grads)
    for i, g in zip(slots, grads):
        result[i] = g.astype(input_values[i].dtype)
    return tuple(result)
