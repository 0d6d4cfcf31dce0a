"""Norm functional ops: norm, vector/matrix norms, renorm and norm clipping."""

import jax
import jax.numpy as jnp

from ..common.args import asarray, norm_axis


# --- norms ---------------------------------------------------------------------------------
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """Vector or matrix norm (flattened 2-norm when `ord` and `dim` are None).

    Example:
        >>> norm(jnp.array([3.0, 4.0])).tolist()
        5.0
    """
    x = asarray(A, dtype)
    if isinstance(dim, list):
        dim = tuple(dim)
    if ord is None and dim is None:
        out = jnp.linalg.vector_norm(x.reshape(-1), ord=2)
        return out.reshape((1,) * x.ndim) if keepdim else out
    if isinstance(dim, tuple) and len(dim) == 2 or dim is None and x.ndim == 2:
        return matrix_norm(x, "fro" if ord is None else ord, dim or (-2, -1), keepdim)
    return jnp.linalg.vector_norm(x, ord=2 if ord is None else ord, axis=dim, keepdims=keepdim)


def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    """The `ord`-norm of vectors along `axis` (all entries when None).

    Example:
        >>> vector_norm(jnp.array([3.0, -4.0]), 1).tolist()
        7.0
    """
    a = asarray(x, dtype)
    ax = norm_axis(axis, a.ndim)
    return jnp.linalg.vector_norm(a, ord=ord, axis=ax, keepdims=keepdims)


def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):
    """Matrix norm over the two axes `axis` ('fro', 'nuc', inf, -inf, 1, -1, 2, -2).

    Example:
        >>> matrix_norm(jnp.eye(2)).tolist() == float(jnp.sqrt(2.0))
        True
    """
    a = asarray(A, dtype)
    ax = norm_axis(tuple(axis), a.ndim)
    moved = jnp.moveaxis(a, ax, (-2, -1))
    out = jnp.linalg.matrix_norm(moved, ord=ord)
    if keepdims:
        out = jnp.expand_dims(out, tuple(sorted(ax)))
    return out


def renorm(input, p, axis, maxnorm):
    """Rescale each slice along `axis` whose `p`-norm exceeds `maxnorm` down to `maxnorm`.

    Example:
        >>> renorm(jnp.array([[3.0, 4.0]], jnp.float32), 2, 0, 1.0).tolist()
        [[0.6000000238418579, 0.800000011920929]]
    """
    x = asarray(input)
    ax = norm_axis(axis, x.ndim)
    others = tuple(i for i in range(x.ndim) if i != ax)
    n = jnp.linalg.vector_norm(x, ord=p, axis=others, keepdims=True)
    scale = jnp.where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    return x * scale.astype(x.dtype)


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale a tensor (or a list, by their joint norm) so its `norm_type` norm is <= max_norm.

    Example:
        >>> [round(v, 4) for v in clip_by_norm(jnp.array([3.0, 4.0]), 1.0).tolist()]
        [0.6, 0.8]
    """
    many = isinstance(x, (list, tuple))
    xs = [asarray(t) for t in (x if many else [x])]
    norms = jnp.stack([jnp.linalg.vector_norm(t.reshape(-1), ord=norm_type) for t in xs])
    total = jnp.linalg.vector_norm(norms, ord=norm_type)
    if (
        error_if_nonfinite
        and not isinstance(total, jax.core.Tracer)
        and not bool(jnp.isfinite(total))
    ):
        raise RuntimeError("clip_by_norm: the total norm is not finite")
    coef = jnp.minimum(max_norm / (total + 1e-6), 1.0)
    out = [t * coef.astype(t.dtype) for t in xs]
    return type(x)(out) if many else out[0]


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Scale a list of tensors by ``clip_norm / max(global_norm, clip_norm)``.

    Example:
        >>> [t.tolist() for t in clip_by_global_norm([jnp.array([3.0, 4.0], jnp.float32)], 1.0)]
        [[0.6000000238418579, 0.800000011920929]]
    """
    many = isinstance(x, (list, tuple))
    xs = [asarray(t) for t in (x if many else [x])]
    g = jnp.sqrt(sum(jnp.sum(jnp.square(t)) for t in xs)) if use_norm is None else asarray(use_norm)
    coef = clip_norm / jnp.maximum(g, clip_norm)
    out = [t * coef.astype(t.dtype) for t in xs]
    return tuple(out) if many else out[0]


__all__ = [
    "clip_by_global_norm",
    "clip_by_norm",
    "matrix_norm",
    "norm",
    "renorm",
    "vector_norm",
]
