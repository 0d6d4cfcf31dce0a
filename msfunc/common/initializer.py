"""Weight initializers with MindSpore's names, drawing from msfunc's seeded key.

Fan-based initializers follow MindSpore's layout (weights are ``(out, in, *kernel)``)
and reuse `jax.nn.initializers.variance_scaling` with ``in_axis=1, out_axis=0``.
"""


import jax
import jax.numpy as jnp
import numpy as np

from . import dtype as mstype
from .dtype import canonical_dtype
from .seed import next_key
from .tensor import BUILDERS, wrap

__all__ = [
    "Initializer", "initializer", "Normal", "Uniform", "Zero", "One", "Constant",
    "XavierUniform", "XavierNormal", "HeUniform", "HeNormal", "TruncatedNormal",
    "Identity", "Orthogonal",
]


class Initializer:
    """Base class: msfunc's initializers implement ``_draw(key, shape, dtype)``.

    A user's subclass may instead implement MindSpore's ``_initialize(self, arr)``, which
    fills the numpy array `arr` in place (numpy's own random state, not msfunc's key).

    Example:
        >>> import numpy as np
        >>> class Halves(Initializer):
        ...     def _initialize(self, arr):
        ...         _assignment(arr, 0.5)
        >>> initializer(Halves(), (2,)).tolist()
        [0.5, 0.5]
    """

    random = True

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self._seed = None

    @property
    def seed(self):
        return getattr(self, "_seed", None)

    @seed.setter
    def seed(self, value):
        self._seed = value

    def __call__(self, shape, dtype=mstype.float32):
        if isinstance(shape, np.ndarray):  # MindSpore's form: fill this array in place
            if self._fills_numpy():
                return self._initialize(shape)
            return _assignment(shape, np.asarray(self.to_array(shape.shape, shape.dtype)))
        return self.to_array(shape, dtype)

    def to_array(self, shape=None, dtype=None):
        shape = tuple(self._shape if shape is None else shape)
        dtype = canonical_dtype(dtype or getattr(self, "_dtype", None) or mstype.float32)
        if self._fills_numpy():
            arr = np.zeros(shape, np.dtype(dtype))
            self._initialize(arr)  # in place; MindSpore ignores what it returns too
            return jnp.asarray(arr)
        key = next_key() if self.random else None
        return self._draw(key, shape, dtype)

    def _fills_numpy(self):
        return type(self)._initialize is not Initializer._initialize

    def _initialize(self, *args):
        raise NotImplementedError(f"{type(self).__name__}: an Initializer subclass implements "
                                  "_initialize(self, arr)")

    def _draw(self, key, shape, dtype):  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}()"


class Zero(Initializer):
    """All zeros."""

    random = False

    def _draw(self, key, shape, dtype):
        return jnp.zeros(shape, dtype)


class One(Initializer):
    """All ones."""

    random = False

    def _draw(self, key, shape, dtype):
        return jnp.ones(shape, dtype)


class Constant(Initializer):
    """Every element equal to `value`."""

    random = False

    def __init__(self, value):
        self.value = value

    def _draw(self, key, shape, dtype):
        return jnp.full(shape, self.value, dtype)


class Normal(Initializer):
    """N(mean, sigma**2)."""

    def __init__(self, sigma=0.01, mean=0.0):
        self.sigma, self.mean = sigma, mean

    def _draw(self, key, shape, dtype):
        return (jax.random.normal(key, shape, dtype) * self.sigma + self.mean).astype(dtype)


class Uniform(Initializer):
    """U(-scale, scale)."""

    def __init__(self, scale=0.07):
        self.scale = scale

    def _draw(self, key, shape, dtype):
        return jax.random.uniform(key, shape, dtype, -self.scale, self.scale)


class TruncatedNormal(Initializer):
    """N(mean, sigma**2) truncated to [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _draw(self, key, shape, dtype):
        lo, hi = (self.a - self.mean) / self.sigma, (self.b - self.mean) / self.sigma
        z = jax.random.truncated_normal(key, lo, hi, shape, dtype)
        return (z * self.sigma + self.mean).astype(dtype)


def _check_fan_rank(shape, who):
    if len(shape) < 2:
        raise ValueError(f"{who}: fan in/out need a shape with at least 2 dims, got {shape}")


def _leaky_relu_gain(negative_slope):
    return 2.0 / (1.0 + negative_slope ** 2)


class _VarianceScaling(Initializer):
    def _scaled(self, scale, mode, distribution):
        return jax.nn.initializers.variance_scaling(scale, mode, distribution,
                                                    in_axis=1, out_axis=0)


class XavierUniform(_VarianceScaling):
    """U(-b, b) with b = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        self.gain = gain

    def _draw(self, key, shape, dtype):
        _check_fan_rank(shape, "XavierUniform")
        return self._scaled(self.gain ** 2, "fan_avg", "uniform")(key, shape, dtype)


class XavierNormal(_VarianceScaling):
    """N(0, gain**2 * 2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        self.gain = gain

    def _draw(self, key, shape, dtype):
        _check_fan_rank(shape, "XavierNormal")
        return self._scaled(self.gain ** 2, "fan_avg", "normal")(key, shape, dtype)


class HeUniform(_VarianceScaling):
    """Kaiming uniform: U(-b, b), b = gain * sqrt(3 / fan), gain for leaky_relu(negative_slope)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(f"HeUniform: `mode` must be 'fan_in' or 'fan_out', got {mode!r}")
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _draw(self, key, shape, dtype):
        _check_fan_rank(shape, type(self).__name__)
        slope = self.negative_slope if self.nonlinearity == "leaky_relu" else 0.0
        dist = "normal" if isinstance(self, HeNormal) else "uniform"
        return self._scaled(_leaky_relu_gain(slope), self.mode, dist)(key, shape, dtype)


class HeNormal(HeUniform):
    """Kaiming normal: N(0, gain**2 / fan)."""


class Identity(Initializer):
    """The identity matrix (2-D shapes)."""

    random = False

    def _draw(self, key, shape, dtype):
        if len(shape) != 2:
            raise ValueError(f"Identity: shape must be 2-D, got {shape}")
        return jnp.eye(*shape, dtype=dtype)


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix scaled by `gain`."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def _draw(self, key, shape, dtype):
        _check_fan_rank(shape, "Orthogonal")
        return jax.nn.initializers.orthogonal(self.gain, column_axis=0)(key, shape, dtype)


_BY_NAME = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One,
    "normal": Normal, "uniform": Uniform,
    "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
    "he_uniform": HeUniform, "heuniform": HeUniform,
    "he_normal": HeNormal, "henormal": HeNormal,
    "truncatednormal": TruncatedNormal, "truncated_normal": TruncatedNormal,
    "identity": Identity, "eye": Identity, "orthogonal": Orthogonal,
}


def _register(*aliases):
    """Class decorator: `initializer` finds the class by its lower-cased name and `aliases`.

    Example:
        >>> @_register("halves")
        ... class Halves(Initializer):
        ...     def _initialize(self, arr):
        ...         _assignment(arr, 0.5)
        >>> initializer("halves", (1,)).tolist()
        [0.5]
    """
    def register(cls):
        for name in (cls.__name__.lower(),) + aliases:
            _BY_NAME.setdefault(name, cls)  # a built-in name keeps its class
        return cls
    return register


def _assignment(arr, num):
    """Write `num` (a number or an array of `arr`'s shape) into numpy array `arr`; returns it.

    Example:
        >>> import numpy as np
        >>> _assignment(np.zeros(2), 3.0).tolist()
        [3.0, 3.0]
    """
    if arr.shape == ():
        flat = arr.reshape(1)
        flat[:] = num
        return flat.reshape(())
    arr[...] = num
    return arr


def initializer(init, shape=None, dtype=mstype.float32):
    """Materialise `init` (a name, an Initializer, a number or an array) as a Tensor.

    Example:
        >>> from msfunc.common.initializer import initializer, Normal
        >>> w = initializer('normal', [3, 2])
        >>> type(w).__name__, w.shape, initializer(Normal(0.2), (4,)).shape
        ('Tensor', (3, 2), (4,))
    """
    return wrap(_materialise(init, shape, dtype))


def _materialise(init, shape=None, dtype=mstype.float32):
    """Materialise `init` (a name, an Initializer, a number or an array) as an array.

    Example:
        >>> from msfunc.common.initializer import initializer, Normal
        >>> w = initializer('normal', [3, 2])
        >>> w.shape, initializer(Normal(0.2), (4,)).shape
        ((3, 2), (4,))
    """
    if shape is None:
        raise ValueError("initializer: `shape` is required")
    if isinstance(shape, int):
        shape = (shape,)
    shape = tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError(f"initializer: `shape` must be non-negative, got {shape}")
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError(f"initializer: unknown name {init!r}; expected one of "
                             f"{sorted(set(_BY_NAME))}")
        init = cls()
    if isinstance(init, Initializer):
        return init.to_array(shape, dtype)
    if isinstance(init, (int, float)) and not isinstance(init, bool):
        return jnp.full(shape, init, canonical_dtype(dtype))
    if getattr(type(init), "_msfunc_tensor", False):  # a Tensor (tensor.py imports this module)
        init = init._array()
    if isinstance(init, (jax.Array, np.ndarray)):
        arr = jnp.asarray(init, canonical_dtype(dtype))
        if arr.shape != shape:
            raise ValueError(f"initializer: array shape {arr.shape} does not match {shape}")
        return arr
    raise TypeError("initializer: `init` must be a str, Initializer, number or array, "
                    f"got {type(init).__name__}")


BUILDERS["initializer"] = _materialise  # Tensor(shape=..., init=...)
