"""`grad`, `value_and_grad` and `GradOperation` with MindSpore's argument conventions.

Inputs at ``grad_position`` and the Parameters in ``weights`` are the
differentiation inputs: the weights are lifted into a state frame so that code
reading ``self.weight`` sees the traced value. Writes made during the call
(BatchNorm statistics, RNG keys) are carried out of the transform and committed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp

from .._jax_private import at_top_level
from .._state import graph_semantics, read
from ..common.parameter import Parameter
from ..common.tensor import Tensor, unwrap, wrap
from ..common.tensor_hooks import hook_list, hooked, late_hooks, unreached_hooks
from ..context import is_graph_mode
from . import addn_chain
from ._common import (
    WriteCollector,
    as_input_array,
    check_positions,
    differentiable_output,
    input_kind,
    late_position_check,
    normalize_positions,
    normalize_weights,
    strip_parameters,
    zero_float0,
)
from .auto_compile import Identity, built_before, compile_calls
from .control_flow import ControlFlowError
from .integer_grad import integer_grads
from .lambda_source import lambda_refusal
from .no_grad import no_grad_active

if TYPE_CHECKING:
    from ..common.parameter import Parameter

__all__ = ["grad", "value_and_grad", "GradOperation"]


def _split_output(out, has_aux):
    """(differentiated part, aux tuple) of a function output."""
    if not has_aux:
        return out, ()
    if not isinstance(out, tuple) or len(out) < 2:
        raise ValueError(
            "grad: with has_aux=True the function must return more than one "
            "output: (output_to_differentiate, aux, ...)"
        )
    return out[0], tuple(out[1:])


def _conjugated(tree):
    """`tree` with its complex arrays conjugated."""
    return jax.tree.map(lambda v: jnp.conj(v) if jnp.iscomplexobj(v) else v, tree)


def _ones_cotangent(primal):
    return jax.tree.map(jnp.ones_like, primal)


def _differentiate(fn, args, kwargs, positions, weights, has_aux, sens, who):
    """Run fn(*args) under jax.vjp; returns (full output, input grads, weight grads, aux).

    Called from eager code, a function whose compiled part cannot be reversed (a `while`
    loop on a tensor condition inside `jit`) is differentiated again with compilation off,
    its loops running in Python on concrete values, as PyNative mode runs them.
    """
    if no_grad_active():
        raise RuntimeError(f"{who}: gradients cannot be computed inside a `_no_grad` block")
    try:
        return _differentiate_once(fn, args, kwargs, positions, weights, has_aux, sens, who)
    except ControlFlowError:
        if jax.config.jax_disable_jit or not at_top_level():
            raise
    with jax.disable_jit():
        return _differentiate_once(fn, args, kwargs, positions, weights, has_aux, sens, who)


def _shared_slots(args, positions):
    """{position: every argument slot holding the same Tensor object} for the differentiated
    Tensors passed more than once. PyNative MindSpore records a Tensor object once on its
    tape, so each of its slots gets the gradient of all its uses (``grad(f)(a, a)`` of
    ``f(x, y) = x * y`` is ``2 * a``); graph mode differentiates each parameter apart."""
    if graph_semantics() or is_graph_mode():
        return {}
    shared = {}
    for p in positions:
        if isinstance(args[p], Tensor) and not isinstance(args[p], Parameter):
            slots = tuple(q for q, a in enumerate(args) if a is args[p])
            if len(slots) > 1:
                shared[p] = tuple(q for q in slots if q in positions) + tuple(
                    q for q in slots if q not in positions
                )
    return shared


def _passes_a_tensor_twice(args):
    """Whether one Tensor object fills two argument slots: a compiled program would see two
    inputs where PyNative differentiates one (`_shared_slots`), so such a call runs eagerly."""
    if len(args) < 2 or len(set(map(id, args))) == len(args):
        return False  # (every grad call asks: the common case stays in C)
    seen = set()
    for a in args:
        if isinstance(a, Tensor) and not isinstance(a, Parameter):
            if id(a) in seen:
                return True
            seen.add(id(a))
    return False


def _number_sens(sens, primary):
    """`sens` with each Python number given its output's dtype (a scalar output's sens is
    often a Python float, which JAX's pullback would otherwise take as float64)."""

    def cast(s, p):
        if isinstance(s, (int, float)) and not isinstance(s, bool) and hasattr(p, "dtype"):
            return jnp.asarray(s, p.dtype)
        return s

    try:
        return jax.tree.map(cast, sens, primary)
    except (TypeError, ValueError):  # (another structure: the pullback reports it)
        return sens


def _differentiate_once(fn, args, kwargs, positions, weights, has_aux, sens, who):
    """`_differentiate` in the current compilation setting."""
    args, originals = list(args), args
    positions = asked = positions or ()
    if late_position_check(positions, len(args)):
        # PyNative runs the forward and backward passes (their prints and hooks) first
        positions = tuple(p for p in positions if p < len(args))
    else:
        check_positions(positions, len(args), who)
    for p in positions:
        args[p] = as_input_array(args[p], who, p)
    # The same Parameter may be listed twice: lift it once, hand its gradient to each slot.
    unique = list({id(w): w for w in (weights or ())}.values())
    weight_ids = tuple(id(w) for w in unique)
    weight_values = tuple(read(w) for w in unique)
    hooks_before = tuple(bool(hook_list(w)) for w in unique)
    ran = set()  # the weights' hook lists the backward pass runs
    collector = WriteCollector(who)
    call = functools.partial(fn, **kwargs) if kwargs else fn
    shared = _shared_slots(originals, positions)

    def pure(weight_vals, input_vals):
        call_args = list(args)
        for p, v in zip(positions, input_vals):
            if p in shared and shared[p][0] != p:
                continue  # (a later slot of a Tensor passed twice: its first slot holds it)
            v = hooked(originals[p], v)  # Tensor.register_hook on an input
            for q in shared.get(p, (p,)):
                call_args[q] = v
        weight_vals = [hooked(w, v, ran) for w, v in zip(unique, weight_vals)]
        out, writes = collector.run(call, call_args, dict(zip(weight_ids, weight_vals)))
        primary, aux = _split_output(out, has_aux)
        return differentiable_output(primary, who), (out, aux, writes)

    input_values = tuple(args[p] for p in positions)
    # a MindSpore program's graph-mode gradient sums float16 values as MindSpore's AddN does
    target = addn_chain.interpreted(pure) if addn_chain.applies() else pure
    with addn_chain.differentiation_scope():
        primary, vjp_fn, (out, aux, write_values) = collector.transform(
            lambda: jax.vjp(target, weight_values, input_values, has_aux=True)
        )
        cotangent = _ones_cotangent(primary) if sens is None else _number_sens(sens, primary)
        # MindSpore's complex gradients are the conjugates of JAX's pullback of the conjugated
        # cotangent (dout * conj(f'(z)) for a holomorphic f); real ones are untouched.
        unique_grads, input_grads = _conjugated(vjp_fn(_conjugated(cotangent)))
    collector.commit(write_values)  # (after the backward pass, which may still fail)
    check_positions(asked, len(args), who)
    # Integer inputs and Parameters: JAX gives float0; MindSpore differentiates them.
    input_grads = tuple(zero_float0(g, x) for g, x in zip(input_grads, input_values))
    if shared:
        first = dict(zip(positions, input_grads))
        input_grads = tuple(first[shared[p][0]] if p in shared else first[p] for p in positions)
    unique_grads = tuple(zero_float0(g, v) for g, v in zip(unique_grads, weight_values))
    unique_grads, input_grads = integer_grads(
        pure, collector.transform, weight_values, input_values, (unique_grads, input_grads), sens
    )
    # A Parameter's first hook registered during this forward pass (in a PyNative construct)
    # had no identity to run through: it takes the Parameter's whole gradient, as in
    # MindSpore, whether registered before or after the Parameter is read.
    unique_grads = tuple(
        late_hooks(w, g, before) if not before else unreached_hooks(w, g, ran)
        for w, g, before in zip(unique, unique_grads, hooks_before)
    )
    by_id = dict(zip(weight_ids, unique_grads))
    # A Parameter with requires_grad=False (read after the forward, which may set it) gets
    # zeros, as in MindSpore.
    weight_grads = tuple(
        by_id[id(w)] if w.requires_grad else jnp.zeros_like(by_id[id(w)]) for w in (weights or ())
    )
    return out, input_grads, weight_grads, aux


def _plain_containers(tree):
    """The gradient of a `mutable` sequence as a plain tuple, list or dict of its items."""
    kind = type(tree)
    if getattr(kind, "_msfunc_mutable", False) or kind in (tuple, list, dict):
        base = next(b for b in (tuple, list, dict) if isinstance(tree, b))
        if base is dict:
            return {k: _plain_containers(v) for k, v in tree.items()}
        return base(_plain_containers(v) for v in tree)
    return tree


def _constant_positions(positions, args, pytrees):
    """The positions whose arguments are constants, as MindSpore treats them.

    MindSpore differentiates only the Tensors at ``grad_position``; every other argument
    (a Python number, None, a string, a tuple, list or dict) leaves the result. msfunc
    does the same, with one extension for `pytrees` (`grad`, `value_and_grad`; not
    `GradOperation`, which follows MindSpore): when no Tensor sits at any position, the
    floats are differentiated (``grad(f)(2.0)`` gives f'(2.0) where MindSpore returns
    ``()``), and so are the tuples/lists/dicts (``grad(f)((x, y))``: one gradient per leaf,
    as `jax.grad`), while None or another object there is a TypeError (nothing at all
    could be differentiated). Ints and bools always leave the result.
    """
    kinds = [input_kind(args[p]) if p < len(args) else "array" for p in positions]
    if "array" in kinds or not pytrees:
        return {p for p, kind in zip(positions, kinds) if kind != "array"}
    numbers = (p for p, kind in zip(positions, kinds) if kind == "number")
    return {p for p in numbers if not isinstance(args[p], float)}


def _assemble(positions, single_pos, weights, single_w, input_grads, weight_grads, return_ids):
    if return_ids:
        input_grads = tuple((p, g) for p, g in zip(positions or (), input_grads))
        weight_grads = tuple((w.name, g) for w, g in zip(weights or (), weight_grads))
    inputs_part = input_grads[0] if single_pos else tuple(input_grads)
    weights_part = weight_grads[0] if single_w else tuple(weight_grads)
    if positions is None:
        return weights_part
    if weights is None:
        return inputs_part
    return inputs_part, weights_part


def _make(
    fn,
    grad_position,
    weights,
    has_aux,
    return_ids,
    sens_param,
    with_value,
    who,
    inputs_as_tuple=False,
):
    """The gradient function; in PYNATIVE_MODE it compiles itself (`auto_compile`)."""
    # Built inline on every call (``ms.grad(f)(x)`` in a loop): the same plain arguments over
    # the same function give the object built (and checked) before. Bools and an int
    # position only, so values that compare equal but fail the checks never match.
    raw = None
    if (
        weights is None
        and type(grad_position) is int
        and type(has_aux) is bool
        and type(return_ids) is bool
        and type(sens_param) is bool
    ):
        raw = (grad_position, has_aux, return_ids, sens_param, with_value, inputs_as_tuple)
        hit = built_before(who, fn, raw)
        if hit is not None:
            return hit
    if not callable(fn):
        raise TypeError(f"{who}: `fn` must be callable, got {type(fn).__name__}")
    refused = lambda_refusal(fn, who, graph_mode_only=True)
    if refused is not None:
        return refused
    positions, single_pos = normalize_positions(grad_position, who, allow_empty=True)
    single_pos = single_pos and not inputs_as_tuple
    weight_tuple, single_w = normalize_weights(weights, who)
    if positions is None and weight_tuple is None:
        raise ValueError(f"{who}: `grad_position` and `weights` cannot both be None")

    def rebuild(g):  # the options are checked once, here
        return _make_eager(
            g,
            positions,
            single_pos,
            weight_tuple,
            single_w,
            has_aux,
            return_ids,
            sens_param,
            with_value,
            who,
            inputs_as_tuple,
        )

    # Everything `rebuild` closes over keys the compiled programs (GradOperation builds both
    # forms under one name: `with_value` tells them apart).
    options = (
        (positions, single_pos),
        tuple(map(Identity, weight_tuple or ())),
        weight_tuple is None,
        single_w,
        has_aux,
        return_ids,
        sens_param,
        inputs_as_tuple,
        with_value,
    )
    return compile_calls(
        who,
        fn,
        options,
        rebuild,
        preload=weight_tuple or (),
        memo_key=raw,
        eager_when=_passes_a_tensor_twice,
    )


def _make_eager(
    fn,
    positions,
    single_pos,
    weight_tuple,
    single_w,
    has_aux,
    return_ids,
    sens_param,
    with_value,
    who,
    inputs_as_tuple,
):
    """The eager gradient function over normalized options (see `_make`)."""
    pytrees = who != "GradOperation"  # MindSpore's own API: only Tensors are differentiated

    def grad_fn(*args, **kwargs):
        if positions == ():
            # MindSpore builds the function and refuses it when called
            raise RuntimeError(
                f"{who}: `grad_position` is an empty tuple: there is nothing to differentiate"
            )
        sens = None
        if sens_param:
            if not args:
                raise TypeError(
                    f"{who}: sens_param=True needs the sensitivity as the last argument"
                )
            *args, sens = args
            sens = unwrap(strip_parameters(sens), pytrees=True)
        call_positions, call_single = positions, single_pos
        if positions and not args and not is_graph_mode() and not graph_semantics():
            # PyNative differentiates a call without inputs by position to no gradient
            call_positions, call_single = (), False
        if positions is not None:
            constants = _constant_positions(positions, args, pytrees)
            if constants:
                # The result has one gradient per remaining position: a bare one when one
                # remains, () when none does (as in MindSpore).
                call_positions = tuple(p for p in positions if p not in constants)
                call_single = len(call_positions) == 1 and not inputs_as_tuple
        out, in_g, w_g, aux = _differentiate(
            fn, args, kwargs, call_positions, weight_tuple, has_aux, sens, who
        )
        in_g = tuple(map(_plain_containers, in_g))
        grads = _assemble(
            call_positions, call_single, weight_tuple, single_w, in_g, w_g, return_ids
        )
        if with_value:
            return wrap((out, grads))
        return wrap((grads, aux)) if has_aux else wrap(grads)

    grad_fn.__name__ = f"{who}({getattr(fn, '__name__', type(fn).__name__)})"
    grad_fn.__doc__ = getattr(fn, "__doc__", None)
    return grad_fn


def grad(
    fn: Callable[..., Any],
    grad_position: int | tuple[int, ...] | None = 0,
    weights: Parameter | Sequence[Parameter] | None = None,
    has_aux: bool = False,
    return_ids: bool = False,
    sens_param: bool = False,
) -> Callable[..., Any]:
    """The function computing the gradients of `fn` at its inputs and/or Parameters.

    Non-scalar outputs are differentiated with a sensitivity of ones; several outputs
    (without `has_aux`) add their gradients; integer inputs get integer gradients, as in
    MindSpore (`msfunc.transforms.integer_grad`). Parameters written during the call
    (BatchNorm statistics, random keys) are committed afterwards. In PyNative mode the
    returned function compiles itself where that gives the eager result (`auto_compile`).

    Args:
        fn (Callable[..., Any]): The function or Cell to differentiate.
        grad_position (Union[int, tuple[int], None]): Which positional inputs to
            differentiate: an int gives one gradient, a tuple a tuple of them, ``None`` none
            (then `weights` must be given). Default: ``0``.
        weights (Union[Parameter, Sequence[Parameter], None]): Parameters to differentiate
            too: one Parameter gives its bare gradient, a list, tuple or ParameterTuple a
            tuple. Default: ``None``.
        has_aux (bool): Differentiate the first output only and return the others as
            ``(grads, aux)``. Default: ``False``.
        return_ids (bool): Pair each gradient with its input position or Parameter name.
            Default: ``False``.
        sens_param (bool): The last argument of the returned function is the sensitivity
            (the output's cotangent) instead of ones. Default: ``False``.

    Returns:
        Callable[..., Any], taking `fn`'s arguments and returning the gradients: of the
        inputs, of the weights, or ``(inputs' gradients, weights' gradients)`` when both
        are asked for.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> print(ms.grad(lambda x: x**3)(ms.Tensor(2.0)))
        12.0
        >>> net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> loss = lambda x: net(x).sum()
        >>> weights = net.trainable_params()
        >>> dw, db = ms.grad(loss, None, weights)(ms.Tensor([[1.0, 2.0]]))
        >>> print(dw, db)
        [[1. 2.]] [1.]
        >>> ids = ms.grad(lambda x, y: x * y, (0, 1), return_ids=True)
        >>> print(ids(ms.Tensor(2.0), ms.Tensor(3.0)))  # doctest: +NORMALIZE_WHITESPACE
        ((0, Tensor(shape=[], dtype=Float32, value= 3)),
         (1, Tensor(shape=[], dtype=Float32, value= 2)))
    """
    return _make(fn, grad_position, weights, has_aux, return_ids, sens_param, False, "grad")


def value_and_grad(
    fn: Callable[..., Any],
    grad_position: int | tuple[int, ...] | None = 0,
    weights: Parameter | Sequence[Parameter] | None = None,
    has_aux: bool = False,
    return_ids: bool = False,
    sens_param: bool = False,
) -> Callable[..., Any]:
    """The function computing `fn`'s output together with its gradients, in one pass.

    The arguments mean what they mean for `grad`; with `has_aux` the value returned is
    `fn`'s whole output (the first element and the auxiliary ones).

    Args:
        fn (Callable[..., Any]): The function or Cell to differentiate.
        grad_position (Union[int, tuple[int], None]): Which positional inputs to
            differentiate; ``None`` for the weights only. Default: ``0``.
        weights (Union[Parameter, Sequence[Parameter], None]): Parameters to differentiate
            too. Default: ``None``.
        has_aux (bool): Differentiate the first output only. Default: ``False``.
        return_ids (bool): Pair each gradient with its position or Parameter name.
            Default: ``False``.
        sens_param (bool): The last argument is the output's sensitivity. Default: ``False``.

    Returns:
        Callable[..., Any], returning ``(value, gradients)``.

    Example:
        >>> import msfunc as ms
        >>> f = ms.value_and_grad(lambda x, y: (x * y).sum(), grad_position=(0, 1))
        >>> value, (gx, gy) = f(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
        >>> print(value, gx, gy)
        11.0 [3. 4.] [1. 2.]
    """
    return _make(
        fn, grad_position, weights, has_aux, return_ids, sens_param, True, "value_and_grad"
    )


class GradOperation:
    """MindSpore's higher-order gradient operation: ``GradOperation(...)(fn, weights)``.

    Calling the object with a function (and, with `get_by_list`, its weights) returns the
    gradient function: the first input's gradient by default, every input's with
    `get_all`, the weights' with `get_by_list`, and ``(inputs', weights')`` with both.

    Args:
        get_all (bool): Differentiate every positional input. Default: ``False``.
        get_by_list (bool): Differentiate the Parameters given as `weights`.
            Default: ``False``.
        sens_param (bool): The gradient function's last argument is the output's
            sensitivity (otherwise ones). Default: ``False``.

    Example:
        >>> import msfunc as ms
        >>> g = ms.ops.GradOperation(get_all=True)(lambda x, y: x * y)
        >>> print(g(ms.Tensor(2.0), ms.Tensor(3.0)))  # doctest: +NORMALIZE_WHITESPACE
        (Tensor(shape=[], dtype=Float32, value= 3),
         Tensor(shape=[], dtype=Float32, value= 2))
        >>> w = ms.Parameter(ms.Tensor(4.0), name="w")
        >>> gw = ms.ops.GradOperation(get_by_list=True)(lambda x: x * w, ms.ParameterTuple([w]))
        >>> print(gw(ms.Tensor(2.0)))
        (Tensor(shape=[], dtype=Float32, value= 2),)
    """

    def __init__(
        self, get_all: bool = False, get_by_list: bool = False, sens_param: bool = False
    ) -> None:
        for name, value in (
            ("get_all", get_all),
            ("get_by_list", get_by_list),
            ("sens_param", sens_param),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"GradOperation: `{name}` must be a bool, got {value!r}")
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param

    def __call__(
        self, fn: Callable[..., Any], weights: Parameter | Sequence[Parameter] | None = None
    ) -> Callable[..., Any]:
        return grad_operation(fn, weights, self.get_all, self.get_by_list, self.sens_param)


def grad_operation(fn, weights, get_all, get_by_list, sens_param, with_value=False):
    """`GradOperation`'s gradient function (with `with_value`: ``(output, gradients)``, as
    ``nn.ForwardValueAndGrad`` returns).

    Example:
        >>> import msfunc as ms
        >>> value, g = grad_operation(lambda x: x * x, None, False, False, False, True)(
        ...     ms.Tensor(3.0))
        >>> float(value), float(g)
        (9.0, 6.0)
    """
    if not callable(fn):
        raise TypeError(
            f"GradOperation: `fn` must be a function or a Cell, got {type(fn).__name__}"
        )
    refused = lambda_refusal(fn, "GradOperation", graph_mode_only=True)
    if refused is not None:
        return refused
    fixed_weights, single_weight = None, False
    if get_by_list and weights is not None:
        fixed_weights, single_weight = normalize_weights(weights, "GradOperation")
        fixed_weights = tuple(fixed_weights)
    built = {}  # (number of inputs, weights) -> gradient function

    def current_weights():
        if not get_by_list:
            return None
        if fixed_weights is not None:
            return fixed_weights
        # Without `weights`, a Cell's trainable Parameters (read at each call, as in
        # MindSpore); a plain function has none.
        params = getattr(fn, "trainable_params", None)
        return tuple(params()) if callable(params) else ()

    def grad_fn(*args, **kwargs):
        if sens_param and "sens" in kwargs:
            kwargs = dict(kwargs)
            args = (*args, kwargs.pop("sens"))
        # keyword inputs are inputs too: MindSpore differentiates them after the positional
        # ones, in the order of the call
        names = tuple(kwargs)
        if names:
            split = len(args) - (1 if sens_param else 0)
            args, kwargs = (*args[:split], *kwargs.values(), *args[split:]), {}
        weight_tuple = current_weights()
        n = len(args) - (1 if sens_param else 0)
        key = (n, names, tuple(map(id, weight_tuple or ())))
        inner = built.get(key)
        if inner is None:
            target = _keywords_last(fn, n - len(names), names) if names else fn
            if get_all:
                positions = tuple(range(n))
            elif weight_tuple is not None:
                positions = None
            else:
                positions = 0 if n else ()  # the first input's gradient: none without inputs
            # One Parameter (not in a list) gets its gradient bare, as in MindSpore.
            weights_arg = weight_tuple[0] if single_weight else weight_tuple
            if positions == ():  # get_all with no inputs: nothing on the inputs' side
                inner = _without_inputs(fn, weight_tuple, sens_param, with_value, single_weight)
            else:
                # get_all gives a tuple of input gradients even for one input.
                inner = _make(
                    target,
                    positions,
                    weights_arg,
                    False,
                    False,
                    sens_param,
                    with_value,
                    "GradOperation",
                    inputs_as_tuple=get_all,
                )
            built[key] = inner
        return inner(*args, **kwargs)

    return grad_fn


def _keywords_last(fn, count, names):
    """`fn` taking its keyword inputs `names` as positional ones after its first `count`."""

    def call(*args):
        return fn(*args[:count], **dict(zip(names, args[count:], strict=True)))

    call.__name__ = getattr(fn, "__name__", type(fn).__name__)
    return call


def _without_inputs(fn, weight_tuple, sens_param, with_value, single_weight=False):
    """get_all on a call without inputs: ``()``, or ``((), weight gradients)`` by list."""
    if weight_tuple:
        inner = _make(
            fn,
            None,
            weight_tuple[0] if single_weight else weight_tuple,
            False,
            False,
            sens_param,
            with_value,
            "GradOperation",
        )
        if with_value:

            def call(*args, **kwargs):
                value, grads = inner(*args, **kwargs)
                return value, ((), grads)

            return call
        return lambda *args, **kwargs: ((), inner(*args, **kwargs))
    grads = () if weight_tuple is None else ((), ())
    if not with_value:
        return lambda *args, **kwargs: grads

    def value_only(*args, **kwargs):
        if sens_param:
            args = args[:-1]
        return fn(*args, **kwargs), grads

    return value_only
