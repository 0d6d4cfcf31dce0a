"""Per-coordinate adaptive optimizers with MindSpore's kernels: Adagrad, Adadelta, RMSProp,
FTRL, ProximalAdagrad."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ...common.cpu_reduce import float32_kernel_numerics
from ...ops.optimizer_arithmetic import (
    adagrad_update,
    centered_rmsprop_update,
    ftrl_update,
    proximal_adagrad_update,
    rmsprop_update,
)
from ._base import as_lr, filled, transformation, zeros
from .optimizer import Optimizer, document_optimizer_args

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..cell import Cell

__all__ = [
    "Adagrad",
    "Adadelta",
    "RMSProp",
    "FTRL",
    "ProximalAdagrad",
    "ms_adagrad",
    "ms_adadelta",
    "ms_rmsprop",
    "ms_ftrl",
    "ms_proximal_adagrad",
]


def _positive(who, **values):
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise ValueError(f"{who}: `{name}` must be a float >= 0, got {value!r}")


def _replacing(new, old):
    """The update that turns `old` into `new`: in a MindSpore program a float64 difference,
    exact, so ``old + delta`` rounds back to `new`."""
    if float32_kernel_numerics(new, old):
        return new.astype(jnp.float64) - old.astype(jnp.float64)
    return new - old


def ms_adagrad(initial_accum=0.1, update_slots=True):
    """ApplyAdagrad: ``accum += g^2``; ``p -= lr * g / sqrt(accum)``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_adagrad(0.0)
        >>> u, _ = tx.update((jnp.full(1, 2.0),), tx.init((jnp.ones(1),)), learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4)
        -0.1
    """

    def init(params):
        return {"accum": filled(params, initial_accum)}

    def update(grads, state, params, learning_rate, **_):
        out, accums = [], []
        for g, a, lr in zip(grads, state["accum"], learning_rate):
            delta, a = adagrad_update(a, g, as_lr(lr, g), update_slots)
            out.append(delta)
            accums.append(a)
        return tuple(out), {"accum": tuple(accums)}

    return transformation(init, update)


def ms_adadelta(rho=0.9, epsilon=1e-6):
    """ApplyAdadelta with MindSpore's ``accum``/``accum_update`` state.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_adadelta()
        >>> u, _ = tx.update((jnp.ones(1),), tx.init((jnp.ones(1),)), learning_rate=(1.0,))
        >>> round(float(u[0][0]), 5)
        -0.00316
    """

    def init(params):
        return {"accum": zeros(params), "accum_update": zeros(params)}

    def update(grads, state, params, learning_rate, **_):
        out, accums, deltas = [], [], []
        for g, a, d, lr in zip(grads, state["accum"], state["accum_update"], learning_rate):
            a = rho * a + (1 - rho) * g * g
            step = jnp.sqrt(d + epsilon) / jnp.sqrt(a + epsilon) * g
            d = rho * d + (1 - rho) * step * step
            out.append(-as_lr(lr, g) * step)
            accums.append(a)
            deltas.append(d)
        return tuple(out), {"accum": tuple(accums), "accum_update": tuple(deltas)}

    return transformation(init, update)


def ms_rmsprop(decay=0.9, momentum=0.0, epsilon=1e-10, centered=False):
    """ApplyRMSProp / ApplyCenteredRMSProp: epsilon inside the square root, the learning rate
    inside the momentum, ``mean_square`` starting at ones.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_rmsprop()
        >>> u, s = tx.update((jnp.ones(1),), tx.init((jnp.ones(1),)), learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4), float(s["ms"][0][0])
        (-0.1, 1.0)
    """

    def init(params):
        state = {"ms": filled(params, 1.0), "moment": zeros(params)}
        if centered:
            state = {"mg": zeros(params), **state}
        return state

    def update(grads, state, params, learning_rate, **_):
        out, mss, mgs, moms = [], [], [], []
        for i, (g, s, mom, lr) in enumerate(
            zip(grads, state["ms"], state["moment"], learning_rate)
        ):
            lr = as_lr(lr, g)
            if centered:
                mom, mg, s, valid = centered_rmsprop_update(
                    state["mg"][i], s, mom, g, lr, decay, momentum, epsilon
                )
                # where the centred estimate is not above 0 the kernel leaves the parameter
                out.append(jnp.where(valid, -mom, jnp.zeros_like(mom)))
                mgs.append(mg)
            else:
                mom, s = rmsprop_update(s, mom, g, lr, decay, momentum, epsilon)
                out.append(-mom)
            mss.append(s)
            moms.append(mom)
        new = {"ms": tuple(mss), "moment": tuple(moms)}
        if centered:
            new["mg"] = tuple(mgs)
        return tuple(out), new

    return transformation(init, update)


def ms_ftrl(initial_accum=0.1, lr_power=-0.5, l1=0.0, l2=0.0):
    """ApplyFtrl: follow-the-regularized-leader with ``moments`` (accum) and ``linear`` state.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_ftrl()
        >>> p = (jnp.zeros(1),)
        >>> u, _ = tx.update((jnp.ones(1),), tx.init(p), p, learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4)
        -0.0953
    """

    def init(params):
        return {"moments": filled(params, initial_accum), "linear": zeros(params)}

    def update(grads, state, params, learning_rate, **_):
        out, accums, linears = [], [], []
        for g, a, lin, p, lr in zip(
            grads, state["moments"], state["linear"], params, learning_rate
        ):
            new_p, a_new, lin = ftrl_update(p, a, lin, g, as_lr(lr, g), l1, l2, lr_power)
            out.append(_replacing(new_p, p))
            accums.append(a_new)
            linears.append(lin)
        return tuple(out), {"moments": tuple(accums), "linear": tuple(linears)}

    return transformation(init, update)


def ms_proximal_adagrad(initial_accum=0.1, l1=0.0, l2=0.0):
    """ApplyProximalAdagrad: an Adagrad step followed by the l1/l2 proximal operator.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_proximal_adagrad(0.0)
        >>> p = (jnp.ones(1),)
        >>> u, _ = tx.update((jnp.ones(1),), tx.init(p), p, learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4)
        -0.1
    """

    def init(params):
        return {"accum": filled(params, initial_accum)}

    def update(grads, state, params, learning_rate, **_):
        out, accums = [], []
        for g, a, p, lr in zip(grads, state["accum"], params, learning_rate):
            new_p, a = proximal_adagrad_update(p, a, g, as_lr(lr, g), l1, l2)
            out.append(_replacing(new_p, p))
            accums.append(a)
        return tuple(out), {"accum": tuple(accums)}

    return transformation(init, update)


@document_optimizer_args
class Adagrad(Optimizer):
    """Adagrad as MindSpore's nn.Adagrad (``accum`` starts at `accum`).

    Args:
        {params}
        accum (float): The accumulator's initial value, at least 0. Default: ``0.1``.
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.001``.
        update_slots (bool): Whether the accumulator is updated. Default: ``True``.
        {loss_scale}
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.Adagrad([w], accum=0.0, learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    _STATE_NAMES = {"accum": "accum.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        accum: float = 0.1,
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.001,
        update_slots: bool = True,
        loss_scale: float = 1.0,
        weight_decay: float = 0.0,
    ):
        _positive("Adagrad", accum=accum)
        self._initial_accum, self.update_slots = float(accum), bool(update_slots)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _transformation(self):
        return ms_adagrad(self._initial_accum, self.update_slots)


@document_optimizer_args
class Adadelta(Optimizer):
    """Adadelta as MindSpore's nn.Adadelta.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``1.0``.
        rho (float): The decay of the running averages, in [0, 1]. Default: ``0.9``.
        epsilon (float): Added for stability, above 0. Default: ``1e-6``.
        {loss_scale}
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.Adadelta([w])
        >>> _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 5)
        0.99684
    """

    _STATE_NAMES = {"accum": "accum.{}", "accum_update": "accum_update.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 1.0,
        rho: float = 0.9,
        epsilon: float = 1e-6,
        loss_scale: float = 1.0,
        weight_decay: float = 0.0,
    ):
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Adadelta: `rho` must be in [0, 1], got {rho!r}")
        _positive("Adadelta", epsilon=epsilon)
        self.rho, self.epsilon = float(rho), float(epsilon)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _transformation(self):
        return ms_adadelta(self.rho, self.epsilon)


@document_optimizer_args
class RMSProp(Optimizer):
    """RMSProp (optionally centered) as MindSpore's nn.RMSProp.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.1``.
        decay (float): The mean square's decay. Default: ``0.9``.
        momentum (float): The momentum of the update, at least 0. Default: ``0.0``.
        epsilon (float): Added to the denominator, above 0. Default: ``1e-10``.
        {use_locking}
        centered (bool): Normalise by the variance (mean square less squared mean). Default:
            ``False``.
        {loss_scale}
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.RMSProp([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4), opt.ms[0].name
        (0.9, 'mean_square.w')
    """

    _STATE_NAMES = {"mg": "mean_grad.{}", "ms": "mean_square.{}", "moment": "moment.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.1,
        decay: float = 0.9,
        momentum: float = 0.0,
        epsilon: float = 1e-10,
        use_locking: bool = False,
        centered: bool = False,
        loss_scale: float = 1.0,
        weight_decay: float = 0.0,
    ):
        for name, value in (("decay", decay), ("momentum", momentum), ("epsilon", epsilon)):
            if not isinstance(value, float):
                raise TypeError(f"RMSProp: `{name}` must be a float, got {value!r}")
        if not isinstance(centered, bool):
            raise TypeError(f"RMSProp: `centered` must be a bool, got {centered!r}")
        _positive("RMSProp", decay=decay, momentum=momentum)
        if epsilon <= 0:
            raise ValueError(f"RMSProp: `epsilon` must be a float > 0, got {epsilon!r}")
        self.decay, self._momentum = float(decay), float(momentum)
        self.epsilon, self.centered = float(epsilon), bool(centered)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _transformation(self):
        return ms_rmsprop(self.decay, self._momentum, self.epsilon, self.centered)


@document_optimizer_args
class FTRL(Optimizer):
    """FTRL-proximal as MindSpore's nn.FTRL (state ``moments`` and ``linear``).

    Args:
        {params}
        initial_accum (float): The accumulator's initial value, at least 0. Default: ``0.1``.
        learning_rate (float): The rate; a fixed number only. Default: ``0.001``.
        lr_power (float): The rate's power of the accumulator, at most 0. Default: ``-0.5``.
        l1 (float): The L1 strength, at least 0. Default: ``0.0``.
        l2 (float): The L2 strength, at least 0. Default: ``0.0``.
        {use_locking}
        {loss_scale}
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([0.0]), name="w")
        >>> opt = ms.nn.FTRL([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        -0.0953
    """

    _STATE_NAMES = {"moments": "moments.{}", "linear": "linear.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        initial_accum: float = 0.1,
        learning_rate: float = 0.001,
        lr_power: float = -0.5,
        l1: float = 0.0,
        l2: float = 0.0,
        use_locking: bool = False,
        loss_scale: float = 1.0,
        weight_decay: float = 0.0,
    ):
        _positive("FTRL", initial_accum=initial_accum, l1=l1, l2=l2)
        if not lr_power <= 0:
            raise ValueError(f"FTRL: `lr_power` must be <= 0, got {lr_power!r}")
        if not isinstance(learning_rate, (int, float)):
            raise TypeError(
                "FTRL: `learning_rate` must be a float (dynamic rates are not "
                "supported by MindSpore's FTRL either)"
            )
        self.initial_accum, self.lr_power = float(initial_accum), float(lr_power)
        self.l1, self.l2 = float(l1), float(l2)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _transformation(self):
        return ms_ftrl(self.initial_accum, self.lr_power, self.l1, self.l2)


@document_optimizer_args
class ProximalAdagrad(Optimizer):
    """ProximalAdagrad as MindSpore's nn.ProximalAdagrad.

    Args:
        {params}
        accum (float): The accumulator's initial value, at least 0. Default: ``0.1``.
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.001``.
        l1 (float): The L1 strength, at least 0. Default: ``0.0``.
        l2 (float): The L2 strength, at least 0. Default: ``0.0``.
        {use_locking}
        {loss_scale}
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.ProximalAdagrad([w], accum=0.0, learning_rate=0.1)
        >>> _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    _STATE_NAMES = {"accum": "accum.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        accum: float = 0.1,
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.001,
        l1: float = 0.0,
        l2: float = 0.0,
        use_locking: bool = False,
        loss_scale: float = 1.0,
        weight_decay: float = 0.0,
    ):
        _positive("ProximalAdagrad", accum=accum, l1=l1, l2=l2)
        self._initial_accum, self.l1, self.l2 = float(accum), float(l1), float(l2)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _transformation(self):
        return ms_proximal_adagrad(self._initial_accum, self.l1, self.l2)
