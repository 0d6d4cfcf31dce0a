"""Distributions over counts and categories: Bernoulli, Geometric, Poisson and Categorical."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaincc, gammaln, xlogy

from ....common import dtype as mstype
from ._utils.utils import check_prob
from .family import ParamFamily

_INT_FLOAT = tuple(mstype.int_type) + tuple(mstype.uint_type) + tuple(mstype.float_type)


class _ProbFamily(ParamFamily):
    _names = ("probs",)
    _valid_dtypes = _INT_FLOAT

    def _check_init(self):
        if self.default_parameters[0] is not None:
            check_prob(self.default_parameters[0])

    def _out(self, x):
        return x.astype(jnp.dtype(self.dtype))


class Bernoulli(_ProbFamily):
    """Bernoulli distribution: 1 with probability `probs` (strictly between 0 and 1), else 0.

    Samples (of `dtype`) are MindSpore's numbers: ``ops.uniform(shape, 0, 1, seed) < probs``.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Bernoulli(0.25).prob(ms.Tensor([1.0, 0.0], ms.float32)))
        [0.25 0.75]
    """

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        super().__init__((probs,), seed, dtype, name)

    def _log_prob(self, value, probs=None):
        p = self._p(probs)
        x = self._value(value)
        out = xlogy(x, p) + xlogy(1.0 - x, 1.0 - p)
        return jnp.where((x == 0) | (x == 1), out, -jnp.inf)

    def _cdf(self, value, probs=None):
        p = self._p(probs)
        x = self._value(value)
        return jnp.where(x < 0, 0.0, jnp.where(x < 1, 1.0 - p, 1.0)).astype(p.dtype)

    def _mean(self, probs=None):
        return self._p(probs)

    def _mode(self, probs=None):
        return self._out(self._p(probs) > 0.5)

    def _var(self, probs=None):
        p = self._p(probs)
        return p * (1.0 - p)

    def _entropy(self, probs=None):
        p = self._p(probs)
        return -xlogy(p, p) - xlogy(1.0 - p, 1.0 - p)

    def _kl_loss(self, dist, *args):
        (pb,), pa = self._kl_args(dist, "Bernoulli", *args)
        return xlogy(pa, pa / pb) + xlogy(1.0 - pa, (1.0 - pa) / (1.0 - pb))

    def _std_sample(self, key, shape, params, dt):
        return jax.random.uniform(key, shape, dt) < params[0]

    def _from_std(self, draw, *params):
        return self._out(draw)

    def _sample(self, shape=(), *args):
        p = self._p(*args)
        # MindSpore draws ops.uniform(shape + batch shape, 0, 1, seed) and takes u < probs
        return self._out(self._seeded_uniform(shape, jnp.shape(p)) < p)


class Geometric(_ProbFamily):
    """Geometric distribution: failures before the first success of probability `probs`.

    Samples (of `dtype`) come from msfunc's seeded key stream, not MindSpore's numbers.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Geometric(0.5).prob(ms.Tensor([1.0], ms.float32)))
        [0.25]
    """

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        super().__init__((probs,), seed, dtype, name)

    def _log_prob(self, value, probs=None):
        p = self._p(probs)
        k = jnp.floor(self._value(value))
        return jnp.where(k >= 0, jnp.log(p) + k * jnp.log1p(-p), -jnp.inf)

    def _cdf(self, value, probs=None):
        p = self._p(probs)
        k = jnp.floor(self._value(value))
        return jnp.where(k >= 0, 1.0 - jnp.power(1.0 - p, k + 1.0), 0.0).astype(p.dtype)

    def _mean(self, probs=None):
        p = self._p(probs)
        return (1.0 - p) / p

    def _mode(self, probs=None):
        return self._out(jnp.zeros_like(self._p(probs)))

    def _var(self, probs=None):
        p = self._p(probs)
        return (1.0 - p) / jnp.square(p)

    def _entropy(self, probs=None):
        p = self._p(probs)
        return (-xlogy(p, p) - xlogy(1.0 - p, 1.0 - p)) / p

    def _kl_loss(self, dist, *args):
        (pb,), pa = self._kl_args(dist, "Geometric", *args)
        return jnp.log(pa / pb) + (1.0 - pa) / pa * jnp.log((1.0 - pa) / (1.0 - pb))

    def _std_sample(self, key, shape, params, dt):
        u = jax.random.uniform(key, shape, dt, minval=jnp.finfo(dt).tiny)
        return jnp.floor(jnp.log(u) / jnp.log1p(-params[0]))

    def _from_std(self, draw, *params):
        return self._out(draw)


class Poisson(ParamFamily):
    """Poisson distribution of `rate` (> 0).

    Samples come from msfunc's seeded key stream, not MindSpore's numbers.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Poisson([2.0]).mean())
        [2.]
    """

    _names = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        super().__init__((rate,), seed, dtype, name)

    def _check_init(self):
        # A Python scalar rate is refused, as MindSpore does: it must be an array.
        if isinstance(self.parameters["param_dict"]["rate"], (int, float)):
            raise TypeError(f"{self.name}: `rate` must not be a Python scalar")
        super()._check_init()

    def _log_prob(self, value, rate=None):
        r = self._p(rate)
        x = self._value(value)
        out = xlogy(x, r) - r - gammaln(x + 1.0)
        return jnp.where((x >= 0) & (x == jnp.floor(x)), out, -jnp.inf)

    def _cdf(self, value, rate=None):
        r = self._p(rate)
        k = jnp.floor(self._value(value))
        return jnp.where(k >= 0, gammaincc(jnp.maximum(k, 0.0) + 1.0, r), 0.0).astype(r.dtype)

    def _mean(self, rate=None):
        return self._p(rate)

    _var = _mean

    def _mode(self, rate=None):
        return jnp.floor(self._p(rate))

    def _std_sample(self, key, shape, params, dt):
        return jax.random.poisson(key, params[0], shape).astype(dt)


class Categorical(ParamFamily):
    """Categorical distribution over ``0..k-1`` with probabilities `probs` (last axis).

    Samples (of `dtype`) come from msfunc's seeded key stream, not MindSpore's numbers.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Categorical([0.25, 0.75]).prob(ms.Tensor([1], ms.int32)))
        [0.75]
    """

    _names = ("probs",)
    _valid_dtypes = _INT_FLOAT

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Categorical"):
        super().__init__((probs,), seed, dtype, name)
        if probs is not None:
            self._batch_shape = self._batch_shape[:-1]

    def _check_init(self):
        from ._utils.utils import check_rank, check_sum_equal_one

        probs = self.default_parameters[0]
        if probs is not None:
            check_rank(probs)
            check_prob(probs)
            check_sum_equal_one(probs)

    def _pick(self, table, value):
        """`table` (per-category, last axis) at the categories in `value`, and where the
        value is a category; the value's shape broadcast with the batch shape."""
        x = self._check_value(value, "value")
        k = table.shape[-1]
        idx = jnp.clip(jnp.floor(x).astype(jnp.int32), 0, k - 1)
        shape = jnp.broadcast_shapes(idx.shape, table.shape[:-1])
        full = jnp.broadcast_to(table, shape + (k,))
        picked = jnp.take_along_axis(full, jnp.broadcast_to(idx, shape)[..., None], axis=-1)
        return picked[..., 0], jnp.broadcast_to(x, shape)

    def _log_prob(self, value, probs=None):
        p = self._p(probs)
        picked, x = self._pick(p, value)
        valid = (x >= 0) & (x < p.shape[-1]) & (x == jnp.floor(x))
        return jnp.where(valid, jnp.log(picked), -jnp.inf)

    def _cdf(self, value, probs=None):
        p = self._p(probs)
        picked, x = self._pick(jnp.cumsum(p, axis=-1), value)
        # Values in (-1, 0) count as category 0, as MindSpore does.
        return jnp.where(x <= -1, 0.0, jnp.where(x >= p.shape[-1] - 1, 1.0, picked)).astype(p.dtype)

    def _mean(self, probs=None):
        p = self._p(probs)
        return jnp.sum(p * jnp.arange(p.shape[-1], dtype=p.dtype), axis=-1, keepdims=True)

    def _mode(self, probs=None):
        return jnp.argmax(self._p(probs), axis=-1).astype(jnp.dtype(self.dtype))

    def _var(self, probs=None):
        p = self._p(probs)
        k = jnp.arange(p.shape[-1], dtype=p.dtype)
        mean = jnp.sum(p * k, axis=-1, keepdims=True)
        return jnp.sum(p * jnp.square(k - mean), axis=-1, keepdims=True)

    def _entropy(self, probs=None):
        p = self._p(probs)
        return jnp.squeeze(-jnp.sum(xlogy(p, p), axis=-1))

    def _kl_loss(self, dist, *args):
        (pb,), pa = self._kl_args(dist, "Categorical", *args)
        return jnp.squeeze(jnp.sum(xlogy(pa, pa) - xlogy(pa, pb), axis=-1))

    def _sample(self, shape=(), probs=None):
        p = self._p(probs)
        draw = self._draw(
            lambda k, s: jax.random.categorical(k, jnp.log(p), shape=s), shape, p.shape[:-1]
        )
        return draw.astype(jnp.dtype(self.dtype))
