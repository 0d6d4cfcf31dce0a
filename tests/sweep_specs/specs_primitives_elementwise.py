"""Sweep specs of the one-tensor, two-tensor and reduction primitive classes; the classes whose
program is their functional twin's are checked by jaxpr equality (SAME_PROGRAM)."""

import numpy as np
from _sweep import Case

import msfunc.ops as ops
from msfunc.ops.primitive_tables import elementwise as PT
from sweep_specs._gen import args, booleans, integers, normal, positive, uniform
from sweep_specs.specs_nn import away
from sweep_specs.specs_primitives_common import (
    BOOL,
    DYN,
    INTEGER,
    LIN,
    C,
    cells,
    complex_of,
    spd,
    well,
    with_nonfinite,
)

# -- the UNARY family: each class forwards to one functional op ------------------------------
N34 = normal(3, 4)


UNARY_DOMAIN = {  # class -> (argument maker, extra Case keywords)
    "Abs": (away(3, 4), {}),
    "Sign": (away(3, 4), {}),
    "ACos": (uniform(3, 4), {}),
    "Asin": (uniform(3, 4), {}),
    "Atanh": (uniform(3, 4), {}),
    "Erfinv": (uniform(3, 4), {}),
    "Acosh": (positive(3, 4, low=1.2, high=3.0), {}),
    "Log": (positive(3, 4), {}),
    "Log1p": (positive(3, 4), {}),
    "Sqrt": (positive(3, 4), {}),
    "Rsqrt": (positive(3, 4), {}),
    "Reciprocal": (positive(3, 4), {}),
    "Inv": (positive(3, 4), {}),
    "Lgamma": (positive(3, 4), {}),
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
    "NonZero": (
        lambda r: (r.random((3, 4)) < 0.5).astype(np.float32),
        {"jit": DYN, "vmap": DYN, "grad": INTEGER},
    ),
    "Geqrf": (normal(4, 3), LIN),
    "MatrixLogarithm": (
        spd(3),
        {
            **LIN,
            "grad": (
                "JAX has no derivative for the eigenvectors of a general matrix (jnp.linalg.eig: "
                "NotImplementedError), which this eigendecomposition-based logarithm needs"
            ),
        },
    ),
    "ReLU": (away(3, 4), {}),
    "ReLU6": (away(3, 4, kinks=(0.0, 6.0), low=-3, high=8), {}),
    "SeLU": (away(3, 4), {}),
    "HSwish": (away(3, 4, kinks=(-3.0, 3.0), low=-4, high=4), {}),
    "HSigmoid": (away(3, 4, kinks=(-3.0, 3.0), low=-4, high=4), {}),
}


for _n in (
    "BesselI0",
    "BesselI0e",
    "BesselI1",
    "BesselI1e",
    "BesselJ0",
    "BesselJ1",
    "BesselK0",
    "BesselK0e",
    "BesselK1",
    "BesselK1e",
    "BesselY0",
    "BesselY1",
):
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
    "Div": (N34, NZ, {}),
    "RealDiv": (N34, NZ, {}),
    "DivNoNan": (N34, NZ, {}),
    "Xdivy": (N34, NZ, {}),
    "FloorDiv": (normal(3, 4), NZ, {}),
    "TruncateDiv": (normal(3, 4), NZ, {}),
    "FloorMod": (positive(3, 4, low=0.1, high=3.0), POS, {}),
    "Mod": (positive(3, 4, low=0.1, high=3.0), POS, {}),
    "TruncateMod": (positive(3, 4, low=0.1, high=3.0), POS, {}),
    "Pow": (POS, N34, {}),
    "Xlogy": (N34, POS, {}),
    "Heaviside": (away(3, 4), N34, {}),
    "Igamma": (POS, POS, {}),
    "Igammac": (POS, POS, {}),
    "Zeta": (positive(3, 4, low=1.5, high=3.0), POS, {}),
    "Polygamma": (integers(3, 4, high=3), POS, {"grad": (1,)}),
    "Polar": (POS, N34, {}),
    "Ger": (normal(3), normal(4), {}),
    "GatherNd": (N34, cells(2, (3, 4)), {"grad": (0,)}),
    "PReLU": (away(2, 3, 4), positive(3, low=0.1, high=0.5), {}),
    "MaskedSelect": (N34, booleans(3, 4), {"jit": DYN, "vmap": DYN, "grad": DYN}),
    "Reshape": (normal(3, 4), (2, 6), {}),
    "Tile": (normal(3, 4), (2, 1), {}),
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


REDUCE.update(
    {
        _n: C(_n, args(booleans(2, 3, 4), (0, 2)), keep_dims=True, grad=BOOL)
        for _n in ("ReduceAll", "ReduceAny")
    }
)


REDUCE["ReduceSum"] = [REDUCE["ReduceSum"], C("ReduceSum", args(normal(2, 3)), label="all_axes")]


# The UNARY/BINARY/REDUCE families forward to one functional op each. Their gradient is that
# op's, which the functional sweep checks; keep it here for a representative subset per family
# and for classes that fall back to their own jnp math (no functional twin).
GRAD_KEPT = {
    "Abs",
    "Log",
    "Atanh",
    "Sinc",
    "Angle",
    "ReLU6",
    "HSwish",
    "MatrixDeterminant",
    "Geqrf",
    "Div",
    "Pow",
    "FloorMod",
    "Atan2",
    "Igamma",
    "PReLU",
    "GatherNd",
    "Reshape",
    "ReduceSum",
    "ReduceMax",
    "ReduceProd",
}


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
                _case.grad = (
                    f"thin wrapper over ops.{_fn.__name__}, whose "
                    "gradient the functional sweep checks"
                )


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
                _case.jit = _case.vmap = (
                    f"same program as ops.{_fn.__name__} (jaxpr "
                    "equality: test_family_classes_trace_to_their_twin)"
                )


# AddV2 is a table row of its own (Add on operands of one shape), not a BINARY family member
BINARY["AddV2"] = C("AddV2", args(N34, N34))
