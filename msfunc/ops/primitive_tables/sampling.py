"""Primitive classes that draw random numbers (keys from msfunc.common.seed)."""

import jax
import jax.numpy as jnp
from jax._src import core as _core

from ..._state import frames, read, write
from ...common import dtype as mstype
from ...common.parameter import Parameter, unwrap
from ...common.seed import next_key
from ...common.tensor import Tensor, canonical_dtype
from .. import func_random as RND
from ._common import shape_arg, sig

__all__ = ["TABLE"]


def _randperm(p, n):
    n = int(unwrap(n).reshape(-1)[0]) if hasattr(unwrap(n), "reshape") else int(n)
    perm = jax.random.permutation(next_key(), n).astype(canonical_dtype(p.dtype))
    return jnp.pad(perm, (0, p.max_length - n), constant_values=p.pad)


def _start_stream(p):
    """Give a new LogUniformCandidateSampler its stream position.

    Made outside any trace (the usual place: a Cell's ``__init__``), the position is a
    Parameter: a compiled function lifts it and draws the stream's next block on every run,
    as MindSpore's kernel goes on. Made while tracing, it is a Python count: such a primitive
    is made anew by every run, and starts its stream at every run.
    """
    at_top = not frames() and _core.trace_ctx.trace is _core.eval_trace
    counter = Parameter(Tensor(0, mstype.int64), name="sampler_calls", requires_grad=False) \
        if at_top else 0
    object.__setattr__(p, "_sampler_calls", counter)


def _log_uniform_candidate_sampler(p, t):
    counter = p._sampler_calls
    call = counter
    if isinstance(counter, Parameter):
        call = read(counter)
        call = call if isinstance(call, jax.core.Tracer) else int(call)
    *out, after = RND.log_uniform_candidate_sampler_call(
        t, p.num_true, p.num_sampled, p.unique, p.range_max, p.seed, call)
    if isinstance(counter, Parameter):
        write(counter, jnp.asarray(after, counter.dtype))
    else:
        object.__setattr__(p, "_sampler_calls", after)
    return tuple(out)


def _start_uniform_engine(p):
    """Check a new UniformCandidateSampler's attributes and give it its engine state.

    As for the log-uniform sampler, the state is a Parameter when the primitive is made
    outside any trace (compiled runs go on drawing) and a plain value when made while
    tracing (made anew by every run). Seed 0 takes its start from msfunc's global stream,
    at construction outside a trace and at the first call inside one.
    """
    RND._check_sampler_args("UniformCandidateSampler", p.num_true, p.num_sampled, p.unique,
                            p.range_max, p.seed, p.remove_accidental_hits)
    at_top = not frames() and _core.trace_ctx.trace is _core.eval_trace
    if at_top:
        start = int(RND.uniform_sampler_start(p.seed))
        state = Parameter(Tensor(start, mstype.int64), name="sampler_state", requires_grad=False)
    else:
        state = RND.uniform_sampler_start(p.seed) if p.seed else None
    object.__setattr__(p, "_sampler_state", state)


def _uniform_candidate_sampler(p, t):
    state = p._sampler_state
    current = read(state) if isinstance(state, Parameter) else state
    if current is None:
        current = RND.uniform_sampler_start(0)
    *out, new = RND.uniform_candidate_sampler_call(
        t, p.num_true, p.num_sampled, p.unique, p.range_max, p.seed, p.remove_accidental_hits,
        current)
    if isinstance(state, Parameter):
        write(state, jnp.asarray(new, state.dtype))
    else:
        object.__setattr__(p, "_sampler_state", new)
    return tuple(out)


# Primitives whose objects carry state from construction: name -> hook(primitive).
INIT_HOOKS = {"LogUniformCandidateSampler": _start_stream,
              "UniformCandidateSampler": _start_uniform_engine}


TABLE = [
    (
        "StandardNormal",
        sig(seed=0, seed2=0),
        lambda p, shape: RND.standard_normal(shape_arg(shape)),
    ),
    (
        "StandardLaplace",
        sig(seed=0, seed2=0),
        lambda p, shape: RND.standard_laplace(shape_arg(shape)),
    ),
    ("UniformReal", sig(seed=0, seed2=0), lambda p, shape: RND.rand(shape_arg(shape))),
    (
        "UniformInt",
        sig(seed=0, seed2=0),
        lambda p, shape, minval, maxval: RND.uniform(
            shape_arg(shape), minval, maxval, dtype=mstype.int32
        ),
    ),
    ("Gamma", sig(seed=0, seed2=0), lambda p, shape, alpha, beta: RND.gamma(shape, alpha, beta)),
    ("RandomGamma", sig(seed=0, seed2=0), lambda p, shape, alpha: RND.random_gamma(shape, alpha)),
    ("Poisson", sig(seed=0, seed2=0), lambda p, shape, mean: RND.poisson(shape, mean)),
    (
        "RandomPoisson",
        sig(seed=0, seed2=0, dtype=mstype.int64),
        lambda p, shape, rate: RND.random_poisson(shape, rate, dtype=p.dtype),
    ),
    (
        "Multinomial",
        sig(seed=0, seed2=0, dtype=mstype.int32),
        lambda p, x, num_samples: RND.multinomial(x, int(unwrap(num_samples))).astype(
            canonical_dtype(p.dtype)
        ),
    ),
    (
        "MultinomialWithReplacement",
        sig("numsamples", replacement=False),
        lambda p, x, seed, offset: RND.multinomial(x, p.numsamples, p.replacement),
    ),
    (
        "RandomCategorical",
        sig(dtype=mstype.int64),
        lambda p, logits, num_sample, seed=0: RND.random_categorical(
            logits, int(unwrap(num_sample)), dtype=p.dtype
        ),
    ),
    ("RandomShuffle", sig(seed=0, seed2=0), lambda p, x: RND.shuffle(x)),
    ("Randperm", sig(max_length=1, pad=-1, dtype=mstype.int32), _randperm),
    (
        "RandpermV2",
        sig(seed=0, offset=0, dtype=mstype.int64),
        lambda p, n: RND.randperm(n, dtype=p.dtype),
    ),
    ("Bernoulli", sig(seed=-1, offset=0), lambda p, x, prob=0.5: RND.bernoulli(x, prob)),
    (
        "RandomChoiceWithMask",
        sig(count=256, seed=0, seed2=0),
        lambda p, x: RND.choice_with_mask(x, p.count),
    ),
    (
        "TruncatedNormal",
        sig(dtype=mstype.float32, seed=0, seed2=0),
        lambda p, shape: jax.random.truncated_normal(
            next_key(), -2.0, 2.0, shape_arg(shape), canonical_dtype(p.dtype)
        ),
    ),
    (
        "ParameterizedTruncatedNormal",
        sig(seed=0, seed2=0),
        lambda p, shape, mean, stdevs, lo, hi: (
            mean
            + stdevs
            * jax.random.truncated_normal(
                next_key(), (lo - mean) / stdevs, (hi - mean) / stdevs, shape_arg(shape)
            )
        ),
    ),
    (
        "LogNormalReverse",
        sig(mean=1.0, std=2.0),
        lambda p, x: jnp.exp(p.mean + p.std * jax.random.normal(next_key(), x.shape, x.dtype)),
    ),
    (
        "Cauchy",
        sig("size", median=0.0, sigma=1.0),
        lambda p: p.median + p.sigma * jax.random.cauchy(next_key(), tuple(p.size)),
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
