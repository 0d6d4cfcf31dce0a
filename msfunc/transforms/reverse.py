"""Reverse-mode transforms with MindSpore's argument and return conventions: `vjp`, and
`get_grad`, which reads one gradient out of ``grad(..., return_ids=True)``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp

from .. import context
from .._state import read
from ..common.tensor import unwrap, wrap
from ._common import (
    WriteCollector,
    as_input_array,
    check_no_python_ints,
    normalize_weights,
    output_and_aux,
    strip_parameters,
    zero_float0,
)
from .auto_compile import Identity, compile_calls, last_call_compiled, last_call_op_by_op
from .eager_equality import same_values
from .integer_grad import integer_input_pullback
from .op_by_op import OpByOp

if TYPE_CHECKING:
    from ..common.parameter import Parameter
    from ..common.tensor import Tensor

__all__ = ["vjp", "get_grad"]


def vjp(
    fn: Callable[..., Any],
    *inputs: Tensor,
    weights: Parameter | Sequence[Parameter] | None = None,
    has_aux: bool = False,
) -> tuple[Any, ...]:
    """Reverse-mode derivative: `fn`'s output and the function pulling a cotangent back.

    Args:
        fn (Callable[..., Any]): The function or Cell.
        *inputs (Tensor): `fn`'s arguments, the point of differentiation.
        weights (Union[Parameter, Sequence[Parameter], None]): Parameters whose gradients
            `vjp_fn` returns too. Default: ``None``.
        has_aux (bool): `fn` returns ``(output, *aux)``: only `output` is differentiated, the
            rest is returned as it is. Default: ``False``.

    Returns:
        tuple, ``(fn(*inputs), vjp_fn)``, or ``(output, vjp_fn, aux)`` with `has_aux`.
        ``vjp_fn(v)`` returns a tuple of the inputs' gradients (``v @ J``), or
        ``(inputs' gradients, weights' gradients)`` when `weights` is given.

    Example:
        >>> import msfunc as ms
        >>> out, vjp_fn = ms.vjp(lambda x: x * x, ms.Tensor([3.0, 1.0]))
        >>> print(out, vjp_fn(ms.Tensor([1.0, 1.0])))
        [9. 1.] (Tensor(shape=[2], dtype=Float32, value= [ 6.00000000e+00,  2.00000000e+00]),)
    """
    if not callable(fn):
        raise TypeError(f"vjp: `fn` must be callable, got {type(fn).__name__}")
    check_no_python_ints(inputs, "vjp", "inputs")
    weight_tuple, single_w = normalize_weights(weights, "vjp")
    weight_tuple = weight_tuple or ()

    def rebuild(g):
        return lambda *xs: _vjp_forward(g, xs, weight_tuple, has_aux)

    # In PYNATIVE_MODE the forward pass compiles itself (`auto_compile`) and hands back JAX's
    # pullback (a pytree of residuals), which `vjp_fn` applies compiled too.
    forward = compile_calls(
        "vjp", fn, (tuple(map(Identity, weight_tuple)), has_aux), rebuild, preload=weight_tuple
    )
    out, pullback, aux = forward(*inputs)
    compiled = last_call_compiled()
    # (a forward program run op by op, as it differed from eager code compiled whole: its
    # pullback runs op by op too; else compiled where that gives the op-by-op numbers)
    apply_pullback = _apply_pullback_op_by_op if last_call_op_by_op() else _apply_pullback_exactly
    out = unwrap(out, pytrees=True)
    primals = [
        jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
        for x in (as_input_array(x, "vjp", i) for i, x in enumerate(inputs))
    ]

    def vjp_fn(*cotangent):
        ct = cotangent[0] if len(cotangent) == 1 else cotangent
        ct = unwrap(strip_parameters(ct), pytrees=True)
        ct = jax.tree.map(lambda c, o: jnp.asarray(c, jnp.result_type(o)), ct, out)
        if compiled:
            weight_grads, input_grads = apply_pullback(pullback, ct)
        else:
            weight_grads, input_grads = pullback(ct)
        input_grads = tuple(zero_float0(g, x) for g, x in zip(input_grads, primals))
        weight_grads = tuple(zero_float0(g, read(w)) for g, w in zip(weight_grads, weight_tuple))
        if weights is None:
            return wrap(tuple(input_grads))
        return wrap((tuple(input_grads), weight_grads[0] if single_w else tuple(weight_grads)))

    out, aux = wrap(out), wrap(aux)
    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


@jax.jit
def _apply_pullback(pullback, cotangent):
    # One program per forward program: a compiled forward hands back pullbacks of one
    # pytree structure (JAX rebuilds its outputs from the trace's structure).
    return pullback(cotangent)


_apply_pullback_op_by_op = OpByOp(_apply_pullback)
_PULLBACKS_JUDGED = 256
# (pullback structure, leaf types) -> whether the whole compiled pullback gave the numbers
# it gives op by op (that is, eager code's)
_PULLBACK_EXACT: dict = {}


def _apply_pullback_exactly(pullback, cotangent):
    """A compiled forward's pullback applied compiled whole where, at its first application
    in that form, that gave the op-by-op (eager) numbers, else op by op (PyNative's rule:
    compiled only where that gives eager's numbers; ``pynative_exact=False``: compiled)."""
    if not context.get_context("pynative_exact"):
        return _apply_pullback(pullback, cotangent)
    leaves, tree = jax.tree.flatten((pullback, cotangent))
    key = (tree, tuple([(x.shape, x.dtype) for x in leaves]))  # (jax arrays, every one)
    exact = _PULLBACK_EXACT.get(key)
    if exact is None:
        step = _apply_pullback_op_by_op(pullback, cotangent)
        if len(_PULLBACK_EXACT) >= _PULLBACKS_JUDGED:
            del _PULLBACK_EXACT[next(iter(_PULLBACK_EXACT))]
        _PULLBACK_EXACT[key] = same_values(_apply_pullback(pullback, cotangent), step)
        return step
    return (_apply_pullback if exact else _apply_pullback_op_by_op)(pullback, cotangent)


def _vjp_forward(fn, inputs, weight_tuple, has_aux):
    """(output, JAX's pullback, aux) of `fn` at `inputs`; writes committed."""
    primals = tuple(as_input_array(x, "vjp", i) for i, x in enumerate(inputs))
    collector = WriteCollector("vjp")
    ids = tuple(id(w) for w in weight_tuple)

    def pure(weight_values, xs):
        out, writes = collector.run(fn, xs, dict(zip(ids, weight_values)))
        return output_and_aux(out, writes, has_aux, "vjp")

    out, pullback, (aux, writes) = collector.transform(
        lambda: jax.vjp(pure, tuple(read(w) for w in weight_tuple), primals, has_aux=True)
    )
    collector.commit(writes)
    pullback = integer_input_pullback(
        pure, collector.transform, tuple(read(w) for w in weight_tuple), primals, pullback
    )
    return out, pullback, aux


def get_grad(gradients: tuple[Any, ...], identifier: int | str | Parameter) -> Tensor:
    """One gradient out of the result of ``grad(..., return_ids=True)``.

    Args:
        gradients (tuple): What a gradient function built with ``return_ids=True`` returned:
            ``(id, gradient)`` pairs, possibly nested.
        identifier (Union[int, str, Parameter]): An input position, a Parameter or its name.

    Returns:
        Tensor, the gradient paired with `identifier` (the first one found).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> g = ms.grad(lambda x: net(x).sum(), 0, net.trainable_params(), return_ids=True)
        >>> grads = g(ms.Tensor([[1.0, 2.0]]))
        >>> print(ms.get_grad(grads, 0), ms.get_grad(grads, net.bias), ms.get_grad(grads, "weight"))
        [[1. 1.]] [1.] [[1. 2.]]
    """
    from ..common.parameter import Parameter

    key = identifier.name if isinstance(identifier, Parameter) else identifier
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise TypeError(
            "get_grad: `identifier` must be an input position, a Parameter or a "
            f"Parameter name, got {type(identifier).__name__}"
        )
    found = []

    def search(node):
        if (
            isinstance(node, tuple)
            and len(node) == 2
            and isinstance(node[0], (int, str))
            and not isinstance(node[0], bool)
        ):
            if node[0] == key:
                found.append(node[1])
            return
        if isinstance(node, (tuple, list)):
            for item in node:
                search(item)

    search(gradients)
    if not found:  # (RuntimeError, as MindSpore's)
        raise RuntimeError(
            f"get_grad: no gradient with identifier {key!r}; use the output of "
            "grad(..., return_ids=True)"
        )
    return found[0]
