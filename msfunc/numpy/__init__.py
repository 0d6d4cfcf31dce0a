"""``msfunc.numpy``: every name of ``mindspore.numpy`` (2.10), on jax.numpy.

Every function takes Tensors (``jax.Array``), Parameters, numpy arrays, lists or
Python numbers wherever an array goes, and works under ``jax.jit``/``jax.grad``/
``jax.vmap`` (and msfunc's transforms), except the few whose output size depends on
the data (``unique``, ``intersect1d``, ``setdiff1d``, ``argwhere``, one-argument
``where``, ``bincount`` without ``length``): those need concrete inputs.

Signatures and defaults follow MindSpore. Dtype names (``float32``, ``int_``...) are
numpy dtypes. With JAX's default 32-bit mode, int64/float64 requests give
int32/float32.

Conventions, decided against MindSpore 2.10's own behaviour:

Kept from MindSpore (deliberate conventions):
  * creation functions default to float32 (``ones``, ``zeros``, ``empty``, ``eye``,
    ``identity``, ``tri``, ``linspace``, ``logspace``, ``geomspace``, ``rand``...);
    ``arange`` of Python ints is int32 (also with x64 on); ``indices`` is int32.
  * ``take`` and ``choose`` default to ``mode='clip'``; ``ravel_multi_index`` too.
  * ``isscalar`` of a 0-d array is False (numpy's answer; ``jnp.isscalar`` says True).
  * ``fix`` of integers returns float32.
  * the ``dtype=`` argument of element-wise functions casts the result.
  * ``unique`` flattens its input (its inverse indices are 1-D).

Following NumPy where MindSpore is buggy or lossy:
  * ``mean``/``average`` of int arrays return float32 (MindSpore returns the int
    dtype, truncating: ``mean([1, 2])`` is 1 there, 1.5 here).
  * ``unique`` returns sorted values (MindSpore 2.10 returns first-seen order).
  * ``histogram*`` counts are int32 without weights/density (MindSpore: float32);
    ``bincount`` counts are int (MindSpore: float32).
  * ``ravel_multi_index`` returns ints (MindSpore: float32).
  * element-wise functions follow jax.numpy's type promotion: ``exp``, ``log``,
    ``expm1``, ``logaddexp`` and ``divide`` accept ints (MindSpore raises on
    int32), ``exp2``/``reciprocal`` of ints give floats (MindSpore: truncated ints),
    ``sign`` of ints stays int (MindSpore: float32), ``polyval`` of ints stays int.
  * ``indices`` returns one stacked array (MindSpore: a tuple of arrays).
  * ``piecewise`` with constant values keeps the dtype of ``x`` (MindSpore: int32).
  * ``asarray`` of a numpy array and ``float_power(x, 2)`` with a Python int work
    (both fail in MindSpore); ``where(condition)`` with one argument works eagerly.
  * ``result_type``/``promote_types`` return numpy dtypes.

Sub-modules: ``msfunc.numpy.linalg`` and ``msfunc.numpy.fft`` forward jax.numpy's.
"""

from . import fft, linalg
from .calculus import (
    diff,
    ediff1d,
    gradient,
    interp,
    trapz,
    unwrap,
)
from .creation import (
    arange,
    array,
    asarray,
    asfarray,
    bartlett,
    blackman,
    diag,
    diag_indices,
    diagflat,
    empty,
    empty_like,
    eye,
    full,
    full_like,
    geomspace,
    hamming,
    hanning,
    identity,
    indices,
    ix_,
    linspace,
    logspace,
    meshgrid,
    mgrid,
    ogrid,
    ones,
    ones_like,
    tri,
    tril,
    tril_indices,
    tril_indices_from,
    triu,
    triu_indices,
    triu_indices_from,
    vander,
    zeros,
    zeros_like,
)
from .dtypes import (
    bool_,
    float16,
    float32,
    float64,
    float_,
    int8,
    int16,
    int32,
    int64,
    int_,
    promote_types,
    result_type,
    uint8,
    uint16,
    uint32,
    uint64,
)
from .histogram import (
    histogram,
    histogram2d,
    histogram_bin_edges,
    histogramdd,
)
from .indexing import (
    apply_along_axis,
    apply_over_axes,
    argwhere,
    array_str,
    choose,
    piecewise,
    ravel_multi_index,
    select,
    size,
    take,
    take_along_axis,
    unravel_index,
    where,
)
from .logic import (
    array_equal,
    array_equiv,
    fix,
    isclose,
    isneginf,
    isposinf,
    isscalar,
)
from .manipulation import (
    append,
    array_split,
    atleast_1d,
    atleast_2d,
    atleast_3d,
    broadcast_arrays,
    broadcast_to,
    column_stack,
    concatenate,
    dsplit,
    dstack,
    expand_dims,
    flip,
    fliplr,
    flipud,
    hsplit,
    hstack,
    moveaxis,
    pad,
    ravel,
    repeat,
    reshape,
    roll,
    rollaxis,
    rot90,
    split,
    squeeze,
    stack,
    swapaxes,
    tile,
    transpose,
    vsplit,
    vstack,
)
from .poly import (
    polyadd,
    polyder,
    polyint,
    polymul,
    polysub,
    polyval,
)
from .products import (
    convolve,
    corrcoef,
    correlate,
    cov,
    cross,
    dot,
    inner,
    kron,
    multi_dot,
    outer,
    tensordot,
)
from .reductions import (
    amax,
    amin,
    argmax,
    argmin,
    average,
    count_nonzero,
    cumprod,
    cumsum,
    diagonal,
    max,
    mean,
    min,
    nancumsum,
    nanmax,
    nanmean,
    nanmin,
    nanstd,
    nansum,
    nanvar,
    norm,
    ptp,
    sometrue,
    std,
    sum,
    trace,
    var,
)
from .sampling import (
    rand,
    randint,
    randn,
)
from .sets import (
    bincount,
    digitize,
    in1d,
    intersect1d,
    isin,
    searchsorted,
    setdiff1d,
    unique,
)
from .ufuncs import (
    abs,
    absolute,
    add,
    arccos,
    arccosh,
    arcsin,
    arcsinh,
    arctan,
    arctan2,
    arctanh,
    bitwise_and,
    bitwise_not,
    bitwise_or,
    bitwise_xor,
    cbrt,
    ceil,
    clip,
    copysign,
    cos,
    cosh,
    deg2rad,
    divide,
    divmod,
    equal,
    exp,
    exp2,
    expm1,
    fabs,
    float_power,
    floor,
    floor_divide,
    fmod,
    gcd,
    greater,
    greater_equal,
    heaviside,
    hypot,
    invert,
    isfinite,
    isinf,
    isnan,
    lcm,
    less,
    less_equal,
    log,
    log1p,
    log2,
    log10,
    logaddexp,
    logaddexp2,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    matmul,
    maximum,
    minimum,
    mod,
    multiply,
    negative,
    not_equal,
    positive,
    power,
    rad2deg,
    radians,
    reciprocal,
    remainder,
    rint,
    sign,
    signbit,
    sin,
    sinh,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    true_divide,
    trunc,
)

__all__ = [
    "abs", "absolute", "add", "amax", "amin", "append", "apply_along_axis", "apply_over_axes",
    "arange", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "argmax",
    "argmin", "argwhere", "array", "array_equal", "array_equiv", "array_split", "array_str",
    "asarray", "asfarray", "atleast_1d", "atleast_2d", "atleast_3d", "average", "bartlett",
    "bincount", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "blackman", "bool_",
    "broadcast_arrays", "broadcast_to", "cbrt", "ceil", "choose", "clip", "column_stack",
    "concatenate", "convolve", "copysign", "corrcoef", "correlate", "cos", "cosh",
    "count_nonzero", "cov", "cross", "cumprod", "cumsum", "deg2rad", "diag", "diag_indices",
    "diagflat", "diagonal", "diff", "digitize", "divide", "divmod", "dot", "dsplit", "dstack",
    "ediff1d", "empty", "empty_like", "equal", "exp", "exp2", "expand_dims", "expm1", "eye",
    "fabs", "fix", "flip", "fliplr", "flipud", "float16", "float32", "float64", "float_",
    "float_power", "floor", "floor_divide", "fmod", "full", "full_like", "gcd", "geomspace",
    "gradient", "greater", "greater_equal", "hamming", "hanning", "heaviside", "histogram",
    "histogram2d", "histogram_bin_edges", "histogramdd", "hsplit", "hstack", "hypot",
    "identity", "in1d", "indices", "inner", "int16", "int32", "int64", "int8", "int_", "interp",
    "intersect1d", "invert", "isclose", "isfinite", "isin", "isinf", "isnan", "isneginf",
    "isposinf", "isscalar", "ix_", "kron", "lcm", "less", "less_equal", "linspace", "log",
    "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not",
    "logical_or", "logical_xor", "logspace", "matmul", "max", "maximum", "mean", "meshgrid",
    "mgrid", "min", "minimum", "mod", "moveaxis", "multi_dot", "multiply", "nancumsum", "nanmax",
    "nanmean", "nanmin", "nanstd", "nansum", "nanvar", "negative", "norm", "not_equal", "ogrid",
    "ones", "ones_like", "outer", "pad", "piecewise", "polyadd", "polyder", "polyint",
    "polymul", "polysub", "polyval", "positive", "power", "promote_types", "ptp", "rad2deg",
    "radians", "rand", "randint", "randn", "ravel", "ravel_multi_index", "reciprocal",
    "remainder", "repeat", "reshape", "result_type", "rint", "roll", "rollaxis", "rot90",
    "searchsorted", "select", "setdiff1d", "sign", "signbit", "sin", "sinh", "size", "sometrue",
    "split", "sqrt", "square", "squeeze", "stack", "std", "subtract", "sum", "swapaxes", "take",
    "take_along_axis", "tan", "tanh", "tensordot", "tile", "trace", "transpose", "trapz", "tri",
    "tril", "tril_indices", "tril_indices_from", "triu", "triu_indices", "triu_indices_from",
    "true_divide", "trunc", "uint16", "uint32", "uint64", "uint8", "unique", "unravel_index",
    "unwrap", "vander", "var", "vsplit", "vstack", "where", "zeros", "zeros_like",
]

# Attributes mindspore.numpy has outside its __all__ (constants and aliases); imported last,
# so `round` and `copy` never shadow the builtins above.
from ..common.tensor_functions import tensor_namespace as _tensor_namespace  # noqa: E402

_INT64_RESULTS = {"sum", "prod", "nansum", "nanprod", "argmax", "argmin"}
from .creation import keeping_tensors  # noqa: E402
from .unlisted import (  # noqa: E402
    NINF,
    PINF,
    around,
    copy,
    inf,
    matrix_power,
    nan,
    numeric_types,
    pi,
    uint,
)

# Tensors in and out; results keep mindspore.numpy's 32-bit defaults, except integer sums
# (64-bit, as numpy's) and argmax/argmin (int64 indices, as MindSpore's).
_tensor_namespace(globals(), [n for n in __all__ if n not in _INT64_RESULTS]
                  + ["around", "copy", "matrix_power"], promotion="numpy")
_tensor_namespace(globals(), sorted(_INT64_RESULTS), promotion=True)
round = around  # noqa: A001  (one function, as in mindspore.numpy)
array, asarray = keeping_tensors(array, asarray)
del keeping_tensors
