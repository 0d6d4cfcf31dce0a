"""SGD and Momentum with MindSpore's accumulators (``accum``/``stat``, ``moments``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ...common.parameter import Parameter
from ...context import nesterov_momentum_applies
from ...ops.optimizer_arithmetic import momentum_update, sgd_plain_update, sgd_update
from ._base import as_lr, filled, transformation, zeros
from .optimizer import Optimizer, document_optimizer_args

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..cell import Cell

__all__ = ["SGD", "Momentum", "ms_sgd", "ms_momentum", "scale_by_ms_sgd"]


def _sgd_step(g, accum, stat, momentum, dampening, nesterov):
    """MindSpore's SGD kernel: the first step seeds the accumulator with the raw gradient."""
    accum = jnp.where(stat > 0, g, momentum * accum + (1 - dampening) * g)
    direction = g + momentum * accum if nesterov else accum
    return direction, accum, jnp.zeros_like(stat)


def ms_sgd(momentum=0.0, dampening=0.0, nesterov=False):
    """MindSpore's SGD update as an optax transformation (state ``accum``, ``stat``).

    With ``momentum == 0`` the step is ``-lr * g`` and the state is left as initialised.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_sgd(0.9)
        >>> g = (jnp.ones(2, jnp.float32),)
        >>> u, s = tx.update(g, tx.init(g), learning_rate=(0.1,))
        >>> u[0].tolist(), s["stat"][0].tolist()
        ([-0.10000000149011612, -0.10000000149011612], [0.0, 0.0])
    """

    def init(params):
        return {"accum": zeros(params), "stat": filled(params, 1.0)}

    def update(grads, state, params, learning_rate, **_):
        if momentum == 0.0:
            steps = tuple(sgd_plain_update(g, as_lr(lr, g)) for g, lr in zip(grads, learning_rate))
            return steps, state
        out, accums, stats = [], [], []
        for g, a, s, lr in zip(grads, state["accum"], state["stat"], learning_rate):
            d, a, s = sgd_update(a, s, g, as_lr(lr, g), momentum, dampening, nesterov)
            out.append(d)
            accums.append(a)
            stats.append(s)
        return tuple(out), {"accum": tuple(accums), "stat": tuple(stats)}

    return transformation(init, update)


def scale_by_ms_sgd(momentum=0.0, dampening=0.0, nesterov=False):
    """MindSpore's SGD direction (no learning rate), for ``optax.chain(..., optax.scale(-lr))``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = scale_by_ms_sgd(0.9)
        >>> d, state = tx.update((jnp.ones(2),), tx.init((jnp.ones(2),)))
        >>> d[0].tolist()
        [1.0, 1.0]
    """
    import optax  # (on first use: optax takes a tenth of msfunc's import time)

    def init(params):
        return {
            "accum": jax.tree.map(jnp.zeros_like, params),
            "stat": jax.tree.map(jnp.ones_like, params),
        }

    def update(updates, state, params=None):
        del params
        if momentum == 0.0:
            return updates, state
        triples = jax.tree.map(
            lambda g, a, s: _sgd_step(g, a, s, momentum, dampening, nesterov),
            updates,
            state["accum"],
            state["stat"],
        )
        is_triple = lambda x: isinstance(x, tuple) and len(x) == 3 and hasattr(x[0], "shape")
        pick = lambda k: jax.tree.map(lambda t: t[k], triples, is_leaf=is_triple)
        return pick(0), {"accum": pick(1), "stat": pick(2)}

    return optax.GradientTransformation(init, update)


def ms_momentum(momentum, nesterov=False):
    """MindSpore's ApplyMomentum: ``v = momentum * v + g``; ``p -= lr * v`` (or Nesterov's
    ``p -= lr * (g + momentum * v)``), as an optax transformation (state ``moments``).

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_momentum(0.9)
        >>> s = tx.init((jnp.zeros(1),))
        >>> for _ in range(2):
        ...     u, s = tx.update((jnp.ones(1),), s, learning_rate=(1.0,))
        >>> [round(float(x), 4) for x in (u[0][0], s["moments"][0][0])]
        [-1.9, 1.9]
    """

    def init(params):
        return {"moments": zeros(params)}

    def update(grads, state, params, learning_rate, **_):
        out, moments = [], []
        for g, v, lr in zip(grads, state["moments"], learning_rate):
            d, v = momentum_update(v, g, as_lr(lr, g), momentum, nesterov)
            out.append(d)
            moments.append(v)
        return tuple(out), {"moments": tuple(moments)}

    return transformation(init, update)


@document_optimizer_args
class SGD(Optimizer):
    """Stochastic gradient descent with momentum, dampening and Nesterov, as MindSpore's SGD.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.1``.
        momentum (float): The momentum, at least 0. Default: ``0.0``.
        dampening (float): Scales down the gradient added to the momentum. Default: ``0.0``.
        {weight_decay}
        nesterov (bool): Nesterov momentum (needs momentum > 0 and no dampening). Default:
            ``False``.
        {loss_scale}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.SGD([w], learning_rate=0.5)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> w.asnumpy().tolist()
        [0.0]
    """

    _STATE_NAMES = {"accum": "accum.{}", "stat": "stat.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.1,
        momentum: float = 0.0,
        dampening: float = 0.0,
        weight_decay: float = 0.0,
        nesterov: bool = False,
        loss_scale: float = 1.0,
    ):
        if isinstance(momentum, int):
            momentum = float(momentum)
        if not isinstance(momentum, float) or momentum < 0:
            raise ValueError(f"SGD: `momentum` must be a float >= 0, got {momentum!r}")
        if dampening < 0:
            raise ValueError(f"SGD: `dampening` must be >= 0, got {dampening}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("SGD: nesterov needs momentum > 0 and dampening == 0")
        self._momentum, self.dampening = momentum, float(dampening)
        self.nesterov = bool(nesterov)
        groups = params if isinstance(params, list) else []
        for value in [weight_decay] + [
            g.get("weight_decay", 0.0) for g in groups if isinstance(g, dict)
        ]:
            if callable(value) and not isinstance(value, (int, float)):
                raise TypeError(
                    "SGD: `weight_decay` (also in parameter groups) must be a float "
                    "or int; SGD has no dynamic weight decay, got "
                    f"{type(value).__name__}"
                )
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _extra_parameters(self):
        self.momentum = Parameter(
            jnp.asarray(self._momentum, jnp.float32), name="momentum", requires_grad=False
        )

    def _transformation(self):
        return ms_sgd(self._momentum, self.dampening, self.nesterov)


@document_optimizer_args
class Momentum(Optimizer):
    """Momentum SGD as MindSpore's: ``v = momentum * v + g; p -= lr * v`` (Nesterov optional;
    on CPU `use_nesterov` has no effect, as in MindSpore 2.10's CPU build).

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step.
        momentum (float): The momentum, at least 0.
        {weight_decay}
        {loss_scale}
        use_nesterov (bool): Nesterov momentum. Default: ``False``.

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.Momentum([w], 0.1, 0.9)
        >>> _ = opt((ms.Tensor([1.0]),)); _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4), [p.name for p in opt.moments]
        (0.71, ['moments.w'])
    """

    _STATE_NAMES = {"moments": "moments.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell,
        momentum: float,
        weight_decay: float = 0.0,
        loss_scale: float = 1.0,
        use_nesterov: bool = False,
    ):
        if isinstance(momentum, bool) or not isinstance(momentum, (int, float)) or momentum < 0:
            raise ValueError(f"Momentum: `momentum` must be a float >= 0, got {momentum!r}")
        self._momentum, self.use_nesterov = float(momentum), bool(use_nesterov)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _extra_parameters(self):
        self.momentum = Parameter(
            jnp.asarray(self._momentum, jnp.float32), name="momentum", requires_grad=False
        )

    def _transformation(self):
        # As MindSpore on the same device: its CPU kernel runs plain momentum even with
        # use_nesterov=True (msfunc.context.nesterov_momentum_applies).
        return ms_momentum(self._momentum, nesterov_momentum_applies(self.use_nesterov))
