"""``mindspore.mint``: MindSpore's PyTorch-style namespace over msfunc's ops.

Functions take torch-style argument names (``input``, ``dim``, ``keepdim``,
``other``). Most are msfunc ops renamed by the table below (`msfunc/mint/_adapt.py`
does the renaming); those whose torch behaviour differs (``max(input, dim)`` returning
``(values, indices)``, ``std`` with Bessel's correction, ...) are in `_special`.
`SUPPORTED` and `UNSUPPORTED` list what mint names msfunc answers; asking for an
unsupported one raises `msfunc.errors.UnsupportedError`.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc import mint
    >>> mint.sum(jnp.ones((2, 3)), dim=1, keepdim=True).tolist()
    [[3.0], [3.0]]
"""

from .. import ops
from ..common.tensor import Tensor  # noqa: F401  (mint.Tensor)
from ..common.tensor_functions import tensor_namespace
from . import _extra, _special
from ._adapt import build_table
from ._coverage import coverage, module_getattr
from ._examples import EXAMPLES as _EXAMPLES

_UNARY = ("abs acos acosh arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh "
          "ceil cos cosh erf erfc erfinv exp exp2 expm1 floor frac imag inverse isfinite isinf "
          "isnan isneginf log log10 log1p log2 logical_not neg negative ravel real reciprocal "
          "rsqrt sigmoid sign sin sinc sinh sqrt square t tan tanh trace trunc").split()
_BINARY = ("arctan2 atan2 bitwise_and bitwise_or bitwise_xor eq float_power floor_divide fmod "
           "gcd ge greater greater_equal gt le less less_equal logaddexp logaddexp2 logical_and "
           "logical_or logical_xor lt matmul maximum minimum mul ne not_equal remainder xlogy "
           "dot").split()

TABLE = {
    **{name: (getattr(ops, name), "input") for name in _UNARY},
    **{name: (getattr(ops, name), "input, other") for name in _BINARY},
    "outer": (ops.outer, "input, vec2"),
    "div": (ops.div, "input, other, *, rounding_mode=None"),
    "divide": (ops.divide, "input, other, *, rounding_mode=None"),
    "pow": (ops.pow, "input, exponent"),
    "polar": (ops.polar, "abs, angle"),
    "lerp": (ops.lerp, "input, end, weight"),
    "isclose": (ops.isclose, "input, other, rtol=1e-05, atol=1e-08, equal_nan=False"),
    "addbmm": (ops.addbmm, "input, batch1, batch2, *, beta=1, alpha=1"),
    "addmm": (ops.addmm, "input, mat1, mat2, *, beta=1, alpha=1"),
    "addmv": (ops.addmv, "input, mat, vec, *, beta=1, alpha=1"),
    "baddbmm": (ops.baddbmm, "input, batch1, batch2, *, beta=1, alpha=1"),
    "addcdiv": (ops.addcdiv, "input, tensor1, tensor2, *, value=1"),
    "addcmul": (ops.addcmul, "input, tensor1, tensor2, *, value=1"),
    "bmm": (ops.bmm, "input, mat2"),
    "mv": (ops.mv, "input, vec"),
    "cdist": (ops.cdist, "x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'"),
    "cross": (ops.cross, "input, other, dim=None"),
    "all": (ops.all, "input, dim=None, keepdim=False"),
    "any": (ops.any, "input, dim=None, keepdim=False"),
    "amax": (ops.amax, "input, dim=None, keepdim=False"),
    "amin": (ops.amin, "input, dim=None, keepdim=False"),
    "argmax": (ops.argmax, "input, dim=None, keepdim=False"),
    "argmin": (ops.argmin, "input, dim=None, keepdim=False"),
    "argsort": (ops.argsort, "input, dim=-1, descending=False, stable=False"),
    "sum": (ops.sum, "input, dim=None, keepdim=False, *, dtype=None"),
    "prod": (ops.prod, "input, dim=None, keepdim=False, *, dtype=None"),
    "nansum": (ops.nansum, "input, dim=None, keepdim=False, *, dtype=None"),
    "logsumexp": (ops.logsumexp, "input, dim, keepdim=False"),
    "cumsum": (ops.cumsum, "input, dim, dtype=None"),
    "cumprod": (ops.cumprod, "input, dim, dtype=None"),
    "cummax": (ops.cummax, "input, dim"),
    "cummin": (ops.cummin, "input, dim"),
    "diff": (ops.diff, "input, n=1, dim=-1, prepend=None, append=None"),
    "cat": (ops.cat, "tensors, dim=0"),
    "concat": (ops.concat, "tensors, dim=0"),
    "stack": (ops.stack, "tensors, dim=0"),
    "hstack": (ops.hstack, "tensors"),
    "dstack": (ops.dstack, "tensors"),
    "chunk": (ops.chunk, "input, chunks, dim=0"),
    "split": (ops.split, "tensor, split_size_or_sections, dim=0"),
    "unbind": (ops.unbind, "input, dim=0"),
    "unsqueeze": (ops.unsqueeze, "input, dim"),
    "flip": (ops.flip, "input, dims"),
    "roll": (ops.roll, "input, shifts, dims=None"),
    "tile": (ops.tile, "input, dims"),
    "permute": (ops.permute, "input, dims"),
    "swapaxes": (ops.swapaxes, "input, axis0, axis1"),
    "broadcast_to": (ops.broadcast_to, "input, shape"),
    "reshape": (ops.reshape, "input, shape"),
    "narrow": (ops.narrow, "input, dim, start, length"),
    "index_select": (ops.index_select, "input, dim, index"),
    "gather": (ops.gather_elements, "input, dim, index"),
    "scatter": (ops.scatter, "input, dim, index, src"),
    "masked_select": (ops.masked_select, "input, mask"),
    "take": (ops.take, "input, index"),
    "where": (ops.where, "condition, input, other"),
    "nonzero": (ops.nonzero, "input, *, as_tuple=False"),
    "tril": (ops.tril, "input, diagonal=0"),
    "triu": (ops.triu, "input, diagonal=0"),
    "einsum": (ops.einsum, "equation, *operands"),
    "histc": (ops.histc, "input, bins=100, min=0, max=0"),
    "bincount": (ops.bincount, "input, weights=None, minlength=0"),
    "searchsorted": (ops.searchsorted, "sorted_sequence, values, *, out_int32=False, "
                                       "right=False, side=None, sorter=None"),
    "unique_consecutive": (ops.unique_consecutive, "input, return_inverse=False, "
                                                   "return_counts=False, dim=None"),
    "clamp": (ops.clamp, "input, min=None, max=None"),
    "clip": (ops.clip, "input, min=None, max=None"),
    "nan_to_num": (ops.nan_to_num, "input, nan=None, posinf=None, neginf=None"),
    "round": (ops.round, "input, *, decimals=0"),
    "arange": (ops.arange, "start=0, end=None, step=1, *, dtype=None"),
    "eye": (ops.eye, "n, m=None, dtype=None"),
    "full": (ops.full, "size, fill_value, *, dtype=None"),
    "full_like": (ops.full_like, "input, fill_value, *, dtype=None"),
    "ones": (ops.ones, "size, *, dtype=None"),
    "zeros": (ops.zeros, "size, *, dtype=None"),
    "ones_like": (ops.ones_like, "input, *, dtype=None"),
    "zeros_like": (ops.zeros_like, "input, *, dtype=None"),
    "softmax": (ops.softmax, "input, dim, *, dtype=None"),
    "bitwise_not": (ops.invert, "input"),
    "repeat_interleave": (ops.repeat_interleave, "input, repeats, dim=None, *, output_size=None"),
    "addr_": (ops.addr, "input, vec1, vec2, beta=1, alpha=1"),
    "cdist_": (ops.cdist, "x1, x2, p=2.0"),
    # MindSpore's kernel handles of functions above, under their own names
    "softmax_ext": (ops.softmax, "input, dim=-1, dtype=None"),
    "squeeze_impl": (ops.squeeze, "input, axis"),
    "npu_gelu": (ops.gelu, "input, approximate='none'"),
}

_FROM_TABLE = build_table(globals(), TABLE, __name__, _EXAMPLES)
for _module in (_special, _extra):
    for _name in _module.__all__ + getattr(_module, "DECORATORS", []):
        globals()[_name] = getattr(_module, _name)
flatten_ext, equal_ext_op = _special.flatten, _special.equal  # MindSpore's kernel handles
# Tensors in, Tensors out, with MindSpore's promotion.
tensor_namespace(globals(), [*_FROM_TABLE, *_special.__all__, *_extra.__all__,
                             "flatten_ext", "equal_ext_op"], promotion=True)

from . import nn, optim  # noqa: E402  (after the functions they build on)

conv2d = nn.functional.conv2d
SUPPORTED = sorted({"Tensor", *_FROM_TABLE, *_special.__all__, *_extra.__all__,
                    *_extra.DECORATORS, "flatten_ext", "equal_ext_op", "conv2d"})
# mint names of MindSpore 2.10 that msfunc does not answer (yet), with the reason.
UNSUPPORTED = {
    "batch_norm_elemt": "a SyncBatchNorm building block for multi-device Ascend runs",
    "batch_norm_gather_stats_with_counts": "a SyncBatchNorm building block for multi-device "
                                           "Ascend runs",
    "batch_norm_stats": "a SyncBatchNorm building block for multi-device Ascend runs",
    "bernoulli": "mint's generator= argument has no msfunc twin; use ops.bernoulli",
    "multinomial": "mint's generator= argument has no msfunc twin; use ops.multinomial",
    "normal": "mint's generator= argument has no msfunc twin; use ops.normal",
    "rand": "mint's generator= argument has no msfunc twin; use ops.rand",
    "rand_like": "not yet; use ops.rand_like",
    "randint": "not yet; use ops.randint",
    "randint_like": "not yet; use ops.randint_like",
    "randn": "not yet; use ops.randn",
    "randn_like": "not yet; use ops.randn_like",
    "randperm": "not yet; use ops.randperm",
    "select_": "not yet",
}

__all__ = SUPPORTED + ["coverage", "nn", "optim"]
__getattr__ = module_getattr("mindspore.mint", __name__, UNSUPPORTED)
