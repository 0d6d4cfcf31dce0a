"""Compile-time constants in a trace: the value of a tracer computed from constants alone.

Inside ``msfunc.jit`` JAX stages every operation, so ``n = Tensor(3); int(n * 2)``
meets a tracer although nothing in it depends on the function's inputs. MindSpore's
static graph folds such values at compile time. `fold` does the same, lazily: only
when Python asks for a concrete value (``int``, ``float``, ``bool``, ``item``,
``tolist``, ``asnumpy``) and JAX refused, it walks the staged equations back from
the tracer; when they reach only constants (no function input, no side effect) it
evaluates them eagerly and returns the concrete array. Eager code and traces that
never ask for a concrete value pay nothing.

The walk reads JAX's tracing structures (each staged tracer's ``parent`` equation);
on a JAX without them `fold` returns None and the original error stands.
"""

from __future__ import annotations

import contextlib

import jax

from .._jax_private import JVPTracer as _JVPTracer
from .._jax_private import LinearizeTracer as _LinearizeTracer
from .._jax_private import PartialTracer as _PartialTracer
from .._jax_private import StagingTracer as _StagedTracer

__all__ = ["fold", "concrete", "CONVERSION_ERRORS", "DataDependentShape"]

# What JAX raises when Python asks a tracer for a concrete value.
CONVERSION_ERRORS = tuple(
    getattr(jax.errors, name)
    for name in (
        "ConcretizationTypeError",
        "TracerBoolConversionError",
        "TracerIntegerConversionError",
        "TracerArrayConversionError",
    )
    if hasattr(jax.errors, name)
)


class DataDependentShape(jax.errors.ConcretizationTypeError):
    """An op's output shape depends on its input's values (``nonzero``, ``unique``): a
    compiled function runs eagerly on it, even where the syntax level is STRICT (MindSpore
    compiles such ops with a dynamic shape, no syntax fallback involved)."""


_MAX_EQUATIONS = 20_000  # larger constant subgraphs stay staged (evaluating them costs more)


class _NotConstant(Exception):
    """The tracer depends on a function input, an effect, or a structure we cannot read."""


def _constant_of(tracer):
    """The value `tracer` was made from when it is a staged constant (a literal or a
    captured array), else None. The value may itself be a tracer of an enclosing trace."""
    try:
        return tracer._trace.get_const(tracer)
    except AttributeError:
        raise _NotConstant from None


def _schedule(root):
    """The staged equations `root` depends on, in evaluation order (inputs first)."""
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        tracer, expanded = stack.pop()
        if not isinstance(tracer, _StagedTracer):
            raise _NotConstant
        if _constant_of(tracer) is not None:
            continue
        eqn = getattr(tracer, "parent", None)
        if eqn is None or eqn.effects:  # a function input, or an op with side effects
            raise _NotConstant
        if expanded:
            if id(eqn) not in seen:
                seen.add(id(eqn))
                order.append(eqn)
            continue
        if id(eqn) in seen:
            continue
        if len(order) + len(stack) > _MAX_EQUATIONS:
            raise _NotConstant
        stack.append((tracer, True))
        stack.extend((t, False) for t in eqn.in_tracers)
    return order


def _evaluate(root, order):
    values = {}  # id(var) -> concrete value

    def value_of(tracer):
        const = _constant_of(tracer)
        if const is None:
            return values[id(tracer.val)]
        if isinstance(const, jax.core.Tracer):  # captured from an enclosing trace
            folded = fold(const)
            if folded is None:
                raise _NotConstant
            return folded
        return const

    for eqn in order:
        args = [value_of(t) for t in eqn.in_tracers]
        params = eqn.primitive.get_bind_params(eqn.params)
        subfuns = ()
        if isinstance(params, tuple):  # older JAX: (subfuns, params)
            subfuns, params = params
        with getattr(eqn.ctx, "manager", contextlib.nullcontext()):
            out = eqn.primitive.bind(*subfuns, *args, **params)
        outs = out if eqn.primitive.multiple_results else (out,)
        for var, value in zip(eqn.outvars, outs):
            values[id(var)] = value
    return value_of(root)


def concrete(value):
    """The concrete array under `value` when it is a tracer of JAX's eager autodiff (``jvp``,
    ``linearize``, ``vjp`` run op by op) whose primal is known, else None.

    PyNative code inside `grad` sees such tracers: each carries the concrete primal value
    under its tangent, so ``float(loss)``, ``loss.asnumpy()`` and ``if loss > 1:`` read it as
    MindSpore's PyNative mode does (the value leaves the differentiation, as there). A
    tracer of a staging trace (``jit``) or of ``vmap`` has no single concrete value: None.

    Example:
        >>> import jax
        >>> def f(x):
        ...     seen.append(float(concrete(x)))
        ...     return x * x
        >>> seen = []
        >>> jax.grad(f)(3.0).item(), seen
        (6.0, [3.0])
    """
    while isinstance(value, jax.core.Tracer):
        kind = type(value)
        if kind is _JVPTracer or kind is _LinearizeTracer:
            value = value.primal
        elif kind is _PartialTracer and value.pval.is_known():
            value = value.pval.get_known()
        else:
            return None
    return value


def fold(value):
    """The concrete array behind `value` when it is a tracer computed from constants only,
    else None (it depends on a traced input, or is not a tracer).

    Example:
        >>> import jax, jax.numpy as jnp
        >>> @jax.jit
        ... def f(x):
        ...     n = jnp.asarray(3) * 2          # staged, but built from constants only
        ...     return x * int(fold(n)), fold(x)
        >>> f(1.0)[0].tolist(), f(1.0)[1] is None
        (6.0, True)
    """
    if not isinstance(value, _StagedTracer):
        return None
    try:
        order = _schedule(value)
        with jax.ensure_compile_time_eval():
            result = _evaluate(value, order)
    except _NotConstant:
        return None
    return None if isinstance(result, jax.core.Tracer) else result
