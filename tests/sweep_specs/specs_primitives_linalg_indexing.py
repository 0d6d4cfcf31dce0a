"""Sweep table for the linalg, statistics, diagonal, indexing/scatter, space/batch, image and
loop primitive classes (one spec per class; tests/ops/test_sweep_primitives.py merges it with
specs_primitives.SPECS)."""

import jax.numpy as jnp
import numpy as np
import scipy.linalg as sla
from _sweep import Case

import msfunc.ops as ops
from sweep_specs._gen import args, booleans, integers, normal, uniform
from sweep_specs.specs_primitives_common import (
    DYN,
    INTEGER,
    LIN,
    C,
    cells,
    distinct_rows,
    scalar,
    spd,
    well,
)

PIECEWISE = "piecewise-constant output (bin counts): zero gradient almost everywhere"
NO_REVERSE = "JAX has no reverse-mode derivative of lax.while_loop (unbounded trip count)"


def const(value, dtype=np.int32):
    """rng -> the same integer array on every draw (static indices/ids of a case)."""
    return lambda rng: np.asarray(value, dtype)


def chol(n):
    """rng -> lower Cholesky factor of a well-conditioned SPD matrix."""
    return lambda rng: np.linalg.cholesky(spd(n)(rng)).astype(np.float32)


def lower_tri(n):
    """rng -> well-conditioned lower-triangular matrix."""
    return lambda rng: np.tril(well(n)(rng)).astype(np.float32)


def lu_packed(n):
    """rng -> (packed LU, 1-based pivots) of a well-conditioned matrix."""

    def make(rng):
        lu, piv = sla.lu_factor(well(n)(rng).astype(np.float64))
        return lu.astype(np.float32), (piv + 1).astype(np.int32)

    return make


def geqrf(m, n):
    """rng -> (Householder-packed QR, tau) of an m x n matrix (LAPACK geqrf)."""

    def make(rng):
        qr, tau, _, _ = sla.lapack.dgeqrf(rng.standard_normal((m, n)))
        return qr.astype(np.float32), tau.astype(np.float32)

    return make


def _lu_args(n, *rest):
    def make(rng):
        lu, piv = lu_packed(n)(rng)
        return tuple(m(rng) if callable(m) else m for m in rest[:1]) + (lu, piv)

    return make


def _qr_args(m, n, *rest):
    def make(rng):
        qr, tau = geqrf(m, n)(rng)
        return (qr, tau) + tuple(r(rng) for r in rest)

    return make


def _loop_body(i, x):
    return x * 0.9 + 1.0


def _while_cond(c):
    return c[0] < 3


def _while_body(c):
    return c[0] + 1, c[1] * 0.9 + 1.0


def _scan_body(c, x):
    return c * 0.5 + x, c * x


N34 = normal(3, 4)
SEG = const([0, 0, 1, 2, 2])
IMG = normal(1, 2, 4, 4)

LINALG_INDEXING = {
    "BatchToSpaceND": C(
        "BatchToSpaceND", args(normal(4, 1, 2, 2)), block_shape=[2, 2], crops=[[0, 0], [1, 0]]
    ),
    "SpaceToBatchND": C(
        "SpaceToBatchND", args(normal(1, 1, 3, 4)), block_shape=[2, 2], paddings=[[1, 0], [0, 0]]
    ),
    "BatchToSpace": C(
        "BatchToSpace", args(normal(4, 1, 2, 2)), block_size=2, crops=[[0, 0], [0, 1]]
    ),
    "SpaceToBatch": C(
        "SpaceToBatch", args(normal(1, 1, 4, 4)), block_size=2, paddings=[[0, 0], [0, 0]]
    ),
    "CTCLoss": C(
        "CTCLoss",
        args(
            normal(5, 2, 4),
            const([[0, 0], [0, 1], [1, 0]], np.int64),
            integers(3, high=3),
            const([5, 4]),
        ),
        grad=(0,),
        pick=0,
        **LIN,
    ),
    "Cdist": C("Cdist", args(normal(3, 4), normal(2, 4)), p=2.0, **LIN),
    "Pdist": C("Pdist", args(normal(4, 3)), p=2.0, **LIN),
    "CholeskyInverse": C("CholeskyInverse", args(chol(3)), **LIN),
    "CholeskySolve": C("CholeskySolve", args(normal(3, 2), chol(3)), **LIN),
    "Lstsq": C("Lstsq", args(normal(5, 3), normal(5, 2)), **LIN),
    "LuSolve": C("LuSolve", _lu_args(3, normal(3, 2)), grad=(0, 1), **LIN),
    "LuUnpack": C("LuUnpack", _lu_args(3), grad=(0,)),
    "Orgqr": C("Orgqr", _qr_args(4, 3), **LIN),
    "Ormqr": C("Ormqr", _qr_args(4, 3, normal(4, 2)), **LIN),
    "Renorm": C("Renorm", args(N34), p=2, dim=0, maxnorm=1.0, **LIN),
    "MatrixSolveLs": C("MatrixSolveLs", args(normal(5, 3), normal(5, 2), scalar(0.1)), **LIN),
    "MatrixTriangularSolve": C("MatrixTriangularSolve", args(lower_tri(3), normal(3, 2)), **LIN),
    "NuclearNorm": C("NuclearNorm", args(N34), **LIN),
    "ConjugateTranspose": C("ConjugateTranspose", args(normal(2, 3, 4), (2, 0, 1))),
    "MatrixDiagV3": C("MatrixDiagV3", args(normal(3), 1, 4, 4, scalar(0.5))),
    "MatrixDiagPartV3": C("MatrixDiagPartV3", args(N34, 1, scalar(0.0)), grad=(0,)),
    "MatrixSetDiagV3": C("MatrixSetDiagV3", args(normal(3, 3), normal(3), 0)),
    "DiagPart": C("DiagPart", args(normal(2, 3, 2, 3))),
    "FillDiagonal": C("FillDiagonal", args(normal(4, 3)), fill_value=2.0, wrap=False),
    "Median": C("Median", args(normal(3, 5)), axis=1),
    "Quantile": C("Quantile", args(normal(3, 5), scalar(0.3)), dim=1, **LIN),
    "NthElement": C("NthElement", args(normal(3, 5), 2)),
    "Histogram": C("Histogram", args(normal(10)), bins=4, min=-2.0, max=2.0, grad=PIECEWISE),
    "HistogramFixedWidth": C(
        "HistogramFixedWidth",
        args(normal(10), np.array([-2.0, 2.0], np.float32)),
        nbins=4,
        grad=INTEGER,
    ),
    "Partial": Case(args(normal(3)), fn=lambda x: ops.Partial()(jnp.multiply, 2.0)(x)),
    "EqualCount": C("EqualCount", args(integers(6, high=3), integers(6, high=3)), grad=INTEGER),
    "Coalesce": C(
        "Coalesce",
        args(const([[0, 1, 0], [1, 2, 1]], np.int64), normal(3), (2, 3)),
        static=(0,),
        grad=(1,),
    ),
    "IndexFill": C("IndexFill", args(N34, 1, const([0, 2]), scalar(1.5))),
    "InplaceIndexAdd": C(
        "InplaceIndexAdd", args(N34, distinct_rows(2, 4), normal(3, 2)), axis=1, grad=(0, 2)
    ),
    "IndexPut": C(
        "IndexPut",
        args(N34, normal(2), lambda r: [np.array([0, 2], np.int32), np.array([1, 3], np.int32)]),
        grad=(0, 1),
    ),
    "MaskedScatter": C("MaskedScatter", args(N34, booleans(3, 4), normal(12)), grad=(0, 2)),
    "TensorScatterElements": C(
        "TensorScatterElements",
        args(N34, integers(2, 4, high=3), normal(2, 4)),
        reduction="add",
        grad=(0, 2),
    ),
    "ScatterAddWithAxis": C(
        "ScatterAddWithAxis", args(N34, integers(3, 2, high=4), normal(3, 2)), axis=1, grad=(0, 2)
    ),
    "UniqueConsecutive": C(
        "UniqueConsecutive", args(integers(8, high=3)), jit=DYN, vmap=DYN, grad=INTEGER
    ),
    "UniqueWithPad": C("UniqueWithPad", args(integers(6, high=4), -1), grad=INTEGER),
    "SparseToDense": C("SparseToDense", args(cells(2, (4, 3)), normal(2), (4, 3)), grad=(1,)),
    "UnravelIndex": C("UnravelIndex", args(integers(4, high=12), (3, 4)), grad=INTEGER),
    "EmbeddingLookup": C("EmbeddingLookup", args(normal(5, 3), integers(4, high=7), 1), grad=(0,)),
    "SparseGatherV2": C("SparseGatherV2", args(normal(5, 3), integers(4, high=5), 0), grad=(0,)),
    "MoveTo": C("MoveTo", args(N34)),
    "LerpScalar": C("LerpScalar", args(N34, N34, 0.3)),
    "RGBToHSV": C("RGBToHSV", args(uniform(2, 3, 3, low=0.05, high=0.95)), **LIN),
    "HSVToRGB": C("HSVToRGB", args(uniform(2, 3, 3, low=0.1, high=0.9)), **LIN),
    "Im2Col": C("Im2Col", args(IMG), ksizes=2, strides=1),
    "DepthwiseConv2dNative": C(
        "DepthwiseConv2dNative",
        args(IMG, normal(2, 2, 2, 2)),
        channel_multiplier=2,
        kernel_size=2,
        **LIN,
    ),
    "ExtractImagePatches": C(
        "ExtractImagePatches",
        args(IMG),
        ksizes=(1, 1, 2, 2),
        strides=(1, 1, 2, 1),
        rates=(1, 1, 1, 1),
        padding="valid",
    ),
    "ForiLoop": C("ForiLoop", args(0, 3, lambda r: _loop_body, normal(3))),
    "WhileLoop": C(
        "WhileLoop",
        args(lambda r: _while_cond, lambda r: _while_body, lambda r: (0, normal(3)(r))),
        grad=NO_REVERSE,
    ),
    "Scan": C("Scan", args(lambda r: _scan_body, normal(3), normal(4, 3))),
}
for _n in ("SegmentSum", "SegmentMax", "SegmentMin", "SegmentMean", "SegmentProd"):
    LINALG_INDEXING[_n] = C(_n, args(normal(5, 3), SEG), static=(1,), grad=(0,))
