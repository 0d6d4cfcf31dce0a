"""MindSpore primitives of its CPU kernels kept off ``mindspore.ops`` (``random_ops.Uniform``
...), importable from ``mindspore.ops.operations``'s modules through `inner_ops`.

Example:
    >>> import msfunc as ms
    >>> import numpy as np
    >>> from msfunc.compat.cpu_kernel_ops import Uniform
    >>> Uniform(1.0, 2.0, seed=1)(ms.Tensor(np.zeros(3, np.float32))).tolist()
    [1.8126964569091797, 1.0785746574401855, 1.8916854858398438]
"""

import jax
import jax.numpy as jnp

from ..common.seed import next_key
from ..common.tensor import unwrap, wrap
from ..ops.primitives import Primitive, prim_attr_register
from ..ops.seeded_draws import PrimitiveStream

__all__ = ["Uniform"]

_FLOATS = (jnp.float16, jnp.float32, jnp.float64)


class Uniform(Primitive):
    """Random values uniform in ``[minval, maxval)`` of the input's shape and dtype.

    With `seed` or `offset` set the values are MindSpore's: a Philox4x32-10 stream keyed by
    `seed` with `offset` as its counter's high half, each 32-bit word's low 23 bits a float32
    in [0, 1); the primitive goes on along the stream from call to call (one stream per input
    shape). With both 0 the values come from msfunc's random keys.

    Args:
        minval (float): The lower bound, at least 0. Default: ``0.0``.
        maxval (float): The upper bound, at least `minval`. Default: ``1.0``.
        seed (int): The stream's key. Default: ``0``.
        offset (int): The stream's counter offset. Default: ``0``.

    Inputs:
        x (Tensor): Gives the shape and the dtype (float16, float32 or float64).

    Outputs:
        Tensor of `x`'s shape and dtype.

    Raises:
        TypeError: If `minval` or `maxval` is not a float, `seed` or `offset` not an int, or
            `x` not a float Tensor.
        ValueError: If `minval` is negative or above `maxval`.

    Example:
        >>> import msfunc as ms
        >>> import numpy as np
        >>> u = Uniform(seed=1)
        >>> x = ms.Tensor(np.zeros(2, np.float32))
        >>> u(x).tolist(), u(x).tolist()  # the second call goes on along the stream
        ([0.8126964569091797, 0.07857465744018555], [0.8916854858398438, 0.16925513744354248])
    """

    @prim_attr_register
    def __init__(
        self, minval: float = 0.0, maxval: float = 1.0, seed: int = 0, offset: int = 0
    ) -> None:
        for name, value, kind in (
            ("minval", minval, float),
            ("maxval", maxval, float),
            ("seed", seed, int),
            ("offset", offset, int),
        ):
            if not isinstance(value, kind) or isinstance(value, bool):
                raise TypeError(
                    f"Uniform: `{name}` must be a {kind.__name__}, got {type(value).__name__}"
                )
        if minval < 0 or minval > maxval:
            raise ValueError(
                f"Uniform: needs 0 <= minval <= maxval, got minval={minval}, maxval={maxval}"
            )
        object.__setattr__(self, "_stream", PrimitiveStream("philox_uniform", seed, offset))

    def __call__(self, x):
        x = unwrap(x)
        dtype = getattr(x, "dtype", None)
        if dtype is None or not any(dtype == f for f in _FLOATS):
            raise TypeError(
                f"Uniform: `x` must be a float16, float32 or float64 Tensor, got {dtype}"
            )
        unit = self._stream.draw(x.shape)
        if unit is None:
            unit = jax.random.uniform(next_key(), x.shape, jnp.float32)
        low, high = jnp.float32(self.minval), jnp.float32(self.maxval)
        return wrap((low + unit * (high - low)).astype(dtype))
