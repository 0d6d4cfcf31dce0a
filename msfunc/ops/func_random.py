"""Functional random ops.

Seeded calls (``msfunc.set_seed`` or a ``seed`` argument) of rand, randn, randint, uniform,
normal, standard_normal, standard_laplace, laplace, shuffle, multinomial, random_poisson,
random_gamma and the ``_like`` forms draw MindSpore's exact numbers (see `seeded_draws`), as
does randperm; the other ops and unseeded calls draw from msfunc's global JAX key stream
(fast, not MindSpore's numbers). The candidate samplers are in `func_candidate_sampling`.
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.args import check_int, dtype_arg, tensor_arg
from ..common.seed import next_key
from ..common.stdlib_random import Mt19937
from ..common.stdlib_random import shuffle as shuffle_list
from . import gamma_stream, kernel_streams
from .seeded_choices import (
    bernoulli_draw,
    categorical_draw,
    choice_draw,
    coordinates,
    philox_multinomial_draw,
    unpack_choice,
)
from .seeded_draws import kernel_call, kernel_draw

__all__ = [
    "rand",
    "rand_like",
    "randn",
    "randn_like",
    "randint",
    "randint_like",
    "normal",
    "uniform",
    "standard_normal",
    "standard_laplace",
    "bernoulli",
    "multinomial",
    "multinomial_with_replacement",
    "random_categorical",
    "random_gamma",
    "random_poisson",
    "gamma",
    "poisson",
    "laplace",
    "shuffle",
    "randperm",
    "choice_with_mask",
]


def _shape(shape, name="shape"):
    if isinstance(shape, int) and not isinstance(shape, bool):
        return (shape,)
    if isinstance(shape, (jax.Array, np.ndarray)):
        shape = np.asarray(jax.device_get(shape)).reshape(-1).tolist()
    if not isinstance(shape, (tuple, list)) or not all(
        isinstance(s, (int, np.integer)) and s >= 0 for s in shape
    ):
        raise TypeError(f"`{name}` must be a tuple of non-negative ints, got {shape!r}")
    return tuple(int(s) for s in shape)


def _size(size):
    nested = len(size) == 1 and isinstance(size[0], (tuple, list))
    return _shape(tuple(size[0]) if nested else size, "size")


def _check_seed(seed):
    if seed is not None and not isinstance(seed, (int, np.integer)):
        raise TypeError(f"`seed` must be an int or None, got {type(seed).__name__}")


def _float(dtype):
    dt = dtype_arg(dtype, default=mstype.float32)
    if not jnp.issubdtype(dt, jnp.floating):
        # A dtype of the wrong kind is a wrong value of `dtype` (ValueError, as documented).
        raise ValueError(f"`dtype` must be a floating dtype, got {dt}")
    return dt


def _params(*values):
    """Distribution parameters as arrays of one float dtype: float32, or float64 when a
    parameter is float64 (a float64 program keeps its precision, and its gradients)."""
    xs = [jnp.asarray(v) for v in values]
    floats = [x.dtype for x in xs if jnp.issubdtype(x.dtype, jnp.floating)]
    dt = jnp.result_type(jnp.float32, *floats)
    return [x.astype(dt) for x in xs]


def rand(*size, dtype=None, seed=None):
    """Uniform [0, 1) samples of the given size.

    Example:
        >>> x = rand(2, 3)
        >>> x.shape, x.dtype, bool(((x >= 0) & (x < 1)).all())
        ((2, 3), dtype('float32'), True)
    """
    _check_seed(seed)
    dt, shape = _float(dtype), _size(size)
    exact = kernel_draw("uniform_real", "rand", seed, shape)
    return jax.random.uniform(next_key(), shape, dt) if exact is None else exact.astype(dt)


def rand_like(input, seed=None, *, dtype=None):
    """rand with the shape (and by default dtype) of `input`.

    Example:
        >>> x = rand_like(jnp.zeros((2, 2), jnp.float16))
        >>> x.shape, x.dtype
        ((2, 2), dtype('float16'))
    """
    x = tensor_arg(input)
    _check_seed(seed)
    dt = _float(dtype or x.dtype)
    exact = kernel_draw("uniform_real", "rand_like", seed, x.shape)
    return jax.random.uniform(next_key(), x.shape, dt) if exact is None else exact.astype(dt)


def randn(*size, dtype=None, seed=None):
    """Standard normal samples of the given size.

    Example:
        >>> x = randn(1000)
        >>> x.shape, abs(float(x.mean())) < 0.2, 0.8 < float(x.std()) < 1.2
        ((1000,), True, True)
    """
    _check_seed(seed)
    dt, shape = _float(dtype), _size(size)
    exact = kernel_draw("standard_normal", "randn", seed, shape)
    return jax.random.normal(next_key(), shape, dt) if exact is None else exact.astype(dt)


def randn_like(input, seed=None, *, dtype=None):
    """randn with the shape of `input`; float32 unless `dtype` is given (MindSpore's default:
    unlike `rand_like`, the input's dtype is not kept).

    Example:
        >>> randn_like(jnp.zeros((2, 3), jnp.int32)).dtype  # not the input's
        dtype('float32')
    """
    x = tensor_arg(input)
    _check_seed(seed)
    dt = _float(dtype)
    exact = kernel_draw("standard_normal", "randn_like", seed, x.shape)
    return jax.random.normal(next_key(), x.shape, dt) if exact is None else exact.astype(dt)


def randint(low, high, size, seed=None, *, dtype=None):
    """Integers uniform in [low, high).

    Example:
        >>> x = randint(0, 10, (3, 4))
        >>> x.shape, bool(((x >= 0) & (x < 10)).all())
        ((3, 4), True)
    """
    return _randint(low, high, size, seed, dtype, "randint")


def _randint(low, high, size, seed, dtype, kernel_name):
    _check_seed(seed)
    if not isinstance(low, int) or not isinstance(high, int) or low >= high:
        raise ValueError(
            f"{kernel_name}: need ints with low < high, got low={low!r}, high={high!r}"
        )
    dt, shape = dtype_arg(dtype, default=mstype.int64), _shape(size, "size")
    exact = None
    if -(2**31) <= low and high <= 2**31 - 1:  # (MindSpore's kernel takes int32 bounds)
        exact = kernel_draw("uniform_int", kernel_name, seed, shape, low, high)
    return (
        jax.random.randint(next_key(), shape, low, high, dt) if exact is None else exact.astype(dt)
    )


def randint_like(input, low, high, seed=None, *, dtype=None):
    """randint with the shape of `input`.

    Example:
        >>> x = randint_like(jnp.zeros(5, jnp.int32), 2, 4)
        >>> x.shape, set(x.tolist()) <= {2, 3}
        ((5,), True)
    """
    x = tensor_arg(input)
    # its own seed counter, as MindSpore keeps one per op: randint's calls do not shift it
    return _randint(low, high, x.shape, seed, dtype or x.dtype, "randint_like")


def normal(shape, mean, stddev, seed=None):
    """Normal samples; output shape broadcasts `shape` with mean and stddev.

    Example:
        >>> x = normal((2, 3), jnp.array([0.0, 10.0, 20.0]), 0.01)
        >>> x.shape, [round(v) for v in x.mean(0).tolist()]
        ((2, 3), [0, 10, 20])
    """
    _check_seed(seed)
    m, s = _params(mean, stddev)
    out = jnp.broadcast_shapes(_shape(shape), m.shape, s.shape)
    exact = kernel_draw("standard_normal", "normal", seed, _shape(shape))
    if exact is not None:  # MindSpore: draws of `shape`, times stddev, plus mean
        return jnp.broadcast_to(exact.astype(m.dtype) * s + m, out)
    return m + s * jax.random.normal(next_key(), out, m.dtype)


def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32):
    """Uniform samples in [minval, maxval) (integers when `dtype` is an int type).

    Example:
        >>> x = uniform((2, 3), jnp.array(1.0), jnp.array(2.0))
        >>> x.shape, bool(((x >= 1) & (x < 2)).all())
        ((2, 3), True)
        >>> uniform((4,), jnp.array(0), jnp.array(3), dtype=mstype.int32).dtype
        dtype('int32')
    """
    _check_seed(seed)
    dt = dtype_arg(dtype, default=mstype.float32)
    lo, hi = jnp.asarray(minval), jnp.asarray(maxval)
    out = jnp.broadcast_shapes(_shape(shape), lo.shape, hi.shape)
    if jnp.issubdtype(dt, jnp.integer):
        exact = None
        if (
            lo.ndim == hi.ndim == 0
            and not isinstance(lo, jax.core.Tracer)
            and not isinstance(hi, jax.core.Tracer)
        ):
            exact = kernel_draw("uniform_int", "uniform", seed, out, int(lo), int(hi))
        return (
            jax.random.randint(next_key(), out, lo.astype(dt), hi.astype(dt), dt)
            if exact is None
            else exact.astype(dt)
        )
    exact = kernel_draw("uniform_real", "uniform", seed, _shape(shape))
    if exact is not None:  # MindSpore: draws of `shape` scaled by (max - min), plus min
        lo, hi = lo.astype(dt), hi.astype(dt)
        return jnp.broadcast_to(exact.astype(dt) * (hi - lo) + lo, out)
    return jax.random.uniform(next_key(), out, dt, lo.astype(dt), hi.astype(dt))


def standard_normal(shape, seed=None):
    """N(0, 1) samples.

    Example:
        >>> x = standard_normal((1000,))
        >>> x.shape, abs(float(x.mean())) < 0.2
        ((1000,), True)
    """
    _check_seed(seed)
    exact = kernel_draw("standard_normal", "standard_normal", seed, _shape(shape))
    return jax.random.normal(next_key(), _shape(shape), jnp.float32) if exact is None else exact


def standard_laplace(shape, seed=None):
    """Laplace(0, 1) samples.

    Example:
        >>> x = standard_laplace((1000,))
        >>> x.shape, 0.8 < float(jnp.abs(x).mean()) < 1.2  # E|x| = 1
        ((1000,), True)
    """
    _check_seed(seed)
    exact = kernel_draw("standard_laplace", "standard_laplace", seed, _shape(shape))
    return jax.random.laplace(next_key(), _shape(shape), jnp.float32) if exact is None else exact


def laplace(shape, mean, lambda_param, seed=None):
    """mean + lambda_param * Laplace(0, 1); shape broadcast with the parameters.

    Example:
        >>> x = laplace((1000,), jnp.array(5.0), jnp.array(0.5))
        >>> x.shape, abs(float(jnp.median(x)) - 5.0) < 0.2
        ((1000,), True)
    """
    _check_seed(seed)
    m, b = _params(mean, lambda_param)
    out = jnp.broadcast_shapes(_shape(shape), m.shape, b.shape)
    exact = kernel_draw("standard_laplace", "laplace", seed, _shape(shape))
    if exact is not None:  # MindSpore: draws of `shape`, times lambda, plus mean
        return jnp.broadcast_to(exact.astype(m.dtype) * b + m, out)
    return m + b * jax.random.laplace(next_key(), out, m.dtype)


def bernoulli(input, p=0.5, seed=None):
    """0/1 samples with probability `p`, shaped and typed like `input`.

    Example:
        >>> x = bernoulli(jnp.zeros(1000, jnp.float32), p=0.25)
        >>> x.dtype, set(x.tolist()) <= {0.0, 1.0}, 150 < int(x.sum()) < 350
        (dtype('float32'), True, True)
    """
    _check_seed(seed)
    x = tensor_arg(input)
    given, p = p, jnp.asarray(p, jnp.float32)
    if not isinstance(p, jax.core.Tracer) and bool(jnp.any((p < 0) | (p > 1))):
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


def multinomial(input, num_samples, replacement=True, seed=None):
    """Category indices sampled from (unnormalised) probabilities in the last axis.

    Example:
        >>> x = multinomial(jnp.array([[0.0, 1.0, 0.0], [0.0, 0.0, 3.0]]), 2)
        >>> x.tolist()  # only categories of non-zero weight
        [[1, 1], [2, 2]]
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


def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    """multinomial() with MindSpore's (x, seed, offset, numsamples, replacement) order.

    Example:
        >>> x = multinomial_with_replacement(jnp.array([[0.0, 2.0]]), 1, 0, 3, True)
        >>> x.tolist()
        [[1, 1, 1]]
    """
    exact = philox_multinomial_draw(tensor_arg(x), seed, offset, numsamples, replacement)
    if exact is not None:  # MindSpore's kernel: Philox keyed by the seed (exact)
        return exact
    return multinomial(x, numsamples, replacement)


def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64):
    """(N, num_sample) category indices drawn from (N, C) logits.

    Example:
        >>> x = random_categorical(jnp.array([[-1e9, 0.0], [0.0, -1e9]]), 3)
        >>> x.tolist()
        [[1, 1, 1], [0, 0, 0]]
    """
    lg = tensor_arg(logits, "logits")
    if lg.ndim != 2:
        raise ValueError(f"random_categorical: `logits` must be 2-D, got {lg.ndim}-D")
    num_sample = check_int(num_sample, "num_sample", 1)
    exact = categorical_draw(lg, num_sample, seed)  # (seed 0: MindSpore's is random)
    if exact is None:
        exact = _categorical(lg, num_sample, True)
    return exact.astype(dtype_arg(dtype, default=mstype.int64))


def random_gamma(shape, alpha, seed=None):
    """Gamma(alpha, 1) samples of shape ``shape + alpha.shape`` (seeded: MindSpore's).

    Example:
        >>> x = random_gamma((1000,), jnp.array([1.0, 4.0]))
        >>> x.shape, [round(v) for v in x.mean(0).tolist()]  # means alpha
        ((1000, 2), [1, 4])
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


def gamma(shape, alpha, beta, seed=None):
    """Gamma(alpha) / beta samples (beta is the rate); shape broadcast with the parameters.

    Example:
        >>> x = gamma((1000,), jnp.array(4.0), jnp.array(2.0))
        >>> x.shape, round(float(x.mean()))  # mean alpha / beta
        ((1000,), 2)
    """
    _check_seed(seed)
    a, b = _params(tensor_arg(alpha, "alpha"), tensor_arg(beta, "beta"))
    out = jnp.broadcast_shapes(_shape(shape), a.shape, b.shape)
    return jax.random.gamma(next_key(), jnp.broadcast_to(a, out), out, a.dtype) / b


def random_poisson(shape, rate, seed=None, dtype=mstype.float32):
    """Poisson(rate) samples of shape ``shape + rate.shape``.

    Example:
        >>> x = random_poisson((1000,), jnp.array([2.0, 10.0]))
        >>> x.shape, [round(v) for v in x.mean(0).tolist()]
        ((1000, 2), [2, 10])
    """
    _check_seed(seed)
    r, dt = tensor_arg(rate, "rate"), dtype_arg(dtype, default=mstype.float32)
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


def poisson(shape, mean, seed=None):
    """Poisson(mean) samples; shape broadcast with `mean`.

    Example:
        >>> x = poisson((1000,), jnp.array(3.0))
        >>> x.shape, round(float(x.mean())), bool((x == jnp.round(x)).all())
        ((1000,), 3, True)
    """
    _check_seed(seed)
    m = tensor_arg(mean, "mean")
    out = jnp.broadcast_shapes(_shape(shape), m.shape)
    return jax.random.poisson(next_key(), m, out).astype(jnp.float32)


def shuffle(x, seed=None):
    """Randomly permute along axis 0.

    Example:
        >>> sorted(shuffle(jnp.array([1, 2, 3, 4])).tolist())
        [1, 2, 3, 4]
    """
    _check_seed(seed)
    x = tensor_arg(x, "x")
    if x.ndim == 0:
        return x
    spec = jax.ShapeDtypeStruct((x.shape[0],), np.int64)
    order = kernel_call("shuffle", seed, kernel_streams.shuffle_order, spec, x.shape[0])
    if order is None:
        return jax.random.permutation(next_key(), x, axis=0)
    return x[order]  # MindSpore's RandomShuffle order (exact when seeded)


def randperm(n, seed=0, offset=0, dtype=mstype.int64):
    """A random permutation of range(n).

    Example:
        >>> x = randperm(5)
        >>> sorted(x.tolist()), x.dtype
        ([0, 1, 2, 3, 4], dtype('int64'))
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


def choice_with_mask(input_x, count=256, seed=None):
    """Pick up to `count` True positions of a boolean tensor at random.

    Returns ``(index (count, rank) int32, mask (count,) bool)``; padded rows are zero and masked.

    Example:
        >>> index, mask = choice_with_mask(jnp.array([[False, True], [True, False]]), count=3)
        >>> sorted(map(tuple, index[mask].tolist())), mask.tolist().count(False)
        ([(0, 1), (1, 0)], 1)
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
