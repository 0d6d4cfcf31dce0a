"""Functional random sampling ops: Bernoulli, multinomial and categorical draws, gamma and
Poisson samples, shuffles, permutations and masked choices.

Seeded calls of bernoulli (an op seed), multinomial, multinomial_with_replacement,
random_categorical, random_gamma, random_poisson, shuffle, randperm and choice_with_mask draw
MindSpore's exact numbers; gamma, poisson and unseeded calls draw from msfunc's global JAX key
stream (fast, not MindSpore's numbers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer
from ..common import dtype as mstype
from ..common.args import check_int, dtype_arg, tensor_arg
from ..common.seed import next_key
from ..common.stdlib_random import Mt19937
from ..common.stdlib_random import shuffle as shuffle_list
from ..context import mindspore_dtype_checks
from . import gamma_stream, kernel_streams
from .func_random import _check_seed, _params, _shape
from .seeded_choices import (
    bernoulli_draw,
    categorical_draw,
    choice_draw,
    coordinates,
    philox_multinomial_draw,
    unpack_choice,
)
from .seeded_draws import kernel_call, kernel_draw

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

    from ..common.dtype import Type

__all__ = [
    "bernoulli",
    "multinomial",
    "multinomial_with_replacement",
    "random_categorical",
    "random_gamma",
    "gamma",
    "random_poisson",
    "poisson",
    "shuffle",
    "randperm",
    "choice_with_mask",
]


def bernoulli(input: ArrayLike, p: float | ArrayLike = 0.5, seed: int | None = None) -> Array:
    """Ones with probability `p` and zeros otherwise, of `input`'s shape and dtype.

    With an op `seed` the draws are MindSpore's numbers.

    Args:
        input (Tensor): The tensor whose shape and dtype to take.
        p (Union[float, Tensor]): The probability of a one, per element or for all.
            Default: ``0.5``.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.bernoulli(ms.Tensor([0.0, 0.0, 0.0]), ms.Tensor([0.0, 1.0, 0.5]), seed=2027))
        [0. 1. 1.]
    """
    _check_seed(seed)
    x = tensor_arg(input)
    given, p = p, jnp.asarray(p, jnp.float32)
    if not isinstance(p, Tracer) and bool(jnp.any((p < 0) | (p > 1))):
        raise ValueError("bernoulli: `p` must lie in [0, 1]")
    exact = bernoulli_draw(x, given if isinstance(given, float) else tensor_arg(given), seed)
    if exact is not None:  # MindSpore's Bernoulli kernel (exact with a seed)
        return exact
    return jax.random.bernoulli(next_key(), p, x.shape).astype(x.dtype)


def _categorical(logp, num_samples, replacement):
    if replacement:
        return (
            jax.random.categorical(
                next_key(), logp, axis=-1, shape=(num_samples,) + logp.shape[:-1]
            ).T
            if logp.ndim > 1
            else jax.random.categorical(next_key(), logp, shape=(num_samples,))
        )
    if num_samples > logp.shape[-1]:
        raise ValueError(
            f"multinomial: `num_samples` ({num_samples}) exceeds the number of "
            f"categories ({logp.shape[-1]}) without replacement"
        )
    g = jax.random.gumbel(next_key(), logp.shape, logp.dtype)
    return jax.lax.top_k(logp + g, num_samples)[1]


def multinomial(
    input: ArrayLike, num_samples: int, replacement: bool = True, seed: int | None = None
) -> Array:
    """Category indices drawn from the weights in the last axis of `input`.

    Args:
        input (Tensor): Non-negative weights (not necessarily normalised), 1-D or 2-D.
        num_samples (int): How many indices to draw per row.
        replacement (bool): Draw with replacement. Default: ``True``.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of int32 indices, shape ``input.shape[:-1] + (num_samples,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.multinomial(ms.Tensor([[0.1, 0.2, 0.7], [0.5, 0.5, 0.0]]), 4))
        [[1 2 2 2]
         [1 0 1 0]]
    """
    _check_seed(seed)
    p = tensor_arg(input).astype(jnp.float32)
    check_int(num_samples, "num_samples", 1)
    if not replacement and p.ndim in (1, 2) and num_samples <= p.shape[-1]:
        # MindSpore: the top `num_samples` of log(u) / (p + 1e-6) for uniforms u of its
        # UniformReal kernel (exact when seeded)
        u = kernel_draw("uniform_real", "multinomial", seed, (p.size,))
        if u is not None:
            vals = jnp.log(u.reshape(p.shape)) / (p + jnp.float32(1e-6))
            return jax.lax.top_k(vals, num_samples)[1].astype(jnp.int32)
    elif replacement and p.ndim in (1, 2):
        spec = jax.ShapeDtypeStruct(p.shape[:-1] + (num_samples,), np.int32)
        exact = kernel_call(
            "multinomial",
            seed,
            kernel_streams.multinomial_samples,
            spec,
            tensor_arg(input),
            num_samples,
        )
        if exact is not None:  # MindSpore's Multinomial kernel (exact when seeded)
            return exact
    with np.errstate(divide="ignore"):
        logp = jnp.log(p)
    return _categorical(logp, num_samples, replacement).astype(jnp.int32)


def multinomial_with_replacement(
    x: ArrayLike,
    seed: int | ArrayLike,
    offset: int | ArrayLike,
    numsamples: int,
    replacement: bool = False,
) -> Array:
    """Category indices drawn from the weights in the rows of `x`, keyed by `seed` and
    `offset` (MindSpore's Philox stream).

    Args:
        x (Tensor): Non-negative weights, shape ``(C,)`` or ``(N, C)``.
        seed (Union[int, Tensor]): The random seed.
        offset (Union[int, Tensor]): The offset into the random stream.
        numsamples (int): How many indices to draw per row.
        replacement (bool): Draw with replacement. Default: ``False``.

    Returns:
        Tensor of int64 indices, shape ``x.shape[:-1] + (numsamples,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.multinomial_with_replacement(ms.Tensor([[0.1, 0.2, 0.7]]), 5, 0, 4, True))
        [[1 2 2 2]]
    """
    exact = philox_multinomial_draw(tensor_arg(x), seed, offset, numsamples, replacement)
    if exact is not None:  # MindSpore's kernel: Philox keyed by the seed (exact)
        return exact
    return multinomial(x, numsamples, replacement)


def random_categorical(
    logits: ArrayLike, num_sample: int, seed: int = 0, dtype: Type = mstype.int64
) -> Array:
    """Category indices drawn from the unnormalised log-probabilities in each row of `logits`.

    Args:
        logits (Tensor): Shape ``(N, C)``.
        num_sample (int): How many indices to draw per row.
        seed (int): The seed; ``0`` draws at random. Default: ``0``.
        dtype (mindspore.dtype): int16, int32 or int64. Default: ``mindspore.int64``.

    Returns:
        Tensor of shape ``(N, num_sample)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> logits = ms.Tensor([[0.0, 1.0, 2.0], [5.0, 0.0, 0.0]])
        >>> print(ops.random_categorical(logits, 4, seed=2026))
        [[1 2 1 1]
         [0 0 0 0]]
    """
    lg = tensor_arg(logits, "logits")
    if lg.ndim != 2:
        raise ValueError(f"random_categorical: `logits` must be 2-D, got {lg.ndim}-D")
    num_sample = check_int(num_sample, "num_sample", 1)
    exact = categorical_draw(lg, num_sample, seed)  # (seed 0: MindSpore's is random)
    if exact is None:
        exact = _categorical(lg, num_sample, True)
    return exact.astype(dtype_arg(dtype, default=mstype.int64))


def random_gamma(
    shape: Sequence[int] | ArrayLike, alpha: ArrayLike, seed: int | None = None
) -> Array:
    """Samples of the gamma distribution with shape parameters `alpha` (scale 1).

    Args:
        shape (Union[tuple[int], Tensor]): The sample shape for each parameter.
        alpha (Tensor): The shape parameters.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of shape ``shape + alpha.shape`` and `alpha`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.random_gamma(ms.Tensor([2, 2], ms.int32), ms.Tensor([1.0, 3.0])))
        [[[0.14327535 0.80127966]
          [4.606316   2.2869656 ]]
        <BLANKLINE>
         [[0.45032296 3.5433166 ]
          [2.5201833  1.7999698 ]]]
    """
    _check_seed(seed)
    a = tensor_arg(alpha, "alpha")
    out = _shape(shape) + a.shape
    exact = kernel_call(
        "random_gamma",
        seed,
        gamma_stream.random_gamma,
        jax.ShapeDtypeStruct(out, np.float64),
        _shape(shape),
        a,
    )
    return jax.random.gamma(next_key(), a, out, a.dtype) if exact is None else exact.astype(a.dtype)


def gamma(
    shape: Sequence[int], alpha: ArrayLike, beta: ArrayLike, seed: int | None = None
) -> Array:
    """Samples of the gamma distribution with shape `alpha` and rate `beta`.

    msfunc draws these from its own stream, not MindSpore's numbers.

    Args:
        shape (tuple[int]): The shape, broadcast with those of the parameters.
        alpha (Tensor): The shape parameter.
        beta (Tensor): The rate (inverse scale); the mean is ``alpha / beta``.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.gamma((4000,), ms.Tensor(4.0), ms.Tensor(2.0))
        >>> print(x.shape, abs(float(x.mean()) - 2.0) < 0.1, bool((x > 0).all()))
        (4000,) True True
    """
    _check_seed(seed)
    a, b = _params(tensor_arg(alpha, "alpha"), tensor_arg(beta, "beta"))
    out = jnp.broadcast_shapes(_shape(shape), a.shape, b.shape)
    return jax.random.gamma(next_key(), jnp.broadcast_to(a, out), out, a.dtype) / b


def _check_op_seed(seed, fn):
    """An op's own seed as MindSpore's shuffle and random_poisson check it: None or an int
    (not a bool, TypeError) that is not negative (ValueError)."""
    if seed is None:
        return
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"{fn}: `seed` must be an int or None, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"{fn}: `seed` must not be negative, got {seed}")


_POISSON_DTYPES = (np.int32, np.int64, np.float16, np.float32, np.float64)


def _poisson_args(shape, rate, dtype):
    """(rate, result dtype) of `random_poisson`, checked as MindSpore's kernel checks them.

    The shape Tensor must be 1-D of non-negative counts (ValueError). A MindSpore program (the
    ``mindspore`` alias) also gets MindSpore's type checks: the shape a Tensor of int32/int64,
    the rate a Tensor of int32/int64/float or a Python number (TypeError); msfunc's own API
    keeps taking a tuple shape and any numeric rate.
    """
    dt = dtype_arg(dtype, default=mstype.float32)
    if dt not in _POISSON_DTYPES:
        raise TypeError(f"random_poisson: `dtype` must be int32, int64 or a float, got {dt}")
    if isinstance(shape, (jax.Array, np.ndarray)):
        if shape.ndim != 1:
            raise ValueError(f"random_poisson: `shape` must be 1-D, got {shape.ndim}-D")
        if not isinstance(shape, Tracer) and bool(np.any(np.asarray(shape) < 0)):
            raise ValueError(f"random_poisson: `shape` must not hold negative sizes, got {shape}")
    strict = mindspore_dtype_checks()
    if strict and not (
        isinstance(shape, (jax.Array, np.ndarray)) and shape.dtype in (np.int32, np.int64)
    ):
        raise TypeError(
            f"random_poisson: `shape` must be a Tensor of int32 or int64, got {_kind(shape)}"
        )
    if strict and isinstance(rate, (list, tuple)):
        raise TypeError(f"random_poisson: `rate` must be a Tensor, got {type(rate).__name__}")
    r = tensor_arg(rate, "rate")
    if r.dtype not in _POISSON_DTYPES and (strict or r.dtype == np.bool_):
        raise TypeError(f"random_poisson: `rate` must be int32, int64 or a float, got {r.dtype}")
    return r, dt


def _kind(value):
    if isinstance(value, (jax.Array, np.ndarray)):
        return f"a Tensor of {value.dtype}"
    return type(value).__name__


def random_poisson(
    shape: Sequence[int] | ArrayLike,
    rate: ArrayLike,
    seed: int | None = None,
    dtype: Type = mstype.float32,
) -> Array:
    """Samples of the Poisson distribution with the given `rate` (mean).

    Args:
        shape (Union[tuple[int], Tensor]): The sample shape for each rate.
        rate (Tensor): The rates.
        seed (int, optional): The op's seed. Default: ``None``.
        dtype (mindspore.dtype): The dtype of the result. Default: ``mindspore.float32``.

    Returns:
        Tensor of shape ``shape + rate.shape``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.random_poisson(ms.Tensor([2, 2], ms.int32), ms.Tensor([1.0, 10.0])))
        [[[ 1. 12.]
          [ 0.  9.]]
        <BLANKLINE>
         [[ 2.  9.]
          [ 0. 12.]]]
    """
    _check_op_seed(seed, "random_poisson")
    r, dt = _poisson_args(shape, rate, dtype)
    out = _shape(shape) + r.shape  # (seeded: MindSpore's RandomPoisson kernel)
    exact = kernel_call(
        "random_poisson",
        seed,
        kernel_streams.random_poisson,
        jax.ShapeDtypeStruct(out, np.float64),
        _shape(shape),
        r,
    )
    return (jax.random.poisson(next_key(), r, out) if exact is None else exact).astype(dt)


def poisson(shape: Sequence[int], mean: ArrayLike, seed: int | None = None) -> Array:
    """Samples of the Poisson distribution with the given `mean`.

    msfunc draws these from its own stream, not MindSpore's numbers.

    Args:
        shape (tuple[int]): The shape, broadcast with that of `mean`.
        mean (Tensor): The mean (rate).
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of float32 counts.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.poisson((4000,), ms.Tensor(3.0))
        >>> print(x.shape, abs(float(x.mean()) - 3.0) < 0.15, bool((x == x.round()).all()))
        (4000,) True True
    """
    _check_seed(seed)
    m = tensor_arg(mean, "mean")
    out = jnp.broadcast_shapes(_shape(shape), m.shape)
    return jax.random.poisson(next_key(), m, out).astype(jnp.float32)


def shuffle(x: ArrayLike, seed: int | None = None) -> Array:
    """`x` with its slices along the first axis in random order.

    Args:
        x (Tensor): The tensor to shuffle.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> print(ops.shuffle(ms.Tensor([[1, 2], [3, 4], [5, 6]])))
        [[5 6]
         [1 2]
         [3 4]]
    """
    _check_op_seed(seed, "shuffle")
    if mindspore_dtype_checks() and not isinstance(x, (jax.Array, np.ndarray)):
        # a MindSpore program (the mindspore alias) gets MindSpore's refusal of a non-Tensor
        raise TypeError(f"shuffle: `x` must be a Tensor, got {type(x).__name__}")
    x = tensor_arg(x, "x")
    if x.ndim == 0:
        return x
    spec = jax.ShapeDtypeStruct((x.shape[0],), np.int64)
    order = kernel_call("shuffle", seed, kernel_streams.shuffle_order, spec, x.shape[0])
    if order is None:
        return jax.random.permutation(next_key(), x, axis=0)
    return x[order]  # MindSpore's RandomShuffle order (exact when seeded)


def randperm(
    n: int | ArrayLike, seed: int = 0, offset: int = 0, dtype: Type = mstype.int64
) -> Array:
    """A random permutation of ``0, 1, ..., n - 1``.

    The permutation depends only on `seed` and `offset` (not on ``msfunc.set_seed``), as
    in MindSpore.

    Args:
        n (Union[int, Tensor]): The length (a tensor holding one integer).
        seed (int): The seed. Default: ``0``.
        offset (int): Replaces `seed` when non-zero. Default: ``0``.
        dtype (mindspore.dtype): The dtype of the result. Default: ``mindspore.int64``.

    Returns:
        Tensor of shape ``(n,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.randperm(ms.Tensor([5]), seed=3))
        [3 4 0 2 1]
    """
    if not isinstance(n, int):
        # MindSpore's own form: a tensor holding the one count (shape () or (1,))
        n = np.asarray(jax.device_get(n))
        if n.size != 1 or not np.issubdtype(n.dtype, np.integer):
            raise TypeError(f"randperm: `n` must be an int or a one-integer tensor, got {n!r}")
        n = int(n.reshape(()))
    if n < 0:
        raise ValueError(f"randperm: `n` must be >= 0, got {n}")
    check_int(seed, "seed", 0, fname="randperm")
    check_int(offset, "offset", 0, fname="randperm")
    # MindSpore's permutation, whatever the global seed: libstdc++'s std::shuffle of
    # range(n) with an mt19937 seeded with `offset`, or `seed` when the offset is 0
    order = shuffle_list(list(range(n)), Mt19937((offset or seed) & 0xFFFFFFFF))
    return jnp.asarray(np.array(order, np.int64)).astype(dtype_arg(dtype, default=mstype.int64))


def choice_with_mask(
    input_x: ArrayLike, count: int = 256, seed: int | None = None
) -> tuple[Array, Array]:
    """Up to `count` positions of True elements of `input_x`, picked at random.

    Args:
        input_x (Tensor): A bool tensor of rank 1 to 5.
        count (int): How many positions to return. Default: ``256``.
        seed (int, optional): The op's seed. Default: ``None``.

    Returns:
        Tuple ``(index, mask)``: int32 coordinates, shape ``(count, input_x.ndim)``, and a
        bool mask of shape ``(count,)`` that is False on padding rows (which are zero).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ms.set_seed(1)
        >>> index, mask = ops.choice_with_mask(ms.Tensor([[False, True], [True, True]]), count=4)
        >>> print(index, mask)
        [[1 1]
         [0 1]
         [1 0]
         [0 0]] [ True  True  True False]
    """
    _check_seed(seed)
    x = tensor_arg(input_x, "input_x")
    if x.dtype != jnp.bool_:
        raise TypeError(f"choice_with_mask: `input_x` must be bool, got {x.dtype}")
    packed = choice_draw(x, check_int(count, "count", 1), seed)
    if packed is not None:  # MindSpore's RandomChoiceWithMask kernel (exact when seeded)
        return unpack_choice(packed)
    flat = x.reshape(-1)
    score = jnp.where(flat, jax.random.uniform(next_key(), flat.shape), -1.0)
    k = min(count, flat.size)
    vals, idx = jax.lax.top_k(score, k)
    mask = vals >= 0
    coords = coordinates(idx, x.shape)  # (MindSpore's layout: see seeded_choices)
    coords = jnp.where(mask[:, None], coords, 0)
    if k < count:
        coords = jnp.pad(coords, ((0, count - k), (0, 0)))
        mask = jnp.pad(mask, (0, count - k))
    return coords, mask
