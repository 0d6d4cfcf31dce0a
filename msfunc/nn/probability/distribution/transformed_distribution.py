"""TransformedDistribution: the distribution of ``bijector.forward(X)`` for X of a base one."""

from __future__ import annotations

import jax.numpy as jnp

from ....common import dtype as mstype
from ....common.tensor import unwrap
from .distribution import Distribution, check_dtype

_BIJECTOR_METHODS = ("forward", "inverse", "inverse_log_jacobian", "is_constant_jacobian")


def _arr(t):
    return jnp.asarray(unwrap(t))


class TransformedDistribution(Distribution):
    """Distribution of ``Y = bijector.forward(X)`` with X drawn from `distribution`.

    Per-call parameter overrides go to the base distribution. The mean exists for bijectors
    with a constant Jacobian (affine ones); for others it raises ValueError.

    Args:
        bijector (Bijector): The transform.
        distribution (Distribution): The base distribution (of a float dtype).
        seed (int): Sampling seed. Default: ``None`` (0).
        name (str): Default: ``"transformed_distribution"``.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> import msfunc.nn.probability.distribution as msd
        >>> t = msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0))
        >>> print(t.cdf(ms.Tensor([1.0], ms.float32)))
        [0.5]
    """

    def __init__(self, bijector, distribution, seed=None, name="transformed_distribution"):
        who = type(self).__name__
        # A bijector is recognised by its methods: the bijector package imports this module.
        if not all(hasattr(bijector, m) for m in _BIJECTOR_METHODS):
            raise TypeError(f"{who}: `bijector` must be a Bijector, got {type(bijector).__name__}")
        if not isinstance(distribution, Distribution):
            raise TypeError(
                f"{who}: `distribution` must be a Distribution, got {type(distribution).__name__}"
            )
        check_dtype(distribution.dtype, mstype.float_type, who)
        param = {"bijector": bijector, "distribution": distribution, "seed": seed, "name": name}
        super().__init__(seed, distribution.dtype, name, param)
        self._bijector = bijector
        self._distribution = distribution
        self._is_linear_transformation = bijector.is_constant_jacobian
        self._is_scalar_batch = distribution.is_scalar_batch and bijector.is_scalar_batch
        self._batch_shape = distribution.batch_shape
        self.default_parameters = distribution.default_parameters
        self.parameter_names = distribution.parameter_names
        self.parameter_type = distribution.parameter_type
        self._broadcast_shape = None
        if self._batch_shape is not None and bijector.batch_shape is not None:
            self._broadcast_shape = jnp.broadcast_shapes(self._batch_shape, bijector.batch_shape)

    @property
    def bijector(self):
        """The transform."""
        return self._bijector

    @property
    def distribution(self):
        """The base distribution."""
        return self._distribution

    @property
    def is_linear_transformation(self):
        """Whether the bijector's Jacobian is constant."""
        return self._is_linear_transformation

    def _cdf(self, value, *args, **kwargs):
        inverse = self._bijector("inverse", value)
        return _arr(self._distribution("cdf", inverse, *args, **kwargs))

    def _log_cdf(self, value, *args, **kwargs):
        return jnp.log(self._cdf(value, *args, **kwargs))

    def _survival_function(self, value, *args, **kwargs):
        return 1.0 - self._cdf(value, *args, **kwargs)

    def _log_survival(self, value, *args, **kwargs):
        return jnp.log(self._survival_function(value, *args, **kwargs))

    def _log_prob(self, value, *args, **kwargs):
        inverse = self._bijector("inverse", value)
        base = _arr(self._distribution("log_prob", inverse, *args, **kwargs))
        adjusted = base + _arr(self._bijector("inverse_log_jacobian", value))
        # Outside the support the base's -inf stands, whatever the Jacobian term gives.
        return jnp.where(jnp.isneginf(base), base, adjusted)

    def _prob(self, value, *args, **kwargs):
        return jnp.exp(self._log_prob(value, *args, **kwargs))

    def _sample(self, *args, **kwargs):
        return _arr(self._bijector("forward", self._distribution("sample", *args, **kwargs)))

    def _mean(self, *args, **kwargs):
        if not self._is_linear_transformation:
            raise ValueError(f"{self.name}: the mean needs a bijector with a constant Jacobian")
        return _arr(self._bijector("forward", self._distribution("mean", *args, **kwargs)))
