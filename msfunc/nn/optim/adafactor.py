"""AdaFactor (Shazeer & Stern, 2018) with MindSpore's formulas, defaults and state names."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ._base import transformation
from .optimizer import Optimizer, document_optimizer_args

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..cell import Cell

__all__ = ["AdaFactor", "ms_adafactor"]


def _rms(x):
    return jnp.sqrt(jnp.mean(jnp.square(x)))


def _factored(shape):
    """MindSpore factors the second moment of every Parameter with two or more dims."""
    return len(shape) >= 2


def ms_adafactor(
    eps=(1e-30, 1e-3),
    clip_threshold=1.0,
    decay_rate=0.8,
    beta1=0.9,
    weight_decay=0.0,
    scale_parameter=True,
    relative_step=True,
    warmup_init=False,
    compression=False,
):
    """The AdaFactor update as MindSpore computes it, as an optax transformation.

    Per Parameter ``p`` with gradient ``g`` at step ``t`` (from 1):
    ``beta2t = 1 - t ** -decay_rate``; the second moment of ``g**2 + eps[0]`` is kept
    factored (running row and column means) for ``p.ndim >= 2``, whole otherwise; the update
    ``u = g / sqrt(v)`` is divided by ``max(1, rms(u) / clip_threshold)`` and multiplied by the
    step size ``lr * max(eps[1], rms(p))`` (``lr`` alone without `scale_parameter`), where
    ``lr = min(1e-2, 1/sqrt(t))`` (``min(1e-6 t, 1/sqrt(t))`` with `warmup_init`) under
    `relative_step`, else the given learning rate; with ``beta1 > 0`` the step follows the
    running mean of ``u``; `weight_decay` shrinks ``p`` by ``weight_decay * step size``.
    Float16 Parameters are updated in float32. With `compression`, the whole second moment
    of vectors is stored in float16 (each step computes with its float32 value).

    Example:
        >>> import jax.numpy as jnp
        >>> tx = ms_adafactor(relative_step=False, scale_parameter=False, beta1=0.0)
        >>> p = (jnp.ones((2, 2)), jnp.ones(2))
        >>> u, s = tx.update((jnp.ones((2, 2)), jnp.ones(2)), tx.init(p), p,
        ...                  learning_rate=(0.1, 0.1))
        >>> [round(float(x[0].ravel()[0]), 4) for x in u], float(s["step"][0])
        ([-0.1, -0.1], 1.0)
    """
    eps1, eps2 = eps
    first_moment = beta1 > 0

    def init(params):
        state = {"step": jnp.zeros((1,), jnp.float32)}
        if first_moment:
            state["exp_avg"] = tuple(jnp.zeros_like(p) for p in params)
        rows, cols, whole = [], [], []
        for p in params:
            if _factored(p.shape):
                rows.append(jnp.zeros(p.shape[:-1], p.dtype))
                cols.append(jnp.zeros(p.shape[:-2] + p.shape[-1:], p.dtype))
                whole.append(jnp.zeros((1,), p.dtype))
            else:
                rows.append(jnp.zeros((1,), p.dtype))
                cols.append(jnp.zeros((1,), p.dtype))
                whole.append(jnp.zeros(p.shape, jnp.float16 if compression else p.dtype))
        state.update(
            exp_avg_sq_row=tuple(rows), exp_avg_sq_col=tuple(cols), exp_avg_sq=tuple(whole)
        )
        return state

    def update(grads, state, params, learning_rate, **_):
        step = state["step"] + 1
        t = step[0]
        if relative_step:
            lr_all = jnp.minimum(1e-6 * t if warmup_init else 1e-2, 1.0 / jnp.sqrt(t))
        beta2t = 1.0 - t**-decay_rate
        out, avgs, rows, cols, wholes = [], [], [], [], []
        for i, (g, p) in enumerate(zip(grads, params)):
            g32 = g.astype(jnp.float32) if g.dtype == jnp.float16 else g
            p32 = p.astype(jnp.float32) if p.dtype == jnp.float16 else p
            lr = lr_all if relative_step else jnp.asarray(learning_rate[i], jnp.float32)
            size = lr * jnp.maximum(eps2, _rms(p32)) if scale_parameter else lr
            sq = jnp.square(g32) + eps1
            row, col, whole = (
                state[k][i] for k in ("exp_avg_sq_row", "exp_avg_sq_col", "exp_avg_sq")
            )
            if _factored(p.shape):
                row = (beta2t * row + (1 - beta2t) * jnp.mean(sq, -1)).astype(row.dtype)
                col = (beta2t * col + (1 - beta2t) * jnp.mean(sq, -2)).astype(col.dtype)
                r_factor = 1.0 / jnp.sqrt(row / jnp.mean(row, -1, keepdims=True))
                u = r_factor[..., None] * (1.0 / jnp.sqrt(col[..., None, :])) * g32
            else:
                # The update uses the float32 moment; only the stored copy is compressed.
                moment = beta2t * whole.astype(g32.dtype) + (1 - beta2t) * sq
                u = g32 / jnp.sqrt(moment)
                whole = moment.astype(whole.dtype)
            u = u / jnp.maximum(_rms(u) / clip_threshold, 1.0) * size
            if first_moment:
                avg = state["exp_avg"][i]
                avg = (beta1 * avg + (1 - beta1) * u).astype(avg.dtype)
                avgs.append(avg)
                u = avg
            new_p = p32 - p32 * weight_decay * size if weight_decay else p32
            out.append((new_p - u - p32).astype(p32.dtype))
            rows.append(row)
            cols.append(col)
            wholes.append(whole)
        new = {
            "step": step,
            "exp_avg_sq_row": tuple(rows),
            "exp_avg_sq_col": tuple(cols),
            "exp_avg_sq": tuple(wholes),
        }
        if first_moment:
            new["exp_avg"] = tuple(avgs)
        return tuple(out), new

    return transformation(init, update)


def _check_float(who, name, value, low=None, high=None, low_inclusive=True):
    if not isinstance(value, float):
        raise TypeError(f"{who}: `{name}` must be a float, got {value!r}")
    if low is not None and (value < low or (value == low and not low_inclusive)):
        raise ValueError(
            f"{who}: `{name}` must be {'>=' if low_inclusive else '>'} {low}, got {value}"
        )
    if high is not None and value >= high:
        raise ValueError(f"{who}: `{name}` must be < {high}, got {value}")


@document_optimizer_args
class AdaFactor(Optimizer):
    """AdaFactor as MindSpore's nn.AdaFactor (see `ms_adafactor` for the update).

    With the defaults (``learning_rate=None``, ``relative_step=True``) the step size is
    computed from the step count; give a `learning_rate` with ``relative_step=False``. A
    dynamic learning rate (list, Tensor or schedule) turns `scale_parameter` off, as in
    MindSpore. As MindSpore does, `weight_decay` applies to every Parameter (parameter groups'
    own ``weight_decay`` is not used) and gradients are not divided by `loss_scale`. State
    Parameters: ``exp_avg.{name}`` (when ``beta1 > 0``), ``exp_avg_sq_row_{name}``,
    ``exp_avg_sq_col_{name}``, ``exp_avg_sq_{name}`` and ``step``.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule, None]): The rate;
            ``None`` with `relative_step` derives it from the step count. Default: ``None``.
        eps (tuple[float, float]): The regularisers of the squared gradient and of the parameter
            scale. Default: ``(1e-30, 1e-3)``.
        clip_threshold (float): The largest RMS of an update. Default: ``1.0``.
        decay_rate (float): The exponent of the second moment's decay. Default: ``0.8``.
        beta1 (float): The first moment's decay; 0 keeps no first moment. Default: ``0.9``.
        weight_decay (float): The decoupled decay coefficient. Default: ``0.0``.
        scale_parameter (bool): Scale the rate by the parameter's RMS. Default: ``True``.
        relative_step (bool): Derive the rate from the step count. Default: ``True``.
        warmup_init (bool): Warm the relative rate up over the first steps. Default: ``False``.
        compression (bool): Store the second moment of vectors in float16. Default: ``False``.
        loss_scale (float): Accepted for MindSpore compatibility; gradients are not divided by
            it. Default: ``1.0``.

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="w")
        >>> opt = ms.nn.AdaFactor([w])
        >>> _ = opt((ms.Tensor([[0.1, 0.1], [0.1, 0.1]]),))
        >>> [p.name for p in opt.state]
        ['exp_avg.w', 'exp_avg_sq_row_w', 'exp_avg_sq_col_w', 'exp_avg_sq_w', 'step']
    """

    _STATE_NAMES = {
        "exp_avg": "exp_avg.{}",
        "exp_avg_sq_row": "exp_avg_sq_row_{}",
        "exp_avg_sq_col": "exp_avg_sq_col_{}",
        "exp_avg_sq": "exp_avg_sq_{}",
        "step": "step",
    }
    _decoupled_weight_decay = True

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell | None = None,
        eps: tuple[float, float] = (1e-30, 1e-3),
        clip_threshold: float = 1.0,
        decay_rate: float = 0.8,
        beta1: float = 0.9,
        weight_decay: float = 0.0,
        scale_parameter: bool = True,
        relative_step: bool = True,
        warmup_init: bool = False,
        compression: bool = False,
        loss_scale: float = 1.0,
    ):
        who = "AdaFactor"
        if learning_rate is not None and relative_step:
            raise ValueError(
                f"{who}: a `learning_rate` needs relative_step=False (with "
                "relative_step=True the step size comes from the step count)"
            )
        if warmup_init and not relative_step:
            raise ValueError(f"{who}: warmup_init=True needs relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError(f"{who}: relative_step=False needs a `learning_rate`")
        if not isinstance(eps, (list, tuple)) or len(eps) != 2:
            raise (TypeError if not isinstance(eps, (list, tuple)) else ValueError)(
                f"{who}: `eps` must be a pair (eps1, eps2) of floats, got {eps!r}"
            )
        for i, value in enumerate(eps):
            _check_float(who, f"eps[{i}]", value, low=0.0)
        _check_float(who, "clip_threshold", clip_threshold, low=0.0)
        _check_float(who, "decay_rate", decay_rate, low=0.0, high=1.0, low_inclusive=False)
        if isinstance(weight_decay, int) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
        _check_float(who, "weight_decay", weight_decay, low=0.0, high=1.0)
        for name, value in (
            ("scale_parameter", scale_parameter),
            ("relative_step", relative_step),
            ("warmup_init", warmup_init),
            ("compression", compression),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"{who}: `{name}` must be a bool, got {value!r}")
        beta1 = 0.0 if beta1 is None else beta1
        if isinstance(beta1, bool) or not isinstance(beta1, (int, float)):
            raise TypeError(f"{who}: `beta1` must be a float or None, got {beta1!r}")
        if beta1 < 0:
            raise ValueError(f"{who}: `beta1` must be >= 0, got {beta1}")
        fixed_lr = learning_rate is None or (
            isinstance(learning_rate, (int, float)) and not isinstance(learning_rate, bool)
        )
        self.eps, self.clip_threshold = (float(eps[0]), float(eps[1])), clip_threshold
        self.decay_rate, self.beta1, self._adafactor_wd = decay_rate, float(beta1), weight_decay
        self.scale_parameter = scale_parameter and fixed_lr
        self.relative_step, self.warmup_init = relative_step, warmup_init
        self.compression = compression
        super().__init__(
            0.0 if learning_rate is None else learning_rate, params, weight_decay, loss_scale
        )

    def _transformation(self):
        return ms_adafactor(
            self.eps,
            self.clip_threshold,
            self.decay_rate,
            self.beta1,
            self._adafactor_wd,
            self.scale_parameter,
            self.relative_step,
            self.warmup_init,
            self.compression,
        )

    def _preprocess_gradients(self, grads, values):
        """Gradients go to the update unchanged (MindSpore's AdaFactor applies neither the
        L2 term, centralization nor the loss-scale division)."""
        return grads
