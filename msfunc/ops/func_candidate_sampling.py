"""Candidate samplers: `log_uniform_candidate_sampler` and `uniform_candidate_sampler`.

Each draws MindSpore's numbers for a seed from a stream of its own (Philox for the
log-uniform sampler; MindSpore's uniform engine for the uniform one, whose seed 0 draws from
msfunc's global stream), and the ``_call`` forms continue a primitive's stream from call to
call.
"""

from __future__ import annotations

import ctypes
import functools
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import check_int, tensor_arg
from ..common.seed import next_key
from .distinct_draws import first_distinct
from .minstd import seeded_state, uniform_classes
from .philox import philox_uint32, uniform_doubles

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["log_uniform_candidate_sampler", "uniform_candidate_sampler"]


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


def log_uniform_candidate_sampler_call(
    true_classes, num_true, num_sampled, unique, range_max, seed, call
):
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
        raise ValueError(
            f"{fname}: `true_classes` must be (batch, num_true={num_true}), got shape {t.shape}"
        )
    int64 = jax.dtypes.canonicalize_dtype(jnp.int64)
    if not isinstance(call, jax.core.Tracer) and not isinstance(t, jax.core.Tracer):
        classes, tries = _log_uniform_classes(num_sampled, bool(unique), range_max, seed, int(call))
        call = int(call) + 1
    else:
        # A traced call count (a compiled function calling one primitive again and again) or
        # traced classes (batched by vmap: each element is a call, in turn): the host draws
        # the stream's next block on every run, not once at trace time.
        def host(count, _):
            return (
                *_log_uniform_classes(num_sampled, bool(unique), range_max, seed, count),
                count + 1,
            )

        classes, tries, call = _stream_draw(
            host, (jax.ShapeDtypeStruct((num_sampled,), int64), jax.ShapeDtypeStruct((), int64))
        )(call, t)
    log_range = np.log1p(range_max)
    sampled = jnp.asarray(classes, int64)
    return (
        sampled,
        _log_uniform_expected(t, num_sampled, tries, log_range),
        _log_uniform_expected(jnp.asarray(classes), num_sampled, tries, log_range),
        call,
    )


def log_uniform_candidate_sampler(
    true_classes: ArrayLike,
    num_true: int = 1,
    num_sampled: int = 5,
    unique: bool = True,
    range_max: int = 5,
    seed: int = 0,
) -> tuple[Array, Array, Array]:
    """Classes sampled from the log-uniform (Zipfian) distribution over ``[0, range_max)``,
    with the expected counts of the true and the sampled classes.

    The draws are MindSpore's for the same `seed` (a Philox stream of its own, not msfunc's
    global seed); with `unique`, repeats are drawn again and the expected counts use the
    number of draws.

    Args:
        true_classes (Tensor): int64 target classes, shape ``(batch, num_true)``.
        num_true (int): Targets per example. Default: ``1``.
        num_sampled (int): Classes to sample. Default: ``5``.
        unique (bool): Sample without repeats. Default: ``True``.
        range_max (int): The number of classes. Default: ``5``.
        seed (int): The seed. Default: ``0``.

    Returns:
        Tuple ``(sampled_candidates, true_expected_count, sampled_expected_count)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> out = ops.log_uniform_candidate_sampler(ms.Tensor([[1]], ms.int64), 1, 3, True, 5, 1)
        >>> print(out[0])
        [4 1 2]
    """
    return log_uniform_candidate_sampler_call(
        true_classes, num_true, num_sampled, unique, range_max, seed, 0
    )[:3]


def _check_sampler_args(
    fname, num_true, num_sampled, unique, range_max, seed, remove_accidental_hits
):
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
        raise ValueError(
            f"{fname}: `num_sampled` ({num_sampled}) must be <= `range_max` "
            f"({range_max}) when `unique`"
        )


@functools.cache  # (on first use: finding the C library can start a subprocess)
def _c_float32_functions():
    """The C library's float32 log1p and expm1 (MindSpore's kernel calls these, so its
    expected counts carry their rounding); per-step float64 rounded to float32 (the same
    value or one unit in the last place off) where ctypes cannot load them."""
    try:
        try:
            libm = ctypes.CDLL("libm.so.6")  # (glibc: no search needed)
        except OSError:
            from ctypes.util import find_library  # (on first use)

            libm = ctypes.CDLL(find_library("m"))
        fns = libm.log1pf, libm.expm1f
        for fn in fns:
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        return tuple(lambda x, fn=fn: np.float32(fn(float(x))) for fn in fns)
    except (OSError, AttributeError, TypeError):
        return (
            lambda x: np.float32(np.log1p(np.float64(x))),
            lambda x: np.float32(np.expm1(np.float64(x))),
        )


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


def uniform_candidate_sampler_call(
    true_classes, num_true, num_sampled, unique, range_max, seed, remove_accidental_hits, state=None
):
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
    _check_sampler_args(
        fname, num_true, num_sampled, unique, range_max, seed, remove_accidental_hits
    )
    if state is None:
        state = uniform_sampler_start(seed)
    t = tensor_arg(true_classes, "true_classes")
    if t.dtype not in (jnp.int32, jnp.int64):
        raise TypeError(f"{fname}: `true_classes` must be int32 or int64, got {t.dtype}")
    if t.ndim != 2 or t.shape[1] != num_true:
        raise ValueError(
            f"{fname}: `true_classes` must be (batch, num_true={num_true}), got shape {t.shape}"
        )
    if t.dtype == jnp.int32 and range_max > np.iinfo(np.int32).max:
        raise ValueError(
            f"{fname}: `range_max` {range_max} does not fit the int32 classes of "
            f"int32 `true_classes`; pass int64 ones"
        )
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
            host,
            (
                jax.ShapeDtypeStruct((args[0],), jax.dtypes.canonicalize_dtype(jnp.int64)),
                jax.ShapeDtypeStruct((), jnp.float32),
            ),
        )(state, t)
    expected = jnp.asarray(expected, jnp.float32)
    return (
        jnp.asarray(classes).astype(t.dtype),
        jnp.full(t.shape, expected),
        jnp.full((num_sampled,), expected),
        state,
    )


def uniform_candidate_sampler(
    true_classes: ArrayLike,
    num_true: int,
    num_sampled: int,
    unique: bool,
    range_max: int,
    seed: int = 0,
    remove_accidental_hits: bool = False,
) -> tuple[Array, Array, Array]:
    """Classes sampled uniformly from ``[0, range_max)``, with the expected counts of the true
    and the sampled classes.

    With a positive `seed` the draws are MindSpore's for that seed; seed 0 draws from msfunc's
    global seed. With `unique`, repeats are drawn again and every expected count is
    ``1 - (1 - 1 / range_max) ** draws`` (below: 6 draws for 5 classes), else
    ``num_sampled / range_max``.

    Args:
        true_classes (Tensor): int32 or int64 target classes, shape ``(batch, num_true)``.
        num_true (int): Targets per example.
        num_sampled (int): Classes to sample.
        unique (bool): Sample without repeats.
        range_max (int): The number of classes.
        seed (int): The seed. Default: ``0``.
        remove_accidental_hits (bool): With `unique`, also redraw classes of `true_classes`
            (unless too few classes would be left). Default: ``False``.

    Returns:
        Tuple ``(sampled_candidates, true_expected_count, sampled_expected_count)``; the
        candidates have `true_classes`' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> out = ops.uniform_candidate_sampler(ms.Tensor([[1]], ms.int64), 1, 5, True, 8, 1)
        >>> print(out[0], out[1])
        [0 4 6 5 1] [[0.551...]]
    """
    return uniform_candidate_sampler_call(
        true_classes, num_true, num_sampled, unique, range_max, seed, remove_accidental_hits
    )[:3]
