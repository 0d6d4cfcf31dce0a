"""``nn.TimeDistributed``: apply a layer to every step along a time axis."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from ...common.tensor import Tensor, unwrap, wrap
from ...ops.primitives import Primitive
from ..cell import Cell

__all__ = ["TimeDistributed"]


class TimeDistributed(Cell):
    """Apply `layer` to each slice of the input along `time_axis`, stacking the results there.

    With `reshape_with_axis` the time axis is first merged into that axis (one call of `layer`
    on a larger batch), and split out of the layer's output again; without it `layer` is
    called once per time step.

    Args:
        layer (Union[Cell, Primitive]): The layer applied to every time step.
        time_axis (int): The time axis of the input.
        reshape_with_axis (Union[int, None]): The axis the time axis is merged into for a
            single call of `layer`; ``None`` calls it per step. Default: ``None``.

    Inputs:
        x (Tensor): At least 3-D.

    Outputs:
        Tensor, `layer`'s output for every step, stacked along `time_axis`.

    Raises:
        TypeError: If `layer` is not a Cell or Primitive, or `x` or the output is not a Tensor.
        ValueError: If `x` is not at least 3-D.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> x = ms.Tensor(np.ones((2, 3, 4), np.float32))
        >>> nn.TimeDistributed(nn.Flatten(), time_axis=1)(x).shape
        (2, 3, 4)
    """

    def __init__(
        self, layer: Cell | Primitive, time_axis: int, reshape_with_axis: int | None = None
    ) -> None:
        super().__init__()
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError(
                f"TimeDistributed: layer must be a Cell or Primitive, got {type(layer).__name__}"
            )
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis

    def _call_layer(self, x):
        out = self.layer(wrap(x))
        if not isinstance(out, Tensor):
            raise TypeError(f"TimeDistributed: the layer must return a Tensor, got {type(out)}")
        return jnp.asarray(unwrap(out))

    def construct(self, x: Any) -> Any:
        if not isinstance(x, Tensor):
            raise TypeError(f"TimeDistributed: x must be a Tensor, got {type(x).__name__}")
        x = jnp.asarray(unwrap(x))
        if x.ndim < 3:
            raise ValueError(f"TimeDistributed: x must be at least 3-D, got {x.ndim}-D")
        time_axis = self.time_axis % x.ndim
        steps = x.shape[time_axis]
        if self.reshape_with_axis is None:
            outs = [self._call_layer(jnp.take(x, t, axis=time_axis)) for t in range(steps)]
            return wrap(jnp.stack(outs, axis=min(time_axis, outs[0].ndim)))
        merge = self.reshape_with_axis % x.ndim
        # put time right after the merged axis, then fold the two into one
        moved = jnp.moveaxis(x, time_axis, merge + (1 if merge < time_axis else 0))
        at = merge - (1 if merge > time_axis else 0)
        folded = moved.reshape(moved.shape[:at] + (-1,) + moved.shape[at + 2 :])
        out = self._call_layer(folded)
        if out.ndim <= at or out.shape[at] != folded.shape[at]:
            raise ValueError(
                "TimeDistributed: reshape_with_axis must be kept by the layer's output, got "
                f"output shape {out.shape} for input shape {folded.shape}"
            )
        split = out.reshape(out.shape[:at] + (-1, steps) + out.shape[at + 1 :])
        return wrap(jnp.moveaxis(split, at + 1, min(time_axis, split.ndim - 1)))
