"""Float16 kernels that round where MindSpore 2.10's CPU kernels round (mostly in its gradients)."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.interpreters import ad, batching, mlir

from .. import context
from .._jax_private import ArrayImpl, Primitive, core
from . import cpu_broadcast, cpu_matmul, cpu_tanh, kept_division, kernel_chain

# The 16-bit floats whose arithmetic MindSpore's CPU kernels carry out in float32.
_LOW = (jnp.float16, jnp.bfloat16)
# The same as numpy dtypes: a set lookup, where `in _LOW` compares through JAX's scalar
# types' __eq__ (checked on every eager add, so its cost is each op's).
_LOW_DTYPES = frozenset(np.dtype(t) for t in _LOW)


def is_low(x):
    """Whether `x` is a 16-bit float array (float16 or bfloat16).

    Example:
        >>> is_low(jnp.ones(2, jnp.float16)), is_low(jnp.ones(2))
        (True, False)
    """
    return isinstance(x, jax.Array) and x.dtype in _LOW_DTYPES


def _array(x):
    # a Tensor reaching a kernel directly (graph-mode code): its array
    if isinstance(x, jax.Array):
        return x
    held = getattr(x, "_array", None)
    return held() if callable(held) else x


def _graph_mode():
    return context.get_context("mode") == context.GRAPH_MODE


@jax.custom_jvp
def _tanh_low(x):
    return jnp.tanh(x)


@_tanh_low.defjvp
def _tanh_low_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.tanh(x)
    # MindSpore's TanhGrad: dy * (1 - y * y) in float32, rounded once. PyNative feeds it the
    # rounded float16 tanh; graph mode keeps the float32 tanh between the two kernels.
    y32 = jnp.tanh(x.astype(jnp.float32)) if _graph_mode() else y.astype(jnp.float32)
    return y, (t.astype(jnp.float32) * (1 - y32 * y32)).astype(x.dtype)


@jax.custom_jvp
def _tanh_cpu(x):
    return cpu_tanh.tanh(x)


@_tanh_cpu.defjvp
def _tanh_cpu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # (y through this rule again: a second derivative is TanhGrad's, not the approximant's)
    y = _tanh_cpu(x)
    if not is_low(x):
        return y, t * cpu_tanh.one_minus_square(y)  # MindSpore's TanhGrad, from its own tanh
    # float16: as `_tanh_low_jvp`, from the float32 tanh in graph mode
    y32 = _tanh_cpu(x.astype(jnp.float32)) if _graph_mode() else y.astype(jnp.float32)
    return y, (t.astype(jnp.float32) * cpu_tanh.one_minus_square(y32)).astype(x.dtype)


def _tanh_grad_values(y, g):
    # MindSpore's TanhGrad kernel (float32 on CPU): g * (1 - y*y)
    return g * cpu_tanh.one_minus_square(y)


# TanhGrad as a primitive of its own, linear in `g`: the backward pass of tanh in a float32
# chain is this op again (its transpose), so a second derivative reaches its JVP rule below
# (JAX would otherwise differentiate the transposed multiplication, rounding elsewhere).
_tanh_grad_p = Primitive("msfunc_cpu_tanh_grad")
_tanh_grad_p.def_impl(_tanh_grad_values)
_tanh_grad_p.def_abstract_eval(lambda y, g: core.ShapedArray(g.shape, g.dtype))
batching.defbroadcasting(_tanh_grad_p)
mlir.register_lowering(_tanh_grad_p, mlir.lower_fun(_tanh_grad_values, multiple_results=False))


def _tanh_grad_jvp(primals, tangents):
    (y, g), (ty, tg) = primals, tangents
    out = _tanh_grad_p.bind(y, g)
    terms = []
    if type(tg) is not ad.Zero:
        terms.append(_tanh_grad_p.bind(y, tg))  # TanhGrad's gradient for g: TanhGrad again
    if type(ty) is not ad.Zero:
        # for y: ((dout * -2) * g) * y, three float16 Muls of rounded operands in MindSpore's
        # graph mode (written so that its transpose multiplies in that order)
        # (kernel_chain's named conversions: a traced backward pass sums these as float16)
        down = kernel_chain.chain_down
        by_y = ((down(ty) * down(y)) * down(g)) * jnp.float16(-2)
        terms.append(kernel_chain.chain_up(by_y))
    if not terms:
        return out, jnp.zeros_like(out)  # (JAX calls a JVP rule with some tangent nonzero)
    return out, terms[0] if len(terms) == 1 else terms[0] + terms[1]


def _tanh_grad_transpose(ct, y, g):
    if ad.is_undefined_primal(y):
        raise NotImplementedError("TanhGrad is linear in its gradient operand only")
    return None, (ad.Zero(g.aval) if type(ct) is ad.Zero else _tanh_grad_p.bind(y, ct))


ad.primitive_jvps[_tanh_grad_p] = _tanh_grad_jvp
ad.primitive_transposes[_tanh_grad_p] = _tanh_grad_transpose


@jax.custom_jvp
def _tanh_chain(x):
    return cpu_tanh.tanh(x)


@_tanh_chain.defjvp
def _tanh_chain_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _tanh_chain(x)
    return y, _tanh_grad_p.bind(y, t)


def chained_tanh(x):
    """MindSpore's CPU tanh of float32 `x` that stands for a float16 value in a graph-mode
    float32 chain (`kernel_chain`): its second derivative rounds where MindSpore's does.

    Example:
        >>> chained_tanh(jnp.float32(0.5)).dtype
        dtype('float32')
    """
    return _tanh_chain(x)


def tanh(x):
    """tanh as MindSpore computes it: on CPU its rational approximant (`cpu_tanh`) for float32
    and 16-bit floats; for float16 the derivative is MindSpore's (float32, one rounding).

    Example:
        >>> x = jnp.array([0.5, 1.0], jnp.float16)
        >>> jax.grad(lambda v: tanh(v).astype(jnp.float32).sum())(x).tolist()
        [0.786..., 0.419...]
    """
    x = _array(x)
    if kernel_chain.applies(x) and cpu_tanh.applies(x):
        return kernel_chain.to16(_tanh_chain(kernel_chain.to32(x)))  # (graph mode: float32)
    if cpu_tanh.applies(x):
        return _tanh_cpu(x)
    return _tanh_low(x) if is_low(x) else jnp.tanh(x)


def _tanh_values(x):
    return cpu_tanh.tanh(x) if cpu_tanh.applies(x) else jnp.tanh(x)


@jax.custom_jvp
def _sqrt_low(x):
    return jnp.sqrt(x)


@_sqrt_low.defjvp
def _sqrt_low_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.sqrt(x)
    # MindSpore's SqrtGrad: dy / (2 * y) in float32 from the rounded y, rounded once
    return y, (t.astype(jnp.float32) / (2 * y.astype(jnp.float32))).astype(x.dtype)


def sqrt(x):
    """Square root; for float16 its derivative is MindSpore's (float32, one rounding).

    Example:
        >>> float(jax.grad(lambda v: sqrt(v).astype(jnp.float32))(jnp.float16(4.0)))
        0.25
    """
    x = _array(x)
    return _sqrt_low(x) if is_low(x) else jnp.sqrt(x)


def broadcast_to(x, shape):
    """`x` broadcast to `shape`; for a 16-bit float its gradient (a sum over the broadcast
    axes) is accumulated in float32 and rounded once, as MindSpore's reductions do (XLA
    sums a float16 gradient in float16). The value is `jnp.broadcast_to`'s.

    Example:
        >>> broadcast_to(jnp.ones(2, jnp.float16), (3, 2)).shape
        (3, 2)
    """
    x = _array(x)
    if not is_low(x) or jnp.shape(x) == tuple(shape):
        return jnp.broadcast_to(x, shape)
    # the casts are exact forwards; their transposes put the sum in float32
    return jnp.broadcast_to(x.astype(jnp.float32), shape).astype(x.dtype)


def broadcast_operands(a, b) -> tuple[Any, Any]:
    """`a` and `b` broadcast to one shape with `broadcast_to` when either is a 16-bit float
    of another shape than the result (so the gradient sums in float32); else unchanged.

    Example:
        >>> a, b = broadcast_operands(jnp.ones((2, 3), jnp.float16), jnp.ones(3, jnp.float16))
        >>> b.shape
        (2, 3)
    """
    a, b = _array(a), _array(b)
    if not (is_low(a) or is_low(b)):
        # (float32 in a MindSpore program: the gradient sums with MindSpore's ReduceSum)
        return cpu_broadcast.broadcast_operands(a, b)
    try:
        shape = jnp.broadcast_shapes(jnp.shape(a), jnp.shape(b))
    except ValueError:
        return a, b  # the operator itself reports the mismatch
    fix = lambda v: broadcast_to(v, shape) if is_low(v) and jnp.shape(v) != shape else v
    return fix(a), fix(b)


def matmul(a, b):
    """Matrix product; 16-bit floats multiply and accumulate in float32 and round once, as
    MindSpore's CPU MatMul and its gradients do.

    Example:
        >>> matmul(jnp.ones((1, 2), jnp.float16), jnp.ones((2, 1), jnp.float16)).dtype
        dtype('float16')
    """
    a, b = _array(a), _array(b)
    if kernel_chain.applies(a) and kernel_chain.applies(b):
        return kernel_chain.to16(jnp.matmul(kernel_chain.to32(a), kernel_chain.to32(b)))
    if is_low(a) and is_low(b) and a.dtype == b.dtype:
        return jnp.matmul(a.astype(jnp.float32), b.astype(jnp.float32)).astype(a.dtype)
    if cpu_matmul.applies(a, b):
        return cpu_matmul.matmul(a, b)
    return jnp.matmul(a, b)


def broadcasting(op):
    """`op(a, b)` with its operands broadcast by `broadcast_operands` first.

    Example:
        >>> add = broadcasting(jnp.add)
        >>> add(jnp.ones((2, 1), jnp.float16), jnp.ones(3, jnp.float16)).shape
        (2, 3)
    """

    def apply(a, b):
        # the common case, two arrays of other dtypes, goes straight to `op` (an eager add
        # pays this check on every call)
        if (
            type(a) is not ArrayImpl
            or type(b) is not ArrayImpl
            or a.dtype in _LOW_DTYPES
            or b.dtype in _LOW_DTYPES
            or context._MINDSPORE_CPU_NUMERICS[0]
        ):
            a, b = broadcast_operands(a, b)
        return op(a, b)

    apply.__name__ = getattr(op, "__name__", "op")
    concrete_form(apply, op)
    return apply


@jax.custom_jvp
def _reciprocal_low(x):
    return jnp.reciprocal(x)


@_reciprocal_low.defjvp
def _reciprocal_low_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.reciprocal(x)
    # MindSpore's ReciprocalGrad in float16: -(dy * (y * y)), each product rounded
    return y, -(t * (y * y))


def reciprocal(x):
    """1 / x; for 16-bit floats its derivative is MindSpore's ``-(dy * (y * y))`` rounded per
    product (JAX differentiates through x, not y).

    Example:
        >>> float(jax.grad(lambda v: reciprocal(v).astype(jnp.float32))(jnp.float16(2.0)))
        -0.25
    """
    x = _array(x)
    return _reciprocal_low(x) if is_low(x) else jnp.reciprocal(x)


@jax.custom_jvp
def _divide_low(x, y):
    return x / y


@_divide_low.defjvp
def _divide_low_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    out = x / y
    # MindSpore's Div gradient: dout / y for x, -dout * (out / y) for y, each op rounded
    return out, tx / y - ty * (out / y)


def divide(a, b):
    """True division; for 16-bit floats its gradient rounds where MindSpore's does (the
    divisor's through ``out / y``), and broadcasting sums as `broadcast_to`.

    Example:
        >>> g = jax.grad(lambda y: divide(jnp.float16(1.0), y).astype(jnp.float32))
        >>> float(g(jnp.float16(3.0)))
        -0.111083984375
    """
    a, b = _array(a), _array(b)
    if isinstance(a, (int, float)) and not isinstance(a, bool) and is_low(b):
        # MindSpore computes ``scalar / tensor`` as the scalar times the reciprocal
        return jnp.asarray(a, b.dtype) * reciprocal(b)
    a, b = kept_division.keep_divisor(*broadcast_operands(a, b))
    low = a if is_low(a) else b
    if not is_low(low) or not all(isinstance(v, (jax.Array, int, float)) for v in (a, b)):
        return jnp.true_divide(a, b)
    if not isinstance(a, jax.Array) or not isinstance(b, jax.Array):
        a, b = jnp.asarray(a, low.dtype), jnp.asarray(b, low.dtype)
    if a.dtype != b.dtype:
        return jnp.true_divide(a, b)
    return _divide_low(a, b)


def concrete_form(kernel, plain):
    """Record on `kernel` the plain JAX function that gives its values.

    These kernels differ from JAX's only in their derivatives: concrete arrays, which no
    transform is tracing and so nothing differentiates, may go to `plain` directly, sparing
    an eager op the dtype checks (`tensor_functions.tensor_op` reads ``kernel.concrete``).

    Example:
        >>> sqrt.concrete is jnp.sqrt
        True
    """
    kernel.concrete = plain


concrete_form(tanh, _tanh_values)
concrete_form(sqrt, jnp.sqrt)
concrete_form(reciprocal, jnp.reciprocal)
