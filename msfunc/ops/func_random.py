"""Functional random ops.

Seeded calls (``msfunc.set_seed`` or a ``seed`` argument) of rand, randn, randint, uniform,
normal, standard_normal, standard_laplace, laplace, shuffle, multinomial, random_poisson,
random_gamma and the ``_like`` forms draw MindSpore's exact numbers (see `seeded_draws`), as
do randperm and the candidate samplers; the other ops and unseeded calls draw from msfunc's
global JAX key stream (fast, not MindSpore's numbers).
"""

import ctypes
import ctypes.util
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.args import check_int, dtype_arg, tensor_arg
from ..common.seed import next_key
from ..common.stdlib_random import Mt19937
from ..common.stdlib_random import shuffle as shuffle_list
from . import gamma_stream, kernel_streams
from .distinct_draws import first_distinct
from .minstd import seeded_state, uniform_classes
from .philox import philox_uint32, uniform_doubles
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
    "rand", "rand_like", "randn", "randn_like", "randint", "randint_like", "normal", "uniform",
    "standard_normal", "standard_laplace", "bernoulli", "multinomial",
    "multinomial_with_replacement", "random_categorical", "random_gamma", "random_poisson",
    "gamma", "poisson", "laplace", "shuffle", "randperm", "choice_with_mask",
    "log_uniform_candidate_sampler", "uniform_candidate_sampler",
]


def _shape(shape, name="shape"):
    if isinstance(shape, int) and not isinstance(shape, bool):
        return (shape,)
    if isinstance(shape, (jax.Array, np.ndarray)):
        shape = np.asarray(jax.device_get(shape)).reshape(-1).tolist()
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, (int, np.integer)) and s >= 0 for s in shape):
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
    _check_seed(seed)
    if not isinstance(low, int) or not isinstance(high, int) or low >= high:
        raise ValueError(f"randint: need ints with low < high, got low={low!r}, high={high!r}")
    dt, shape = dtype_arg(dtype, default=mstype.int64), _shape(size, "size")
    exact = None
    if -2**31 <= low and high <= 2**31 - 1:  # (MindSpore's kernel takes int32 bounds)
        exact = kernel_draw("uniform_int", "randint", seed, shape, low, high)
    return jax.random.randint(next_key(), shape, low, high, dt) if exact is None \
        else exact.astype(dt)


def randint_like(input, low, high, seed=None, *, dtype=None):
    """randint with the shape of `input`.

    Example:
        >>> x = randint_like(jnp.zeros(5, jnp.int32), 2, 4)
        >>> x.shape, set(x.tolist()) <= {2, 3}
        ((5,), True)
    """
    x = tensor_arg(input)
    return randint(low, high, x.shape, seed, dtype=dtype or x.dtype)


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
        if lo.ndim == hi.ndim == 0 and not isinstance(lo, jax.core.Tracer) \
                and not isinstance(hi, jax.core.Tracer):
            exact = kernel_draw("uniform_int", "uniform", seed, out, int(lo), int(hi))
        return jax.random.randint(next_key(), out, lo.astype(dt), hi.astype(dt), dt) \
            if exact is None else exact.astype(dt)
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
        return jax.random.categorical(next_key(), logp, axis=-1,
                                      shape=(num_samples,) + logp.shape[:-1]).T \
            if logp.ndim > 1 else jax.random.categorical(next_key(), logp, shape=(num_samples,))
    if num_samples > logp.shape[-1]:
        raise ValueError(f"multinomial: `num_samples` ({num_samples}) exceeds the number of "
                         f"categories ({logp.shape[-1]}) without replacement")
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
        exact = kernel_call("multinomial", seed, kernel_streams.multinomial_samples, spec,
                            tensor_arg(input), num_samples)
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
    exact = kernel_call("random_gamma", seed, gamma_stream.random_gamma,
                        jax.ShapeDtypeStruct(out, np.float64), _shape(shape), a)
    return jax.random.gamma(next_key(), a, out, a.dtype) if exact is None \
        else exact.astype(a.dtype)


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
    exact = kernel_call("random_poisson", seed, kernel_streams.random_poisson,
                        jax.ShapeDtypeStruct(out, np.float64), _shape(shape), r)
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
    n = int(n) if not isinstance(n, int) else n
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


# MindSpore's log-uniform sampler: the Philox key is this constant, `seed` the upper half of
# the counter, and every call of one primitive reserves 2048 * num_sampled words of the stream.
_LOG_UNIFORM_KEY = 87654321
_LOG_UNIFORM_WORDS_PER_SAMPLE = 2048
_DRAWS_PER_CHUNK = 4096


def _log_uniform_classes(num_sampled, unique, range_max, seed, call):
    """MindSpore's draws: classes ``floor(exp(u * log(range_max + 1))) - 1`` for uniform
    doubles u, the repeats skipped when `unique`; returns (classes, number of draws)."""
    log_range = np.log1p(range_max)
    block = call * (-(-_LOG_UNIFORM_WORDS_PER_SAMPLE * num_sampled // 4))

    def draws(block, n):
        words = philox_uint32(_LOG_UNIFORM_KEY, seed, block, 2 * n)
        return (np.exp(uniform_doubles(words) * log_range).astype(np.int64) - 1) % range_max

    if not unique:
        return draws(block, num_sampled), num_sampled

    def chunks(block):
        while True:
            yield draws(block, _DRAWS_PER_CHUNK)
            block += _DRAWS_PER_CHUNK // 2  # (two words per double: four per block)

    classes, tries, _ = first_distinct(chunks(block), num_sampled)
    return classes, tries


def _log_uniform_expected(classes, num_sampled, tries, log_range):
    """Expected count of each class among the draws, in float32 as MindSpore's kernel:
    ``p * num_sampled`` when no draw was rejected, else ``1 - (1 - p) ** tries``."""
    wide = jax.dtypes.canonicalize_dtype(jnp.float64)  # float32 when 64-bit types are off
    v = classes.astype(wide)
    p = (jnp.log((v + 2.0) / (v + 1.0)) / log_range).astype(jnp.float32)
    plain = p * np.float32(num_sampled)
    if isinstance(tries, int) and tries == num_sampled:
        return plain
    rejected = (-jnp.expm1(tries * jnp.log1p(-p.astype(wide)))).astype(jnp.float32)
    if isinstance(tries, int):
        return rejected
    return jnp.where(tries == num_sampled, plain, rejected)  # (tries counted in a callback)


def log_uniform_candidate_sampler_call(true_classes, num_true, num_sampled, unique, range_max,
                                       seed, call):
    """`log_uniform_candidate_sampler` as the `call`-th call of one MindSpore primitive
    (each call of a primitive goes on in its seeded stream; the function is call 0). `call`
    is an int, or a traced count whose draws a host callback makes on every run. Returns
    the three outputs and the call count after the draws (under vmap each element is a
    call of its own, in turn), for a primitive to keep.

    Example:
        >>> log_uniform_candidate_sampler_call(jnp.array([[1]]), 1, 2, True, 5, 1, 1)[0].tolist()
        [3, 0]
    """
    fname = "log_uniform_candidate_sampler"
    _check_sampler_args(fname, num_true, num_sampled, unique, range_max, seed, False)
    num_sampled, range_max, seed = int(num_sampled), int(range_max), int(seed)
    t = tensor_arg(true_classes, "true_classes")
    if not jnp.issubdtype(t.dtype, jnp.integer):
        raise TypeError(f"{fname}: `true_classes` must hold integers, got {t.dtype}")
    if t.ndim != 2 or t.shape[1] != num_true:
        raise ValueError(f"{fname}: `true_classes` must be (batch, num_true={num_true}), got "
                         f"shape {t.shape}")
    int64 = jax.dtypes.canonicalize_dtype(jnp.int64)
    if not isinstance(call, jax.core.Tracer) and not isinstance(t, jax.core.Tracer):
        classes, tries = _log_uniform_classes(num_sampled, bool(unique), range_max, seed,
                                              int(call))
        call = int(call) + 1
    else:
        # A traced call count (a compiled function calling one primitive again and again) or
        # traced classes (batched by vmap: each element is a call, in turn): the host draws
        # the stream's next block on every run, not once at trace time.
        def host(count, _):
            return (*_log_uniform_classes(num_sampled, bool(unique), range_max, seed, count),
                    count + 1)

        classes, tries, call = _stream_draw(
            host, (jax.ShapeDtypeStruct((num_sampled,), int64),
                   jax.ShapeDtypeStruct((), int64)))(call, t)
    log_range = np.log1p(range_max)
    sampled = jnp.asarray(classes, int64)
    return (sampled, _log_uniform_expected(t, num_sampled, tries, log_range),
            _log_uniform_expected(jnp.asarray(classes), num_sampled, tries, log_range), call)


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True,
                                  range_max=5, seed=0):
    """Sample classes from the log-uniform (Zipfian) distribution over [0, range_max).

    Returns ``(sampled_candidates, true_expected_count, sampled_expected_count)``. The
    draws are MindSpore's for the same `seed` (a Philox stream of its own, not msfunc's
    global seed); with `unique`, repeats are drawn again and the expected counts use
    the number of draws.

    Example:
        >>> log_uniform_candidate_sampler(jnp.array([[1]]), 1, 3, True, 5, 1)[0].tolist()
        [4, 1, 2]
    """
    return log_uniform_candidate_sampler_call(true_classes, num_true, num_sampled, unique,
                                              range_max, seed, 0)[:3]


def _check_sampler_args(fname, num_true, num_sampled, unique, range_max, seed,
                        remove_accidental_hits):
    """The candidate samplers' attribute checks: TypeError for a wrong type, ValueError for
    a value out of range (as MindSpore's constructors check them)."""
    check_int(num_true, "num_true", 1, fname=fname)
    check_int(num_sampled, "num_sampled", 1, fname=fname)
    check_int(range_max, "range_max", 1, fname=fname)
    check_int(seed, "seed", 0, fname=fname)
    for name, flag in (("unique", unique), ("remove_accidental_hits", remove_accidental_hits)):
        if not isinstance(flag, (bool, np.bool_)):
            raise TypeError(f"{fname}: `{name}` must be a bool, got {type(flag).__name__}")
    if unique and num_sampled > range_max:
        raise ValueError(f"{fname}: `num_sampled` ({num_sampled}) must be <= `range_max` "
                         f"({range_max}) when `unique`")


@functools.cache  # (on first use: finding the C library can start a subprocess)
def _c_float32_functions():
    """The C library's float32 log1p and expm1 (MindSpore's kernel calls these, so its
    expected counts carry their rounding); per-step float64 rounded to float32 (the same
    value or one unit in the last place off) where ctypes cannot load them."""
    try:
        try:
            libm = ctypes.CDLL("libm.so.6")  # (glibc: no search needed)
        except OSError:
            libm = ctypes.CDLL(ctypes.util.find_library("m"))
        fns = libm.log1pf, libm.expm1f
        for fn in fns:
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        return tuple(lambda x, fn=fn: np.float32(fn(float(x))) for fn in fns)
    except (OSError, AttributeError, TypeError):
        return (lambda x: np.float32(np.log1p(np.float64(x))),
                lambda x: np.float32(np.expm1(np.float64(x))))


def _uniform_expected(range_max, num_sampled, draws):
    """The expected count of every class, in float32 as MindSpore's kernel: ``p * num_sampled``
    when no draw was rejected, else ``1 - (1 - p) ** draws`` (``p = 1 / range_max``)."""
    p = np.float32(1) / np.float32(range_max)
    if draws == num_sampled:
        return p * np.float32(num_sampled)
    log1pf, expm1f = _c_float32_functions()
    return -expm1f(np.float32(draws) * log1pf(-p))


def _uniform_host(state, true_classes, num_sampled, unique, range_max, remove_hits):
    """Classes, expected count and next engine state, computed on the host."""
    exclude = ()
    if unique and remove_hits:
        exclude = set(np.unique(np.asarray(true_classes)).tolist())
        if num_sampled + len(exclude) > range_max:
            exclude = ()  # too few classes left: MindSpore then keeps the hits
    classes, draws, state = uniform_classes(state, range_max, num_sampled, unique, exclude)
    return classes, _uniform_expected(range_max, num_sampled, draws), state


def uniform_sampler_start(seed):
    """The engine state a uniform candidate sampler starts from: fixed by a positive `seed`,
    drawn from msfunc's global stream for seed 0 (MindSpore draws a fresh random seed).

    Example:
        >>> uniform_sampler_start(1)
        347558175
    """
    if seed:
        return seeded_state(seed)
    int64 = jax.dtypes.canonicalize_dtype(jnp.int64)
    return jax.random.randint(next_key(), (), 1, 2**31 - 1, int64)


def _stream_draw(host, out_specs):
    """``draw(state, batch_in) -> (*outputs, new state)`` through a host callback
    ``host(state: int, batch_in: ndarray) -> (*outputs, new state)`` (`out_specs`: the
    outputs' shapes and dtypes). Under vmap (of `batch_in`, a sampler's true classes) the
    elements draw in turn from one engine state (the primitive's, unbatched): a scan carries
    it, so the state written back is one value, as a primitive that keeps its stream needs;
    nested vmaps nest the scans."""
    int64 = jax.dtypes.canonicalize_dtype(jnp.int64)
    specs = (*out_specs, jax.ShapeDtypeStruct((), int64))

    def call_host(state, batch_in):
        results = host(int(state), np.asarray(batch_in))
        return tuple(np.asarray(r, spec.dtype) for r, spec in zip(results, specs, strict=True))

    @jax.custom_batching.custom_vmap
    def draw(state, batch_in):
        return jax.pure_callback(call_host, specs, state, batch_in)

    @draw.def_vmap
    def _batched(axis_size, in_batched, state, batch_in):
        state_batched, in_batched = in_batched
        if not in_batched:
            batch_in = jnp.broadcast_to(batch_in, (axis_size, *batch_in.shape))
        if state_batched:  # (a state per element: each element draws from its own)
            return jax.lax.map(lambda pair: draw(*pair), (state, batch_in)), (True,) * len(specs)

        def step(carry, one):
            *outputs, new = draw(carry, one)
            return new, tuple(outputs)

        final, outputs = jax.lax.scan(step, state, batch_in)
        return (*outputs, final), (True,) * len(out_specs) + (False,)

    return draw


def uniform_candidate_sampler_call(true_classes, num_true, num_sampled, unique, range_max,
                                   seed, remove_accidental_hits, state=None):
    """`uniform_candidate_sampler` drawing from engine `state` (an int, a traced value whose
    draws a host callback makes on every run, or None: the start `seed` gives, see
    `uniform_sampler_start`); returns its three outputs and the
    engine state after the draws, for a primitive to keep.

    Example:
        >>> out = uniform_candidate_sampler_call(jnp.array([[1]]), 1, 3, True, 8, 1, False,
        ...                                      uniform_sampler_start(1))
        >>> out[0].tolist(), out[3]
        ([0, 4, 6], 1723125293)
    """
    fname = "uniform_candidate_sampler"
    _check_sampler_args(fname, num_true, num_sampled, unique, range_max, seed,
                        remove_accidental_hits)
    if state is None:
        state = uniform_sampler_start(seed)
    t = tensor_arg(true_classes, "true_classes")
    if t.dtype not in (jnp.int32, jnp.int64):
        raise TypeError(f"{fname}: `true_classes` must be int32 or int64, got {t.dtype}")
    if t.ndim != 2 or t.shape[1] != num_true:
        raise ValueError(f"{fname}: `true_classes` must be (batch, num_true={num_true}), got "
                         f"shape {t.shape}")
    if t.dtype == jnp.int32 and range_max > np.iinfo(np.int32).max:
        raise ValueError(f"{fname}: `range_max` {range_max} does not fit the int32 classes of "
                         f"int32 `true_classes`; pass int64 ones")
    args = (int(num_sampled), bool(unique), int(range_max), bool(remove_accidental_hits))
    needs_t = unique and remove_accidental_hits
    if not isinstance(state, jax.core.Tracer) and not isinstance(t, jax.core.Tracer):
        classes, expected, state = _uniform_host(int(state), t if needs_t else None, *args)
    else:
        # A traced state (a compiled call of a primitive) or traced classes (to leave out, or
        # batched by vmap: each element draws in turn): the host draws on every run, not
        # once at trace time.
        def host(count, classes_in):
            return _uniform_host(count, classes_in, *args)

        classes, expected, state = _stream_draw(
            host, (jax.ShapeDtypeStruct((args[0],), jax.dtypes.canonicalize_dtype(jnp.int64)),
                   jax.ShapeDtypeStruct((), jnp.float32)))(state, t)
    expected = jnp.asarray(expected, jnp.float32)
    return (jnp.asarray(classes).astype(t.dtype), jnp.full(t.shape, expected),
            jnp.full((num_sampled,), expected), state)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """Sample `num_sampled` classes uniformly from [0, range_max).

    Returns ``(sampled_candidates, true_expected_count, sampled_expected_count)``; the
    candidates have the dtype of `true_classes` (int32 or int64). With a positive `seed` the
    draws are MindSpore's for that seed; seed 0 draws from msfunc's global seed. With
    `unique`, repeats are drawn again and every expected count is ``1 - (1 - 1/range_max)
    ** draws``, else ``num_sampled / range_max``. `remove_accidental_hits` (with `unique`)
    also redraws classes of `true_classes`, unless too few classes would be left.

    Example:
        >>> uniform_candidate_sampler(jnp.array([[1]]), 1, 5, True, 8, 1)[0].tolist()
        [0, 4, 6, 5, 1]
    """
    return uniform_candidate_sampler_call(true_classes, num_true, num_sampled, unique,
                                          range_max, seed, remove_accidental_hits)[:3]
