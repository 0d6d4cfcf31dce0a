"""Gradient primitives written out: those whose inputs are not a forward op's (saved statistics,
argmax indices) or whose MindSpore kernel differs from the vjp of msfunc's forward op.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.grad_ops import KLDivLossGrad
    >>> KLDivLossGrad("sum")(jnp.array(2.0), jnp.zeros(2), jnp.array([1.0, -1.0])).tolist()
    [-2.0, 2.0]
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..ops import deformable as DEF
from ..ops import position_sensitive_pool as PS
from ..ops import primitives as P
from ..ops.primitive_tables._common import sig

__all__ = ["TABLE", "layer_norm_grad"]

_KL_REDUCTIONS = ("none", "mean", "batchmean", "sum")


def _kl_div_loss_grad(p, dy, x, target):
    # MindSpore's kernel takes -target as the slope everywhere (also where target <= 0,
    # where the forward's loss is held at zero), scaled by the reduction's count
    x, target = jnp.asarray(x), jnp.asarray(target)
    grad = -target * jnp.asarray(dy, x.dtype)
    if p.reduction == "mean":
        grad = grad / max(x.size, 1)
    elif p.reduction == "batchmean":
        grad = grad / (x.shape[0] if x.ndim else 1)
    return jnp.broadcast_to(grad, x.shape).astype(x.dtype)


def _check_deformable_offsets_grad(cls):
    """`cls` with MindSpore's constructor checks of DeformableOffsets' attributes."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        DEF.check_primitive(self)

    cls.__init__ = __init__
    return cls


def _check_kl_reduction(cls):
    """`cls` with its constructor refusing a reduction outside `_KL_REDUCTIONS`."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        # a value that is not a string is refused with the same ValueError as MindSpore's
        if not isinstance(self.reduction, str) or self.reduction not in _KL_REDUCTIONS:
            raise ValueError(
                f"KLDivLossGrad: reduction must be one of {_KL_REDUCTIONS}, got {self.reduction!r}"
            )

    cls.__init__ = __init__
    return cls


def layer_norm_grad(p, x, dy, variance, mean, gamma):
    """dx, dgamma, dbeta of LayerNorm from the saved mean and variance (epsilon 1e-12), term by
    term as MindSpore's kernel sums them (so statistics not those of `x` give its answer)."""
    x, dy = jnp.asarray(x), jnp.asarray(dy)
    norm_axis = p.begin_norm_axis % x.ndim
    params_axis = p.begin_params_axis % x.ndim
    norm_axes = tuple(range(norm_axis, x.ndim))
    count = float(np.prod(x.shape[norm_axis:]))
    stat_shape = x.shape[:norm_axis] + (1,) * (x.ndim - norm_axis)
    centred = x - jnp.reshape(jnp.asarray(mean, x.dtype), stat_shape)
    var_eps = jnp.reshape(jnp.asarray(variance, x.dtype), stat_shape) + 1e-12
    inv_std = jax.lax.rsqrt(var_eps)
    gamma = jnp.asarray(gamma, x.dtype)
    g = jnp.reshape(gamma, (1,) * params_axis + x.shape[params_axis:])
    dyg = dy * g
    sum1 = jnp.sum(-0.5 * dyg * centred * inv_std / var_eps, norm_axes, keepdims=True)
    sum2 = jnp.sum(dyg, norm_axes, keepdims=True)
    sum3 = jnp.sum(-2.0 * centred, norm_axes, keepdims=True)
    dx = (
        dyg * inv_std
        + sum1 * 2.0 / count * centred
        + (-inv_std * sum2 + sum1 * sum3 / count) / count
    )
    param_axes = tuple(range(params_axis))
    dgamma = jnp.sum(dy * inv_std * centred, param_axes).reshape(gamma.shape)
    dbeta = jnp.sum(dy, param_axes).reshape(gamma.shape)
    return dx.astype(x.dtype), dgamma, dbeta


TABLE = [
    ("KLDivLossGrad", sig(reduction="mean"), _kl_div_loss_grad),
    ("LayerNormGrad", sig(begin_norm_axis=1, begin_params_axis=1), layer_norm_grad),
]


def _pool_attrs(p, forward_cls, **extra):
    return forward_cls(kernel_size=p.kernel_size, strides=p.strides, pad_mode=p.pad_mode, **extra)


def _max_pool_grad_grad(forward_cls):
    """For each window, the gradient at the input element the max took: the forward's jvp."""

    def call(p, x, out, grad):
        del out  # the jvp recomputes the forward
        op = _pool_attrs(p, forward_cls, data_format=p.data_format)
        x = jnp.asarray(x)
        tangent = jnp.asarray(grad, x.dtype)
        return jax.jvp(lambda z: jnp.asarray(op(z)), (x,), (tangent,))[1]

    return call


def _max_pool_grad_grad_with_argmax(p, x, grad, argmax):
    # argmax counts over (C, H, W) of each sample, as MaxPoolWithArgmax gives it
    grad = jnp.asarray(grad)
    n = grad.shape[0]
    idx = jnp.asarray(argmax).reshape(n, -1)
    picked = jnp.take_along_axis(grad.reshape(n, -1), idx.astype(jnp.int32), axis=1)
    return picked.reshape(jnp.shape(argmax)).astype(grad.dtype)


def _max_pool_grad_with_argmax_v2(p, x, grad, argmax):
    # argmax counts over (H, W) of each (sample, channel) plane, as MaxPoolWithArgmaxV2 gives it
    x, grad = jnp.asarray(x), jnp.asarray(grad)
    planes = int(np.prod(x.shape[:-2]))
    idx = jnp.asarray(argmax).reshape(planes, -1).astype(jnp.int32)
    flat = jnp.zeros((planes, x.shape[-2] * x.shape[-1]), grad.dtype)
    flat = flat.at[jnp.arange(planes)[:, None], idx].add(grad.reshape(planes, -1))
    return flat.reshape(x.shape)


def _pad_v3_grad(p, dout, paddings):
    """The vjp of PadV3: the padded border folded back onto the input it copies."""
    dout = jnp.asarray(dout)
    pads = [int(v) for v in np.asarray(paddings).ravel()]
    if not p.paddings_contiguous:  # (begins..., ends...) -> (begin, end) pairs
        half = len(pads) // 2
        pads = [v for pair in zip(pads[:half], pads[half:]) for v in pair]
    shape = list(dout.shape)
    for k in range(len(pads) // 2):  # pairs run from the last dimension backwards
        shape[-1 - k] -= pads[2 * k] + pads[2 * k + 1]
    op = P.PadV3(mode=p.mode, paddings_contiguous=p.paddings_contiguous)
    x = jnp.zeros(shape, dout.dtype)
    return jax.vjp(lambda z: jnp.asarray(op(z, paddings)), x)[1](dout)[0]


_POOL_SIG = sig(kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW")

TABLE += [
    ("MaxPoolGradGrad", _POOL_SIG, _max_pool_grad_grad(P.MaxPool)),
    (
        "MaxPool3DGradGrad",
        sig(
            kernel_size=(1, 1, 1, 1, 1),
            strides=(1, 1, 1, 1, 1),
            pad_mode="VALID",
            data_format="NCDHW",
        ),
        _max_pool_grad_grad(P.MaxPool3D),
    ),
    ("MaxPoolGradGradWithArgmax", _POOL_SIG, _max_pool_grad_grad_with_argmax),
    (
        "MaxPoolGradWithArgmaxV2",
        sig(
            "kernel_size", strides=None, pads=0, dilation=(1, 1), ceil_mode=False, argmax_type=None
        ),
        _max_pool_grad_with_argmax_v2,
    ),
    ("PadV3Grad", sig(mode="reflect", paddings_contiguous=True), _pad_v3_grad),
]


def _ps_roi_pooling_grad(p, *inputs):
    if len(inputs) != 2:  # MindSpore refuses a wrong count with ValueError here
        raise ValueError(f"PSROIPoolingGrad: takes (dy, rois), got {len(inputs)} inputs")
    dy, rois = inputs
    size = tuple(p.input_size)
    return PS.ps_roi_pooling_grad(dy, rois, size, p.spatial_scale, p.group_size, p.output_dim)


def _check_ps_roi_pooling_grad(cls):
    """`cls` with MindSpore's constructor checks; `input_size` an int or a tuple of them."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        name, size = "PSROIPoolingGrad", self.input_size
        if isinstance(size, bool) or not isinstance(size, (int, tuple)):
            raise TypeError(f"{name}: input_size must be an int or a tuple, got {size!r}")
        size = (size, size) if isinstance(size, int) else size
        if any(isinstance(v, bool) or not isinstance(v, int) for v in size):
            raise TypeError(f"{name}: input_size must hold ints, got {size!r}")
        if len(size) != 2 or min(size) <= 0:
            raise ValueError(f"{name}: input_size must be 2 positive ints, got {size!r}")
        PS.check_ps_roi_attrs(name, self.spatial_scale, self.group_size, self.output_dim)
        self.add_prim_attr("input_size", list(size))

    cls.__init__ = __init__
    return cls


TABLE += [
    (
        "PSROIPoolingGrad",
        sig("input_size", "spatial_scale", "group_size", "output_dim"),
        _ps_roi_pooling_grad,
    ),
]

TABLE += [
    (
        "DeformableOffsetsGrad",
        sig(
            "strides",
            "pads",
            "kernel_size",
            dilations=(1, 1, 1, 1),
            data_format="NCHW",
            deformable_groups=1,
            modulated=True,
        ),
        lambda p, dout, x, offsets: DEF.deformable_offsets_grad(
            dout,
            x,
            offsets,
            p.strides,
            p.pads,
            p.kernel_size,
            p.dilations,
            p.data_format,
            p.deformable_groups,
            p.modulated,
        ),
    ),
]

# constructor checks, applied by grad_ops when it makes the classes
INIT_CHECKS = {
    "DeformableOffsetsGrad": _check_deformable_offsets_grad,
    "KLDivLossGrad": _check_kl_reduction,
    "PSROIPoolingGrad": _check_ps_roi_pooling_grad,
}
