"""Rprop, ASGD and the LARS wrapper, with MindSpore's state names and update order."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..._state import read
from ...common.cpu_reduce import float32_kernel_numerics
from ...common.parameter import Parameter, ParameterTuple
from ...ops.optimizer_arithmetic import asgd_eta, asgd_update
from ..cell import Cell
from ._base import as_lr, transformation, zeros
from .optimizer import Optimizer, document_optimizer_args

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..cell import Cell

__all__ = ["Rprop", "ASGD", "LARS", "ms_rprop", "ms_asgd"]


def ms_rprop(etas=(0.5, 1.2), step_sizes=(1e-6, 50.0)):
    """Resilient backpropagation as MindSpore's Rprop: per-coordinate step sizes grow by
    ``etas[1]`` while the gradient keeps its sign and shrink by ``etas[0]`` when it flips
    (that step is skipped); the first step's size is the learning rate.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_rprop()
        >>> u, s = tx.update((jnp.ones(1),), tx.init((jnp.ones(1),)), learning_rate=(0.1,),
        ...                  global_step=jnp.array([1]))
        >>> round(float(u[0][0]), 4), round(float(s["step_size"][0][0]), 4)
        (-0.1, 0.1)
    """
    eta_minus, eta_plus = etas
    size_min, size_max = step_sizes

    def init(params):
        return {"prev": zeros(params), "step_size": zeros(params)}

    def update(grads, state, params, learning_rate, global_step=None, **_):
        first = jnp.reshape(jnp.asarray(global_step), ()) == 1
        out, prevs, sizes = [], [], []
        for g, prev, size, lr in zip(grads, state["prev"], state["step_size"], learning_rate):
            size = jnp.where(first, jnp.ones_like(size) * as_lr(lr, g), size)
            sign = jnp.sign(g * prev)
            factor = jnp.where(sign > 0, eta_plus, jnp.where(sign < 0, eta_minus, 1.0))
            size = jnp.clip(size * factor, size_min, size_max)
            g = jnp.where(sign < 0, 0.0, g)
            out.append(-jnp.sign(g) * size)
            prevs.append(g)
            sizes.append(size)
        return tuple(out), {"prev": tuple(prevs), "step_size": tuple(sizes)}

    return transformation(init, update)


def ms_asgd(lambd=1e-4, alpha=0.75, t0=1e6):
    """Averaged SGD as MindSpore's ASGD: per-Parameter ``eta`` and ``mu`` scalars and the
    running average ``ax``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_asgd()
        >>> p = (jnp.ones(1),)
        >>> u, s = tx.update((jnp.ones(1),), tx.init(p), p, learning_rate=(0.1,),
        ...                  global_step=jnp.array([1]))
        >>> round(float(u[0][0]), 4), float(s["ax"][0][0]) == float(p[0][0] + u[0][0])
        (-0.1, True)
    """

    def init(params):
        return {
            "mu": tuple(jnp.ones((), jnp.float32) for _ in params),
            "eta": tuple(jnp.zeros((), jnp.float32) for _ in params),
            "ax": zeros(params),
        }

    def update(grads, state, params, learning_rate, global_step=None, **_):
        t = jnp.reshape(jnp.asarray(global_step), ()).astype(jnp.float32)
        out, mus, etas, axs = [], [], [], []
        for g, p, mu, eta, ax, lr in zip(
            grads, params, state["mu"], state["eta"], state["ax"], learning_rate
        ):
            lr = jnp.asarray(lr, jnp.float32)
            eta = jnp.where(t == 1, lr, eta)
            new_p, ax = asgd_update(p, ax, g, eta, mu, lambd)
            exact = float32_kernel_numerics(new_p, p)
            # float64 where exact: p + delta rounds back to new_p
            out.append(new_p.astype(jnp.float64) - p.astype(jnp.float64) if exact else new_p - p)
            axs.append(ax)
            etas.append(asgd_eta(lr, lambd, alpha, t, exact))
            mus.append(1.0 / jnp.maximum(1.0, t - t0))
        return tuple(out), {"mu": tuple(mus), "eta": tuple(etas), "ax": tuple(axs)}

    return transformation(init, update)


@document_optimizer_args
class Rprop(Optimizer):
    """Rprop as MindSpore's nn.Rprop.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.1``.
        etas (tuple[float, float]): (shrink, grow) factors of the step size, 0 < shrink < 1 <
            grow. Default: ``(0.5, 1.2)``.
        step_sizes (tuple[float, float]): The (smallest, largest) step size. Default: ``(1e-6,
            50.0)``.
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.Rprop([w], learning_rate=0.1)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.78
    """

    _STATE_NAMES = {"prev": "prev.{}", "step_size": "step_size.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.1,
        etas: tuple[float, float] = (0.5, 1.2),
        step_sizes: tuple[float, float] = (1e-6, 50.0),
        weight_decay: float = 0.0,
    ):
        for name, pair, parts in (
            ("etas", etas, ("etaminus", "etaplus")),
            ("step_sizes", step_sizes, ("min step size", "max step size")),
        ):
            if not isinstance(pair, tuple):
                raise TypeError(f"Rprop: `{name}` must be a tuple, got {type(pair).__name__}")
            for part, value in zip(parts, pair):
                if not isinstance(value, float):
                    raise TypeError(f"Rprop: the {part} in `{name}` must be a float, got {value!r}")
        if len(etas) != 2 or not 0 < etas[0] < 1 < etas[1]:
            raise ValueError(
                f"Rprop: `etas` must be (etaminus, etaplus) with "
                f"0 < etaminus < 1 < etaplus, got {etas!r}"
            )
        if len(step_sizes) != 2 or not 0 <= step_sizes[0] <= step_sizes[1]:
            raise ValueError(
                f"Rprop: `step_sizes` must be (min, max) with 0 <= min <= max, got {step_sizes!r}"
            )
        self.etas, self.step_sizes = tuple(map(float, etas)), tuple(map(float, step_sizes))
        super().__init__(learning_rate, params, weight_decay)

    def _transformation(self):
        return ms_rprop(self.etas, self.step_sizes)

    def _result(self):
        return jnp.asarray(True)


@document_optimizer_args
class ASGD(Optimizer):
    """Averaged SGD as MindSpore's nn.ASGD.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.1``.
        lambd (float): The decay term. Default: ``1e-4``.
        alpha (float): The power of the eta update. Default: ``0.75``.
        t0 (float): The step averaging starts at. Default: ``1e6``.
        {weight_decay}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.ASGD([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4), [p.name for p in opt.ax]
        (0.9, ['ax_.w'])
    """

    _STATE_NAMES = {"mu": "mu_{}", "eta": "eta_{}", "ax": "ax_.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.1,
        lambd: float = 1e-4,
        alpha: float = 0.75,
        t0: float = 1e6,
        weight_decay: float = 0.0,
    ):
        for name, value in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            if not isinstance(value, float):
                raise TypeError(f"ASGD: `{name}` must be a float, got {value!r}")
        self.lambd, self.alpha, self.t0 = float(lambd), float(alpha), float(t0)
        super().__init__(learning_rate, params, weight_decay)

    def _transformation(self):
        return ms_asgd(self.lambd, self.alpha, self.t0)

    def _result(self):
        return jnp.asarray(True)


def _default_lars_filter(param):
    return "LayerNorm" not in param.name and "bias" not in param.name


@document_optimizer_args
class LARS(Optimizer):
    """Layer-wise adaptive rate scaling around another optimizer, as MindSpore's nn.LARS:
    each filtered gradient becomes ``trust * (g + wd * w)`` with
    ``trust = coefficient * ||w|| / (||g|| + wd * ||w|| + epsilon)`` before the wrapped
    optimizer runs (which then applies no weight decay of its own).

    Args:
        optimizer (Optimizer): The optimizer that applies the scaled gradients.
        epsilon (float): Added to the trust ratio's denominator. Default: ``1e-05``.
        coefficient (float): The trust coefficient. Default: ``0.001``.
        use_clip (bool): Clip the trust ratio (divided by the rate) at 1. Default: ``False``.
        lars_filter (Callable[[Parameter], bool]): Which Parameters are scaled; by default those
            whose names hold neither 'LayerNorm' nor 'bias'.

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([3.0, 4.0]), name="w")
        >>> opt = ms.nn.LARS(ms.nn.Momentum([w], 1.0, 0.0), coefficient=0.1)
        >>> _ = opt((ms.Tensor([0.6, 0.8]),))
        >>> [round(float(x), 3) for x in w.asnumpy()]
        [2.7, 3.6]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        epsilon: float = 1e-05,
        coefficient: float = 0.001,
        use_clip: bool = False,
        lars_filter: Callable[[Parameter], bool] = _default_lars_filter,
    ):
        Cell.__init__(self, auto_prefix=False)
        if not isinstance(optimizer, Optimizer):
            raise TypeError(
                f"LARS: `optimizer` must be an nn.Optimizer, got {type(optimizer).__name__}"
            )
        for name, value in (("epsilon", epsilon), ("coefficient", coefficient)):
            if isinstance(value, bool) or not isinstance(value, float):
                raise TypeError(f"LARS: `{name}` must be a float, got {value!r}")
        self.epsilon, self.coefficient, self.use_clip = epsilon, coefficient, bool(use_clip)
        self.global_step = optimizer.global_step
        self.learning_rate = Parameter(
            jnp.zeros((), jnp.float32), name="learning_rate", requires_grad=False
        )
        self.fake_param = Parameter(
            jnp.zeros((), jnp.float32), name="fake_param", requires_grad=False
        )
        self.parameters = ParameterTuple(optimizer.parameters)
        self._parameters = self.parameters
        self.opt = optimizer
        self.lars_flag = tuple(bool(lars_filter(p)) for p in optimizer.parameters)
        self.loss_scale = optimizer.loss_scale

    def get_lr(self):
        return self.opt.get_lr()

    def _lars_gradient(self, g, w, wd, lr):
        w_norm, g_norm = jnp.linalg.norm(w), jnp.linalg.norm(g)
        both = (w_norm > 0) & (g_norm > 0)
        trust = jnp.where(
            both, self.coefficient * w_norm / (g_norm + wd * w_norm + self.epsilon), 1.0
        )
        if self.use_clip:
            trust = jnp.minimum(trust / lr, 1.0)
        return (trust * (g + wd * w)).astype(g.dtype)

    def construct(self, gradients):
        opt = self.opt
        grads = opt._check_gradients(gradients)
        if opt.loss_scale != 1.0:
            grads = tuple(g * jnp.asarray(1.0 / opt.loss_scale, g.dtype) for g in grads)
        wds, lrs = opt.get_weight_decay(), opt._lr_per_param()
        new = []
        for g, p, wd, flag, lars, lr in zip(
            grads, opt.parameters, wds, opt._decay_flags, self.lars_flag, lrs
        ):
            new.append(self._lars_gradient(g, read(p), wd if flag else 0.0, lr) if lars else g)
        return opt._apply(tuple(new), preprocess=False)
