"""MindSpore's graph-compilation flags: `mutable`, `JitConfig`, ``jit`` options, syntax levels.

``jit_syntax_level`` STRICT (``set_context`` or a Cell's `JitConfig`) makes GRAPH_MODE
compilation strict: control flow that cannot be converted raises instead of running
eagerly, as MindSpore's STRICT level refuses Python fallback. LAX/COMPATIBLE allow it.
"""

from __future__ import annotations

import contextlib
import numbers
import operator
import os
from typing import Any

import jax
import jax.numpy as jnp

from .._jax_private import is_staging
from .._state import graph_semantics
from ..common.mutable_marks import mark_mutable_number
from ..common.signature import PlaceholderTensor
from ..common.tensor import Tensor
from .dynamic_sequence import make_dynamic
from .variable_scalars import VariableNumber, variable_number

__all__ = [
    "COMPATIBLE",
    "JitConfig",
    "LAX",
    "STRICT",
    "check_jit_arguments",
    "mutable",
    "dicts_as_tuples",
    "syntax_is_strict",
]

STRICT = 0
COMPATIBLE = 1
LAX = 2


_MISSING = object()


def mutable(input_data: Any = _MISSING, dynamic_len: bool = False) -> Any:
    """Mark `input_data` as a variable input of a compiled function, not a constant.

    msfunc's ``jit`` traces array inputs already and specialises on Python numbers;
    `mutable` turns the Python numbers in `input_data` (also inside tuples, lists and
    dicts) into 0-d arrays, so one compiled program serves every value. A tuple, list or
    dict of Tensors stays marked, so ``grad`` differentiates it as a variable input, as
    MindSpore's GRAPH_MODE does. Inside a compiled function the numbers become variable
    Python numbers (`msfunc.compat.variable_scalars`): an ``int`` or ``float`` with Python's
    value and arithmetic, which ``F.isconstant`` calls variable, as graph mode does.

    Args:
        input_data (Any): A Tensor or Python number, or a tuple, list or dict of them.
        dynamic_len (bool): Make a tuple or list a variable-length one
            (`msfunc.compat.dynamic_sequence`): it stays one through ``+``, ``*``, slicing
            and ``append``, its items must be of one kind, and compiled code sees its
            length as unknown (``F.is_sequence_shape_unknown``). Default: ``False``.

    Returns:
        Any, `input_data` with its numbers as 0-d arrays (variable numbers when compiled).

    Example:
        >>> import msfunc as ms
        >>> from msfunc.compat import mutable
        >>> x = mutable((1.5, [2]))
        >>> [float(x[0]), int(x[1][0])]
        [1.5, 2]
        >>> scale = ms.jit(lambda x, k: x * k)
        >>> print(scale(ms.Tensor([1.0, 2.0]), mutable(3.0)))
        [3. 6.]
    """
    if input_data is _MISSING:
        # (graph mode's compiler checks the number of inputs: a RuntimeError there)
        error = RuntimeError if is_staging() else TypeError
        raise error("mutable: `input_data` is missing; mutable takes one or two inputs")
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"mutable: `dynamic_len` must be a bool, got {type(dynamic_len).__name__}")
    if dynamic_len and not isinstance(input_data, (list, tuple)):
        raise TypeError(
            "mutable: with `dynamic_len` True, `input_data` must be a tuple or list, "
            f"got {type(input_data).__name__}"
        )
    if not dynamic_len and getattr(input_data, "_msfunc_dynamic", False):
        raise RuntimeError("mutable: a variable-length sequence cannot become a fixed-length one")
    _check_no_cycle(input_data, ())
    _clear_const_args(input_data)

    def convert(value):
        if isinstance(value, bool) or not isinstance(value, numbers.Number):
            if isinstance(value, (jax.Array, bool, PlaceholderTensor)) or hasattr(
                value, "__jax_array__"
            ):
                return value
            raise TypeError(
                "mutable: `input_data` must hold Tensors and Python numbers "
                f"(in tuples, lists or dicts), got {type(value).__name__}"
            )
        if is_staging():  # (inside a compiled function: a number graph mode sees as variable)
            return variable_number(value)
        with jax.ensure_compile_time_eval():  # (a constant of the trace `isconstant` can read)
            return mark_mutable_number(jnp.asarray(value))

    # (a placeholder, which declares an input for Cell.set_inputs, is a leaf: it holds no
    # values to flatten)
    is_placeholder = lambda v: isinstance(v, PlaceholderTensor)  # noqa: E731
    out = jax.tree.map(convert, input_data, is_leaf=is_placeholder)
    if dynamic_len:
        return _with_origin(make_dynamic(out), input_data)
    if isinstance(input_data, Tensor):
        return _with_origin(input_data, input_data)  # (MindSpore marks the Tensor itself)
    marked = _MUTABLE_TYPES.get(type(out))
    holds_tensors = any(
        not isinstance(leaf, numbers.Number)
        for leaf in jax.tree.leaves(input_data, is_leaf=is_placeholder)
    )
    # (numbers made variable stay in a plain container: jit reads those as shapes or sizes;
    # an empty one is marked, as graph mode refuses to index it)
    keep = holds_tensors or not jax.tree.leaves(input_data, is_leaf=is_placeholder)
    return _with_origin(marked(out), input_data) if marked is not None and keep else out


def dicts_as_tuples(value: Any) -> Any:
    """`value` with every dict (in tuples and lists too) as the tuple of its values: what a
    GRAPH_MODE Cell returns at the STRICT syntax level, which has no dict outputs.

    Example:
        >>> dicts_as_tuples({"b": 1, "a": ({"c": 2}, 3)})
        (1, ((2,), 3))
    """
    if isinstance(value, dict):
        return tuple(dicts_as_tuples(v) for v in value.values())
    if isinstance(value, (tuple, list)) and not hasattr(value, "_fields"):
        items = [dicts_as_tuples(v) for v in value]
        return tuple(items) if isinstance(value, tuple) else items
    return value


def _with_origin(result, origin):
    """`result` naming the object `mutable` was given as ``__ms_origin_object__``, as
    MindSpore's marked values do (a plain tuple of numbers cannot hold the name)."""
    with contextlib.suppress(AttributeError):
        result.__ms_origin_object__ = origin
    return result


def _clear_const_args(value):
    """A Tensor made mutable drops its `const_arg` flag, as in MindSpore, where `mutable`
    undoes ``Tensor(const_arg=True)`` (Tensors inside a tuple keep theirs there too)."""
    if isinstance(value, Tensor) and value.__dict__.get("_const_arg"):
        value.__dict__["_const_arg"] = False


def _check_no_cycle(value, holders):
    """TypeError when a tuple, list or dict of `value` holds itself (it has no finite value
    to mark); `holders` are the containers `value` sits in."""
    if not isinstance(value, (tuple, list, dict)):
        return
    if any(value is held for held in holders):
        raise TypeError(
            "mutable: `input_data` holds itself (a self-referencing tuple, list or dict)"
        )
    for item in value.values() if isinstance(value, dict) else value:
        _check_no_cycle(item, (*holders, value))


# A tuple, list or dict of Tensors given to `mutable` stays marked, so that grad
# differentiates it as a variable input (MindSpore's GRAPH_MODE GradOperation differentiates
# a mutable sequence, and treats a plain one as a constant). The marked types are pytrees
# of their items.
def _item(seq, base, index):
    """``seq[index]`` of a `mutable` tuple or list: in a compiled function of graph mode an
    empty one has no item to give (ValueError, whatever the index), and a variable index (a
    Tensor, array or variable int) out of range is a ValueError, as MindSpore checks them."""
    if not isinstance(index, slice) and graph_semantics():
        if not seq:
            raise ValueError("mutable sequence: cannot take an item of an empty sequence")
        variable = isinstance(index, VariableNumber) or not isinstance(index, int)
        position: Any = index
        if variable and not -len(seq) <= operator.index(position) < len(seq):
            raise ValueError(
                f"mutable sequence: the index {int(position)} is out of range for {len(seq)} items"
            )
    return base.__getitem__(seq, index)


class _MutableTuple(tuple):
    _msfunc_mutable = True

    def __getitem__(self, index):
        return _item(self, tuple, index)


class _MutableList(list):
    _msfunc_mutable = True

    def __getitem__(self, index):
        return _item(self, list, index)


class _MutableDict(dict):
    _msfunc_mutable = True


_MUTABLE_TYPES = {tuple: _MutableTuple, list: _MutableList, dict: _MutableDict}
jax.tree_util.register_pytree_node(
    _MutableTuple, lambda t: (tuple(t), None), lambda _, items: _MutableTuple(items)
)
jax.tree_util.register_pytree_node(
    _MutableList, lambda t: (list(t), None), lambda _, items: _MutableList(items)
)
jax.tree_util.register_pytree_node(
    _MutableDict,
    lambda d: (list(d.values()), list(d)),
    lambda keys, values: _MutableDict(zip(keys, values)),
)


_JIT_CONFIG_CHOICES = {
    "jit_level": ("", "O0", "O1", "O2"),
    "exc_mode": ("auto", "sink", "no_sink"),
    "jit_syntax_level": ("", "STRICT", "COMPATIBLE", "LAX"),
    "debug_level": ("RELEASE", "DEBUG"),
    "infer_boost": ("", "on", "off"),
}


def _check_choice(who, name, value, choices):
    if not isinstance(value, str):
        raise TypeError(
            f"{who}: `{name}` must be a str, one of {list(choices)}, got {type(value).__name__}"
        )
    if value not in choices:
        raise ValueError(f"{who}: `{name}` must be one of {list(choices)}, got {value!r}")


class JitConfig:
    """MindSpore's compile configuration: ``JitConfig(jit_level='', exc_mode='auto',
    jit_syntax_level='', debug_level='RELEASE', infer_boost='off', **kwargs)``.

    The values are checked as MindSpore checks them and kept in ``jit_config_dict``.
    What they mean in msfunc: ``jit_syntax_level='STRICT'`` on a Cell
    (`Cell.set_jit_config`) in GRAPH_MODE makes its compilation strict (control flow
    that cannot be converted raises `ControlFlowError` instead of running eagerly, as
    MindSpore's STRICT level refuses Python fallback); ``'LAX'``/``'COMPATIBLE'`` allow
    the fallback, and ``''`` defers to ``set_context(jit_syntax_level=...)``. The
    others have no effect: XLA always compiles with its optimisations and fusion on
    (`jit_level`), every program runs whole on the device (`exc_mode`), tracing keeps
    source lines whatever the `debug_level`, and `infer_boost` selects Ascend kernels.

    Args:
        jit_level (str): ``""``, ``"O0"``, ``"O1"`` or ``"O2"``. Default: ``""``.
        exc_mode (str): ``"auto"``, ``"sink"`` or ``"no_sink"``. Default: ``"auto"``.
        jit_syntax_level (str): ``""``, ``"STRICT"``, ``"COMPATIBLE"`` or ``"LAX"``.
            Default: ``""``.
        debug_level (str): ``"RELEASE"`` or ``"DEBUG"``. Default: ``"RELEASE"``.
        infer_boost (str): ``""``, ``"on"`` or ``"off"``. Default: ``"off"``.
        **kwargs (Any): MindSpore's other options, kept in ``jit_config_dict``.

    Example:
        >>> import msfunc as ms
        >>> ms.JitConfig(jit_level="O1").jit_config_dict["jit_level"]
        'O1'
        >>> ms.JitConfig(exc_mode="fast")
        Traceback (most recent call last):
        ...
        ValueError: JitConfig: `exc_mode` must be one of ['auto', 'sink', 'no_sink'], got 'fast'
    """

    def __init__(
        self,
        jit_level: str = "",
        exc_mode: str = "auto",
        jit_syntax_level: str = "",
        debug_level: str = "RELEASE",
        infer_boost: str = "off",
        **kwargs: Any,
    ) -> None:
        given = {
            "jit_level": jit_level,
            "exc_mode": exc_mode,
            "jit_syntax_level": jit_syntax_level,
            "debug_level": debug_level,
            "infer_boost": infer_boost,
        }
        for name, value in given.items():
            _check_choice("JitConfig", name, value, _JIT_CONFIG_CHOICES[name])
        kwargs.pop("suppress_infer_boost_warning", None)
        self.jit_config_dict = {**kwargs, **given}
        if "backend" not in self.jit_config_dict and jit_level:
            self.jit_config_dict["backend"] = "GE" if jit_level == "O2" else "ms_backend"

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self.jit_config_dict.items())
        return f"JitConfig({args})"


_ENV_LEVELS = {"0": "STRICT", "1": "COMPATIBLE", "2": "LAX"}


def syntax_is_strict(jit_config=None):
    """Whether GRAPH_MODE compilation refuses the eager fallback: the environment variable
    ``MS_DEV_JIT_SYNTAX_LEVEL`` (0 STRICT, 1 COMPATIBLE, 2 LAX) when set, as it overrides the
    rest in MindSpore, else the JitConfig's ``jit_syntax_level``, else the context's.

    Example:
        >>> syntax_is_strict(JitConfig(jit_syntax_level="STRICT")), syntax_is_strict()
        (True, False)
    """
    env = os.environ.get("MS_DEV_JIT_SYNTAX_LEVEL", "").strip()
    if env in _ENV_LEVELS:
        return _ENV_LEVELS[env] == "STRICT"
    level = jit_config.jit_config_dict.get("jit_syntax_level", "") if jit_config is not None else ""
    if level:
        return level == "STRICT"
    from ..context import get_context

    return get_context("jit_syntax_level") in (STRICT, "STRICT")


_JIT_CHOICES = {
    "capture_mode": ("ast", "bytecode", "trace"),
    "jit_level": ("O0", "O1"),
    "backend": ("", "ms_backend", "GE"),
}
# MindSpore's recognised ``jit(**options)``: name -> (type, allowed values or None)
_JIT_OPTIONS = {
    "disable_format_transform": (bool, None),
    "exec_order": (str, ("bfs", "dfs")),
    "ge_options": (dict, None),
    "infer_boost": (str, ("on", "off")),
    "auto_offload": (str, ("weight", "activation", "all")),
}


def check_jit_arguments(capture_mode, jit_level, dynamic, fullgraph, backend, jit_config, options):
    """Check `msfunc.jit`'s MindSpore arguments as MindSpore does (ValueError/TypeError);
    warns once per unrecognised option. None of them changes how msfunc compiles except
    ``fullgraph`` (strict): see `msfunc.jit`.

    Example:
        >>> check_jit_arguments("trace", "O1", 1, False, "", None, {"exec_order": "dfs"})
        >>> check_jit_arguments("graph", "O0", 0, False, "", None, {})
        Traceback (most recent call last):
        ...
        ValueError: jit: `capture_mode` must be one of ['ast', 'bytecode', 'trace'], got 'graph'
    """
    import warnings

    for name, value in (
        ("capture_mode", capture_mode),
        ("jit_level", jit_level),
        ("backend", backend),
    ):
        _check_choice("jit", name, value, _JIT_CHOICES[name])
    if isinstance(dynamic, bool) or not isinstance(dynamic, int):
        raise TypeError(f"jit: `dynamic` must be an int (0 or 1), got {type(dynamic).__name__}")
    if dynamic not in (0, 1):
        raise ValueError(f"jit: `dynamic` must be 0 or 1, got {dynamic}")
    if not isinstance(fullgraph, bool):
        raise TypeError(f"jit: `fullgraph` must be a bool, got {type(fullgraph).__name__}")
    if jit_config is not None and not isinstance(jit_config, JitConfig):
        raise TypeError(
            f"jit: `jit_config` must be a msfunc.JitConfig, got {type(jit_config).__name__}"
        )
    for name, value in options.items():
        if name not in _JIT_OPTIONS:
            warnings.warn(
                f"jit: option {name!r} is not one of MindSpore's jit options "
                f"{sorted(_JIT_OPTIONS)}; it is ignored",
                UserWarning,
                stacklevel=3,
            )
            continue
        kind, allowed = _JIT_OPTIONS[name]
        if not isinstance(value, kind):
            raise TypeError(
                f"jit: option `{name}` must be a {kind.__name__}, got {type(value).__name__}"
            )
        if allowed is not None and value not in allowed:
            raise ValueError(f"jit: option `{name}` must be one of {list(allowed)}, got {value!r}")
