"""``mindspore.ops.auto_generate``: the generated primitive classes MindSpore code imports by path.

MindSpore generates its newer primitives (``SumExt``, ``AddExt`` ...) from op
definitions into ``ops.auto_generate.gen_ops_prim``; ``mint`` calls them. Here each is a
Primitive over the msfunc.mint function of the same meaning, with MindSpore's call
signature; ``Ones``/``Zeros`` are msfunc.ops's classes, and the gradient primitives
generated there are those of `msfunc.compat.grad_ops` (``TraceV2Grad``, with its instance
``tracev2_grad_op``, and ``SoftmaxBackward`` are here); ``SequenceConcat`` joins a tuple of
Tensors. The names MindSpore generates there and re-exports from
``mindspore.ops`` (``AvgPool``, ``acos`` ..., listed in ``auto_generate_shared.json``) are
msfunc.ops' objects of those names, and ``less`` is ``ops.less``.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.auto_generate import SumExt, AddExt
    >>> float(SumExt()(jnp.ones((2, 3)), 1, False, None).sum())
    6.0
    >>> AddExt()(jnp.ones(2), jnp.ones(2), 3).tolist()
    [4.0, 4.0]
"""

import importlib
import json
import pathlib

import jax
import jax.numpy as jnp

from .. import mint
from .. import ops as _ops
from ..ops import Ones, Zeros
from ..ops.func_array import _concrete
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from . import grad_ops as _grad_ops
from .grad_ops import (
    AvgPoolGrad,
    BatchNormGrad,
    BiasAddGrad,
    MaxPoolGrad,
    ReluGrad,
    ResizeBilinearGrad,
)

# (made by grad_ops' table: no static name to import)
EluGrad = vars(_grad_ops)["EluGrad"]
TanhGrad = vars(_grad_ops)["TanhGrad"]

__all__ = [
    "AvgPoolGrad",
    "BatchNormGrad",
    "BiasAddGrad",
    "EluGrad",
    "TanhGrad",
    "MaxPoolGrad",
    "Ones",
    "ReluGrad",
    "ResizeBilinearGrad",
    "Zeros",
]


def _cdist_grad(p, grad, input_x, input_y, cdist):
    """d(sum grad * cdist)/d input_x, with the p-norm distances `cdist` given (not recomputed)."""
    diff = input_x[..., :, None, :] - input_y[..., None, :, :]  # (..., P, R, M)
    dist = cdist[..., None]
    if p.p == 0.0:
        return jnp.zeros_like(input_x)
    if p.p == float("inf"):
        # the largest coordinate difference carries the whole derivative
        part = jnp.sign(diff) * (jnp.abs(diff) == dist)
    else:
        part = jnp.sign(diff) * jnp.abs(diff) ** (p.p - 1) / dist ** (p.p - 1)
    part = jnp.where(dist == 0, 0.0, part)
    return jnp.sum(grad[..., None] * part, axis=-2).astype(input_x.dtype)


CdistGrad = build_primitive("CdistGrad", sig(p=2.0), _cdist_grad, module=__name__)
__all__.append("CdistGrad")


def _group_norm(p, input, num_groups, weight=None, bias=None, eps=1e-5):
    """Group normalisation and the per-(sample, group) mean and reciprocal standard deviation
    MindSpore's generated GroupNorm also returns (shape ``(N, num_groups)``)."""
    num_groups, eps = int(num_groups), float(eps)  # (graph-variable sizes arrive as 0-d)
    n, c = input.shape[:2]
    grouped = input.reshape(n, num_groups, -1)
    mean = jnp.mean(grouped, axis=-1)
    rstd = jax.lax.rsqrt(jnp.var(grouped, axis=-1) + eps)
    out = ((grouped - mean[..., None]) * rstd[..., None]).reshape(input.shape)
    affine = (c,) + (1,) * (input.ndim - 2)
    if weight is not None:
        out = out * jnp.reshape(weight, affine)
    if bias is not None:
        out = out + jnp.reshape(bias, affine)
    return out, mean, rstd


GroupNorm = build_primitive("GroupNorm", sig(), _group_norm, module=__name__)
__all__.append("GroupNorm")


def _trace_v2_grad(p, dout, shape, offset=0, axis1=1, axis2=0):
    """The gradient of a trace: `dout` (one value per matrix) on the `offset` diagonal of the
    (`axis1`, `axis2`) planes of a zero Tensor of `shape` (a Tensor: the input's shape)."""
    shape = tuple(int(n) for n in _concrete(shape, "TraceV2Grad"))
    axis1, axis2 = axis1 % len(shape), axis2 % len(shape)
    plane = jnp.eye(shape[axis1], shape[axis2], k=int(offset), dtype=dout.dtype)
    out = jnp.asarray(dout)[..., None, None] * plane  # (batch..., axis1, axis2)
    return jnp.moveaxis(out, (-2, -1), (axis1, axis2))


TraceV2Grad = build_primitive("TraceV2Grad", sig(), _trace_v2_grad, module=__name__)
tracev2_grad_op = TraceV2Grad()  # (MindSpore's generated instance, called as a function)
less = _ops.less  # (the generated functional form of Less, with ops.less's rules)
__all__ += ["TraceV2Grad", "less", "tracev2_grad_op"]

# (name, call with MindSpore's inputs in order); the classes take no constructor arguments.
_TABLE = [
    (
        "SumExt",
        lambda p, input, dim=None, keepdim=False, dtype=None: mint.sum(
            input, dim, keepdim, dtype=dtype
        ),
    ),
    ("OnesLikeExt", lambda p, input, dtype=None: mint.ones_like(input, dtype=dtype)),
    ("ZerosLikeExt", lambda p, input, dtype=None: mint.zeros_like(input, dtype=dtype)),
    ("AddExt", lambda p, input, other, alpha=1: mint.add(input, other, alpha=alpha)),
    ("SubExt", lambda p, input, other, alpha=1: mint.sub(input, other, alpha=alpha)),
    ("SoftmaxBackward", lambda p, dout, out, dim=-1: _softmax_backward(dout, out, dim)),
]


def _softmax_backward(dout, out, dim):
    """The input gradient of softmax from its output `out` and output gradient `dout`."""
    dout, out = jnp.asarray(dout), jnp.asarray(out)
    return (dout - jnp.sum(dout * out, axis=int(dim), keepdims=True)) * out


def _sequence_concat(p, seq):
    if not isinstance(seq, (tuple, list)):
        raise TypeError(f"SequenceConcat: the input must be a tuple or list, got {type(seq)}")
    return _ops.concat(tuple(seq), p.axis)


# (a tuple of Tensors joined along `axis`: Concat taking its sequence as one input)
SequenceConcat = build_primitive("SequenceConcat", sig(axis=0), _sequence_concat, module=__name__)
__all__.append("SequenceConcat")

for _name, _call in _TABLE:
    globals()[_name] = build_primitive(_name, sig(), _call, module=__name__)
    __all__.append(_name)
__all__.sort()

# names MindSpore 2.10's auto_generate shares with ops / ops.operations (the same objects)
_SHARED = json.loads(pathlib.Path(__file__).with_name("auto_generate_shared.json").read_text())
_FROM_OPS, _FROM_OPERATIONS = frozenset(_SHARED["ops"]), frozenset(_SHARED["operations"])


def __getattr__(name):
    if name in _FROM_OPS:
        return getattr(_ops, name)
    if name in _FROM_OPERATIONS:
        return getattr(importlib.import_module("..ops.operations", __package__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
