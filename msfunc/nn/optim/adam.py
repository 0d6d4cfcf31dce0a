"""Adam's family with MindSpore's formulas: Adam (AMSGrad, Nesterov), AdamWeightDecay, AdaMax,
Lamb."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..._state import read, write
from ...common.sparse_tensor import RowTensor
from ...common.tensor import unwrap
from ...ops.adam_arithmetic import (
    adam_delta,
    adam_moments,
    adam_step,
    amsgrad_update,
    kernel_input,
    offload_adam_moments,
)
from ...ops.optimizer_arithmetic import adam_weight_decay_update, adamax_update
from ._base import as_lr, hyper_float, transformation, zeros
from .optimizer import Optimizer, document_optimizer_args

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..cell import Cell

__all__ = [
    "Adam",
    "AdamOffload",
    "AdamWeightDecay",
    "AdaMax",
    "Lamb",
    "ms_adam",
    "ms_adam_weight_decay",
    "ms_adamax",
    "ms_lamb",
    "scale_by_ms_adam",
]


def _check_betas(who, beta1, beta2, eps):
    for name, value in (("beta1", beta1), ("beta2", beta2)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1:
            raise ValueError(f"{who}: `{name}` must be a float in (0, 1), got {value!r}")
    if isinstance(eps, bool) or not isinstance(eps, (int, float)) or eps <= 0:
        raise ValueError(f"{who}: `eps` must be a float > 0, got {eps!r}")


def _moments(g, m, v, b1, b2):
    return b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g


def ms_adam(b1=0.9, b2=0.999, eps=1e-8, nesterov=False, amsgrad=False, offload=False):
    """MindSpore's Adam update: ``lr * sqrt(1 - b2^t) / (1 - b1^t) * m / (sqrt(v) + eps)``
    (eps added before the bias correction), with ``beta1_power``/``beta2_power`` state.

    Without AMSGrad the moments and the step round as MindSpore's Adam kernel rounds them
    (its fused multiply-adds; `offload` picks the host kernel's order), so float32 training
    reproduces MindSpore's numbers bit for bit.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_adam()
        >>> u, s = tx.update((jnp.ones(1),), tx.init((jnp.ones(1),)), learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4), round(float(s["beta1_power"]), 2)
        (-0.1, 0.9)
    """

    def init(params):
        state = {
            "beta1_power": jnp.ones((), jnp.float32),
            "beta2_power": jnp.ones((), jnp.float32),
            "moment1": zeros(params),
            "moment2": zeros(params),
        }
        if amsgrad:
            state["vhat"] = zeros(params)
        return state

    def update(grads, state, params, learning_rate, **_):
        b1p = kernel_input(state["beta1_power"] * b1)
        b2p = kernel_input(state["beta2_power"] * b2)
        out, ms, vs, vhats = [], [], [], []
        for i, (g, m, v, lr) in enumerate(
            zip(grads, state["moment1"], state["moment2"], learning_rate)
        ):
            lr_t = as_lr(lr, g) * jnp.sqrt(1 - b2p) / (1 - b1p)
            if amsgrad:
                delta, m, v, vhat = amsgrad_update(g, m, v, state["vhat"][i], lr_t, b1, b2, eps)
                vhats.append(vhat)
                out.append(delta)
            else:
                if offload:
                    m, v = offload_adam_moments(g, m, v, b1, b2)
                    out.append(-adam_step(lr_t, m, v, g, b1, eps, nesterov))
                else:
                    m, v = adam_moments(g, m, v, b1, b2)
                    out.append(adam_delta(lr_t, m, v, g, b1, eps, nesterov))
            ms.append(m)
            vs.append(v)
        new = {"beta1_power": b1p, "beta2_power": b2p, "moment1": tuple(ms), "moment2": tuple(vs)}
        if amsgrad:
            new["vhat"] = tuple(vhats)
        return tuple(out), new

    return transformation(init, update)


def scale_by_ms_adam(b1=0.9, b2=0.999, eps=1e-8, nesterov=False):
    """MindSpore's Adam direction (no learning rate) on any pytree, for
    ``optax.chain(scale_by_ms_adam(), optax.scale(-lr))``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = scale_by_ms_adam()
        >>> upd, _ = tx.update(jnp.ones(2), tx.init(jnp.ones(2)))
        >>> upd.shape
        (2,)
    """
    import optax  # (on first use: optax takes a tenth of msfunc's import time)

    base = optax.scale_by_adam(b1, b2, eps=0.0)

    def update(updates, state, params=None):
        del params
        # the moments round as MindSpore's Adam kernel rounds them (see `adam_moments`)
        moments = jax.tree.map(
            lambda g, m, v: adam_moments(g, m, v, b1, b2), updates, state.mu, state.nu
        )
        mu = jax.tree.map(lambda g, mv: mv[0], updates, moments)
        nu = jax.tree.map(lambda g, mv: mv[1], updates, moments)
        count = optax.safe_increment(state.count)
        t = count.astype(jnp.float32)
        correction = jnp.sqrt(1 - b2**t) / (1 - b1**t)
        if nesterov:
            direction = jax.tree.map(
                lambda m, g, v: (b1 * m + (1 - b1) * g) / (jnp.sqrt(v) + eps), mu, updates, nu
            )
        else:
            direction = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), mu, nu)
        direction = jax.tree.map(lambda d: correction * d, direction)
        return direction, optax.ScaleByAdamState(count=count, mu=mu, nu=nu)

    return optax.GradientTransformation(base.init, update)


def ms_adam_weight_decay(b1=0.9, b2=0.999, eps=1e-6):
    """MindSpore's AdamWeightDecay: no bias correction, decay added to the step:
    ``p -= lr * (m / (sqrt(v) + eps) + wd * p)`` (state ``adam_m``/``adam_v``).

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_adam_weight_decay()
        >>> p = (jnp.ones(1),)
        >>> u, _ = tx.update(p, tx.init(p), p, learning_rate=(0.1,), weight_decay=(0.0,))
        >>> round(float(u[0][0]), 4)
        -0.3162
    """

    def init(params):
        return {"moments1": zeros(params), "moments2": zeros(params)}

    def update(grads, state, params, learning_rate, weight_decay=None, **_):
        wds = weight_decay or (0.0,) * len(grads)
        out, ms, vs = [], [], []
        for g, m, v, p, lr, wd in zip(
            grads, state["moments1"], state["moments2"], params, learning_rate, wds
        ):
            delta, m, v = adam_weight_decay_update(p, m, v, g, as_lr(lr, g), b1, b2, eps, wd)
            out.append(delta)
            ms.append(m)
            vs.append(v)
        return tuple(out), {"moments1": tuple(ms), "moments2": tuple(vs)}

    return transformation(init, update)


def ms_adamax(b1=0.9, b2=0.999, eps=1e-8):
    """MindSpore's ApplyAdaMax: ``v = max(b2 * v, |g|)``; ``p -= lr / (1 - b1^t) * m / (v + eps)``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_adamax()
        >>> u, _ = tx.update((jnp.ones(1),), tx.init((jnp.ones(1),)), learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4)
        -0.1
    """

    def init(params):
        return {
            "beta1_power": jnp.ones((1,), jnp.float32),
            "moment1": zeros(params),
            "moment2": zeros(params),
        }

    def update(grads, state, params, learning_rate, **_):
        b1p = kernel_input(state["beta1_power"] * b1)
        out, ms, vs = [], [], []
        for g, m, v, lr in zip(grads, state["moment1"], state["moment2"], learning_rate):
            delta, m, v = adamax_update(m, v, g, as_lr(lr, g), b1p[0], b1, b2, eps)
            out.append(delta)
            ms.append(m)
            vs.append(v)
        return tuple(out), {"beta1_power": b1p, "moment1": tuple(ms), "moment2": tuple(vs)}

    return transformation(init, update)


def ms_lamb(b1=0.9, b2=0.999, eps=1e-6):
    """LAMB as MindSpore computes it: bias-corrected Adam step plus decay, scaled by the trust
    ratio ``||p|| / ||step||`` clipped to [0, 10] (1 where a norm is zero).

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_lamb()
        >>> p = (jnp.full(4, 2.0),)
        >>> u, _ = tx.update((jnp.ones(4),), tx.init(p), p, learning_rate=(0.1,),
        ...                  weight_decay=(0.0,), global_step=jnp.array([1]))
        >>> round(float(u[0][0]), 3)
        -0.2
    """

    def init(params):
        return {"moments1": zeros(params), "moments2": zeros(params)}

    def update(grads, state, params, learning_rate, weight_decay=None, global_step=None, **_):
        wds = weight_decay or (0.0,) * len(grads)
        t = jnp.reshape(jnp.asarray(global_step), ()).astype(jnp.float32)
        out, ms, vs = [], [], []
        for g, m, v, p, lr, wd in zip(
            grads, state["moments1"], state["moments2"], params, learning_rate, wds
        ):
            m, v = _moments(g, m, v, b1, b2)
            step = (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + eps) + wd * p
            w_norm, s_norm = jnp.linalg.norm(p), jnp.linalg.norm(step)
            ratio = jnp.where(
                (w_norm > 0) & (s_norm > 0), w_norm / jnp.where(s_norm > 0, s_norm, 1.0), 1.0
            )
            ratio = jnp.clip(ratio, 0.0, 10.0)
            out.append(-as_lr(lr, g) * ratio * step)
            ms.append(m)
            vs.append(v)
        return tuple(out), {"moments1": tuple(ms), "moments2": tuple(vs)}

    return transformation(init, update)


@document_optimizer_args
class Adam(Optimizer):
    """Adam as MindSpore's nn.Adam (L2 `weight_decay` added to the gradient).

    ``use_lazy=True``: RowTensor gradients update only the rows they name (LazyAdam);
    ``use_offload=True``: MindSpore runs the update on the host, the numbers are Adam's.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``1e-3``.
        {beta1}
        {beta2}
        eps (float): Added to the denominator for stability. Default: ``1e-8``.
        {use_locking}
        use_nesterov (bool): Use Nesterov momentum. Default: ``False``.
        {weight_decay}
        {loss_scale}
        use_amsgrad (bool): Keep the largest second moment seen (AMSGrad). Default: ``False``.
        kwargs (bool): ``use_lazy`` or ``use_offload``, as above.

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.Adam([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4), [p.name for p in opt.moment1]
        (0.9, ['moment1.w'])
    """

    _STATE_NAMES = {
        "beta1_power": "beta1_power",
        "beta2_power": "beta2_power",
        "moment1": "moment1.{}",
        "moment2": "moment2.{}",
        "vhat": "vhat.{}",
    }

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 1e-3,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-8,
        use_locking: bool = False,
        use_nesterov: bool = False,
        weight_decay: float = 0.0,
        loss_scale: float = 1.0,
        use_amsgrad: bool = False,
        **kwargs: bool,
    ):
        unknown = sorted(set(kwargs) - {"use_lazy", "use_offload"})
        if unknown:
            raise KeyError(
                f"Adam: unexpected keyword arguments {unknown}; the extra keywords "
                "are 'use_lazy' and 'use_offload'"
            )
        use_lazy, use_offload = kwargs.get("use_lazy", False), kwargs.get("use_offload", False)
        for name, value in (
            ("use_locking", use_locking),
            ("use_nesterov", use_nesterov),
            ("use_amsgrad", use_amsgrad),
            ("use_lazy", use_lazy),
            ("use_offload", use_offload),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"Adam: `{name}` must be a bool, got {value!r}")
        if use_lazy and use_offload:
            raise ValueError(
                "Adam: `use_lazy=True` and `use_offload=True` exclude each other; choose one"
            )
        if use_amsgrad and (use_lazy or use_offload):
            raise ValueError(
                "Adam: `use_amsgrad` is not available with `use_lazy` or `use_offload`"
            )
        _check_betas("Adam", beta1, beta2, eps)
        if use_amsgrad and use_nesterov:
            raise ValueError("Adam: `use_amsgrad` and `use_nesterov` cannot both be True")
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        self.use_nesterov, self.use_amsgrad = use_nesterov, use_amsgrad
        self.use_locking, self.use_lazy, self.use_offload = use_locking, use_lazy, use_offload
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if use_offload:  # the host-side update takes the gradients uncentralized
            self.grad_centralization = False

    def construct(self, gradients=None):
        if (
            self.use_lazy
            and isinstance(gradients, (tuple, list))
            and any(isinstance(g, RowTensor) for g in gradients)
        ):
            return self._apply_lazy(gradients)
        return super().construct(gradients)

    def _apply_lazy(self, gradients):
        """Lazy Adam on RowTensor gradients: only the rows a gradient names (values of a
        repeated row summed) move, and only their moments change; the beta powers advance
        once per step as in Adam. Dense gradients update every row."""
        dense, masks = [], []
        for i, (g, p) in enumerate(zip(gradients, self._updated())):
            if not isinstance(g, RowTensor):
                dense.append(g)
                masks.append(None)
                continue
            if tuple(g.dense_shape) != tuple(p.shape):
                raise ValueError(
                    f"Adam: sparse gradient {i} for Parameter '{p.name}' has "
                    f"dense shape {tuple(g.dense_shape)}, expected {p.shape}"
                )
            rows = jnp.asarray(unwrap(g.indices))
            values = jnp.asarray(unwrap(g.values))
            dense.append(jnp.zeros(p.shape, values.dtype).at[rows].add(values))
            masks.append(jnp.zeros(p.shape[:1], bool).at[rows].set(True))
        grads = self._check_gradients(tuple(dense))
        slots = list(zip(self._updated(), self.moment1, self.moment2))
        before = [tuple(read(s) for s in trio) for trio in slots]
        result = self._apply(grads)
        for trio, old, mask in zip(slots, before, masks):
            if mask is None:
                continue
            for slot, old_value in zip(trio, old):
                keep = mask.reshape((-1,) + (1,) * (old_value.ndim - 1))
                write(slot, jnp.where(keep, read(slot), old_value))
        return result

    def _transformation(self):
        return ms_adam(
            self.beta1, self.beta2, self.eps, self.use_nesterov, self.use_amsgrad, self.use_offload
        )


@document_optimizer_args
class AdamOffload(Adam):
    """Adam whose update MindSpore runs on the host CPU to save device memory: the same
    numbers as ``Adam(..., use_offload=True)`` (XLA places the update with the Parameters).

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``1e-3``.
        {beta1}
        {beta2}
        eps (float): Added to the denominator for stability. Default: ``1e-8``.
        {use_locking}
        use_nesterov (bool): Use Nesterov momentum. Default: ``False``.
        {weight_decay}
        {loss_scale}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.AdamOffload([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 1e-3,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-8,
        use_locking: bool = False,
        use_nesterov: bool = False,
        weight_decay: float = 0.0,
        loss_scale: float = 1.0,
    ):
        super().__init__(
            params,
            learning_rate,
            beta1,
            beta2,
            eps,
            use_locking,
            use_nesterov,
            weight_decay,
            loss_scale,
            use_offload=True,
        )


@document_optimizer_args
class AdamWeightDecay(Optimizer):
    """MindSpore's AdamWeightDecay: ``p -= lr * (m / (sqrt(v) + eps) + wd * p)``, no bias
    correction; decay skips Parameters named with 'beta' or 'gamma' (unless grouped).

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``1e-3``.
        {beta1}
        {beta2}
        eps (float): Added to the denominator for stability. Default: ``1e-6``.
        weight_decay (float): The decoupled decay coefficient applied in the update (Parameters
            named with 'beta' or 'gamma' skipped). Default: ``0.0``.

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.AdamWeightDecay([w], learning_rate=0.1, weight_decay=0.5)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4), [p.name for p in opt.moments1]
        (0.6338, ['adam_m.w'])
    """

    _STATE_NAMES = {"moments1": "adam_m.{}", "moments2": "adam_v.{}"}
    _decoupled_weight_decay = True

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 1e-3,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-6,
        weight_decay: float = 0.0,
    ):
        _check_betas("AdamWeightDecay", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        super().__init__(learning_rate, params, weight_decay)

    def __setattr__(self, name, value):
        super().__setattr__(name, value)
        # MindSpore's step reads beta1, beta2 and eps when it runs: a program may set them
        # later (Matformer's trainer sets opt.beta1 = Tensor([0.95])); the rule is rebuilt
        if name in ("beta1", "beta2", "eps") and "_tx" in self.__dict__:
            self._tx = self._transformation()

    def _transformation(self):
        return ms_adam_weight_decay(
            hyper_float(self.beta1), hyper_float(self.beta2), hyper_float(self.eps)
        )


@document_optimizer_args
class AdaMax(Optimizer):
    """AdaMax (Adam with the infinity norm) as MindSpore's nn.AdaMax.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``0.001``.
        {beta1}
        {beta2}
        eps (float): Added to the denominator for stability. Default: ``1e-08``.
        {weight_decay}
        {loss_scale}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.AdaMax([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    _STATE_NAMES = {"beta1_power": "beta1_power", "moment1": "moment1.{}", "moment2": "moment2.{}"}

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 0.001,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-08,
        weight_decay: float = 0.0,
        loss_scale: float = 1.0,
    ):
        _check_betas("AdaMax", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def _transformation(self):
        return ms_adamax(self.beta1, self.beta2, self.eps)


@document_optimizer_args
class Lamb(Optimizer):
    """LAMB (layer-wise adaptive moments) as MindSpore's nn.Lamb.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step.
        {beta1}
        {beta2}
        eps (float): Added to the denominator for stability. Default: ``1e-6``.
        weight_decay (float): The decoupled decay coefficient applied in the update (Parameters
            named with 'beta' or 'gamma' skipped). Default: ``0.0``.

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([2.0, 2.0]), name="w")
        >>> opt = ms.nn.Lamb([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([1.0, 1.0]),))
        >>> [round(float(x), 3) for x in w.asnumpy()]
        [1.8, 1.8]
    """

    _STATE_NAMES = {"moments1": "lamb_m.{}", "moments2": "lamb_v.{}"}
    _decoupled_weight_decay = True

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-6,
        weight_decay: float = 0.0,
    ):
        _check_betas("Lamb", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        super().__init__(learning_rate, params, weight_decay)

    def _transformation(self):
        return ms_lamb(self.beta1, self.beta2, self.eps)
