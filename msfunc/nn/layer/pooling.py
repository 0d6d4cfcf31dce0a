"""Window pooling layers MaxPool1d/2d/3d and AvgPool1d/2d/3d (the adaptive and LP pools:
adaptive_pooling)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ... import ops
from ...common.arg_docs import document_args
from ...common.tensor import unwrap
from ..cell import Cell

__all__ = ["MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d"]


def _ntuple(v, n, name, who, minimum=1):
    # MindSpore's types: anything but an int or a tuple (a float, a bool, a str) is a
    # TypeError; a tuple of the wrong length or with other items a ValueError
    if isinstance(v, bool) or not isinstance(v, (int, tuple, list)):
        raise TypeError(f"{who}: `{name}` must be an int or a tuple of {n} ints, got {v!r}")
    if isinstance(v, int):
        v = (v,) * n
    if len(v) != n or any(isinstance(i, bool) or not isinstance(i, int) or i < minimum for i in v):
        raise ValueError(
            f"{who}: `{name}` must be an int or a tuple of {n} ints >= {minimum}, got {v!r}"
        )
    return tuple(v)


def _same_pads(size, k, s):
    """TensorFlow-style 'same' padding (lo, hi) giving ceil(size / s) outputs."""
    out = -(-size // s)
    total = max((out - 1) * s + k - size, 0)
    return total // 2, total - total // 2


class _Pool(Cell):
    """Argument checks shared by the max and average pools; 1-D pools run as 2-D over H = 1."""

    _nd = 2

    def __init__(self, kernel_size, stride, pad_mode, padding, ceil_mode):
        super().__init__()
        who, nd = type(self).__name__, self._nd
        self._kernel = _ntuple(kernel_size, nd, "kernel_size", who)
        self._stride = _ntuple(stride, nd, "stride", who)
        # The attributes (and repr) as MindSpore keeps them: the arguments as given, an int
        # staying an int, and 1-D pools as 2-D ones.
        self.kernel_size, self.stride = (
            ((1,) + self._kernel, (1,) + self._stride)
            if nd == 1
            else (
                tuple(kernel_size) if isinstance(kernel_size, list) else kernel_size,
                tuple(stride) if isinstance(stride, list) else stride,
            )
        )
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("VALID", "SAME", "PAD"):
            raise ValueError(
                f"{who}: `pad_mode` must be 'valid', 'same' or 'pad', got {pad_mode!r}"
            )
        self.pad_mode = pad_mode.upper()
        self.padding = _ntuple(padding, nd, "padding", who, minimum=0)
        if self.pad_mode != "PAD" and any(self.padding):
            raise ValueError(
                f"{who}: `padding` must be 0 unless `pad_mode` is 'pad', got {padding!r}"
            )
        self.ceil_mode = bool(ceil_mode)

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"

    def _as_2d(self, x):
        """Batched, and for the 1-D pools with a unit height inserted (3-D pools unchanged)."""
        want = self._nd + 2
        if x.ndim not in (want - 1, want):
            raise ValueError(
                f"{type(self).__name__}: input must be {want - 1}-D or {want}-D, got {x.ndim}-D"
            )
        unbatched = x.ndim == want - 1
        if unbatched:
            x = x[None]
        if self._nd == 1:
            x = x[:, :, None, :]
        return x, unbatched

    def _from_2d(self, y, unbatched):
        if self._nd == 1:
            y = y[:, :, 0, :]
        return y[0] if unbatched else y

    def _params_2d(self):
        pre = (1,) if self._nd == 1 else ()
        pad = (0,) if self._nd == 1 else ()
        return pre + self._kernel, pre + self._stride, pad + self.padding

    def _same_windows(self, x, k, s):
        return [(0, 0), (0, 0)] + [
            _same_pads(n, kk, ss) for n, kk, ss in zip(x.shape[2:], k, s, strict=True)
        ]


# The Args entries of the six pooling layers (each takes its own subset, in its own order).
_POOL_ARGS = """
kernel_size (Union[int, tuple[int]]): The window's size: one int or one per dim.
    Default: ``1``.
stride (Union[int, tuple[int]]): The step between windows. Default: ``1``.
pad_mode (str): ``"valid"`` (no padding), ``"same"`` (output ``ceil(in / stride)``) or
    ``"pad"`` (`padding` on each side). Default: ``"valid"``.
padding (Union[int, tuple[int]]): With pad_mode ``"pad"``, the padding of each side: one
    int or one per dim. Default: ``0``.
dilation (Union[int, tuple[int]]): The spacing between window taps. Default: ``1``.
return_indices (bool): Also return the flat index of each maximum within its spatial
    plane. Default: ``False``.
ceil_mode (bool): Round the output size up, so a partial last window counts. Default:
    ``False``.
count_include_pad (bool): Count padded cells in a window's divisor. Default: ``True``.
divisor_override (Union[int, None]): Divide every window's sum by this instead. Default:
    ``None``.
data_format (str): Only ``"NCHW"``. Default: ``"NCHW"``.
"""


class _MaxPool(_Pool):
    def _check_nonempty(self, shape, k, s):
        # MindSpore's MaxPool / MaxPool3D ('valid' and 'same') refuse an output with a zero
        # dimension (an empty batch or channel axis included)
        spatial = shape[2:]
        if self.pad_mode == "SAME":
            out = [-(-n // st) for n, st in zip(spatial, s)]
        else:
            out = [(n - kk) // st + 1 if n >= kk else 0 for n, kk, st in zip(spatial, k, s)]
        full = (*shape[:2], *out)
        if 0 in full:
            raise ValueError(
                f"{type(self).__name__}: every dimension of the output must be larger than 0, "
                f"got output shape {full} from input shape {tuple(shape)}"
            )

    def __init__(self, kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.dilation = _ntuple(dilation, self._nd, "dilation", type(self).__name__)
        self.return_indices = bool(return_indices)
        if self.pad_mode != "PAD" and (
            self.return_indices or any(d != 1 for d in self.dilation) or self.ceil_mode
        ):
            raise ValueError(
                f"{type(self).__name__}: `return_indices`, `dilation` and "
                "`ceil_mode` need pad_mode 'pad'"
            )

    def construct(self, x):
        x, unbatched = self._as_2d(unwrap(x))
        k, s, p = self._params_2d()
        if self.pad_mode != "PAD":
            self._check_nonempty(x.shape, k, s)
        if self.pad_mode == "SAME":
            neg = np.asarray(-np.inf, x.dtype)
            y = jax.lax.reduce_window(
                jnp.asarray(x),
                neg,
                jax.lax.max,
                (1, 1) + k,
                (1, 1) + s,
                self._same_windows(x, k, s),
            )
            return self._from_2d(y, unbatched)
        d = ((1,) if self._nd == 1 else ()) + self.dilation
        if self._nd == 3:
            out = ops.max_pool3d(x, k, s, p, d, self.ceil_mode, self.return_indices)
        else:
            out = ops.max_pool2d(x, k, s, p, d, self.return_indices, self.ceil_mode)
        if self.return_indices:
            return self._from_2d(out[0], unbatched), self._from_2d(out[1], unbatched)
        return self._from_2d(out, unbatched)


@document_args(_POOL_ARGS)
class MaxPool1d(_MaxPool):
    """Max pooling of (N, C, L) or (C, L).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, L) or (C, L).

    Outputs:
        Tensor of the pooled windows; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.MaxPool1d(2, 2)(ms.Tensor([[[1.0, 3.0, 2.0, 0.0]]])).tolist()
        [[[3.0, 2.0]]]
    """

    _nd = 1

    def __init__(
        self,
        kernel_size: int | tuple[int, ...] = 1,
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "valid",
        padding: int | tuple[int, ...] = 0,
        dilation: int | tuple[int, ...] = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ):
        super().__init__(
            kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode
        )


@document_args(_POOL_ARGS)
class MaxPool2d(_MaxPool):
    """Max pooling of NCHW or CHW input; with pad_mode 'pad' also dilation, ceil_mode and
    (flat H*W) indices.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of the pooled windows; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
        >>> ms.nn.MaxPool2d(kernel_size=2, stride=2)(x).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """

    def __init__(
        self,
        kernel_size: int | tuple[int, ...] = 1,
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "valid",
        padding: int | tuple[int, ...] = 0,
        dilation: int | tuple[int, ...] = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
        data_format: str = "NCHW",
    ):
        if data_format != "NCHW":
            raise ValueError(
                f"MaxPool2d: only `data_format` 'NCHW' is supported, got {data_format!r}"
            )
        super().__init__(
            kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode
        )


@document_args(_POOL_ARGS)
class MaxPool3d(_MaxPool):
    """Max pooling of NCDHW or CDHW input.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor of the pooled windows; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> ms.nn.MaxPool3d(kernel_size=2, stride=2)(x).tolist()
        [[[[[7.0]]]]]
    """

    _nd = 3

    def __init__(
        self,
        kernel_size: int | tuple[int, ...] = 1,
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "valid",
        padding: int | tuple[int, ...] = 0,
        dilation: int | tuple[int, ...] = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ):
        super().__init__(
            kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode
        )


class _AvgPool(_Pool):
    def __init__(
        self,
        kernel_size,
        stride,
        pad_mode,
        padding,
        ceil_mode,
        count_include_pad,
        divisor_override=None,
    ):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.count_include_pad = bool(count_include_pad)
        self.divisor_override = divisor_override

    def construct(self, x):
        x, unbatched = self._as_2d(unwrap(x))
        k, s, p = self._params_2d()
        if self.pad_mode == "SAME":
            # Padded cells do not count towards the mean.
            win = self._same_windows(x, k, s)
            zero = np.zeros((), x.dtype)
            total = jax.lax.reduce_window(
                jnp.asarray(x), zero, jax.lax.add, (1, 1) + k, (1, 1) + s, win
            )
            ones = jnp.ones((1, 1) + x.shape[2:], x.dtype)
            count = jax.lax.reduce_window(ones, zero, jax.lax.add, (1, 1) + k, (1, 1) + s, win)
            return self._from_2d(total / count, unbatched)
        if self._nd == 1 and self.pad_mode == "VALID" and x.shape[-1] < k[-1]:
            # AvgPool1d checks the length itself, before any kernel runs
            raise ValueError(
                f"AvgPool1d: the input's length {x.shape[-1]} must be at least kernel_size {k[-1]}"
            )
        pool = ops.avg_pool3d if self._nd == 3 else ops.avg_pool2d
        y = pool(x, k, s, p, self.ceil_mode, self.count_include_pad, self.divisor_override or 0)
        return self._from_2d(y, unbatched)


@document_args(_POOL_ARGS)
class AvgPool1d(_AvgPool):
    """Average pooling of (N, C, L) or (C, L).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, L) or (C, L).

    Outputs:
        Tensor of the pooled windows, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.AvgPool1d(kernel_size=2, stride=2)(ms.Tensor([[[1.0, 3.0, 5.0, 7.0]]])).tolist()
        [[[2.0, 6.0]]]
    """

    _nd = 1

    def __init__(
        self,
        kernel_size: int | tuple[int, ...] = 1,
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "valid",
        padding: int | tuple[int, ...] = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
    ):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad)


@document_args(_POOL_ARGS)
class AvgPool2d(_AvgPool):
    """Average pooling of NCHW or CHW input.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of the pooled windows, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.AvgPool2d(2, 2)(ms.numpy.ones((1, 1, 4, 4))).shape
        (1, 1, 2, 2)
    """

    def __init__(
        self,
        kernel_size: int | tuple[int, ...] = 1,
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "valid",
        padding: int | tuple[int, ...] = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
        data_format: str = "NCHW",
    ):
        if data_format != "NCHW":
            raise ValueError(
                f"AvgPool2d: only `data_format` 'NCHW' is supported, got {data_format!r}"
            )
        super().__init__(
            kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad, divisor_override
        )


@document_args(_POOL_ARGS)
class AvgPool3d(_AvgPool):
    """Average pooling of NCDHW or CDHW input.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor of the pooled windows, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> ms.nn.AvgPool3d(kernel_size=2, stride=2)(x).tolist()
        [[[[[3.5]]]]]
    """

    _nd = 3

    def __init__(
        self,
        kernel_size: int | tuple[int, ...] = 1,
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "valid",
        padding: int | tuple[int, ...] = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ):
        super().__init__(
            kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad, divisor_override
        )
