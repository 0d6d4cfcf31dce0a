"""Forward-mode transforms with MindSpore's argument and return conventions: `jvp`,
`linearize`, `jet` and `derivative`."""

import jax
import jax.numpy as jnp
import numpy as np

from ..common.tensor import unwrap, wrap
from ._common import (
    WriteCollector,
    as_input_array,
    as_tuple,
    check_no_python_ints,
    output_and_aux,
    strip_parameters,
    zero_float0,
)
from .auto_compile import compile_calls

__all__ = ["jvp", "linearize", "jet", "derivative"]


def jvp(fn, inputs, v, has_aux=False):
    """Forward-mode product: returns ``(fn(*inputs), J @ v)`` (plus ``aux`` with has_aux).

    `inputs` and `v` are a Tensor or a tuple of Tensors of matching shapes.

    Example:
        >>> import msfunc as ms
        >>> out, tangent = ms.jvp(lambda x: x ** 3, ms.Tensor(2.0), ms.Tensor(1.0))
        >>> float(out), float(tangent)
        (8.0, 12.0)
    """
    if not callable(fn):
        raise TypeError(f"jvp: `fn` must be callable, got {type(fn).__name__}")
    check_no_python_ints(inputs, "jvp", "inputs")
    check_no_python_ints(v, "jvp", "v")

    def rebuild(g):
        return lambda inputs, v: _jvp(g, inputs, v, has_aux)

    # In PYNATIVE_MODE the call compiles itself (`auto_compile`), cached per function.
    return compile_calls("jvp", fn, (has_aux,), rebuild)(inputs, v)


def _jvp(fn, inputs, v, has_aux):
    primals = tuple(as_input_array(x, "jvp", i) for i, x in enumerate(as_tuple(inputs)))
    tangents = tuple(as_input_array(t, "jvp", i) for i, t in enumerate(as_tuple(v)))
    if len(primals) != len(tangents):
        raise ValueError(
            f"jvp: `v` must match `inputs`: {len(primals)} inputs but {len(tangents)} tangents"
        )
    for i, (x, t) in enumerate(zip(primals, tangents)):
        if jnp.shape(x) != jnp.shape(t):
            raise ValueError(
                f"jvp: tangent {i} has shape {jnp.shape(t)}, input {i} has shape {jnp.shape(x)}"
            )
    tangents = tuple(
        jnp.asarray(t, jnp.result_type(x))
        if jnp.issubdtype(jnp.result_type(x), jnp.inexact)
        else np.zeros(jnp.shape(x), jax.dtypes.float0)
        for x, t in zip(primals, tangents)
    )
    collector = WriteCollector("jvp")

    def pure(*xs):
        return output_and_aux(*collector.run(fn, xs), has_aux, "jvp")

    out, tangent_out, (aux, writes) = collector.transform(
        lambda: jax.jvp(pure, primals, tangents, has_aux=True)
    )
    collector.commit(writes)
    tangent_out = zero_float0(tangent_out, out)  # integer outputs: zeros of their dtype
    return wrap((out, tangent_out, aux) if has_aux else (out, tangent_out))


def linearize(fn, inputs):
    """``(fn(inputs), jvp_fn)`` where ``jvp_fn(v)`` is the linear map ``v -> J @ v``.

    Example:
        >>> import msfunc as ms
        >>> out, jvp_fn = ms.ops.linearize(lambda x: x ** 2, ms.Tensor(3.0))
        >>> float(jvp_fn(ms.Tensor(1.0)))
        6.0
    """
    if not callable(fn):
        raise TypeError(f"linearize: `fn` must be callable, got {type(fn).__name__}")
    primals = tuple(as_input_array(x, "linearize", i) for i, x in enumerate(as_tuple(inputs)))
    out, linear = jax.linearize(lambda *xs: strip_parameters(fn(*wrap(xs))), *primals)

    def jvp_fn(*tangents):
        tangents = tangents[0] if len(tangents) == 1 else tangents
        tangents = tuple(
            jnp.asarray(t, jnp.result_type(x))
            for x, t in zip(primals, as_tuple(strip_parameters(tangents)))
        )
        return wrap(linear(*tangents))

    return wrap(out), jvp_fn


def jet(fn, primals, series):
    """Taylor-mode propagation: ``series[k]`` is the (k+1)-th derivative-form coefficient of
    the input path; returns ``(fn(primals), out_series)`` in the same form.

    Example:
        >>> import msfunc as ms, jax.numpy as jnp
        >>> out, s = ms.ops.jet(jnp.sin, ms.Tensor(0.0), ms.Tensor([1.0, 0.0]))
        >>> [round(float(v), 4) for v in s]
        [1.0, 0.0]
    """
    from jax.experimental import jet as jax_jet

    if not callable(fn):
        raise TypeError(f"jet: `fn` must be callable, got {type(fn).__name__}")
    x = as_input_array(primals, "jet", 0)
    terms = jnp.asarray(strip_parameters(series), jnp.result_type(x))
    if terms.shape[1:] != jnp.shape(x):
        raise ValueError(
            f"jet: `series` must have shape (order, *primals.shape) = "
            f"(order, {', '.join(map(str, jnp.shape(x)))}), got {terms.shape}"
        )
    out, out_terms = jax_jet.jet(
        lambda v: unwrap(strip_parameters(fn(wrap(v))), pytrees=True), (x,), ([*terms],)
    )
    return wrap(out), wrap(jnp.stack(out_terms))


def derivative(fn, primals, order):
    """``(fn(primals), d^order fn / dx^order)`` elementwise along the all-ones direction.

    Example:
        >>> import msfunc as ms, jax.numpy as jnp
        >>> out, d3 = ms.ops.derivative(jnp.sin, ms.Tensor(0.0), 3)
        >>> round(float(d3), 4)
        -1.0
    """
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise ValueError(f"derivative: `order` must be a positive int, got {order!r}")
    x = as_input_array(primals, "derivative", 0)
    series = jnp.zeros((order, *jnp.shape(x)), jnp.result_type(x)).at[0].set(1)
    out, out_series = jet(fn, x, series)
    return out, out_series[-1]
