"""Weight initializers with MindSpore's names and MindSpore's exact draws.

A random initializer takes one seed from numpy's global generator and fills a float32 array
from MindSpore's Philox streams (`init_streams`), so the same numpy state (``np.random.seed``
or ``msfunc.set_seed``) gives MindSpore's weights bit for bit; other dtypes are that float32
array cast. Fans follow MindSpore's layout (weights are ``(out, in, *kernel)``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._graph_forbidden import check_not_in_graph
from . import dtype as mstype
from .dtype import canonical_dtype
from .initializer_draws import (  # noqa: F401 - MindSpore's private names live here too
    _calculate_correct_fan,
    _calculate_fan_in_and_fan_out,
    _calculate_gain,
    _calculate_in_and_out,
    _fans,
    _gain,
    _init_random_normal,
    _init_random_normal_inplace,
    _init_random_uniform,
    _init_random_uniform_inplace,
    _init_truncated_normal,
    _init_truncated_normal_inplace,
    _normal,
    _numpy_seed,
    _size,
    _truncated_normal,
    _uniform,
)
from .tensor import BUILDERS, Tensor, mark_pending_init, wrap

__all__ = [
    "Initializer",
    "initializer",
    "Normal",
    "Uniform",
    "Zero",
    "One",
    "Constant",
    "XavierUniform",
    "XavierNormal",
    "HeUniform",
    "HeNormal",
    "TruncatedNormal",
    "Identity",
    "Orthogonal",
    "Sparse",
    "Dirac",
    "VarianceScaling",
]


class Initializer:
    """Base class: msfunc's initializers implement ``_fill(shape)``, a numpy array of the
    values (float32 for the random ones) that `to_array` casts to the requested dtype.

    A user's subclass may instead implement MindSpore's ``_initialize(self, arr)``, which
    fills the numpy array `arr` in place (numpy's own random state).

    Example:
        >>> import numpy as np
        >>> class Halves(Initializer):
        ...     def _initialize(self, arr):
        ...         _assignment(arr, 0.5)
        >>> initializer(Halves(), (2,)).tolist()
        [0.5, 0.5]
    """

    def __new__(cls, *args, **kwargs):
        del args, kwargs  # (for __init__)
        check_not_in_graph(f"the class 'mindspore.common.initializer.{cls.__name__}'")
        return super().__new__(cls)

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
        """Values for `shape` (as `to_array`); given a numpy array, fill it in place as
        MindSpore's ``Initializer(arr)`` does."""
        if isinstance(shape, np.ndarray):
            if self._fills_numpy():
                return self._initialize(shape)
            return _assignment(shape, self._fill(shape.shape))
        return self.to_array(shape, dtype)

    def to_array(self, shape=None, dtype=None):
        shape = tuple(self._shape if shape is None else shape)
        dtype = canonical_dtype(dtype or getattr(self, "_dtype", None) or mstype.float32)
        if self._fills_numpy():
            arr = np.zeros(shape, np.dtype(dtype))
            self._initialize(arr)  # in place; MindSpore ignores what it returns too
            return jnp.asarray(arr)
        values = self._fill(shape)
        # numpy's cast first (as MindSpore assigns into a numpy array), then to the device
        if isinstance(dtype, np.dtype) and dtype.kind in "fiub":
            values = np.asarray(values).astype(dtype)
        return jnp.asarray(values).astype(dtype)

    def _fills_numpy(self):
        return type(self)._initialize is not Initializer._initialize

    def _initialize(self, *args):
        raise NotImplementedError(
            f"{type(self).__name__}: an Initializer subclass implements _initialize(self, arr)"
        )

    def _fill(self, shape):  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}()"


class Zero(Initializer):
    """All zeros."""

    def _fill(self, shape):
        return np.zeros(shape, np.float32)


class One(Initializer):
    """All ones."""

    def _fill(self, shape):
        return np.ones(shape, np.float32)


class Constant(Initializer):
    """Every element equal to `value`."""

    def __init__(self, value):
        self.value = value

    def _fill(self, shape):
        return np.full(shape, self.value)


class Normal(Initializer):
    """N(mean, sigma**2)."""

    def __init__(self, sigma=0.01, mean=0.0):
        self.sigma, self.mean = sigma, mean

    def _fill(self, shape):
        return _normal(self.mean, self.sigma, shape)


class Uniform(Initializer):
    """U(-scale, scale)."""

    def __init__(self, scale=0.07):
        self.scale = scale

    def _fill(self, shape):
        return _uniform(-self.scale, self.scale, shape)


class TruncatedNormal(Initializer):
    """N(mean, sigma**2) truncated to [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _fill(self, shape):
        return _truncated_normal(self.a, self.b, self.mean, self.sigma, shape)


class XavierUniform(Initializer):
    """U(-b, b) with b = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        self.gain = gain

    def _fill(self, shape):
        fan_in, fan_out = _fans(shape, "XavierUniform")
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return _uniform(-bound, bound, shape)


class XavierNormal(Initializer):
    """N(0, gain**2 * 2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        self.gain = gain

    def _fill(self, shape):
        fan_in, fan_out = _fans(shape, "XavierNormal")
        return _normal(0, self.gain * math.sqrt(2.0 / float(fan_in + fan_out)), shape)


class HeUniform(Initializer):
    """Kaiming uniform: U(-b, b), b = gain * sqrt(3 / fan), gain for `nonlinearity`."""

    def __init__(self, negative_slope: float = 0, mode="fan_in", nonlinearity="leaky_relu"):
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(
                f"{type(self).__name__}: `mode` must be 'fan_in' or 'fan_out', got {mode!r}"
            )
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _std(self, shape):
        who = type(self).__name__
        fan_in, fan_out = _fans(shape, who)
        fan = fan_in if self.mode == "fan_in" else fan_out
        return _gain(self.nonlinearity, self.negative_slope, who) / math.sqrt(fan)

    def _fill(self, shape):
        bound = math.sqrt(3.0) * self._std(shape)
        return _uniform(-bound, bound, shape)


class HeNormal(HeUniform):
    """Kaiming normal: N(0, gain**2 / fan)."""

    def _fill(self, shape):
        return _normal(0, self._std(shape), shape)


class Identity(Initializer):
    """The identity matrix (2-D shapes)."""

    def _fill(self, shape):
        if len(shape) != 2:
            raise ValueError(f"Identity: shape must be 2-D, got {shape}")
        return np.eye(*shape)


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix scaled by `gain`: the Q of a QR factorisation of normal
    draws (trailing dims flattened), its columns' signs fixed by R's diagonal."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def _fill(self, shape):
        if len(shape) < 2:
            raise ValueError(f"Orthogonal: shape must have at least 2 dims, got {shape}")
        rows = shape[0]
        cols = _size(shape) // rows
        data = _normal(0, 1, (rows, cols))
        if rows < cols:
            data = data.T
        q, r = np.linalg.qr(data)
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return (q * self.gain).reshape(shape)


class Sparse(Initializer):
    """N(0, sigma**2) with a `sparsity` fraction of each column's rows set to 0 (2-D)."""

    def __init__(self, sparsity, sigma=0.01):
        self.sparsity, self.sigma = sparsity, sigma

    def _fill(self, shape):
        if len(shape) != 2:
            raise ValueError(f"Sparse: shape must be 2-D, got {shape}")
        rows, cols = shape
        zeros = int(np.ceil(self.sparsity * rows))
        data = _normal(0, self.sigma, shape)
        for col in range(cols):  # one numpy permutation per column, in MindSpore's order
            data[np.random.permutation(list(range(rows)))[:zeros], col] = 0.0
        return data


class Dirac(Initializer):
    """Ones at the kernel centre of channel i -> i in each of `groups` groups (3 to 5 dims)."""

    def __init__(self, groups=1):
        self.groups = groups

    def _fill(self, shape):
        if len(shape) not in (3, 4, 5):
            raise ValueError(f"Dirac: shape must have 3, 4 or 5 dims, got {shape}")
        if shape[0] % self.groups:
            raise ValueError(
                f"Dirac: the first dim {shape[0]} must be divisible by `groups` ({self.groups})"
            )
        data = np.zeros(shape)
        per_group = shape[0] // self.groups
        centre = tuple(s // 2 for s in shape[2:])
        for group in range(self.groups):
            for dim in range(min(per_group, shape[1])):
                data[(group * per_group + dim, dim) + centre] = 1
        return data


class VarianceScaling(Initializer):
    """N(0, scale / n) (truncated or not) or U(-sqrt(3 scale / n), +) with n the fan_in,
    fan_out or their mean."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        if scale <= 0.0:
            raise ValueError(f"VarianceScaling: `scale` must be positive, got {scale}")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(
                f"VarianceScaling: `mode` must be 'fan_in', 'fan_out' or 'fan_avg', got {mode!r}"
            )
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(
                f"VarianceScaling: `distribution` must be 'uniform', "
                f"'truncated_normal' or 'untruncated_normal', got {distribution!r}"
            )
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _fill(self, shape):
        fan_in, fan_out = _fans(shape, "VarianceScaling")
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}
        scale = self.scale / max(1.0, fan[self.mode])
        if self.distribution == "untruncated_normal":
            return _normal(0, np.sqrt(scale), shape)
        # MindSpore 2.10 tests 'truncated_norm', a name its own check rejects, so
        # 'truncated_normal' draws the uniform branch there; msfunc draws what MindSpore does.
        limit = np.sqrt(3.0 * scale)
        return _uniform(-limit, limit, shape)


_BY_NAME = {
    "zeros": Zero,
    "zero": Zero,
    "ones": One,
    "one": One,
    "normal": Normal,
    "uniform": Uniform,
    "xavier_uniform": XavierUniform,
    "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal,
    "xaviernormal": XavierNormal,
    "he_uniform": HeUniform,
    "heuniform": HeUniform,
    "he_normal": HeNormal,
    "henormal": HeNormal,
    "truncatednormal": TruncatedNormal,
    "truncated_normal": TruncatedNormal,
    "identity": Identity,
    "eye": Identity,
    "orthogonal": Orthogonal,
    "sparse": Sparse,
    "dirac": Dirac,
    "variancescaling": VarianceScaling,
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


def initializer(
    init: str | Initializer | int | float | Tensor | np.ndarray | jax.Array,
    shape: int | Sequence[int] | None = None,
    dtype: mstype.Type = mstype.float32,
) -> Tensor:
    """A Tensor of `shape` filled by an initializer: the start of a Parameter's value.

    MindSpore returns the Tensor unfilled until ``init_data()``; msfunc fills it at once,
    from the same seeded streams, and prints it as MindSpore does (``<uninitialized>``) until
    ``init_data()`` or a read such as ``asnumpy()``.

    Args:
        init (Union[str, Initializer, int, float, Tensor, numpy.ndarray]): An initializer
            name (``"normal"``, ``"ones"``, ``"xavier_uniform"`` ...), an `Initializer`
            object, a number to fill with, or an array of exactly `shape`.
        shape (Union[int, Sequence[int]]): The shape; required.
        dtype (Type): The dtype. Default: ``mstype.float32``.

    Returns:
        Tensor, of `shape` and `dtype` (a Tensor `init` keeps its own dtype, as in MindSpore).

    Example:
        >>> import msfunc as ms
        >>> from msfunc.common.initializer import initializer, Constant, Normal
        >>> print(initializer("ones", [2, 3], ms.int32).init_data())
        [[1 1 1]
         [1 1 1]]
        >>> print(initializer(Constant(0.5), (2,)).init_data())
        [0.5 0.5]
        >>> print(initializer(Normal(0.2), (4, 3)).shape)
        (4, 3)
    """
    check_not_in_graph("the function 'mindspore.common.initializer.initializer'")
    tensor = wrap(_materialise(init, shape, dtype))
    mark_pending_init(tensor, init)  # (printed as MindSpore's unfilled Tensor until read)
    return tensor


class InitText(str):
    """An initializer argument as text (a layer's ``weight_init`` attribute, static and
    comparable) that still carries the argument itself: given to another layer, it
    initializes as the original Initializer (or value) did.

    Example:
        >>> from msfunc.common.initializer import InitText, Normal, initializer
        >>> text = InitText(Normal(0.5))
        >>> text, initializer(text, [2]).shape
        ('Normal()', (2,))
    """

    carried: object

    def __new__(cls, init):
        text = super().__new__(cls, repr(init))
        text.carried = init
        return text

    def __reduce__(self):  # (str's own would rebuild it from the text, quoting it again)
        return (type(self), (self.carried,))


def carried(init: Any) -> Any:
    """The argument an `InitText` carries, else `init` itself."""
    return init.carried if isinstance(init, InitText) else init


def resolved_initializer(init: Any) -> Any:
    """`init` with an initializer name replaced by its `Initializer` (other values as given).

    Example:
        >>> from msfunc.common.initializer import resolved_initializer
        >>> type(resolved_initializer("ones")).__name__, resolved_initializer(0.5)
        ('One', 0.5)
    """
    init = carried(init)
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError(
                f"initializer: unknown name {init!r}; expected one of {sorted(set(_BY_NAME))}"
            )
        return cls()
    return init


def _materialise(init, shape=None, dtype: mstype.Type = mstype.float32):
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
    init = resolved_initializer(init)
    if isinstance(init, Initializer):
        return init.to_array(shape, dtype)
    if isinstance(init, (int, float)) and not isinstance(init, bool):
        return jnp.full(shape, init, canonical_dtype(dtype))
    if getattr(type(init), "_msfunc_tensor", False):  # a Tensor (tensor.py imports this module)
        # MindSpore takes a Tensor as it is, its dtype too (a float16 `weight_init` gives
        # a float16 Parameter whatever `dtype` says); arrays are cast to `dtype`
        tensor: Any = init  # typed loosely: tensor.py imports this module
        arr = tensor._array()
        if arr.shape != shape:
            raise ValueError(f"initializer: Tensor shape {arr.shape} does not match {shape}")
        return arr
    if isinstance(init, (jax.Array, np.ndarray)):
        arr = jnp.asarray(init, canonical_dtype(dtype))
        if arr.shape != shape:
            raise ValueError(f"initializer: array shape {arr.shape} does not match {shape}")
        return arr
    raise TypeError(
        "initializer: `init` must be a str, Initializer, number or array, "
        f"got {type(init).__name__}"
    )


BUILDERS["initializer"] = _materialise  # Tensor(shape=..., init=...)
