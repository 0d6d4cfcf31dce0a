"""Python scalars and membership of a Tensor's values: ``int(t)``, ``lst[t]``, ``x in t``."""

import numbers
import operator

import numpy as np

__all__ = ["TO_BOOL", "TO_FLOAT", "TO_INT", "TO_COMPLEX", "single_index", "contains"]


def single_index(value):
    """`operator.index` of a one-element integer or bool array of any rank, as MindSpore's
    ``Tensor.__index__``; any other dtype or size is a ValueError.

    Example:
        >>> import numpy as np
        >>> single_index(np.array([[2]])), single_index(np.array(True))
        (2, 1)
    """
    # (ValueError, as MindSpore: the Tensor's dtype or size is wrong, not its type)
    kind = np.dtype(value.dtype).kind
    if value.size != 1 or kind not in "biu":
        raise ValueError(
            "Tensor.__index__: only an integer or bool Tensor of one element is an index, "
            f"got a {value.dtype} Tensor of shape {tuple(value.shape)}"
        )
    if value.ndim:
        value = np.asarray(value).reshape(())  # (on the host: no op joins a trace)
    return int(value) if kind == "b" else operator.index(value)


def _one_element(convert):
    """`convert` (int, float, bool, complex) of a one-element array of any rank, as MindSpore;
    any other size is a ValueError."""

    def converted(value):
        if value.size != 1:
            raise ValueError(
                f"{convert.__name__}() of a Tensor: only a one-element Tensor "
                f"converts to a Python scalar, this one has {value.size} elements "
                f"(shape {tuple(value.shape)})"
            )
        if value.ndim:
            value = np.asarray(value).reshape(())  # (on the host: no op joins a trace)
        return convert(value)

    return converted


TO_BOOL, TO_FLOAT, TO_INT, TO_COMPLEX = map(_one_element, (bool, float, int, complex))


def contains(tensor, element):
    """``element in tensor`` as MindSpore answers it: a Tensor or a number is looked for
    among the values (elementwise ``==``); anything else (a string, a list, a numpy array)
    is never in a Tensor.

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor([1, 2])
        >>> 1 in t, ms.Tensor([3]) in t, [1] in t, "a" in t
        (True, False, False, False)
    """
    if not isinstance(element, numbers.Number) and not getattr(
        type(element), "_msfunc_tensor", False
    ):
        return False
    return bool((tensor == element).any())
