"""Sweep table for msfunc.ops' COO/CSR sparse ops (func_sparse) and FFT/window ops (func_fft)."""

import jax.numpy as jnp
import numpy as np
from _sweep import Case
from jax import lax
from jax.experimental import sparse as jsparse

import msfunc as ms
import msfunc.ops as ops
from sweep_specs._gen import args, normal, positive, uniform

BOOL = "boolean output"
INT = "integer inputs and output"
INDICES = "integer output (the stored index arrays)"
EAGER = "data-dependent number of stored values (eager only by design)"
EAGER_GRAD = EAGER + (
    "; the grad check runs under jit (eagerly checked against finite "
    "differences in test_sweep_sparse_fft.py)"
)
NO_ARRAY = "no array argument: window_length is a static int"
NO_FLOAT = "no float input: window_length is a static int"
DENSE = (3, 4)
NNZ = 5


# -- private generators ---------------------------------------------------------------
def pattern(shape, nnz):
    """rng -> sorted (row-major) distinct positions, as (nnz, ndim) int32 indices."""

    def make(rng):
        flat = np.sort(rng.choice(int(np.prod(shape)), nnz, replace=False))
        return np.stack(np.unravel_index(flat, shape), axis=1).astype(np.int32)

    return make


def coo(values, shape=DENSE, nnz=NNZ):
    """rng -> COO tensor (BCOO) with a random sorted pattern and `values(nnz)` stored."""

    def make(rng):
        idx = pattern(shape, nnz)(rng)
        return jsparse.BCOO((values(nnz)(rng), idx), shape=shape)

    return make


def csr_parts(shape, nnz):
    """rng -> (indptr, column indices) of a random pattern of a 2-D matrix."""

    def make(rng):
        idx = pattern(shape, nnz)(rng)
        counts = np.bincount(idx[:, 0], minlength=shape[0])
        indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
        return indptr, idx[:, 1].astype(np.int32)

    return make


def csr(values, shape=DENSE, nnz=NNZ):
    """rng -> CSR tensor (BCSR) with a random pattern and `values(nnz)` stored."""

    def make(rng):
        indptr, cols = csr_parts(shape, nnz)(rng)
        return jsparse.BCSR((values(nnz)(rng), cols, indptr), shape=shape)

    return make


def away(*shape, kinks=(0.0,), gap=0.1, low=-2.0, high=2.0):
    """rng -> uniform array at least `gap` from each kink (finite differences never straddle
    a corner or jump of a piecewise op)."""

    def make(rng):
        x = rng.uniform(low, high, shape)
        for k in kinks:
            near = np.abs(x - k) < gap
            x = np.where(near, k + np.where(x >= k, 2 * gap, -2 * gap), x)
        return x.astype(np.float32)

    return make


def off_integers(*shape, low=-3.0, high=3.0, gap=0.1, offset=0.0):
    """rng -> values at least `gap` from every integer + offset (floor/ceil/round jump there)."""

    def make(rng):
        x = rng.uniform(low, high, shape)
        frac = np.clip(x - np.floor(x), gap, 1 - gap)
        return (np.floor(x) + frac + offset).astype(np.float32)

    return make


def with_specials(*shape):
    """rng -> normal values holding a NaN, +inf and -inf."""

    def make(rng):
        x = rng.standard_normal(shape).astype(np.float32).ravel()
        x[:3] = [np.nan, np.inf, -np.inf]
        return x.reshape(shape)

    return make


def small(n):
    """rng -> n values in [0.1, 0.3)."""
    return positive(n, low=0.1, high=0.3)


def small_or_big(n):
    """rng -> n values each in [0.1, 0.3) or [1.5, 2.0) (coinciding sums with `small` then
    lie below 0.6 or above 1.6, away from a threshold of 1)."""

    def make(rng):
        big = rng.random(n) < 0.5
        return np.where(big, rng.uniform(1.5, 2.0, n), rng.uniform(0.1, 0.3, n)).astype(np.float32)

    return make


def scalar(value):
    """rng -> 0-d float32 array (a traced scalar argument)."""
    return lambda rng: np.asarray(value, np.float32)


def spacing(rng):
    """rng -> 0-d positive float32 array (a traced sample spacing)."""
    return np.asarray(rng.uniform(0.5, 2.0), np.float32)


def on_complex(name):
    """The op applied to ``re + i*im`` built from two float arguments, so the sweep traces
    and differentiates a complex input (the runner differentiates float leaves only)."""
    op = getattr(ops, name)
    return lambda re, im, **kw: op(lax.complex(jnp.asarray(re), jnp.asarray(im)), **kw)


# -- element-wise ops on stored values: (value generator, extra Case options) -----------
_DOMAIN = {
    "abs": (away,),
    "acos": (uniform,),
    "acosh": (lambda *s: positive(*s, low=1.2, high=3.0),),
    "asin": (uniform,),
    "asinh": (normal,),
    "atan": (normal,),
    "atanh": (uniform,),
    "ceil": (off_integers,),
    "cos": (normal,),
    "cosh": (normal,),
    "exp": (normal,),
    "expm1": (normal,),
    "floor": (off_integers,),
    "inv": (away,),
    "isfinite": (with_specials,),
    "isinf": (with_specials,),
    "isnan": (with_specials,),
    "log": (positive,),
    "log1p": (lambda *s: positive(*s, low=-0.5, high=2.0),),
    "neg": (normal,),
    "relu": (away,),
    "relu6": (lambda *s: away(*s, kinks=(0.0, 6.0), low=-2.0, high=8.0),),
    "round": (lambda *s: off_integers(*s, offset=0.5),),
    "sigmoid": (normal,),
    "sin": (normal,),
    "sinh": (normal,),
    "softsign": (normal,),
    "sqrt": (positive,),
    "square": (normal,),
    "tan": (lambda *s: uniform(*s, low=-1.2, high=1.2),),
    "tanh": (normal,),
}
_BOOL_OUT = ("isfinite", "isinf", "isnan")


def _unary_cases():
    specs = {}
    for name, (gen,) in _DOMAIN.items():
        extra = {"grad": BOOL} if name in _BOOL_OUT else {}
        specs[f"coo_{name}"] = Case(args(coo(lambda n, g=gen: g(n))), **extra)
        specs[f"csr_{name}"] = Case(args(csr(lambda n, g=gen: g(n))), **extra)
    return specs


N = normal
C = coo(normal)
R = csr(normal)


def _csr_gather_args(rng):
    indptr, cols = csr_parts(DENSE, NNZ)(rng)
    return indptr, cols, normal(*DENSE)(rng), DENSE


def _make_csr_args(rng):
    indptr, cols = csr_parts(DENSE, NNZ)(rng)
    return indptr, cols, normal(NNZ)(rng), DENSE


def _coo_rows(rng):
    return pattern(DENSE, NNZ)(rng)[:, 0]


SPARSE = {
    **_unary_cases(),
    "make_coo_tensor": Case(args(pattern(DENSE, NNZ), normal(NNZ), DENSE)),
    "make_csr_tensor": Case(_make_csr_args),
    "coo_tensor_get_indices": Case(args(C), grad=INDICES),
    "coo_tensor_get_values": Case(args(C)),
    "coo_tensor_get_dense_shape": Case(args(C), grad="integer output (the static dense shape)"),
    "csr_tensor_get_indptr": Case(args(R), grad=INDICES),
    "csr_tensor_get_indices": Case(args(R), grad=INDICES),
    "csr_tensor_get_values": Case(args(R)),
    "csr_tensor_get_dense_shape": Case(args(R), grad="integer output (the static dense shape)"),
    # Stored values below thresh; coinciding pairs sum either below it (zeroed) or far above.
    "coo_add": Case(args(coo(small, nnz=6), coo(small_or_big, nnz=6), scalar(1.0))),
    "coo_concat": Case(args(lambda r: [C(r), coo(normal, shape=(3, 2), nnz=3)(r)], 1)),
    "coo2csr": Case(args(_coo_rows, DENSE[0]), grad=INT),
    "csr2coo": Case(args(lambda r: csr_parts(DENSE, NNZ)(r)[0], NNZ), grad=INT),
    "csr_to_coo": Case(args(R)),
    "csr_to_dense": Case(args(R)),
    "dense_to_sparse_coo": Case(args(normal(*DENSE)), jit=EAGER, vmap=EAGER, grad=EAGER_GRAD),
    "dense_to_sparse_csr": Case(args(normal(*DENSE)), jit=EAGER, vmap=EAGER, grad=EAGER_GRAD),
    "csr_add": Case(args(R, R, scalar(0.5), scalar(-2.0)), jit=EAGER, vmap=EAGER, grad=EAGER_GRAD),
    "csr_mul": Case(args(R, normal(1, 4))),
    "csr_div": Case(args(R, away(*DENSE, low=0.5, high=2.0))),
    "csr_mv": Case(args(R, normal(4, 1))),
    "csr_mm": [
        Case(args(R, normal(4, 2)), label="dense"),
        Case(
            args(R, csr(normal, shape=(2, 4), nnz=4)), kwargs={"trans_b": True}, label="csr_trans_b"
        ),
    ],
    "csr_reduce_sum": Case(args(R, 1)),
    "csr_softmax": Case(args(R)),
    "csr_gather": Case(_csr_gather_args, grad=(2,)),
}

# -- FFT family ----------------------------------------------------------------------------
F64 = {"dtype": ms.float64}
FFT_TOL = {"rtol": 1e-4, "atol": 1e-5}  # float32 FFT rounding: jit fuses differently


def cplx(name, *shape, **kw):
    """Case for `name` on a complex input of `shape` built from traced real/imag parts."""
    kwargs = kw.pop("kwargs", {})
    return Case(
        args(normal(*shape), normal(*shape)), fn=on_complex(name), kwargs=kwargs, **FFT_TOL, **kw
    )


def real(name, *shape, **kw):
    kwargs = kw.pop("kwargs", {})
    return Case(args(normal(*shape)), kwargs=kwargs, **FFT_TOL, **kw)


FFT = {
    "fft": cplx("fft", 3, 6, kwargs={"n": 4, "dim": 0, "norm": "ortho"}),
    "ifft": cplx("ifft", 3, 6, kwargs={"n": 4, "norm": "forward"}),
    "fft2": cplx("fft2", 2, 3, 4, kwargs={"s": (4, 5)}),
    "ifft2": cplx("ifft2", 2, 3, 4, kwargs={"norm": "ortho"}),
    "fftn": cplx("fftn", 2, 3, 4, kwargs={"s": (4, 6)}),
    "ifftn": cplx("ifftn", 2, 3, 4, kwargs={"dim": (0, 2)}),
    "rfft": real("rfft", 3, 8, kwargs={"norm": "ortho"}),
    "irfft": [
        cplx("irfft", 3, 5, label="default_n"),
        cplx("irfft", 3, 5, kwargs={"n": 7}, label="odd_n"),
    ],
    "rfft2": real("rfft2", 2, 4, 6),
    "irfft2": cplx("irfft2", 2, 4, 4, kwargs={"s": (4, 6)}),
    "rfftn": real("rfftn", 2, 4, 6, kwargs={"norm": "forward"}),
    "irfftn": cplx("irfftn", 2, 4, 4),
    "hfft": cplx("hfft", 3, 5, kwargs={"n": 8}),
    "ihfft": real("ihfft", 3, 8),
    "hfft2": cplx("hfft2", 2, 4, 4, kwargs={"norm": "ortho"}),
    "ihfft2": real("ihfft2", 2, 4, 6),
    "hfftn": cplx("hfftn", 2, 4, 4, kwargs={"s": (4, 6)}),
    "ihfftn": real("ihfftn", 2, 4, 6, kwargs={"norm": "ortho"}),
    "fftshift": real("fftshift", 4, 5),
    "ifftshift": real("ifftshift", 4, 5, kwargs={"dim": 1}),
    # d traced: the spacing is a Tensor-valued argument the frequencies are smooth in.
    "fftfreq": Case(args(8, spacing), **FFT_TOL),
    "rfftfreq": Case(args(7, spacing), **FFT_TOL),
    "stft": [
        Case(
            args(normal(2, 16), 8),
            kwargs={"hop_length": 2, "window": np.hanning(8)},
            label="complex",
            **FFT_TOL,
        ),
        Case(
            args(normal(16), 8, 3, 6, normal(6)),
            kwargs={"pad_mode": "CONSTANT", "normalized": True, "return_complex": False},
            label="real_view",
            **FFT_TOL,
        ),
    ],
    "bartlett_window": Case(args(7), kwargs={"periodic": False}, vmap=NO_ARRAY, grad=NO_FLOAT),
    "blackman_window": Case(args(8), vmap=NO_ARRAY, grad=NO_FLOAT),
    "hann_window": Case(args(8), vmap=NO_ARRAY, grad=NO_FLOAT),
    # alpha/beta traced: the window is smooth in its shape parameters; float64 windows so
    # the finite difference of the grad check is not drowned in float32 rounding.
    "hamming_window": Case(args(8, True, scalar(0.54), scalar(0.46)), kwargs=F64),
    "kaiser_window": Case(args(7, False, scalar(4.0)), kwargs=F64, **FFT_TOL),
}

SPECS = {**SPARSE, **FFT}
