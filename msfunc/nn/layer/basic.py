"""Basic layers: Dense, Flatten, Unflatten, Identity, Dropout*, Unfold, Upsample, PixelShuffle."""

import math

import jax
import jax.numpy as jnp
import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.seed import next_key
from ...common.tensor import unwrap
from ...context import mindspore_dtype_checks
from ...ops.seeded_draws import dropout_stream
from ..cell import Cell
from .activation import get_activation

__all__ = [
    "Dense",
    "Flatten",
    "Unflatten",
    "Identity",
    "Dropout",
    "Dropout1d",
    "Dropout2d",
    "Dropout3d",
    "Unfold",
    "Upsample",
    "PixelShuffle",
    "PixelUnshuffle",
]


def check_positive_int(value, name, who):
    """`value` if it is a positive int, else ValueError naming the argument."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{who}: `{name}` must be a positive int, got {value!r}")
    return value


class Dense(Cell):
    """Fully connected layer ``activation(x @ weight.T + bias)``; weight is (out, in).

    Defaults follow MindSpore: weight HeUniform(sqrt(5)) and bias U(-1/sqrt(in), 1/sqrt(in)).
    In a MindSpore program (``import mindspore`` answered by msfunc) the input must have the
    weight's dtype (TypeError, as MindSpore); msfunc's own API promotes as jnp.matmul does.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        >>> net(ms.Tensor([[1.0, 2.0, 3.0]])).tolist()
        [[6.0, 6.0]]
    """

    def __init__(
        self,
        in_channels,
        out_channels,
        weight_init=None,
        bias_init=None,
        has_bias=True,
        activation=None,
        dtype=mstype.float32,
    ):
        super().__init__()
        check_positive_int(in_channels, "in_channels", "Dense")
        check_positive_int(out_channels, "out_channels", "Dense")
        self.in_channels, self.out_channels, self.has_bias = in_channels, out_channels, has_bias
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(
            initializer(weight_init, [out_channels, in_channels], dtype), name="weight"
        )
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(1.0 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not callable(self.activation):
            raise TypeError(
                f"Dense: `activation` must be a str, Cell or callable, got "
                f"{type(activation).__name__}"
            )
        self.activation_flag = self.activation is not None

    def construct(self, x):
        array, weight = unwrap(x), self.weight.value()
        # MindSpore checks both before multiplying: no silent float64 net, no JAX shape error
        # (the dtype for MindSpore programs: msfunc.context.mindspore_dtype_checks).
        if array.dtype != weight.dtype and mindspore_dtype_checks():
            raise TypeError(
                f"Dense: `x` must have the weight's dtype {weight.dtype}, got {array.dtype}"
            )
        if array.shape[-1:] != (self.in_channels,):
            raise ValueError(
                f"Dense: the last dim of `x` must be in_channels="
                f"{self.in_channels}, got `x` of shape {tuple(array.shape)}"
            )
        out = ops.dense(array, weight, self.bias.value() if self.has_bias else None)
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self):
        # MindSpore's wording: has_bias and activation are shown only when set.
        text = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            text += f", has_bias={self.has_bias}"
        if self.activation_flag:
            text += f", activation={self.activation}"
        return text


class Flatten(Cell):
    """Flatten dims `start_dim`..`end_dim` (default: all but the first).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Flatten()(ms.numpy.ones((2, 3, 4))).shape
        (2, 12)
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        for name, v in (("start_dim", start_dim), ("end_dim", end_dim)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"Flatten: `{name}` must be an int, got {v!r}")
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        x = unwrap(x)
        nd = x.ndim
        start = self.start_dim % nd if nd else 0
        end = self.end_dim % nd if nd else 0
        if start > end:
            raise ValueError(
                f"Flatten: `start_dim` ({self.start_dim}) comes after `end_dim` "
                f"({self.end_dim}) for a {nd}-D input"
            )
        shape = x.shape[:start] + (-1,) + x.shape[end + 1 :]
        return jnp.reshape(x, shape)


class Unflatten(Cell):
    """Split dim `axis` into `unflattened_size`.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Unflatten(1, (2, 3))(ms.numpy.ones((4, 6))).shape
        (4, 2, 3)
    """

    def __init__(self, axis, unflattened_size):
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError(
                "Unflatten: `unflattened_size` must be a tuple or list, got "
                f"{type(unflattened_size).__name__}"
            )
        self.axis, self.unflattened_size = axis, tuple(unflattened_size)

    def construct(self, input_x):
        x = unwrap(input_x)
        axis = self.axis % x.ndim
        return jnp.reshape(x, x.shape[:axis] + self.unflattened_size + x.shape[axis + 1 :])


class Identity(Cell):
    """Returns its input (any constructor arguments are ignored, as in MindSpore).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Identity()(ms.Tensor([1.0, 2.0])).tolist()
        [1.0, 2.0]
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):
        return input


def _check_probability(p, name, who):
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
        raise ValueError(f"{who}: `{name}` must be a float in [0, 1], got {p!r}")
    return float(p)


class Dropout(Cell):
    """Zero each element with probability ``p = 1 - keep_prob`` in training, scaling the rest by
    ``1 / keep_prob``; identity in inference. Seeded (``msfunc.set_seed`` before the layer
    is built), the masks are MindSpore's; unseeded, they come from msfunc's fast key stream.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout(p=0.5)
        >>> drop(ms.numpy.ones((2,))).tolist()          # inference (the default mode)
        [1.0, 1.0]
    """

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            keep = _check_probability(keep_prob, "keep_prob", "Dropout")
            if keep == 0.0:
                raise ValueError("Dropout: `keep_prob` must be in (0, 1], got 0")
            self.p = 1.0 - keep
        else:
            self.p = _check_probability(p, "p", "Dropout")
            if self.p == 1.0:
                raise ValueError("Dropout: `p` must be in [0, 1), got 1")
        self.keep_prob = keep if p is None else 1.0 - self.p
        self._built_from_keep_prob = p is None  # repr shows the argument the layer was given
        # MindSpore seeds the layer's kernel when the layer is built; seeded, its masks are
        # MindSpore's (see seeded_draws.dropout_stream)
        self._mask_stream = dropout_stream()

    def construct(self, x):
        x = unwrap(x)
        if not self.training or self.p == 0.0:
            return x
        keep = self._mask_stream.draw(x.shape, self.keep_prob)
        if keep is None:
            keep = jax.random.bernoulli(next_key(), self.keep_prob, x.shape)
        # x * mask * (1 / keep_prob), as MindSpore (a dropped negative input gives -0.0)
        return x * keep.astype(x.dtype) * jnp.asarray(np.float32(1.0 / self.keep_prob), x.dtype)

    def extend_repr(self):
        if self._built_from_keep_prob:
            return f"keep_prob={self.keep_prob}"
        return f"p={self.p}"


class _ChannelDropout(Cell):
    _nd = 2

    def __init__(self, p=0.5):
        super().__init__()
        self.p = _check_probability(p, "p", type(self).__name__)
        self.keep_prob = 1.0 - self.p

    def extend_repr(self):
        # MindSpore's text: the 2-D and 3-D layers show their keep probability, named p.
        return "" if self._nd == 1 else f"p={self.keep_prob}"

    def construct(self, x):
        drop = (ops.dropout1d, ops.dropout2d, ops.dropout3d)[self._nd - 1]
        return drop(unwrap(x), self.p, self.training)


class Dropout1d(_ChannelDropout):
    """Zero whole channels of (N, C, L) input with probability `p` in training.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout1d(p=0.5).set_train()  # a Cell starts in eval mode: no dropout
        >>> v = drop(ms.ops.ones((1, 8, 3))).asnumpy()  # channels: zeroed or doubled
        >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.min(2) == v.max(2)).all())
        (True, True)
    """

    _nd = 1


class Dropout2d(_ChannelDropout):
    """Zero whole channels of (N, C, H, W) input with probability `p` in training.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout2d(p=0.5).set_train()  # a Cell starts in eval mode: no dropout
        >>> v = drop(ms.ops.ones((1, 8, 2, 2))).asnumpy()  # channels: zeroed or doubled
        >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.min((2, 3)) == v.max((2, 3))).all())
        (True, True)
    """

    _nd = 2


class Dropout3d(_ChannelDropout):
    """Zero whole channels of (N, C, D, H, W) input with probability `p` in training.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout3d(p=0.5).set_train()  # a Cell starts in eval mode: no dropout
        >>> v = drop(ms.ops.ones((1, 8, 1, 2, 2))).asnumpy()  # channels: zeroed or doubled
        >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.reshape(8, -1).std(1) == 0).all())
        (True, True)
    """

    _nd = 3


def _same_pads(size, k, s):
    """TensorFlow-style 'same' padding (lo, hi): output ceil(size / s)."""
    out = -(-size // s)
    total = max((out - 1) * s + k - size, 0)
    return total // 2, total - total // 2


class Unfold(Cell):
    """Image patches of NCHW input: (N, C * kr * kc, out_rows, out_cols), channels ordered
    (kernel row, kernel column, input channel) as MindSpore's ExtractImagePatches.

    `ksizes`, `strides`, `rates` are ``[1, r, c, 1]``; `padding` 'valid' or 'same'.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])
        >>> net(ms.numpy.ones((1, 3, 4, 4))).shape
        (1, 12, 3, 3)
    """

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        self.ksizes = self._quad(ksizes, "ksizes")
        self.strides = self._quad(strides, "strides")
        self.rates = self._quad(rates, "rates")
        if not isinstance(padding, str) or padding.lower() not in ("valid", "same"):
            raise ValueError(f"Unfold: `padding` must be 'valid' or 'same', got {padding!r}")
        self.padding = padding.lower()

    @staticmethod
    def _quad(v, name):
        if (
            not isinstance(v, (tuple, list))
            or len(v) != 4
            or v[0] != 1
            or v[3] != 1
            or any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in v)
        ):
            raise ValueError(
                f"Unfold: `{name}` must be [1, row, col, 1] with positive ints, got {v!r}"
            )
        return tuple(v[1:3])

    def construct(self, input_x):
        x = unwrap(input_x)
        if x.ndim != 4:
            raise ValueError(f"Unfold: input must be 4-D (NCHW), got {x.ndim}-D")
        (kr, kc), (sr, sc), (rr, rc) = self.ksizes, self.strides, self.rates
        ekr, ekc = (kr - 1) * rr + 1, (kc - 1) * rc + 1
        if self.padding == "same":
            x = jnp.pad(
                x,
                ((0, 0), (0, 0), _same_pads(x.shape[2], ekr, sr), _same_pads(x.shape[3], ekc, sc)),
            )
        h, w = x.shape[2], x.shape[3]
        oh, ow = (h - ekr) // sr + 1, (w - ekc) // sc + 1
        patches = [
            x[
                :,
                :,
                i * rr : i * rr + (oh - 1) * sr + 1 : sr,
                j * rc : j * rc + (ow - 1) * sc + 1 : sc,
            ]
            for i in range(kr)
            for j in range(kc)
        ]
        out = jnp.stack(patches, axis=1)  # (N, kr*kc, C, oh, ow)
        return out.reshape(x.shape[0], -1, oh, ow)


class Upsample(Cell):
    """Resize the spatial dims to `size` or by `scale_factor` (modes of `ops.interpolate`).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Upsample(scale_factor=2.0)(ms.Tensor([[[1.0, 2.0]]])).tolist()
        [[[1.0, 1.0, 2.0, 2.0]]]
    """

    def __init__(
        self,
        size=None,
        scale_factor=None,
        mode="nearest",
        align_corners=None,
        recompute_scale_factor=None,
    ):
        super().__init__()
        if (size is None) == (scale_factor is None):
            raise ValueError("Upsample: exactly one of `size` and `scale_factor` must be given")
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x):
        return ops.interpolate(
            x,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            self.recompute_scale_factor,
        )


class PixelShuffle(Cell):
    """(..., C r^2, H, W) -> (..., C, H r, W r).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.PixelShuffle(2)(ms.ops.arange(4.0).reshape(1, 4, 1, 1)).tolist()
        [[[[0.0, 1.0], [2.0, 3.0]]]]
    """

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = check_positive_int(upscale_factor, "upscale_factor", "PixelShuffle")

    def construct(self, input):
        return ops.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """(..., C, H r, W r) -> (..., C r^2, H, W).

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(4.0).reshape(1, 1, 2, 2)
        >>> ms.nn.PixelUnshuffle(2)(x).reshape(-1).tolist()
        [0.0, 1.0, 2.0, 3.0]
    """

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = check_positive_int(
            downscale_factor, "downscale_factor", "PixelUnshuffle"
        )

    def construct(self, input):
        return ops.pixel_unshuffle(input, self.downscale_factor)
