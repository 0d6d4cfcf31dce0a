"""Optimizers: MindSpore-shaped shells over optax `GradientTransformation`s.

``opt = nn.SGD(params, learning_rate)`` then ``opt(grads)`` updates the
Parameters in place (through the state frame, so it works inside jit). The
optax state lives in non-trainable Parameters, so jit and data_sink carry it.
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax

from .._state import read, write
from ..common.parameter import Parameter, ParameterTuple, unwrap
from .cell import Cell

__all__ = ["Optimizer", "SGD", "Momentum", "Adam", "AdamWeightDecay", "scale_by_ms_adam"]


def _learning_rate_parameter(learning_rate, who):
    """Learning rate as a Parameter: a scalar, or a per-step array (dynamic LR)."""
    if isinstance(learning_rate, Parameter):
        return learning_rate, None
    if callable(learning_rate):
        return None, learning_rate
    value = jnp.asarray(unwrap(learning_rate), jnp.float32)
    if value.ndim > 1:
        raise ValueError(f"{who}: `learning_rate` must be a float, a 1-D sequence of floats or "
                         f"a schedule, got shape {value.shape}")
    if value.ndim == 0 and float(value) < 0:
        raise ValueError(f"{who}: `learning_rate` must be non-negative, got {float(value)}")
    return Parameter(value, name="learning_rate", requires_grad=False), None


_STATE_FIELDS = {"mu": "moment1", "nu": "moment2", "trace": "moments", "count": "step"}


class _SGDState(NamedTuple):
    accum: tuple
    stat: tuple


def scale_by_ms_sgd(momentum=0.0, dampening=0.0, nesterov=False):
    """SGD's direction as MindSpore computes it: the first step takes the raw gradient as
    the accumulator; later steps ``accum = momentum * accum + (1 - dampening) * g``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = scale_by_ms_sgd(0.9)
        >>> d, state = tx.update((jnp.ones(2),), tx.init((jnp.ones(2),)))
        >>> d[0].tolist()
        [1.0, 1.0]
    """

    def init(params):
        return _SGDState(accum=jax.tree.map(jnp.zeros_like, params),
                         stat=jax.tree.map(jnp.ones_like, params))

    def update(updates, state, params=None):
        del params
        accum = jax.tree.map(
            lambda a, g, s: jnp.where(s > 0, g, momentum * a + (1 - dampening) * g),
            state.accum, updates, state.stat)
        if nesterov:
            direction = jax.tree.map(lambda g, a: g + momentum * a, updates, accum)
        else:
            direction = accum
        stat = jax.tree.map(jnp.zeros_like, state.stat)
        return direction, _SGDState(accum=accum, stat=stat)

    return optax.GradientTransformation(init, update)


def _state_name(path, params, who):
    """A readable name for an optax state leaf: 'moment1.fc1.weight', 'adam.step'."""
    fields = [_STATE_FIELDS.get(k.name, k.name) for k in path
              if isinstance(k, jax.tree_util.GetAttrKey)]
    field = ".".join(fields) or "state"
    last = path[-1] if path else None
    if isinstance(last, jax.tree_util.SequenceKey) and fields:
        return f"{field}.{params[last.idx].name}"
    return f"{who.lower()}.{field}"


class Optimizer(Cell):
    """Base optimizer: subclasses give `_direction()`, an optax transformation whose
    updates are scaled by ``-learning_rate``.

    `learning_rate` may be a float, a 1-D sequence (one value per step), a
    callable schedule of the step (a LearningRateSchedule Cell or an optax schedule).
    """

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        who = type(self).__name__
        if isinstance(parameters, (Parameter,)):
            parameters = [parameters]
        params = list(parameters) if parameters is not None else []
        if params and isinstance(params[0], dict):
            raise NotImplementedError(f"{who}: parameter groups are not supported yet; pass a "
                                      "list of Parameters")
        if not params:
            raise ValueError(f"{who}: `params` must be a non-empty list of Parameters")
        for i, p in enumerate(params):
            if not isinstance(p, Parameter):
                raise TypeError(f"{who}: `params` item {i} must be a Parameter, got "
                                f"{type(p).__name__}")
        if weight_decay < 0 or loss_scale <= 0:
            raise ValueError(f"{who}: `weight_decay` must be >= 0 and `loss_scale` > 0, got "
                             f"{weight_decay}, {loss_scale}")
        self.weight_decay, self.loss_scale = float(weight_decay), float(loss_scale)
        # Attribute order gives MindSpore's parameter order: step, lr, params, extras, state.
        self.global_step = Parameter(jnp.array(0, jnp.int32), name="global_step",
                                     requires_grad=False)
        self.learning_rate, self._schedule = _learning_rate_parameter(learning_rate, who)
        self.parameters = ParameterTuple(params)
        self._extra_parameters()
        self._tx = self._direction()
        if self.weight_decay:
            self._tx = optax.chain(optax.add_decayed_weights(self.weight_decay), self._tx)
        state = self._tx.init(tuple(read(p) for p in params))
        paths_and_leaves, self._state_def = jax.tree_util.tree_flatten_with_path(state)
        self.state = ParameterTuple(
            Parameter(leaf, name=_state_name(path, params, who), requires_grad=False)
            for path, leaf in paths_and_leaves)
        placeholder = self._placeholder_state(params)
        if placeholder is not None:
            self.inactive_state = ParameterTuple(
                Parameter(leaf, name=_state_name(path, params, who), requires_grad=False)
                for path, leaf in jax.tree_util.tree_flatten_with_path(placeholder)[0])

    def _extra_parameters(self):
        """Hook: subclasses add hyper-parameter Parameters (MindSpore's `momentum`)."""

    def _direction(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def _placeholder_state(self, params):
        """Hook: MindSpore-named state that this configuration does not need to update."""
        return None

    def get_lr(self):
        """The learning rate used at the current step."""
        step = read(self.global_step)
        if self._schedule is not None:
            return jnp.asarray(self._schedule(step), jnp.float32)
        lr = read(self.learning_rate)
        if lr.ndim == 1:
            return lr[jnp.minimum(step, lr.shape[0] - 1)]
        return lr

    def construct(self, gradients):
        params = self.parameters
        grads = tuple(unwrap(g) for g in gradients)
        if len(grads) != len(params):
            raise ValueError(f"{type(self).__name__}: got {len(grads)} gradients for "
                             f"{len(params)} parameters")
        if self.loss_scale != 1.0:
            grads = tuple(g / self.loss_scale for g in grads)
        values = tuple(read(p) for p in params)
        state = jax.tree.unflatten(self._state_def, [read(s) for s in self.state])
        direction, new_state = self._tx.update(grads, state, values)
        lr = self.get_lr()
        for p, v, d in zip(params, values, direction):
            write(p, (v - lr * d).astype(v.dtype))
        for s, v in zip(self.state, jax.tree.leaves(new_state)):
            write(s, v)
        write(self.global_step, read(self.global_step) + 1)
        return True


class SGD(Optimizer):
    """Stochastic gradient descent with momentum, dampening and Nesterov, as MindSpore's SGD.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.SGD([w], learning_rate=0.5)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> w.asnumpy().tolist()
        [0.0]
    """

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0,
                 weight_decay=0.0, nesterov=False, loss_scale=1.0):
        if momentum < 0 or dampening < 0:
            raise ValueError(f"SGD: `momentum` and `dampening` must be >= 0, got {momentum}, "
                             f"{dampening}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("SGD: nesterov needs momentum > 0 and dampening == 0")
        self._momentum, self.dampening, self.nesterov = float(momentum), float(dampening), \
            nesterov
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _extra_parameters(self):
        self.momentum = Parameter(jnp.asarray(self._momentum, jnp.float32), name="momentum",
                                  requires_grad=False)

    def _direction(self):
        if self._momentum == 0.0:
            # Plain SGD: MindSpore's accumulator would just hold the last gradient, so
            # no state is carried through jit (the accum/stat Parameters keep their names
            # for checkpoint compatibility but are not updated).
            return optax.identity()
        return scale_by_ms_sgd(self._momentum, self.dampening, self.nesterov)

    def _placeholder_state(self, params):
        if self._momentum != 0.0:
            return None
        return scale_by_ms_sgd().init(tuple(read(p) for p in params))


class Momentum(Optimizer):
    """Momentum SGD: ``v = momentum * v + g; p -= lr * v`` (Nesterov optional)."""

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
                 use_nesterov=False):
        if momentum < 0:
            raise ValueError(f"Momentum: `momentum` must be >= 0, got {momentum}")
        self._momentum, self.use_nesterov = float(momentum), bool(use_nesterov)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _extra_parameters(self):
        self.momentum = Parameter(jnp.asarray(self._momentum, jnp.float32), name="momentum",
                                  requires_grad=False)

    def _direction(self):
        return optax.trace(decay=self._momentum, nesterov=self.use_nesterov)


def scale_by_ms_adam(b1=0.9, b2=0.999, eps=1e-8, nesterov=False):
    """Adam's direction as MindSpore computes it: eps is added to sqrt(v) before the
    bias correction ``sqrt(1 - b2**t) / (1 - b1**t)`` is applied.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = scale_by_ms_adam()
        >>> upd, _ = tx.update(jnp.ones(2), tx.init(jnp.ones(2)))
        >>> upd.shape
        (2,)
    """
    base = optax.scale_by_adam(b1, b2, eps=0.0)

    def update(updates, state, params=None):
        del params
        mu = optax.tree_utils.tree_update_moment(updates, state.mu, b1, 1)
        nu = optax.tree_utils.tree_update_moment_per_elem_norm(updates, state.nu, b2, 2)
        count = optax.safe_increment(state.count)
        t = count.astype(jnp.float32)
        correction = jnp.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        if nesterov:
            direction = jax.tree.map(
                lambda m, g, v: (b1 * m + (1 - b1) * g) / (jnp.sqrt(v) + eps), mu, updates, nu)
        else:
            direction = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), mu, nu)
        direction = jax.tree.map(lambda d: correction * d, direction)
        return direction, optax.ScaleByAdamState(count=count, mu=mu, nu=nu)

    return optax.GradientTransformation(base.init, update)


class Adam(Optimizer):
    """Adam as MindSpore's nn.Adam (L2 `weight_decay` added to the gradient).

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.Adam([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0,
                 use_amsgrad=False):
        if not (0.0 < beta1 < 1.0 and 0.0 < beta2 < 1.0) or eps <= 0:
            raise ValueError(f"Adam: need 0 < beta1, beta2 < 1 and eps > 0, got {beta1}, "
                             f"{beta2}, {eps}")
        if use_amsgrad:
            raise NotImplementedError("Adam: use_amsgrad=True is not supported yet")
        self.beta1, self.beta2, self.eps, self.use_nesterov = beta1, beta2, eps, use_nesterov
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _direction(self):
        return scale_by_ms_adam(self.beta1, self.beta2, self.eps, self.use_nesterov)


class AdamWeightDecay(Optimizer):
    """AdamW: Adam with decoupled weight decay (optax.adamw's direction)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
                 weight_decay=0.0):
        self.beta1, self.beta2, self.eps, self._wd = beta1, beta2, eps, float(weight_decay)
        super().__init__(learning_rate, params, 0.0, 1.0)

    def _direction(self):
        return optax.chain(optax.scale_by_adam(self.beta1, self.beta2, self.eps),
                           optax.add_decayed_weights(self._wd))
