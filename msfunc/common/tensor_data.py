"""Tensor data from Python lists, tuples and scalars that JAX refuses, read as MindSpore does,
and the arguments a MindSpore program's Tensor refuses."""

import sys
import warnings

import numpy as np

__all__ = ["python_data", "sequence_array", "check_program_arguments"]


def sequence_array(data):
    """``np.asarray(data)``; a ragged nesting of lists and tuples is a TypeError, MindSpore's
    type for it (numpy raises ValueError).

    Example:
        >>> sequence_array([[3], [4, 5]])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        TypeError: Tensor: `input_data` must nest lists or tuples of equal lengths ...
    """
    try:
        return np.asarray(data)
    except ValueError as exc:  # (numpy's words for a ragged nesting)
        raise TypeError(
            "Tensor: `input_data` must nest lists or tuples of equal lengths into a "
            f"rectangular array of numbers, got {data!r}"
        ) from exc


def python_data(data, dtype, error):
    """`data` (a list, tuple or Python scalar that ``jnp.asarray(data, dtype)`` refused with
    `error`) as a numpy array of `dtype`, as MindSpore builds it.

    A ragged nesting is a TypeError (MindSpore's type); NaN, infinities, values out of range
    and complex numbers go into an integer dtype as C's cast puts them (MindSpore's: NaN is
    the dtype's minimum, a complex number its real part). Anything else re-raises `error`.

    Example:
        >>> python_data((1, 2, float("nan")), np.int32, ValueError()).tolist()
        [1, 2, -2147483648]
    """
    if not isinstance(data, (list, tuple, float, complex)):
        raise error
    array = sequence_array(data)
    if array.dtype.kind not in "biufc" or np.dtype(dtype).kind not in "biu":
        raise error
    with warnings.catch_warnings(), np.errstate(invalid="ignore", over="ignore"):
        warnings.simplefilter("ignore")  # (numpy's ComplexWarning and cast warnings)
        if array.dtype.kind == "c":
            array = np.real(array)
        return array.astype(dtype)


def _from_a_program(depth):
    """Whether the frame `depth` levels above the caller is outside msfunc (a user's
    program, not msfunc's own code building a Tensor)."""
    name = sys._getframe(depth + 1).f_globals.get("__name__", "")
    return name != "msfunc" and not name.startswith("msfunc.")


def check_program_arguments(who, depth, dtype=None, array=None):
    """Under the ``mindspore`` alias, refuse what MindSpore's Tensor refuses from a program:
    a `dtype` that is a class or a name (``np.float32``, ``int``, ``"float32"``; MindSpore
    wants its own dtypes) and, for ``from_numpy``, an `array` that is no numpy array. Both
    are TypeErrors there; msfunc's own API takes them (JAX and numpy code passes them).

    Example:
        >>> check_program_arguments("Tensor", 0, dtype=np.dtype("float32"))  # always taken
    """
    from ..context import mindspore_dtype_checks

    if not mindspore_dtype_checks() or not _from_a_program(depth + 1):
        return
    if isinstance(dtype, (type, str)):
        raise TypeError(
            f"{who}: `dtype` must be a MindSpore dtype such as mindspore.float32, got {dtype!r}"
        )
    if who == "from_numpy" and not isinstance(array, np.ndarray):
        raise TypeError(f"from_numpy: expected a numpy.ndarray, got {type(array).__name__}")
