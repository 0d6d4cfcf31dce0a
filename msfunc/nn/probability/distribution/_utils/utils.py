"""Parameter casting, the common-dtype rule and value checks used by the distributions."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .....common import dtype as mstype
from .....common.tensor import Tensor, unwrap


def cast_to_tensor(t, hint_type=mstype.float32):
    """`t` (number, list, numpy array or Tensor) as a Tensor of `hint_type`.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import cast_to_tensor
        >>> print(cast_to_tensor([1, 2]))
        [1. 2.]
    """
    if t is None:
        raise ValueError("cast_to_tensor: the value must not be None")
    if isinstance(t, bool):
        raise TypeError("cast_to_tensor: a bool cannot be a distribution parameter")
    if isinstance(t, (Tensor, np.ndarray, list, int, float)):
        return Tensor(np.asarray(unwrap(t)), dtype=hint_type)
    raise TypeError(f"cast_to_tensor: cannot make a {hint_type} Tensor of a {type(t).__name__}")


def _dtype_of(arg):
    if isinstance(arg, np.ndarray):
        return mstype.pytype_to_dtype(arg.dtype)
    return arg.dtype


def set_param_type(args, hint_type):
    """The dtype the parameters in dict `args` compute in: their common dtype (int and float64
    give float32), or `hint_type` (float32 when it is an int dtype or None) without arrays.

    Raises TypeError when two array parameters differ in dtype.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc.nn.probability.distribution._utils.utils import set_param_type
        >>> print(set_param_type({"a": np.float16(1), "b": 1.0}, ms.float32))
        float16
    """
    ints = tuple(mstype.int_type) + tuple(mstype.uint_type)
    if hint_type is None or hint_type in ints:
        hint_type = mstype.float32
    common = None
    for name, arg in args.items():
        if hasattr(arg, "dtype"):
            cur = _dtype_of(arg)
            if common is None:
                common = cur
            elif cur != common:
                raise TypeError(f"`{name}` must have the same dtype as the other parameters")
    if common is not None and (common in ints or common == mstype.float64):
        return mstype.float32
    return hint_type if common is None else common


class CheckTuple:
    """Callable that returns its argument when it is a tuple, else raises TypeError.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import CheckTuple
        >>> CheckTuple()((1, 2), "shape")
        (1, 2)
    """

    def __call__(self, x, name):
        if not isinstance(x, tuple):
            raise TypeError(f"`{name}` must be a tuple, got {type(x).__name__}")
        return x


class CheckTensor:
    """Callable that returns its argument when it is a Tensor, else raises TypeError.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.nn.probability.distribution._utils.utils import CheckTensor
        >>> print(CheckTensor()(ms.Tensor(1.0), "value"))
        1.0
    """

    def __call__(self, x, name):
        if not isinstance(x, Tensor):
            raise TypeError(f"`{name}` must be a Tensor, got {type(x).__name__}")
        return x


def _host(value):
    return np.asarray(unwrap(value))


def check_greater_zero(value, name):
    """ValueError unless every element of `value` is > 0.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_greater_zero
        >>> check_greater_zero(1.0, "sd")
    """
    if not (_host(value) > 0).all():
        raise ValueError(f"`{name}` must be greater than zero")


def check_greater_equal_zero(value, name):
    """ValueError unless every element of `value` is >= 0.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_greater_equal_zero
        >>> check_greater_equal_zero(0.0, "rate")
    """
    if not (_host(value) >= 0).all():
        raise ValueError(f"`{name}` must be greater than or equal to zero")


def check_greater(a, b, name_a, name_b):
    """ValueError unless `b` > `a` everywhere.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_greater
        >>> check_greater(0.0, 1.0, "low", "high")
    """
    if not (_host(b) > _host(a)).all():
        raise ValueError(f"`{name_b}` must be greater than `{name_a}`")


def check_prob(p):
    """ValueError unless every probability in `p` lies strictly between 0 and 1.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_prob
        >>> check_prob(0.5)
    """
    p = _host(p)
    if not (p > 0).all():
        raise ValueError("probabilities must be greater than zero")
    if not (p < 1).all():
        raise ValueError("probabilities must be less than one")


def check_sum_equal_one(probs):
    """ValueError unless the probabilities along the last axis sum to one.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_sum_equal_one
        >>> check_sum_equal_one([0.25, 0.75])
    """
    total = _host(probs).sum(axis=-1)
    if not np.allclose(total, 1.0, atol=1e-6):
        raise ValueError("the probabilities of each distribution must sum to one")


def check_rank(probs):
    """ValueError when `probs` is a scalar (a categorical needs a category axis).

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_rank
        >>> check_rank([0.5, 0.5])
    """
    if _host(probs).ndim == 0:
        raise ValueError("`probs` must have at least one dimension")


def check_distribution_name(name, expected_name):
    """ValueError unless `name` (a kl_loss/cross_entropy `dist` argument) is `expected_name`.

    Example:
        >>> from msfunc.nn.probability.distribution._utils.utils import check_distribution_name
        >>> check_distribution_name("Normal", "Normal")
    """
    if name is None:
        raise ValueError("the distribution name must be given")
    if name != expected_name:
        raise ValueError(f"expected a {expected_name} distribution, got {name!r}")


def raise_none_error(name):
    """TypeError for a parameter given neither at construction nor in the call."""
    raise TypeError(f"`{name}` must be a Tensor: give it at construction or in the call")


def raise_not_implemented_util(func_name, obj, *args, **kwargs):
    """NotImplementedError naming the method `func_name` missing on distribution `obj`."""
    del args, kwargs
    raise NotImplementedError(f"{func_name} is not implemented for {obj}")


def as_jnp_dtype(dtype):
    """The JAX dtype of a MindSpore dtype."""
    return jnp.dtype(dtype)
