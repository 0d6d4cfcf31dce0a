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
import numpy as np

from ..common.seed import next_key
from ..common.tensor import unwrap, wrap
from ..ops.primitive_tables._common import sig, write_back
from ..ops.primitives import Primitive, build_primitive, prim_attr_register
from ..ops.seeded_draws import PrimitiveStream

__all__ = ["ConcatOffsetV1", "TensorCopySlices", "Uniform", "UpdateCache"]

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

    # set on each instance: the arguments by `prim_attr_register`, the stream by `__init__`
    minval: float
    maxval: float
    _stream: PrimitiveStream

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


def _update_cache(p, input_x, indices, updates, max_num):
    """Rows of `input_x` named by `indices` replaced by the rows of `updates`; an index below
    0 or at least `max_num` is skipped. Writes a Parameter in place; returns ``[0]`` in the
    table's dtype."""
    table = jnp.asarray(unwrap(input_x))
    rows = table.reshape(table.shape[0], -1)
    idx = jnp.asarray(indices).reshape(-1)
    new = jnp.asarray(updates, table.dtype).reshape(idx.shape[0], -1)
    limit = jnp.minimum(jnp.asarray(unwrap(max_num)).reshape(()), rows.shape[0])
    # skipped entries point past the table, where mode="drop" leaves them out
    target = jnp.where((idx >= 0) & (idx < limit), idx, rows.shape[0])
    write_back(input_x, rows.at[target].set(new, mode="drop").reshape(table.shape))
    return jnp.zeros((1,), table.dtype)


UpdateCache = build_primitive(
    "UpdateCache",
    sig(),
    _update_cache,
    module=__name__,
    raw=True,
    doc="""Writes rows of `updates` into the rows of the Parameter `input_x` named by `indices`
(an embedding cache's update); an index below 0 or at least `max_num` is skipped.

Inputs:
    input_x (Parameter): The table, rows along its first axis.
    indices (Tensor): The row numbers, int.
    updates (Tensor): One row per index.
    max_num (int): Indices from here on are skipped.

Outputs:
    Tensor ``[0]``, of `input_x`'s dtype.

Example:
    >>> import msfunc as ms
    >>> import numpy as np
    >>> table = ms.Parameter(ms.Tensor(np.zeros((3, 2), np.int32)), name="table")
    >>> _ = UpdateCache()(table, ms.Tensor([-1, 2]), ms.Tensor([[5, 5], [7, 8]]), 10)
    >>> print(table.asnumpy().tolist())
    [[0, 0], [0, 0], [7, 8]]
""",
)


def _concat_offset(p, axis, x):
    """Where each of the shapes `x` starts along `axis` in their concatenation."""
    shapes = [np.asarray(s).reshape(-1) for s in x]
    rank = shapes[0].shape[0]
    axis = int(np.asarray(axis).reshape(()))
    if not -rank <= axis < rank:
        raise ValueError(f"ConcatOffsetV1: `axis` must be in [{-rank}, {rank}), got {axis}")
    axis %= rank
    offsets, start = [], 0
    for s in shapes:
        offset = np.zeros(rank, np.int32)
        offset[axis] = start
        offsets.append(jnp.asarray(offset))
        start += int(s[axis])
    return tuple(offsets)


ConcatOffsetV1 = build_primitive(
    "ConcatOffsetV1",
    sig(),
    _concat_offset,
    module=__name__,
    doc="""The offset of each input of a concatenation along `axis`: a vector per shape, 0
except at `axis`, where it is the sum of the earlier shapes' sizes there.

Inputs:
    axis (Union[int, Tensor]): The concatenation axis (negative counts from the end).
    x (tuple[Tensor]): The inputs' shapes, 1-D int32 Tensors of one length.

Outputs:
    Tuple of int32 Tensors, one per shape.

Example:
    >>> import msfunc as ms
    >>> shapes = (ms.Tensor([1, 2, 3]), ms.Tensor([1, 5, 3]), ms.Tensor([1, 4, 3]))
    >>> [o.tolist() for o in ConcatOffsetV1()(1, shapes)]
    [[0, 0, 0], [0, 2, 0], [0, 7, 0]]
""",
)


def _tensor_copy_slices(p, x, value, begin, end, strides):
    """`x` with the strided slice ``begin:end:strides`` replaced by `value`."""
    region = tuple(
        slice(int(b), int(e), int(s)) for b, e, s in zip(begin, end, strides, strict=True)
    )
    x = jnp.asarray(x)
    return x.at[region].set(jnp.asarray(value, x.dtype))


TensorCopySlices = build_primitive(
    "TensorCopySlices",
    sig(),
    _tensor_copy_slices,
    module=__name__,
    doc="""`x` with its slice ``begin:end:strides`` (per axis) replaced by `value`, a new Tensor.

Inputs:
    x (Tensor): The tensor.
    value (Tensor): The new values, broadcastable to the slice.
    begin (tuple[int]): Where the slice starts on each axis.
    end (tuple[int]): Where it stops (exclusive).
    strides (tuple[int]): Its steps.

Outputs:
    Tensor of `x`'s shape and dtype.

Example:
    >>> import msfunc as ms
    >>> import numpy as np
    >>> x = ms.Tensor(np.zeros((3, 2), np.int32))
    >>> TensorCopySlices()(x, ms.Tensor(np.ones((1, 2), np.int32)), (2, 0), (3, 2), (1, 1)).tolist()
    [[0, 0], [0, 0], [1, 1]]
""",
)
