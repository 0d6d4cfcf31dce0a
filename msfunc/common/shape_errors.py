"""JAX's shape-mismatch TypeErrors as the ValueErrors MindSpore raises for them."""

# JAX reports operands whose shapes do not broadcast, and a product whose contracted lengths
# differ, as TypeError; MindSpore (and NumPy) raise ValueError for both.
# ops.matmul, Tensor.matmul and `@` (MindSpore's kernel-checked products; mm, bmm, MatMul
# and BatchMatMul check up front and raise ValueError)
_KERNEL_CHECKED = frozenset({"matmul", "Tensor.__matmul__", "Tensor.__rmatmul__"})
_SHAPE_MESSAGES = ("incompatible shapes for broadcasting", "requires contracting dimensions")


def shape_value_error(exc, who, operands=()):
    """The ValueError for `exc` when it is JAX's shape-mismatch TypeError, else None.

    `ops.matmul` of two operands of rank 2 or more gives RuntimeError instead: MindSpore
    checks 1-D operands up front (ValueError) but leaves a matrix or batch product whose
    lengths differ to its kernel, which raises RuntimeError.

    Example:
        >>> err = shape_value_error(TypeError("add got incompatible shapes for broadcasting"), "+")
        >>> type(err).__name__, shape_value_error(TypeError("bad operand"), "+")
        ('ValueError', None)
    """
    text = str(exc)
    if isinstance(exc, TypeError) and any(m in text for m in _SHAPE_MESSAGES):
        message = f"{who}: the operands' shapes do not fit: {text}"
        matrices = operands and all(getattr(v, "ndim", 0) >= 2 for v in operands)
        if who in _KERNEL_CHECKED and matrices:
            return RuntimeError(message)
        return ValueError(message)
    return None
