"""Positive continuous distributions built on the gamma function: Exponential, Gamma, Beta."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.stats as jstats
from jax.scipy.special import betaln, digamma, gammainc, gammaln

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .family import ParamFamily


class Exponential(ParamFamily):
    """Exponential distribution of `rate` (> 0).

    Samples come from msfunc's seeded key stream, not MindSpore's numbers.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Exponential(2.0).mean())
        0.5
    """

    _names = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        super().__init__((rate,), seed, dtype, name)

    def _log_prob(self, value, rate=None):
        r = self._p(rate)
        x = self._value(value)
        return jnp.where(x >= 0, jnp.log(r) - r * x, -jnp.inf)

    def _cdf(self, value, rate=None):
        r = self._p(rate)
        return -jnp.expm1(-r * jnp.maximum(self._value(value), 0.0))

    def _mean(self, rate=None):
        return 1.0 / self._p(rate)

    _sd = _mean

    def _mode(self, rate=None):
        return jnp.zeros_like(self._p(rate))

    def _entropy(self, rate=None):
        return 1.0 - jnp.log(self._p(rate))

    def _kl_loss(self, dist, *args):
        (rb,), ra = self._kl_args(dist, "Exponential", *args)
        return jnp.log(ra / rb) + rb / ra - 1.0

    def _std_sample(self, key, shape, params, dt):
        return jax.random.exponential(key, shape, dt) / params[0]


class Gamma(ParamFamily):
    """Gamma distribution of `concentration` (> 0) and `rate` (> 0).

    Samples come from msfunc's seeded key stream, not MindSpore's numbers.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Gamma([2.0], [4.0]).mean())
        [0.5]
    """

    _names = ("concentration", "rate")

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32,
                 name="Gamma"):  # fmt: skip
        super().__init__((concentration, rate), seed, dtype, name)

    def _check_init(self):
        # Python scalars are refused (as MindSpore does): the parameters must be arrays.
        for name, raw in self.parameters["param_dict"].items():
            if isinstance(raw, (int, float)):
                raise TypeError(f"{type(self).__name__}: `{name}` must not be a Python scalar")
        for value, name in zip(self.default_parameters, self._names):
            if value is not None:
                check_greater_zero(value, name)

    def _log_prob(self, value, concentration=None, rate=None):
        a, r = self._p(concentration, rate)
        return jstats.gamma.logpdf(self._value(value) * r, a) + jnp.log(r)

    def _cdf(self, value, concentration=None, rate=None):
        a, r = self._p(concentration, rate)
        return gammainc(a, jnp.maximum(self._value(value), 0.0) * r)

    def _mean(self, concentration=None, rate=None):
        a, r = self._p(concentration, rate)
        return a / r

    def _var(self, concentration=None, rate=None):
        a, r = self._p(concentration, rate)
        return a / jnp.square(r)

    def _mode(self, concentration=None, rate=None):
        a, r = self._p(concentration, rate)
        return jnp.where(a >= 1.0, (a - 1.0) / r, jnp.nan)

    def _entropy(self, concentration=None, rate=None):
        a, r = self._p(concentration, rate)
        return a - jnp.log(r) + gammaln(a) + (1.0 - a) * digamma(a)

    def _kl_loss(self, dist, *args):
        (ab, rb), (aa, ra) = self._kl_args(dist, "Gamma", *args)
        return (
            (aa - ab) * digamma(aa)
            + gammaln(ab)
            - gammaln(aa)
            + ab * (jnp.log(ra) - jnp.log(rb))
            + aa * (rb / ra - 1.0)
        )

    def _std_sample(self, key, shape, params, dt):
        a, r = params
        return jax.random.gamma(key, jnp.broadcast_to(a, shape), shape, dt) / r


class Beta(ParamFamily):
    """Beta distribution of `concentration1` (> 0) and `concentration0` (> 0).

    Samples come from msfunc's seeded key stream, not MindSpore's numbers.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Beta([1.0], [3.0]).mean())
        [0.25]
    """

    _names = ("concentration1", "concentration0")

    def __init__(self, concentration1=None, concentration0=None, seed=None,
                 dtype=mstype.float32, name="Beta"):  # fmt: skip
        super().__init__((concentration1, concentration0), seed, dtype, name)

    _check_init = Gamma._check_init

    def _log_prob(self, value, concentration1=None, concentration0=None):
        a, b = self._p(concentration1, concentration0)
        return jstats.beta.logpdf(self._value(value), a, b)

    def _mean(self, concentration1=None, concentration0=None):
        a, b = self._p(concentration1, concentration0)
        return a / (a + b)

    def _var(self, concentration1=None, concentration0=None):
        a, b = self._p(concentration1, concentration0)
        total = a + b
        return a * b / (jnp.square(total) * (total + 1.0))

    def _mode(self, concentration1=None, concentration0=None):
        a, b = self._p(concentration1, concentration0)
        return jnp.where((a > 1.0) & (b > 1.0), (a - 1.0) / (a + b - 2.0), jnp.nan)

    def _entropy(self, concentration1=None, concentration0=None):
        a, b = self._p(concentration1, concentration0)
        return (
            betaln(a, b)
            - (a - 1.0) * digamma(a)
            - (b - 1.0) * digamma(b)
            + (a + b - 2.0) * digamma(a + b)
        )

    def _kl_loss(self, dist, *args):
        (a1b, a0b), (a1a, a0a) = self._kl_args(dist, "Beta", *args)
        return (
            betaln(a1b, a0b)
            - betaln(a1a, a0a)
            + (a1a - a1b) * digamma(a1a)
            + (a0a - a0b) * digamma(a0a)
            + (a1b - a1a + a0b - a0a) * digamma(a1a + a0a)
        )

    def _std_sample(self, key, shape, params, dt):
        a, b = (jnp.broadcast_to(p, shape) for p in params)
        return jax.random.beta(key, a, b, shape, dt)
