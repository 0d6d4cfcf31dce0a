"""Primitive classes of one tensor, two tensors, or a reduction: each calls its functional op.

`UNARY` and `BINARY` map a class name to the function its call forwards to; `REDUCE` maps a
reduction class to the functional reduction its ``(x, axis=())`` call forwards to, with the
constructor's `keep_dims`.
"""

import jax
import numpy as np

from .. import func_activation as ACT
from .. import func_arithmetic as AR
from .. import func_array as A
from .. import func_create as CR
from .. import func_decompositions as DEC
from .. import func_diagonal as DG
from .. import func_factorizations as FAC
from .. import func_indexing as IX
from .. import func_linalg as LA
from .. import func_math as M
from .. import func_reduce as RD
from .. import func_slicing as SL
from .. import func_special as SP
from ._common import sig
from .operand_checks import refusing_bool

__all__ = ["UNARY", "BINARY", "REDUCE", "TABLE"]


def _gelu_tanh(x):
    # MindSpore's GeLU primitive computes the tanh approximation on CPU (ops.gelu: erf).
    return ACT.gelu(x, approximate="tanh")


UNARY = {
    "Abs": M.abs,
    "ACos": M.acos,
    "Acosh": M.acosh,
    "Asin": M.asin,
    "Asinh": M.asinh,
    "Atan": M.atan,
    "Atanh": M.atanh,
    "Ceil": M.ceil,
    "Cos": M.cos,
    "Cosh": M.cosh,
    "Erf": M.erf,
    "Erfc": M.erfc,
    "Erfinv": M.erfinv,
    "Exp": M.exp,
    "Expm1": M.expm1,
    "Floor": M.floor,
    "Log": M.log,
    "Log1p": M.log1p,
    "Neg": M.neg,
    "Reciprocal": M.reciprocal,
    "Rsqrt": M.rsqrt,
    "Sign": M.sign,
    "Sin": M.sin,
    "Sinc": M.sinc,
    "Sinh": M.sinh,
    "Sqrt": M.sqrt,
    "Square": M.square,
    "Tan": M.tan,
    "Tanh": M.tanh,
    "Trunc": M.trunc,
    "Rint": AR.rint,
    "Real": M.real,
    "Imag": M.imag,
    "Conj": M.conj,
    "Angle": M.angle,
    "Digamma": M.digamma,
    "Lgamma": M.lgamma,
    "Inv": M.inv,
    "Invert": M.invert,
    "IsFinite": M.isfinite,
    "IsInf": M.isinf,
    "IsNan": M.isnan,
    "LogicalNot": M.logical_not,
    "BesselI0": M.bessel_i0,
    "BesselI0e": M.bessel_i0e,
    "BesselI1": M.bessel_i1,
    "BesselI1e": M.bessel_i1e,
    "BesselJ0": SP.bessel_j0,
    "BesselJ1": SP.bessel_j1,
    "BesselK0": SP.bessel_k0,
    "BesselK0e": SP.bessel_k0e,
    "BesselK1": SP.bessel_k1,
    "BesselK1e": SP.bessel_k1e,
    "BesselY0": SP.bessel_y0,
    "BesselY1": SP.bessel_y1,
    "ComplexAbs": M.abs,
    "PopulationCount": M.population_count,
    "ZerosLike": CR.zeros_like,
    "OnesLike": CR.ones_like,
    "MatrixDeterminant": LA.det,
    "MatrixExp": LA.matrix_exp,
    "Diag": DG.diag,
    "Trace": LA.trace,
    "NonZero": IX.nonzero,
    "Geqrf": FAC.geqrf,
    "MatrixLogarithm": DEC.matrix_log,
    "ReLU": ACT.relu,
    "ReLU6": ACT.relu6,
    "Sigmoid": ACT.sigmoid,
    "Mish": ACT.mish,
    "Softsign": ACT.softsign,
    "SeLU": ACT.selu,
    "HSwish": ACT.hardswish,
    "HSigmoid": ACT.hardsigmoid,
    "FastGeLU": ACT.fast_gelu,
    "FastGelu": ACT.fast_gelu,
    "GeLU": _gelu_tanh,
    "Gelu": _gelu_tanh,
    "Softplus": ACT.softplus,
}

BINARY = {
    "Add": M.add,
    "TensorAdd": M.add,
    "Sub": M.sub,
    "Mul": M.mul,
    "Div": AR.div,
    "RealDiv": AR.div,
    "FloorDiv": M.floor_div,
    "FloorMod": M.floor_mod,
    "Mod": M.fmod,
    "TruncateDiv": AR.truncate_div,
    "TruncateMod": M.truncate_mod,
    "Pow": M.pow,
    "Maximum": M.maximum,
    "Minimum": M.minimum,
    "Equal": M.equal,
    "NotEqual": M.not_equal,
    "Greater": M.greater,
    "GreaterEqual": M.greater_equal,
    "Less": M.less,
    "LessEqual": M.less_equal,
    "LogicalAnd": M.logical_and,
    "LogicalOr": M.logical_or,
    "LogicalXor": M.logical_xor,
    "BitwiseAnd": M.bitwise_and,
    "BitwiseOr": M.bitwise_or,
    "BitwiseXor": M.bitwise_xor,
    "LeftShift": M.bitwise_left_shift,
    "RightShift": M.bitwise_right_shift,
    "Atan2": M.atan2,
    "Xdivy": AR.xdivy,
    "Xlogy": AR.xlogy,
    "Hypot": M.hypot,
    "Heaviside": M.heaviside,
    "Gcd": M.gcd,
    "Lcm": M.lcm,
    "NextAfter": M.nextafter,
    "Igamma": M.igamma,
    "Igammac": M.igammac,
    "Zeta": M.zeta,
    "Polygamma": SP.polygamma,
    "Fmax": M.fmax,
    "Fmin": M.fmin,
    "Polar": AR.polar,
    "Complex": AR.make_complex,
    "Ger": LA.ger,
    "DivNoNan": AR.div_no_nan,
    "MulNoNan": AR.mul_no_nan,
    "SquaredDifference": AR.squared_difference,
    "GatherNd": IX.gather_nd,
    "PReLU": ACT.prelu,
    "MaskedSelect": IX.masked_select,
    "Reshape": A.reshape,
    "Tile": SL.tile,
    "Expand": A.broadcast_to,
}

REDUCE = {
    "ReduceSum": RD.sum,
    "ReduceMean": RD.mean,
    "ReduceMax": RD.amax,
    "ReduceMin": RD.amin,
    "ReduceProd": RD.prod,
    "ReduceAll": RD.all,
    "ReduceAny": RD.any,
}


# MindSpore's kernels for these have no bool form
_NO_BOOL = ("TruncateDiv", "TruncateMod")


def _unary(fn):
    return lambda p, x: fn(x)


def _binary(fn):
    return lambda p, x, y: fn(x, y)


def _axis_arg(axis):
    """An axis given as an array (a Tensor input) as Python ints: the output shape depends on
    it, so a traced one raises JAX's conversion error (GRAPH_MODE then runs eagerly)."""
    if isinstance(axis, (jax.Array, np.ndarray)):
        values = [int(v) for v in np.asarray(axis).reshape(-1)]
        return values[0] if np.ndim(axis) == 0 else tuple(values)
    return axis


def _reduce(fn):
    def call(p, x, axis=()):
        return fn(x, _axis_arg(axis), p.keep_dims)

    return call


def _reduce_in_place_dtype(fn):
    """The primitive's reduction in the input's dtype: ReduceSum / ReduceProd keep it
    (uint8, int8, even bool), where ``ops.sum`` / ``ops.prod`` widen integers to int64."""

    def call(p, x, axis=()):
        kept = jax.numpy.result_type(x)
        # (floats keep their dtype anyway; leaving it unset lets a float16 graph-mode chain
        # through, see common.kernel_chain)
        dtype = None if jax.numpy.issubdtype(kept, jax.numpy.floating) else kept
        return fn(x, _axis_arg(axis), p.keep_dims, dtype=dtype)

    return call


_IN_PLACE_DTYPE = ("ReduceSum", "ReduceProd")


def _add_v2(p, x, y):
    """AddV2: Add without broadcasting (MindSpore's kernel takes operands of one shape,
    ValueError otherwise) and without bool operands (TypeError)."""
    if jax.numpy.shape(x) != jax.numpy.shape(y):
        raise ValueError(
            f"AddV2: `x` and `y` must have one shape, got {jax.numpy.shape(x)} and "
            f"{jax.numpy.shape(y)}"
        )
    return refusing_bool("AddV2", BINARY["Add"])(p, x, y)


TABLE = (
    [("AddV2", sig(), _add_v2)]
    + [(n, sig(), _unary(fn)) for n, fn in UNARY.items()]
    + [
        (n, sig(), refusing_bool(n, fn) if n in _NO_BOOL else _binary(fn))
        for n, fn in BINARY.items()
    ]
    + [
        (n, sig(keep_dims=False), (_reduce_in_place_dtype if n in _IN_PLACE_DTYPE else _reduce)(fn))
        for n, fn in REDUCE.items()
    ]
)
