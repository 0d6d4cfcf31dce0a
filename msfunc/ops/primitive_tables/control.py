"""Primitive classes for identity, printing, dependencies and lax control flow."""

import jax
import jax.numpy as jnp

from ...common.tensor import unwrap, wrap
from .. import func_queries_graph as M
from ._common import sig

__all__ = ["TABLE"]


def _print(p, *args):
    for a in args:
        a = unwrap(a)
        if isinstance(a, jax.core.Tracer):
            jax.debug.print("{}", a)
        else:
            print(a)


def _identity_n(p, x):
    return type(x)(x) if isinstance(x, (tuple, list)) else x


def _on_arrays(fn):
    """`fn` as a lax loop body: it gets Tensors and its results leave as arrays (lax compares
    the carry's types, and a program's body computes with Tensor operators)."""
    return lambda *args: unwrap(fn(*wrap(args)))


def _scan(p, loop_func, init, xs, length=None, reverse=False, unroll=True):
    if isinstance(xs, (list, tuple)):
        # a Python sequence is walked element by element, its outputs kept as a list (as
        # MindSpore does): the elements need not share a shape or be arrays at all
        carry, ys = init, []
        for x in reversed(xs) if reverse else xs:
            carry, y = loop_func(carry, x)
            ys.append(y)
        return carry, ys[::-1] if reverse else ys
    return jax.lax.scan(
        _on_arrays(loop_func), init, xs, length=length, reverse=reverse, unroll=unroll
    )


TABLE = [
    ("Identity", sig(), lambda p, x: x),
    ("IdentityN", sig(), _identity_n),
    ("Depend", sig(), lambda p, value, expr: value),
    ("StopGradient", sig(), lambda p, x: jax.lax.stop_gradient(x)),
    ("Print", sig(), _print),
    ("MoveTo", sig(), lambda p, x, to="CPU", blocking=True: jnp.asarray(x)),
    ("Partial", sig(), lambda p, fn, *args, **kwargs: M.partial(fn, *args, **kwargs)),
    (
        "ForiLoop",
        sig(),
        # (`unroll` asks MindSpore to unroll the loop; one rolled loop gives the same values)
        lambda p, lower, upper, loop_func, init_val, unroll=True: jax.lax.fori_loop(
            lower, upper, _on_arrays(loop_func), init_val
        ),
    ),
    (
        "WhileLoop",
        sig(),
        lambda p, cond_func, loop_func, init_val: jax.lax.while_loop(
            _on_arrays(cond_func), _on_arrays(loop_func), init_val
        ),
    ),
    ("Scan", sig(), _scan),
]
