"""`jacfwd` and `jacrev`: full Jacobians with MindSpore's ``grad_position`` / ``has_aux``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from ..common.tensor import wrap
from ._common import (
    WriteCollector,
    as_input_array,
    check_differentiable_output,
    check_positions,
    is_differentiable,
    normalize_positions,
)
from .auto_compile import compile_calls
from .lambda_source import lambda_refusal

__all__ = ["jacfwd", "jacrev"]


def _make(jax_jac, fn, grad_position, has_aux, who):
    """The Jacobian function; in PYNATIVE_MODE it compiles itself (`auto_compile`)."""
    if not callable(fn):
        raise TypeError(f"{who}: `fn` must be callable, got {type(fn).__name__}")
    refused = lambda_refusal(fn, who)
    if refused is not None:
        return refused
    positions, single = normalize_positions(grad_position, who)
    if positions is None:
        raise ValueError(f"{who}: `grad_position` must be an int or a tuple of ints")

    def rebuild(g):  # the options are checked once, here
        return _make_eager(jax_jac, g, positions, single, has_aux, who)

    return compile_calls(who, fn, (positions, single, has_aux), rebuild)


def _make_eager(jax_jac, fn, positions, single, has_aux, who):
    """The eager Jacobian function over normalized options (see `_make`)."""

    def jacobian(*args):
        check_positions(positions, len(args), who, ValueError)
        args = [as_input_array(a, who, i) if i in positions else a for i, a in enumerate(args)]
        collector = WriteCollector(who)

        def pure(*xs):
            out, writes = collector.run(fn, xs)
            if has_aux:
                if not isinstance(out, tuple) or len(out) < 2:
                    raise ValueError(
                        f"{who}: with has_aux=True the function must return (output, aux, ...)"
                    )
                aux = out[1:] if len(out) > 2 else out[1]
                check_differentiable_output(out[0], who)
                return out[0], (aux, writes)
            check_differentiable_output(out, who)
            return out, ((), writes)

        diff = tuple(p for p in positions if is_differentiable(args[p]))
        if len(diff) == len(positions):
            argnums = positions[0] if single else positions
            jac, (aux, writes) = collector.transform(
                lambda: jax_jac(pure, argnums=argnums, has_aux=True)(*args)
            )
            collector.commit(writes)
            return wrap((jac, aux) if has_aux else jac)
        # Integer inputs are not differentiated: their Jacobian blocks are zeros.
        out, (aux, writes) = pure(*args)
        out_leaves, out_tree = jax.tree.flatten(out)
        if diff:
            jacs, (aux, writes) = collector.transform(
                lambda: jax_jac(pure, argnums=diff, has_aux=True)(*args)
            )
            per_output = out_tree.flatten_up_to(jacs)
        else:
            per_output = [()] * len(out_leaves)
        collector.commit(writes)
        blocks = []
        for leaf, diff_blocks in zip(out_leaves, per_output):
            by_position = dict(zip(diff, diff_blocks))
            row = tuple(
                by_position[p]
                if p in by_position
                else jax.tree.map(
                    lambda a, leaf=leaf: jnp.zeros(
                        jnp.shape(leaf) + jnp.shape(a), jnp.result_type(a)
                    ),
                    args[p],
                )
                for p in positions
            )
            blocks.append(row[0] if single else row)
        jac = out_tree.unflatten(blocks)
        return wrap((jac, aux) if has_aux else jac)

    return jacobian


def jacfwd(
    fn: Callable[..., Any], grad_position: int | tuple[int, ...] = 0, has_aux: bool = False
) -> Callable[..., Any]:
    """The function computing `fn`'s Jacobian by forward mode (one pass per input element).

    Forward mode suits functions with fewer inputs than outputs; `jacrev` the others.

    Args:
        fn (Callable[..., Any]): The function or Cell.
        grad_position (Union[int, tuple[int]]): The input (an int) or inputs (a tuple, giving
            a tuple of Jacobians) to differentiate. Default: ``0``.
        has_aux (bool): `fn` returns ``(output, *aux)``: only `output` is differentiated and
            the function returns ``(jacobian, aux)``. Default: ``False``.

    Returns:
        Callable[..., Any], taking `fn`'s arguments and returning the Jacobian, of shape
        ``output.shape + input.shape`` per input (zeros for integer inputs).

    Example:
        >>> import msfunc as ms
        >>> print(ms.ops.jacfwd(lambda x: x * x)(ms.Tensor([1.0, 2.0])))
        [[2. 0.]
         [0. 4.]]
    """
    return _make(jax.jacfwd, fn, grad_position, has_aux, "jacfwd")


def jacrev(
    fn: Callable[..., Any], grad_position: int | tuple[int, ...] = 0, has_aux: bool = False
) -> Callable[..., Any]:
    """The function computing `fn`'s Jacobian by reverse mode (one pass per output element).

    Args:
        fn (Callable[..., Any]): The function or Cell.
        grad_position (Union[int, tuple[int]]): The input (an int) or inputs (a tuple, giving
            a tuple of Jacobians) to differentiate. Default: ``0``.
        has_aux (bool): `fn` returns ``(output, *aux)``: only `output` is differentiated and
            the function returns ``(jacobian, aux)``. Default: ``False``.

    Returns:
        Callable[..., Any], taking `fn`'s arguments and returning the Jacobian, of shape
        ``output.shape + input.shape`` per input (zeros for integer inputs).

    Example:
        >>> import msfunc as ms
        >>> jx, jy = ms.ops.jacrev(lambda x, y: x * y, grad_position=(0, 1))(
        ...     ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
        >>> print(jx)
        [[3. 0.]
         [0. 4.]]
        >>> print(jy)
        [[1. 0.]
         [0. 2.]]
    """
    return _make(jax.jacrev, fn, grad_position, has_aux, "jacrev")
