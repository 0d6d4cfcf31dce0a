"""The gradient primitives MindSpore generates into ``ops.auto_generate`` (and ``_grad_ops``).

Elementwise ones are their closed-form derivatives (ties of Maximum/Minimum share the
gradient equally, as MindSpore's kernels do); resampling ones the vector-Jacobian product of
msfunc's forward op, whose input is a zero array of the given size (the forward is linear).

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.grad_ops import MaximumGrad
    >>> dx, dy = MaximumGrad()(jnp.array([1.0, 2.0]), jnp.array([2.0, 2.0]), jnp.ones(2))
    >>> dx.tolist(), dy.tolist()
    ([0.0, 0.5], [1.0, 0.5])
"""

import jax
import jax.numpy as jnp

from ..ops import primitives as P
from ..ops.primitive_tables._common import shape_arg, sig
from . import grad_closed

__all__ = ["TABLE"]


def _sum_to(grad, shape):
    """`grad` summed over the axes broadcasting added or stretched to reach it from `shape`."""
    shape = tuple(shape)
    lead = grad.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(shape) if n == 1 and grad.shape[lead + i] != 1
    )
    return jnp.sum(grad, axis=axes, keepdims=False).reshape(shape) if axes else grad


def _extremum_grad(pick):
    """``call(p, x, y, grads)`` of MaximumGrad (``pick`` is ``>``) or MinimumGrad (``<``)."""

    def call(p, x, y, grads):
        x, y, grads = jnp.asarray(x), jnp.asarray(y), jnp.asarray(grads)
        first = pick(x, y)
        tie = x == y
        zero = jnp.zeros_like(grads)
        half = grads / 2 if jnp.issubdtype(grads.dtype, jnp.inexact) else grads // 2
        dx = jnp.where(first, grads, jnp.where(tie, half, zero))
        dy = jnp.where(first | tie, jnp.where(tie, half, zero), grads)
        return _sum_to(dx, x.shape).astype(x.dtype), _sum_to(dy, y.shape).astype(y.dtype)

    return call


def _maximum_grad_grad(p, x, y, dx, dy):
    x, y, dx, dy = (jnp.asarray(a) for a in (x, y, dx, dy))
    if dx.shape != x.shape or dy.shape != y.shape:
        raise ValueError(
            f"MaximumGradGrad: dx and dy must have the shapes of x and y, got x {x.shape}, "
            f"dx {dx.shape}, y {y.shape}, dy {dy.shape}"
        )
    # The first-order gradients are piecewise constant in x and y: their own are zero.
    return jnp.zeros_like(x), jnp.zeros_like(y), jnp.where(x >= y, dx, dy)


def _hsigmoid_grad(p, grads, x):
    grads, x = jnp.asarray(grads), jnp.asarray(x)
    if grads.shape != x.shape:
        raise ValueError(f"HSigmoidGrad: grads {grads.shape} and x {x.shape} are not equal")
    inside = (x > -3) & (x < 3)
    return jnp.where(inside, grads / 6, jnp.zeros_like(grads)).astype(grads.dtype)


def _vjp_of(forward, dout, *inputs):
    """The cotangents of `inputs` for ``forward(*inputs)`` with output cotangent `dout`."""

    # (compiled as one program: op by op, a resampler's vjp dispatches dozens of kernels)
    @jax.jit
    def run(dout, *inputs):
        out, pullback = jax.vjp(lambda *z: jnp.asarray(forward(*z)), *inputs)
        return pullback(jnp.asarray(dout, out.dtype))

    return run(dout, *inputs)


def _prelu_grad(p, dy, x, weight):
    dy, x, weight = jnp.asarray(dy), jnp.asarray(x), jnp.asarray(weight)
    return _vjp_of(P.PReLU(), dy, x, weight)


def _nll_loss_grad(p, logits, loss_grad, labels, weight, total_weight):
    logits, labels = jnp.asarray(logits), jnp.asarray(labels)
    weight, loss_grad = jnp.asarray(weight, logits.dtype), jnp.asarray(loss_grad, logits.dtype)
    batched = logits.ndim == 2
    rows = logits if batched else logits[None]
    labels = labels.reshape(-1)
    kept = labels != p.ignore_index
    safe = jnp.where(kept, labels, 0)
    scale = jnp.where(kept, -weight[safe], 0)
    if p.reduction == "none":
        scale = scale * loss_grad.reshape(-1)
    elif p.reduction == "mean":
        scale = scale * loss_grad / jnp.asarray(total_weight, logits.dtype)
    else:
        scale = scale * loss_grad
    grad = jnp.zeros_like(rows).at[jnp.arange(rows.shape[0]), safe].add(scale)
    return grad if batched else grad[0]


def _resized_grad(make):
    """``call(p, grads, size)`` for a nearest-neighbour resize grad back to spatial `size`."""

    def call(p, grads, size):
        grads = jnp.asarray(grads)
        size = tuple(int(n) for n in shape_arg(size))
        x = jnp.zeros(grads.shape[:2] + size, grads.dtype)
        out_size = tuple(grads.shape[2:])
        return _vjp_of(lambda z: make(p, out_size)(z), grads, x)[0]

    return call


def _nearest(p, out_size):
    op = P.ResizeNearestNeighbor(out_size, p.align_corners, p.half_pixel_centers)
    return op


def _nearest_v2(p, out_size):
    op = P.ResizeNearestNeighborV2(p.align_corners, p.half_pixel_centers)
    return lambda z: op(z, out_size)


def _grid_sampler_grad(forward_cls):
    def call(p, grad, input_x, grid):
        op = forward_cls(p.interpolation_mode, p.padding_mode, p.align_corners)
        return _vjp_of(op, grad, jnp.asarray(input_x), jnp.asarray(grid))

    return call


def _upsample_grad(make):
    """``call(p, dy, input_size, output_size, scales)`` of a 3-D upsampling's gradient."""

    def call(p, dy, input_size, output_size=None, scales=None):
        dy = jnp.asarray(dy)
        x = jnp.zeros(tuple(int(n) for n in shape_arg(input_size)), dy.dtype)
        op = make(p)
        return _vjp_of(lambda z: op(z, output_size, scales), dy, x)[0]

    return call


def _layer_norm_grad_grad(p, x, dy, variance, mean, gamma, d_dx, d_dg, d_db):
    """The vjp of LayerNormGrad's (dx, dgamma, dbeta) in (x, dy, gamma): the saved statistics
    give the values and, as functions of x, their derivatives."""
    x = jnp.asarray(x)
    axes = tuple(range(p.begin_norm_axis % x.ndim, x.ndim))
    stat_shape = jnp.shape(mean)

    def first_order(x, dy, gamma):
        # (the statistics' values stay the saved ones; their dependence on x is added)
        own_mean = jnp.mean(x, axes, keepdims=True).reshape(stat_shape)
        own_var = jnp.var(x, axes, keepdims=True).reshape(stat_shape)
        m = mean + own_mean - jax.lax.stop_gradient(own_mean)
        v = variance + own_var - jax.lax.stop_gradient(own_var)
        return grad_closed.layer_norm_grad(p, x, dy, v, m, gamma)

    @jax.jit  # (one program: op by op, this second-order vjp dispatches dozens of kernels)
    def run(x, dy, gamma, cotangents):
        return jax.vjp(first_order, x, dy, gamma)[1](cotangents)

    cotangents = (jnp.asarray(d_dx), jnp.asarray(d_dg), jnp.asarray(d_db))
    return run(x, jnp.asarray(dy), jnp.asarray(gamma), cotangents)


_GRID = sig(
    interpolation_mode="bilinear", padding_mode="zeros", align_corners=False, output_mask=(1, 1)
)

TABLE = [
    ("HSigmoidGrad", sig(), _hsigmoid_grad),
    ("MaximumGrad", sig(grad_x=True, grad_y=True), _extremum_grad(jnp.greater)),
    ("MinimumGrad", sig(grad_x=True, grad_y=True), _extremum_grad(jnp.less)),
    ("MaximumGradGrad", sig(grad_x=True, grad_y=True), _maximum_grad_grad),
    # (GeLUGrad's y, the forward output, is not needed: the derivative is recomputed from x)
    ("GeLUGrad", sig(), lambda p, dy, x, y: _vjp_of(P.GeLU(), dy, jnp.asarray(x))[0]),
    ("FastGeLUGrad", sig(), lambda p, dy, x: _vjp_of(P.FastGeLU(), dy, jnp.asarray(x))[0]),
    ("PReLUGrad", sig(), _prelu_grad),
    ("LayerNormGradGrad", sig(begin_norm_axis=1, begin_params_axis=1), _layer_norm_grad_grad),
    ("NLLLossGrad", sig(reduction="mean", ignore_index=-100), _nll_loss_grad),
    (
        "ResizeNearestNeighborGrad",
        sig(align_corners=False, half_pixel_centers=False),
        _resized_grad(_nearest),
    ),
    (
        "ResizeNearestNeighborV2Grad",
        sig(align_corners=False, half_pixel_centers=False),
        _resized_grad(_nearest_v2),
    ),
    ("GridSampler2DGrad", _GRID, _grid_sampler_grad(P.GridSampler2D)),
    ("GridSampler3DGrad", _GRID, _grid_sampler_grad(P.GridSampler3D)),
    ("UpsampleNearest3DGrad", sig(), _upsample_grad(lambda p: P.UpsampleNearest3D())),
    (
        "UpsampleTrilinear3DGrad",
        sig(align_corners=False),
        _upsample_grad(lambda p: P.UpsampleTrilinear3D(p.align_corners)),
    ),
]
