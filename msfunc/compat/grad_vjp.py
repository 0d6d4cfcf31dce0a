"""Gradient primitives that are the vector-Jacobian product of msfunc's forward op, from a table.

Each row names the gradient primitive, its constructor signature, how to build the forward op
from the primitive's attributes, and the order in which MindSpore passes its inputs: ``"d"``
the output cotangent, ``"x"`` the forward input differentiated, ``"s"`` the shape of that
input (its zeros stand in: the forward is linear there), ``"c"`` a further forward input
held constant, ``"y"`` the forward's output (not needed: the vjp recomputes it).

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.grad_ops import SoftplusGrad
    >>> SoftplusGrad()(jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0])).tolist()
    [0.5, 1.0]
"""

import jax
import jax.numpy as jnp

from ..ops import primitives as P
from ..ops.primitive_tables._common import shape_arg, sig

__all__ = ["TABLE"]


def vjp_call(build, order, selection=False):
    """``call(p, *args)`` for a gradient primitive whose inputs come in `order` (see above).

    A `selection` forward only picks elements (a slice): its gradient places the cotangent at
    the picked positions, which works for every dtype (booleans and integers too).
    """

    def call(p, *args):
        if len(args) != len(order):
            raise TypeError(f"{type(p).__name__}: takes {len(order)} inputs, got {len(args)}")
        dout = jnp.asarray(args[order.index("d")])
        consts, x = [], None
        for kind, a in zip(order, args):
            if kind == "x":
                x = jnp.asarray(a)
            elif kind == "s":
                x = jnp.zeros(shape_arg(a), dout.dtype)
            elif kind == "c":
                consts.append(a)
        if x is None:  # (every row's order names the differentiated input or its shape)
            raise TypeError(f"{type(p).__name__}: no input to differentiate in {order!r}")
        forward = build(p)
        if selection:
            positions = jnp.asarray(forward(jnp.arange(x.size).reshape(x.shape), *consts))
            flat = jnp.zeros(x.size, dout.dtype).at[positions.ravel()].set(dout.ravel())
            return flat.reshape(x.shape)
        out, pullback = jax.vjp(lambda z: jnp.asarray(forward(z, *consts)), x)
        # MindSpore accepts a cotangent of the output's size in another shape (a squeezed slice)
        return pullback(jnp.reshape(dout, out.shape).astype(out.dtype))[0]

    return call


def _strided_slice(p):
    op = P.StridedSlice(
        p.begin_mask, p.end_mask, p.ellipsis_mask, p.new_axis_mask, p.shrink_axis_mask
    )
    return lambda x, begin, end, strides: op(x, tuple(begin), tuple(end), tuple(strides))


def _slice(p):
    op = P.Slice()
    return lambda x, begin, size: op(x, tuple(shape_arg(begin)), tuple(shape_arg(size)))


_MASKS = {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0}

TABLE = [
    ("HShrinkGrad", sig(lambd=0.5), lambda p: P.HShrink(p.lambd), "dx"),
    ("SoftShrinkGrad", sig(lambd=0.5), lambda p: P.SoftShrink(p.lambd), "dx"),
    ("SoftplusGrad", sig(), lambda p: P.Softplus(), "dx"),
    (
        "LRNGrad",
        sig(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5),
        lambda p: P.LRN(p.depth_radius, p.bias, p.alpha, p.beta),
        "dxy",
    ),
    (
        "SigmoidCrossEntropyWithLogitsGrad",
        sig(),
        lambda p: P.SigmoidCrossEntropyWithLogits(),
        "xcd",
    ),
    (
        "L2NormalizeGrad",
        sig(axis=0, epsilon=1e-4),
        lambda p: P.L2Normalize(p.axis, p.epsilon),
        "xyd",
    ),
    ("StridedSliceGrad", sig(**_MASKS, shrink_axis_mask=0), _strided_slice, "dsccc"),
    ("SliceGrad", sig(), _slice, "dxcc"),
]

_SELECTIONS = ("StridedSliceGrad", "SliceGrad")

TABLE = [
    (name, signature, vjp_call(build, order, name in _SELECTIONS))
    for name, signature, build, order in TABLE
]
