"""`vmap` with MindSpore's conventions, including model ensembles over a CellList.

Parameters read inside a vmapped function are shared across the batch (they
enter as unmapped values). A `CellList` of identically structured Cells is an
ensemble: their Parameters are stacked and mapped together with the inputs.
A Parameter passed as an argument at a mapped position is a Parameter inside the
function whose value is the element's slice; its writes (``AssignAdd``, ``Adam``
...) are stacked along its axis and committed once, after the whole call
(nothing is written if the function raises). At an unmapped (None) position it is
the shared Parameter itself. The same holds for Parameters inside tuple, list, dict
and ParameterTuple arguments, each with the `in_axes` entry that reaches it.

Random ops inside vmap: each batch element draws *different* numbers (msfunc
folds the element's index into the key), unlike MindSpore, which gives every
element the same draw. The global stream advances once per vmapped call.
"""

from __future__ import annotations

import functools
import inspect
import itertools
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .. import _state
from .._state import Box, commit, read, run_collecting, run_isolating
from ..common.parameter import ParameterTuple
from ..common.tensor import unwrap, wrap
from .auto_compile import built_before, compile_calls
from .lambda_source import lambda_refusal

__all__ = ["vmap", "active_axis_names", "VmapValueError", "VmapTypeError"]


class VmapValueError(ValueError, RuntimeError):
    """A `vmap` axis or argument of the wrong value: a ValueError, and the RuntimeError
    MindSpore raises for it (so code catching either keeps working)."""


class VmapTypeError(TypeError, RuntimeError):
    """A `vmap` axis of the wrong type: a TypeError, and MindSpore's RuntimeError."""


class VmapArgumentCountError(TypeError, ValueError):
    """`in_axes` with more or fewer entries than the call's arguments: the TypeError of a
    wrong argument count (as MindSpore raises), and a ValueError of `in_axes`."""


_names = itertools.count(1)


def active_axis_names():
    """Names of the msfunc vmap axes the calling thread is tracing."""
    return tuple(_state.vmap_axes())


def _normalize_axes(axes, who, name):
    if axes is None or (isinstance(axes, int) and not isinstance(axes, bool)):
        return axes
    if isinstance(axes, (tuple, list)):
        return tuple(_normalize_axes(a, who, name) for a in axes)
    raise VmapTypeError(
        f"{who}: `{name}` must be an int, None, or a (nested) tuple/list of them, got {axes!r}"
    )


def _all_none(axes):
    if axes is None:
        return True
    if isinstance(axes, tuple):
        return all(_all_none(a) for a in axes)
    return False


def _axes_per_argument(in_axes, args):
    """`in_axes` as one entry per positional argument (an int or None applies to all)."""
    axes = in_axes if isinstance(in_axes, tuple) else (in_axes,) * len(args)
    if len(axes) != len(args):
        raise VmapArgumentCountError(
            f"vmap: `in_axes` has {len(axes)} entries but the function "
            f"got {len(args)} positional arguments"
        )
    return axes


def _shaped_like(ax, arg):
    """An `in_axes` entry given as a tuple for a list or namedtuple argument, rebuilt as that
    container (JAX matches `in_axes` to the argument's tree, containers' types included)."""
    if not isinstance(ax, tuple) or not isinstance(arg, (list, tuple)) or len(ax) != len(arg):
        return ax
    inner = [_shaped_like(a, x) for a, x in zip(ax, arg)]
    if type(arg) is list:
        return inner
    if hasattr(arg, "_fields"):
        return type(arg)(*inner)
    return tuple(inner)


def _mapped_sizes(args, in_axes):
    """Sizes of the mapped axes of `args` (as JAX would read them)."""
    axes = _axes_per_argument(in_axes, args)
    sizes = []
    for arg, ax in zip(args, axes):
        if isinstance(ax, tuple):
            sizes += _mapped_sizes(tuple(arg), ax)
            continue
        if ax is None:
            continue
        for leaf in jax.tree.leaves(arg):
            shape = np.shape(leaf)
            if not -len(shape) <= ax < len(shape):
                raise VmapValueError(
                    f"vmap: in_axes {ax} is out of range for an argument of shape {shape}"
                )
            sizes.append(shape[ax])
    return sizes


def vmap(fn: Callable[..., Any], in_axes: Any = 0, out_axes: Any = 0) -> Callable[..., Any]:
    """The function mapping `fn` over a batch axis of its inputs (MindSpore's `vmap`).

    Args:
        fn (Callable[..., Any]): A function, a Cell (its Parameters shared across the batch),
            or a CellList of identically structured Cells (an ensemble: every Parameter and
            array attribute stacked and mapped; the mapped size must equal the list length).
            A bare primitive instance (``ops.Add()``) is refused with RuntimeError when the
            mapped function is called, as in MindSpore: wrap it in a function.
        in_axes (Union[int, None, tuple, list]): The mapped axis of each positional argument:
            one int or ``None`` for all, or one entry per argument (nested to match tuple
            arguments); at least one must be mapped. A Parameter argument at a mapped
            position (also inside a tuple, list or dict argument) is updated in place: what
            the function writes to each element's slice is stacked back along its axis.
            Default: ``0``.
        out_axes (Union[int, None, tuple, list]): Where the batch axis goes in each output;
            an output that does not depend on the batch is broadcast. Default: ``0``.

    Returns:
        Callable[..., Any], taking `fn`'s arguments with their batch axes.

    Example:
        >>> import msfunc as ms
        >>> f = ms.vmap(lambda x, y: x * y, in_axes=(0, None))
        >>> print(f(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([10.0, 100.0])))
        [[ 10. 200.]
         [ 30. 400.]]
        >>> print(ms.vmap(lambda x: x.sum(), in_axes=1)(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
        [4. 6.]
        >>> w = ms.Parameter(ms.Tensor([[0.0, 0.0], [1.0, 1.0]]), name="w")
        >>> _ = ms.vmap(lambda v, x: ms.ops.assign(v, v + x))(w, ms.Tensor([1.0, 2.0]))
        >>> print(w.value())
        [[1. 1.]
         [3. 3.]]
        >>> b = ms.Parameter(ms.Tensor([0.0, 0.0]), name="b")
        >>> step = lambda wb, x: ms.ops.assign_add(wb[1], x)  # (wb[0] is only read)
        >>> _ = ms.vmap(step, in_axes=((0, 0), 0))((w, b), ms.Tensor([1.0, 2.0]))
        >>> print(b.value())
        [1. 2.]
    """
    # Built inline on every call: the same int/None axes over the same function give the
    # object built (and checked) before (types in the key: True must not pass as 1).
    raw = None
    if (in_axes is None or type(in_axes) is int) and (out_axes is None or type(out_axes) is int):
        raw = (type(in_axes), in_axes, type(out_axes), out_axes)
        hit = built_before("vmap", fn, raw)
        if hit is not None:
            return hit
    in_axes = _normalize_axes(in_axes, "vmap", "in_axes")
    out_axes = _normalize_axes(out_axes, "vmap", "out_axes")
    if getattr(type(fn), "_msfunc_ensemble", False):
        _ensemble_vmap(fn, in_axes, out_axes)  # (checks the members now, not at the call)
        # An ensemble trained eagerly (a CellList of train-step Cells) compiles itself too.
        return compile_calls(
            "vmap",
            fn,
            (in_axes, out_axes, "ensemble"),
            lambda cells: _ensemble_vmap(cells, in_axes, out_axes),
            memo_key=raw,
            check_first=False,
        )
    if not callable(fn):
        raise TypeError(f"vmap: `fn` must be callable, got {type(fn).__name__}")
    if getattr(type(fn), "_msfunc_primitive", False):
        return _refuse_primitive(fn)
    refused = lambda_refusal(fn, "vmap")
    if refused is not None:
        return refused
    if _all_none(in_axes):
        raise VmapValueError("vmap: at least one entry of `in_axes` must be mapped (not None)")

    def rebuild(g):
        return _batched(g, in_axes, out_axes)

    # In PYNATIVE_MODE the batched function compiles itself (`auto_compile`).
    return compile_calls("vmap", fn, (in_axes, out_axes), rebuild, memo_key=raw)


def _refuse_primitive(prim):
    """What `vmap` returns for a bare primitive: MindSpore's vmap maps functions and Cells
    only, and refuses a primitive when the mapped function is called (in either mode)."""

    def refused(*args, **kwargs):
        raise RuntimeError(
            f"vmap: `fn` must be a function or a Cell, got the primitive {prim.name}; "
            "wrap it in a function (lambda *args: prim(*args))"
        )

    return refused


def _batched(fn, in_axes, out_axes):
    sticky = [False]

    def batched(*args):
        for arg in args:
            if _holds_parameter(arg):  # (rare: the common path pays this loop only)
                return wrap(_run_parameter_arguments(fn, args, in_axes, out_axes, sticky))
        args = unwrap(args)
        return wrap(_run(fn, args, in_axes, out_axes, None, sticky)[0])

    batched.__name__ = f"vmap({getattr(fn, '__name__', type(fn).__name__)})"
    return batched


def _is_container(x):
    """Whether vmap looks inside `x` for Parameters: the containers `unwrap` looks
    through (tuple, list, dict, namedtuple), and a ParameterTuple (what optimizers hold)."""
    t = type(x)
    return (
        t is tuple
        or t is list
        or t is dict
        or t is ParameterTuple
        or (isinstance(x, tuple) and hasattr(x, "_fields"))
    )


def _holds_parameter(x):
    """Whether `x` is a Parameter or a container holding one, at any depth."""
    if isinstance(x, Box):
        return True
    if not _is_container(x):
        return False
    return any(map(_holds_parameter, x.values() if type(x) is dict else x))


def _keys(container):
    return list(container) if type(container) is dict else range(len(container))


def _split_parameters(arg, ax, where, found):
    """`arg` as `jax.vmap` takes it, its Parameters replaced by their values where mapped
    (JAX slices them) and by None where unmapped (the function reads the Parameter itself);
    appends (where, Parameter, axis) to `found` for each, in flatten order."""
    if isinstance(arg, Box):
        if isinstance(ax, tuple):
            raise VmapValueError(
                f"vmap: argument {where} is a Parameter (one array), but its "
                f"`in_axes` entry is the tuple {ax!r}; give an int or None"
            )
        found.append((where, arg, ax))
        return None if ax is None else read(arg)
    if not _holds_parameter(arg):
        return unwrap(arg)
    keys = _keys(arg)
    if isinstance(ax, tuple) and (type(arg) is dict or len(ax) != len(keys)):
        return unwrap(arg)  # JAX reports the mismatch, as for any argument
    axes = ax if isinstance(ax, tuple) else (ax,) * len(keys)
    values = [_split_parameters(arg[k], a, f"{where}[{k!r}]", found) for k, a in zip(keys, axes)]
    if type(arg) is dict:
        return dict(zip(keys, values))
    if type(arg) is list:
        return values
    if hasattr(arg, "_fields"):
        return type(arg)(*values)
    return tuple(values)  # a ParameterTuple holds Parameters only, not their values


def _with_parameters(arg, value, slices):
    """What the function gets for argument `arg`: `value` (the element's view of it, from
    JAX) with `arg`'s Parameters put back in place; `slices` maps each Parameter's id to
    its value in `value` (the element's slice where mapped)."""
    if isinstance(arg, Box):
        slices[id(arg)] = value
        return arg
    if not _holds_parameter(arg):
        return wrap(value)
    keys = _keys(arg)
    items = [_with_parameters(arg[k], value[k], slices) for k in keys]
    if type(arg) is dict:
        return dict(zip(keys, items))
    return type(arg)(*items) if hasattr(arg, "_fields") else type(arg)(items)


def _run_parameter_arguments(fn, args, in_axes, out_axes, sticky):
    """`_run` for a call with Parameters among its positional arguments, at the top level or
    inside tuples, lists and dicts: each enters the function as itself (see the module
    docstring)."""
    axes = _axes_per_argument(in_axes, args)
    found = []
    values = tuple(
        _split_parameters(arg, ax, str(i), found) for i, (arg, ax) in enumerate(zip(args, axes))
    )
    seen = {}
    for where, param, ax in found:
        first, first_ax = seen.setdefault(id(param), (where, ax))
        # One Parameter at two mapped positions would take two stacked writes; at a mapped
        # and an unmapped one the unmapped position would read the element's slice.
        if first != where and (ax is not None or first_ax is not None):
            raise VmapValueError(
                f"vmap: Parameter '{param.name}' is passed at two positions "
                f"({first} and {where}); pass it once"
            )
    return _run(fn, values, in_axes, out_axes, None, sticky, tuple(found), args)[0]


def _boxes(tree):
    """The Parameters of a Cell tree, each once, in flatten order."""
    return [
        leaf
        for leaf in jax.tree.leaves(tree, is_leaf=lambda x: isinstance(x, Box))
        if isinstance(leaf, Box)
    ]


def _signature_for(fn, count):
    """`_named_like`, remembered per function and count (reading a signature costs about
    14 us, which an eager vmap call would pay every time)."""
    try:
        return _named_like_cached(fn, count)
    except TypeError:  # an unhashable callable: read it each time
        return _named_like(fn, count)


def _named_like(fn, count):
    """A signature for the function `jax.vmap` runs, ``(cell, *args)``, whose `count`
    arguments carry the names `fn` gives them, so that JAX's messages ("axis 0 of argument
    w ...") name the user's arguments, not msfunc's; None (JAX's own naming) where `fn`'s
    signature names fewer positional arguments or cannot be read."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    names = [p.name for p in params if p.kind in positional][:count]
    if len(names) < count or "cell" in names:
        return None
    only = inspect.Parameter.POSITIONAL_ONLY
    return inspect.Signature([inspect.Parameter(n, only) for n in ("cell", *names)])


_named_like_cached = functools.lru_cache(maxsize=256)(_named_like)


def _one_entry(out_axes):
    """Whether `out_axes` is a one-item tuple or list holding an int or None."""
    return (
        isinstance(out_axes, (tuple, list))
        and len(out_axes) == 1
        and (out_axes[0] is None or type(out_axes[0]) is int)
    )


def _out_axes_failure(exc, out_axes, probe, shared_params, mapped_with):
    """Explain JAX's refusal `exc` of a vmap's axes in MindSpore's terms, or run it again
    with ``out_axes=(axis,)`` read as `axis` for a function of one (non-tuple) output, as
    MindSpore reads it. `probe(user_axes)` traces abstractly with the Parameter writes
    mapped (None when it fails); `mapped_with(user_axes)` runs the vmap."""
    message = str(exc)
    if "out_axes" not in message:
        if message.startswith("vmap") or " out of bounds for " in message:
            raise VmapValueError(message) from exc  # JAX's check of the axes
        raise exc
    # Tell the user's out_axes apart from msfunc's own (None for the Parameter writes):
    # trace again with every output mapped, then with only the writes mapped.
    traced = probe(0)
    outputs = traced[0] if traced is not None else None
    several = isinstance(outputs, (tuple, list))
    count = len(outputs) if several else 1
    if "tree prefix" in message and not several and _one_entry(out_axes):
        return mapped_with(out_axes[0])
    if "tree prefix" in message:
        raise VmapValueError(
            f"vmap: `out_axes`={out_axes!r} does not match the function's outputs "
            f"({count} output{'s' if count != 1 else ''}"
            f"{'' if several else ', not a tuple'}); give one entry per output, or "
            "one int/None for all of them"
        ) from exc
    if "None" in message and shared_params and probe(out_axes) is not None:
        names = ", ".join(f"'{p.name}'" for p in shared_params)
        raise ValueError(
            f"vmap: a Parameter written inside the vmapped function ({names}) got a "
            "per-element value; only writes that are the same for every element (or "
            "the Parameters of a CellList ensemble) can be carried out of vmap"
        ) from exc
    if "None" in message:
        raise VmapValueError(
            f"vmap: `out_axes`={out_axes!r} leaves an output unmapped (None), but "
            "that output differs across the mapped axis; give it an int axis (None "
            "is only for outputs that are the same for every element)"
        ) from exc
    raise exc


def _run(fn, args, in_axes, out_axes, stacked, sticky, params=(), originals=()):
    """jax.vmap of fn over args; with `stacked` (an ensemble's stacked Cell) fn is ignored and
    each element calls its member. `params`: (position, Parameter, axis) of the Parameters
    in `originals`, the arguments as given (their slots in `args` hold their values, or
    None where unmapped). Returns (out, {member param position: stacked write})."""
    axis_name = f"msfunc_vmap_{next(_names)}"
    axes = tuple(map(_shaped_like, _axes_per_argument(in_axes, args), args))
    shared_params = []
    mapped_args = [(i, p, ax) for i, p, ax in params if ax is not None]
    arg_axes = tuple(ax for _, _, ax in mapped_args)
    arg_written = [False] * len(mapped_args)

    def attempt(isolate):
        def body(cell, *xs):
            lifted, position = {}, {}
            if cell is not None:
                for j, box in enumerate(_boxes(cell)):
                    lifted[id(box)], position[id(box)] = box._value, j
            call = fn if cell is None else cell
            slices = {}
            if params:
                inputs = tuple(_with_parameters(a, x, slices) for a, x in zip(originals, xs))
                for _, param, ax in params:
                    if ax is not None:
                        lifted[id(param)] = slices[id(param)]  # the element's slice
            else:
                inputs = wrap(xs)
            _state.vmap_axes().append(axis_name)
            try:
                # An ensemble member's Parameters are boxes JAX rebuilt around batched
                # values: a Cell compiled on its own (GRAPH_MODE, `jit`) could not carry their
                # writes out, so compiled calls inside it trace inline, into this vmap.
                out, pairs = run_collecting(
                    call,
                    inputs,
                    lifted,
                    owner="msfunc.vmap",
                    isolate=isolate and cell is None,
                    capturing=cell is not None,
                )
            finally:
                _state.vmap_axes().pop()
            mapped = {position[id(p)]: v for p, v in pairs if id(p) in position}
            if mapped_args:
                # Every mapped Parameter argument leaves (its slice when not written), so
                # the outputs' structure is known before tracing; only written ones commit.
                written = {id(p): v for p, v in pairs}
                arg_values = []
                for k, (_, param, _) in enumerate(mapped_args):
                    arg_written[k] = id(param) in written
                    arg_values.append(written.get(id(param), slices[id(param)]))
                pairs = [(p, v) for p, v in pairs if id(p) not in lifted or id(p) in position]
            else:
                arg_values = ()
            shared = [(p, v) for p, v in pairs if id(p) not in position]
            shared_params[:] = [p for p, _ in shared]
            return out, mapped, [v for _, v in shared], tuple(arg_values)

        body.__signature__ = _signature_for(fn, len(args))  # JAX's errors: the user's names

        def mapped_with(user_axes, writes_axis=None, run=True):
            mapped = jax.vmap(
                body,
                in_axes=(0 if stacked is not None else None, *axes),
                out_axes=(user_axes, 0, writes_axis, arg_axes),
                axis_name=axis_name,
            )
            return mapped(stacked, *args) if run else jax.eval_shape(mapped, stacked, *args)

        def probe(user_axes):
            # an abstract trace with the Parameter writes mapped: None when it fails
            try:
                with _state.freezing():  # (nothing is cached or run)
                    return mapped_with(user_axes, 0, run=False)
            except ValueError:
                return None

        try:
            return mapped_with(out_axes)
        except ValueError as exc:
            return _out_axes_failure(exc, out_axes, probe, shared_params, mapped_with)

    out, mapped, shared_values, arg_values = run_isolating(attempt, sticky)
    commit(zip(shared_params, shared_values))
    commit(
        (param, value)
        for (_, param, _), value, written in zip(mapped_args, arg_values, arg_written)
        if written
    )
    return out, mapped


def _ensemble_vmap(cells, in_axes, out_axes):
    members = list(cells)
    if not members:
        raise VmapValueError("vmap: the CellList ensemble is empty")
    structure = jax.tree.structure(members[0])
    for i, cell in enumerate(members[1:], 1):
        if jax.tree.structure(cell) != structure:
            raise VmapValueError(
                f"vmap: CellList item {i} is not built like item 0 (different "
                "sub-Cells, attributes or shapes); an ensemble needs identically "
                "structured Cells"
            )
    sticky = [False]

    def batched(*args):
        args = unwrap(args)
        sizes = set(_mapped_sizes(args, in_axes)) if not _all_none(in_axes) else set()
        if sizes and sizes != {len(members)}:
            raise VmapValueError(
                f"vmap: the mapped axis has size {sorted(sizes)} but the CellList "
                f"ensemble has {len(members)} Cells; they must be equal"
            )
        # Every leaf is stacked: Parameters (as the frames see them) and array attributes.
        stacked = jax.tree.map(lambda *xs: jnp.stack(xs), *members)
        out, mapped = _run(None, args, in_axes, out_axes, stacked, sticky)
        per_member = [_boxes(cell) for cell in members]
        for j, value in mapped.items():
            commit((params[j], value[k]) for k, params in enumerate(per_member))
        return wrap(out)

    return batched
