"""``mindspore.mint``: MindSpore's PyTorch-style namespace over msfunc's ops.

Functions take torch-style argument names (``input``, ``dim``, ``keepdim``,
``other``). Most are msfunc ops renamed, one line each below (`msfunc/mint/_adapt.py`
does the renaming); those whose torch behaviour differs (``max(input, dim)`` returning
``(values, indices)``, ``std`` with Bessel's correction, ...) are in `_torch_semantics` and
`_torch_reductions`.
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
from ..common.tensor_functions import in_place_function, tensor_namespace
from ..ops.registry import user_signature
from . import _composed, _torch_reductions, _torch_semantics
from ._adapt import INPUT, INPUT_OTHER, SATISFIED, TorchStyle
from ._coverage import coverage, module_getattr
from ._docs_elementwise import DOCS as _ELEMENTWISE_DOCS
from ._docs_tensor import DOCS as _TENSOR_DOCS
from ._examples import EXAMPLES as _EXAMPLES

# One line per function: its mint name, the msfunc op it calls and its torch-style signature.
_MINT = TorchStyle(__name__, _EXAMPLES, {**_ELEMENTWISE_DOCS, **_TENSOR_DOCS})
abs = _MINT("abs", ops.abs, INPUT)
acos = _MINT("acos", ops.acos, INPUT)
acosh = _MINT("acosh", ops.acosh, INPUT)
arccos = _MINT("arccos", ops.arccos, INPUT)
arccosh = _MINT("arccosh", ops.arccosh, INPUT)
arcsin = _MINT("arcsin", ops.arcsin, lambda x: None)
arcsinh = _MINT("arcsinh", ops.arcsinh, INPUT)
arctan = _MINT("arctan", ops.arctan, INPUT)
arctanh = _MINT("arctanh", ops.arctanh, INPUT)
asin = _MINT("asin", ops.asin, INPUT)
asinh = _MINT("asinh", ops.asinh, INPUT)
atan = _MINT("atan", ops.atan, INPUT)
atanh = _MINT("atanh", ops.atanh, INPUT)
ceil = _MINT("ceil", ops.ceil, INPUT)
cos = _MINT("cos", ops.cos, INPUT)
cosh = _MINT("cosh", ops.cosh, INPUT)
erf = _MINT("erf", ops.erf, INPUT)
erfc = _MINT("erfc", ops.erfc, INPUT)
erfinv = _MINT("erfinv", ops.erfinv, INPUT)
exp = _MINT("exp", ops.exp, INPUT)
exp2 = _MINT("exp2", ops.exp2, INPUT)
expm1 = _MINT("expm1", ops.expm1, INPUT)
floor = _MINT("floor", ops.floor, INPUT)
frac = _MINT("frac", ops.frac, INPUT)
imag = _MINT("imag", ops.imag, INPUT)
inverse = _MINT("inverse", ops.inverse, INPUT)
isfinite = _MINT("isfinite", ops.isfinite, INPUT)
isinf = _MINT("isinf", ops.isinf, INPUT)
isnan = _MINT("isnan", ops.isnan, lambda tensor: None)
isneginf = _MINT("isneginf", ops.isneginf, INPUT)
log = _MINT("log", ops.log, INPUT)
log10 = _MINT("log10", ops.log10, INPUT)
log1p = _MINT("log1p", ops.log1p, INPUT)
log2 = _MINT("log2", ops.log2, INPUT)
logical_not = _MINT("logical_not", ops.logical_not, INPUT)
neg = _MINT("neg", ops.neg, INPUT)
negative = _MINT("negative", ops.negative, INPUT)
ravel = _MINT("ravel", ops.ravel, INPUT)
real = _MINT("real", ops.real, INPUT)
reciprocal = _MINT("reciprocal", ops.reciprocal, INPUT)
rsqrt = _MINT("rsqrt", ops.rsqrt, INPUT)
sigmoid = _MINT("sigmoid", ops.sigmoid, INPUT)
sign = _MINT("sign", ops.sign, INPUT)
sin = _MINT("sin", ops.sin, INPUT)
sinc = _MINT("sinc", ops.sinc, INPUT)
sinh = _MINT("sinh", ops.sinh, INPUT)
sqrt = _MINT("sqrt", ops.sqrt, INPUT)
square = _MINT("square", ops.square, INPUT)
t = _MINT("t", ops.t, INPUT)
tan = _MINT("tan", ops.tan, INPUT)
tanh = _MINT("tanh", ops.tanh, INPUT)
trace = _MINT("trace", ops.trace, INPUT)
trunc = _MINT("trunc", ops.trunc, INPUT)
arctan2 = _MINT("arctan2", ops.arctan2, INPUT_OTHER)
atan2 = _MINT("atan2", ops.atan2, INPUT_OTHER)
bitwise_and = _MINT("bitwise_and", ops.bitwise_and, INPUT_OTHER)
bitwise_or = _MINT("bitwise_or", ops.bitwise_or, INPUT_OTHER)
bitwise_xor = _MINT("bitwise_xor", ops.bitwise_xor, INPUT_OTHER)
eq = _MINT("eq", ops.eq, INPUT_OTHER)
float_power = _MINT("float_power", ops.float_power, lambda input, exponent: None)
floor_divide = _MINT("floor_divide", ops.floor_divide, INPUT_OTHER)
fmod = _MINT("fmod", ops.fmod, INPUT_OTHER)
gcd = _MINT("gcd", ops.gcd, INPUT_OTHER)
ge = _MINT("ge", ops.ge, INPUT_OTHER)
greater = _MINT("greater", ops.greater, INPUT_OTHER)
greater_equal = _MINT("greater_equal", ops.greater_equal, INPUT_OTHER)
gt = _MINT("gt", ops.gt, INPUT_OTHER)
le = _MINT("le", ops.le, INPUT_OTHER)
less = _MINT("less", ops.less, INPUT_OTHER)
less_equal = _MINT("less_equal", ops.less_equal, INPUT_OTHER)
logaddexp = _MINT("logaddexp", ops.logaddexp, INPUT_OTHER)
logaddexp2 = _MINT("logaddexp2", ops.logaddexp2, INPUT_OTHER)
logical_and = _MINT("logical_and", ops.logical_and, INPUT_OTHER)
logical_or = _MINT("logical_or", ops.logical_or, INPUT_OTHER)
logical_xor = _MINT("logical_xor", ops.logical_xor, INPUT_OTHER)
lt = _MINT("lt", ops.lt, INPUT_OTHER)
matmul = _MINT("matmul", ops.matmul, INPUT_OTHER)
maximum = _MINT("maximum", ops.maximum, INPUT_OTHER)
minimum = _MINT("minimum", ops.minimum, INPUT_OTHER)
mul = _MINT("mul", ops.mul, INPUT_OTHER)
ne = _MINT("ne", ops.ne, INPUT_OTHER)
not_equal = _MINT("not_equal", ops.not_equal, INPUT_OTHER)
remainder = _MINT("remainder", ops.remainder, INPUT_OTHER)
xlogy = _MINT("xlogy", ops.xlogy, INPUT_OTHER)
dot = _MINT("dot", ops.dot, INPUT_OTHER)
outer = _MINT("outer", ops.outer, lambda input, vec2: None)
div = _MINT("div", ops.div, lambda input, other, *, rounding_mode=None: None)
divide = _MINT("divide", ops.divide, lambda input, other, *, rounding_mode=None: None)
pow = _MINT("pow", ops.pow, lambda input, exponent: None)
polar = _MINT("polar", ops.polar, lambda abs, angle: None)
lerp = _MINT("lerp", ops.lerp, lambda input, end, weight: None)
isclose = _MINT(
    "isclose", ops.isclose, lambda input, other, rtol=1e-05, atol=1e-08, equal_nan=False: None
)
addbmm = _MINT("addbmm", ops.addbmm, lambda input, batch1, batch2, *, beta=1, alpha=1: None)
addmm = _MINT("addmm", ops.addmm, lambda input, mat1, mat2, *, beta=1, alpha=1: None)
addmv = _MINT("addmv", ops.addmv, lambda input, mat, vec, *, beta=1, alpha=1: None)
baddbmm = _MINT("baddbmm", ops.baddbmm, lambda input, batch1, batch2, *, beta=1, alpha=1: None)
addcdiv = _MINT("addcdiv", ops.addcdiv, lambda input, tensor1, tensor2, *, value=1: None)
addcmul = _MINT("addcmul", ops.addcmul, lambda input, tensor1, tensor2, *, value=1: None)
mv = _MINT("mv", ops.mv, lambda input, vec: None)
cdist = _MINT(
    "cdist",
    ops.cdist,
    lambda x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary": None,
)
cross = _MINT("cross", ops.cross, lambda input, other, dim=None: None)
all = _MINT("all", ops.all, lambda input, dim=None, keepdim=False: None)
any = _MINT("any", ops.any, lambda input, dim=None, keepdim=False: None)
amax = _MINT("amax", ops.amax, lambda input, dim=None, keepdim=False: None)
amin = _MINT("amin", ops.amin, lambda input, dim=None, keepdim=False: None)
argmax = _MINT("argmax", ops.argmax, lambda input, dim=None, keepdim=False: None)
argmin = _MINT("argmin", ops.argmin, lambda input, dim=None, keepdim=False: None)
argsort = _MINT(
    "argsort",
    ops.argsort,
    lambda input, dim=-1, descending=False, stable=False: None,
    renames={"stable": SATISFIED},
)  # msfunc's argsort is always stable
sum = _MINT("sum", ops.sum, lambda input, dim=None, keepdim=False, *, dtype=None: None)
prod = _MINT("prod", ops.prod, lambda input, dim=None, keepdim=False, *, dtype=None: None)
nansum = _MINT("nansum", ops.nansum, lambda input, dim=None, keepdim=False, *, dtype=None: None)
logsumexp = _MINT("logsumexp", ops.logsumexp, lambda input, dim, keepdim=False: None)
cumsum = _MINT("cumsum", ops.cumsum, lambda input, dim, dtype=None: None)
cumprod = _MINT("cumprod", ops.cumprod, lambda input, dim, dtype=None: None)
cummax = _MINT("cummax", ops.cummax, lambda input, dim: None)
cummin = _MINT("cummin", ops.cummin, lambda input, dim: None)
diff = _MINT("diff", ops.diff, lambda input, n=1, dim=-1, prepend=None, append=None: None)
cat = _MINT("cat", ops.cat, lambda tensors, dim=0: None)
concat = _MINT("concat", ops.concat, lambda tensors, dim=0: None)
stack = _MINT("stack", ops.stack, lambda tensors, dim=0: None)
hstack = _MINT("hstack", ops.hstack, lambda tensors: None)
dstack = _MINT("dstack", ops.dstack, lambda tensors: None)
chunk = _MINT("chunk", ops.chunk, lambda input, chunks, dim=0: None)
split = _MINT("split", ops.split, lambda tensor, split_size_or_sections, dim=0: None)
unbind = _MINT("unbind", ops.unbind, lambda input, dim=0: None)
unsqueeze = _MINT("unsqueeze", ops.unsqueeze, lambda input, dim: None)
flip = _MINT("flip", ops.flip, lambda input, dims: None)
roll = _MINT("roll", ops.roll, lambda input, shifts, dims=None: None)
tile = _MINT("tile", ops.tile, lambda input, dims: None)
permute = _MINT("permute", ops.permute, lambda input, dims: None)
swapaxes = _MINT("swapaxes", ops.swapaxes, lambda input, axis0, axis1: None)
broadcast_to = _MINT("broadcast_to", ops.broadcast_to, lambda input, shape: None)
reshape = _MINT("reshape", ops.reshape, lambda input, shape: None)
narrow = _MINT("narrow", ops.narrow, lambda input, dim, start, length: None)
index_select = _MINT("index_select", ops.index_select, lambda input, dim, index: None)
gather = _MINT("gather", ops.gather_elements, lambda input, dim, index: None)
scatter = _MINT("scatter", ops.scatter, lambda input, dim, index, src: None)
masked_select = _MINT("masked_select", ops.masked_select, lambda input, mask: None)
take = _MINT("take", ops.take, lambda input, index: None)
where = _MINT("where", ops.where, lambda condition, input, other: None)
nonzero = _MINT("nonzero", ops.nonzero, lambda input, *, as_tuple=False: None)
tril = _MINT("tril", ops.tril, lambda input, diagonal=0: None)
triu = _MINT("triu", ops.triu, lambda input, diagonal=0: None)
einsum = _MINT("einsum", ops.einsum, lambda equation, *operands: None)
histc = _MINT("histc", ops.histc, lambda input, bins=100, min=0, max=0: None)
bincount = _MINT("bincount", ops.bincount, lambda input, weights=None, minlength=0: None)
searchsorted = _MINT(
    "searchsorted",
    ops.searchsorted,
    lambda sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None: None,
)
unique_consecutive = _MINT(
    "unique_consecutive",
    ops.unique_consecutive,
    lambda input, return_inverse=False, return_counts=False, dim=None: None,
)
clamp = _MINT("clamp", ops.clamp, lambda input, min=None, max=None: None)
clip = _MINT("clip", ops.clip, lambda input, min=None, max=None: None)
nan_to_num = _MINT(
    "nan_to_num", ops.nan_to_num, lambda input, nan=None, posinf=None, neginf=None: None
)
round = _MINT("round", ops.round, lambda input, *, decimals=0: None)
arange = _MINT("arange", ops.arange, lambda start=0, end=None, step=1, *, dtype=None: None)
eye = _MINT("eye", ops.eye, lambda n, m=None, dtype=None: None)
full = _MINT("full", ops.full, lambda size, fill_value, *, dtype=None: None)
full_like = _MINT("full_like", ops.full_like, lambda input, fill_value, *, dtype=None: None)
ones = _MINT("ones", ops.ones, lambda size, *, dtype=None: None, renames={"size": "shape"})
zeros = _MINT("zeros", ops.zeros, lambda size, *, dtype=None: None)
ones_like = _MINT("ones_like", ops.ones_like, lambda input, *, dtype=None: None)
zeros_like = _MINT("zeros_like", ops.zeros_like, lambda input, *, dtype=None: None)
softmax = _MINT("softmax", ops.softmax, lambda input, dim, *, dtype=None: None)
bitwise_not = _MINT("bitwise_not", ops.invert, lambda input: None)
repeat_interleave = _MINT(
    "repeat_interleave",
    ops.repeat_interleave,
    lambda input, repeats, dim=None, *, output_size=None: None,
)
# (addr_ writes into `input`, as MindSpore's inplace_addr; cdist_ is plain cdist there too)
addr_ = in_place_function(_MINT("addr_", ops.addr, lambda input, vec1, vec2, beta=1, alpha=1: None))
cdist_ = _MINT("cdist_", ops.cdist, lambda x1, x2, p=2.0: None)
# MindSpore's kernel handles of functions above, under their own names
softmax_ext = _MINT("softmax_ext", ops.softmax, lambda input, dim=-1, dtype=None: None)
squeeze_impl = _MINT("squeeze_impl", ops.squeeze, lambda input, axis: None)
npu_gelu = _MINT("npu_gelu", ops.gelu, lambda input, approximate="none": None)

_FROM_TABLE = _MINT.names
_WRITTEN = [*_torch_semantics.__all__, *_torch_reductions.__all__, *_composed.__all__]
for _module in (_torch_semantics, _torch_reductions, _composed):
    for _name in _module.__all__ + getattr(_module, "DECORATORS", []):
        globals()[_name] = getattr(_module, _name)
# MindSpore's kernel handles
flatten_ext, equal_ext_op = _torch_semantics.flatten, _torch_reductions.equal_tensor
# Tensors in, Tensors out, with MindSpore's promotion.
_HANDLES = ["flatten_ext", "equal_ext_op"]
tensor_namespace(globals(), [*_FROM_TABLE, *_WRITTEN, *_HANDLES], promotion=True)
for _name in [*_WRITTEN, *_HANDLES]:  # signatures as a user sees them: Tensor for array types
    _written = globals()[_name].__wrapped__  # (what introspection and the reference read)
    _written.__signature__ = user_signature(_written)

from . import nn, optim  # noqa: E402  (after the functions they build on)

conv2d = nn.functional.conv2d
SUPPORTED = sorted(
    {
        "Tensor",
        *_FROM_TABLE,
        *_WRITTEN,
        *_composed.DECORATORS,
        *_HANDLES,
        "conv2d",
    }
)
# mint names of MindSpore 2.10 that msfunc does not answer (yet), with the reason.
UNSUPPORTED = {
    "batch_norm_elemt": "a SyncBatchNorm building block for multi-device runs (no CPU kernel "
    "in MindSpore 2.10)",
    "batch_norm_gather_stats_with_counts": "a SyncBatchNorm building block for multi-device "
    "runs (no CPU kernel in MindSpore 2.10)",
    "batch_norm_stats": "a SyncBatchNorm building block for multi-device runs (no CPU kernel "
    "in MindSpore 2.10)",
    "bernoulli": "mint's generator= draws (no CPU kernel in MindSpore 2.10); use ops.bernoulli",
    "multinomial": "mint's generator= draws (no CPU kernel in MindSpore 2.10); use ops.multinomial",
    "normal": "mint's generator= draws (no CPU kernel in MindSpore 2.10); use ops.normal",
    "rand": "mint's generator= draws (no CPU kernel in MindSpore 2.10); use ops.rand",
    "rand_like": "mint's in-place uniform draw (no CPU kernel in MindSpore 2.10); use "
    "ops.rand_like",
    "randint": "mint's in-place random draw (no CPU kernel in MindSpore 2.10); use ops.randint",
    "randint_like": "mint's in-place random draw (no CPU kernel in MindSpore 2.10); use "
    "ops.randint_like",
    "randn": "mint's in-place normal draw (no CPU kernel in MindSpore 2.10); use ops.randn",
    "randn_like": "mint's in-place normal draw (no CPU kernel in MindSpore 2.10); use "
    "ops.randn_like",
    "randperm": "mint's generator= draws (no CPU kernel in MindSpore 2.10); use ops.randperm",
    "select_": "not yet",
}

__all__ = SUPPORTED + ["coverage", "nn", "optim"]
__getattr__ = module_getattr("mindspore.mint", __name__, UNSUPPORTED)
