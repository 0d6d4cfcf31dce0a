"""``mindspore._checkparam``: the argument validators MindSpore code calls (``Validator.check_*``).

Each returns the checked value and raises MindSpore's exception type when the value is
wrong: TypeError for a wrong type (a bool is not an int, a numpy scalar is not a Python
number), ValueError for a value out of range. ``rel`` arguments are the relation
constants of this module (``GE``, ``INC_LEFT`` ...).

Example:
    >>> from msfunc.compat import checkparam as Validator
    >>> Validator.check_positive_int(3, "channels")
    3
    >>> Validator.check_int_range(5, 0, 3, Validator.INC_LEFT, "n")
    Traceback (most recent call last):
    ...
    ValueError: The 'n' must be in [0, 3), but got 5 (int).
"""

import operator
import re

from ..common import dtype as mstype
from ..context import args_type_check

__all__ = [
    "EQ",
    "GE",
    "GT",
    "INC_BOTH",
    "INC_LEFT",
    "INC_NEITHER",
    "INC_RIGHT",
    "IN",
    "LE",
    "LT",
    "NE",
    "NOT_IN",
    "args_type_check",
    "check",
    "check_axis_in_range",
    "check_bool",
    "check_equal_int",
    "check_float",
    "check_float_range",
    "check_input_format",
    "check_int",
    "check_int_range",
    "check_is_float",
    "check_is_int",
    "check_isinstance",
    "check_negative_float",
    "check_negative_int",
    "check_non_negative_float",
    "check_non_negative_int",
    "check_non_negative_int_sequence",
    "check_non_positive_float",
    "check_non_positive_int",
    "check_number",
    "check_number_range",
    "check_positive_float",
    "check_positive_float_sequence",
    "check_positive_int",
    "check_positive_int_sequence",
    "check_scalar_or_tensor_types_same",
    "check_str_by_regular",
    "check_string",
    "check_tensor_dtype_valid",
    "check_types_same_and_valid",
    "check_value_type",
    "triple",
    "twice",
]

# Relation constants (the values MindSpore gives them, so code comparing them still works).
EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_BINARY = {
    EQ: (operator.eq, "=="),
    NE: (operator.ne, "!="),
    LT: (operator.lt, "<"),
    LE: (operator.le, "<="),
    GT: (operator.gt, ">"),
    GE: (operator.ge, ">="),
}
_RANGE = {
    INC_NEITHER: ("(", ")", operator.lt, operator.lt),
    INC_LEFT: ("[", ")", operator.le, operator.lt),
    INC_RIGHT: ("(", "]", operator.lt, operator.le),
    INC_BOTH: ("[", "]", operator.le, operator.le),
}


def _who(arg_name, prim_name):
    """'For 'Prim', the 'arg'' / 'The 'arg'' / 'The input value' for messages."""
    subject = f"'{arg_name}'" if arg_name else "input value"
    return f"For '{prim_name}', the {subject}" if prim_name else f"The {subject}"


def _is_int(v):
    return type(v) is int  # bool and numpy integers are not accepted, as in MindSpore


def _is_float(v):
    return type(v) is float


def _require(ok, v, kind, arg_name, prim_name):
    if not ok(v):
        raise TypeError(
            f"{_who(arg_name, prim_name)} must be {kind}, but got {type(v).__name__!r}."
        )
    return v


def _relate(v, value, rel, kind, arg_name, prim_name):
    op, sym = _BINARY[rel]
    if not op(v, value):
        raise ValueError(
            f"{_who(arg_name, prim_name)} must be {kind} and must {sym} {value}, "
            f"but got {v!r} ({type(v).__name__})."
        )
    return v


def check_is_int(arg_value, arg_name=None, prim_name=None):
    """`arg_value` if it is a Python int (not a bool), else TypeError.

    >>> check_is_int(4)
    4
    """
    return _require(_is_int, arg_value, "'int'", arg_name, prim_name)


def check_is_float(arg_value, arg_name=None, prim_name=None):
    """`arg_value` if it is a Python float, else TypeError.

    >>> check_is_float(0.5)
    0.5
    """
    return _require(_is_float, arg_value, "'float'", arg_name, prim_name)


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """`arg_value` if it is an int with ``arg_value <rel> value`` (``check_int(5, 3, GE)``).

    >>> check_int(5, 3, GE)
    5
    """
    check_is_int(arg_value, arg_name, prim_name)
    return _relate(arg_value, value, rel, "int", arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    """`arg_value` if it is a float with ``arg_value <rel> value``.

    >>> check_float(0.5, 0.0, GT)
    0.5
    """
    check_is_float(arg_value, arg_name, prim_name)
    return _relate(arg_value, value, rel, "float", arg_name, prim_name)


def _signed(check, value, rel):
    def checker(arg_value, arg_name=None, prim_name=None):
        return check(arg_value, value, rel, arg_name, prim_name)

    return checker


check_positive_int = _signed(check_int, 0, GT)
check_negative_int = _signed(check_int, 0, LT)
check_non_positive_int = _signed(check_int, 0, LE)
check_non_negative_int = _signed(check_int, 0, GE)
check_positive_float = _signed(check_float, 0.0, GT)
check_negative_float = _signed(check_float, 0.0, LT)
check_non_positive_float = _signed(check_float, 0.0, LE)
check_non_negative_float = _signed(check_float, 0.0, GE)
for _f, _doc in (
    (check_positive_int, "an int > 0"),
    (check_negative_int, "an int < 0"),
    (check_non_positive_int, "an int <= 0"),
    (check_non_negative_int, "an int >= 0"),
    (check_positive_float, "a float > 0"),
    (check_negative_float, "a float < 0"),
    (check_non_positive_float, "a float <= 0"),
    (check_non_negative_float, "a float >= 0"),
):
    _f.__doc__ = f"`arg_value` if it is {_doc}: TypeError for another type, else ValueError."


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    """`arg_value` if it is an int equal to `value`.

    >>> check_equal_int(2, 2)
    2
    """
    return check_int(arg_value, value, EQ, arg_name, prim_name)


def check_bool(arg_value, arg_name=None, prim_name=None):
    """`arg_value` if it is a Python bool (not 0/1, not numpy.bool_), else TypeError.

    >>> check_bool(True)
    True
    """
    return _require(lambda v: type(v) is bool, arg_value, "a bool", arg_name, prim_name)


def check_number(arg_name, arg_value, value, rel, prim_name=None):
    """`arg_value` (any real number) if ``arg_value <rel> value``, else ValueError.

    >>> check_number("lr", 0.1, 0.0, GT)
    0.1
    """
    return _relate(arg_value, value, rel, "a number", arg_name, prim_name)


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """`arg_value` if ``arg_value <rel> value``, else `excp_cls` naming both.

    >>> check("ndim", 2, "rank", 2)
    2
    """
    op, sym = _BINARY[rel]
    if not op(arg_value, value):
        raise excp_cls(
            f"{_who(arg_name, prim_name)} ({arg_value!r}) must {sym} {value_name} ({value!r})."
        )
    return arg_value


def check_number_range(
    arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None, prim_name=None
):
    """`arg_value` if it has `value_type` and lies in the range `rel` describes.

    >>> check_number_range(0.5, 0.0, 1.0, INC_NEITHER, float)
    0.5
    """
    types = value_type if isinstance(value_type, tuple) else (value_type,)
    if isinstance(arg_value, bool) or not isinstance(arg_value, types):
        names = "' or '".join(t.__name__ for t in types)
        raise TypeError(
            f"{_who(arg_name, prim_name)} must be '{names}', but got {type(arg_value).__name__!r}."
        )
    left, right, low_ok, high_ok = _RANGE[rel]
    if not (low_ok(lower_limit, arg_value) and high_ok(arg_value, upper_limit)):
        raise ValueError(
            f"{_who(arg_name, prim_name)} must be in {left}{lower_limit}, "
            f"{upper_limit}{right}, but got {arg_value!r} "
            f"({type(arg_value).__name__})."
        )
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """`arg_value` if it is an int in the range (``INC_LEFT``: ``[lower, upper)``).

    >>> check_int_range(2, 0, 3, INC_LEFT)
    2
    """
    check_is_int(arg_value, arg_name, prim_name)
    return check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """`arg_value` if it is a float in the range (``INC_BOTH``: ``[lower, upper]``).

    >>> check_float_range(1.0, 0.0, 1.0, INC_BOTH)
    1.0
    """
    check_is_float(arg_value, arg_name, prim_name)
    return check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """`arg_value` if it is one of the strings `valid_values`, else ValueError.

    >>> check_string("same", ["same", "valid"], "pad_mode")
    'same'
    """
    if isinstance(arg_value, str) and arg_value in valid_values:
        return arg_value
    raise ValueError(
        f"{_who(arg_name, prim_name)} must be str and one of {list(valid_values)}, "
        f"but got {arg_value!r}."
    )


_NAME_PATTERN = r"^\w+[0-9a-zA-Z\_\.]*$"


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    """True when `target` matches `reg` (by default: a name of word characters and dots).

    TypeError when `target` is not a str, ValueError when it does not match.

    >>> check_str_by_regular("conv1.weight")
    True
    """
    if not isinstance(target, (str, bytes)):
        raise TypeError(
            f"{_who(None, prim_name)} must be a str, but got {type(target).__name__!r}."
        )
    reg = _NAME_PATTERN if reg is None else reg
    if re.match(reg, target, flag) is None:
        raise ValueError(
            f"{_who(None, prim_name)} {target!r} is illegal: it must match the "
            f"regular expression {reg!r}."
        )
    return True


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """`arg_value` if it is an instance of one of `valid_types` (a bool is not an int).

    >>> check_value_type("axis", 1, [int, tuple])
    1
    """
    types = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    ok = isinstance(arg_value, types)
    if ok and isinstance(arg_value, bool) and bool not in types:
        ok = False  # bool subclasses int; MindSpore refuses it where only int is valid
    if not ok:
        names = " or ".join(repr(t.__name__) for t in types)
        raise TypeError(
            f"{_who(arg_name, prim_name)} should be {names}, "
            f"but got type {type(arg_value).__name__!r}."
        )
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    """`arg_value` if it is an instance of `classes`, else TypeError.

    >>> check_isinstance("x", 1.0, float)
    1.0
    """
    if not isinstance(arg_value, classes):
        raise TypeError(f"The '{arg_name}' must be {classes}, but got {type(arg_value).__name__}.")
    return arg_value


def _sequence_of(check_one):
    def checker(sequence, arg_name=None, prim_name=None):
        if not isinstance(sequence, (list, tuple)):
            raise TypeError(
                f"{_who(arg_name, prim_name)} must be a list or tuple, "
                f"but got {type(sequence).__name__!r}."
            )
        for v in sequence:
            check_one(v, arg_name, prim_name)
        return sequence

    checker.__doc__ = f"`sequence` if each element passes ``{check_one.__name__}``."
    return checker


check_positive_int_sequence = _sequence_of(check_positive_int)
check_non_negative_int_sequence = _sequence_of(check_non_negative_int)
check_positive_float_sequence = _sequence_of(check_positive_float)


def check_axis_in_range(axis, ndim):
    """`axis` made non-negative if it is an int in ``[-ndim, ndim)``.

    >>> check_axis_in_range(-1, 3)
    2
    """
    check_is_int(axis, "axis")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in [{-ndim}, {ndim}), but got {axis}.")
    return axis % ndim


def _expand(m, count):
    if _is_int(m):
        return (m,) * count
    if isinstance(m, tuple) and len(m) == count and all(_is_int(v) for v in m):
        return m
    raise TypeError(
        f"Expected an int or a tuple of {count} ints, but got {m!r} ({type(m).__name__})."
    )


def _expand_tuple(n_dimensions):
    """The expander `twice`/`triple` are instances of: a function giving an int repeated
    `n_dimensions` times, or a tuple of `n_dimensions` ints unchanged (TypeError otherwise).

    >>> _expand_tuple(1)(5), _expand_tuple(2)((3, 4))
    ((5,), (3, 4))
    """
    return lambda m: _expand(m, n_dimensions)


def check_input_format(input_param):
    """`input_param` if it is ``"NCHW"``, the one data format accepted; ValueError otherwise.

    >>> check_input_format("NCHW")
    'NCHW'
    """
    if input_param != "NCHW":
        raise ValueError(f"The data format must be NCHW, but got {input_param}.")
    return input_param


def twice(m):
    """``(m, m)`` for an int, or `m` if it is already a pair of ints.

    >>> twice(3), twice((1, 2))
    ((3, 3), (1, 2))
    """
    return _expand(m, 2)


def triple(m):
    """``(m, m, m)`` for an int, or `m` if it is already a triple of ints.

    >>> triple(2)
    (2, 2, 2)
    """
    return _expand(m, 3)


def _element(dtype):
    return dtype.element_type() if isinstance(dtype, mstype.TensorType) else dtype


def check_tensor_dtype_valid(arg_name, arg_type, valid_dtypes, prim_name):
    """`arg_type`'s element dtype if `arg_type` is a tensor type with one of `valid_dtypes`.

    >>> import msfunc as ms
    >>> check_tensor_dtype_valid("x", ms.dtype.TensorType(ms.float32), [ms.float32], "Add")
    mindspore.float32
    """
    if not isinstance(arg_type, mstype.TensorType):
        raise TypeError(f"{_who(arg_name, prim_name)} must be a Tensor type, but got {arg_type}.")
    element = _element(arg_type)
    if element not in [mstype.to_ms_dtype(d) for d in valid_dtypes]:
        raise TypeError(
            f"{_who(arg_name, prim_name)} must have a dtype in "
            f"{[str(d) for d in valid_dtypes]}, but got {element}."
        )
    return element


def check_types_same_and_valid(args, valid_values, prim_name):
    """The common dtype of ``{name: dtype}`` `args` if they agree and are all in `valid_values`.

    >>> import msfunc as ms
    >>> check_types_same_and_valid({"x": ms.float32, "y": ms.float32}, [ms.float32], "Add")
    mindspore.float32
    """
    valid = [mstype.to_ms_dtype(d) for d in valid_values]
    dtypes = {name: _element(d) for name, d in args.items()}
    for name, d in dtypes.items():
        if d not in valid:
            raise TypeError(
                f"For '{prim_name}', the dtype of '{name}' must be one of "
                f"{[str(v) for v in valid]}, but got {d}."
            )
    if len(set(dtypes.values())) > 1:
        raise TypeError(
            f"For '{prim_name}', the inputs must have one dtype, but got "
            f"{ {k: str(v) for k, v in dtypes.items()} }."
        )
    return next(iter(dtypes.values()), None)


def check_scalar_or_tensor_types_same(args, valid_values, prim_name, allow_mix=False):
    """Like `check_types_same_and_valid` for scalar or tensor dtypes; `allow_mix` is accepted.

    >>> import msfunc as ms
    >>> check_scalar_or_tensor_types_same({"a": ms.float32}, [ms.float32], "Add")
    mindspore.float32
    """
    del allow_mix  # element dtypes are compared either way
    return check_types_same_and_valid(args, valid_values, prim_name)
