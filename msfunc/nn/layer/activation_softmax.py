"""Activation Cells that act along an axis: Softmax, Softmin, LogSoftmax, Softmax2d and GLU."""

from __future__ import annotations

import jax

from ... import ops
from ...common.tensor import unwrap
from ...ops import func_softmax as F
from ..cell import Cell
from .activation_elementwise import _check_axis, _Elementwise


class Softmax(Cell):
    """Softmax ``exp(x) / sum(exp(x))`` along `axis`.

    Args:
        axis (Union[int, tuple[int]]): The axis (or axes) normalised over. Default: ``-1``.

    Inputs:
        input (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `input`'s shape and dtype; it sums to 1 along `axis`.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Softmax()(ms.Tensor([0.0, 1.0])).tolist()]
        [0.2689, 0.7311]
    """

    def __init__(self, axis: int | tuple[int, ...] = -1):
        super().__init__()
        self.axis = _check_axis(axis, type(self).__name__)
        if type(self) is Softmax:  # (as MindSpore's layer holds it)
            self.softmax = ops.Softmax(self.axis)

    def construct(self, input):
        return F.softmax(unwrap(input), self.axis)


class Softmin(Softmax):
    """Softmin: ``softmax(-x)`` along `axis`, so the smallest entry gets the largest weight.

    Args:
        axis (Union[int, tuple[int]]): The axis (or axes) normalised over. Default: ``-1``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Softmin()(ms.Tensor([0.0, 1.0])).tolist()]
        [0.7311, 0.2689]
    """

    def __init__(self, axis: int | tuple[int, ...] = -1):
        super().__init__(axis)

    def construct(self, x):
        return jax.nn.softmax(-unwrap(x), axis=self.axis)


class Softmax2d(Cell):
    """Softmax over the channel axis of (C, H, W) or (N, C, H, W) input.

    Inputs:
        x (Tensor): 3-D or 4-D, floating point.

    Outputs:
        Tensor of `x`'s shape; at every pixel the channels sum to 1.

    Example:
        >>> import msfunc as ms
        >>> y = ms.nn.Softmax2d()(ms.Tensor([[[[0.0]], [[0.0]]]]))  # (N, C=2, H, W)
        >>> y.reshape(-1).tolist()  # over the channels
        [0.5, 0.5]
    """

    def __init__(self):
        super().__init__()

    def construct(self, x):
        x = unwrap(x)
        if x.ndim not in (3, 4):
            raise ValueError(f"Softmax2d: input must be 3-D or 4-D, got {x.ndim}-D")
        return jax.nn.softmax(x, axis=-3)


class LogSoftmax(Cell):
    """Log-softmax ``x - log(sum(exp(x)))`` along `axis`, computed stably.

    Args:
        axis (int): The axis normalised over. Default: ``-1``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.LogSoftmax()(ms.Tensor([0.0, 0.0])).tolist()]
        [-0.6931, -0.6931]
    """

    def __init__(self, axis: int = -1):
        super().__init__()
        self.axis = _check_axis(axis, "LogSoftmax")
        self.log_softmax = ops.LogSoftmax(self.axis)  # (as MindSpore's layer holds it)

    def construct(self, x):
        return F.log_softmax(unwrap(x), self.axis)  # pyright: ignore[reportArgumentType]


class LogSoftmaxExt(Cell):
    """Log-softmax along `dim`, with torch's default axis choice.

    Args:
        dim (Union[int, None]): The axis normalised over; ``None`` picks 0 for 0-D, 1-D and 3-D
            input and 1 otherwise. Default: ``None``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.LogSoftmaxExt(dim=-1)(ms.Tensor([0.0, 0.0])).tolist()]
        [-0.6931, -0.6931]
    """

    def __init__(self, dim: int | None = None):
        super().__init__()
        self.dim = dim

    def construct(self, x):
        x = unwrap(x)
        dim = self.dim if self.dim is not None else (0 if x.ndim in (0, 1, 3) else 1)
        return jax.nn.log_softmax(x, axis=dim)


class GLU(_Elementwise):
    """Gated linear unit ``a * sigmoid(b)``, `a` and `b` the two halves of x along `axis`.

    Args:
        axis (int): The axis split in two; its length must be even. Default: ``-1``.

    Inputs:
        x (Tensor): Floating point, even length along `axis`.

    Outputs:
        Tensor of `x`'s shape with `axis` halved.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.GLU()(ms.Tensor([1.0, 2.0, 0.0, 1.0])).tolist()]
        [0.5, 1.4621]
    """

    _fn = staticmethod(ops.glu)

    def __init__(self, axis: int = -1):
        super().__init__()
        self.axis = _check_axis(axis, "GLU")

    def _kwargs(self):
        return {"axis": self.axis}
