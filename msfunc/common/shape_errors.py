"""JAX's shape-mismatch TypeErrors as the ValueErrors MindSpore raises for them."""

# JAX reports operands whose shapes do not broadcast, and a product whose contracted lengths
# differ, as TypeError; MindSpore (and NumPy) raise ValueError for both.
_SHAPE_MESSAGES = ("incompatible shapes for broadcasting", "requires contracting dimensions")


def shape_value_error(exc, who):
    """The ValueError for `exc` when it is JAX's shape-mismatch TypeError, else None.

    Example:
        >>> err = shape_value_error(TypeError("add got incompatible shapes for broadcasting"), "+")
        >>> type(err).__name__, shape_value_error(TypeError("bad operand"), "+")
        ('ValueError', None)
    """
    text = str(exc)
    if isinstance(exc, TypeError) and any(m in text for m in _SHAPE_MESSAGES):
        return ValueError(f"{who}: the operands' shapes do not fit: {text}")
    return None
