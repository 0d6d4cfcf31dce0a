"""Forward-mode transforms with MindSpore's argument and return conventions: `jvp`,
`linearize`, `jet` and `derivative`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import jax
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike

from .. import context
from .._jax_private import set_current_trace
from ..common.tensor import Tensor, unwrap, wrap
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
from .integer_grad import integer_input_tangents
from .lambda_source import lambda_refusal

__all__ = ["jvp", "linearize", "jet", "derivative"]


def jvp(
    fn: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    v: Tensor | tuple[Tensor, ...],
    has_aux: bool = False,
) -> tuple[Any, ...]:
    """Forward-mode derivative: `fn`'s output and its Jacobian applied to the tangent `v`.

    Args:
        fn (Callable[..., Any]): The function or Cell; it takes the tensors of `inputs`.
        inputs (Union[Tensor, tuple[Tensor]]): The point: one Tensor or a tuple, one per
            argument of `fn`.
        v (Union[Tensor, tuple[Tensor]]): The tangent, shaped like `inputs`.
        has_aux (bool): `fn` returns ``(output, *aux)``: only `output` is differentiated, the
            rest is returned as it is. Default: ``False``.

    Returns:
        tuple, ``(fn(*inputs), J @ v)``, or ``(output, J @ v, aux)`` with `has_aux`.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])
        >>> out, tangent = ms.jvp(lambda a, b: a * b, (x, y), (ms.Tensor([1.0, 0.0]),
        ...                                                     ms.Tensor([0.0, 1.0])))
        >>> print(out, tangent)
        [3. 8.] [3. 2.]
    """
    if not callable(fn):
        raise TypeError(f"jvp: `fn` must be callable, got {type(fn).__name__}")
    refused = lambda_refusal(fn, "jvp")
    if refused is not None:
        refused()
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
    given_tangents = tangents
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
    tangent_out = integer_input_tangents(
        pure, collector.transform, primals, given_tangents, out, tangent_out
    )
    return wrap((out, tangent_out, aux) if has_aux else (out, tangent_out))


def linearize(
    fn: Callable[..., Any], inputs: Tensor | tuple[Tensor, ...]
) -> tuple[Any, Callable[..., Any]]:
    """`fn`'s output at `inputs` and its linearisation there, a function of the tangent.

    The linear map is traced once: calling it for many tangents costs no new trace of `fn`.

    Args:
        fn (Callable[..., Any]): The function or Cell.
        inputs (Union[Tensor, tuple[Tensor]]): The point, one Tensor per argument of `fn`.

    Returns:
        tuple, ``(fn(*inputs), jvp_fn)`` where ``jvp_fn(v)`` computes ``J @ v``.

    Example:
        >>> import msfunc as ms
        >>> out, jvp_fn = ms.ops.linearize(lambda x: x * x, ms.Tensor([3.0, 1.0]))
        >>> print(out, jvp_fn(ms.Tensor([1.0, 2.0])))
        [9. 1.] [6. 4.]
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


_JET_CUSTOM_CALLS_PATCHED = [False]


def _jet_with_tan():
    """jax's Taylor-mode module, with a rule for ``tan`` (it has none) as ``sin / cos``, and
    custom-derivative functions traced as what they compute."""
    from jax import lax
    from jax.experimental import jet as jax_jet

    if not _JET_CUSTOM_CALLS_PATCHED[0]:
        # jax's jet runs a custom_jvp/custom_vjp function's body (its rules do not carry
        # higher orders) but outside its own trace, so the body's values escape it as
        # leaked tracers; run the body inside the jet trace instead.
        def process_custom_call(self, primitive, fun, *rules_and_tracers, **params):
            with set_current_trace(self):
                return fun.call_wrapped(*rules_and_tracers[-1])

        jax_jet.JetTrace.process_custom_jvp_call = process_custom_call
        jax_jet.JetTrace.process_custom_vjp_call = process_custom_call
        _JET_CUSTOM_CALLS_PATCHED[0] = True

    if lax.tan_p not in jax_jet.jet_rules:

        def tan_rule(primals, series, **params):
            def tan(x):
                return lax.sin(x) / lax.cos(x)

            # (rules see unscaled Taylor coefficients)
            return jax_jet.jet(tan, primals, series, factorial_scaled=False)

        jax_jet.jet_rules[lax.tan_p] = tan_rule
    return jax_jet


def jet(
    fn: Callable[..., Any],
    primals: Tensor | ArrayLike | tuple[Tensor, ...],
    series: Tensor | ArrayLike | tuple[Tensor, ...],
) -> tuple[Any, Any]:
    """Taylor-mode differentiation: the derivatives of `fn` along an input path, to any order.

    ``series[k]`` is the (k+1)-th derivative of the input path at `primals`; the result's
    ``out_series[k]`` is the (k+1)-th derivative of ``fn`` along it (so ``series = [1, 0,
    ...]`` gives the plain derivatives). With several inputs, `primals` and `series` are
    tuples (one entry per argument of `fn`); with several outputs, both results are tuples.

    Args:
        fn (Callable[..., Any]): An elementwise-differentiable function of the inputs.
        primals (Union[Tensor, tuple[Tensor]]): The point.
        series (Union[Tensor, tuple[Tensor]]): Per input, shape ``(order, *primal.shape)``:
            the input path's derivatives.

    Returns:
        tuple, ``(fn(*primals), out_series)``, each output's series shaped ``(order,
        *output.shape)``.

    Example:
        >>> import msfunc as ms
        >>> out, s = ms.ops.jet(lambda x: x * x * x, ms.Tensor([2.0]),
        ...                     ms.Tensor([[1.0], [0.0], [0.0]]))
        >>> print(out, s.reshape(-1))
        [8.] [12. 12.  6.]
        >>> out, s = ms.ops.jet(lambda x, y: x * y, (ms.Tensor([2.0]), ms.Tensor([3.0])),
        ...                     (ms.Tensor([[1.0], [0.0]]), ms.Tensor([[1.0], [0.0]])))
        >>> print(out, s.reshape(-1))
        [6.] [5. 2.]
    """
    jax_jet = _jet_with_tan()
    if not callable(fn):
        raise TypeError(f"jet: `fn` must be callable, got {type(fn).__name__}")
    several = isinstance(primals, (tuple, list))
    xs = tuple(
        cast(jax.Array, as_input_array(x, "jet", i)) for i, x in enumerate(as_tuple(primals))
    )
    if several != isinstance(series, (tuple, list)) or len(as_tuple(series)) != len(xs):
        raise TypeError(
            f"jet: `series` must be a Tensor for one primal or a tuple of {len(xs)} Tensors "
            f"for a tuple of primals, got {type(series).__name__}"
        )
    terms = []
    for i, (x, s) in enumerate(zip(xs, as_tuple(series))):
        t = jnp.asarray(strip_parameters(s), jnp.result_type(x))
        if t.ndim == 0 or t.shape[1:] != jnp.shape(x):
            raise ValueError(
                f"jet: `series` item {i} must have shape (order, *primal.shape) = "
                f"(order, {', '.join(map(str, jnp.shape(x)))}), got {t.shape}"
            )
        terms.append(t)
    if len({t.shape[0] for t in terms}) > 1:
        raise ValueError(
            f"jet: every series must have the same order, got {[len(t) for t in terms]}"
        )

    def plain(*vs):
        return unwrap(strip_parameters(fn(*wrap(vs))), pytrees=True)

    # MindSpore's CPU kernel numerics (exp, tanh) are polynomial approximants whose own higher
    # derivatives drift from the function's: Taylor mode differentiates the exact functions.
    numerics = context.mindspore_cpu_numerics()
    context.mindspore_cpu_numerics(False)
    try:
        out, out_terms = jax_jet.jet(plain, xs, tuple([*t] for t in terms))
    finally:
        context.mindspore_cpu_numerics(numerics)
    stacked = jax.tree.map(jnp.stack, out_terms, is_leaf=lambda v: isinstance(v, list))
    return wrap(out), wrap(stacked)


def derivative(
    fn: Callable[..., Any], primals: Tensor | tuple[Tensor, ...], order: int
) -> tuple[Any, Any]:
    """`fn`'s value and its derivative of a given order, elementwise (Taylor mode).

    With a tuple of primals every input moves at unit speed (the series of each is ``[1, 0,
    ...]``); with several outputs both results are tuples.

    Args:
        fn (Callable[..., Any]): An elementwise function of the inputs.
        primals (Union[Tensor, tuple[Tensor]]): The point.
        order (int): The derivative's order, at least 1.

    Returns:
        tuple, ``(fn(*primals), d^order fn / dx^order at primals)``.

    Example:
        >>> import msfunc as ms
        >>> out, d2 = ms.ops.derivative(lambda x: x * x * x, ms.Tensor([2.0]), 2)
        >>> print(out, d2)
        [8.] [12.]
    """
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise ValueError(f"derivative: `order` must be a positive int, got {order!r}")
    xs = [cast(Any, as_input_array(x, "derivative", i)) for i, x in enumerate(as_tuple(primals))]
    series: list[Any] = [
        jnp.zeros((order, *jnp.shape(x)), jnp.result_type(x)).at[0].set(1) for x in xs
    ]
    if isinstance(primals, (tuple, list)):
        out, out_series = jet(fn, tuple(xs), tuple(series))
    else:
        out, out_series = jet(fn, xs[0], series[0])
    return out, jax.tree.map(lambda s: s[-1], out_series)
