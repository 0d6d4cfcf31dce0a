"""`Optimizer`: the MindSpore-shaped base every optimizer shell builds on.

An optimizer holds its Parameters, a learning rate (float, list, Tensor or a
schedule Cell, per parameter group), weight decay and gradient centralization
flags, and an optax ``GradientTransformationExtraArgs`` whose state lives in
Parameters named as MindSpore names them (``moment1.fc.weight``,
``beta1_power`` ...). ``opt(grads)`` checks every gradient first, then updates
the Parameters in place through the state frame, so it works eagerly and
inside ``jit``/``data_sink``.
"""

from __future__ import annotations

import collections.abc
from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..._jax_private import Tracer
from ..._state import read, write
from ...common.arg_docs import document_args
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor, unwrap
from ...errors import GradientsTypeError
from ...ops.multitype import HyperMap, Map
from ..cell import Cell
from ..containers import CellList
from .subclass_api import SubclassApi

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

__all__ = ["Optimizer"]

_GROUP_KEYS = ("params", "lr", "weight_decay", "order_params", "grad_centralization")


class _IteratorLearningRate(Cell):
    """A 1-D learning-rate array read at the current step. Read past its end with a concrete
    step (an eager `get_lr`), it raises RuntimeError as MindSpore's Gather does; inside a
    traced step the last value holds (a traced index cannot raise)."""

    def __init__(self, values, name):
        super().__init__()
        self.learning_rate = Parameter(values, name=name, requires_grad=False)

    def construct(self, global_step):
        lr = read(self.learning_rate)
        # MindSpore's Gather: the rate takes the step's shape ((1,) for the optimizer's step)
        step = jnp.asarray(unwrap(global_step))
        last = int(np.max(np.asarray(step))) if not isinstance(step, Tracer) and step.size else 0
        if last >= lr.shape[0]:
            raise RuntimeError(
                f"learning rate: step {last} is past the end of the "
                f"{lr.shape[0]}-value learning-rate list"
            )
        return jnp.take(lr, jnp.minimum(step, lr.shape[0] - 1), axis=0)


class _ConvertToCell(Cell):
    """A constant learning rate shaped as a schedule (groups mixing fixed and dynamic rates)."""

    def __init__(self, learning_rate):
        super().__init__(auto_prefix=False)
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return read(self.learning_rate)


_MAPS = (Map(), Map(None, True), HyperMap())


def _scaled_decay(weight_decay, loss_scale):
    """The weight decay MindSpore keeps as ``Optimizer.weight_decay``: a number times the loss
    scale, as a float32 scalar Tensor; a decay schedule (a Cell) as it is."""
    if isinstance(weight_decay, (int, float)):
        return Tensor(np.float32(weight_decay * loss_scale))
    return weight_decay


def _is_schedule(value):
    return isinstance(value, Cell) or (callable(value) and not isinstance(value, Parameter))


def _preprocess_lr(learning_rate, who):
    """float, 0-d Tensor, 1-D Tensor/sequence or schedule -> float | jax array | callable."""
    if isinstance(learning_rate, bool):
        raise TypeError(
            f"{who}: `learning_rate` must be a float, list, Tensor or "
            f"LearningRateSchedule, got bool"
        )
    if isinstance(learning_rate, (int, float)):
        if learning_rate < 0:
            raise ValueError(f"{who}: `learning_rate` must be >= 0, got {learning_rate}")
        return float(learning_rate)
    if isinstance(learning_rate, Parameter):
        return learning_rate
    if _is_schedule(learning_rate):
        return learning_rate
    if isinstance(learning_rate, np.ndarray) and learning_rate.ndim == 0:
        # MindSpore takes a numpy array as a sequence of rates: a 0-d one is refused
        raise TypeError(
            f"{who}: `learning_rate` must be a float, list, Tensor or LearningRateSchedule; "
            "a numpy array must be 1-D (one rate per step)"
        )
    if isinstance(learning_rate, collections.abc.Iterator):
        learning_rate = list(learning_rate)  # (a generator of rates, one per step, as MindSpore)
    try:
        value = jnp.asarray(np.asarray(unwrap(learning_rate), np.float32))
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"{who}: `learning_rate` must be a float, list, Tensor or "
            f"LearningRateSchedule, got {type(learning_rate).__name__}"
        ) from exc
    if value.ndim > 1:
        raise ValueError(f"{who}: `learning_rate` must be 0-D or 1-D, got shape {value.shape}")
    return value


def _build_lr(value, name, as_cell):
    """The object the optimizer keeps for one learning rate (MindSpore's _build_single_lr)."""
    if isinstance(value, float) or (
        hasattr(value, "ndim") and value.ndim == 0 and not isinstance(value, Parameter)
    ):
        param = Parameter(jnp.asarray(value, jnp.float32), name=name, requires_grad=False)
        return _ConvertToCell(param) if as_cell else param
    if isinstance(value, Parameter):
        return _ConvertToCell(value) if as_cell else value
    if hasattr(value, "ndim"):
        return _IteratorLearningRate(value, name)
    return value


def _eval_lr(source, step):
    if isinstance(source, Parameter):
        return read(source)
    return jnp.reshape(jnp.asarray(unwrap(source(step)), jnp.float32), ())


def _parameter_list(parameters, who):
    """`params` as a list: any iterable of Parameters or of group dicts (a generator, a
    ParameterTuple, an object with ``__iter__``), checked as MindSpore checks it."""
    if parameters is None:
        raise ValueError(f"{who}: `params` must be Parameters or parameter groups, got None")
    if isinstance(parameters, (Tensor, str, dict)) or not hasattr(parameters, "__iter__"):
        raise TypeError(
            f"{who}: `params` must be an iterable of Parameters or of "
            f"parameter-group dicts, got {type(parameters).__name__}"
        )
    parameters = list(parameters)
    if not parameters:
        raise ValueError(
            f"{who}: `params` must not be empty (the network has no trainable Parameters?)"
        )
    for i, item in enumerate(parameters):
        if not isinstance(item, (Parameter, dict)):
            raise TypeError(
                f"{who}: `params` item {i} must be a Parameter or a "
                f"parameter-group dict, got {type(item).__name__}"
            )
    return parameters


class _StateReads(collections.abc.Mapping):
    """The optimizer's state fields, each read from its Parameters when the update first
    looks at it: a configuration that never reads a field (SGD without momentum) leaves its
    Parameters out of the compiled step's inputs."""

    __slots__ = ("_optimizer", "_values")

    def __init__(self, optimizer):
        self._optimizer, self._values = optimizer, {}

    def __getitem__(self, field):
        values = self._values
        if field not in values:
            if field not in self._optimizer._state_fields:
                raise KeyError(field)
            value = getattr(self._optimizer, field)
            values[field] = (
                tuple(read(s) for s in value) if isinstance(value, ParameterTuple) else read(value)
            )
        return values[field]

    def __iter__(self):
        return iter(self._optimizer._state_fields)

    def __len__(self):
        return len(self._optimizer._state_fields)


# Argument (and `gradients` input) entries the optimizers document alike; a docstring names
# one as a ``{params}`` line (see document_args).
_OPTIMIZER_ARGS = """
params (Union[list[Parameter], list[dict]]): The Parameters to update, or parameter
    groups (see Optimizer).
beta1 (float): The first moment's decay, in (0, 1). Default: ``0.9``.
beta2 (float): The second moment's decay, in (0, 1). Default: ``0.999``.
use_locking (bool): Accepted for MindSpore compatibility; msfunc's updates need no lock.
    Default: ``False``.
weight_decay (float): The L2 coefficient added to the gradients (Parameters named with
    'beta' or 'gamma' skipped). Default: ``0.0``.
loss_scale (float): The gradients are divided by it first. Default: ``1.0``.
gradients (tuple[Tensor]): One gradient per Parameter, in the optimizer's order.
"""
document_optimizer_args = document_args(_OPTIMIZER_ARGS)


class Optimizer(SubclassApi, Cell):
    """Base class of the optimizers.

    Subclasses give `_transformation()`, an optax ``GradientTransformationExtraArgs``
    whose ``update(grads, state, params, learning_rate=..., weight_decay=...,
    global_step=...)`` returns additive updates and a dict state; `_STATE_NAMES` maps
    each state field (also the attribute holding it) to MindSpore's Parameter name
    (``"moment1.{}"`` per parameter, ``"beta1_power"`` for a shared value).

    Args:
        learning_rate: float, list/1-D Tensor (one value per step), 0-D Tensor, or a
            LearningRateSchedule Cell (any callable of the global step).
        parameters: a list of Parameters, or parameter groups: dicts with ``params`` and
            optional ``lr``, ``weight_decay``, ``grad_centralization``, plus an optional
            ``{'order_params': [...]}`` fixing the order.
        weight_decay: L2 coefficient added to the gradients of Parameters whose names hold
            neither 'beta' nor 'gamma' (with groups: of groups whose decay is > 0).
        loss_scale: gradients are divided by it.

    Inputs:
        gradients (tuple[Tensor]): One gradient per Parameter, in the optimizer's order.

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> opt = ms.nn.SGD([w], learning_rate=0.5)
        >>> _ = opt((ms.Tensor([1.0, 1.0]),))
        >>> w.asnumpy().tolist(), int(opt.global_step.asnumpy()[0])
        ([0.5, 1.5], 1)
    """

    _msfunc_compile_in_pynative = True  # the update compiles itself in PYNATIVE_MODE
    _STATE_NAMES: dict = {}
    # Decay applied inside the update (AdamWeightDecay, Lamb) rather than to the gradient.
    _decoupled_weight_decay = False

    def __init__(
        self,
        learning_rate: float | Sequence[float] | Tensor | Cell | None,
        parameters: Iterable[Parameter] | Iterable[dict[str, Any]],
        weight_decay: float | Cell = 0.0,
        loss_scale: float = 1.0,
    ):
        super().__init__(auto_prefix=False)
        who = type(self).__name__
        param_list: list[Any] = _parameter_list(parameters, who)
        if (
            isinstance(loss_scale, bool)
            or not isinstance(loss_scale, (int, float))
            or loss_scale <= 0
        ):
            raise ValueError(f"{who}: `loss_scale` must be a positive float, got {loss_scale!r}")
        self.loss_scale = float(loss_scale)
        # The mapping helpers MindSpore's optimizers carry: update rules written for
        # MindSpore apply a step to each Parameter through them.
        # (shared, stateless instances: Cells built alike stay alike, as vmap's ensembles need)
        self.map_, self.map_reverse, self.hyper_map = _MAPS
        lr = _preprocess_lr(learning_rate, who)
        self.dynamic_lr = _is_schedule(lr) or getattr(lr, "ndim", None) == 1
        self.global_step = Parameter(
            jnp.zeros((1,), jnp.int32), name="global_step", requires_grad=False
        )
        self.is_group = isinstance(param_list[0], dict)
        self.is_group_params_ordered = False  # True when a group gives 'order_params'
        if self.is_group:
            params, lrs, wds, gcs = self._parse_groups(param_list, lr, weight_decay, who)
        else:
            for i, p in enumerate(param_list):
                if not isinstance(p, Parameter):
                    raise TypeError(
                        f"{who}: `params` item {i} must be a Parameter (or every "
                        f"item a group dict), got {type(p).__name__}"
                    )
            params = param_list
            wd = self._check_weight_decay(weight_decay, who)
            lrs = [_build_lr(lr, "learning_rate", False)] * len(params)
            wds = [wd if ("beta" not in p.name and "gamma" not in p.name) else 0.0 for p in params]
            gcs = [False] * len(params)
        self.is_group_lr = len({id(s) for s in lrs}) > 1
        self._param_lr = tuple(lrs)  # a tuple: compiled steps need not re-check it per call
        self._param_wd = tuple(wds)
        # MindSpore's attribute: the decay (scaled by the loss scale), one per Parameter in
        # groups
        self.weight_decay = (
            tuple(_scaled_decay(w, 1.0) for w in self._param_wd)
            if self.is_group
            else _scaled_decay(weight_decay, self.loss_scale)
        )
        self._param_gc = tuple(gcs)
        self.grad_centralization = any(gcs)
        self._decay_flags = tuple(bool(w) if not callable(w) else True for w in wds)
        self.exec_weight_decay = any(self._decay_flags)
        # MindSpore's attribute: with groups, whether each Parameter decays; without, its name
        # filter (not beta/gamma), whatever the decay (the update reads `_decay_flags`)
        self.decay_flags = (
            self._decay_flags
            if self.is_group
            else tuple("beta" not in p.name and "gamma" not in p.name for p in params)
        )
        # Attribute order gives MindSpore's parameter order: step, lr, params, extras, state.
        if self.is_group_lr:
            if self.dynamic_lr:  # one schedule per Parameter, as MindSpore indexes them
                self.learning_rate = CellList(lrs, auto_prefix=False)
            else:
                self.learning_rate = ParameterTuple(lrs)  # one per Parameter, as MindSpore
        else:
            self.learning_rate = lrs[0]
        self.parameters = ParameterTuple(params)
        self._parameters = self.parameters
        self._extra_parameters()
        self._tx = self._transformation()
        # The base class alone (no update rule) holds Parameters and rates, no state.
        state = {} if self._tx is None else self._tx.init(tuple(read(p) for p in params))
        for field, fmt in self._STATE_NAMES.items():
            if field not in state:
                continue
            value = state[field]
            if isinstance(value, tuple):
                setattr(
                    self,
                    field,
                    ParameterTuple(
                        Parameter(v, name=fmt.format(p.name), requires_grad=False)
                        for v, p in zip(value, params)
                    ),
                )
            else:
                setattr(self, field, Parameter(value, name=fmt, requires_grad=False))
        self._state_fields = tuple(f for f in self._STATE_NAMES if f in state)
        self._init_subclass_api()

    # -- construction helpers ---------------------------------------------------
    @staticmethod
    def _check_weight_decay(weight_decay, who):
        if callable(weight_decay) and not isinstance(weight_decay, (int, float)):
            return weight_decay
        if isinstance(weight_decay, bool) or not isinstance(weight_decay, (int, float)):
            raise TypeError(
                f"{who}: `weight_decay` must be a float or a Cell, got "
                f"{type(weight_decay).__name__}"
            )
        if weight_decay < 0:
            raise ValueError(f"{who}: `weight_decay` must be >= 0, got {weight_decay}")
        return float(weight_decay)

    def _parse_groups(self, groups, lr, weight_decay, who):
        order = None
        params, lrs, wds, gcs = [], [], [], []
        group_lrs = []
        for i, group in enumerate(groups):
            if not isinstance(group, dict):
                raise TypeError(
                    f"{who}: parameter group {i} must be a dict, got {type(group).__name__}"
                )
            bad = [k for k in group if k not in _GROUP_KEYS]
            if bad:
                raise KeyError(
                    f"{who}: parameter group keys must be among {list(_GROUP_KEYS)}, got {bad}"
                )
            if "order_params" in group:
                if len(group) > 1:
                    raise ValueError(f"{who}: the 'order_params' group must hold only that key")
                order = list(group["order_params"])
                continue
            if "lr" in group:
                group_lrs.append((i, _preprocess_lr(group["lr"], who)))
        self.is_group_params_ordered = order is not None
        lengths = {
            int(v.shape[0])
            for v in [lr] + [v for _, v in group_lrs]
            if getattr(v, "ndim", None) == 1 and not _is_schedule(v)
        }
        if len(lengths) > 1:
            raise ValueError(
                f"{who}: the 1-D learning rates of the groups (and the default) must have one "
                f"length, got lengths {sorted(lengths)}"
            )
        self.dynamic_lr = self.dynamic_lr or any(
            _is_schedule(v) or (hasattr(v, "ndim") and v.ndim == 1) for _, v in group_lrs
        )
        as_cell = self.dynamic_lr and bool(group_lrs)
        default_lr = _build_lr(lr, "learning_rate", as_cell)
        group_lr = dict(group_lrs)
        seen = set()
        for i, group in enumerate(groups):
            if "order_params" in group:
                continue
            members = group["params"]
            members = [members] if isinstance(members, Parameter) else list(members)
            if i in group_lr:
                source = _build_lr(group_lr[i], f"learning_rate_group_{i}", as_cell)
            else:
                source = default_lr
            wd = self._check_weight_decay(group.get("weight_decay", weight_decay), who)
            gc = group.get("grad_centralization", False)
            if not isinstance(gc, bool):
                raise TypeError(f"{who}: 'grad_centralization' must be a bool, got {gc!r}")
            for j, p in enumerate(members):
                if not isinstance(p, Parameter):
                    raise TypeError(
                        f"{who}: group {i} `params` item {j} must be a Parameter, "
                        f"got {type(p).__name__}"
                    )
                if p.name in seen:
                    raise RuntimeError(
                        f"{who}: Parameter '{p.name}' appears in more than one group"
                    )
                seen.add(p.name)
                params.append(p)
                lrs.append(source)
                wds.append(wd)
                gcs.append(gc)
        if order is not None:
            names = [p.name for p in order]
            if sorted(names) != sorted(p.name for p in params):
                raise ValueError(
                    f"{who}: 'order_params' must list exactly the grouped Parameters, got {names}"
                )
            index = [names.index(p.name) for p in params]
            rank = sorted(range(len(params)), key=lambda k: index[k])
            params, lrs, wds, gcs = ([seq[k] for k in rank] for seq in (params, lrs, wds, gcs))
        return params, lrs, wds, gcs

    def _extra_parameters(self):
        """Hook: subclasses add hyper-parameter Parameters (MindSpore's `momentum`)."""

    def _transformation(self):
        """The update rule (an optax transformation); None in the base class."""
        return None

    @property
    def state(self):
        """The update's state Parameters (moments, accumulators, beta powers), without the
        optimized Parameters, the learning rate or the step counter: what ZeRO-1
        (`msfunc.parallel.prepare`) shards.

        Example:
            >>> import msfunc as ms
            >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
            >>> [p.name for p in ms.nn.Adam([w]).state]
            ['beta1_power', 'beta2_power', 'moment1.w', 'moment2.w']
        """
        out = []
        for field in self._state_fields:
            value = getattr(self, field)
            out.extend(value if isinstance(value, ParameterTuple) else (value,))
        return tuple(out)

    # -- learning rate -----------------------------------------------------------
    def get_lr(self):
        """The learning rate of the current step (a tuple, one per Parameter, with group rates).

        Example:
            >>> import msfunc as ms
            >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
            >>> round(float(ms.nn.Momentum([w], [0.1, 0.2], 0.9).get_lr()), 3)
            0.1
        """
        step = read(self.global_step)
        if self.is_group_lr:
            return tuple(_eval_lr(s, step) for s in self._param_lr)
        return _eval_lr(self._param_lr[0], step)

    def _lr_per_param(self):
        lr = self.get_lr()
        return lr if self.is_group_lr else (lr,) * len(self._param_lr)

    def get_lr_parameter(self, param):
        """The learning-rate Parameter (or schedule) used for `param` (a Parameter or list).

        Example:
            >>> import msfunc as ms
            >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
            >>> ms.nn.SGD([w], 0.1).get_lr_parameter(w).name
            'learning_rate'
        """
        items = [param] if isinstance(param, Parameter) else param
        if not isinstance(items, list):
            raise TypeError(
                f"get_lr_parameter: `param` must be a Parameter or a list of "
                f"Parameters, got {type(param).__name__}"
            )
        ids = [id(p) for p in self.parameters]
        out = []
        for p in items:
            if not isinstance(p, Parameter):
                raise TypeError(
                    f"get_lr_parameter: `param` items must be Parameters, got {type(p).__name__}"
                )
            if id(p) not in ids:
                raise ValueError(
                    f"get_lr_parameter: Parameter '{getattr(p, 'name', p)}' is not "
                    "updated by this optimizer"
                )
            source = self._param_lr[ids.index(id(p))]
            if isinstance(source, (_IteratorLearningRate, _ConvertToCell)):
                source = source.learning_rate
            out.append(source)
        return out if isinstance(param, list) else out[0]

    def get_weight_decay(self):
        """The weight decay of the current step, one value per Parameter."""
        step = read(self.global_step)
        return tuple(
            jnp.reshape(jnp.asarray(unwrap(w(step)), jnp.float32), ()) if callable(w) else w
            for w in self._param_wd
        )

    # -- the update ----------------------------------------------------------------
    def _check_gradients(self, gradients):
        """Every gradient checked against its Parameter before anything is written."""
        who = type(self).__name__
        if isinstance(gradients, (ParameterTuple, list)):
            gradients = tuple(gradients)
        if not isinstance(gradients, tuple):
            raise GradientsTypeError(
                f"{who}: `gradients` must be a tuple of Tensors, one per "
                f"Parameter, got {type(gradients).__name__}"
            )
        params = self._updated()
        if len(gradients) != len(params):
            raise ValueError(
                f"{who}: got {len(gradients)} gradients for {len(params)} "
                f"Parameters ({', '.join(p.name for p in params)})"
            )
        out = []
        for i, (g, p) in enumerate(zip(gradients, params)):
            try:
                g = jnp.asarray(unwrap(g))
            except TypeError as exc:
                raise TypeError(
                    f"{who}: gradient {i} for Parameter '{p.name}' must be a Tensor, "
                    f"got {type(g).__name__}"
                ) from exc
            if g.shape != p.shape:
                raise ValueError(
                    f"{who}: gradient {i} for Parameter '{p.name}' has shape "
                    f"{g.shape}, expected {p.shape}"
                )
            if g.dtype != p.dtype:
                raise TypeError(
                    f"{who}: gradient {i} for Parameter '{p.name}' has dtype "
                    f"{g.dtype}, expected {p.dtype}"
                )
            out.append(g)
        return tuple(out)

    def _preprocess_gradients(self, grads, values):
        """MindSpore's order: weight decay, gradient centralization, loss-scale division."""
        if self.exec_weight_decay and not self._decoupled_weight_decay:
            grads = self._decayed(grads, values)
        if self.grad_centralization:
            grads = self._centralized(grads)
        if self.loss_scale != 1.0:
            grads = self._unscaled(grads)
        return grads

    def _read_state(self):
        return _StateReads(self)

    def _write_state(self, state, old):
        """Write the state leaves the update changed (an unchanged leaf is the same object,
        so a stateless configuration such as plain SGD carries no state out of a jit)."""
        if state is old:
            return  # the update returned its state untouched (and maybe never read it)
        for field in self._state_fields:
            target, value, before = getattr(self, field), state[field], old[field]
            if isinstance(target, ParameterTuple):
                for s, v, b in zip(target, value, before):
                    if v is not b:
                        write(s, jnp.asarray(v, b.dtype))
            elif value is not before:
                write(target, jnp.asarray(value, before.dtype))

    def _result(self):
        return tuple(jnp.asarray(True) for _ in self._updated())

    def _updated(self):
        """The Parameters the update writes: those given at construction, kept apart from the
        public ``parameters`` attribute, which a program may rebind (MindSpore's update reads
        its private tuple too, so rebinding ``opt.parameters`` to other Tensors leaves the
        network's Parameters the ones trained)."""
        return getattr(self, "_parameters", None) or self.parameters

    def construct(self, gradients=None):
        if self._tx is None:
            raise NotImplementedError(
                f"{type(self).__name__} has no update rule: subclass "
                "Optimizer and define construct (or _transformation)"
            )
        return self._apply(self._check_gradients(gradients))

    def _apply(self, grads, preprocess=True):
        """Update from checked gradients (LARS passes its own, already decayed and scaled)."""
        params = self._updated()
        values = tuple(read(p) for p in params)
        if preprocess:
            grads = self._preprocess_gradients(grads, values)
        elif self.grad_centralization:
            grads = self._centralized(grads)
        lrs = self._lr_per_param()
        step = read(self.global_step)
        wds = self.get_weight_decay() if self._decoupled_weight_decay else None
        old_state = self._read_state()
        updates, state = self._tx.update(
            grads, old_state, values, learning_rate=lrs, weight_decay=wds, global_step=step + 1
        )
        for p, v, u in zip(params, values, updates):
            write(p, (v + u).astype(v.dtype))
        self._write_state(state, old_state)
        write(self.global_step, step + 1)
        return self._result()
