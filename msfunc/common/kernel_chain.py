"""Float16 values between MindSpore's float32-only CPU kernels, kept unrounded as graph mode does.

MindSpore's CPU build has no float16 kernel for some ops (MatMul, BiasAdd, Tanh, Exp, Square,
Pow, Abs, Softplus, ReduceSum, ReduceMean; found by dumping its kernel graph with
``MS_DEV_SAVE_GRAPHS=2``). In graph mode it casts their float16 inputs to float32, runs them in
float32, casts the results back, and then removes every cast to float16 that is followed by a
cast back to float32: a value passing from one such kernel to another stays float32 and is
never rounded, while a kernel with a float16 implementation (Mul, Add, Sin ...) reads it rounded.

msfunc does the same while a MindSpore program (`context.mindspore_cpu_numerics`) traces with
graph semantics (`_state.graph_semantics`): such an op computes in float32 (`to32` of its
inputs) and returns its result rounded (`to16`), remembering the float32 value it rounded; a
later float32-only op reading that rounded array takes the remembered float32 value instead.
Derivatives follow by JAX's differentiation of the float32 computation.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .. import _state, context
from . import cpu_exp
from .identity_map import IdentityMap

_F16 = np.dtype(jnp.float16)

# rounded array -> the float32 value it rounds; an entry leaves with its array, so a finished
# trace leaves nothing behind.
_SOURCES = IdentityMap()


def applies(x):
    """Whether `x` is a float16 array that a float32-only kernel takes in float32: inside a
    function traced with graph semantics, in a MindSpore program.

    Example:
        >>> applies(jnp.ones(2, jnp.float16))  # eager code
        False
    """
    return (
        getattr(x, "dtype", None) == _F16
        and context._MINDSPORE_CPU_NUMERICS[0]
        and _state.graph_semantics()
    )


def source(x):
    """The float32 value a float32-only kernel rounded to give `x`, else None.

    Example:
        >>> source(jnp.ones(2, jnp.float16)) is None
        True
    """
    return _SOURCES.get(x)


def sliced(x, items):
    """`items(x)`, a basic index of `x` (StridedSlice, which MindSpore's CPU build also runs in
    float32): taken from the float32 value of a chained `x` and rounded again, else None.

    Example:
        >>> sliced(jnp.ones(2, jnp.float16), lambda v: v[:1]) is None
        True
    """
    held = source(x)
    return None if held is None else to16(items(held))


# The conversions a float32-only kernel makes, as named calls: a traced program shows them as
# `jit` equations of these names, which `msfunc.transforms.addn_chain` tells apart from a
# program's own casts (MindSpore removes the first kind in pairs, never the second).
@jax.jit
def chain_up(x):
    """`x` cast to float32 for a float32-only kernel (a named call in traced programs).

    Example:
        >>> chain_up(jnp.ones(2, jnp.float16)).dtype
        dtype('float32')
    """
    return x.astype(jnp.float32)


@jax.jit
def chain_down(y):
    """A float32-only kernel's result `y` rounded to float16 (a named call in traced
    programs).

    Example:
        >>> chain_down(jnp.ones(2, jnp.float32)).dtype
        dtype('float16')
    """
    return y.astype(_F16)


@jax.jit
def zeros_reading(x):
    """Zeros of `x`'s shape and dtype, as a named call that reads `x`: MindSpore's ZerosLike
    keeps the run that made `x` until after differentiation (a gradient's sensitivity made
    with it counts that run; `msfunc.transforms.addn_chain`), while OnesLike does not.

    Example:
        >>> zeros_reading(jnp.ones(2, jnp.float16))
        Array([0., 0.], dtype=float16)
    """
    return jnp.zeros_like(x)


def to32(x):
    """`x` as a float32-only kernel reads it: the float32 value `x` was rounded from, when a
    float32-only kernel made it, else `x` cast to float32.

    Example:
        >>> to32(jnp.ones(2, jnp.float16)).dtype
        dtype('float32')
    """
    held = source(x)
    return chain_up(jnp.asarray(x)) if held is None else held


def to16(y):
    """Float32 `y`, a float32-only kernel's result, rounded to float16 for the ops that read
    it in float16; `to32` of the result gives `y` back.

    Example:
        >>> y = jnp.float32(1 / 3)
        >>> to32(to16(y)) is y
        True
    """
    out = chain_down(y)
    try:
        _SOURCES[out] = y
    except TypeError:  # (an object without weak references: no chain through it)
        pass
    return out


def unary(fn, in_float32=None):
    """`fn` as a float32-only kernel: on float16 input under graph semantics it computes in
    float32 (`in_float32`, where its gradient is MindSpore's, else `fn`) and rounds once
    (`to32`, `to16`); otherwise `fn` itself.

    Example:
        >>> unary(jnp.square)(jnp.float16(3.0)).item()
        9.0
    """
    chained = in_float32 or fn

    def kernel(x, *args, **kwargs):
        if applies(x):
            return to16(chained(to32(x), *args, **kwargs))
        return fn(x, *args, **kwargs)

    kernel.__name__ = getattr(fn, "__name__", "kernel")
    kernel.__wrapped__ = fn
    return kernel


@jax.custom_jvp
def _square(x):
    return x * x


@_square.defjvp
def _square_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # MindSpore's Square gradient is dout * (2 * x): a float16 Mul, reading both rounded
    twice = chain_down(x) * 2
    return x * x, chain_up(chain_down(t) * twice)


def _exp_values(x):
    # MindSpore's CPU exp where it applies (a MindSpore program on CPU), else XLA's
    return cpu_exp.exp(x) if cpu_exp.applies(x) else jnp.exp(x)


@jax.custom_jvp
def _exp(x):
    return _exp_values(x)


@_exp.defjvp
def _exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _exp_values(x)
    # MindSpore's Exp gradient is dout * out: a float16 Mul, reading both rounded
    return y, chain_up(chain_down(t) * chain_down(y))


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def _power(x, exponent):
    return jnp.power(x, exponent)


@_power.defjvp
def _power_jvp(exponent, primals, tangents):
    (x,), (t,) = primals, tangents
    # MindSpore's Pow gradient: (exponent * x ** (exponent - 1)) * dout, the power a float32
    # kernel reading x unrounded, both products float16 Muls
    scale = jnp.float16(exponent) * chain_down(jnp.power(x, exponent - 1))
    return jnp.power(x, exponent), chain_up(scale * chain_down(t))


def power(x, exponent):
    """``x ** exponent`` for a Python number `exponent`: on float16 `x` under graph semantics
    MindSpore's float32-only Pow kernel and its gradient; otherwise `jnp.power`.

    Example:
        >>> power(jnp.float16(3.0), 2).item()
        9.0
    """
    scalar = isinstance(exponent, (int, float)) and not isinstance(exponent, bool)
    if scalar and applies(x):
        return to16(_power(to32(x), float(exponent)))
    return jnp.power(x, exponent)


def binary(fn):
    """`fn(a, b)` as a float32-only kernel (MatMul): float16 operands of one dtype computed in
    float32 and rounded once under graph semantics; otherwise `fn` itself.

    Example:
        >>> binary(jnp.matmul)(jnp.ones((1, 2), jnp.float16), jnp.ones((2, 1), jnp.float16))
        Array([[2.]], dtype=float16)
    """

    def kernel(a, b, *args, **kwargs):
        if applies(a) and getattr(b, "dtype", None) == _F16:
            return to16(fn(to32(a), to32(b), *args, **kwargs))
        return fn(a, b, *args, **kwargs)

    kernel.__name__ = getattr(fn, "__name__", "kernel")
    kernel.__wrapped__ = fn
    return kernel


square = unary(jnp.square, _square)
exp = unary(_exp_values, _exp)

__all__ = [
    "applies",
    "binary",
    "chain_down",
    "chain_up",
    "exp",
    "power",
    "sliced",
    "source",
    "square",
    "to16",
    "to32",
    "unary",
]
