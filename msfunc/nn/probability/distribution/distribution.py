"""Distribution: the base Cell of the probability distributions, with MindSpore's method set."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from ....common.seed import next_key
from ....common.tensor import unwrap, wrap
from ...cell import Cell
from ._utils.utils import (
    CheckTensor,
    CheckTuple,
    cast_to_tensor,
    check_distribution_name,
    raise_none_error,
    raise_not_implemented_util,
    set_param_type,
)

# The methods reachable through ``dist(name, *args)`` and as attributes.
_METHODS = (
    "prob",
    "log_prob",
    "cdf",
    "log_cdf",
    "survival_function",
    "log_survival",
    "mean",
    "sd",
    "var",
    "mode",
    "entropy",
    "kl_loss",
    "cross_entropy",
    "sample",
    "get_dist_args",
    "get_dist_type",
)

# Each derived method and the private methods it can be computed from, in preference order.
_DERIVED = {
    "prob": (("_prob", None), ("_log_prob", jnp.exp)),
    "log_prob": (("_log_prob", None), ("_prob", jnp.log)),
    "cdf": (
        ("_cdf", None),
        ("_log_cdf", jnp.exp),
        ("_survival_function", lambda s: 1.0 - s),
        ("_log_survival", lambda s: 1.0 - jnp.exp(s)),
    ),
    "survival_function": (
        ("_survival_function", None),
        ("_log_survival", jnp.exp),
        ("_cdf", lambda c: 1.0 - c),
        ("_log_cdf", lambda c: 1.0 - jnp.exp(c)),
    ),
    "log_cdf": (
        ("_log_cdf", None),
        ("_cdf", jnp.log),
        ("_survival_function", lambda s: jnp.log(1.0 - s)),
        ("_log_survival", lambda s: jnp.log(1.0 - jnp.exp(s))),
    ),
    "log_survival": (
        ("_log_survival", None),
        ("_survival_function", jnp.log),
        ("_cdf", lambda c: jnp.log(1.0 - c)),
        ("_log_cdf", lambda c: jnp.log(1.0 - jnp.exp(c))),
    ),
    "sd": (("_sd", None), ("_var", jnp.sqrt)),
    "var": (("_var", None), ("_sd", jnp.square)),
    "mean": (("_mean", None),),
    "mode": (("_mode", None),),
    "entropy": (("_entropy", None),),
    "kl_loss": (("_kl_loss", None),),
    "cross_entropy": (("_cross_entropy", None),),
    "sample": (("_sample", None),),
    "get_dist_args": (("_get_dist_args", None),),
    "get_dist_type": (("_get_dist_type", None),),
}


def _check_seed_name(seed, name):
    if not isinstance(name, str):
        raise TypeError(f"Distribution: `name` must be a str, got {type(name).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"{name}: `seed` must be an int, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"{name}: `seed` must be non-negative, got {seed}")


def check_dtype(dtype, valid, who):
    """TypeError unless `dtype` is one of the dtypes in `valid`."""
    if dtype not in tuple(valid):
        raise TypeError(f"{who}: `dtype` must be one of {tuple(valid)}, got {dtype}")


class Distribution(Cell):
    """Base Cell of the distributions; ``dist("prob", value)`` calls ``dist.prob(value)``.

    A subclass supplies private methods (``_log_prob``, ``_cdf``, ``_mean``, ``_sample`` ...)
    taking and returning JAX arrays; the public methods derive the missing ones (prob from
    log_prob, sd from var ...) and raise NotImplementedError for the rest. Each method takes
    optional parameter overrides after its value, e.g. ``normal.prob(x, mean, sd)``.

    Args:
        seed (int): Sampling seed (non-negative; None is 0).
        dtype (mindspore.dtype): The distribution's dtype.
        name (str): The distribution's name.
        param (dict): The constructor's arguments, with ``param_dict`` holding its parameters.

    Example:
        >>> import msfunc as ms
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Normal(0.0, 1.0)("mean"))
        0.0
    """

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        seed = 0 if seed is None else seed
        _check_seed_name(seed, name)
        self._name = name
        self._seed = seed
        self._dtype = dtype
        self._parameters = {
            k: v for k, v in param.items() if not (k == "self" or k.startswith("_"))
        }
        self.default_parameters = []
        self.parameter_names = []
        if "distribution" not in self._parameters:
            self.parameter_type: Any = set_param_type(self._parameters.get("param_dict", {}), dtype)
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = self._check_is_scalar_batch()
            self._broadcast_shape = self._batch_shape
        self.checktuple = CheckTuple()
        self.checktensor = CheckTensor()

    @property
    def name(self):
        """The distribution's name."""
        return self._name

    @property
    def dtype(self):
        """The distribution's dtype."""
        return self._dtype

    @property
    def seed(self):
        """The sampling seed."""
        return self._seed

    @property
    def parameters(self):
        """The constructor's arguments."""
        return self._parameters

    @property
    def is_scalar_batch(self):
        """Whether every constructor parameter is a Python scalar."""
        return self._is_scalar_batch

    @property
    def batch_shape(self):
        """Broadcast shape of the constructor parameters (None when one is missing)."""
        return self._batch_shape

    @property
    def broadcast_shape(self):
        """Same as `batch_shape`."""
        return self._broadcast_shape

    def _check_is_scalar_batch(self):
        values = self._parameters.get("param_dict", {}).values()
        return all(v is None or isinstance(v, (int, float)) for v in values)

    def _calc_batch_shape(self):
        shape = ()
        for value in self._parameters.get("param_dict", {}).values():
            if value is None:
                return None
            # jnp.broadcast_shapes raises ValueError for parameters that do not broadcast.
            shape = jnp.broadcast_shapes(shape, tuple(cast_to_tensor(value).shape))
        return shape

    def _reset_parameters(self):
        self.default_parameters = []
        self.parameter_names = []

    def _add_parameter(self, value, name):
        """Record parameter `name` (None: it must be given per call) as a Tensor."""
        value_t = None if value is None else cast_to_tensor(value, self.parameter_type)
        self.default_parameters.append(value_t)
        self.parameter_names.append(name)
        return value_t

    def _check_value(self, value, name):
        """`value` as an array of the parameter dtype; TypeError unless it is a Tensor."""
        self.checktensor(value, name)
        return jnp.asarray(unwrap(value))

    def _value(self, value, name="value"):
        return self._check_value(value, name).astype(jnp.dtype(self.parameter_type))

    def _check_param_type(self, *args) -> Any:
        """The parameters, overrides (Tensors) replacing defaults, broadcast and cast."""
        out = []
        first_dtype = None
        for arg, name, default in zip(args, self.parameter_names, self.default_parameters):
            if arg is not None:
                self.checktensor(arg, name)
            elif default is None:
                raise_none_error(name)
            else:
                arg = default
            arr = jnp.asarray(unwrap(arg))
            if first_dtype is None:
                first_dtype = arr.dtype
            elif arr.dtype != first_dtype:
                raise TypeError(f"{self.name}: `{name}` must have the other parameters' dtype")
            out.append(arr)
        shape = jnp.broadcast_shapes(*(a.shape for a in out))
        dt = jnp.dtype(self.parameter_type)
        out = [jnp.broadcast_to(a, shape).astype(dt) for a in out]
        return out[0] if len(out) == 1 else tuple(out)

    def _kl_args(self, dist, expected, *args):
        """Check `dist` names `expected` and split `args` into the other distribution's
        parameters (required Tensors) and this one's (optional overrides)."""
        check_distribution_name(dist, expected)
        n = len(self.parameter_names)
        if len(args) < n:
            raise TypeError(f"{self.name}: kl_loss needs the {n} parameters of distribution b")
        other = [self._check_value(a, f"{p}_b") for a, p in zip(args[:n], self.parameter_names)]
        dt = jnp.dtype(self.parameter_type)
        other = [a.astype(dt) for a in other]
        return other, self._check_param_type(*(list(args[n:]) + [None] * (2 * n - len(args))))

    def _cross_entropy(self, dist, *args):
        if not (hasattr(self, "_entropy") and hasattr(self, "_kl_loss")):
            return raise_not_implemented_util("cross_entropy", self.name)
        n = len(self.parameter_names)
        own = args[n:]
        return self._entropy(*own) + self._kl_loss(dist, *args)

    def _sample_shape(self, shape):
        return tuple(self.checktuple(shape, "shape"))

    def _draw(self, sampler, shape, batch_shape, dtype=None):
        """`sampler(key, full_shape)` on msfunc's seeded key stream (``msfunc.set_seed``);
        the numbers differ from MindSpore's, the shape and dtype match."""
        out = sampler(next_key(), self._sample_shape(shape) + tuple(batch_shape))
        return out if dtype is None else out.astype(dtype)

    def _dispatch(self, method, *args, **kwargs):
        for private, derive in _DERIVED[method]:
            fn = getattr(self, private, None)
            if fn is not None and not getattr(fn, "_not_implemented", False):
                out = fn(*args, **kwargs)
                return out if derive is None else derive(out)
        return raise_not_implemented_util(method, self.name, *args, **kwargs)

    def construct(self, name, *args, **kwargs):
        """Call the method called `name` (``'prob'``, ``'mean'``, ``'sample'`` ...)."""
        if name not in _METHODS:
            return raise_not_implemented_util(name, self.name, *args, **kwargs)
        out = self._dispatch(name, *args, **kwargs)
        return out if name == "get_dist_type" else _wrap_out(out)


def _wrap_out(out):
    if isinstance(out, (jax.Array,)) or hasattr(out, "dtype"):
        return wrap(out)
    if isinstance(out, tuple):
        return tuple(_wrap_out(o) for o in out)
    return out


def _public(method):
    def call(self, *args, **kwargs):
        out = self._dispatch(method, *args, **kwargs)
        return out if method == "get_dist_type" else _wrap_out(out)

    call.__name__ = method
    call.__doc__ = f"The distribution's {method.replace('_', ' ')} (see `Distribution`)."
    return call


for _m in _METHODS:
    setattr(Distribution, _m, _public(_m))

__all__ = ["Distribution", "check_dtype"]
