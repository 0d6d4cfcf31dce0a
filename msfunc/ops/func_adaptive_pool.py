"""Adaptive and fractional pooling functional ops: windows that cover the input evenly, or at
pseudo-random steps, for a requested output size."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import jax
import jax.numpy as jnp
import numpy as np

from ..common.arg_docs import document_args
from ..common.args import int_tuple, tensor_arg
from ..common.seed import next_key

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_avg_pool2d_ext",
    "adaptive_avg_pool3d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "adaptive_max_pool3d",
    "fractional_max_pool2d",
    "fractional_max_pool3d",
]


def _adaptive_bounds(n, out):
    starts = [(i * n) // out for i in range(out)]
    ends = [-(-((i + 1) * n) // out) for i in range(out)]
    return starts, ends


def _adaptive_sizes(x, output_size, nd):
    if isinstance(output_size, int) or output_size is None:
        output_size = (output_size,) * nd
    output_size = tuple(output_size)
    if len(output_size) != nd:
        raise ValueError(f"`output_size` must be an int or a tuple of {nd}, got {output_size!r}")
    return tuple(
        x.shape[x.ndim - nd + i] if o is None else int(o) for i, o in enumerate(output_size)
    )


def _adaptive_avg(nd, input, output_size):
    x = tensor_arg(input)
    dtype = x.dtype
    if dtype in (jnp.float16, jnp.bfloat16):
        # MindSpore's CPU kernel sums a 16-bit float window in float32 and rounds the mean
        # once (its gradient likewise rounds ``dout / count`` once); two 16-bit products
        # would round twice
        return _adaptive_avg(nd, x.astype(jnp.float32), output_size).astype(dtype)
    outs = _adaptive_sizes(x, output_size, nd)
    for i, out in enumerate(outs):
        axis = x.ndim - nd + i
        n = x.shape[axis]
        st, en = _adaptive_bounds(n, out)
        m = np.zeros((out, n), np.float32)
        for j in range(out):
            m[j, st[j] : en[j]] = 1.0 / (en[j] - st[j])
        x = jnp.moveaxis(jnp.tensordot(jnp.asarray(m, x.dtype), x, axes=([1], [axis])), 0, axis)
    return x


def adaptive_avg_pool1d(input: ArrayLike, output_size: int) -> Array:
    """Average pooling of the last axis into `output_size` windows that cover it evenly.

    Window ``i`` of an axis of length ``L`` spans ``[floor(i * L / out), ceil((i + 1) * L / out))``.

    Args:
        input (Tensor): Shape ``(N, C, L)``.
        output_size (int): The output length.

    Returns:
        Tensor of shape ``(N, C, output_size)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.adaptive_avg_pool1d(ms.Tensor([[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]]), 3))
        [[[1.5 3.5 5.5]]]
    """
    return _adaptive_avg(1, input, output_size)


def adaptive_avg_pool2d(input: ArrayLike, output_size: int | Sequence[int | None]) -> Array:
    """Average pooling of the last two axes into an `output_size` grid of windows that cover
    them evenly.

    Args:
        input (Tensor): Shape ``(C, H, W)`` or ``(N, C, H, W)``.
        output_size (Union[int, tuple[int]]): The output height and width; ``None`` in the
            tuple keeps that axis's size.

    Returns:
        Tensor with the last two axes of size `output_size`.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(16.0, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ops.adaptive_avg_pool2d(x, 2))
        [[[[ 2.5  4.5]
           [10.5 12.5]]]]
    """
    return _adaptive_avg(2, input, output_size)


adaptive_avg_pool2d_ext = adaptive_avg_pool2d


def adaptive_avg_pool3d(input: ArrayLike, output_size: int | Sequence[int | None]) -> Array:
    """Average pooling of the last three axes into an `output_size` grid of windows that
    cover them evenly.

    Args:
        input (Tensor): Shape ``(C, D, H, W)`` or ``(N, C, D, H, W)``.
        output_size (Union[int, tuple[int]]): The output depth, height and width; ``None`` in
            the tuple keeps that axis's size.

    Returns:
        Tensor with the last three axes of size `output_size`.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(8.0, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> print(ops.adaptive_avg_pool3d(x, (1, 1, 2)))
        [[[[[3. 4.]]]]]
    """
    return _adaptive_avg(3, input, output_size)


# MindSpore's accepted ranks of the input (batched or not) and its dtype of the indices.
_ADAPTIVE_MAX_RANKS = {1: (3,), 2: (3, 4), 3: (4, 5)}


_ADAPTIVE_MAX_INDEX = {1: jnp.int64, 2: jnp.int64, 3: jnp.int32}


def _adaptive_max(nd, input, output_size, return_indices):
    x = tensor_arg(input)
    ranks = _ADAPTIVE_MAX_RANKS[nd]
    if x.ndim not in ranks:
        raise ValueError(
            f"adaptive_max_pool{nd}d: `input` must have "
            f"{' or '.join(map(str, ranks))} dimensions, got shape {x.shape}"
        )
    if nd < 3 and not jnp.issubdtype(x.dtype, jnp.floating):  # (MindSpore's kernels' dtypes)
        raise TypeError(f"adaptive_max_pool{nd}d: `input` must be a float Tensor, got {x.dtype}")
    if nd == 3 and x.size == 0:  # MindSpore's 3-D kernel refuses any empty axis at run time
        raise RuntimeError(f"adaptive_max_pool3d: `input` has an empty axis: shape {x.shape}")
    outs = _adaptive_sizes(x, output_size, nd)
    sizes = x.shape[x.ndim - nd :]
    lead = x.shape[: x.ndim - nd]
    masks = []
    for n, out in zip(sizes, outs, strict=False):
        st, en = _adaptive_bounds(n, out)
        m = np.zeros((out, n), bool)
        for j in range(out):
            m[j, st[j] : en[j]] = True
        masks.append(m)
    full = np.ones(tuple(outs) + tuple(sizes), bool)
    for i, m in enumerate(masks):
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = m.shape
        full = full & m.reshape(shape)
    window = int(np.prod(sizes))  # explicit: -1 cannot be inferred for an empty batch
    full = full.reshape(tuple(outs) + (window,))
    flat = x.reshape(lead + (1,) * nd + (window,))
    # the lowest value of the dtype (integers have no -inf) fills the cells outside a window
    neg = jnp.array(
        -jnp.inf
        if jnp.issubdtype(x.dtype, jnp.inexact)
        else jnp.iinfo(x.dtype).min
        if jnp.issubdtype(x.dtype, jnp.integer)
        else False,
        x.dtype,
    )
    cand = jnp.where(jnp.asarray(full), flat, neg)
    vals = jnp.max(cand, axis=-1)
    if return_indices:
        return vals, jnp.argmax(cand, axis=-1).astype(_ADAPTIVE_MAX_INDEX[nd])
    return vals


def adaptive_max_pool1d(input: ArrayLike, output_size: int) -> Array:
    """Max pooling of the last axis into `output_size` windows that cover it evenly.

    Args:
        input (Tensor): Shape ``(N, C, L)``.
        output_size (int): The output length.

    Returns:
        Tensor of shape ``(N, C, output_size)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.adaptive_max_pool1d(ms.Tensor([[[1.0, 5.0, 2.0, 4.0]]]), 2))
        [[[5. 4.]]]
    """
    return cast("Array", _adaptive_max(1, input, output_size, False))


def adaptive_max_pool2d(
    input: ArrayLike, output_size: int | Sequence[int | None], return_indices: bool = False
) -> Array | tuple[Array, Array]:
    """Max pooling of the last two axes into an `output_size` grid of windows that cover them
    evenly.

    Args:
        input (Tensor): Shape ``(C, H, W)`` or ``(N, C, H, W)``.
        output_size (Union[int, tuple[int]]): The output height and width; ``None`` in the
            tuple keeps that axis's size.
        return_indices (bool): Also return the int64 flat ``H * W`` index of each maximum.
            Default: ``False``.

    Returns:
        Tensor with the last two axes of size `output_size`, or ``(values, indices)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(16.0, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> y, idx = ops.adaptive_max_pool2d(x, 2, return_indices=True)
        >>> print(y.reshape(-1), idx.reshape(-1))
        [ 5.  7. 13. 15.] [ 5  7 13 15]
    """
    return _adaptive_max(2, input, output_size, return_indices)


def adaptive_max_pool3d(
    input: ArrayLike, output_size: int | Sequence[int | None], return_indices: bool = False
) -> Array | tuple[Array, Array]:
    """Max pooling of the last three axes into an `output_size` grid of windows that cover
    them evenly.

    Args:
        input (Tensor): Shape ``(C, D, H, W)`` or ``(N, C, D, H, W)``.
        output_size (Union[int, tuple[int]]): The output depth, height and width; ``None`` in
            the tuple keeps that axis's size.
        return_indices (bool): Also return the int32 flat ``D * H * W`` index of each
            maximum. Default: ``False``.

    Returns:
        Tensor with the last three axes of size `output_size`, or ``(values, indices)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(8.0, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> print(ops.adaptive_max_pool3d(x, (1, 1, 2)))
        [[[[[6. 7.]]]]]
    """
    return _adaptive_max(3, input, output_size, return_indices)


def _fractional_starts(n, k, out, u):
    """Window starts for one dim given a uniform sample u (shape ...)."""
    if out == 1:
        return jnp.zeros(u.shape + (1,), jnp.int32) + (n - k)
    alpha = (n - k) / (out - 1)
    i = jnp.arange(out)
    st = (jnp.floor((i + u[..., None]) * alpha) - jnp.floor(u[..., None] * alpha)).astype(jnp.int32)
    return st.at[..., -1].set(n - k)


def _fractional_max(nd, input, kernel_size, output_size, output_ratio, return_indices, samples):
    x = tensor_arg(input)
    sizes = x.shape[-nd:]
    k = int_tuple(kernel_size, nd, "kernel_size")
    if output_size is not None:
        outs = int_tuple(output_size, nd, "output_size")
    elif output_ratio is not None:
        r = output_ratio if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * nd
        outs = tuple(int(n * ri) for n, ri in zip(sizes, r, strict=False))
    else:
        raise ValueError("fractional_max_pool: give `output_size` or `output_ratio`")
    lead = x.shape[:-nd]
    if samples is None:
        # one (N, C, nd) draw like MindSpore's random_samples; (1, C, nd) for unbatched input
        batch = lead if len(lead) >= 2 else (1,) + lead
        samples = jax.random.uniform(next_key(), batch + (nd,), x.dtype)
    samples = tensor_arg(samples, "_random_samples").reshape(lead + (nd,))
    flat = x.reshape(lead + (-1,))
    # indices of every window element: product over dims of (start + offset)
    idx = jnp.zeros(lead + tuple(outs) + k, jnp.int32)
    for i in range(nd):
        # the 2-D samples are (width, height); the 3-D ones (depth, height, width)
        st = _fractional_starts(sizes[i], k[i], outs[i], samples[..., 1 - i if nd == 2 else i])
        shp = (
            lead
            + tuple(outs[j] if j == i else 1 for j in range(nd))
            + tuple(k[j] if j == i else 1 for j in range(nd))
        )
        coord = st.reshape(lead + (outs[i],) + (1,) * (nd - 1)).reshape(
            lead + tuple(outs[j] if j == i else 1 for j in range(nd)) + (1,) * nd
        ) + jnp.arange(k[i]).reshape(
            (1,) * (len(lead) + nd) + tuple(k[j] if j == i else 1 for j in range(nd))
        )
        idx = idx * sizes[i] + jnp.broadcast_to(coord, shp)
    win = idx.reshape(lead + tuple(outs) + (-1,))
    vals = jnp.take_along_axis(flat, win.reshape(lead + (-1,)), axis=-1).reshape(win.shape)
    out = jnp.max(vals, axis=-1)
    if return_indices:
        am = jnp.argmax(vals, axis=-1)
        return out, jnp.take_along_axis(win, am[..., None], axis=-1)[..., 0]
    return out


def _fractional_args(shape: str, extent: str, flat: str, nd: int) -> tuple[str, ...]:
    """The Args entries of fractional_max_pool2d/3d, for inputs of `shape` pooled over the
    `nd` axes named by `extent` (their flat index `flat`)."""
    return (
        f"input (Tensor): Shape {shape}.",
        "kernel_size (Union[int, tuple[int]]): The window size.",
        f"output_size (Union[int, tuple[int]], optional): The output {extent}.\n"
        "    Default: ``None``.",
        "output_ratio (Union[float, tuple[float]], optional): The output size as a fraction of\n"
        "    the input's, when `output_size` is not given. Default: ``None``.",
        f"return_indices (bool): Also return the flat ``{flat}`` index of each maximum.\n"
        "    Default: ``False``.",
        "_random_samples (Tensor, optional): Uniform samples in ``[0, 1)``, shape\n"
        f"    ``(N, C, {nd})``, that place the windows; drawn from the global stream when\n"
        "    ``None``. Default: ``None``.",
    )


@document_args(
    *_fractional_args("``(C, H, W)`` or ``(N, C, H, W)``", "height and width", "H * W", 2)
)
def fractional_max_pool2d(
    input: ArrayLike,
    kernel_size: int | Sequence[int],
    output_size: int | Sequence[int] | None = None,
    output_ratio: float | Sequence[float] | None = None,
    return_indices: bool = False,
    _random_samples: ArrayLike | None = None,
) -> Array | tuple[Array, Array]:
    """Fractional max pooling over the last two axes: windows of `kernel_size` whose starts
    step pseudo-randomly so that the output has `output_size`.

    Args:
        {args}

    Returns:
        Tensor of the output size, or ``(values, indices)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(25.0, dtype=np.float32).reshape(1, 1, 5, 5))
        >>> samples = ms.Tensor([[[0.5, 0.5]]])
        >>> print(ops.fractional_max_pool2d(x, 2, output_size=2, _random_samples=samples))
        [[[[ 6.  9.]
           [21. 24.]]]]
    """
    return _fractional_max(
        2, input, kernel_size, output_size, output_ratio, return_indices, _random_samples
    )


@document_args(
    *_fractional_args(
        "``(C, D, H, W)`` or ``(N, C, D, H, W)``", "depth, height and width", "D * H * W", 3
    )
)
def fractional_max_pool3d(
    input: ArrayLike,
    kernel_size: int | Sequence[int],
    output_size: int | Sequence[int] | None = None,
    output_ratio: float | Sequence[float] | None = None,
    return_indices: bool = False,
    _random_samples: ArrayLike | None = None,
) -> Array | tuple[Array, Array]:
    """Fractional max pooling over the last three axes: windows of `kernel_size` whose starts
    step pseudo-randomly so that the output has `output_size`.

    Args:
        {args}

    Returns:
        Tensor of the output size, or ``(values, indices)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(64.0, dtype=np.float32).reshape(1, 1, 4, 4, 4))
        >>> print(ops.fractional_max_pool3d(x, 2, output_size=(1, 1, 1)))
        [[[[[63.]]]]]
    """
    return _fractional_max(
        3, input, kernel_size, output_size, output_ratio, return_indices, _random_samples
    )
