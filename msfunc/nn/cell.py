"""`Cell`: MindSpore's module base class: construct, Parameter registry, modes; also a pytree."""

from __future__ import annotations

import functools
import types
from typing import Any

import jax

from .. import _state, context
from ..common.parameter import Parameter, ParameterTuple, _Buffer
from ..common.signature import InputSignature, check_inputs, parameter_names
from ..common.tensor import Tensor, wrap
from ..errors import StateError
from ..transforms import attribute_writes, cell_reads
from ..transforms.graph_assign import assigned_value
from . import _pytree
from . import compile_cache as _compile_cache
from .cell_attrs import check_assignment, check_construction, graph_assigns_number, is_buffer
from .cell_dtype import DtypeMethods
from .cell_hooks import HookMethods, call_with_hooks
from .cell_recompute import RECOMPUTE_OPTIONS, call_recomputed
from .cell_state import BufferMethods
from .cell_tree import TreeMethods

__all__ = ["Cell", "ATTRIBUTE_ADAPTERS"]

# Functions turning a foreign module assigned as a Cell attribute into a Cell (the Flax
# adapter registers itself here when msfunc.nn imports it).
ATTRIBUTE_ADAPTERS = []


def _construct_returning_tensors(construct):
    # msfunc's own layers compute on arrays; `layer.construct(x)` called directly from eager
    # code (as MindSpore programs and tests do) must still give Tensors, as `layer(x)` does.
    # Inside transforms the caller (Cell.__call__ or a traced function) wraps what it returns.
    @functools.wraps(construct)
    def construct_returning_tensors(self, *args, **kwargs):
        out = construct(self, *args, **kwargs)
        return out if _state.thread_state.frames else wrap(out)

    return construct_returning_tensors


def _same(out):
    return out


def _wrap_result(out):
    try:
        wrapped = wrap(out)
    except RecursionError:  # (a list that holds itself: PyNative returns it as Python does)
        return out
    kind = type(out)
    if kind is list or kind is dict:
        # a list or dict whose items needed no wrapping is returned as itself, as Python does
        # (a construct returning a global list returns that list)
        items = (out.values(), wrapped.values()) if kind is dict else (out, wrapped)
        if type(wrapped) is kind and all(a is b for a, b in zip(*items, strict=True)):
            return out
    return wrapped


# Attribute values a compiled construct may not change (see Cell.__setattr__).
_PYTHON_SCALARS = (bool, int, float, complex, str)


class Cell(TreeMethods, HookMethods, BufferMethods, DtypeMethods):
    """Base class of every network layer: define ``construct``, call the Cell.

    Parameters and Cells assigned as attributes are registered, and Parameter names follow
    attribute paths (``fc1.weight``). In GRAPH_MODE a call compiles ``construct`` (as
    ``jit`` does); in PYNATIVE_MODE it runs eagerly. Every subclass is also a JAX pytree
    (its Parameters are the leaves), so ``jax.jit(f)(net, x)``, ``jax.tree.map(fn, net)``
    and optax take a Cell as it is.

    Args:
        auto_prefix (bool): Whether the Parameters of Cells assigned to this one take the
            attribute name as a prefix (``net.fc1.weight``); wrappers such as
            ``WithLossCell`` pass ``False`` to keep their network's names. Default: ``True``.
        flags (Union[dict, None]): Flags to set, as `add_flags` does. Default: ``None``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.fc1 = nn.Dense(2, 3)
        ...     def construct(self, x):
        ...         return self.fc1(x)
        >>> net = Net()
        >>> print(net(ms.Tensor([[1.0, 2.0]])).shape, [p.name for p in net.trainable_params()])
        (1, 3) ['fc1.weight', 'fc1.bias']
        >>> class Wrapper(nn.Cell):
        ...     def __init__(self, net, auto_prefix):
        ...         super().__init__(auto_prefix=auto_prefix)
        ...         self.net = net
        >>> [p.name for p in Wrapper(Net(), True).trainable_params()]
        ['net.fc1.weight', 'net.fc1.bias']
        >>> [p.name for p in Wrapper(Net(), False).trainable_params()]
        ['fc1.weight', 'fc1.bias']
    """

    _msfunc_by_reference = True  # msfunc.jit passes Cells by identity, not by value
    _msfunc_is_cell = True  # how lower modules (the pytree codec) recognise a Cell
    _msfunc_returns_tensors = True  # array results come back as Tensors
    # Called from eager code in PYNATIVE_MODE, compile like GRAPH_MODE (optimizers: a fused
    # update, as MindSpore's PyNative runs one kernel per optimizer step; see auto_compile).
    _msfunc_compile_in_pynative = False
    _msfunc_jit_class = False  # `jit` applied to the class: compiled in PYNATIVE_MODE too
    _auto_prefix = True
    training = False

    _msfunc_has_bprop = False
    _cell_hooks = None  # a CellHooks once a hook is registered (see register_forward_hook)
    _recompute_enabled = False  # set by recompute()
    _scope = None  # 'recompute_' once recompute() covers this Cell (get_scope)
    _cell_flags = ()  # (name, value) pairs of add_flags, in order
    _input_signature = None  # an InputSignature once set_inputs declared the inputs

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _drop_slots(cls)
        _pytree.register(cls)
        cls._msfunc_has_bprop = callable(getattr(cls, "bprop", None))
        own = cls.__dict__.get("construct")
        if own is not None and cls.__module__.startswith("msfunc.") and cls._msfunc_returns_tensors:
            cls.construct = _construct_returning_tensors(own)

    def __new__(cls, *args, **kwargs):
        if args or kwargs:
            check_construction(cls, args, kwargs)
        return super().__new__(cls)

    def __init__(self, auto_prefix: bool = True, flags: dict[str, Any] | None = None) -> None:
        _compile_cache.register(self)
        attribute_writes.note_created(self)
        object.__setattr__(self, "_auto_prefix", bool(auto_prefix))
        object.__setattr__(self, "training", False)
        self._requires_grad = False
        self._compute_dtype = None
        if flags:
            self.add_flags(**flags)

    # -- registration ------------------------------------------------------
    def __setattr__(self, name, value):
        if ATTRIBUTE_ADAPTERS and not isinstance(value, (Parameter, Cell)):
            for adapt in ATTRIBUTE_ADAPTERS:
                value = adapt(value)  # a Flax NNX module becomes a child Cell
        kind = check_assignment(self, name, value)
        if kind == "Parameter" and graph_assigns_number(value):
            held = self.__dict__[name]
            value = Tensor(value, dtype=held.dtype)  # (graph mode's Assign casts the number)
        if kind == "Parameter" and _written_in_place(self.__dict__.get(name), value):
            return
        if kind is None and _plain_value(value) and attribute_writes.record(self, name, value):
            return  # (graph mode in a MindSpore program assigns it after each call)
        traced = isinstance(value, jax.core.Tracer) or (
            type(value) in (Tensor, _Buffer) and isinstance(value._value, jax.core.Tracer)
        )
        if traced and _state.frames():
            raise StateError(
                f"{type(self).__name__}.{name}: a traced value was assigned to a Cell attribute "
                "inside an msfunc transform; it would leak out of the trace as a dead tracer. "
                "Keep such state in a Parameter (create it in __init__, then "
                f"self.{name}.set_data(value) inside construct), or return the value."
            )
        if (
            _state.frames()
            and type(value) in _PYTHON_SCALARS
            and name in self.__dict__
            and self.__dict__[name] != value
            and _state.innermost_capturing() is not None
        ):
            raise StateError(
                f"{type(self).__name__}.{name}: the Python value {value!r} was assigned to a "
                "Cell attribute inside a compiled function (msfunc.jit, GRAPH_MODE, a "
                "compiled transform); it would be assigned once, when the function is traced, "
                "not on every call as in MindSpore. Keep such state in a Parameter (create it "
                f"in __init__, then self.{name}.set_data(...) or ops.assign_add(self.{name}, "
                "...) inside construct)."
            )
        if kind == "buffer" or (kind is None and is_buffer(value)):
            persistent = (
                value.persistent if is_buffer(value) else (name not in self._non_persistent_buffers)
            )
            self._set_buffer(name, value, persistent)
            if "_msfunc_watched" in self.__dict__:
                _state.bump_epoch()
            return
        if isinstance(value, Parameter):
            if isinstance(value._value, jax.core.Tracer) and _state.frames():
                _check_traced_parameter(self, name, value)
            if value._auto_named:
                value.name = name
                value._auto_named = False
            value._msfunc_attribute = f"{type(self).__name__}.{name}"  # for name-clash errors
        elif isinstance(value, ParameterTuple):
            _name_tuple_parameters(self, value)
        elif isinstance(value, Cell):
            if self._auto_prefix:
                value.update_parameters_name(name + ".")
        object.__setattr__(self, name, value)
        if "_msfunc_watched" in self.__dict__:
            _state.bump_epoch()  # a compiled function depends on this Cell

    def __delattr__(self, name):
        object.__delattr__(self, name)
        if name in self._buffer_names:
            self._forget_buffer(name)
        if "_msfunc_watched" in self.__dict__:
            _state.bump_epoch()

    def __getattr__(self, name):
        # Only reached when normal lookup fails: say why when __init__ skipped Cell's.
        if "_auto_prefix" not in cell_reads.fields_of(self) and not name.startswith("__"):
            raise AttributeError(
                f"'{type(self).__name__}' object has no attribute '{name}': its __init__ "
                "must call super().__init__() before using the Cell"
            )
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    # -- what compiled functions depend on (see msfunc.jit) ------------------
    def _msfunc_watch(self):
        object.__setattr__(self, "_msfunc_watched", True)

    def _msfunc_fingerprint(self, names=None):
        """Hashable: the type, the identity of every state child and a snapshot of the
        other attributes (only those in `names`, the ones a trace read, when given);
        equal fingerprints trace to the same program."""
        items = []
        for key, value in self._msfunc_fields(names):
            if _pytree.is_dynamic(value):
                items.append((key, _identity(value)))
            else:
                items.append((key, _pytree.snapshot(value)))
        return (type(self), tuple(items))

    def _msfunc_mutable_fingerprint(self, names=None):
        """The part of the fingerprint that can change without an attribute assignment."""
        return tuple(
            (k, _identity(v) if _pytree.is_dynamic(v) else _pytree.snapshot(v))
            for k, v in self._msfunc_fields(names)
            if _pytree.is_mutable(v)
        )

    def _msfunc_has_mutable_fields(self, names=None):
        return any(_pytree.is_mutable(v) for _, v in self._msfunc_fields(names))

    def _msfunc_fields(self, names):
        """(name, value) of the attributes a fingerprint covers: all (`names` None) or those
        in `names`, an absent one as `_ABSENT` (a later assignment shadows a class attribute
        the trace read), msfunc's own caches never."""
        d = self.__dict__
        if names is None:
            return [(k, v) for k, v in d.items() if not k.startswith(_pytree.CACHE_PREFIX)]
        return [(k, d.get(k, _ABSENT)) for k in names if not k.startswith(_pytree.CACHE_PREFIX)]

    @property
    def cls_name(self):
        return type(self).__name__

    # -- modes ---------------------------------------------------------------
    def set_train(self, mode=True):
        """Set training mode on this Cell and all descendants; returns self."""
        for _, cell in self.cells_and_names():
            object.__setattr__(cell, "training", bool(mode))
            cell.__dict__.pop("_phase", None)
            if "_msfunc_watched" in cell.__dict__:
                _state.bump_epoch()
        return self

    @property
    def phase(self):
        return self.__dict__.get("_phase") or ("train" if self.training else "predict")

    @phase.setter
    def phase(self, value):
        # A name MindSpore code gives the Cell's compiled graph; set_train resets it.
        if not isinstance(value, str):
            raise TypeError(f"Cell.phase must be a str, got {type(value).__name__}")
        object.__setattr__(self, "_phase", value)

    def set_grad(self, requires_grad=True):
        """Mark the Cell as differentiated (kept for MindSpore code; JAX needs no flag)."""
        self._requires_grad = bool(requires_grad)
        return self

    @property
    def requires_grad(self):
        return self._requires_grad

    # -- flags ---------------------------------------------------------------
    def add_flags(self, **flags):
        """Record `flags` (see `get_flags`) and set each as an attribute; returns self.

        Example:
            >>> from msfunc import nn
            >>> net = nn.ReLU().add_flags(sink_mode=True)
            >>> net.get_flags(), net.sink_mode
            ({'sink_mode': True}, True)
        """
        merged = dict(self._cell_flags)
        merged.update(flags)
        self._cell_flags = tuple(merged.items())
        for name, value in flags.items():
            object.__setattr__(self, name, value)
        if "_msfunc_watched" in self.__dict__:
            _state.bump_epoch()
        return self

    def add_flags_recursive(self, **flags):
        """`add_flags` on this Cell and every descendant; returns self."""
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def get_flags(self):
        """The flags set by `add_flags` (and `to_float`, `recompute`), as a new dict."""
        return dict(self._cell_flags)

    # -- recompute and traversal helpers ----------------------------------------
    def recompute(
        self,
        *,
        use_reentrant=True,
        output_recompute=False,
        early_stop=True,
        context_fn=None,
        **kwargs,
    ):
        """Recompute this Cell's activations in the backward pass instead of storing them
        (its construct runs under `jax.checkpoint`); gradients are unchanged. The other
        arguments are MindSpore's and have no effect on JAX (XLA schedules the
        recomputation). As in MindSpore, only the first call on a Cell counts.

        Example:
            >>> from msfunc import nn
            >>> net = nn.Dense(2, 2)
            >>> net.recompute()
            >>> net.get_flags()
            {'output_recompute': False}
        """
        unknown = [k for k in kwargs if k not in RECOMPUTE_OPTIONS]
        if unknown:
            raise ValueError(
                f"recompute: keyword {unknown[0]!r} is not recognized; the "
                f"extra keywords must be among {', '.join(RECOMPUTE_OPTIONS)}"
            )
        for name, value in (
            ("use_reentrant", use_reentrant),
            ("output_recompute", output_recompute),
            ("early_stop", early_stop),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"recompute: `{name}` must be a bool, got {value!r}")
        if context_fn is not None and not callable(context_fn):
            raise TypeError(
                f"recompute: `context_fn` must be callable or None, got {type(context_fn).__name__}"
            )
        if self._recompute_enabled:
            return
        self._recompute_enabled = True
        self.add_flags(output_recompute=output_recompute)
        for _, cell in self.cells_and_names():  # MindSpore's scope covers the sub-Cells
            object.__setattr__(cell, "_scope", "recompute_")

    def get_scope(self):
        """The Cell's scope: ``'recompute_'`` once it or a Cell holding it called
        `recompute`, else None.

        Example:
            >>> from msfunc import nn
            >>> net = nn.SequentialCell([nn.ReLU()])
            >>> net.recompute()
            >>> net[0].get_scope()
            'recompute_'
        """
        return self._scope

    def apply(self, fn):
        """Call ``fn(cell)`` on every descendant (children before parents), then on this
        Cell; returns self.

        Example:
            >>> from msfunc import nn
            >>> seen = []
            >>> _ = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU()]).apply(
            ...     lambda c: seen.append(type(c).__name__))
            >>> seen
            ['Dense', 'ReLU', 'SequentialCell']
        """
        if not callable(fn):
            raise TypeError(f"apply: `fn` must be callable, got {type(fn).__name__}")
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    # -- calling -------------------------------------------------------------
    def construct(self, *args, **kwargs):
        raise AttributeError(
            f"{type(self).__name__}.construct() is not defined; a Cell that is called needs one"
        )

    def compile(self, *args, **kwargs):
        """Trace the Cell on `args` (their shapes and dtypes) without running it, as
        MindSpore compiles its graph: a network's errors (a shape mismatch, a wrong type)
        are raised here, and no Parameter is written.

        Example:
            >>> import msfunc as ms
            >>> net = ms.nn.Dense(3, 2)
            >>> net.compile(ms.ops.ones((4, 3)))
            >>> try:
            ...     net.compile(ms.ops.ones((4, 5)))
            ... except (TypeError, ValueError):
            ...     print("refused")
            refused
        """
        from .cell_compile import trace_only

        trace_only(self, args, kwargs, f"{type(self).__name__}.compile")

    def set_inputs(self, *inputs, **kwargs):
        """Declare the inputs of this Cell: placeholders such as
        ``Tensor(shape=[None, 3], dtype=ms.float32)`` (or Tensors) by position, or by
        `construct`'s parameter names (``set_inputs(x=...)``).

        From then on every call, eager or compiled, is checked before tracing: a wrong
        dtype or number of inputs raises TypeError, a wrong rank or static dim ValueError.
        Retrace policy: a ``None`` / ``-1`` dim accepts any size, but XLA programs have
        static shapes (MindSpore's dynamic-shape graph has no JAX counterpart), so in
        GRAPH_MODE and under `msfunc.jit` each new concrete shape is traced and compiled
        once, then cached. While vmap traces the Cell (per-example inputs) nothing is checked.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(3, 2)
            >>> net.set_inputs(ms.Tensor(shape=[None, 3], dtype=ms.float32))
            >>> net(ms.ops.ones((5, 3), ms.float32)).shape
            (5, 2)
            >>> net(ms.ops.ones((5, 4), ms.float32))  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            ValueError: Dense.set_inputs: positional argument 0 ('x') has shape (5, 4), but ...
        """
        who = f"{type(self).__name__}.set_inputs"
        if not inputs and not kwargs and context._settings["mode"] == context.GRAPH_MODE:
            # GRAPH_MODE compiles from the declared inputs, so declaring none is refused there
            # (PyNative accepts it and checks nothing), as in MindSpore
            raise TypeError(f"{who}: GRAPH_MODE needs at least one input placeholder or Tensor")
        self._input_signature = InputSignature(
            inputs, by_name=kwargs, names=parameter_names(self.construct), who=who
        )

    def get_inputs(self):
        """The inputs declared by `set_inputs` (a tuple), or None.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.ReLU()
            >>> net.set_inputs(ms.Tensor(shape=[None], dtype=ms.float32))
            >>> net.get_inputs()
            (Tensor(shape=[-1], dtype=Float32, value= ),)
        """
        signature = self._input_signature
        return None if signature is None else signature.inputs

    def __call__(self, *args, **kwargs):
        # (an empty ``set_inputs()`` declares nothing to check: MindSpore's PyNative calls pass)
        if self._input_signature is not None and self._input_signature.inputs:
            check_inputs(args, self._input_signature, self._input_signature.who, kwargs)
        finish = _wrap_result if self._msfunc_returns_tensors else _same
        if _state.thread_state.frames:  # (an attribute, not frames(): every layer call runs it)
            if _state.innermost_capturing() is not None:
                _state.note_cell(self)  # the compiled function depends on this Cell
                return finish(self._call_eager(*args, **kwargs))
        if context._settings["mode"] == context.GRAPH_MODE or (
            self._msfunc_compile_in_pynative
            and (context.AUTO_COMPILE[0] or self._msfunc_jit_class)
            and not _state.thread_state.frames
        ):  # from eager code only, as auto_compile
            out = self._graph_callable()(*args, **kwargs)
            if self.__dict__.get("_msfunc_graph_strict") and context._settings["mode"] == (
                context.GRAPH_MODE
            ):
                from ..compat.graph_flags import dicts_as_tuples

                out = dicts_as_tuples(out)  # (the STRICT level has no dict outputs)
            return finish(out)
        return finish(self._call_eager(*args, **kwargs))

    def _call_eager(self, *args, **kwargs):
        if self._compute_dtype is not None:
            return self._call_in_dtype(args, kwargs)
        if self._cell_hooks is not None:
            return call_with_hooks(self, args, kwargs)
        if self._msfunc_has_bprop or self._recompute_enabled:
            return self._call_construct(args, kwargs)
        return self.construct(*args, **kwargs)

    def _call_construct(self, args, kwargs):
        """construct, under `jax.checkpoint` after `recompute()`, else through a user bprop."""
        if self._recompute_enabled:
            return call_recomputed(self, args, kwargs)
        if self._msfunc_has_bprop:
            from ..transforms.bprop import call_with_cell_bprop

            return call_with_cell_bprop(self, args, kwargs)
        return self.construct(*args, **kwargs)

    def _graph_entry(self, *args, **kwargs):
        _state.note_cell(self)  # the compiled program depends on this Cell's attributes
        # (read past the attribute record: a traced `self.__dict__` would count every
        # attribute as read, so each change to any of them would trace the program again)
        own = object.__getattribute__(self, "__dict__")
        if own.get("_msfunc_graph_strict") and context.mindspore_dtype_checks():
            from ..transforms.strict_writes import check_strict_writes

            check_strict_writes(self)
        return self._call_eager(*args, **kwargs)

    @property
    def compile_cache(self) -> set[str]:
        """The names of the programs this Cell's calls compiled (graph mode, or `jit`).

        Example:
            >>> from msfunc import nn
            >>> nn.ReLU().compile_cache
            set()
        """
        graph = self.__dict__.get("_msfunc_graph")
        return set() if graph is None else graph.compile_cache

    def _graph_callable(self):
        fn = self.__dict__.get("_msfunc_graph")
        if fn is None:
            from ..compat.graph_flags import syntax_is_strict
            from ..transforms.jit_api import jit

            strict = syntax_is_strict(self.__dict__.get("_msfunc_jit_config"))
            fn = jit(self._graph_entry, strict=strict)
            fn.cell_entry = True  # (graph mode's rules apply in GRAPH_MODE only: `jit_watch`)
            object.__setattr__(self, "_msfunc_graph", fn)
            object.__setattr__(self, "_msfunc_graph_strict", strict)
        return fn

    def set_jit_config(self, jit_config):
        """Set the `JitConfig` this Cell compiles with in GRAPH_MODE (once, as in MindSpore: a
        second call warns and is ignored); see `msfunc.JitConfig` for what its values do.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> nn.ReLU().set_jit_config(ms.JitConfig(jit_syntax_level="STRICT"))
        """
        from ..compat.graph_flags import JitConfig

        if not isinstance(jit_config, JitConfig):
            raise TypeError(
                "Cell.set_jit_config: `jit_config` must be a msfunc.JitConfig, got "
                f"{type(jit_config).__name__}"
            )
        if "_msfunc_jit_config" in self.__dict__:
            import warnings

            warnings.warn(
                "Cell.set_jit_config: the jit config can only be set once; this setting is ignored",
                UserWarning,
                stacklevel=2,
            )
            return
        object.__setattr__(self, "_msfunc_jit_config", jit_config)
        self.__dict__.pop("_msfunc_graph", None)  # compiled again under the new config

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None, device=None, level=0):
        """Run this Cell with MindSpore-style sharding strategies (see `msfunc.shard`).

        Example:
            >>> from msfunc import nn
            >>> net = nn.Dense(4, 2).shard(((1, 1),))
        """
        from ..transforms.shard import shard_cell

        return shard_cell(self, in_strategy, out_strategy, parameter_plan, device, level)

    # -- misc ----------------------------------------------------------------
    def __getstate__(self):
        """What pickle and copy keep: every attribute but msfunc's per-instance caches
        (compiled functions, the watched mark), which the copy rebuilds on use."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith(_pytree.CACHE_PREFIX)}

    def extend_repr(self):
        """The text inside this Cell's parentheses in ``repr`` (override in layers)."""
        return ""

    def __repr__(self):
        """MindSpore's format: ``Name(extra)``, child Cells one per line, indented.

        Example:
            >>> from msfunc import nn
            >>> print(nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()]))
            SequentialCell(
              (0): Dense(input_channels=2, output_channels=3, has_bias=True)
              (1): ReLU()
            )
        """
        extend = self.extend_repr()
        extra_lines = extend.split("\n") if extend else []
        child_lines = [
            f"({key}): " + repr(child).replace("\n", "\n  ")
            for key, child in self.name_cells().items()
        ]
        lines = extra_lines + child_lines
        body = ""
        if len(extra_lines) == 1 and not child_lines:
            body = extra_lines[0]
        elif lines:
            body = "\n  " + "\n  ".join(lines) + "\n"
        return f"{type(self).__name__}({body})"


_ABSENT = ("absent",)  # an attribute a trace read that the Cell's __dict__ does not hold


def _identity(value):
    """The identities of the state objects in an attribute value (for fingerprints)."""
    if type(value) in (list, tuple):
        return tuple(_identity(v) for v in value)
    if type(value) is dict:
        return tuple((k, _identity(v)) for k, v in value.items())
    if isinstance(value, ParameterTuple):
        return ("ptuple", tuple(id(p) for p in value))
    return id(value)


def _name_tuple_parameters(cell, params):
    """Name the unnamed Parameters of a ParameterTuple assigned to `cell` as MindSpore does:
    ``Parameter$1``, ``Parameter$2`` ..., counted per Cell."""
    for param in dict.fromkeys(params):  # (a Parameter listed twice is named once)
        if param._auto_named:
            number = cell.__dict__.get("_msfunc_tuple_names", 1)
            object.__setattr__(cell, "_msfunc_tuple_names", number + 1)
            param.name = f"Parameter${number}"
            param._auto_named = False


def _check_traced_parameter(cell, name, param):
    """A Parameter holding a traced value attached while an msfunc transform traces."""
    frame = _state.innermost_capturing()
    if frame is not None and id(param) in frame.created:
        return  # msfunc.jit carries its initial value out and commits it
    raise StateError(
        f"{type(cell).__name__}.{name}: a Parameter created from a traced value was attached "
        "inside an msfunc transform that cannot carry its initial value out (it would keep "
        "a leaked tracer). Create the Parameter before the transform (e.g. in __init__, or "
        "by one eager call), or create it inside msfunc.jit, which commits its value."
    )


_pytree.register(Cell)


def _drop_slots(cls):
    """Let a Cell subclass's ``__slots__`` names live in the instance ``__dict__``, as every
    Cell attribute does: a Parameter, sub-Cell or setting stored in a slot would be missed by
    ``parameters_and_names``, checkpoints and the pytree (MindSpore's Cell keeps such a
    Parameter in its Parameter table too, named by the attribute)."""
    slots = cls.__dict__.get("__slots__", ())
    for name in (slots,) if isinstance(slots, str) else slots:
        if isinstance(cls.__dict__.get(name), types.MemberDescriptorType):
            delattr(cls, name)


def _written_in_place(held, value):
    """``self.p += 1`` / ``self.p = self.p * 2``: MindSpore writes the value into the Parameter
    in place (a state-frame write inside transforms), never replaces it; in a MindSpore
    program, differentiated as its Assign is (graph_assign). False where this is no such
    write."""
    if not isinstance(held, Parameter) or not isinstance(value, Tensor):
        return False
    if isinstance(value, Parameter):
        return False
    if context.mindspore_dtype_checks():
        value = assigned_value(held, value)
    held.set_data(value)
    return True


def _plain_value(value):
    """Whether `value` is a plain attribute value (not a Parameter, Cell or ParameterTuple,
    which assignments register)."""
    return not isinstance(value, (Parameter, Cell, ParameterTuple))


cell_reads.register(Cell)
