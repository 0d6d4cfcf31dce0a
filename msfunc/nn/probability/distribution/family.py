"""ParamFamily: the shared constructor, parameter handling and sampling of the distributions."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from ....common import dtype as mstype
from ....common.tensor import unwrap
from ....ops import func_random
from ._utils.utils import check_greater_zero
from .distribution import Distribution, check_dtype


class ParamFamily(Distribution):
    """A distribution with parameters named `_names`, each positive unless `_check_init` says
    otherwise; subclasses sample through `_std_sample` and `_from_std`.

    Example:
        >>> import msfunc.nn.probability.distribution as msd
        >>> print(msd.Normal(0.0, 2.0).parameter_names)
        ['mean', 'sd']
    """

    _names = ("loc", "scale")
    _valid_dtypes = mstype.float_type

    def __init__(self, values, seed, dtype, name):
        param = {"param_dict": dict(zip(self._names, values)), "seed": seed}
        param.update(dtype=dtype, name=name)
        check_dtype(dtype, self._valid_dtypes, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        for value, pname in zip(values, self._names):
            self._add_parameter(value, pname)
        self._check_init()

    def _check_init(self):
        # The last parameter (a scale, sd or rate) must be positive.
        if self.default_parameters[-1] is not None:
            check_greater_zero(self.default_parameters[-1], self._names[-1])

    def _get_dist_type(self):
        return type(self).__name__

    def _get_dist_args(self, *args):
        return self._p(*args)

    def _p(self, *args) -> Any:
        args = args + (None,) * (len(self._names) - len(args))
        return self._check_param_type(*args)

    def _sample(self, shape=(), *args):
        params = self._p(*args)
        params = params if isinstance(params, tuple) else (params,)
        dt = params[0].dtype
        draw = self._draw(lambda k, s: self._std_sample(k, s, params, dt), shape, params[0].shape)
        return self._from_std(draw, *params)

    def _from_std(self, draw, *params):
        del params
        return draw

    def _seeded_uniform(self, shape, batch_shape):
        """``ops.uniform(shape + batch_shape, 0, 1, seed)`` in float32, as MindSpore's samplers
        draw it (its numbers, call after call)."""
        full = self._sample_shape(shape) + tuple(batch_shape)
        zero, one = jnp.zeros((), jnp.float32), jnp.ones((), jnp.float32)
        return unwrap(func_random.uniform(full or (1,), zero, one, self.seed)).reshape(full)

    def extend_repr(self):
        """The parameters for printing."""
        if None in self.default_parameters:
            return "batch_shape = None"
        return ", ".join(f"{n} = {v}" for n, v in zip(self._names, self.default_parameters))
