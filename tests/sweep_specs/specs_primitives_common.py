"""Shared pieces of the primitive-class sweep tables: skip reasons, case builders, generators."""

import dataclasses

import jax
import numpy as np
from _sweep import Case

import msfunc.ops as ops

# Names in primitives.__all__ the sweep does not build: not table-generated MindSpore
# primitive classes, or classes with nothing to run under jit, vmap and grad.
NOT_CLASSES = {
    "Primitive": "abstract base class: computes only in a user subclass's construct",
    "PrimitiveWithInfer": "abstract base class (Primitive with ignored infer hooks)",
    "PrimitiveWithCheck": "abstract base class (Primitive with ignored check hooks)",
    "prim_attr_register": "a decorator for user primitives' __init__, not a primitive",
    "Custom": "wraps a user function: the user op, not msfunc, defines its math "
    "(tests/ops/test_ops_primitives.py checks jit/grad of its bprop)",
    **dict.fromkeys(
        ("GeSwitch", "Merge", "NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUGetFloatStatus"),
        "no kernel, as on MindSpore's CPU build: calling it raises "
        "(tests/ops/test_ops_ut_primitives.py)",
    ),
    "NMSWithMask": "box selection checked against MindSpore's CPU kernel order "
    "(tests/ops/test_ops_ut_primitives.py); integer and boolean outputs",
    "SparseApplyFtrl": "writes its Parameters' rows in place, as the other sparse optimizer "
    "kernels (tests/ops/test_ops_ut_primitives.py)",
    **dict.fromkeys(
        (
            "FusedSparseAdam",
            "FusedSparseLazyAdam",
            "FusedSparseFtrl",
            "FusedSparseProximalAdagrad",
            "SparseApplyAdagrad",
            "SparseApplyAdagradV2",
            "SparseApplyRMSProp",
        ),
        "writes its Parameters' rows in place, as SparseApplyFtrl "
        "(tests/ops/test_kernel_gaps_golden.py checks each against MindSpore)",
    ),
    **dict.fromkeys(
        (
            "AdamWeightDecay",
            "ApplyAdagradDA",
            "ApplyCenteredRMSProp",
            "ApplyRMSProp",
            "FusedAdaFactor",
            "FusedAdaFactorWithGlobalNorm",
        ),
        "a fused optimizer kernel writing its Parameters in place "
        "(tests/ops/test_ops_fused_optim.py checks each against MindSpore)",
    ),
    "Assert": "returns nothing to map or differentiate: it raises on a false condition "
    "(tests/compat/test_compat_cpu_kernel_ops.py)",
    **dict.fromkeys(
        ("CombinedNonMaxSuppression", "ListDiff", "NoRepeatNGram"),
        "data-dependent selection with integer or masked outputs "
        "(tests/compat/test_compat_cpu_kernel_ops.py checks each against MindSpore)",
    ),
    **dict.fromkeys(
        ("PadAndShift", "MapUniform"),
        "integer id arithmetic for embedding caches, PadAndShift's length read from its "
        "inputs' values (tests/compat/test_primitive_extras.py checks each against MindSpore)",
    ),
    **dict.fromkeys(
        ("FractionalMaxPoolWithFixedKsize", "FractionalMaxPool3DWithFixedKsize"),
        "ops.fractional_max_pool2d/3d with given samples, which the functional sweep runs "
        "under jit, vmap and grad (tests/compat/test_primitive_extras.py checks the classes "
        "against MindSpore)",
    ),
    "LSTM": "a fused recurrent kernel over flat weights (tests/ops/test_ops_lstm_primitive.py)",
    "DeformableOffsets": "the sampling step of ops.deformable_conv2d, which the functional "
    "sweep runs under jit, vmap and grad; tests/ops/test_deformable.py checks it and its "
    "gradient kernel against MindSpore",
    "SparseTensorDenseMatmul": "a COO operand given as index, value and shape inputs; "
    "tests/ops/test_sparse_dense_matmul.py checks its values and tests/ops/"
    "test_kernel_gaps_golden.py MindSpore's",
}


INTEGER = "integer output"


BOOL = "boolean output"


NO_FLOAT = "no float input to differentiate (creation from shapes/constants)"


NO_ARRAY = "no array argument to map (creation from static shapes/constants)"


DYN = "data-dependent output shape (eager only by design)"


RANDOM_GRAD = "random draw; the fixed-key case checks the gradient"


DISCRETE = "discrete samples: not differentiable"


META = "shape/rank metadata: integer output"


STATE_VMAP = (
    "writes its Parameter argument: msfunc.vmap refuses per-element writes into one "
    "shared Parameter by design (ValueError)"
)


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
    return lambda re, im: op(jax.lax.complex(jax.numpy.asarray(re), jax.numpy.asarray(im)))
