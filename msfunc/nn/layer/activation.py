"""Activation Cells with MindSpore 2.10's names and defaults, and `get_activation` by name."""

import jax
import jax.numpy as jnp
import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common import low_precision
from ...common.parameter import Parameter
from ...common.tensor import Tensor, unwrap
from ..cell import Cell

__all__ = [
    "Softmin",
    "Softmax",
    "Softmax2d",
    "LogSoftmax",
    "LogSoftmaxExt",
    "ReLU",
    "ReLU6",
    "RReLU",
    "SeLU",
    "SiLU",
    "Tanh",
    "Tanhshrink",
    "Hardtanh",
    "GELU",
    "FastGelu",
    "Sigmoid",
    "Softsign",
    "PReLU",
    "PReLUExt",
    "get_activation",
    "LeakyReLU",
    "HSigmoid",
    "HSwish",
    "ELU",
    "LogSigmoid",
    "LRN",
    "SoftShrink",
    "HShrink",
    "CELU",
    "Threshold",
    "Mish",
    "GLU",
]


class _Elementwise(Cell):
    """An activation without Parameters: ``construct(x) = _fn(x, **self._kwargs())``."""

    _fn = None

    def __init__(self):
        super().__init__()

    def _kwargs(self):
        return {}

    def construct(self, x):
        return type(self)._fn(unwrap(x), **self._kwargs())


# MindSpore names the argument of `construct` differently from class to class; keyword
# calls (``relu(input=x)``) work when the names match.
class _ElementwiseInput(_Elementwise):
    def construct(self, input):
        return type(self)._fn(unwrap(input), **self._kwargs())


class _ElementwiseInputX(_Elementwise):
    def construct(self, input_x):
        return type(self)._fn(unwrap(input_x), **self._kwargs())


def _elementwise(name, fn, doc, base=_Elementwise):
    cls = type(name, (base,), {"_fn": staticmethod(fn), "__doc__": doc, "__module__": __name__})
    return cls


ReLU = _elementwise(
    "ReLU",
    jax.nn.relu,
    """max(x, 0).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ReLU()(ms.Tensor([-1.0, 2.0])).tolist()
        [0.0, 2.0]
    """,
    _ElementwiseInput,
)
ReLU6 = _elementwise(
    "ReLU6",
    jax.nn.relu6,
    """min(max(x, 0), 6).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ReLU6()(ms.Tensor([-1.0, 3.0, 7.0])).tolist()
        [0.0, 3.0, 6.0]
    """,
)
Sigmoid = _elementwise(
    "Sigmoid",
    jax.nn.sigmoid,
    """1 / (1 + exp(-x)).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Sigmoid()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [0.2689, 0.5, 0.7311]
    """,
)
Tanh = _elementwise(
    "Tanh",
    low_precision.tanh,
    """tanh(x).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Tanh()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-0.7616, 0.0, 0.7616]
    """,
)
SiLU = _elementwise(
    "SiLU",
    jax.nn.silu,
    """x * sigmoid(x).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.SiLU()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-0.2689, 0.0, 0.7311]
    """,
)
SeLU = _elementwise(
    "SeLU",
    jax.nn.selu,
    """Scaled ELU with the self-normalising constants.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.SeLU()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-1.1113, 0.0, 1.0507]
    """,
    _ElementwiseInputX,
)
Mish = _elementwise(
    "Mish",
    ops.mish,
    """x * tanh(softplus(x)).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Mish()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-0.3034, 0.0, 0.8651]
    """,
    _ElementwiseInputX,
)
FastGelu = _elementwise(
    "FastGelu",
    ops.fast_gelu,
    """x * sigmoid(1.702 x) (MindSpore's fast GELU).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.FastGelu()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-0.1542, 0.0, 0.8458]
    """,
)
Softsign = _elementwise(
    "Softsign",
    ops.softsign,
    """x / (1 + |x|).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Softsign()(ms.Tensor([-3.0, 0.0, 1.0])).tolist()
        [-0.75, 0.0, 0.5]
    """,
)
Tanhshrink = _elementwise(
    "Tanhshrink",
    ops.tanhshrink,
    """x - tanh(x).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Tanhshrink()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-0.2384, 0.0, 0.2384]
    """,
)
LogSigmoid = _elementwise(
    "LogSigmoid",
    jax.nn.log_sigmoid,
    """log(sigmoid(x)).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.LogSigmoid()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
        [-1.3133, -0.6931, -0.3133]
    """,
    _ElementwiseInputX,
)
HSigmoid = _elementwise(
    "HSigmoid",
    ops.hardsigmoid,
    """relu6(x + 3) / 6.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.HSigmoid()(ms.Tensor([-4.0, 0.0, 1.5, 4.0])).tolist()
        [0.0, 0.5, 0.75, 1.0]
    """,
    _ElementwiseInput,
)
HSwish = _elementwise(
    "HSwish",
    ops.hardswish,
    """x * relu6(x + 3) / 6.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.HSwish()(ms.Tensor([-1.0, 0.0, 1.0, 4.0])).tolist()]
        [-0.3333, 0.0, 0.6667, 4.0]
    """,
    _ElementwiseInput,
)


class GELU(Cell):
    """Gaussian error linear unit: the tanh form when `approximate` (MindSpore's default), else erf.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.GELU(approximate=False)(ms.Tensor(1.0))), 4)
        0.8413
    """

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError(f"GELU: `approximate` must be a bool, got {approximate!r}")
        self.approximate = approximate

    def construct(self, x):
        return jax.nn.gelu(unwrap(x), approximate=self.approximate)


def _check_float(value, name, who):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{who}: `{name}` must be a number, got {value!r}")
    return float(value)


def _check_axis(axis, who):
    if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"{who}: `axis` must be an int or a tuple of ints, got {axis!r}")
    return tuple(axis) if isinstance(axis, list) else axis


class Softmax(Cell):
    """softmax along `axis` (default -1).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Softmax()(ms.Tensor([0.0, 1.0])).tolist()]
        [0.2689, 0.7311]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "Softmax")

    def construct(self, input):
        return jax.nn.softmax(unwrap(input), axis=self.axis)


class Softmin(Softmax):
    """softmax(-x) along `axis`.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.Softmin()(ms.Tensor([0.0, 1.0])).tolist()]
        [0.7311, 0.2689]
    """

    def construct(self, x):
        return jax.nn.softmax(-unwrap(x), axis=self.axis)


class Softmax2d(Cell):
    """softmax over the channel axis of (C, H, W) or (N, C, H, W) input.

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
    """log(softmax(x)) along `axis`.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.LogSoftmax()(ms.Tensor([0.0, 0.0])).tolist()]
        [-0.6931, -0.6931]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "LogSoftmax")

    def construct(self, x):
        return jax.nn.log_softmax(unwrap(x), axis=self.axis)


class LogSoftmaxExt(Cell):
    """log(softmax(x)) along `dim` (None: 0 for 0-D, 1-D and 3-D input, else 1, as torch).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.LogSoftmaxExt(dim=-1)(ms.Tensor([0.0, 0.0])).tolist()]
        [-0.6931, -0.6931]
    """

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def construct(self, x):
        x = unwrap(x)
        dim = self.dim if self.dim is not None else (0 if x.ndim in (0, 1, 3) else 1)
        return jax.nn.log_softmax(x, axis=dim)


class LeakyReLU(_Elementwise):
    """x if x >= 0 else alpha * x (alpha default 0.2).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.LeakyReLU(alpha=0.5)(ms.Tensor([-2.0, 3.0])).tolist()
        [-1.0, 3.0]
    """

    _fn = staticmethod(ops.leaky_relu)

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "LeakyReLU")

    def _kwargs(self):
        return {"alpha": self.alpha}


class ELU(_Elementwise):
    """x if x > 0 else alpha * (exp(x) - 1).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.ELU()(ms.Tensor([-1.0, 2.0])).tolist()]
        [-0.6321, 2.0]
    """

    _fn = staticmethod(jax.nn.elu)

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "ELU")

    def _kwargs(self):
        return {"alpha": self.alpha}


class CELU(_Elementwise):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.CELU(alpha=0.5)(ms.Tensor([-1.0, 2.0])).tolist()]
        [-0.4323, 2.0]
    """

    _fn = staticmethod(ops.celu)

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "CELU")
        if self.alpha == 0:
            raise ValueError("CELU: `alpha` must not be 0")

    def _kwargs(self):
        return {"alpha": self.alpha}


class Hardtanh(_Elementwise):
    """clip(x, min_val, max_val).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Hardtanh()(ms.Tensor([-2.0, 0.5, 2.0])).tolist()
        [-1.0, 0.5, 1.0]
    """

    _fn = staticmethod(ops.hardtanh)

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        self.min_val = _check_float(min_val, "min_val", "Hardtanh")
        self.max_val = _check_float(max_val, "max_val", "Hardtanh")
        if self.min_val > self.max_val:
            raise ValueError(f"Hardtanh: `min_val` ({min_val}) must be <= `max_val` ({max_val})")

    def _kwargs(self):
        return {"min_val": self.min_val, "max_val": self.max_val}


class HShrink(_ElementwiseInput):
    """x where |x| > lambd, else 0.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.HShrink()(ms.Tensor([-1.0, 0.2, 0.5, 1.0])).tolist()
        [-1.0, 0.0, 0.0, 1.0]
    """

    _fn = staticmethod(ops.hardshrink)

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _check_float(lambd, "lambd", "HShrink")

    def _kwargs(self):
        return {"lambd": self.lambd}


class SoftShrink(HShrink):
    """x - lambd above lambd, x + lambd below -lambd, else 0.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.SoftShrink()(ms.Tensor([-2.0, 0.25, 1.0])).tolist()
        [-1.5, 0.0, 0.5]
    """

    _fn = staticmethod(ops.softshrink)


class Threshold(_ElementwiseInputX):
    """x where x > threshold, else value.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Threshold(2.0, -1.0)(ms.Tensor([1.0, 2.0, 3.0])).tolist()
        [-1.0, -1.0, 3.0]
    """

    _fn = staticmethod(ops.threshold)

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = _check_float(threshold, "threshold", "Threshold")
        self.value = _check_float(value, "value", "Threshold")

    def _kwargs(self):
        return {"thr": self.threshold, "value": self.value}


class GLU(_Elementwise):
    """a * sigmoid(b), a and b the two halves of x along `axis`.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.GLU()(ms.Tensor([1.0, 2.0, 0.0, 1.0])).tolist()]
        [0.5, 1.4621]
    """

    _fn = staticmethod(ops.glu)

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "GLU")

    def _kwargs(self):
        return {"axis": self.axis}


class RReLU(Cell):
    """Leaky ReLU with a random slope in [lower, upper] per element (drawn in every mode, as
    MindSpore does).

    Example:
        >>> import msfunc as ms
        >>> y = ms.nn.RReLU(lower=0.1, upper=0.3)(ms.Tensor([-1.0, 2.0])).tolist()
        >>> -0.3 <= y[0] <= -0.1, y[1]
        (True, 2.0)
    """

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        self.lower = _check_float(lower, "lower", "RReLU")
        self.upper = _check_float(upper, "upper", "RReLU")
        if self.lower > self.upper:
            raise ValueError(f"RReLU: `lower` ({lower}) must be <= `upper` ({upper})")

    def construct(self, x):
        return ops.rrelu(x, self.lower, self.upper)


class PReLU(Cell):
    """Leaky ReLU with a learnt slope `w` (one per channel of axis 1, or one shared).

    The Parameter is the attribute ``w`` named ``a``, as in MindSpore checkpoints.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.PReLU()(ms.Tensor([-2.0, 3.0])).tolist()
        [-0.5, 3.0]
    """

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        if isinstance(channel, bool) or not isinstance(channel, int) or channel < 1:
            raise ValueError(f"PReLU: `channel` must be a positive int, got {channel!r}")
        if isinstance(w, (int, float)) and not isinstance(w, bool):
            value = jnp.full((channel,), w, jnp.float32)
        elif isinstance(w, (list, tuple, np.ndarray, jax.Array, Tensor)):
            value = jnp.asarray(w, jnp.float32).reshape(-1)
            if value.shape != (channel,):
                raise ValueError(f"PReLU: `w` must have {channel} elements, got {value.shape}")
        else:
            raise TypeError(f"PReLU: `w` must be a float, list or Tensor, got {type(w).__name__}")
        self.w = Parameter(value, name="a")

    def construct(self, x):
        return ops.prelu(x, self.w.value())


class PReLUExt(Cell):
    """PReLU with torch's argument names: `num_parameters` slopes initialised to `init`.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.PReLUExt(num_parameters=1, init=0.25)(ms.Tensor([-4.0, 2.0])).tolist()
        [-1.0, 2.0]
    """

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        dt = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(jnp.full((num_parameters,), init, dt), name="weight")

    def construct(self, input):
        return ops.prelu(input, self.weight.value())


class LRN(Cell):
    """Local response normalisation across the channels of NCHW input.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[[1.0]], [[2.0]]]])  # (N=1, C=2, H=1, W=1)
        >>> [round(v, 4) for v in ms.nn.LRN(depth_radius=1)(x).reshape(-1).tolist()]
        [0.4082, 0.8165]
    """

    def __init__(
        self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"
    ):
        super().__init__()
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, input_x):
        return ops.lrn(
            input_x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region
        )


_BY_NAME = {
    "softmin": Softmin,
    "softmax": Softmax,
    "softmax2d": Softmax2d,
    "logsoftmax": LogSoftmax,
    "logsoftmaxext": LogSoftmaxExt,
    "relu": ReLU,
    "relu6": ReLU6,
    "rrelu": RReLU,
    "silu": SiLU,
    "swish": SiLU,
    "tanh": Tanh,
    "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh,
    "gelu": GELU,
    "fast_gelu": FastGelu,
    "sigmoid": Sigmoid,
    "softsign": Softsign,
    "prelu": PReLU,
    "preluext": PReLUExt,
    "leakyrelu": LeakyReLU,
    "hsigmoid": HSigmoid,
    "hswish": HSwish,
    "elu": ELU,
    "logsigmoid": LogSigmoid,
    "softshrink": SoftShrink,
    "hshrink": HShrink,
    "threshold": Threshold,
    "mish": Mish,
    "selu": SeLU,
    "celu": CELU,
    "glu": GLU,
}

# MindSpore's own name table, keys as it spells them; programs read it to list activations.
_activation = {
    "softmin": Softmin,
    "softmax": Softmax,
    "softmax2d": Softmax2d,
    "logsoftmax": LogSoftmax,
    "logsoftmaxExt": LogSoftmaxExt,
    "relu": ReLU,
    "relu6": ReLU6,
    "rrelu": RReLU,
    "silu": SiLU,
    "tanh": Tanh,
    "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh,
    "gelu": GELU,
    "fast_gelu": FastGelu,
    "elu": ELU,
    "sigmoid": Sigmoid,
    "softsign": Softsign,
    "prelu": PReLU,
    "preluExt": PReLUExt,
    "leakyrelu": LeakyReLU,
    "hswish": HSwish,
    "hsigmoid": HSigmoid,
    "logsigmoid": LogSigmoid,
    "softshrink": SoftShrink,
    "hshrink": HShrink,
    "threshold": Threshold,
    "mish": Mish,
}


def get_activation(name, prim_name=None):
    """An activation Cell by name ('relu', 'sigmoid', 'tanh', 'gelu', ...); None for None.

    Example:
        >>> from msfunc import nn
        >>> type(nn.get_activation("relu")).__name__
        'ReLU'
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"get_activation: `name` must be a str, got {type(name).__name__}")
    cls = _BY_NAME.get(name.lower())
    if cls is None:
        raise KeyError(
            f"get_activation: unknown activation {name!r}; expected one of {sorted(_BY_NAME)}"
        )
    if cls is Threshold:
        raise ValueError("get_activation: 'threshold' needs arguments; build nn.Threshold")
    return cls()
