"""Docstrings of the scatter primitives: into a new tensor, or into a Parameter in place."""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "ScatterNd": """Scatters `updates` into a zero tensor: the class form of `ops.scatter_nd`.

    Updates at a repeated index add up.

    Inputs:
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < len(shape)``) of the result.
        updates (Tensor): Values of shape ``indices.shape[:-1] + shape[d:]``.
        shape (tuple[int, ...]): The shape of the result.

    Outputs:
        Tensor of shape `shape` and `updates`' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indices = ms.Tensor([[0, 1], [1, 1], [0, 1]])
        >>> print(ops.ScatterNd()(indices, ms.Tensor([1.0, 2.0, 3.0]), (2, 2)))
        [[0. 4.]
         [0. 2.]]
    """,
    "TensorScatterUpdate": """A copy of `x` with `updates` written at N-d `indices`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterUpdate()(x, indices, ms.Tensor([9.0, 8.0])))
        [[1. 9.]
         [8. 4.]]
    """,
    "TensorScatterAdd": """A copy of `x` with `updates` added at N-d `indices`.

    The class form of `ops.tensor_scatter_add`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterAdd()(x, indices, ms.Tensor([9.0, 8.0])))
        [[ 1. 11.]
         [11.  4.]]
    """,
    "TensorScatterSub": """A copy of `x` with `updates` subtracted at N-d `indices`.

    The class form of `ops.tensor_scatter_sub`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterSub()(x, indices, ms.Tensor([9.0, 8.0])))
        [[ 1. -7.]
         [-5.  4.]]
    """,
    "TensorScatterMul": """A copy of `x` with `updates` multiplied in at N-d `indices`.

    The class form of `ops.tensor_scatter_mul`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterMul()(x, indices, ms.Tensor([2.0, 3.0])))
        [[1. 4.]
         [9. 4.]]
    """,
    "TensorScatterDiv": """A copy of `x` with `updates` divided in at N-d `indices`.

    The class form of `ops.tensor_scatter_div`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterDiv()(x, indices, ms.Tensor([2.0, 4.0])))
        [[1.   1.  ]
         [0.75 4.  ]]
    """,
    "TensorScatterMax": """A copy of `x` with `updates` merged by maximum at N-d `indices`.

    The class form of `ops.tensor_scatter_max`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterMax()(x, indices, ms.Tensor([5.0, 1.0])))
        [[1. 5.]
         [3. 4.]]
    """,
    "TensorScatterMin": """A copy of `x` with `updates` merged by minimum at N-d `indices`.

    The class form of `ops.tensor_scatter_min`.

    Inputs:
        x (Tensor): The tensor to update (left unchanged).
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < x.ndim``) of `x`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> print(ops.TensorScatterMin()(x, indices, ms.Tensor([5.0, 1.0])))
        [[1. 2.]
         [1. 4.]]
    """,
    "ScatterUpdate": """Updates the rows of a Parameter at `indices`: `updates` written.

    The class form of `ops.scatter_update`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``True``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[9.0, 8.0]])
        >>> _ = ops.ScatterUpdate()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[1. 2.]
         [9. 8.]]
    """,
    "ScatterAdd": """Updates the rows of a Parameter at `indices`: `updates` added.

    The class form of `ops.scatter_add`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[9.0, 8.0]])
        >>> _ = ops.ScatterAdd()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[ 1.  2.]
         [12. 12.]]
    """,
    "ScatterSub": """Updates the rows of a Parameter at `indices`: `updates` subtracted.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[9.0, 8.0]])
        >>> _ = ops.ScatterSub()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[ 1.  2.]
         [-6. -4.]]
    """,
    "ScatterMul": """Updates the rows of a Parameter at `indices`: `updates` multiplied in.

    The class form of `ops.scatter_mul`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[2.0, 3.0]])
        >>> _ = ops.ScatterMul()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[ 1.  2.]
         [ 6. 12.]]
    """,
    "ScatterDiv": """Updates the rows of a Parameter at `indices`: `updates` divided in.

    The class form of `ops.scatter_div`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[2.0, 4.0]])
        >>> _ = ops.ScatterDiv()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[1.  2. ]
         [1.5 1. ]]
    """,
    "ScatterMax": """Updates the rows of a Parameter at `indices`: `updates` merged by maximum.

    The class form of `ops.scatter_max`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[5.0, 1.0]])
        >>> _ = ops.ScatterMax()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[1. 2.]
         [5. 4.]]
    """,
    "ScatterMin": """Updates the rows of a Parameter at `indices`: `updates` merged by minimum.

    The class form of `ops.scatter_min`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices into the first dimension of `var`.
        updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[5.0, 1.0]])
        >>> _ = ops.ScatterMin()(var, ms.Tensor([1]), updates)
        >>> print(var.asnumpy())
        [[1. 2.]
         [3. 1.]]
    """,
    "ScatterNdUpdate": """Updates a Parameter at N-d `indices`: `updates` written.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``True``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdUpdate()(var, indices, ms.Tensor([9.0, 8.0]))
        >>> print(var.asnumpy())
        [[1. 9.]
         [8. 4.]]
    """,
    "ScatterNdAdd": """Updates a Parameter at N-d `indices`: `updates` added.

    The class form of `ops.scatter_nd_add`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdAdd()(var, indices, ms.Tensor([9.0, 8.0]))
        >>> print(var.asnumpy())
        [[ 1. 11.]
         [11.  4.]]
    """,
    "ScatterNdSub": """Updates a Parameter at N-d `indices`: `updates` subtracted.

    The class form of `ops.scatter_nd_sub`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdSub()(var, indices, ms.Tensor([9.0, 8.0]))
        >>> print(var.asnumpy())
        [[ 1. -7.]
         [-5.  4.]]
    """,
    "ScatterNdMul": """Updates a Parameter at N-d `indices`: `updates` multiplied in.

    The class form of `ops.scatter_nd_mul`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdMul()(var, indices, ms.Tensor([2.0, 3.0]))
        >>> print(var.asnumpy())
        [[1. 4.]
         [9. 4.]]
    """,
    "ScatterNdDiv": """Updates a Parameter at N-d `indices`: `updates` divided in.

    The class form of `ops.scatter_nd_div`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdDiv()(var, indices, ms.Tensor([2.0, 4.0]))
        >>> print(var.asnumpy())
        [[1.   1.  ]
         [0.75 4.  ]]
    """,
    "ScatterNdMax": """Updates a Parameter at N-d `indices`: `updates` merged by maximum.

    The class form of `ops.scatter_nd_max`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdMax()(var, indices, ms.Tensor([5.0, 1.0]))
        >>> print(var.asnumpy())
        [[1. 5.]
         [3. 4.]]
    """,
    "ScatterNdMin": """Updates a Parameter at N-d `indices`: `updates` merged by minimum.

    The class form of `ops.scatter_nd_min`.

    Args:
        use_locking (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``False``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers
            picks an element (or a slice, when ``d < var.ndim``) of `var`.
        updates (Tensor): Values of shape ``indices.shape[:-1] + var.shape[d:]``.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> indices = ms.Tensor([[0, 1], [1, 0]])
        >>> _ = ops.ScatterNdMin()(var, indices, ms.Tensor([5.0, 1.0]))
        >>> print(var.asnumpy())
        [[1. 2.]
         [1. 4.]]
    """,
}
