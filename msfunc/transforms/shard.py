"""`shard` and `Cell.shard`: MindSpore's strategy tuples laid onto a `jax.sharding.Mesh`.

A strategy gives, per dimension of an input, how many slices to cut it into:
``((2, 1), (1, 4))`` splits the first input's rows in 2 and the second input's
columns in 4. Each strategy becomes a `NamedSharding` over the devices in use
(``device_num`` of the auto-parallel context, else all): one mesh axis per
split dimension, plus a ``replica`` axis over the devices left, which hold
copies. XLA's SPMD partitioner then inserts the communication. (MindSpore picks
one device matrix per operator; here each strategy gets its own arrangement of
the same devices, and XLA moves data between them where they differ.)

Strategies are checked when `shard` is called (a product larger than the device
count, or not dividing it) and on every call before anything is compiled (a
tuple length that is not the input's rank, a dimension not divisible by its
slices).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec

__all__ = ["shard", "shard_cell", "strategy_sharding"]

_DEVICES = ("Ascend", "GPU", "CPU", "TPU")


def _check_strategy(strategy, who, devices):
    if strategy is None:
        return None
    if not isinstance(strategy, (tuple, list)) or not all(
        isinstance(s, (int, np.integer)) and not isinstance(s, bool) and s >= 1 for s in strategy
    ):
        raise ValueError(
            f"{who}: a strategy must be a tuple of positive ints (slices per "
            f"dimension), got {strategy!r}"
        )
    strategy = tuple(int(s) for s in strategy)
    used = math.prod(strategy)
    if used > devices:
        raise ValueError(
            f"{who}: strategy {strategy} needs {used} devices, but only {devices} "
            "are in use (device_num / jax.device_count())"
        )
    if devices % used:
        raise ValueError(
            f"{who}: strategy {strategy} uses {used} devices, which does not "
            f"divide the {devices} devices in use"
        )
    return strategy


def _check_strategies(strategies, who, arg, devices):
    if strategies is None:
        return None
    if not isinstance(strategies, (tuple, list)):
        raise TypeError(
            f"{who}: `{arg}` must be a tuple of strategies (tuples of ints), got {strategies!r}"
        )
    return tuple(_check_strategy(s, f"{who} `{arg}`", devices) for s in strategies)


@functools.lru_cache(maxsize=64)
def _strategy_sharding(strategy, devices):
    split = [(f"split{i}", s) for i, s in enumerate(strategy) if s > 1]
    replicas = len(devices) // math.prod(strategy)
    names = [n for n, _ in split] + (["replica"] if replicas > 1 or not split else [])
    shape = [s for _, s in split] + ([replicas] if replicas > 1 or not split else [])
    mesh = Mesh(np.array(devices).reshape(shape), tuple(names))
    spec = PartitionSpec(*(f"split{i}" if s > 1 else None for i, s in enumerate(strategy)))
    return NamedSharding(mesh, spec)


def strategy_sharding(strategy, devices=None):
    """The `NamedSharding` of a MindSpore strategy tuple over `devices` (default: in use).

    Example:
        >>> from msfunc.transforms.shard import strategy_sharding
        >>> strategy_sharding((1, 1)).spec
        P(None, None)
    """
    if devices is None:
        from ..parallel.context import device_count

        devices = jax.devices()[: device_count()]
    return _strategy_sharding(tuple(strategy), tuple(devices))


def _check_value(value, strategy, who, what):
    shape = np.shape(value)
    if len(shape) != len(strategy):
        raise ValueError(
            f"{who}: {what} has rank {len(shape)} (shape {shape}), but its "
            f"strategy {strategy} has {len(strategy)} entries"
        )
    for axis, (n, s) in enumerate(zip(shape, strategy)):
        if n % s:
            raise ValueError(
                f"{who}: dimension {axis} of {what} (size {n}) cannot be cut "
                f"into {s} equal slices (strategy {strategy})"
            )


def _is_traced(values):
    return any(isinstance(v, jax.core.Tracer) for v in jax.tree.leaves(values))


class Sharded:
    """A function run with its inputs, outputs and planned Parameters laid out by strategies."""

    def __init__(self, fn, in_strategy, out_strategy, parameter_plan, name):
        from ..parallel.context import device_count

        self._fn = fn
        self._name = name
        self._devices = tuple(jax.devices()[: device_count()])
        n = len(self._devices)
        if in_strategy is None:
            raise ValueError(f"{name}: `in_strategy` is required")
        self._in = _check_strategies(in_strategy, name, "in_strategy", n)
        self._out = _check_strategies(out_strategy, name, "out_strategy", n)
        self._plan = []
        for param, strategy in (parameter_plan or {}).items():
            strategy = _check_strategy(strategy, f"{name} `parameter_plan`", n)
            _check_value(param.value(), strategy, name, f"Parameter '{param.name}'")
            self._plan.append((param, self._sharding(strategy)))
        self._jitted = None
        if fn is not None:
            functools.update_wrapper(self, fn, updated=())

    def _sharding(self, strategy):
        return _strategy_sharding(strategy, self._devices)

    def _check_inputs(self, args):
        if len(args) != len(self._in):
            raise ValueError(
                f"{self._name}: called with {len(args)} inputs, `in_strategy` "
                f"gives {len(self._in)} strategies"
            )
        for i, (value, strategy) in enumerate(zip(args, self._in or ())):
            if strategy is not None:
                _check_value(value, strategy, self._name, f"input {i}")

    def _constrain_outputs(self, out):
        if self._out is None:
            return out
        single = not isinstance(out, (tuple, list))
        outs = (out,) if single else tuple(out)
        if len(outs) != len(self._out):
            raise ValueError(
                f"{self._name}: the function returns {len(outs)} outputs, "
                f"`out_strategy` gives {len(self._out)} strategies"
            )
        placed = []
        for i, (value, strategy) in enumerate(zip(outs, self._out)):
            if strategy is not None:
                _check_value(value, strategy, self._name, f"output {i}")
                value = jax.lax.with_sharding_constraint(value, self._sharding(strategy))
            placed.append(value)
        return placed[0] if single else type(out)(placed)

    def _run(self, *args):
        return self._run_with(self._fn, args)

    def _run_with(self, fn, args):
        args = tuple(
            a if s is None else jax.lax.with_sharding_constraint(a, self._sharding(s))
            for a, s in zip(args, self._in)
        )
        return self._constrain_outputs(fn(*args))

    def _place_inputs(self, args):
        from ..parallel.data_parallel import place

        return tuple(
            a if s is None else place(a, self._sharding(s)) for a, s in zip(args, self._in)
        )

    def __call__(self, *args):
        from .._state import innermost_capturing
        from ..common.tensor import unwrap
        from ..parallel.data_parallel import place

        args = tuple(unwrap(a) for a in args)
        self._check_inputs(args)
        if (
            innermost_capturing() is not None
            or _is_traced(args)
            or _is_traced([p.value() for p, _ in self._plan])
        ):
            return self._run(*args)  # inside a trace: constraints only
        for param, sharding in self._plan:
            param.set_data(place(param.value(), sharding))
        placed = self._place_inputs(args)
        if self._jitted is None:
            from .jit_api import jit

            self._jitted = jit(self._run)
        return self._jitted(*placed)

    def __repr__(self):
        return f"<msfunc.{self._name} in_strategy={self._in} out_strategy={self._out}>"


def _check_common(device, level, who):
    if device is not None and device not in _DEVICES:
        raise ValueError(f"{who}: `device` must be one of {_DEVICES} or None, got {device!r}")
    if level != 0:
        raise ValueError(f"{who}: only `level=0` is supported, got {level!r}")


def _resolve_plan(parameter_plan, named, who):
    if parameter_plan is None:
        return {}
    if not isinstance(parameter_plan, dict):
        raise TypeError(
            f"{who}: `parameter_plan` must be a dict of Parameter (or name) -> "
            f"strategy, got {type(parameter_plan).__name__}"
        )
    from ..common.parameter import Parameter

    resolved = {}
    for key, strategy in parameter_plan.items():
        if isinstance(key, Parameter):
            resolved[key] = strategy
            continue
        name = key[len("self.") :] if isinstance(key, str) and key.startswith("self.") else key
        hits = [p for n, p in named if n == name or p.name == name]
        if not hits:
            raise ValueError(
                f"{who}: `parameter_plan` names {key!r}, which is not a Parameter "
                f"of the network (known: {[n for n, _ in named]})"
            )
        resolved[hits[0]] = strategy
    return resolved


def shard(
    fn: Callable[..., Any],
    in_strategy: tuple[Any, ...],
    out_strategy: tuple[Any, ...] | None = None,
    parameter_plan: dict[Any, tuple[int, ...]] | None = None,
    device: str | None = None,
    level: int = 0,
) -> Callable[..., Any]:
    """The function running `fn` with its inputs, outputs and Parameters split across devices.

    A strategy is a tuple with the number of slices of each dimension; the devices form one
    mesh (as many as the strategies need). Outside compiled code the inputs are placed and
    `fn` runs on the sharded arrays; inside ``jit`` the layouts become sharding constraints.

    Args:
        fn (Callable[..., Any]): The function or Cell.
        in_strategy (tuple): One strategy per positional input (``None`` leaves an input as
            it is).
        out_strategy (Union[tuple, None]): One strategy per output, or ``None`` to let XLA
            choose. Default: ``None``.
        parameter_plan (Union[dict, None]): ``{Parameter or name: strategy}``; names are a
            Cell's Parameter names (a ``"self."`` prefix is accepted). Default: ``None``.
        device (Union[str, None]): MindSpore's target device; any name runs on JAX's devices.
            Default: ``None``.
        level (int): MindSpore's search level; only ``0``. Default: ``0``.

    Returns:
        Callable[..., Any], taking `fn`'s arguments.

    Example:
        >>> import numpy as np, msfunc as ms
        >>> f = ms.shard(lambda x, w: x @ w, in_strategy=((1, 1), (1, 1)))
        >>> print(f(np.ones((2, 3), np.float32), np.ones((3, 4), np.float32)))
        [[3. 3. 3. 3.]
         [3. 3. 3. 3.]]
    """
    name = f"shard({getattr(fn, '__qualname__', type(fn).__name__)})"
    if not callable(fn):
        raise TypeError(f"shard: `fn` must be callable, got {type(fn).__name__}")
    _check_common(device, level, name)
    named = list(fn.parameters_and_names()) if hasattr(fn, "parameters_and_names") else []
    plan = _resolve_plan(parameter_plan, named, name)
    return Sharded(fn, in_strategy, out_strategy, plan, name)


class _CellShard:
    """The strategies of a sharded Cell; the Cell's `construct` runs under them.

    It holds no reference to the Cell: Parameters in the plan are found by name on the
    Cell being called, so a copy of the Cell rebuilt by a JAX transform shards its own.
    """

    def __init__(self, cell, in_strategy, out_strategy, parameter_plan, who):
        self._layout = Sharded(None, in_strategy, out_strategy, None, who)
        named = list(cell.parameters_and_names())
        plan = _resolve_plan(parameter_plan, named, who)
        names = {id(p): n for n, p in named}
        self._plan = []
        for param, strategy in plan.items():
            strategy = _check_strategy(
                strategy, f"{who} `parameter_plan`", len(self._layout._devices)
            )
            _check_value(param.value(), strategy, who, f"Parameter '{param.name}'")
            self._plan.append((names[id(param)], self._layout._sharding(strategy)))

    def call(self, cell, construct, args):
        from .._state import innermost_capturing
        from ..common.tensor import unwrap
        from ..parallel.data_parallel import place

        layout = self._layout
        args = tuple(unwrap(a) for a in args)
        layout._check_inputs(args)
        params = dict(cell.parameters_and_names())
        if (
            innermost_capturing() is not None
            or _is_traced(args)
            or _is_traced([params[name].value() for name, _ in self._plan])
        ):
            return layout._run_with(construct, args)  # inside a trace: constraints only
        for name, sharding in self._plan:
            params[name].set_data(place(params[name].value(), sharding))
        out = construct(*layout._place_inputs(args))
        if layout._out is None:
            return out
        single = not isinstance(out, (tuple, list))
        outs = [out] if single else list(out)
        if len(outs) != len(layout._out):
            raise ValueError(
                f"{layout._name}: construct returns {len(outs)} outputs, "
                f"`out_strategy` gives {len(layout._out)} strategies"
            )
        outs = [
            o if s is None else place(o, layout._sharding(s)) for o, s in zip(outs, layout._out)
        ]
        return outs[0] if single else type(out)(outs)


def _sharded_construct(self, *args):
    base = type(self)._msfunc_shard_base
    return self._shard_layout.call(self, base.construct.__get__(self), args)


_SHARDED_CLASSES = {}


def _sharded_class(cls):
    if "_msfunc_shard_base" in cls.__dict__:
        return cls
    hit = _SHARDED_CLASSES.get(cls)
    if hit is None:
        # A subclass (not an instance attribute) so that a copy of the Cell rebuilt from its
        # pytree runs its own construct on its own Parameters.
        hit = type(
            cls.__name__,
            (cls,),
            {
                "construct": _sharded_construct,
                "_msfunc_shard_base": cls,
                "__module__": cls.__module__,
                "__qualname__": cls.__qualname__,
            },
        )
        _SHARDED_CLASSES[cls] = hit
    return hit


def shard_cell(cell, in_strategy, out_strategy=None, parameter_plan=None, device=None, level=0):
    """`Cell.shard`: from now on the Cell's `construct` runs under these strategies.

    Called outside compiled code, the inputs and planned Parameters are placed and
    `construct` runs (eagerly, on the sharded arrays); inside `jit` or GRAPH_MODE the
    layouts become sharding constraints of the compiled program. Returns the Cell.

    Example:
        >>> import numpy as np
        >>> from msfunc import nn
        >>> net = shard_cell(nn.Dense(3, 2), in_strategy=((1, 1),),
        ...                  parameter_plan={"weight": (1, 1)})
        >>> net(np.ones((4, 3), np.float32)).shape
        (4, 2)
    """
    who = f"{type(cell).__name__}.shard"
    _check_common(device, level, who)
    spec = _CellShard(cell, in_strategy, out_strategy, parameter_plan, who)
    object.__setattr__(cell, "_shard_layout", spec)  # structure: part of the pytree's aux data
    object.__setattr__(cell, "__class__", _sharded_class(type(cell)))
    return cell
