"""Loss scalers for hand-written mixed-precision steps, and `all_finite` to detect overflow.

``mindspore.amp`` exposes these beside `auto_mixed_precision`: a custom train step scales
the loss, unscales the gradients, asks `all_finite` whether they overflowed and lets the
scaler `adjust` its scale. The scale and the clean-step counter are Parameters, so the
step can be compiled with `msfunc.jit`.
"""

import jax
import jax.numpy as jnp

from .common.parameter import Parameter
from .common.tensor import Tensor, unwrap, wrap
from .ops.multitype import HyperMap

__all__ = ["LossScaler", "StaticLossScaler", "DynamicLossScaler", "all_finite"]

_hyper_map = HyperMap()


def _scaled(scale, inputs, unscale):
    def one(x):
        value = unwrap(x)
        factor = (1.0 / unwrap(scale)) if unscale else unwrap(scale)
        return wrap(value * factor.astype(value.dtype))

    return _hyper_map(one, inputs)


def _check_scale(scale_value):
    if isinstance(scale_value, bool) or not isinstance(scale_value, (int, float)):
        raise TypeError(
            f"loss scaler: `scale_value` must be an int or float, got {type(scale_value).__name__}"
        )
    if scale_value < 1.0:
        raise ValueError(f"loss scaler: `scale_value` must be >= 1, got {scale_value}")


def _positive_int(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"DynamicLossScaler: `{name}` must be an int, got {type(value).__name__}")
    if value <= 0:
        raise ValueError(f"DynamicLossScaler: `{name}` must be positive, got {value}")
    return value


class LossScaler:
    """Base class: `scale` the loss, `unscale` the gradients, `adjust` the scale."""

    def scale(self, inputs):
        raise NotImplementedError

    def unscale(self, inputs):
        raise NotImplementedError

    def adjust(self, grads_finite):
        raise NotImplementedError


class StaticLossScaler(LossScaler):
    """A fixed loss scale.

    Example:
        >>> import msfunc as ms
        >>> scaler = StaticLossScaler(1024)
        >>> float(scaler.scale(ms.Tensor(0.5))), float(scaler.unscale(ms.Tensor(512.0)))
        (512.0, 0.5)
    """

    def __init__(self, scale_value):
        _check_scale(scale_value)
        self.scale_value = Parameter(Tensor(scale_value, jnp.float32), name="scale_value")

    def scale(self, inputs):
        """`inputs` (a Tensor or nested tuple of Tensors) times the scale."""
        return _scaled(self.scale_value, inputs, unscale=False)

    def unscale(self, inputs):
        """`inputs` divided by the scale (times its reciprocal, in each input's dtype)."""
        return _scaled(self.scale_value, inputs, unscale=True)

    def adjust(self, grads_finite):
        """A static scale never changes: returns False."""
        return False


class DynamicLossScaler(StaticLossScaler):
    """A loss scale divided by `scale_factor` on overflow, multiplied after `scale_window`
    clean steps in a row.

    Example:
        >>> import msfunc as ms
        >>> scaler = DynamicLossScaler(1024, 2, 1)
        >>> _ = scaler.adjust(ms.Tensor(False))
        >>> float(scaler.scale_value)
        512.0
    """

    def __init__(self, scale_value, scale_factor, scale_window):
        super().__init__(scale_value)
        self.scale_window = _positive_int(scale_window, "scale_window")
        self.scale_factor = _positive_int(scale_factor, "scale_factor")
        self.counter = Parameter(Tensor(0, jnp.int32), name="counter")

    def adjust(self, grads_finite):
        """Update the scale and the clean-step counter from `grads_finite` (a bool scalar)."""
        finite = jnp.asarray(unwrap(grads_finite), bool)
        scale, counter = unwrap(self.scale_value), unwrap(self.counter)
        grown = scale * self.scale_factor
        grown = jnp.where(jnp.isfinite(grown), grown, scale)
        window_done = counter == self.scale_window - 1
        new_scale = jnp.where(
            finite,
            jnp.where(window_done, grown, scale),
            jnp.maximum(1.0, scale / self.scale_factor),
        )
        self.scale_value.set_data(wrap(new_scale.astype(scale.dtype)))
        new_counter = ((counter + 1) % self.scale_window) * finite.astype(counter.dtype)
        self.counter.set_data(wrap(new_counter))
        return True


def all_finite(inputs):
    """A bool scalar Tensor: True when no element of any Tensor in `inputs` is inf or nan.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> bool(all_finite((ms.Tensor([1.0, 2.0]), ms.Tensor([np.inf]))))
        False
    """
    if isinstance(inputs, (Tensor, jax.Array)):
        inputs = (inputs,)
    leaves = [unwrap(x) for x in inputs]
    flags = [jnp.all(jnp.isfinite(x)) for x in leaves if jnp.issubdtype(x.dtype, jnp.inexact)]
    return wrap(jnp.all(jnp.stack(flags)) if flags else jnp.asarray(True))
