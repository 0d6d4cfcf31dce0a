"""Primitive classes that draw random numbers: seeded StandardNormal, UniformReal, UniformInt
(and Dropout, in nn) with MindSpore's engines, the others from msfunc.common.seed's keys."""

import jax
import jax.numpy as jnp

from ..._jax_private import Tracer, at_top_level
from ..._state import read, write
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.seed import next_key
from ...common.tensor import Tensor, canonical_dtype, unwrap
from .. import func_candidate_sampling as CS
from .. import func_random as RND
from .. import func_sampling as SMP
from ..seeded_choices import (
    BernoulliKernels,
    CategoricalKernels,
    ParameterizedKernels,
    unpack_choice,
)
from ..seeded_draws import PrimitiveStream
from ._common import shape_arg, sig

__all__ = ["TABLE"]


def _randperm(p, n):
    n = int(unwrap(n).reshape(-1)[0]) if hasattr(unwrap(n), "reshape") else int(n)
    perm = jax.random.permutation(next_key(), n).astype(canonical_dtype(p.dtype))
    return jnp.pad(perm, (0, p.max_length - n), constant_values=p.pad)


def _keep_state(p, attr, name, start):
    """Give a new sampler primitive its stream state `start` (an int, or None: drawn at the
    first call) as attribute `attr`.

    Made outside any trace (the usual place: a Cell's ``__init__``), the state is a Parameter:
    a compiled function lifts it and goes on drawing on every run, as MindSpore's kernel goes
    on. Made while tracing, it is a plain value: such a primitive is made anew by every run,
    and starts its stream at every run.
    """
    if at_top_level():
        start = Parameter(Tensor(int(start), mstype.int64), name=name, requires_grad=False)
    object.__setattr__(p, attr, start)


def _draw(p, attr, call):
    """``call(state) -> (*outputs, next state)`` from the state kept as `attr`; keeps the next
    state and returns the outputs."""
    state = getattr(p, attr)
    *out, after = call(read(state) if isinstance(state, Parameter) else state)
    if isinstance(state, Parameter):
        write(state, jnp.asarray(after, state.dtype))
    else:
        object.__setattr__(p, attr, after)
    return tuple(out)


def _start_stream(p):
    """A new LogUniformCandidateSampler's stream position: its call count."""
    _keep_state(p, "_sampler_calls", "sampler_calls", 0)


def _log_uniform_candidate_sampler(p, t):
    return _draw(
        p,
        "_sampler_calls",
        lambda call: CS.log_uniform_candidate_sampler_call(
            t, p.num_true, p.num_sampled, p.unique, p.range_max, p.seed, call
        ),
    )


def _start_uniform_engine(p):
    """Check a new UniformCandidateSampler's attributes and give it its engine state. Seed 0
    takes its start from msfunc's global stream, at construction outside a trace and at the
    first call inside one."""
    CS._check_sampler_args(
        "UniformCandidateSampler",
        p.num_true,
        p.num_sampled,
        p.unique,
        p.range_max,
        p.seed,
        p.remove_accidental_hits,
    )
    start = CS.uniform_sampler_start(p.seed) if p.seed or at_top_level() else None
    _keep_state(p, "_sampler_state", "sampler_state", start)


def _uniform_candidate_sampler(p, t):
    return _draw(
        p,
        "_sampler_state",
        lambda state: CS.uniform_candidate_sampler_call(
            t,
            p.num_true,
            p.num_sampled,
            p.unique,
            p.range_max,
            p.seed,
            p.remove_accidental_hits,
            state,
        ),
    )


def _kernel_engines(kind):
    """Hook giving a seeded primitive MindSpore's engines (see seeded_draws.PrimitiveStream)."""

    def hook(p):
        object.__setattr__(p, "_stream", PrimitiveStream(kind, p.seed, p.seed2))

    return hook


def _standard_normal(p, shape):
    shape = shape_arg(shape)
    exact = p._stream.draw(shape)
    return jax.random.normal(next_key(), shape, jnp.float32) if exact is None else exact


def _uniform_real(p, shape):
    shape = shape_arg(shape)
    exact = p._stream.draw(shape)
    return jax.random.uniform(next_key(), shape, jnp.float32) if exact is None else exact


def _uniform_int(p, shape, minval, maxval):
    shape = shape_arg(shape)
    lo, hi = jnp.asarray(unwrap(minval)), jnp.asarray(unwrap(maxval))
    # (traced bounds go to the host kernel with the engine's state: compiled draws are
    # MindSpore's too)
    bounds = [b.reshape(-1)[0] for b in (lo, hi)]
    bounds = [b if isinstance(b, Tracer) else int(b) for b in bounds]
    exact = p._stream.draw(shape, *bounds)
    if exact is None:
        return jax.random.randint(next_key(), shape, lo.reshape(()), hi.reshape(()), jnp.int32)
    return exact


def _standard_laplace(p, shape):
    shape = shape_arg(shape)
    exact = p._stream.draw(shape)
    return RND.standard_laplace(shape) if exact is None else exact


def _random_shuffle(p, x):
    x = jnp.asarray(unwrap(x))
    order = p._stream.draw(x.shape, x.shape[0]) if x.ndim else None
    return SMP.shuffle(x) if order is None else x[order]


def _multinomial(p, x, num_samples):
    x, count = jnp.asarray(unwrap(x)), int(unwrap(num_samples))
    exact = p._stream.draw(x.shape, x, count) if x.ndim in (1, 2) else None
    if exact is None:
        exact = SMP.multinomial(x, count)
    return exact.astype(canonical_dtype(p.dtype))


def _random_poisson(p, shape, rate):
    rate = jnp.asarray(unwrap(rate))
    out = tuple(shape_arg(shape)) + rate.shape
    exact = p._stream.draw(out, rate)
    if exact is None:
        return SMP.random_poisson(shape, rate, dtype=p.dtype)
    return exact.astype(canonical_dtype(p.dtype))


def _random_gamma(p, shape, alpha):
    alpha, shape = jnp.asarray(unwrap(alpha)), tuple(shape_arg(shape))
    exact = p._stream.draw(shape + alpha.shape, shape, alpha)
    return SMP.random_gamma(shape, alpha) if exact is None else exact.astype(alpha.dtype)


def _bernoulli(p, x, prob=0.5):
    prob = unwrap(prob) if isinstance(prob, Tensor) else prob
    exact = p._kernels.draw(unwrap(x), prob)
    return SMP.bernoulli(x, prob) if exact is None else exact


def _random_categorical(p, logits, num_sample, seed=0):
    logits, count = jnp.asarray(unwrap(logits)), int(unwrap(num_sample))
    exact = p._kernels.draw(logits, count, seed) if logits.ndim == 2 else None
    if exact is None:
        return SMP.random_categorical(logits, count, dtype=p.dtype)
    return exact.astype(canonical_dtype(p.dtype))


def _random_choice_with_mask(p, x):
    x = jnp.asarray(unwrap(x))
    packed = p._stream.draw(x.shape, x, int(p.count)) if x.dtype == jnp.bool_ else None
    return SMP.choice_with_mask(x, p.count) if packed is None else unpack_choice(packed)


def _truncated_normal(p, shape):
    shape, dtype = tuple(shape_arg(shape)), canonical_dtype(p.dtype)
    exact = p._stream.draw(shape)
    if exact is None:
        return jax.random.truncated_normal(next_key(), -2.0, 2.0, shape, dtype)
    return exact.astype(dtype)  # (MindSpore's doubles, cast as its kernel casts them)


def _parameterized_truncated_normal(p, shape, mean, stdevs, lo, hi):
    shape = tuple(shape_arg(shape))
    exact = p._kernels.draw(shape, *(unwrap(v) for v in (mean, stdevs, lo, hi)))
    if exact is not None:
        return exact
    mean, stdevs, lo, hi = (jnp.asarray(unwrap(v)) for v in (mean, stdevs, lo, hi))
    return mean + stdevs * jax.random.truncated_normal(
        next_key(), (lo - mean) / stdevs, (hi - mean) / stdevs, shape
    )


# Primitives whose objects carry state from construction: name -> hook(primitive).
INIT_HOOKS = {
    "LogUniformCandidateSampler": _start_stream,
    "UniformCandidateSampler": _start_uniform_engine,
    "StandardNormal": _kernel_engines("standard_normal"),
    "UniformReal": _kernel_engines("uniform_real"),
    "UniformInt": _kernel_engines("uniform_int"),
    "StandardLaplace": _kernel_engines("standard_laplace"),
    "RandomShuffle": _kernel_engines("shuffle"),
    "Multinomial": _kernel_engines("multinomial"),
    "RandomPoisson": _kernel_engines("random_poisson"),
    "RandomGamma": _kernel_engines("random_gamma"),
    "RandomChoiceWithMask": _kernel_engines("choice_with_mask"),
    "TruncatedNormal": _kernel_engines("truncated_normal"),
    "ParameterizedTruncatedNormal": lambda p: object.__setattr__(
        p, "_kernels", ParameterizedKernels(p.seed, p.seed2)
    ),
    "Bernoulli": lambda p: object.__setattr__(p, "_kernels", BernoulliKernels(p.seed, p.offset)),
    "RandomCategorical": lambda p: object.__setattr__(p, "_kernels", CategoricalKernels()),
    "Dropout": lambda p: object.__setattr__(
        p, "_stream", PrimitiveStream("dropout", p.Seed0, p.Seed1)
    ),
}


TABLE = [
    ("StandardNormal", sig(seed=0, seed2=0), _standard_normal),
    ("StandardLaplace", sig(seed=0, seed2=0), _standard_laplace),
    ("UniformReal", sig(seed=0, seed2=0), _uniform_real),
    ("UniformInt", sig(seed=0, seed2=0), _uniform_int),
    ("Gamma", sig(seed=0, seed2=0), lambda p, shape, alpha, beta: SMP.gamma(shape, alpha, beta)),
    ("RandomGamma", sig(seed=0, seed2=0), _random_gamma),
    ("Poisson", sig(seed=0, seed2=0), lambda p, shape, mean: SMP.poisson(shape, mean)),
    ("RandomPoisson", sig(seed=0, seed2=0, dtype=mstype.int64), _random_poisson),
    ("Multinomial", sig(seed=0, seed2=0, dtype=mstype.int32), _multinomial),
    (
        "MultinomialWithReplacement",
        sig("numsamples", replacement=False),
        lambda p, x, seed, offset: SMP.multinomial_with_replacement(
            unwrap(x), seed, offset, p.numsamples, p.replacement
        ),
    ),
    (
        "RandomCategorical",
        sig(dtype=mstype.int64),
        _random_categorical,
    ),
    ("RandomShuffle", sig(seed=0, seed2=0), _random_shuffle),
    ("Randperm", sig(max_length=1, pad=-1, dtype=mstype.int32), _randperm),
    (
        "RandpermV2",
        sig(seed=0, offset=0, dtype=mstype.int64),
        lambda p, n: SMP.randperm(n, p.seed, p.offset, dtype=p.dtype),
    ),
    ("Bernoulli", sig(seed=-1, offset=0), _bernoulli),
    (
        "RandomChoiceWithMask",
        sig(count=256, seed=0, seed2=0),
        _random_choice_with_mask,
    ),
    ("TruncatedNormal", sig(dtype=mstype.float32, seed=0, seed2=0), _truncated_normal),
    (
        "ParameterizedTruncatedNormal",
        sig(seed=0, seed2=0),
        _parameterized_truncated_normal,
    ),
    (
        "LogNormalReverse",
        sig(mean=1.0, std=2.0),
        lambda p, x: jnp.exp(p.mean + p.std * jax.random.normal(next_key(), x.shape, x.dtype)),
    ),
    (
        "Cauchy",
        sig("size", median=0.0, sigma=1.0),
        lambda p: p.median + p.sigma * jax.random.cauchy(next_key(), tuple(p.size), jnp.float32),
    ),
    (
        "NonDeterministicInts",
        sig(dtype=mstype.int64),
        lambda p, shape: jax.random.bits(next_key(), shape_arg(shape), jnp.uint32).astype(
            canonical_dtype(p.dtype)
        ),
    ),
    (
        "LogUniformCandidateSampler",
        sig(num_true=1, num_sampled=5, unique=True, range_max=5, seed=0),
        _log_uniform_candidate_sampler,
    ),
    (
        "UniformCandidateSampler",
        sig("num_true", "num_sampled", "unique", "range_max", seed=0, remove_accidental_hits=False),
        _uniform_candidate_sampler,
    ),
]
