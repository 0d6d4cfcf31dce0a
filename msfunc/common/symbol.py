"""``Symbol``: a named dynamic dim of a declared input, with bounds, a stride and sameness."""

from __future__ import annotations

__all__ = ["Symbol"]


class Symbol:
    """A dynamic dim of a placeholder Tensor (``Tensor(shape=[Symbol(max=16), 3], ...)``)
    that the calls of a Cell given `set_inputs` (or a ``jit`` input signature) must keep to:
    ``min <= size``, ``size <= max`` (``max=0``: no bound), ``size % divisor == remainder``;
    a `unique` Symbol stands for one size wherever it is used in one call.

    Args:
        max (int): The largest size; 0 for none. Default: ``0``.
        min (int): The smallest size, positive. Default: ``1``.
        divisor (int): The sizes are ``n * divisor + remainder``, positive. Default: ``1``.
        remainder (int): In ``[0, divisor)``. Default: ``0``.
        unique (bool): Every dim this Symbol declares has one size in a call.
            Default: ``False``.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If `min` or `divisor` is not positive or `remainder` is out of range.

    Example:
        >>> s = Symbol(max=16, divisor=8)
        >>> s.fits(8), s.fits(24), s.fits(12)
        (True, False, False)
        >>> print(s)
        {'max': 16, 'divisor': 8}
    """

    def __init__(self, max=0, min=1, divisor=1, remainder=0, unique=False, **kwargs):
        for name, value in (("max", max), ("min", min), ("divisor", divisor),
                            ("remainder", remainder)):  # fmt: skip
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Symbol: `{name}` must be an int, got {type(value).__name__}")
        if not isinstance(unique, bool):
            raise TypeError(f"Symbol: `unique` must be a bool, got {type(unique).__name__}")
        if min <= 0:
            raise ValueError(f"Symbol: `min` must be positive, got {min}")
        if divisor <= 0:
            raise ValueError(f"Symbol: `divisor` must be positive, got {divisor}")
        if not 0 <= remainder < divisor:
            raise ValueError(f"Symbol: `remainder` must lie in [0, {divisor}), got {remainder}")
        self.max, self.min, self.divisor, self.remainder = max, min, divisor, remainder
        self.unique = unique

    def fits(self, size):
        """Whether a dim of `size` keeps to the bounds, divisor and remainder."""
        return (
            size >= self.min
            and (self.max <= 0 or size <= self.max)
            and size % self.divisor == self.remainder
        )

    def __str__(self):
        # the settings that differ from the defaults, as MindSpore prints a Symbol
        defaults = {"max": 0, "min": 1, "divisor": 1, "remainder": 0, "unique": False}
        given = {k: getattr(self, k) for k in ("max", "min", "divisor", "remainder", "unique")}
        return str({k: v for k, v in given.items() if v != defaults[k]})
