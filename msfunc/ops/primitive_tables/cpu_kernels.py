"""Primitives of MindSpore's CPU kernels with no functional twin in msfunc: ``NoRepeatNGram``
(beam-search n-gram blocking), ``ListDiff`` (set difference) and ``Assert``."""

import jax
import jax.numpy as jnp
import numpy as np

from ...common import dtype as mstype
from ...common.tensor import canonical_dtype, unwrap
from ._common import sig

__all__ = ["TABLE", "INIT_CHECKS"]


def _no_repeat_ngram(p, state_seq, log_probs):
    """Each row's last ``n - 1`` tokens are looked for earlier in the row; the token that
    followed each earlier occurrence gets the lowest finite log-probability."""
    seq, logits, n = jnp.asarray(state_seq), jnp.asarray(log_probs), p.ngram_size
    length, vocab = seq.shape[-1], logits.shape[-1]
    starts = length - n + 1  # earlier windows: the last one is the row's own tail
    if starts <= 0:
        return logits
    tail = seq[..., length - n + 1 :]  # (..., n - 1)
    windows = jnp.stack([seq[..., i : i + n - 1] for i in range(starts)], axis=-2)
    repeats = jnp.all(windows == tail[..., None, :], axis=-1)  # (..., starts)
    following = seq[..., n - 1 :]  # the token after each window, (..., starts)
    hits = repeats[..., None] & (following[..., None] == jnp.arange(vocab))
    lowest = jnp.asarray(-jnp.finfo(logits.dtype).max, logits.dtype)
    return jnp.where(jnp.any(hits, axis=-2), lowest, logits)


def _check_ngram(p):
    n = p.ngram_size
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"NoRepeatNGram: `ngram_size` must be a positive int, got {n!r}")


def _list_diff(p, x, y):
    """The entries of `x` not in `y`, in order, and their positions in `x`: the output's
    length depends on the values, so concrete inputs are needed (a graph-mode Cell then runs
    eagerly)."""
    for name, v in (("x", x), ("y", y)):
        if isinstance(v, jax.core.Tracer):
            raise jax.errors.ConcretizationTypeError(
                v, f"ListDiff: `{name}`'s values fix the output's length; call it outside jit"
            )
    x, y = np.asarray(x), np.asarray(y)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"ListDiff: `x` and `y` must be 1-D, got shapes {x.shape} and {y.shape}")
    if x.dtype != y.dtype:
        raise TypeError(f"ListDiff: `y` must have `x`'s dtype {x.dtype}, got {y.dtype}")
    keep = np.flatnonzero(~np.isin(x, y))
    return jnp.asarray(x[keep]), jnp.asarray(keep.astype(canonical_dtype(p.out_idx)))


def _check_out_idx(p):
    if canonical_dtype(p.out_idx) not in (np.int32, np.int64):
        raise TypeError(f"ListDiff: `out_idx` must be int32 or int64, got {p.out_idx}")


def _shown(value, count):
    return np.asarray(value).reshape(-1)[:count]


def _report_and_raise(summarize, data):
    lines = ["Assert: the condition is False; the first entries of each input:"]
    lines += [f"  {_shown(v, summarize)}" for v in data]
    print("\n".join(lines))
    raise RuntimeError(f"Assert: the condition is False ({len(data)} inputs shown above)")


def _assert(p, condition, input_data):
    if not isinstance(input_data, (tuple, list)):
        raise TypeError(
            f"Assert: `input_data` must be a tuple or list of Tensors, got "
            f"{type(input_data).__name__}"
        )
    cond = jnp.asarray(condition)
    if cond.dtype != jnp.bool_ or cond.size != 1:
        raise TypeError(
            f"Assert: `condition` must be a bool or a one-element bool Tensor, got {cond}"
        )
    data = [jnp.asarray(unwrap(v)) for v in input_data]
    if isinstance(cond, jax.core.Tracer):  # compiled: checked when the program runs

        def check(ok, *values):
            if not bool(np.asarray(ok).reshape(())):
                _report_and_raise(p.summarize, values)

        jax.debug.callback(check, cond, *data)
    elif not bool(cond.reshape(())):
        _report_and_raise(p.summarize, data)
    return jnp.zeros((1,), jnp.int32)


def _check_summarize(p):
    if not isinstance(p.summarize, int) or isinstance(p.summarize, bool):
        raise TypeError(f"Assert: `summarize` must be an int, got {type(p.summarize).__name__}")


TABLE = [
    ("NoRepeatNGram", sig(ngram_size=1), _no_repeat_ngram),
    ("ListDiff", sig(out_idx=mstype.int32), _list_diff),
    ("Assert", sig(summarize=3), _assert),
]

INIT_CHECKS = {
    "NoRepeatNGram": _check_ngram,
    "ListDiff": _check_out_idx,
    "Assert": _check_summarize,
}
