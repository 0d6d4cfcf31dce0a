"""``mindspore.mint.special``: torch.special's names over msfunc.mint's functions.

Example:
    >>> import msfunc as ms
    >>> from msfunc.mint import special
    >>> special.expm1(ms.Tensor([0.0])).tolist()
    [0.0]
    >>> special.round(ms.Tensor([0.5, 1.5, -2.5])).tolist()
    [0.0, 2.0, -2.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import erfc, exp2, expm1, log1p, sinc
from . import round as _round
from .nn.functional import log_softmax

if TYPE_CHECKING:
    from ..common.tensor import Tensor

__all__ = ["erfc", "exp2", "expm1", "log1p", "log_softmax", "round", "sinc"]


def round(input: Tensor) -> Tensor:  # noqa: A001  (MindSpore's name)
    """`input`'s elements rounded to the nearest integer, halves to even (no ``decimals``).

    Args:
        input (Tensor): The input.

    Returns:
        Tensor, `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> round(ms.Tensor([2.5, 3.5])).tolist()
        [2.0, 4.0]
    """
    return _round(input)
