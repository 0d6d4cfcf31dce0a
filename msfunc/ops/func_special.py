"""Special-function functional ops: polygamma, mvlgamma, logit, and the Bessel functions that
jax.scipy lacks (scipy through a callback, with exact derivatives)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np

from ..common.promotion import X64
from ._forward import forward

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike


def polygamma(n: ArrayLike, input: ArrayLike) -> Array:
    """The `n`-th derivative of the digamma function at each element of `input`.

    Args:
        n (Tensor): The order of the derivative, a non-negative integer (0 gives digamma).
        input (Tensor): The points.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.polygamma(ms.Tensor(1), ms.Tensor([1.0, 2.0])))
        [1.644934   0.64493406]
    """
    return _in_float64(lambda x: jss.polygamma(jnp.asarray(n).astype(jnp.int32), x), input)


def mvlgamma(input: ArrayLike, p: int) -> Array:
    """Logarithm of the multivariate gamma function of dimension `p`, element-wise.

    Args:
        input (Tensor): The points; each must exceed ``(p - 1) / 2``.
        p (int): The dimension, at least 1 (1 gives ``lgamma``).

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.mvlgamma(ms.Tensor([2.5, 3.0]), 2))
        [0.8570478 1.550195 ]
    """
    return _in_float64(lambda x: jss.multigammaln(x, p), input)


def _in_float64(fn, x):
    # JAX's float32 series (Hurwitz zeta, lgamma sums) lose a few ulps to rounding, more
    # where no fused multiply-add is used (msfunc's compiled CPU code): evaluated in float64
    # and rounded once, they give MindSpore's values (its kernels are float64 inside)
    x = jnp.asarray(x)
    if x.dtype in (jnp.float16, jnp.bfloat16, jnp.float32) and X64:
        return fn(x.astype(jnp.float64)).astype(x.dtype)
    return fn(x)


def logit(input: ArrayLike, eps: float | None = None) -> Array:
    """The logit, ``log(p / (1 - p))``, of each element.

    Args:
        input (Tensor): The probabilities `p`.
        eps (Union[float, None]): When given, `p` is first clipped to ``[eps, 1 - eps]``, which
            keeps the result finite at 0 and 1. Default: ``None``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.logit(ms.Tensor([0.5, 0.75])))
        [0.        1.0986123]
        >>> print(ops.logit(ms.Tensor([0.0, 1.0]), eps=0.25))
        [-1.0986123  1.0986123]
    """
    p = jnp.asarray(input)
    if eps is not None:
        p = jnp.clip(p, eps, 1.0 - eps)
    return jnp.log(p / (1.0 - p))


def _callback_unary(sp_name, derivative):
    """scipy.special's `sp_name` as a JAX function (scipy.special is imported on first use:
    it costs a fifth of msfunc's import time)."""

    def sp_fn(v):
        import scipy.special

        return getattr(scipy.special, sp_name)(v)

    @jax.custom_jvp
    def fn(x):
        x = jnp.asarray(x)
        if not jnp.issubdtype(x.dtype, jnp.floating):
            x = x.astype(jnp.float32)
        out = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(
            lambda v: np.asarray(sp_fn(v), dtype=v.dtype), out, x, vmap_method="expand_dims"
        )

    @fn.defjvp
    def _jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y = fn(x)
        return y, derivative(x, y) * t

    # jitted: called eagerly, a custom_jvp over a callback takes JAX's Python path and
    # stages the callback anew (15-30 ms a call); compiled, it dispatches in C++
    return jax.jit(fn)


_j0 = _callback_unary("j0", lambda x, y: -_j1(x))
_j1 = _callback_unary("j1", lambda x, y: _j0(x) - y / x)
_y0 = _callback_unary("y0", lambda x, y: -_y1(x))
_y1 = _callback_unary("y1", lambda x, y: _y0(x) - y / x)
_k0 = _callback_unary("k0", lambda x, y: -_k1(x))
_k1 = _callback_unary("k1", lambda x, y: -_k0(x) - y / x)
_k0e = _callback_unary("k0e", lambda x, y: y - _k1e(x))
_k1e = _callback_unary("k1e", lambda x, y: y - _k0e(x) - y / x)

bessel_j0 = forward("bessel_j0", _j0, ("x",))
bessel_j1 = forward("bessel_j1", _j1, ("x",))
bessel_y0 = forward("bessel_y0", _y0, ("x",))
bessel_y1 = forward("bessel_y1", _y1, ("x",))
bessel_k0 = forward("bessel_k0", _k0, ("x",))
bessel_k1 = forward("bessel_k1", _k1, ("x",))
bessel_k0e = forward("bessel_k0e", _k0e, ("x",))
bessel_k1e = forward("bessel_k1e", _k1e, ("x",))

__all__ = [
    "polygamma",
    "mvlgamma",
    "logit",
    "bessel_j0",
    "bessel_j1",
    "bessel_y0",
    "bessel_y1",
    "bessel_k0",
    "bessel_k1",
    "bessel_k0e",
    "bessel_k1e",
]
