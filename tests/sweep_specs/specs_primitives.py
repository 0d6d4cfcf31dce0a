"""Sweep table for msfunc.ops' primitive classes: every class built with its constructor
attributes and called under jit, vmap and grad."""

import dataclasses

import jax
import numpy as np
from _sweep import Case

import msfunc as ms
import msfunc.ops as ops
from msfunc.ops import primitives as P
from msfunc.ops.primitive_tables import elementwise as PT
from sweep_specs._gen import args, booleans, integers, normal, positive, uniform
from sweep_specs.specs_nn import at_fixed_key, away, boxes, log_probs, param, pool_indices

# Names in primitives.__all__ that are not table-generated MindSpore primitive classes.
NOT_CLASSES = {
    "Primitive": "abstract base class: computes only in a user subclass's construct",
    "PrimitiveWithInfer": "abstract base class (Primitive with ignored infer hooks)",
    "PrimitiveWithCheck": "abstract base class (Primitive with ignored check hooks)",
    "prim_attr_register": "a decorator for user primitives' __init__, not a primitive",
    "Custom": "wraps a user function: the user op, not msfunc, defines its math "
              "(tests/test_ops_primitives.py checks jit/grad of its bprop)",
}

INTEGER = "integer output"
BOOL = "boolean output"
NO_FLOAT = "no float input to differentiate (creation from shapes/constants)"
NO_ARRAY = "no array argument to map (creation from static shapes/constants)"
DYN = "data-dependent output shape (eager only by design)"
RANDOM_GRAD = "random draw; the fixed-key case checks the gradient"
DISCRETE = "discrete samples: not differentiable"
META = "shape/rank metadata: integer output"
STATE_VMAP = ("writes its Parameter argument: msfunc.vmap refuses per-element writes into one "
              "shared Parameter by design (ValueError)")
STATE_GRAD = "Parameter input is written, not differentiated; the array case checks grad"
LIN = {"rtol": 1e-4, "atol": 1e-5}  # float32 sums/products of several terms


def prim(name, *cargs, pick=None, **ckw):
    """fn building ``ops.<name>(*cargs, **ckw)`` and calling it (optionally one output)."""
    def call(*a, **k):
        out = getattr(ops, name)(*cargs, **ckw)(*a, **k)
        return out if pick is None else out[pick]
    call.__name__ = name
    return call


_CASE_FIELDS = {f.name for f in dataclasses.fields(Case)}


def C(name, make, *cargs, pick=None, **kw):
    """One Case for class `name`: keywords that are Case fields configure the check, the
    others are the class's constructor attributes."""
    case_kw = {k: v for k, v in kw.items() if k in _CASE_FIELDS}
    ctor_kw = {k: v for k, v in kw.items() if k not in _CASE_FIELDS}
    return Case(make, fn=prim(name, *cargs, pick=pick, **ctor_kw), **case_kw)


# -- private generators ---------------------------------------------------------------------
def scalar(value):
    """rng -> 0-d float32 array (a traced scalar argument)."""
    return lambda rng: np.asarray(value, np.float32)


def spd(n, batch=()):
    """rng -> well-conditioned symmetric positive definite matrix a a^T + n I."""
    def make(rng):
        a = rng.standard_normal(batch + (n, n))
        return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(np.float32)
    return make


def well(n, batch=()):
    """rng -> well-conditioned general matrix n I + a."""
    return lambda rng: (n * np.eye(n) + rng.standard_normal(batch + (n, n))).astype(np.float32)


def sorted_rows(*shape):
    """rng -> normal array sorted along the last axis."""
    return lambda rng: np.sort(rng.standard_normal(shape), -1).astype(np.float32)


def distinct_rows(n, high):
    """rng -> n distinct indices in [0, high) (scatter targets without collisions)."""
    return lambda rng: rng.permutation(high)[:n].astype(np.int32)


def cells(n, shape):
    """rng -> (n, len(shape)) distinct multi-indices into `shape`."""
    def make(rng):
        flat = rng.permutation(int(np.prod(shape)))[:n]
        return np.stack(np.unravel_index(flat, shape), -1).astype(np.int32)
    return make


def probs(*shape):
    """rng -> rows of a probability table."""
    def make(rng):
        e = np.exp(rng.standard_normal(shape))
        return (e / e.sum(-1, keepdims=True)).astype(np.float32)
    return make


def ml_target(rng):
    """(3, 4) multilabel targets: distinct class indices, then -1 padding."""
    out = np.full((3, 4), -1, np.int32)
    for i in range(3):
        k = rng.integers(1, 4)
        out[i, :k] = rng.permutation(4)[:k]
    return out


def with_nonfinite(*shape):
    """rng -> normal array with a nan, +inf and -inf in fixed places."""
    def make(rng):
        x = rng.standard_normal(shape).astype(np.float32)
        x.flat[0], x.flat[1], x.flat[2] = np.nan, np.inf, -np.inf
        return x
    return make


def crop_boxes(rng):
    """(3, 4) normalised crop boxes (y1, x1, y2, x2)."""
    lo = rng.uniform(-0.2, 0.5, (3, 2))
    return np.concatenate([lo, lo + rng.uniform(0.3, 0.7, (3, 2))], 1).astype(np.float32)


def complex_of(name, *cargs, **ckw):
    """fn calling the class on re + i*im, so grad sees two float arguments."""
    op = prim(name, *cargs, **ckw)
    return lambda re, im: op(jax.lax.complex(re, im))


# -- the UNARY family: each class forwards to one functional op ------------------------------
N34 = normal(3, 4)
UNARY_DOMAIN = {  # class -> (argument maker, extra Case keywords)
    "Abs": (away(3, 4), {}), "Sign": (away(3, 4), {}),
    "ACos": (uniform(3, 4), {}), "Asin": (uniform(3, 4), {}), "Atanh": (uniform(3, 4), {}),
    "Erfinv": (uniform(3, 4), {}),
    "Acosh": (positive(3, 4, low=1.2, high=3.0), {}),
    "Log": (positive(3, 4), {}), "Log1p": (positive(3, 4), {}), "Sqrt": (positive(3, 4), {}),
    "Rsqrt": (positive(3, 4), {}), "Reciprocal": (positive(3, 4), {}),
    "Inv": (positive(3, 4), {}), "Lgamma": (positive(3, 4), {}),
    "Digamma": (positive(3, 4), {}),
    "Tan": (uniform(3, 4, low=-1.2, high=1.2), {}),
    "Invert": (integers(3, 4, low=-8, high=8), {"grad": INTEGER}),
    "PopulationCount": (integers(3, 4, high=100), {"grad": INTEGER}),
    "IsFinite": (with_nonfinite(3, 4), {"grad": BOOL}),
    "IsInf": (with_nonfinite(3, 4), {"grad": BOOL}),
    "IsNan": (with_nonfinite(3, 4), {"grad": BOOL}),
    "LogicalNot": (booleans(3, 4), {"grad": BOOL}),
    "MatrixDeterminant": (well(3, (2,)), LIN),
    "MatrixExp": (lambda r: (0.5 * r.standard_normal((2, 3, 3))).astype(np.float32), LIN),
    "Diag": (normal(3), {}),
    "NonZero": (lambda r: (r.random((3, 4)) < 0.5).astype(np.float32),
                {"jit": DYN, "vmap": DYN, "grad": INTEGER}),
    "Geqrf": (normal(4, 3), LIN),
    "MatrixLogarithm": (spd(3), {**LIN, "grad": (
        "JAX has no derivative for the eigenvectors of a general matrix (jnp.linalg.eig: "
        "NotImplementedError), which this eigendecomposition-based logarithm needs")}),
    "ReLU": (away(3, 4), {}), "ReLU6": (away(3, 4, kinks=(0.0, 6.0), low=-3, high=8), {}),
    "SeLU": (away(3, 4), {}),
    "HSwish": (away(3, 4, kinks=(-3.0, 3.0), low=-4, high=4), {}),
    "HSigmoid": (away(3, 4, kinks=(-3.0, 3.0), low=-4, high=4), {}),
}
for _n in ("BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "BesselJ0", "BesselJ1",
           "BesselK0", "BesselK0e", "BesselK1", "BesselK1e", "BesselY0", "BesselY1"):
    UNARY_DOMAIN[_n] = (positive(3, 4), {})
COMPLEX_UNARY = {"Real", "Imag", "Conj", "Angle", "ComplexAbs"}

UNARY = {}
for _n in PT.UNARY:
    if _n in COMPLEX_UNARY:
        UNARY[_n] = Case(args(normal(3, 4), away(3, 4)), fn=complex_of(_n))
        continue
    _make, _kw = UNARY_DOMAIN.get(_n, (N34, {}))
    UNARY[_n] = C(_n, args(_make), **_kw)
UNARY["Real"] = [UNARY["Real"], C("Real", args(N34), label="real_input")]

# -- the BINARY family -----------------------------------------------------------------------
NZ = away(3, 4, gap=0.2)  # divisors away from 0
POS = positive(3, 4)
I34 = integers(3, 4, low=1, high=20)
BINARY_DOMAIN = {
    "Div": (N34, NZ, {}), "RealDiv": (N34, NZ, {}), "DivNoNan": (N34, NZ, {}),
    "Xdivy": (N34, NZ, {}),
    "FloorDiv": (normal(3, 4), NZ, {}), "TruncateDiv": (normal(3, 4), NZ, {}),
    "FloorMod": (positive(3, 4, low=0.1, high=3.0), POS, {}),
    "Mod": (positive(3, 4, low=0.1, high=3.0), POS, {}),
    "TruncateMod": (positive(3, 4, low=0.1, high=3.0), POS, {}),
    "Pow": (POS, N34, {}), "Xlogy": (N34, POS, {}),
    "Heaviside": (away(3, 4), N34, {}),
    "Igamma": (POS, POS, {}), "Igammac": (POS, POS, {}),
    "Zeta": (positive(3, 4, low=1.5, high=3.0), POS, {}),
    "Polygamma": (integers(3, 4, high=3), POS, {"grad": (1,)}),
    "Polar": (POS, N34, {}),
    "Ger": (normal(3), normal(4), {}),
    "GatherNd": (N34, cells(2, (3, 4)), {"grad": (0,)}),
    "PReLU": (away(2, 3, 4), positive(3, low=0.1, high=0.5), {}),
    "MaskedSelect": (N34, booleans(3, 4), {"jit": DYN, "vmap": DYN, "grad": DYN}),
    "Reshape": (normal(3, 4), (2, 6), {}), "Tile": (normal(3, 4), (2, 1), {}),
    "Expand": (normal(1, 4), (3, 4), {}),
}
for _n in ("Equal", "NotEqual", "Greater", "GreaterEqual", "Less", "LessEqual"):
    BINARY_DOMAIN[_n] = (N34, N34, {"grad": BOOL})
for _n in ("LogicalAnd", "LogicalOr", "LogicalXor"):
    BINARY_DOMAIN[_n] = (booleans(3, 4), booleans(3, 4), {"grad": BOOL})
for _n in ("BitwiseAnd", "BitwiseOr", "BitwiseXor", "Gcd", "Lcm"):
    BINARY_DOMAIN[_n] = (I34, I34, {"grad": INTEGER})
for _n in ("LeftShift", "RightShift"):
    BINARY_DOMAIN[_n] = (I34, integers(3, 4, high=4), {"grad": INTEGER})

BINARY = {}
for _n in PT.BINARY:
    _a, _b, _kw = BINARY_DOMAIN.get(_n, (N34, N34, {}))
    BINARY[_n] = C(_n, args(_a, _b), **_kw)

# -- reductions: keep_dims=True over a tuple axis --------------------------------------------
REDUCE = {_n: C(_n, args(normal(2, 3, 4), (0, 2)), keep_dims=True) for _n in PT.REDUCE}
REDUCE.update({_n: C(_n, args(booleans(2, 3, 4), (0, 2)), keep_dims=True, grad=BOOL)
               for _n in ("ReduceAll", "ReduceAny")})
REDUCE["ReduceSum"] = [REDUCE["ReduceSum"],
                       C("ReduceSum", args(normal(2, 3)), label="all_axes")]

# -- shapes, casts, creation -----------------------------------------------------------------
SHAPE = {
    "Cast": [C("Cast", args(N34, ms.float64)),
             C("Cast", args(N34, ms.int32), grad=INTEGER, label="to_int")],
    "ScalarCast": C("ScalarCast", args(scalar(1.5), ms.float64)),
    "ScalarToTensor": C("ScalarToTensor", args(scalar(2.5), ms.float64)),
    "ScalarToArray": C("ScalarToArray", args(scalar(2.5))),
    "TupleToArray": C("TupleToArray", args(lambda r: (scalar(r.standard_normal())(r),
                                                     scalar(r.standard_normal())(r)))),
    "TensorToTuple": C("TensorToTuple", args(normal(3))),
    "Shape": C("Shape", args(N34), grad=META),
    "TensorShape": C("TensorShape", args(N34), grad=META),
    "DynamicShape": C("DynamicShape", args(N34), grad=META),
    "Rank": C("Rank", args(N34), grad=META),
    "Size": C("Size", args(N34), grad=META),
    # a dtype is not an array: build a zero of that dtype so jit/vmap can return it
    "DType": Case(args(N34), fn=lambda x: jax.numpy.zeros(1, ops.DType()(x)),
                  grad="dtype metadata"),
    "Eps": C("Eps", args(N34)),
    "ExpandDims": C("ExpandDims", args(N34, 1)),
    "Squeeze": C("Squeeze", args(normal(3, 1, 4, 1)), axis=(1,)),
    "Flatten": C("Flatten", args(normal(2, 3, 4))),
    "Transpose": C("Transpose", args(normal(2, 3, 4), (2, 0, 1))),
    "TransposeView": C("TransposeView", args(normal(2, 3, 4), (1, 2, 0))),
    "TransposeExtView": C("TransposeExtView", args(normal(2, 3, 4), 0, 2)),
    "Concat": C("Concat", args(lambda r: (normal(3, 2)(r), normal(3, 4)(r))), axis=1),
    "ParallelConcat": C("ParallelConcat", args(lambda r: (normal(1, 4)(r), normal(2, 4)(r)))),
    "Stack": C("Stack", args(lambda r: [normal(3, 4)(r), normal(3, 4)(r)]), axis=1),
    "Pack": C("Pack", args(lambda r: [normal(3, 4)(r), normal(3, 4)(r)]), axis=-1),
    "Unstack": C("Unstack", args(N34), axis=1),
    "Unpack": C("Unpack", args(N34), axis=1),
    "Split": C("Split", args(normal(3, 4)), axis=1, output_num=2),
    "SplitV": C("SplitV", args(normal(3, 4)), size_splits=[1, 3], split_dim=1, num_split=2),
    "BroadcastTo": C("BroadcastTo", args(normal(3, 1)), shape=(2, -1, 4)),
    "Gather": [C("Gather", args(N34, integers(5, high=4), 1), grad=(0,)),
               C("Gather", args(N34, integers(3, 2, high=4), 1), batch_dims=1, grad=(0,),
                 label="batch_dims")],
    "GatherV2": C("GatherV2", args(N34, integers(5, high=3), 0), grad=(0,)),
    "GatherD": C("GatherD", args(N34, 1, integers(3, 2, high=4)), grad=(0,)),
    "Slice": C("Slice", args(normal(3, 4), (1, 0), (2, -1))),
    "StridedSlice": C("StridedSlice", args(normal(3, 4, 5), (1, 0, 1), (3, 2, 5), (1, 1, 2)),
                      begin_mask=1, shrink_axis_mask=2, new_axis_mask=0),
    "Select": C("Select", args(booleans(3, 4), N34, N34)),
    "MaskedFill": C("MaskedFill", args(N34, booleans(3, 4), scalar(0.5))),
    "Fill": C("Fill", args(ms.float32, (2, 3), scalar(1.5))),
    "FillV2": C("FillV2", args((2, 3), scalar(1.5))),
    "Fills": C("Fills", args(N34, scalar(0.5))),
    "Ones": C("Ones", args((2, 3), ms.float32), vmap=NO_ARRAY, grad=NO_FLOAT),
    "Zeros": C("Zeros", args((2, 3), ms.float32), vmap=NO_ARRAY, grad=NO_FLOAT),
    "Eye": C("Eye", args(3, 4, ms.float32), vmap=NO_ARRAY, grad=NO_FLOAT),
    "Range": C("Range", args(1.0, 7.0, 1.5), maxlen=100,
               vmap=NO_ARRAY + "; the length depends on the values", grad=NO_FLOAT),
    "LinSpace": C("LinSpace", args(scalar(-1.0), scalar(2.0), 5)),
    "LogSpace": C("LogSpace", args(scalar(-1.0), scalar(1.0)), steps=5, base=2),
    "OneHot": C("OneHot", args(integers(3, high=4), 4, scalar(2.0), scalar(-1.0)), axis=0,
                grad=(2, 3)),
    "ReverseV2": C("ReverseV2", args(normal(2, 3, 4)), axis=(0, 2)),
    "Roll": C("Roll", args(N34), shifts=1, dims=0),
    "Tril": C("Tril", args(N34), diagonal=1),
    "Triu": C("Triu", args(N34), diagonal=-1),
    "TrilIndices": C("TrilIndices", args(), row=3, col=4, offset=1, vmap=NO_ARRAY,
                     grad=INTEGER),
    "TriuIndices": C("TriuIndices", args(), row=3, col=4, offset=-1, vmap=NO_ARRAY,
                     grad=INTEGER),
    "Meshgrid": C("Meshgrid", args(lambda r: (normal(3)(r), normal(2)(r))), indexing="ij"),
    "InvertPermutation": C("InvertPermutation", args((2, 0, 3, 1)), grad=INTEGER,
                           vmap="no array argument: MindSpore takes a constant tuple"),
    "SpaceToDepth": C("SpaceToDepth", args(normal(1, 2, 4, 4)), block_size=2),
    "DepthToSpace": C("DepthToSpace", args(normal(1, 8, 2, 2)), block_size=2),
    "MatrixBandPart": C("MatrixBandPart", args(normal(2, 4, 4), 1, 2)),
    "Padding": C("Padding", args(normal(3, 1)), pad_dim_size=4),
    "Pad": C("Pad", args(N34), paddings=((1, 0), (0, 2))),
    "MirrorPad": C("MirrorPad", args(N34, np.array([[1, 1], [2, 2]], np.int32)),
                   mode="SYMMETRIC", static=(1,)),
    "PadV3": C("PadV3", args(normal(1, 3, 4), np.array([1, 2], np.int32)), mode="reflect",
               static=(1,)),
    "ReverseSequence": C("ReverseSequence", args(N34, integers(3, low=1, high=5)), seq_dim=1,
                         grad=(0,)),
    "InplaceUpdate": C("InplaceUpdate", args(normal(4, 3), normal(2, 3)), indices=(0, 2)),
    "InplaceUpdateV2": C("InplaceUpdateV2", args(normal(4, 3), distinct_rows(2, 4),
                                                  normal(2, 3)), grad=(0, 2)),
    "InplaceAdd": C("InplaceAdd", args(normal(4, 3), normal(2, 3)), indices=(3, 1)),
    "InplaceSub": C("InplaceSub", args(normal(4, 3), normal(2, 3)), indices=(1, 2)),
    "NanToNum": C("NanToNum", args(with_nonfinite(3, 4)), nan=1.0, posinf=5.0, neginf=-5.0),
    "Identity": C("Identity", args(N34)),
    "IdentityN": C("IdentityN", args(lambda r: [normal(3)(r), normal(2, 2)(r)])),
    "Depend": C("Depend", args(N34, normal(2)), grad=(0,)),
    "StopGradient": C("StopGradient", args(N34),
                      grad="zero gradient by design while the value is the identity, so "
                           "finite differences cannot agree"),
    "Print": C("Print", args(N34), grad="returns nothing"),
    "Einsum": C("Einsum", args(lambda r: (normal(3, 4)(r), normal(4, 2)(r))),
                equation="ij,jk->ik", **LIN),
    "AddN": C("AddN", args(lambda r: [N34(r), N34(r), N34(r)])),
    "AccumulateNV2": C("AccumulateNV2", args(lambda r: (N34(r), N34(r)))),
}

# -- scatter / segment / state ----------------------------------------------------------------
ROWS4 = distinct_rows(2, 4)
CELLS43 = cells(2, (4, 3))
UPD = positive(2, 3, low=0.5, high=1.5)


def _segment_ids(rng):
    """(5,) segment ids in [0, 3) with every segment present (an empty max/min segment is
    +-inf by definition, which no finite difference can check)."""
    return rng.permutation(np.array([0, 1, 2] + list(rng.integers(0, 3, 2)))).astype(np.int32)


SEG_IDS = _segment_ids
SCATTER = {
    "ScatterNd": C("ScatterNd", args(CELLS43, normal(2), (4, 3)), grad=(1,)),
    "UnsortedSegmentSum": C("UnsortedSegmentSum", args(normal(5, 3), SEG_IDS, 3),
                            grad=(0,)),
    "UnsortedSegmentMax": C("UnsortedSegmentMax", args(normal(5, 3), SEG_IDS, 3),
                            grad=(0,)),
    "UnsortedSegmentMin": C("UnsortedSegmentMin", args(normal(5, 3), SEG_IDS, 3),
                            grad=(0,)),
    "UnsortedSegmentProd": C("UnsortedSegmentProd", args(normal(5, 3), SEG_IDS, 3),
                             grad=(0,)),
    "IndexAdd": [C("IndexAdd", args(normal(3, 4), distinct_rows(2, 4), normal(3, 2)), axis=1,
                   grad=(0, 2)),
                 C("IndexAdd", args(param(normal(3, 4), "x"), distinct_rows(2, 4),
                                    normal(3, 2)), axis=1, state=True, vmap=STATE_VMAP,
                   grad=STATE_GRAD, label="parameter")],
}
for _n, _k in (("Update", "set"), ("Add", "add"), ("Sub", "sub"), ("Mul", "mul"),
               ("Div", "div"), ("Max", "max"), ("Min", "min")):
    _pos = positive(4, 3, low=0.5, high=1.5)
    SCATTER["TensorScatter" + _n] = C("TensorScatter" + _n, args(_pos, CELLS43,
                                                                  positive(2, low=0.5,
                                                                           high=1.5)),
                                      grad=(0, 2))
    SCATTER["Scatter" + _n] = C("Scatter" + _n, args(_pos, ROWS4, UPD), grad=(0, 2))
    SCATTER["ScatterNd" + _n] = C("ScatterNd" + _n, args(_pos, CELLS43,
                                                         positive(2, low=0.5, high=1.5)),
                                  grad=(0, 2))
SCATTER["ScatterNonAliasingAdd"] = C("ScatterNonAliasingAdd", args(normal(4, 3), CELLS43,
                                                                   normal(2)), grad=(0, 2))
SCATTER["ScatterAdd"] = [SCATTER["ScatterAdd"],
                         C("ScatterAdd", args(param(normal(4, 3), "v"), ROWS4, UPD),
                           state=True, vmap=STATE_VMAP, grad=STATE_GRAD, label="parameter")]
SCATTER["ScatterNdUpdate"] = [SCATTER["ScatterNdUpdate"],
                              C("ScatterNdUpdate", args(param(normal(4, 3), "v"), CELLS43,
                                                        normal(2)),
                                state=True, vmap=STATE_VMAP, grad=STATE_GRAD,
                                label="parameter")]
for _n in ("Assign", "AssignAdd", "AssignSub"):
    SCATTER[_n] = [C(_n, args(N34, N34)),
                   C(_n, args(param(N34, "v"), N34), state=True, vmap=STATE_VMAP,
                     grad=STATE_GRAD, label="parameter")]

# -- math with attributes, reductions, sorting, linalg -----------------------------------------
MATH = {
    "MatMul": C("MatMul", args(normal(3, 4), normal(2, 4)), transpose_b=True, **LIN),
    "BatchMatMul": C("BatchMatMul", args(normal(2, 4, 3), normal(2, 4, 2)), transpose_a=True,
                     **LIN),
    "Cross": C("Cross", args(normal(3, 4), normal(3, 4)), dim=0),
    "IsClose": C("IsClose", args(N34, N34), rtol=0.5, atol=0.1, equal_nan=True, grad=BOOL),
    "ApproximateEqual": C("ApproximateEqual", args(N34, N34), tolerance=0.5, grad=BOOL),
    "Lerp": C("Lerp", args(N34, N34, uniform(3, 4, low=0.0, high=1.0))),
    "Addcdiv": C("Addcdiv", args(N34, N34, NZ, scalar(0.5))),
    "Addcmul": C("Addcmul", args(N34, N34, N34, scalar(0.5))),
    # JAX differentiates the regularised incomplete beta in x only (ValueError for a, b)
    "Betainc": C("Betainc", args(POS, POS, uniform(3, 4, low=0.1, high=0.9)), grad=(2,)),
    "Logit": C("Logit", args(uniform(3, 4, low=0.05, high=0.95)), eps=0.01),
    "Round": C("Round", args(N34, 0)),
    "Argmax": C("Argmax", args(N34), axis=0, output_type=ms.int32, grad=INTEGER),
    "Argmin": C("Argmin", args(N34), axis=0, grad=INTEGER),
    "ArgMaxWithValue": C("ArgMaxWithValue", args(N34), axis=1, keep_dims=True),
    "ArgMinWithValue": C("ArgMinWithValue", args(N34), axis=0),
    "CumSum": C("CumSum", args(N34, 1), exclusive=True, reverse=True),
    "CumProd": C("CumProd", args(N34, 1), exclusive=True),
    "CumulativeLogsumexp": C("CumulativeLogsumexp", args(N34, 0), reverse=True),
    "Cummax": C("Cummax", args(N34), axis=1),
    "Cummin": C("Cummin", args(N34), axis=0),
    "ReduceStd": C("ReduceStd", args(N34), axis=1, unbiased=False, keep_dims=True),
    "EuclideanNorm": C("EuclideanNorm", args(normal(2, 3, 4), (0, 2)), keep_dims=True),
    "LpNorm": [C("LpNorm", args(away(3, 4)), axis=1, p=3),
               C("LpNorm", args(away(3, 4)), axis=[0, 1], p=1, keep_dims=True,
                 label="two_axes")],
    "CountNonZero": C("CountNonZero", args(integers(3, 4, high=2)), dims=1, grad=INTEGER),
    "SquareSumAll": C("SquareSumAll", args(N34, N34)),
    "L2Loss": C("L2Loss", args(N34)),
    "L2Normalize": C("L2Normalize", args(N34), axis=1),
    "Sort": C("Sort", args(N34), axis=0, descending=True),
    "TopK": C("TopK", args(N34, 2)),
    "InTopK": C("InTopK", args(N34, integers(3, high=4)), k=2, grad=BOOL),
    "SearchSorted": C("SearchSorted", args(sorted_rows(2, 5), normal(2, 3)), right=True,
                      grad=INTEGER),
    "Bucketize": C("Bucketize", args(N34), boundaries=[-1.0, 0.0, 1.0], grad=INTEGER),
    "LowerBound": C("LowerBound", args(sorted_rows(2, 5), normal(2, 3)), grad=INTEGER),
    "UpperBound": C("UpperBound", args(sorted_rows(2, 5), normal(2, 3)), grad=INTEGER),
    "Cholesky": C("Cholesky", args(spd(3, (2,))), upper=True, **LIN),
    "MatrixInverse": C("MatrixInverse", args(well(3, (2,))), adjoint=True, **LIN),
    "MatrixPower": C("MatrixPower", args(lambda r: (0.7 * r.standard_normal((3, 3))).astype(
        np.float32)), n=3, **LIN),
    "MatrixSolve": C("MatrixSolve", args(well(3), normal(3, 2)), adjoint=True, **LIN),
    "LogMatrixDeterminant": C("LogMatrixDeterminant", args(well(3, (2,))), **LIN),
    "Qr": C("Qr", args(normal(4, 3)), **LIN),
    "Svd": C("Svd", args(normal(4, 3)), **LIN),
    "Eig": [C("Eig", args(well(3)), **LIN),
            C("Eig", args(spd(3)), compute_v=True, label="vectors", **LIN,
              grad="JAX has no derivative for eigenvectors of a general matrix "
                   "(jnp.linalg.eig: NotImplementedError); eigenvalues are checked above")],
    "Mvlgamma": C("Mvlgamma", args(positive(3, 4, low=1.5, high=3.0)), p=2),
    "Unique": C("Unique", args(integers(6, high=4)), jit=DYN, vmap=DYN, grad=INTEGER),
    "Bincount": C("Bincount", args(integers(6, high=4), 5, positive(6)), grad=(2,)),
}

# -- nn ------------------------------------------------------------------------------------------
CONV_TOL = {"rtol": 1e-4, "atol": 1e-4}  # float32 accumulation over windows
NN = {
    "Softmax": C("Softmax", args(N34), axis=0),
    "LogSoftmax": C("LogSoftmax", args(N34), axis=0),
    "LogSoftmaxExt": C("LogSoftmaxExt", args(N34, 0)),
    "Elu": C("Elu", args(away(3, 4)), alpha=0.5),
    "CeLU": C("CeLU", args(away(3, 4)), alpha=2.0),
    "HShrink": C("HShrink", args(away(3, 4, kinks=(-0.3, 0.3))), lambd=0.3),
    "SoftShrink": C("SoftShrink", args(away(3, 4, kinks=(-0.3, 0.3))), lambd=0.3),
    "GLU": C("GLU", args(normal(4, 3)), axis=0),
    "BiasAdd": [C("BiasAdd", args(normal(2, 3, 4), normal(3))),
                C("BiasAdd", args(normal(2, 4, 3), normal(3)), data_format="NHWC",
                  label="nhwc")],
    "Dense": C("Dense", args(N34, normal(2, 4), normal(2)), **LIN),
    "LRN": C("LRN", args(normal(1, 4, 2, 2)), depth_radius=1, alpha=0.3, beta=0.75),
    "BatchNorm": [
        C("BatchNorm", args(normal(2, 3, 4), normal(3), normal(3), normal(3), positive(3)),
          **LIN, label="inference"),
        C("BatchNorm", args(normal(2, 3, 4), normal(3), normal(3), normal(3), positive(3)),
          is_training=True, momentum=0.2, **LIN, label="training"),
        C("BatchNorm", args(normal(2, 3, 4), normal(3), normal(3), param(normal(3), "m"),
                            param(positive(3), "v")),
          is_training=True, state=True, vmap=STATE_VMAP, grad=STATE_GRAD, **LIN,
          label="running_stats"),
    ],
    "LayerNorm": C("LayerNorm", args(normal(2, 3, 4), normal(4), normal(4)), begin_norm_axis=2,
                   begin_params_axis=2, **LIN),
    "RmsNorm": C("RmsNorm", args(N34, normal(4)), **LIN),
    "Conv2D": C("Conv2D", args(normal(1, 2, 5, 5), normal(4, 2, 3, 3)), out_channel=4,
                kernel_size=3, pad_mode="pad", pad=1, stride=2, **CONV_TOL),
    "Conv3D": C("Conv3D", args(normal(1, 2, 3, 3, 3), normal(2, 2, 2, 2, 2)), out_channel=2,
                kernel_size=2, **CONV_TOL),
    "Conv2DBackpropInput": C("Conv2DBackpropInput", args(normal(1, 4, 3, 3),
                                                         normal(4, 2, 3, 3), (1, 2, 5, 5)),
                             out_channel=4, kernel_size=3, **CONV_TOL),
    "Conv2DTranspose": C("Conv2DTranspose", args(normal(1, 4, 3, 3), normal(4, 2, 3, 3),
                                                 (1, 2, 6, 6)),
                         out_channel=4, kernel_size=3, stride=2, pad_mode="same", **CONV_TOL),
    "Conv3DTranspose": C("Conv3DTranspose", args(normal(1, 2, 2, 2, 2), normal(2, 3, 2, 2, 2)),
                         in_channel=2, out_channel=3, kernel_size=2, stride=2, **CONV_TOL),
    "MaxPool": C("MaxPool", args(normal(1, 2, 5, 5)), kernel_size=2, strides=2,
                 pad_mode="same"),
    "AvgPool": C("AvgPool", args(normal(1, 2, 4, 4)), kernel_size=2, strides=1,
                 pad_mode="SAME"),
    "MaxPoolWithArgmax": C("MaxPoolWithArgmax", args(normal(1, 2, 5, 5)), kernel_size=2,
                           strides=2, pad_mode="same"),
    "MaxPoolWithArgmaxV2": C("MaxPoolWithArgmaxV2", args(normal(1, 2, 4, 4)), kernel_size=2,
                             strides=2),
    "MaxPool3D": C("MaxPool3D", args(normal(1, 1, 3, 3, 3)), kernel_size=2, strides=1),
    "AvgPool3D": C("AvgPool3D", args(normal(1, 1, 3, 3, 3)), kernel_size=2, strides=2,
                   pad_mode="pad", pad=1, count_include_pad=False),
    "AdaptiveAvgPool2D": C("AdaptiveAvgPool2D", args(normal(1, 2, 4, 6)), output_size=(2, 3)),
    "AdaptiveAvgPool3D": C("AdaptiveAvgPool3D", args(normal(1, 1, 4, 4, 4)), output_size=2),
    "AdaptiveMaxPool2D": C("AdaptiveMaxPool2D", args(normal(1, 2, 4, 4)), output_size=2),
    "AdaptiveMaxPool3D": C("AdaptiveMaxPool3D", args(normal(1, 1, 4, 4, 4), (2, 2, 2))),
    "MaxUnpool2D": C("MaxUnpool2D", args(normal(1, 2, 2, 2), pool_indices(1, 2, (2, 2), (2, 2))),
                     ksize=2, strides=2, grad=(0,)),
    "MaxUnpool3D": C("MaxUnpool3D", args(normal(1, 1, 2, 2, 2),
                                         pool_indices(1, 1, (2, 2, 2), (2, 2, 2))),
                     ksize=2, strides=2, grad=(0,)),
    "ResizeNearestNeighbor": C("ResizeNearestNeighbor", args(normal(1, 1, 2, 3)), size=(4, 6)),
    "ResizeNearestNeighborV2": C("ResizeNearestNeighborV2", args(normal(1, 1, 2, 3), (4, 5))),
    "ResizeBilinearV2": [C("ResizeBilinearV2", args(normal(1, 1, 2, 3), (4, 5)), **LIN),
                         C("ResizeBilinearV2", args(normal(1, 1, 2, 3), (4, 5)),
                           half_pixel_centers=True, label="half_pixel", **LIN)],
    "ResizeBicubic": C("ResizeBicubic", args(normal(1, 1, 3, 3), (4, 5)), align_corners=True,
                       **LIN),
    "ResizeLinear1D": C("ResizeLinear1D", args(normal(1, 2, 4), (6,)),
                        coordinate_transformation_mode="half_pixel", **LIN),
    "UpsampleNearest3D": C("UpsampleNearest3D", args(normal(1, 1, 2, 2, 2), (3, 3, 3))),
    "UpsampleTrilinear3D": C("UpsampleTrilinear3D", args(normal(1, 1, 2, 2, 2), (3, 3, 3)),
                             align_corners=True, **LIN),
    "GridSampler2D": C("GridSampler2D", args(normal(1, 2, 3, 3), uniform(1, 2, 2, 2)),
                       align_corners=True, **LIN),
    "GridSampler3D": C("GridSampler3D", args(normal(1, 1, 3, 3, 3), uniform(1, 2, 2, 2, 3)),
                       **LIN),
    "AffineGrid": C("AffineGrid", args(normal(1, 2, 3), (1, 1, 3, 4)), align_corners=True),
    "Col2Im": C("Col2Im", args(normal(1, 4, 4), np.array([3, 3], np.int32)), kernel_size=2,
                static=(1,), **LIN),
    "ChannelShuffle": C("ChannelShuffle", args(normal(1, 4, 2, 2)), group=2),
}

# -- losses ----------------------------------------------------------------------------------------
P01 = uniform(3, 4, low=0.1, high=0.9)
LOSS = {
    "BCEWithLogitsLoss": C("BCEWithLogitsLoss", args(N34, P01, positive(3, 4), positive(4)),
                           reduction="sum", **LIN),
    "BinaryCrossEntropy": C("BinaryCrossEntropy", args(P01, P01, positive(3, 4)),
                            reduction="none"),
    "KLDivLoss": C("KLDivLoss", args(log_probs(3, 4), probs(3, 4)), reduction="sum"),
    "NLLLoss": C("NLLLoss", args(log_probs(3, 4), integers(3, high=4), positive(4)),
                 reduction="sum", grad=(0, 2)),
    "SmoothL1Loss": C("SmoothL1Loss", args(N34, N34), beta=0.5, reduction="mean"),
    "SoftMarginLoss": C("SoftMarginLoss", args(N34, lambda r: np.where(
        r.random((3, 4)) < 0.5, -1.0, 1.0).astype(np.float32)), reduction="sum", grad=(0,)),
    "MultiMarginLoss": C("MultiMarginLoss", args(N34, integers(3, high=4), positive(4)), p=2,
                         margin=0.5, grad=(0, 2)),
    "MultilabelMarginLoss": C("MultilabelMarginLoss", args(N34, ml_target), reduction="sum"),
    "TripletMarginLoss": C("TripletMarginLoss", args(N34, N34, N34, scalar(1.0)), swap=True),
    "SigmoidCrossEntropyWithLogits": C("SigmoidCrossEntropyWithLogits", args(N34, P01)),
    "SoftmaxCrossEntropyWithLogits": C("SoftmaxCrossEntropyWithLogits", args(N34, probs(3, 4))),
    "SparseSoftmaxCrossEntropyWithLogits": [
        C("SparseSoftmaxCrossEntropyWithLogits", args(N34, integers(3, high=4))),
        C("SparseSoftmaxCrossEntropyWithLogits", args(N34, integers(3, high=4)), is_grad=True,
          label="is_grad")],
    "CTCLossV2": C("CTCLossV2", args(log_probs(5, 2, 4), integers(2, 2, low=1, high=4),
                                     lambda r: np.array([5, 4], np.int32),
                                     lambda r: np.array([2, 1], np.int32)),
                   reduction="mean", pick=0, grad=(0,), **LIN),
    "CTCGreedyDecoder": C("CTCGreedyDecoder", args(normal(4, 2, 3),
                                                   lambda r: np.array([4, 3], np.int32)),
                          jit=DYN, vmap=DYN, grad=INTEGER),
}


# -- random ----------------------------------------------------------------------------------------
def _fixed(name, make, **kw):
    """The random class at a fixed key: a deterministic function whose gradient FD can check."""
    case = C(name, make, **kw)
    case.fn = at_fixed_key(case.fn)
    case.label, case.jit, case.vmap = "fixed_key", "see random case", "see random case"
    return case


RANDOM = {
    "StandardNormal": C("StandardNormal", args((3, 4)), seed=1, random=True, vmap=NO_ARRAY,
                        grad="random draw from a shape"),
    "StandardLaplace": C("StandardLaplace", args((3, 4)), random=True, vmap=NO_ARRAY,
                         grad="random draw from a shape"),
    "UniformReal": C("UniformReal", args((3, 4)), random=True, vmap=NO_ARRAY,
                     grad="random draw from a shape"),
    "UniformInt": C("UniformInt", args((3, 4), np.asarray(1, np.int32),
                                       np.asarray(9, np.int32)), random=True, grad=DISCRETE),
    "Gamma": [C("Gamma", args((3, 2), positive(3, 2), positive(3, 2)), random=True,
                grad=RANDOM_GRAD),
              _fixed("Gamma", args((3, 2), positive(3, 2, low=1.0, high=3.0),
                                   positive(3, 2)), grad_rtol=1e-2)],
    "RandomGamma": [C("RandomGamma", args((3,), positive(2)), random=True, grad=RANDOM_GRAD),
                    # JAX differentiates gamma samples implicitly through an approximate
                    # CDF derivative: ~1.5% off the finite difference for this draw
                    _fixed("RandomGamma", args((3,), positive(2, low=1.0, high=3.0)),
                           grad_rtol=3e-2)],
    "Poisson": C("Poisson", args((3, 2), positive(3, 2, low=1.0, high=4.0)), random=True,
                 grad=DISCRETE),
    "RandomPoisson": C("RandomPoisson", args((3,), positive(2, low=1.0, high=4.0)),
                       dtype=ms.int32, random=True, grad=DISCRETE),
    "Multinomial": C("Multinomial", args(probs(2, 5), 3), random=True, grad=DISCRETE),
    "MultinomialWithReplacement": C("MultinomialWithReplacement", args(probs(2, 5), 0, 0),
                                    numsamples=4, replacement=True, random=True,
                                    grad=DISCRETE),
    "RandomCategorical": C("RandomCategorical", args(normal(2, 5), 4), dtype=ms.int32,
                           random=True, grad=DISCRETE),
    "RandomShuffle": [C("RandomShuffle", args(normal(6, 2)), random=True, grad=RANDOM_GRAD),
                      _fixed("RandomShuffle", args(normal(6, 2)))],
    "Randperm": C("Randperm", args(np.array([4], np.int32)), max_length=6, static=(0,),
                  random=True, vmap=NO_ARRAY, grad=INTEGER),
    "RandpermV2": C("RandpermV2", args(5), dtype=ms.int32, random=True, vmap=NO_ARRAY,
                    grad=INTEGER),
    "Bernoulli": C("Bernoulli", args(N34, scalar(0.3)), random=True, grad=DISCRETE),
    "RandomChoiceWithMask": C("RandomChoiceWithMask", args(booleans(4, 3)), count=5,
                              random=True, grad=INTEGER),
    "TruncatedNormal": C("TruncatedNormal", args((3, 4)), random=True, vmap=NO_ARRAY,
                         grad="random draw from a shape"),
    "ParameterizedTruncatedNormal": [
        C("ParameterizedTruncatedNormal", args((2, 3), normal(2, 1), positive(2, 1),
                                               scalar(-1.0), scalar(1.0)), random=True,
          grad=RANDOM_GRAD),
        _fixed("ParameterizedTruncatedNormal", args((2, 3), normal(2, 1), positive(2, 1),
                                                    scalar(-3.0), scalar(3.0)), grad=(1, 2))],
    "LogNormalReverse": [C("LogNormalReverse", args(N34), mean=0.5, std=0.3, random=True,
                           grad="output does not depend on the input values"),
                         ],
    "Cauchy": C("Cauchy", args(), size=[3, 4], random=True, vmap=NO_ARRAY,
                grad="random draw from a shape"),
    "NonDeterministicInts": C("NonDeterministicInts", args((3, 4)), dtype=ms.int32,
                              random=True, vmap=NO_ARRAY, grad=INTEGER),
    "LogUniformCandidateSampler": C("LogUniformCandidateSampler", args(integers(3, 1, high=5)),
                                    num_sampled=4, range_max=8, random=True,
                                    grad="integer inputs"),
    "UniformCandidateSampler": C("UniformCandidateSampler", args(integers(3, 1, high=5)),
                                 num_true=1, num_sampled=4, unique=True, range_max=8,
                                 random=True, grad="integer inputs"),
}
RANDOM["Dropout"] = [C("Dropout", args(N34), keep_prob=0.7, random=True, grad=RANDOM_GRAD),
                     _fixed("Dropout", args(N34), keep_prob=0.7)]
RANDOM["Dropout2D"] = [C("Dropout2D", args(normal(2, 3, 2, 2)), keep_prob=0.6, random=True,
                         grad=RANDOM_GRAD),
                       _fixed("Dropout2D", args(normal(2, 3, 2, 2)), keep_prob=0.6)]
RANDOM["Dropout3D"] = [C("Dropout3D", args(normal(2, 3, 2, 2, 2)), keep_prob=0.6, random=True,
                         grad=RANDOM_GRAD),
                       _fixed("Dropout3D", args(normal(2, 3, 2, 2, 2)), keep_prob=0.6)]

# -- windows, fft, vision, optimizer updates ---------------------------------------------
OTHER = {
    "BartlettWindow": C("BartlettWindow", args(6), periodic=False, vmap=NO_ARRAY,
                        grad=NO_FLOAT),
    "BlackmanWindow": C("BlackmanWindow", args(6), vmap=NO_ARRAY, grad=NO_FLOAT),
    "HammingWindow": C("HammingWindow", args(6), alpha=0.5, beta=0.5, vmap=NO_ARRAY,
                       grad=NO_FLOAT),
    "STFT": C("STFT", args(normal(2, 32), positive(8)), n_fft=8, hop_length=2, win_length=8,
              normalized=True, onesided=True, return_complex=True, **CONV_TOL),
    "BoundingBoxEncode": C("BoundingBoxEncode", args(boxes(3), boxes(3)),
                           stds=(0.1, 0.1, 0.2, 0.2), **LIN),
    "BoundingBoxDecode": C("BoundingBoxDecode", args(boxes(3), normal(3, 4)),
                           max_shape=(40, 40), stds=(0.1, 0.1, 0.2, 0.2), **LIN),
    "IOU": C("IOU", args(boxes(3), boxes(2)), mode="iof", **LIN),
    "CheckValid": C("CheckValid", args(boxes(3), np.array([8.0, 8.0, 1.0], np.float32)),
                    grad=BOOL),
    "CropAndResize": C("CropAndResize", args(normal(2, 5, 5, 2), crop_boxes,
                                             integers(3, high=2), (3, 3)),
                       method="bilinear", extrapolation_value=0.5, grad=(0, 1), **CONV_TOL),
    "ApplyGradientDescent": C("ApplyGradientDescent", args(N34, scalar(0.1), N34)),
    "ApplyMomentum": [
        C("ApplyMomentum", args(N34, N34, scalar(0.1), N34, scalar(0.9)), use_nesterov=True),
        C("ApplyMomentum", args(param(N34, "w"), param(N34, "acc"), scalar(0.1), N34,
                                scalar(0.9)), state=True, vmap=STATE_VMAP, grad=STATE_GRAD,
          label="parameter")],
    "Adam": [
        C("Adam", args(N34, N34, POS, scalar(0.5), scalar(0.7), scalar(0.01), scalar(0.9),
                       scalar(0.99), scalar(1e-3), N34), use_nesterov=True),
        C("Adam", args(param(N34, "w"), param(N34, "m"), param(POS, "v"), scalar(0.5),
                       scalar(0.7), scalar(0.01), scalar(0.9), scalar(0.99), scalar(1e-3), N34),
          state=True, vmap=STATE_VMAP, grad=STATE_GRAD, label="parameter")],
}

# The UNARY/BINARY/REDUCE families forward to one functional op each. Their gradient is that
# op's, which the functional sweep checks; keep it here for a representative subset per family
# and for classes that fall back to their own jnp math (no functional twin).
GRAD_KEPT = {"Abs", "Log", "Atanh", "Sinc", "Angle", "ReLU6", "HSwish", "MatrixDeterminant",
             "Geqrf", "Div", "Pow", "FloorMod", "Atan2", "Igamma", "PReLU", "GatherNd",
             "Reshape", "ReduceSum", "ReduceMax", "ReduceProd"}


def _functional_twin(fn):
    """True when `fn` is a public functional op (which the functional sweep checks)."""
    return getattr(ops, getattr(fn, "__name__", ""), None) is fn


for _table, _family in ((UNARY, PT.UNARY), (BINARY, PT.BINARY), (REDUCE, PT.REDUCE)):
    for _n, _v in _table.items():
        _fn = _family[_n]
        if _n in GRAD_KEPT or not _functional_twin(_fn):
            continue
        for _case in _v if isinstance(_v, list) else [_v]:
            if _case.grad == "auto" or not isinstance(_case.grad, str):
                _case.grad = (f"thin wrapper over ops.{_fn.__name__}, whose "
                              "gradient the functional sweep checks")

# Classes of the UNARY/BINARY families call their functional twin and nothing else: their
# traced program IS the twin's, so jit and vmap behave as the functional sweep found them.
# For those, test_sweep_primitives checks the jaxprs are identical (a trace, no compile)
# instead of compiling every class again; GRAD_KEPT classes keep the full checks.
SAME_PROGRAM = {}
for _table, _family in ((UNARY, PT.UNARY), (BINARY, PT.BINARY)):
    for _n, _v in _table.items():
        _fn = _family[_n]
        if _n in GRAD_KEPT or _n in COMPLEX_UNARY or not _functional_twin(_fn):
            continue
        for _case in _v if isinstance(_v, list) else [_v]:
            if _case.jit is True and _case.vmap is True:
                SAME_PROGRAM[_n] = (_case, _fn)
                _case.jit = _case.vmap = (f"same program as ops.{_fn.__name__} (jaxpr "
                                          "equality: test_family_classes_trace_to_their_twin)")

SPECS = {}
for _table in (UNARY, BINARY, REDUCE, SHAPE, SCATTER, MATH, NN, LOSS, RANDOM, OTHER):
    for _n, _v in _table.items():
        if _n in SPECS:
            raise RuntimeError(f"specs_primitives: {_n} listed twice")
        SPECS[_n] = _v

CLASSES = [n for n in P.__all__ if n not in NOT_CLASSES]
