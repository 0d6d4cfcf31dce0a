"""Primitive classes for activations, normalisation, dropout, convolution, pooling, resizing
and optimizer updates."""

import jax
import jax.numpy as jnp
import numpy as np

from ...common import dtype as mstype
from ...common.args import int_item
from ...common.seed import next_key
from ...common.tensor import canonical_dtype, unwrap
from ...context import nesterov_momentum_applies
from .. import func_activation as ACT
from .. import func_adaptive_pool as AP
from .. import func_conv as C
from .. import func_nn as N
from .. import func_normalization as NORM
from .. import func_patches as PT
from .. import func_pool as PL
from .. import func_resample as RS
from .. import func_softmax as SM
from ..adam_arithmetic import adam_delta, adam_moments
from ..fractional_pool import check_fixed_ksize, fixed_ksize_pool, primitive_pool
from ._common import pair, shape_arg, sig, write_back

__all__ = ["TABLE"]


def _conv2d(p, x, w):
    mode = p.pad_mode.lower()
    pad = p.pad
    if mode == "pad" and isinstance(pad, (tuple, list)) and len(pad) == 4:
        pad = (pad[0], pad[1], pad[2], pad[3])
    st = p.stride[-2:] if isinstance(p.stride, (tuple, list)) else p.stride
    dl = p.dilation[-2:] if isinstance(p.dilation, (tuple, list)) else p.dilation
    return C.conv2d(
        x,
        w,
        None,
        tuple(st) if isinstance(st, list) else st,
        mode,
        pad,
        tuple(dl) if isinstance(dl, list) else dl,
        p.group,
    )


def _conv3d(p, x, w):
    st = p.stride[-3:] if isinstance(p.stride, (tuple, list)) else p.stride
    dl = p.dilation[-3:] if isinstance(p.dilation, (tuple, list)) else p.dilation
    return C.conv3d(
        x,
        w,
        None,
        tuple(st) if isinstance(st, list) else st,
        p.pad_mode.lower(),
        p.pad,
        tuple(dl) if isinstance(dl, list) else dl,
        p.group,
    )


def _conv2d_backprop_input(p, dout, weight, input_size):
    size = shape_arg(input_size)

    def f(z):
        return _conv2d(p, z, weight)

    _, vjp = jax.vjp(f, jnp.zeros(size, dout.dtype))
    return vjp(dout)[0]


def _conv3d_transpose(p, x, w):
    return C.conv3d_transpose(
        x, w, p.pad_mode.lower(), p.pad, p.stride, p.dilation, p.group, p.output_padding
    )


def _window(v, nd):
    # an int, a sequence, or a 0-d Tensor (``mutable(1)``, a size the graph keeps variable)
    v = unwrap(v)
    if isinstance(v, (jax.Array, np.ndarray)) and np.ndim(v) == 0:
        v = int(v)
    return (v,) * nd if isinstance(v, int) else tuple(int(i) for i in v)[-nd:]


def _tf_pool(p, x, kind):
    nd = x.ndim - 2
    k, s = _window(p.kernel_size, nd), _window(p.strides, nd)
    pad = p.pad_mode.upper()
    if kind == "max":
        init = -jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min
        return jax.lax.reduce_window(
            x, np.asarray(init, x.dtype), jax.lax.max, (1, 1) + k, (1, 1) + s, pad
        )
    if pad == "VALID" and any(n < kk for n, kk in zip(x.shape[2:], k, strict=False)):
        # MindSpore's AvgPool kernel refuses an empty output instead of returning one
        raise RuntimeError(
            f"AvgPool: the window {k} is larger than the input's spatial shape {x.shape[2:]}"
        )
    tot = jax.lax.reduce_window(x, np.zeros((), x.dtype), jax.lax.add, (1, 1) + k, (1, 1) + s, pad)
    cnt = jax.lax.reduce_window(
        jnp.ones((1, 1) + x.shape[2:], x.dtype),
        np.zeros((), x.dtype),
        jax.lax.add,
        (1, 1) + k,
        (1, 1) + s,
        pad,
    )
    # The count goes in at full shape behind a barrier: XLA rewrites a division by a
    # constant or by a broadcast into a multiplication by its reciprocal, one ulp away from
    # MindSpore's true division, in the forward result and in the gradient.
    return tot / jax.lax.optimization_barrier(jnp.broadcast_to(cnt, tot.shape))


def _max_pool_argmax(p, x):
    k = p.kernel_size
    s = p.strides
    k = (k, k) if isinstance(k, int) else tuple(k)[-2:]
    s = (s, s) if isinstance(s, int) else tuple(s)[-2:]
    if p.pad_mode.upper() == "SAME":
        pads = []
        for n, kk, ss in zip(x.shape[2:], k, s, strict=True):
            total = max((-(-n // ss) - 1) * ss + kk - n, 0)
            pads.append((total // 2, total - total // 2))
        # a finite floor, not -inf: the pooling picks its argmax with one-hot products, where
        # -inf * 0 made every window touching the padding NaN
        low = (
            jnp.finfo(x.dtype).min
            if jnp.issubdtype(x.dtype, jnp.floating)
            else jnp.iinfo(x.dtype).min
        )
        x2 = jnp.pad(x, [(0, 0), (0, 0)] + pads, constant_values=low)
        v, i = PL.max_pool2d(x2, k, s, return_indices=True)
        hh, ww = i // x2.shape[3] - pads[0][0], i % x2.shape[3] - pads[1][0]
        i = hh * x.shape[3] + ww
    else:
        v, i = PL.max_pool2d(x, k, s, return_indices=True)
    # MindSpore's argmax counts over (C, H, W) of each sample
    chan = jnp.arange(x.shape[1]).reshape(1, -1, 1, 1) * (x.shape[2] * x.shape[3])
    return v, (i + chan).astype(jnp.int32)


def _batch_norm(p, input_x, scale, bias, mean, variance):
    # (the inputs carry MindSpore's names: programs pass them as keywords)
    x = input_x
    if p.is_training:
        axes = tuple(i for i in range(x.ndim) if i != 1)
        bm, bv = jnp.mean(x, axes), jnp.var(x, axes)
        y = NORM.batch_norm(x, mean, variance, scale, bias, True, p.momentum, p.epsilon)
        return y, bm, bv, bm, bv
    m, v = unwrap(mean), unwrap(variance)
    return NORM.batch_norm(x, m, v, scale, bias, False, p.momentum, p.epsilon), m, v, m, v


def _layer_norm(p, x, gamma, beta):
    axes = tuple(range(p.begin_norm_axis % x.ndim, x.ndim))
    mean = jnp.mean(x, axes, keepdims=True)
    var = jnp.var(x, axes, keepdims=True)
    y = (x - mean) * jax.lax.rsqrt(var + p.epsilon) * gamma + beta
    # MindSpore's LayerNorm gradient takes only y's: its mean and variance outputs pass none
    return y, jax.lax.stop_gradient(mean), jax.lax.stop_gradient(var)


def _dropout(p, x):
    keep = p._stream.draw(x.shape, p.keep_prob)  # MindSpore's mask when seeded (Seed0/Seed1)
    if keep is None:
        keep = jax.random.bernoulli(next_key(), p.keep_prob, x.shape)
    scale = jnp.asarray(np.float32(1.0 / p.keep_prob), x.dtype)
    mask = keep.astype(x.dtype)  # MindSpore's mask is 0/1 in the input's dtype
    return (x * mask * scale).astype(x.dtype), mask


def _dropout_nd(nd):
    def call(p, x):
        keep = jax.random.bernoulli(next_key(), p.keep_prob, x.shape[:2] + (1,) * nd)
        return jnp.where(keep, x / p.keep_prob, 0).astype(x.dtype), jnp.broadcast_to(keep, x.shape)

    return (sig(keep_prob=0.5), call)


def _nearest_resize(x, size, align_corners, half_pixel_centers):
    """Nearest-neighbour resize of the spatial dimensions by TensorFlow's rule (MindSpore's):
    source ``floor(dst * in / out)``, ``round(dst * (in - 1) / (out - 1))`` with aligned
    corners, ``floor((dst + 0.5) * in / out)`` with half-pixel centres; float32 arithmetic."""
    for i, out in enumerate(size):
        n = x.shape[2 + i]
        aligned = align_corners and out > 1
        scale = np.float32((n - 1) / (out - 1) if aligned else n / out)
        src = (np.arange(out, dtype=np.float32) + np.float32(half_pixel_centers * 0.5)) * scale
        idx = np.floor(src + np.float32(0.5)) if align_corners else np.floor(src)
        x = jnp.take(x, np.minimum(idx, n - 1).astype(np.int32), axis=2 + i)
    return x


def _resize(mode):
    def call(p, x, size):
        size = shape_arg(size)
        if mode == "nearest":
            return _nearest_resize(x, size, p.align_corners, p.half_pixel_centers)
        if p.align_corners or p.half_pixel_centers:
            return RS.interpolate(
                x,
                size=size,
                mode=mode,
                align_corners=p.align_corners if mode != "nearest" else None,
            )
        # legacy (asymmetric) coordinates: src = dst * in / out
        for i, out in enumerate(size):
            m = RS._resize_matrix(x.shape[2 + i], out, mode, False, None, half_pixel=False)
            x = jnp.moveaxis(
                jnp.tensordot(jnp.asarray(m, x.dtype), x, axes=([1], [2 + i])), 0, 2 + i
            )
        return x

    return (sig(align_corners=False, half_pixel_centers=False), call)


def _apply_momentum(p, variable, accumulation, learning_rate, gradient, momentum):
    acc = unwrap(accumulation) * momentum + gradient
    upd = (gradient + momentum * acc) if nesterov_momentum_applies(p.use_nesterov) else acc
    write_back(accumulation, acc)
    return write_back(variable, unwrap(variable) - learning_rate * upd)


def _adam(p, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
    m1, v1 = adam_moments(grad, unwrap(m), unwrap(v), beta1, beta2)
    alpha = lr * jnp.sqrt(1 - beta2_power) / (1 - beta1_power)
    w0 = unwrap(var)
    # float64 on the kernel's scalar tail: the sum rounds once, as the kernel's does
    w = (w0 + adam_delta(alpha, m1, v1, grad, beta1, epsilon, p.use_nesterov)).astype(w0.dtype)
    write_back(m, m1)
    write_back(v, v1)
    return write_back(var, w), m1, v1


def _im2col(p, x):
    cols = PT.unfold(x, pair(p.ksizes), pair(p.dilations), pair(p.pads), pair(p.strides))
    kh, kw = pair(p.ksizes)
    return cols.reshape(x.shape[0], x.shape[1], kh * kw, -1)


def _depthwise_conv(p, x, w):
    mult, cin = w.shape[0], w.shape[1]
    # (multiplier, C, kh, kw) -> (C * multiplier, 1, kh, kw): output channel c * mult + k
    w2 = jnp.transpose(w, (1, 0, 2, 3)).reshape(cin * mult, 1, *w.shape[2:])
    pad = p.pad
    if isinstance(pad, (tuple, list)):
        pad = tuple(pad)
    st, dl = pair(p.stride), pair(p.dilation)
    return C.conv2d(x, w2, None, st, p.pad_mode.lower(), pad, dl, cin)


def _extract_image_patches(p, x):
    kh, kw = pair(p.ksizes)
    sh, sw = pair(p.strides)
    rh, rw = pair(p.rates)
    pt = jax.lax.conv_general_dilated_patches(
        x,
        (kh, kw),
        (sh, sw),
        p.padding.upper(),
        rhs_dilation=(rh, rw),
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
    )
    n, _, oh, ow = pt.shape
    # lax orders the patch depth (C, kh, kw); MindSpore (like TF) orders it (kh, kw, C)
    pt = pt.reshape(n, x.shape[1], kh * kw, oh, ow)
    return jnp.swapaxes(pt, 1, 2).reshape(n, kh * kw * x.shape[1], oh, ow)


_FIXED_KSIZE = sig("ksize", "output_shape", data_format="NCHW")
_FIXED_KSIZE_3D = sig("ksize", "output_shape", data_format="NCDHW")
_FRACTIONAL = sig(
    "pooling_ratio", pseudo_random=False, overlapping=False, deterministic=False, seed=0, seed2=0
)


def _resize_linear_1d(p, x, size):
    # a 16-bit float input is interpolated in float32 and rounded once (MindSpore's kernel)
    low = jnp.asarray(x).dtype in (jnp.float16, jnp.bfloat16)
    out = RS.interpolate(
        jnp.asarray(x, jnp.float32) if low else x,
        size=shape_arg(size),
        mode="linear",
        align_corners=(p.coordinate_transformation_mode == "align_corners"),
    )
    return out.astype(jnp.asarray(x).dtype) if low else out


def _softmax_axis(p):
    """Softmax keeps its axis as a tuple of ints, as MindSpore's does (``Softmax(1).axis``)."""
    axis = unwrap(p.axis)
    if isinstance(axis, list):
        raise TypeError(f"Softmax: `axis` must be an int or a tuple of ints, got {p.axis!r}")
    if isinstance(axis, tuple):  # (a mutable axis holds 0-d int arrays: their values)
        axis = tuple(a if isinstance(a, (list, tuple)) else int_item(unwrap(a)) for a in axis)
    axis = int_item(axis)
    if isinstance(axis, int):
        axis = (axis,)
    if not (isinstance(axis, tuple) and all(isinstance(a, int) for a in axis)):
        raise TypeError(f"Softmax: `axis` must be an int or a tuple of ints, got {p.axis!r}")
    p.add_prim_attr("axis", axis)


# class name -> check of its constructor arguments (raising as MindSpore does)
INIT_CHECKS = {
    "Softmax": _softmax_axis,
    "FractionalMaxPoolWithFixedKsize": check_fixed_ksize,
    "FractionalMaxPool3DWithFixedKsize": check_fixed_ksize,
}


def _same_float_dtype(name, x, grid):
    """`x` and `grid`, one float dtype (MindSpore's GridSampler kernels raise TypeError
    otherwise, a float `x` with an integer or other float `grid` included)."""
    dx, dg = np.dtype(x.dtype), np.dtype(grid.dtype)
    if dx.kind != "f" or dx != dg:
        raise TypeError(
            f"{name}: `input_x` and `grid` must have one float dtype, got {dx} and {dg}"
        )
    return x, grid


TABLE = [
    # (MindSpore names the input `input`: ``Softmax(-1)(input=x)``)
    ("Softmax", sig(axis=-1), lambda p, input: SM.softmax(input, p.axis)),
    ("LogSoftmax", sig(axis=-1), lambda p, x: SM.log_softmax(x, p.axis)),
    (
        "LogSoftmaxExt",
        sig(),
        lambda p, x, dim=None, dtype=None: jax.nn.log_softmax(
            x if dtype is None else x.astype(canonical_dtype(dtype)),
            axis=-1 if dim is None else dim,
        ),
    ),
    ("Elu", sig(alpha=1.0), lambda p, x: ACT.elu(x, p.alpha)),
    ("CeLU", sig(alpha=1.0), lambda p, x: ACT.celu(x, p.alpha)),
    ("HShrink", sig(lambd=0.5), lambda p, x: ACT.hardshrink(x, p.lambd)),
    ("SoftShrink", sig(lambd=0.5), lambda p, x: ACT.softshrink(x, p.lambd)),
    ("GLU", sig(axis=-1), lambda p, x: SM.glu(x, p.axis)),
    (
        "BiasAdd",
        sig(data_format="NCHW"),
        lambda p, x, b: N.bias_add(x, b) if p.data_format[1] == "C" else x + b,
    ),
    ("Dense", sig(), lambda p, x, w, b=None: N.dense(x, w, b)),
    (
        "LRN",
        sig(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"),
        lambda p, x: NORM.lrn(x, p.depth_radius, p.bias, p.alpha, p.beta, p.norm_region),
    ),
    (
        "BatchNorm",
        sig(is_training=False, epsilon=1e-05, momentum=0.1, data_format="NCHW"),
        _batch_norm,
    ),
    ("LayerNorm", sig(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-07), _layer_norm),
    ("RmsNorm", sig(epsilon=1e-06), lambda p, x, gamma: NORM.rms_norm(x, gamma, p.epsilon)),
    ("Dropout", sig(keep_prob=0.5, Seed0=0, Seed1=0), _dropout),
    ("Dropout2D", *_dropout_nd(2)),
    ("Dropout3D", *_dropout_nd(3)),
    (
        "Conv2D",
        sig(
            "out_channel",
            "kernel_size",
            mode=1,
            pad_mode="valid",
            pad=0,
            stride=1,
            dilation=1,
            group=1,
            data_format="NCHW",
        ),
        _conv2d,
    ),
    (
        "Conv3D",
        sig(
            "out_channel",
            "kernel_size",
            mode=1,
            pad_mode="valid",
            pad=0,
            stride=1,
            dilation=1,
            group=1,
            data_format="NCDHW",
        ),
        _conv3d,
    ),
    (
        "Conv2DBackpropInput",
        sig(
            "out_channel",
            "kernel_size",
            pad_mode="valid",
            pad=0,
            pad_list=None,
            mode=1,
            stride=1,
            dilation=1,
            group=1,
            data_format="NCHW",
        ),
        _conv2d_backprop_input,
    ),
    (
        "Conv2DTranspose",
        sig(
            "out_channel",
            "kernel_size",
            pad_mode="valid",
            pad=0,
            pad_list=None,
            mode=1,
            stride=1,
            dilation=1,
            group=1,
            data_format="NCHW",
        ),
        _conv2d_backprop_input,
    ),
    (
        "Conv3DTranspose",
        sig(
            "in_channel",
            "out_channel",
            "kernel_size",
            mode=1,
            pad_mode="valid",
            pad=0,
            stride=1,
            dilation=1,
            group=1,
            output_padding=0,
            data_format="NCDHW",
        ),
        _conv3d_transpose,
    ),
    (
        "MaxPool",
        sig(kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"),
        lambda p, x: _tf_pool(p, x, "max"),
    ),
    (
        "AvgPool",
        sig(kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"),
        lambda p, x: _tf_pool(p, x, "avg"),
    ),
    ("FractionalAvgPool", _FRACTIONAL, lambda p, x: primitive_pool(p, x, "avg")),
    ("FractionalMaxPool", _FRACTIONAL, lambda p, x: primitive_pool(p, x, "max")),
    ("FractionalMaxPoolWithFixedKsize", _FIXED_KSIZE, fixed_ksize_pool),
    ("FractionalMaxPool3DWithFixedKsize", _FIXED_KSIZE_3D, fixed_ksize_pool),
    (
        "MaxPoolWithArgmax",
        sig(kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"),
        _max_pool_argmax,
    ),
    (
        "MaxPoolWithArgmaxV2",
        sig(
            "kernel_size",
            strides=None,
            pads=0,
            dilation=(1, 1),
            ceil_mode=False,
            argmax_type=mstype.int64,
        ),
        lambda p, x: PL.max_pool2d(
            x, p.kernel_size, p.strides, p.pads, p.dilation, True, p.ceil_mode
        ),
    ),
    (
        "MaxPool3D",
        sig(
            kernel_size=1,
            strides=1,
            pad_mode="VALID",
            pad_list=0,
            ceil_mode=None,
            data_format="NCDHW",
        ),
        lambda p, x: (
            _tf_pool(p, x, "max")
            if p.pad_mode.upper() != "PAD"
            else PL.max_pool3d(x, p.kernel_size, p.strides, p.pad_list, 1, bool(p.ceil_mode))
        ),
    ),
    (
        "AvgPool3D",
        sig(
            kernel_size=1,
            strides=1,
            pad_mode="valid",
            pad=0,
            ceil_mode=False,
            count_include_pad=True,
            divisor_override=0,
            data_format="NCDHW",
        ),
        lambda p, x: (
            _tf_pool(p, x, "avg")
            if p.pad_mode.upper() != "PAD"
            else PL.avg_pool3d(
                x,
                p.kernel_size,
                p.strides,
                p.pad,
                p.ceil_mode,
                p.count_include_pad,
                p.divisor_override,
            )
        ),
    ),
    (
        "AdaptiveAvgPool2D",
        sig("output_size"),
        lambda p, x: AP.adaptive_avg_pool2d(x, p.output_size),
    ),
    (
        "AdaptiveAvgPool3D",
        sig("output_size"),
        lambda p, x: AP.adaptive_avg_pool3d(x, p.output_size),
    ),
    (
        "AdaptiveMaxPool2D",
        sig("output_size"),
        lambda p, x: AP.adaptive_max_pool2d(x, p.output_size, True),
    ),
    (
        "AdaptiveMaxPool3D",
        sig(),
        lambda p, x, output_size: AP.adaptive_max_pool3d(x, shape_arg(output_size), True),
    ),
    (
        "MaxUnpool2D",
        sig("ksize", strides=0, pads=0, output_shape=(), data_format="NCHW"),
        lambda p, x, argmax: PL.max_unpool2d(
            x, argmax, p.ksize, p.strides or None, p.pads, p.output_shape or None
        ),
    ),
    (
        "MaxUnpool3D",
        sig("ksize", strides=0, pads=0, output_shape=(), data_format="NCDHW"),
        lambda p, x, argmax: PL.max_unpool3d(
            x, argmax, p.ksize, p.strides or None, p.pads, p.output_shape or None
        ),
    ),
    (
        "ResizeNearestNeighbor",
        sig("size", align_corners=False, half_pixel_centers=False),
        # MindSpore's first version leaves half_pixel_centers out
        lambda p, x: _nearest_resize(x, tuple(p.size), p.align_corners, False),
    ),
    ("ResizeNearestNeighborV2", *_resize("nearest")),
    ("ResizeBilinearV2", *_resize("bilinear")),
    ("ResizeBicubic", *_resize("bicubic")),
    (
        "ResizeLinear1D",
        sig(coordinate_transformation_mode="align_corners"),
        _resize_linear_1d,
    ),
    (
        "UpsampleNearest3D",
        sig(),
        lambda p, x, output_size=None, scales=None: RS.interpolate(
            x, output_size, scales, "nearest"
        ),
    ),
    (
        "UpsampleTrilinear3D",
        sig(align_corners=False),
        lambda p, x, output_size=None, scales=None: RS.interpolate(
            x, output_size, scales, "trilinear", p.align_corners
        ),
    ),
    (
        "GridSampler2D",
        sig(interpolation_mode="bilinear", padding_mode="zeros", align_corners=False),
        lambda p, x, grid: RS.grid_sample(
            *_same_float_dtype("GridSampler2D", x, grid),
            p.interpolation_mode,
            p.padding_mode,
            p.align_corners,
        ),
    ),
    (
        "GridSampler3D",
        sig(interpolation_mode="bilinear", padding_mode="zeros", align_corners=False),
        lambda p, x, grid: RS.grid_sample(
            *_same_float_dtype("GridSampler3D", x, grid),
            p.interpolation_mode,
            p.padding_mode,
            p.align_corners,
        ),
    ),
    (
        "AffineGrid",
        sig(align_corners=False),
        lambda p, theta, size: RS.affine_grid(theta, shape_arg(size), p.align_corners),
    ),
    (
        "Col2Im",
        sig("kernel_size", dilation=1, padding=0, stride=1),
        lambda p, x, output_size: PT.col2im(
            x, output_size, p.kernel_size, p.dilation, p.padding, p.stride
        ),
    ),
    ("ChannelShuffle", sig("group"), lambda p, x: PT.channel_shuffle(x, p.group)),
    (
        "ApplyGradientDescent",
        sig(),
        lambda p, var, alpha, delta: write_back(var, unwrap(var) - alpha * delta),
    ),
    (
        "ApplyMomentum",
        sig(use_nesterov=False, use_locking=False, gradient_scale=1.0),
        _apply_momentum,
    ),
    ("Adam", sig(use_locking=False, use_nesterov=False), _adam),
    ("Im2Col", sig("ksizes", strides=1, dilations=1, pads=0), _im2col),
    (
        "DepthwiseConv2dNative",
        sig(
            "channel_multiplier",
            "kernel_size",
            mode=3,
            pad_mode="valid",
            pad=0,
            stride=1,
            dilation=1,
            group=1,
        ),
        _depthwise_conv,
    ),
    (
        "ExtractImagePatches",
        sig("ksizes", "strides", "rates", padding="valid"),
        _extract_image_patches,
    ),
]
