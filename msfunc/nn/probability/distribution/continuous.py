"""Location-scale and rate distributions: Normal, LogNormal, Uniform, Exponential, Logistic,
Cauchy and Gumbel."""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy.stats as jstats

from ....common import dtype as mstype
from ....common.tensor import unwrap
from ....ops import func_random
from ._utils.utils import check_greater
from .family import ParamFamily as _TwoParam

_EULER = 0.5772156649015329


class Normal(_TwoParam):
    """Normal distribution of `mean` and standard deviation `sd` (> 0).

    Samples are MindSpore's numbers: ``ops.normal(shape, mean, sd, seed)``'s draws.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> n = msd.Normal(0.0, 1.0, dtype=ms.float32)
        >>> print(n.prob(ms.Tensor([0.0], ms.float32)))
        [0.3989423]
    """

    _names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        super().__init__((mean, sd), seed, dtype, name)

    def _log_prob(self, value, mean=None, sd=None):
        m, s = self._p(mean, sd)
        return jstats.norm.logpdf(self._value(value), m, s)

    def _cdf(self, value, mean=None, sd=None):
        m, s = self._p(mean, sd)
        return jstats.norm.cdf(self._value(value), m, s)

    def _mean(self, mean=None, sd=None):
        return self._p(mean, sd)[0]

    _mode = _mean

    def _sd(self, mean=None, sd=None):
        return self._p(mean, sd)[1]

    def _entropy(self, mean=None, sd=None):
        s = self._p(mean, sd)[1]
        return 0.5 * jnp.log(2.0 * math.pi * math.e * jnp.square(s))

    def _kl_loss(self, dist, *args):
        (mb, sb), (ma, sa) = self._kl_args(dist, "Normal", *args)
        return jnp.log(sb / sa) + (jnp.square(sa) + jnp.square(ma - mb)) / (2 * sb * sb) - 0.5

    def _std_sample(self, key, shape, params, dt):
        return jax.random.normal(key, shape, dt)

    def _from_std(self, z, m, s):
        return m + s * z

    def _sample(self, shape=(), *args):
        if type(self) is not Normal:  # (LogNormal and the others keep the key stream)
            return super()._sample(shape, *args)
        m, s = self._p(*args)
        # MindSpore draws ops.normal(shape + batch shape, mean, sd, seed): its numbers
        full = self._sample_shape(shape) + jnp.broadcast_shapes(m.shape, s.shape)
        draw = unwrap(func_random.normal(full or (1,), m, s, self.seed))
        return draw.reshape(full).astype(m.dtype)  # (cast to the distribution's dtype)


class LogNormal(Normal):
    """Log-normal distribution: ``exp(X)`` for X normal with `loc` and `scale` (> 0).

    Samples come from msfunc's seeded key stream: their numbers are not MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.LogNormal(0.0, 1.0).mean())
        1.6487212
    """

    _names = ("loc", "scale")

    def __init__(self, loc=None, scale=None, seed=0, dtype=mstype.float32, name="LogNormal"):
        _TwoParam.__init__(self, (loc, scale), seed, dtype, name)

    def _log_prob(self, value, loc=None, scale=None):
        x = self._value(value)
        return super()._log_prob(wrap_log(x), loc, scale) - jnp.log(x)

    def _cdf(self, value, loc=None, scale=None):
        return super()._cdf(wrap_log(self._value(value)), loc, scale)

    def _mean(self, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jnp.exp(m + 0.5 * s * s)

    def _mode(self, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jnp.exp(m - s * s)

    def _var(self, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jnp.expm1(s * s) * jnp.exp(2 * m + s * s)

    def _sd(self, loc=None, scale=None):
        return jnp.sqrt(self._var(loc, scale))

    def _entropy(self, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return m + 0.5 + jnp.log(s) + 0.5 * math.log(2 * math.pi)

    def _kl_loss(self, dist, *args):
        (mb, sb), (ma, sa) = self._kl_args(dist, "LogNormal", *args)
        return jnp.log(sb / sa) + (jnp.square(sa) + jnp.square(ma - mb)) / (2 * sb * sb) - 0.5

    def _from_std(self, z, m, s):
        return jnp.exp(m + s * z)


def wrap_log(x):
    """Natural log of a value array (log-normal values map to normal ones)."""
    from ....common.tensor import wrap

    return wrap(jnp.log(x))


class Uniform(_TwoParam):
    """Uniform distribution on [`low`, `high`] (`high` > `low`).

    Samples are MindSpore's numbers: ``ops.uniform(shape, 0, 1, seed)``'s draws, scaled.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Uniform(0.0, 2.0).cdf(ms.Tensor([0.5], ms.float32)))
        [0.25]
    """

    _names = ("low", "high")

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        super().__init__((low, high), seed, dtype, name)

    def _check_init(self):
        low, high = self.default_parameters
        if low is not None and high is not None:
            check_greater(low, high, "low", "high")

    def _prob(self, value, low=None, high=None):
        lo, hi = self._p(low, high)
        x = self._value(value)
        inside = (x >= lo) & (x <= hi)
        return jnp.where(inside, 1.0 / (hi - lo), 0.0).astype(lo.dtype)

    def _cdf(self, value, low=None, high=None):
        lo, hi = self._p(low, high)
        return jnp.clip((self._value(value) - lo) / (hi - lo), 0.0, 1.0)

    def _mean(self, low=None, high=None):
        lo, hi = self._p(low, high)
        return (lo + hi) / 2

    def _var(self, low=None, high=None):
        lo, hi = self._p(low, high)
        return jnp.square(hi - lo) / 12

    def _entropy(self, low=None, high=None):
        lo, hi = self._p(low, high)
        return jnp.log(hi - lo)

    def _kl_loss(self, dist, *args):
        (lb, hb), (la, ha) = self._kl_args(dist, "Uniform", *args)
        kl = jnp.log(hb - lb) - jnp.log(ha - la)
        return jnp.where((lb <= la) & (ha <= hb), kl, jnp.inf)

    def _std_sample(self, key, shape, params, dt):
        return jax.random.uniform(key, shape, dt)

    def _from_std(self, u, lo, hi):
        return lo + (hi - lo) * u

    def _sample(self, shape=(), *args):
        lo, hi = self._p(*args)
        # MindSpore draws ops.uniform(shape + batch shape, 0, 1, seed), then (high - low) u + low
        u = self._seeded_uniform(shape, jnp.broadcast_shapes(lo.shape, hi.shape))
        return ((hi - lo) * u + lo).astype(lo.dtype)  # (cast to the distribution's dtype)


class Logistic(_TwoParam):
    """Logistic distribution of `loc` and `scale` (> 0).

    Samples come from msfunc's seeded key stream: their numbers are not MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Logistic(0.0, 1.0).cdf(ms.Tensor([0.0], ms.float32)))
        [0.5]
    """

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        super().__init__((loc, scale), seed, dtype, name)

    def _log_prob(self, value, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jstats.logistic.logpdf((self._value(value) - m) / s) - jnp.log(s)

    def _cdf(self, value, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jax.nn.sigmoid((self._value(value) - m) / s)

    def _mean(self, loc=None, scale=None):
        return self._p(loc, scale)[0]

    _mode = _mean

    def _sd(self, loc=None, scale=None):
        return self._p(loc, scale)[1] * (math.pi / math.sqrt(3.0))

    def _entropy(self, loc=None, scale=None):
        return jnp.log(self._p(loc, scale)[1]) + 2.0

    def _std_sample(self, key, shape, params, dt):
        return jax.random.logistic(key, shape, dt)

    def _from_std(self, z, m, s):
        return m + s * z


class Cauchy(_TwoParam):
    """Cauchy distribution of `loc` and `scale` (> 0); its mean, sd and var raise ValueError.

    Samples come from msfunc's seeded key stream: their numbers are not MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Cauchy(0.0, 1.0).cdf(ms.Tensor([0.0], ms.float32)))
        [0.5]
    """

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        super().__init__((loc, scale), seed, dtype, name)

    def _log_prob(self, value, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jstats.cauchy.logpdf(self._value(value), m, s)

    def _cdf(self, value, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jstats.cauchy.cdf(self._value(value), m, s)

    def _undefined(self, *args):
        raise ValueError(f"{self.name}: the Cauchy distribution has no mean, sd or var")

    _mean = _sd = _var = _undefined

    def _mode(self, loc=None, scale=None):
        return self._p(loc, scale)[0]

    def _entropy(self, loc=None, scale=None):
        return jnp.log(4.0 * math.pi * self._p(loc, scale)[1])

    def _kl_loss(self, dist, *args):
        (lb, sb), (la, sa) = self._kl_args(dist, "Cauchy", *args)
        return jnp.log(jnp.square(sa + sb) + jnp.square(la - lb)) - jnp.log(4.0 * sa * sb)

    def _std_sample(self, key, shape, params, dt):
        return jax.random.cauchy(key, shape, dt)

    def _from_std(self, z, m, s):
        return m + s * z


class Gumbel(_TwoParam):
    """Gumbel (maximum) distribution of `loc` and `scale` (> 0).

    Samples come from msfunc's seeded key stream: their numbers are not MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Gumbel(0.0, 1.0).mode())
        0.0
    """

    def __init__(self, loc, scale, seed=0, dtype=mstype.float32, name="Gumbel"):
        super().__init__((loc, scale), seed, dtype, name)

    def _p(self, *args) -> Any:
        # Gumbel's parameters are fixed at construction (MindSpore takes no overrides).
        if any(a is not None for a in args):
            raise TypeError(f"{self.name}: the parameters cannot be overridden per call")
        return super()._p()

    def _log_prob(self, value, loc=None, scale=None):
        m, s = self._p(loc, scale)
        z = (self._value(value) - m) / s
        return -(z + jnp.exp(-z)) - jnp.log(s)

    def _cdf(self, value, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return jnp.exp(-jnp.exp(-(self._value(value) - m) / s))

    def _mean(self, loc=None, scale=None):
        m, s = self._p(loc, scale)
        return m + s * _EULER

    def _mode(self, loc=None, scale=None):
        return self._p(loc, scale)[0]

    def _sd(self, loc=None, scale=None):
        return self._p(loc, scale)[1] * (math.pi / math.sqrt(6.0))

    def _entropy(self, loc=None, scale=None):
        return jnp.log(self._p(loc, scale)[1]) + (1.0 + _EULER)

    def _kl_loss(self, dist, *args):
        (lb, sb), (la, sa) = self._kl_args(dist, "Gumbel", *args)
        z = (lb - la) / sb
        ratio = sa / sb
        return (
            jnp.log(sb / sa)
            + _EULER * (ratio - 1.0)
            + jnp.expm1(z + jax.lax.lgamma(ratio + 1.0))
            - z
        )

    def _std_sample(self, key, shape, params, dt):
        return jax.random.gumbel(key, shape, dt)

    def _from_std(self, z, m, s):
        return m + s * z
