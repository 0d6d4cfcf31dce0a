"""``mindspore.ops.operations._grad_ops``: the backward primitives of MindSpore's ops, on JAX.

MindSpore pairs many forward primitives with a gradient primitive that its bprop
rules call (``G.ReluGrad()(dout, x)``, ``G.MaxPoolGrad(...)(x, out, dout)``).
Here each one is the vector-Jacobian product of msfunc's forward op (``jax.vjp``)
or the closed-form derivative, with MindSpore's constructor signature and input order.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.grad_ops import ReluGrad
    >>> ReluGrad()(jnp.array([1.0, 2.0, 3.0]), jnp.array([-1.0, 0.0, 2.0])).tolist()
    [0.0, 0.0, 3.0]
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..common import cpu_matmul
from ..ops import fractional_pool as FP
from ..ops import primitives as P
from ..ops.primitive_tables._common import shape_arg, sig
from ..ops.primitives import build_primitive
from ..ops.roi_align import roi_align_grad
from . import grad_closed, grad_generated, grad_vjp

__all__ = []


def _vjp(forward, x, dout):
    """The cotangent of `x` for ``forward(x)`` with output cotangent `dout`."""
    out, pullback = jax.vjp(forward, x)
    return pullback(jnp.asarray(dout, out.dtype))[0]


def _forward(cls, p, names):
    """The forward primitive `cls` built with the gradient primitive's attributes `names`."""
    return cls(**{n: getattr(p, n) for n in names})


_POOL_ATTRS = ("kernel_size", "strides", "pad_mode", "data_format")


def _pool_grad(forward_cls):
    def call(p, x, out, dout):
        del out  # the forward output is recomputed by the vjp
        op = _forward(forward_cls, p, _POOL_ATTRS)
        return _vjp(lambda z: jnp.asarray(op(z)), x, dout)

    return sig(kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"), call


def _max_pool_grad_with_argmax(p, x, dout, argmax):
    # argmax counts over (C, H, W) of each sample, as MaxPoolWithArgmax gives it
    n = x.shape[0]
    flat = jnp.zeros((n, int(np.prod(x.shape[1:]))), dout.dtype)
    idx = jnp.asarray(argmax).reshape(n, -1)
    flat = flat.at[jnp.arange(n)[:, None], idx].add(dout.reshape(n, -1))
    return flat.reshape(x.shape)


def _bias_add_grad(p, dout):
    if dout.ndim == 2 and cpu_matmul.bias_add_applies(dout, dout[0]):
        return cpu_matmul.sum_rows(dout)  # MindSpore's CPU kernel: the rows in order
    channel = 1 if p.data_format[1] == "C" else dout.ndim - 1
    return jnp.sum(dout, axis=tuple(i for i in range(dout.ndim) if i != channel))


def _batch_norm_grad(p, dout, x, scale, saved_mean, saved_variance, reserve=None):
    del reserve  # MindSpore's workspace output; nothing is kept there on JAX
    channel_last = p.data_format != "NCHW" and x.ndim > 2
    if channel_last:
        x, dout = jnp.moveaxis(x, -1, 1), jnp.moveaxis(dout, -1, 1)
    axes = tuple(i for i in range(x.ndim) if i != 1)
    bshape = (1, -1) + (1,) * (x.ndim - 2)
    inv_std = jax.lax.rsqrt(saved_variance + p.epsilon).reshape(bshape)
    x_hat = (x - saved_mean.reshape(bshape)) * inv_std
    dscale = jnp.sum(dout * x_hat, axes)
    dbias = jnp.sum(dout, axes)
    if p.is_training:  # the batch statistics depend on x too
        count = x.size // x.shape[1]
        dx = (scale.reshape(bshape) * inv_std / count) * (
            count * dout - dbias.reshape(bshape) - x_hat * dscale.reshape(bshape)
        )
    else:
        dx = dout * scale.reshape(bshape) * inv_std
    if channel_last:
        dx = jnp.moveaxis(dx, 1, -1)
    return dx, dscale, dbias


def _resize_bilinear_grad(p, grads, image):
    op = P.ResizeBilinearV2(align_corners=p.align_corners, half_pixel_centers=p.half_pixel_centers)
    size = tuple(grads.shape[2:])
    return _vjp(lambda z: jnp.asarray(op(z, size)), jnp.asarray(image, grads.dtype), grads)


def _concat_offset(p, x):
    shapes = [tuple(np.shape(t)) for t in x]
    if len(shapes) != p.N:
        raise ValueError(f"ConcatOffset: expected N={p.N} inputs, got {len(shapes)}")
    axis = p.axis % len(shapes[0])
    offsets = np.zeros((len(shapes), len(shapes[0])), np.int64)
    offsets[:, axis] = np.cumsum([0] + [s[axis] for s in shapes[:-1]])
    return jnp.asarray(offsets)


def _conv2d_backprop_filter(p, dout, x, filter_size):
    conv = P.Conv2D(
        p.out_channel,
        p.kernel_size,
        mode=p.mode,
        pad_mode=p.pad_mode,
        pad=p.pad,
        stride=p.stride,
        dilation=p.dilation,
        group=p.group,
        data_format=p.data_format,
    )
    w = jnp.zeros(shape_arg(filter_size), dout.dtype)
    return _vjp(lambda z: jnp.asarray(conv(x, z)), w, dout)


# Elementwise gradients: (name, derivative of the op written in its saved input, input order).
# "x" means MindSpore passes the forward input, "y" the forward output; dout is the cotangent.
_UNARY = [
    ("ACosGrad", "x", lambda x: -jax.lax.rsqrt(1 - x * x)),
    ("AsinGrad", "x", lambda x: jax.lax.rsqrt(1 - x * x)),
    ("AtanGrad", "x", lambda x: 1 / (1 + x * x)),
    ("AcoshGrad", "y", lambda y: 1 / jnp.sinh(y)),
    ("AsinhGrad", "y", lambda y: 1 / jnp.cosh(y)),
    ("SqrtGrad", "y", lambda y: 0.5 / y),
    ("RsqrtGrad", "y", lambda y: -0.5 * y * y * y),
    ("TanhGrad", "y", lambda y: 1 - y * y),
    ("SigmoidGrad", "y", lambda y: y * (1 - y)),
    ("ReciprocalGrad", "y", lambda y: -y * y),
    ("InvGrad", "y", lambda y: -y * y),
]


def _elu_grad(p, dy, y):
    # from the ELU output (alpha 1): slope 1 where y > 0, else exp(x) = y + 1
    return jnp.where(y > 0, dy, dy * (y + 1))


def _dropout_grad(p, dy, mask):
    # MindSpore's CPU kernel scales by a float32 reciprocal of keep_prob and computes float16
    # in float32 (float64 stays float64), rounding once at the end
    scale = np.float32(1) / np.float32(p.keep_prob)
    work = jnp.promote_types(dy.dtype, jnp.float32)
    out = dy.astype(work) * jnp.asarray(mask, work) * jnp.asarray(scale, work)
    return out.astype(dy.dtype)


def _check_keep_prob(cls):
    """`cls` with its constructor refusing a keep_prob that is not a float in (0, 1]."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        keep_prob = self.keep_prob
        if not isinstance(keep_prob, float):
            raise TypeError(f"{cls.__name__}: keep_prob must be a float, got {keep_prob!r}")
        if not 0.0 < keep_prob <= 1.0:
            raise ValueError(f"{cls.__name__}: keep_prob must be in (0, 1], got {keep_prob}")

    cls.__init__ = __init__
    return cls


def _unary(derivative):
    # complex inputs: the conjugate derivative (the convention of MindSpore's complex grads)
    return sig(), lambda p, saved, dout: dout * jnp.conj(derivative(saved))


TABLE = [
    ("ReluGrad", sig(), lambda p, dout, x: jnp.where(x > 0, dout, jnp.zeros_like(dout))),
    (
        "ReLU6Grad",
        sig(),
        lambda p, dout, x: jnp.where((x > 0) & (x <= 6), dout, jnp.zeros_like(dout)),
    ),
    ("AvgPoolGrad", *_pool_grad(P.AvgPool)),
    ("MaxPoolGrad", *_pool_grad(P.MaxPool)),
    (
        "MaxPoolGradWithArgmax",
        sig(kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"),
        _max_pool_grad_with_argmax,
    ),
    ("BiasAddGrad", sig(data_format="NCHW"), _bias_add_grad),
    ("BatchNormGrad", sig(is_training=False, epsilon=1e-05, data_format="NCHW"), _batch_norm_grad),
    ("FlattenGrad", sig(), lambda p, dout, shape: jnp.reshape(dout, shape_arg(shape))),
    ("ConcatOffset", sig(N=2, axis=0), _concat_offset),
    (
        "ResizeBilinearGrad",
        sig(align_corners=False, half_pixel_centers=False),
        _resize_bilinear_grad,
    ),
    (
        "Conv2DBackpropFilter",
        sig(
            "out_channel",
            "kernel_size",
            pad_mode="valid",
            pad=0,
            pad_list=(0, 0, 0, 0),
            mode=1,
            stride=(1, 1),
            dilation=(1, 1, 1, 1),
            group=1,
            data_format="NCHW",
        ),
        _conv2d_backprop_filter,
    ),
    ("EluGrad", sig(), _elu_grad),
    (
        # MindSpore's kernel takes the regions' ends as covering their last pixel
        # (ROIAlign's roi_end_mode=1) whatever the forward used
        "ROIAlignGrad",
        sig("pooled_height", "pooled_width", "spatial_scale", sample_num=2),
        lambda p, dy, rois, xdiff_shape: roi_align_grad(
            dy,
            rois,
            shape_arg(xdiff_shape),
            p.pooled_height,
            p.pooled_width,
            p.spatial_scale,
            p.sample_num,
        ),
    ),
    # d/da of the regularised lower incomplete gamma P(a, x), as Igamma's bprop needs it
    ("IgammaGradA", sig(), lambda p, a, x: jax.lax.igamma_grad_a(a, x)),
    ("DropoutGrad", sig(keep_prob=0.5), _dropout_grad),
    (
        "FractionalAvgPoolGrad",
        sig(overlapping=False),
        lambda p, shape, dy, rows, cols: FP.fractional_avg_pool_grad(
            shape, dy, rows, cols, p.overlapping
        ),
    ),
    (
        "FractionalMaxPoolGrad",
        sig(overlapping=False),
        lambda p, x, out, dy, rows, cols: FP.fractional_max_pool_grad(
            x, dy, rows, cols, p.overlapping
        ),
    ),
    *[(name, *_unary(derivative)) for name, _, derivative in _UNARY],
    *grad_vjp.TABLE,  # the vjp of a forward op, in MindSpore's input order
    *grad_closed.TABLE,  # written out where MindSpore's kernel is not a forward's vjp
    *grad_generated.TABLE,  # the ones MindSpore generates into ops.auto_generate
]

for _name, _sig, _call in TABLE:
    globals()[_name] = build_primitive(_name, _sig, _call, module=__name__)
    __all__.append(_name)
globals()["DropoutGrad"] = _check_keep_prob(globals()["DropoutGrad"])  # (made by the loop)
for _name, _check in grad_closed.INIT_CHECKS.items():
    globals()[_name] = _check(globals()[_name])
