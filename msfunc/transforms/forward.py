"""`jvp` and `vjp` with MindSpore's argument and return conventions."""

import jax
import jax.numpy as jnp
import numpy as np

from .._state import read
from ..common.tensor import unwrap, wrap
from ._common import (
    WriteCollector,
    as_input_array,
    check_differentiable_output,
    normalize_weights,
    strip_parameters,
    zero_float0,
)
from .auto_compile import Identity, compile_calls, last_call_compiled

__all__ = ["jvp", "vjp", "linearize", "jet", "derivative", "get_grad"]


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _check_no_python_ints(values, who, name):
    """A Python int or bool cannot carry a derivative: TypeError, as MindSpore raises."""
    for i, x in enumerate(_as_tuple(values)):
        if isinstance(x, (bool, int)):
            raise TypeError(f"{who}: `{name}` item {i} must be a Tensor (or a tuple of Tensors), "
                            f"got the Python {type(x).__name__} {x!r}")


def _split_aux(out, who):
    if not isinstance(out, tuple) or len(out) < 2:
        raise ValueError(f"{who}: with has_aux=True the function must return a tuple "
                         "(output, aux, ...)")
    return out[0], out[1:] if len(out) > 2 else out[1]


def _output_and_aux(out, writes, has_aux, who):
    """(differentiated output, (aux, writes)) of a traced call, the output checked."""
    if has_aux:
        main, aux = _split_aux(out, who)
        check_differentiable_output(main, who)
        return main, (aux, writes)
    check_differentiable_output(out, who)
    return out, ((), writes)


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
    _check_no_python_ints(inputs, "jvp", "inputs")
    _check_no_python_ints(v, "jvp", "v")

    def rebuild(g):
        return lambda inputs, v: _jvp(g, inputs, v, has_aux)

    # In PYNATIVE_MODE the call compiles itself (`auto_compile`), cached per function.
    return compile_calls("jvp", fn, (has_aux,), rebuild)(inputs, v)


def _jvp(fn, inputs, v, has_aux):
    primals = tuple(as_input_array(x, "jvp", i) for i, x in enumerate(_as_tuple(inputs)))
    tangents = tuple(as_input_array(t, "jvp", i) for i, t in enumerate(_as_tuple(v)))
    if len(primals) != len(tangents):
        raise ValueError(f"jvp: `v` must match `inputs`: {len(primals)} inputs but "
                         f"{len(tangents)} tangents")
    for i, (x, t) in enumerate(zip(primals, tangents)):
        if jnp.shape(x) != jnp.shape(t):
            raise ValueError(f"jvp: tangent {i} has shape {jnp.shape(t)}, input {i} has shape "
                             f"{jnp.shape(x)}")
    tangents = tuple(
        jnp.asarray(t, jnp.result_type(x)) if jnp.issubdtype(jnp.result_type(x), jnp.inexact)
        else np.zeros(jnp.shape(x), jax.dtypes.float0)
        for x, t in zip(primals, tangents))
    collector = WriteCollector("jvp")

    def pure(*xs):
        return _output_and_aux(*collector.run(fn, xs), has_aux, "jvp")

    out, tangent_out, (aux, writes) = collector.transform(
        lambda: jax.jvp(pure, primals, tangents, has_aux=True))
    collector.commit(writes)
    tangent_out = zero_float0(tangent_out, out)  # integer outputs: zeros of their dtype
    return wrap((out, tangent_out, aux) if has_aux else (out, tangent_out))


def vjp(fn, *inputs, weights=None, has_aux=False):
    """Reverse-mode: returns ``(fn(*inputs), vjp_fn)`` (plus ``aux`` with has_aux).

    ``vjp_fn(v)`` always returns a tuple of input gradients; with `weights`
    it returns ``(input_grads, weight_grads)``.

    Example:
        >>> import msfunc as ms
        >>> out, vjp_fn = ms.vjp(lambda x: x * x, ms.Tensor(3.0))
        >>> float(vjp_fn(ms.Tensor(1.0))[0])
        6.0
    """
    if not callable(fn):
        raise TypeError(f"vjp: `fn` must be callable, got {type(fn).__name__}")
    _check_no_python_ints(inputs, "vjp", "inputs")
    weight_tuple, single_w = normalize_weights(weights, "vjp")
    weight_tuple = weight_tuple or ()

    def rebuild(g):
        return lambda *xs: _vjp_forward(g, xs, weight_tuple, has_aux)

    # In PYNATIVE_MODE the forward pass compiles itself (`auto_compile`) and hands back JAX's
    # pullback (a pytree of residuals), which `vjp_fn` applies compiled too.
    forward = compile_calls("vjp", fn, (tuple(map(Identity, weight_tuple)), has_aux),
                            rebuild, preload=weight_tuple)
    out, pullback, aux = forward(*inputs)
    compiled = last_call_compiled()
    out = unwrap(out, pytrees=True)
    primals = [jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
               for x in (as_input_array(x, "vjp", i) for i, x in enumerate(inputs))]

    def vjp_fn(*cotangent):
        ct = cotangent[0] if len(cotangent) == 1 else cotangent
        ct = unwrap(strip_parameters(ct), pytrees=True)
        ct = jax.tree.map(lambda c, o: jnp.asarray(c, jnp.result_type(o)), ct, out)
        if compiled:
            weight_grads, input_grads = _apply_pullback(pullback, ct)
        else:
            weight_grads, input_grads = pullback(ct)
        input_grads = tuple(zero_float0(g, x) for g, x in zip(input_grads, primals))
        weight_grads = tuple(zero_float0(g, read(w)) for g, w in zip(weight_grads, weight_tuple))
        if weights is None:
            return wrap(tuple(input_grads))
        return wrap((tuple(input_grads),
                          weight_grads[0] if single_w else tuple(weight_grads)))

    out, aux = wrap(out), wrap(aux)
    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


@jax.jit
def _apply_pullback(pullback, cotangent):
    # One program per forward program: a compiled forward hands back pullbacks of one
    # pytree structure (JAX rebuilds its outputs from the trace's structure).
    return pullback(cotangent)


def _vjp_forward(fn, inputs, weight_tuple, has_aux):
    """(output, JAX's pullback, aux) of `fn` at `inputs`; writes committed."""
    primals = tuple(as_input_array(x, "vjp", i) for i, x in enumerate(inputs))
    collector = WriteCollector("vjp")
    ids = tuple(id(w) for w in weight_tuple)

    def pure(weight_values, xs):
        out, writes = collector.run(fn, xs, dict(zip(ids, weight_values)))
        return _output_and_aux(out, writes, has_aux, "vjp")

    out, pullback, (aux, writes) = collector.transform(lambda: jax.vjp(
        pure, tuple(read(w) for w in weight_tuple), primals, has_aux=True))
    collector.commit(writes)
    return out, pullback, aux


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
    primals = tuple(as_input_array(x, "linearize", i) for i, x in enumerate(_as_tuple(inputs)))
    out, linear = jax.linearize(lambda *xs: strip_parameters(fn(*wrap(xs))), *primals)

    def jvp_fn(*tangents):
        tangents = tangents[0] if len(tangents) == 1 else tangents
        tangents = tuple(jnp.asarray(t, jnp.result_type(x))
                         for x, t in zip(primals, _as_tuple(strip_parameters(tangents))))
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
        raise ValueError(f"jet: `series` must have shape (order, *primals.shape) = "
                         f"(order, {', '.join(map(str, jnp.shape(x)))}), got {terms.shape}")
    out, out_terms = jax_jet.jet(
        lambda v: unwrap(strip_parameters(fn(wrap(v))), pytrees=True), (x,), ([*terms],))
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


def get_grad(gradients, identifier):
    """The gradient for `identifier` (an input position, a Parameter or its name) in the
    output of ``grad(..., return_ids=True)``.

    Example:
        >>> import msfunc as ms
        >>> g = ms.grad(lambda x, y: x * y, (0, 1), return_ids=True)(ms.Tensor(2.0),
        ...                                                          ms.Tensor(3.0))
        >>> float(ms.ops.get_grad(g, 1))
        2.0
    """
    from ..common.parameter import Parameter

    key = identifier.name if isinstance(identifier, Parameter) else identifier
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise TypeError("get_grad: `identifier` must be an input position, a Parameter or a "
                        f"Parameter name, got {type(identifier).__name__}")
    found = []

    def search(node):
        if (isinstance(node, tuple) and len(node) == 2 and isinstance(node[0], (int, str))
                and not isinstance(node[0], bool)):
            if node[0] == key:
                found.append(node[1])
            return
        if isinstance(node, (tuple, list)):
            for item in node:
                search(item)

    search(gradients)
    if not found:
        raise ValueError(f"get_grad: no gradient with identifier {key!r}; use the output of "
                         "grad(..., return_ids=True)")
    return found[0]
