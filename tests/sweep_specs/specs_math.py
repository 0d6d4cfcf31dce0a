"""Sweep table for msfunc.ops' elementwise math, comparison and logical ops (func_math)."""

import jax.numpy as jnp
import numpy as np
from _sweep import Case
from jax import lax

import msfunc as ms
import msfunc.ops as ops
from sweep_specs._gen import args, booleans, integers, normal, positive, uniform

BOOL = "boolean output"
INT = "integer inputs and output"
SHAPE = (3, 4)


# -- private generators ---------------------------------------------------------------
def away(*shape, kinks=(0.0,), gap=0.1, low=-2.0, high=2.0):
    """rng -> uniform array at least `gap` from each kink, so a finite difference never
    straddles a corner or a jump of a piecewise op."""

    def make(rng):
        x = rng.uniform(low, high, shape)
        for k in kinks:
            near = np.abs(x - k) < gap
            x = np.where(near, k + np.where(x >= k, 2 * gap, -2 * gap), x)
        return x.astype(np.float32)

    return make


def off_integers(*shape, low=-3.0, high=3.0, gap=0.1, step=1.0):
    """rng -> uniform array at least `gap * step` from every multiple of `step` (floor, ceil,
    round and friends jump there)."""

    def make(rng):
        x = rng.uniform(low, high, shape) / step
        frac = x - np.floor(x)
        frac = np.clip(frac, gap, 1 - gap)
        return ((np.floor(x) + frac) * step).astype(np.float32)

    return make


def off_halves(*shape, decimals=0):
    """rng -> values at least 0.1 ulp-of-rounding from the x.5 points where round jumps."""
    step = 10.0**-decimals

    def make(rng):
        return (off_integers(*shape, step=step)(rng) + 0.5 * step).astype(np.float32)

    return make


def with_specials(*shape):
    """rng -> normal array holding a NaN, +inf and -inf."""

    def make(rng):
        x = rng.standard_normal(shape).astype(np.float32).ravel()
        x[:3] = [np.nan, np.inf, -np.inf]
        return x.reshape(shape)

    return make


def param(maker, name="p"):
    """rng -> a fresh Parameter holding maker's draw (the in-place ops)."""
    return lambda rng: ms.Parameter(maker(rng), name=name)


def complex_input(name):
    """The op applied to ``re + i*im`` built from two float arguments, so the sweep can trace
    and differentiate a complex input (the runner differentiates float leaves only)."""
    op = getattr(ops, name)
    return lambda re, im, **kw: op(lax.complex(jnp.asarray(re), jnp.asarray(im)), **kw)


def unary(maker, **kw):
    return Case(args(maker), **kw)


def binary(a, b, **kw):
    return Case(args(a, b), **kw)


N = normal(*SHAPE)
P = positive(*SHAPE)
U = uniform(*SHAPE)
NZ = away(*SHAPE)  # normal-ish, away from 0
INTS = integers(*SHAPE, low=-8, high=9)
POS_INTS = integers(*SHAPE, low=1, high=30)
SHIFTS = integers(*SHAPE, low=0, high=5)
B = booleans(*SHAPE)
STEP = off_integers(*SHAPE)


# -- unary ------------------------------------------------------------------------------
UNARY = {
    "abs": unary(NZ),
    "absolute": unary(NZ),
    "acos": unary(U),
    "arccos": unary(U),
    "asin": unary(U),
    "arcsin": unary(U),
    "atanh": unary(U),
    "arctanh": unary(U),
    "acosh": unary(positive(*SHAPE, low=1.2, high=3.0)),
    "arccosh": unary(positive(*SHAPE, low=1.2, high=3.0)),
    "asinh": unary(N),
    "arcsinh": unary(N),
    "atan": unary(N),
    "arctan": unary(N),
    "angle": Case(args(NZ, NZ), fn=complex_input("angle")),
    "conj": Case(args(N, N), fn=complex_input("conj")),
    "real": Case(args(N, N), fn=complex_input("real")),
    "imag": Case(args(N, N), fn=complex_input("imag")),
    # piecewise constant: checked anyway, the finite difference is 0 away from the jumps
    "ceil": unary(STEP),
    "floor": unary(STEP),
    "trunc": unary(STEP),
    "sign": unary(NZ),
    "cos": unary(N),
    "cosh": unary(N),
    "sin": unary(N),
    "sinh": unary(N),
    "tan": unary(U),
    "tanh": unary(N),
    "sinc": unary(NZ),
    "deg2rad": unary(N),
    "rad2deg": unary(N),
    "digamma": unary(P),
    "lgamma": unary(P),
    "erf": unary(N),
    "erfc": unary(N),
    "erfinv": unary(U),
    "exp": unary(N),
    "tensor_exp": unary(N),
    "exp2": unary(N),
    "expm1": unary(N),
    "tensor_expm1": unary(N),
    "i0": unary(N),
    "bessel_i0": unary(N),
    "bessel_i0e": unary(NZ),
    "bessel_i1": unary(N),
    "bessel_i1e": unary(NZ),
    "bessel_j0": unary(N),
    "bessel_j1": unary(N),
    "bessel_y0": unary(P),
    "bessel_y1": unary(P),
    "bessel_k0": unary(P),
    "bessel_k1": unary(P),
    "bessel_k0e": unary(P),
    "bessel_k1e": unary(P),
    "log": unary(P),
    "log10": unary(P),
    "log1p": unary(P),
    "log2": unary(P),
    "neg": unary(N),
    "negative": unary(N),
    "positive": unary(N),
    "reciprocal": unary(NZ),
    "inv": unary(NZ),
    "rsqrt": unary(P),
    "sqrt": unary(P),
    "square": unary(N),
    "isfinite": unary(with_specials(*SHAPE), grad=BOOL),
    "isinf": unary(with_specials(*SHAPE), grad=BOOL),
    "isnan": unary(with_specials(*SHAPE), grad=BOOL),
    "isnan_ext": unary(with_specials(*SHAPE), grad=BOOL),
    "isneginf": unary(with_specials(*SHAPE), grad=BOOL),
    "isposinf": unary(with_specials(*SHAPE), grad=BOOL),
    "isreal": Case(
        args(N, lambda r: np.where(r.random(SHAPE) < 0.5, 0.0, 1.0).astype(np.float32)),
        fn=complex_input("isreal"),
        grad=BOOL,
    ),
    "signbit": unary(N, grad=BOOL),
    "logical_not": unary(B, grad=BOOL),
    "invert": unary(INTS, grad=INT),
    "population_count": unary(INTS, grad=INT),
}

# -- binary -----------------------------------------------------------------------------
BINARY = {
    "add": binary(N, N),
    "tensor_add": binary(N, N),
    "sub": binary(N, N),
    "tensor_sub": binary(N, N),
    "mul": binary(N, N),
    "multiply": binary(N, N),
    "tensor_mul": binary(N, N),
    "tensor_muls": binary(N, 2.5),
    "subtract": binary(N, N, kwargs={"alpha": 2.0}),
    "atan2": binary(N, N),
    "arctan2": binary(N, N),
    "hypot": binary(N, N),
    "logaddexp": binary(N, N),
    "logaddexp2": binary(N, N),
    "copysign": binary(NZ, NZ),
    "fmax": binary(N, N),
    "fmin": binary(N, N),
    "maximum": binary(N, N),
    "minimum": binary(N, N),
    "true_divide": binary(N, NZ),
    "tensor_div": binary(N, NZ),
    "div": [
        binary(N, NZ, label="true"),
        binary(N, NZ, kwargs={"rounding_mode": "floor"}, label="floor"),
        binary(N, NZ, kwargs={"rounding_mode": "trunc"}, label="trunc"),
    ],
    "divide": binary(N, NZ),
    "truncate_div": [
        binary(N, NZ, label="float"),
        binary(INTS, integers(*SHAPE, low=1, high=5), grad=INT, label="int"),
    ],
    # floor(x / y) is piecewise constant in (x, y): FD is 0 off the jumps, as is the gradient
    "floor_div": binary(N, NZ),
    "floor_divide": binary(N, NZ),
    "floordiv": binary(N, NZ),
    "tensor_floordiv": binary(N, NZ),
    "floor_mod": binary(N, NZ),
    "floormod": binary(N, NZ),
    "tensor_mod": binary(N, NZ),
    "remainder": binary(N, NZ),
    "fmod": binary(N, NZ),
    "truncate_mod": binary(N, NZ),
    "pow": binary(P, N),
    "pows": binary(P, 1.5),
    "tensor_pow": binary(P, N),
    "float_power": binary(P, N),
    "xlogy": binary(N, P),
    "xdivy": binary(NZ, NZ),
    "heaviside": binary(NZ, N),
    "nextafter": binary(N, N),
    "igamma": binary(P, P),
    "igammac": binary(P, P),
    "zeta": binary(positive(*SHAPE, low=1.5, high=3.0), P),
    "ldexp": binary(N, integers(*SHAPE, low=-3, high=4)),
    "polar": binary(P, N),
    "bitwise_and": binary(INTS, INTS, grad=INT),
    "bitwise_or": binary(INTS, INTS, grad=INT),
    "bitwise_xor": binary(INTS, INTS, grad=INT),
    "bitwise_left_shift": binary(INTS, SHIFTS, grad=INT),
    "bitwise_right_shift": binary(INTS, SHIFTS, grad=INT),
    "gcd": binary(POS_INTS, POS_INTS, grad=INT),
    "lcm": binary(POS_INTS, POS_INTS, grad=INT),
    "logical_and": binary(B, B, grad=BOOL),
    "logical_or": binary(B, B, grad=BOOL),
    "logical_xor": binary(B, B, grad=BOOL),
    "approximate_equal": binary(N, N, kwargs={"tolerance": 0.5}, grad=BOOL),
    "isclose": binary(N, N, kwargs={"rtol": 0.1, "atol": 0.1}, grad=BOOL),
}
for _name in [
    "eq",
    "equal",
    "ne",
    "not_equal",
    "ge",
    "greater_equal",
    "tensor_ge",
    "gt",
    "greater",
    "tensor_gt",
    "le",
    "less_equal",
    "tensor_le",
    "lt",
    "less",
    "tensor_lt",
]:
    # integer draws so ties (the == branch) occur
    BINARY[_name] = binary(integers(*SHAPE, high=3), integers(*SHAPE, high=3), grad=BOOL)


# -- the rest -----------------------------------------------------------------------------
def _clamp_x(rng):
    return away(*SHAPE, kinks=(-0.5, 0.5))(rng)


INPLACE_VMAP = (
    "writes its Parameter argument: msfunc.vmap refuses per-element values "
    "written into one shared Parameter by design (ValueError); the array case "
    "checks vmap"
)
INPLACE_GRAD = "Parameter input is written, not differentiated; the array case checks grad"

OTHER = {
    "addcdiv": Case(args(N, N, NZ), kwargs={"value": 0.5}),
    "addcmul": Case(args(N, N, N), kwargs={"value": 0.5}),
    "lerp": Case(args(N, N, U)),
    "eps": Case(args(N)),  # constant output: gradient and finite difference are both 0
    "logit": [
        Case(args(uniform(*SHAPE, low=0.1, high=0.9)), label="plain"),
        Case(args(uniform(*SHAPE, low=0.1, high=0.9)), kwargs={"eps": 0.2}, label="eps"),
    ],
    "nan_to_num": Case(
        args(with_specials(*SHAPE)), kwargs={"nan": 1.0, "posinf": 5.0, "neginf": -5.0}
    ),
    "round": [
        Case(args(off_halves(*SHAPE)), label="int"),
        Case(args(off_halves(*SHAPE, decimals=1)), kwargs={"decimals": 1}, label="decimals"),
    ],
    "sgn": [
        Case(args(NZ), label="real"),
        Case(args(NZ, NZ), fn=complex_input("sgn"), label="complex"),
    ],
    "frac": Case(args(STEP)),
    "polygamma": Case(args(integers(*SHAPE, low=0, high=3), P)),
    "mvlgamma": Case(args(positive(*SHAPE, low=2.0, high=4.0), 3)),
    "clamp": [
        Case(args(_clamp_x, -0.5, 0.5), label="scalar_bounds"),
        Case(args(_clamp_x, lambda r: np.full(SHAPE, -0.5, np.float32), None), label="tensor_min"),
    ],
    "clip": Case(args(_clamp_x, -0.5, 0.5)),
    "clip_by_value": [
        Case(args(_clamp_x, -0.5, 0.5), label="tensor"),
        Case(lambda r: ([_clamp_x(r), _clamp_x(r)], -0.5, 0.5), label="list"),
    ],
    "clamp_": [
        Case(args(_clamp_x, -0.5, 0.5), label="array"),
        Case(
            args(param(_clamp_x), -0.5, 0.5),
            state=True,
            vmap=INPLACE_VMAP,
            grad=INPLACE_GRAD,
            label="parameter",
        ),
    ],
    "tanh_": [
        Case(args(N), label="array"),
        Case(args(param(N)), state=True, vmap=INPLACE_VMAP, grad=INPLACE_GRAD, label="parameter"),
    ],
    "zero_": [
        Case(args(N), label="array"),
        Case(args(param(N)), state=True, vmap=INPLACE_VMAP, grad=INPLACE_GRAD, label="parameter"),
    ],
}

SPECS = {**UNARY, **BINARY, **OTHER}
