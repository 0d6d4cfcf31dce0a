"""Laplace, HalfNormal and StudentT: distributions MindSpore 2.10 gives densities and samples
for, and nothing else (its other methods raise NotImplementedError, as here)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.stats as jstats

from ....common import dtype as mstype
from ._utils.utils import check_greater_zero
from .family import ParamFamily


class Laplace(ParamFamily):
    """Laplace distribution of `mean` and scale `sd` (> 0): density ``exp(-|x - mean| / sd) /
    (2 sd)``.

    Samples come from msfunc's seeded key stream: their numbers are not MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Laplace(1.0, 2.0).prob(ms.Tensor([1.0], ms.float32)))
        [0.25]
    """

    _names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        super().__init__((mean, sd), seed, dtype, name)

    def _log_prob(self, value, mean=None, sd=None):
        m, s = self._p(mean, sd)
        return jstats.laplace.logpdf(self._value(value), m, s)

    def _std_sample(self, key, shape, params, dt):
        return jax.random.laplace(key, shape, dt)

    def _from_std(self, z, m, s):
        return m + s * z


class HalfNormal(ParamFamily):
    """HalfNormal distribution of `mean` and `sd` (> 0) as MindSpore defines its density:
    ``sqrt(2 / pi) / sd * exp(-(x - mean)**2 / (2 sd**2))`` where ``x >= 0`` (0 below: the
    support starts at 0 whatever `mean` is).

    Samples (``mean + |z| sd``) come from msfunc's seeded key stream: their numbers are not
    MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.HalfNormal(1.0, 2.0).prob(ms.Tensor([-0.5, 1.0], ms.float32)))
        [0.        0.3989423]
    """

    _names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        super().__init__((mean, sd), seed, dtype, name)

    def _log_prob(self, value, mean=None, sd=None):
        m, s = self._p(mean, sd)
        x = self._value(value)
        return jnp.where(x < 0, -jnp.inf, jstats.norm.logpdf(x, m, s) + jnp.log(2.0))

    def _std_sample(self, key, shape, params, dt):
        return jnp.abs(jax.random.normal(key, shape, dt))

    def _from_std(self, z, m, s):
        return m + s * z


class StudentT(ParamFamily):
    """Student's t distribution of `df` (> 0) degrees of freedom, location `mean` and scale
    `sd` (> 0).

    Samples come from msfunc's seeded key stream: their numbers are not MindSpore's.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> msd.StudentT(3.0, 1.0, 2.0).prob(ms.Tensor([1.0], ms.float32)).asnumpy().round(5)
        array([0.18378], dtype=float32)
    """

    _names = ("df", "mean", "sd")

    def __init__(
        self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name="StudentT"
    ):
        super().__init__((df, mean, sd), seed, dtype, name)

    def _check_init(self):
        df, sd = self.default_parameters[0], self.default_parameters[-1]
        if df is not None:
            check_greater_zero(df, "df")
        if sd is not None:
            check_greater_zero(sd, "sd")

    def _log_prob(self, value, df=None, mean=None, sd=None):
        d, m, s = self._p(df, mean, sd)
        return jstats.t.logpdf(self._value(value), d, m, s)

    def _std_sample(self, key, shape, params, dt):
        return jax.random.t(key, params[0], shape, dt)

    def _from_std(self, z, d, m, s):
        return m + s * z
