"""The bijectors: PowerTransform, Exp, ScalarAffine, Softplus, GumbelCDF and Invert."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ..distribution._utils.utils import check_greater_zero
from .bijector import Bijector


class PowerTransform(Bijector):
    """``y = (1 + power * x) ** (1 / power)``, and ``y = exp(x)`` when `power` is 0.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.PowerTransform(2.0).forward(ms.Tensor([4.0], ms.float32)))
        [3.]
    """

    def __init__(self, power=0.0, name="PowerTransform"):
        param = {"power": power, "name": name, "param_dict": {"power": power}}
        super().__init__(name=name, param=param)
        self._power = self._add_parameter(power, "power")

    @property
    def power(self):
        """The power."""
        return self._power

    def _forward(self, value):
        x, c = self._values(value, self._power)
        safe = jnp.where(c == 0, 1.0, c)
        return jnp.where(c == 0, jnp.exp(x), jnp.power(1.0 + x * c, 1.0 / safe))

    def _inverse(self, value):
        y, c = self._values(value, self._power)
        safe = jnp.where(c == 0, 1.0, c)
        return jnp.where(c == 0, jnp.log(y), jnp.expm1(c * jnp.log(y)) / safe)

    def _forward_log_jacobian(self, value):
        x, c = self._values(value, self._power)
        safe = jnp.where(c == 0, 1.0, c)
        return jnp.where(c == 0, x, (1.0 / safe - 1.0) * jnp.log1p(x * c))

    def _inverse_log_jacobian(self, value):
        y, c = self._values(value, self._power)
        return (c - 1.0) * jnp.log(y)


class Exp(PowerTransform):
    """``y = exp(x)``.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.Exp().inverse(ms.Tensor([1.0], ms.float32)))
        [0.]
    """

    def __init__(self, name="Exp"):
        super().__init__(0.0, name)


class ScalarAffine(Bijector):
    """``y = scale * x + shift``.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.ScalarAffine(2.0, 1.0).forward(ms.Tensor([3.0], ms.float32)))
        [7.]
    """

    def __init__(self, scale=1.0, shift=0.0, name="ScalarAffine"):
        param = {"scale": scale, "shift": shift, "name": name}
        param["param_dict"] = {"scale": scale, "shift": shift}
        super().__init__(is_constant_jacobian=True, name=name, param=param)
        self._scale = self._add_parameter(scale, "scale")
        self._shift = self._add_parameter(shift, "shift")

    @property
    def scale(self):
        """The scale."""
        return self._scale

    @property
    def shift(self):
        """The shift."""
        return self._shift

    def _forward(self, value):
        x, a, b = self._values(value, self._scale, self._shift)
        return a * x + b

    def _inverse(self, value):
        y, a, b = self._values(value, self._scale, self._shift)
        return (y - b) / a

    def _forward_log_jacobian(self, value):
        _, a = self._values(value, self._scale)
        return jnp.log(jnp.abs(a))

    def _inverse_log_jacobian(self, value):
        _, a = self._values(value, self._scale)
        return -jnp.log(jnp.abs(a))


class Softplus(Bijector):
    """``y = log(1 + exp(sharpness * x)) / sharpness``.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.Softplus(1.0).forward(ms.Tensor([0.0], ms.float32)))
        [0.6931472]
    """

    def __init__(self, sharpness=1.0, name="Softplus"):
        param = {"sharpness": sharpness, "name": name, "param_dict": {"sharpness": sharpness}}
        super().__init__(name=name, param=param)
        self._sharpness = self._add_parameter(sharpness, "sharpness")

    @property
    def sharpness(self):
        """The sharpness."""
        return self._sharpness

    def _forward(self, value):
        x, k = self._values(value, self._sharpness)
        return jax.nn.softplus(k * x) / k

    def _inverse(self, value):
        y, k = self._values(value, self._sharpness)
        ky = k * y
        # log(expm1(ky)) written to stay finite for large ky
        return (ky + jnp.log(-jnp.expm1(-ky))) / k

    def _forward_log_jacobian(self, value):
        x, k = self._values(value, self._sharpness)
        return jax.nn.log_sigmoid(k * x)

    def _inverse_log_jacobian(self, value):
        y, k = self._values(value, self._sharpness)
        return -jnp.log(-jnp.expm1(-k * y))


class GumbelCDF(Bijector):
    """``y = exp(-exp(-(x - loc) / scale))``, the Gumbel distribution's CDF.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.GumbelCDF(0.0, 1.0).forward(ms.Tensor([0.0], ms.float32)))
        [0.36787945]
    """

    def __init__(self, loc=0.0, scale=1.0, name="GumbelCDF"):
        param = {"loc": loc, "scale": scale, "name": name}
        param["param_dict"] = {"loc": loc, "scale": scale}
        super().__init__(name=name, param=param)
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        check_greater_zero(self._scale, "scale")

    @property
    def loc(self):
        """The location."""
        return self._loc

    @property
    def scale(self):
        """The scale."""
        return self._scale

    def _forward(self, value):
        x, m, s = self._values(value, self._loc, self._scale)
        return jnp.exp(-jnp.exp(-(x - m) / s))

    def _inverse(self, value):
        y, m, s = self._values(value, self._loc, self._scale)
        return m - s * jnp.log(-jnp.log(y))

    def _forward_log_jacobian(self, value):
        x, m, s = self._values(value, self._loc, self._scale)
        z = (x - m) / s
        return -z - jnp.exp(-z) - jnp.log(s)

    def _inverse_log_jacobian(self, value):
        y, _, s = self._values(value, self._loc, self._scale)
        return jnp.log(s) - jnp.log(y) - jnp.log(-jnp.log(y))


class Invert(Bijector):
    """The inverse of `bijector`: its forward is `bijector`'s inverse and so on.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.Invert(msb.Exp()).forward(ms.Tensor([1.0], ms.float32)))
        [0.]
    """

    def __init__(self, bijector, name=""):
        if not isinstance(bijector, Bijector):
            raise TypeError(f"Invert: `bijector` must be a Bijector, got {type(bijector).__name__}")
        if not isinstance(name, str):
            raise TypeError(f"Invert: `name` must be a str, got {type(name).__name__}")
        name = name or "Invert" + bijector.name
        param = {"bijector": bijector, "name": name}
        super().__init__(
            is_constant_jacobian=bijector.is_constant_jacobian,
            is_injective=bijector.is_injective,
            name=name,
            dtype=bijector.dtype,
            param=param,
        )
        self._bijector = bijector
        self._batch_shape = bijector.batch_shape
        self._is_scalar_batch = bijector.is_scalar_batch

    @property
    def bijector(self):
        """The inverted bijector."""
        return self._bijector

    def _forward(self, value):
        return self._bijector.inverse(value)

    def _inverse(self, value):
        return self._bijector.forward(value)

    def _forward_log_jacobian(self, value):
        return self._bijector.inverse_log_jacobian(value)

    def _inverse_log_jacobian(self, value):
        return self._bijector.forward_log_jacobian(value)
