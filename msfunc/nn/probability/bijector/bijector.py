"""Bijector: the base Cell of invertible transforms, with MindSpore's four methods."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ....common import dtype as mstype
from ....common.tensor import Tensor, unwrap, wrap
from ...cell import Cell
from ..distribution._utils.utils import CheckTensor, cast_to_tensor
from ..distribution.distribution import Distribution
from ..distribution.transformed_distribution import TransformedDistribution

_METHODS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


class Bijector(Cell):
    """Base Cell of the bijectors; ``b("forward", x)`` calls ``b.forward(x)``, and
    ``b(distribution)`` gives the TransformedDistribution of `distribution` through `b`.

    A subclass supplies ``_forward``, ``_inverse``, ``_forward_log_jacobian`` and
    ``_inverse_log_jacobian``; they receive the value Tensor and may return a Tensor or a JAX
    array. Parameters added by `_add_parameter` compute in the value's dtype
    (`cast_param_by_value`).

    Args:
        is_constant_jacobian (bool): Whether the Jacobian is constant. Default: ``False``.
        is_injective (bool): Whether the transform is one-to-one. Default: ``True``.
        name (str): The bijector's name.
        dtype (mindspore.dtype): The float dtype of values, or None for any float dtype.
        param (dict): The constructor's arguments, with ``param_dict`` holding its parameters.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.bijector as msb
        >>> print(msb.Exp()("forward", ms.Tensor([0.0], ms.float32)))
        [1.]
    """

    def __init__(
        self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None
    ):
        super().__init__()
        if not isinstance(name, str):
            raise TypeError(f"Bijector: `name` must be a str, got {type(name).__name__}")
        for flag, value in (
            ("is_constant_jacobian", is_constant_jacobian),
            ("is_injective", is_injective),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"{name}: `{flag}` must be a bool, got {type(value).__name__}")
        if dtype is not None and dtype not in tuple(mstype.float_type):
            raise TypeError(f"{name}: `dtype` must be a float dtype, got {dtype}")
        self._name = name
        self._dtype = dtype
        param = param or {}
        self._parameters = {
            k: v for k, v in param.items() if k not in ("param", "self") and not k.startswith("_")
        }
        self._is_constant_jacobian = is_constant_jacobian
        self._is_injective = is_injective
        self.default_parameters = []
        self.parameter_names = []
        self.common_dtype = None
        self.checktensor = CheckTensor()
        if "bijector" not in param:
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = self._check_is_scalar_batch()

    @property
    def name(self):
        """The bijector's name."""
        return self._name

    @property
    def dtype(self):
        """The bijector's value dtype (None: any float dtype)."""
        return self._dtype

    @property
    def parameters(self):
        """The constructor's arguments."""
        return self._parameters

    @property
    def is_constant_jacobian(self):
        """Whether the Jacobian is constant."""
        return self._is_constant_jacobian

    @property
    def is_injective(self):
        """Whether the transform is one-to-one."""
        return self._is_injective

    @property
    def batch_shape(self):
        """Broadcast shape of the parameters."""
        return self._batch_shape

    @property
    def is_scalar_batch(self):
        """Whether every parameter is a Python scalar."""
        return self._is_scalar_batch

    def _calc_batch_shape(self):
        params = self._parameters.get("param_dict")
        if params is None:
            return None
        shape = ()
        for value in params.values():
            if value is None:
                return None
            shape = jnp.broadcast_shapes(shape, tuple(cast_to_tensor(value).shape))
        return shape

    def _check_is_scalar_batch(self):
        params = self._parameters.get("param_dict")
        if params is None:
            return False
        return all(v is None or isinstance(v, (int, float)) for v in params.values())

    def _add_parameter(self, value, name):
        """Record parameter `name` (a number, array or Tensor of a float dtype) as a Tensor."""
        if isinstance(value, bool) or not isinstance(value, (int, float, list, np.ndarray, Tensor)):
            raise TypeError(
                f"{self.name}: `{name}` must be a number or Tensor, got {type(value).__name__}"
            )
        value_t = value if isinstance(value, Tensor) else Tensor(value)
        if self.dtype is None:
            if self.common_dtype is None:
                self.common_dtype = value_t.dtype
            elif value_t.dtype != self.common_dtype:
                raise TypeError(f"{self.name}: `{name}` must have the other parameters' dtype")
            if value_t.dtype not in tuple(mstype.float_type):
                raise TypeError(
                    f"{self.name}: `{name}` must be of a float dtype, got {value_t.dtype}"
                )
        elif value_t.dtype != self.dtype:
            raise TypeError(f"{self.name}: `{name}` must have the bijector's dtype {self.dtype}")
        self.default_parameters.append(value)
        self.parameter_names.append(name)
        return value_t

    def _check_value(self, value, name):
        """`value`; TypeError unless it is a Tensor."""
        return self.checktensor(value, name)

    def _check_value_dtype(self, value):
        """`value`; TypeError unless it is a Tensor of a float dtype (of `dtype` when set)."""
        self.checktensor(value, "value")
        if self.dtype is None:
            if value.dtype not in tuple(mstype.float_type):
                raise TypeError(
                    f"{self.name}: the value must be of a float dtype, got {value.dtype}"
                )
        elif value.dtype != self.dtype:
            raise TypeError(f"{self.name}: the value must be {self.dtype}, got {value.dtype}")
        return value

    def cast_param_by_value(self, value, para):
        """`para` cast to `value`'s dtype."""
        return para.astype(value.dtype)

    def _values(self, value, *params):
        """The value (checked) and `params` as JAX arrays of the value's dtype."""
        x = jnp.asarray(unwrap(self._check_value_dtype(value)))
        return (x,) + tuple(jnp.asarray(unwrap(p), x.dtype) for p in params)

    def _shape_mapping(self, shape):
        return jnp.broadcast_shapes(tuple(shape), tuple(self.batch_shape or ()))

    def shape_mapping(self, shape):
        """The shape of a transformed sample of `shape`."""
        return self._shape_mapping(shape)

    def __call__(self, *args, **kwargs):
        if args and isinstance(args[0], Distribution):
            return TransformedDistribution(self, args[0])
        return super().__call__(*args, **kwargs)

    def construct(self, name, *args, **kwargs):
        """Call the method called `name` (``'forward'``, ``'inverse'`` ...)."""
        if name not in _METHODS:
            raise ValueError(
                f"{self.name}: no bijector method {name!r}; expected one of {_METHODS}"
            )
        return getattr(self, name)(*args, **kwargs)


def _public(method):
    def call(self, value, *args, **kwargs):
        fn = getattr(self, "_" + method, None)
        if fn is None:
            raise NotImplementedError(f"{method} is not implemented for {self.name}")
        return wrap(fn(value, *args, **kwargs))

    call.__name__ = method
    call.__doc__ = f"The bijector's {method.replace('_', ' ')} at `value`."
    return call


for _m in _METHODS:
    setattr(Bijector, _m, _public(_m))

__all__ = ["Bijector"]
