"""Docstrings of the math primitives that reduce along axes: arg-extremes, scans, norms."""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Argmax": """The index of the largest element along an axis: the class form of `ops.argmax`.

    Args:
        axis (int): The dimension reduced. Default: ``-1``.
        output_type (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        Tensor of `x`'s shape without `axis`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Argmax()(ms.Tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])))
        [1 0]
    """,
    "Argmin": """The index of the smallest element along an axis: the class form of `ops.argmin`.

    Args:
        axis (int): The dimension reduced. Default: ``-1``.
        output_type (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        Tensor of `x`'s shape without `axis`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Argmin(axis=0)(ms.Tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])))
        [0 1 0]
    """,
    "ArgMaxWithValue": """The index and the value of the largest element along an axis.

    Args:
        axis (int): The dimension reduced. Default: ``0``.
        keep_dims (bool): Whether `axis` stays with size 1. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of two Tensors: the int64 indices and the maximum values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> index, value = ops.ArgMaxWithValue(1)(ms.Tensor([[1.0, 5.0], [7.0, 0.0]]))
        >>> print(index, value)
        [1 0] [5. 7.]
    """,
    "ArgMinWithValue": """The index and the value of the smallest element along an axis.

    Args:
        axis (int): The dimension reduced. Default: ``0``.
        keep_dims (bool): Whether `axis` stays with size 1. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of two Tensors: the int64 indices and the minimum values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> index, value = ops.ArgMinWithValue(0, True)(ms.Tensor([[1.0, 5.0], [7.0, 0.0]]))
        >>> print(index, value)
        [[0 1]] [[1. 0.]]
    """,
    "CumSum": """The running sum along an axis: the class form of `ops.cumsum`.

    Args:
        exclusive (bool): Whether each position leaves out its own element. Default: ``False``.
        reverse (bool): Whether the sum runs from the end. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.
        axis (int): The dimension summed along.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.CumSum()(x, 0), ops.CumSum(exclusive=True, reverse=True)(x, 0))
        [1. 3. 6.] [5. 3. 0.]
    """,
    "CumProd": """The running product along an axis: the class form of `ops.cumprod`.

    Args:
        exclusive (bool): Whether each position leaves out its own element. Default: ``False``.
        reverse (bool): Whether the product runs from the end. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.
        axis (int): The dimension multiplied along.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.CumProd()(x, 0), ops.CumProd(exclusive=True)(x, 0))
        [1. 2. 6.] [1. 1. 2.]
    """,
    "CumulativeLogsumexp": """The running ``log(sum(exp(x)))`` along an axis, computed stably.

    Args:
        exclusive (bool): Whether each position leaves out its own element (the first is
            then -inf). Default: ``False``.
        reverse (bool): Whether it runs from the end. Default: ``False``.

    Inputs:
        x (Tensor): A float tensor.
        axis (int): The dimension accumulated along.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0.0, 0.0, 0.0, 0.0])
        >>> print(ops.CumulativeLogsumexp()(x, ms.Tensor(0)).asnumpy().round(4))
        [0.     0.6931 1.0986 1.3863]
    """,
    "Cummax": """The running maximum along an axis and where it was found: `ops.cummax`'s class.

    Args:
        axis (int): The dimension scanned.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of two Tensors of `x`'s shape: the running maxima and their int64 indices
        (the last position of a tied maximum).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.Cummax(0)(ms.Tensor([1.0, 3.0, 2.0, 3.0]))
        >>> print(values, indices)
        [1. 3. 3. 3.] [0 1 1 3]
    """,
    "Cummin": """The running minimum along an axis and where it was found: `ops.cummin`'s class.

    Args:
        axis (int): The dimension scanned.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of two Tensors of `x`'s shape: the running minima and their int32 indices
        (the last position of a tied minimum).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.Cummin(0)(ms.Tensor([3.0, 1.0, 2.0, 0.0]))
        >>> print(values, indices)
        [3. 1. 1. 0.] [0 1 1 3]
    """,
    "ReduceStd": """The standard deviation and the mean over axes, together.

    Args:
        axis (Union[int, tuple[int, ...], list[int]]): The dimensions reduced; ``[]`` reduces
            all. Default: ``[]``.
        unbiased (bool): Whether the variance divides by ``n - 1`` (Bessel) rather than
            ``n``. Default: ``True``.
        keep_dims (bool): Whether the reduced dimensions stay with size 1. Default: ``False``.

    Inputs:
        x (Tensor): A float tensor.

    Outputs:
        tuple of two Tensors: the standard deviation and the mean.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> std, mean = ops.ReduceStd(unbiased=False)(ms.Tensor([1.0, 3.0, 5.0, 7.0]))
        >>> print(std, mean)
        2.236068 4.0
    """,
    "EuclideanNorm": """The Euclidean (L2) norm over given axes.

    Args:
        keep_dims (bool): Whether the reduced dimensions stay with size 1. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.
        axes (Union[int, tuple[int, ...], Tensor]): The dimensions reduced.

    Outputs:
        Tensor, ``sqrt(sum(x ** 2))`` over `axes`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[3.0, 4.0], [6.0, 8.0]])
        >>> print(ops.EuclideanNorm()(x, ms.Tensor([1], ms.int32)))
        [ 5. 10.]
    """,
    "LpNorm": """The p-norm over given axes.

    Args:
        axis (Union[int, tuple[int, ...], list[int]]): The dimensions reduced.
        p (int): The order of the norm. Default: ``2``.
        keep_dims (bool): Whether the reduced dimensions stay with size 1. Default: ``False``.
        epsilon (float): Kept for compatibility (MindSpore's guard against a zero norm).
            Default: ``1e-12``.

    Inputs:
        x (Tensor): A float tensor.

    Outputs:
        Tensor, ``sum(|x| ** p) ** (1 / p)`` over `axis`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[3.0, -4.0], [1.0, 2.0]])
        >>> print(ops.LpNorm(1, p=1)(x), ops.LpNorm([0, 1])(x).asnumpy().round(4))
        [7. 3.] 5.4772
    """,
    "CountNonZero": """The number of non-zero elements over axes: `ops.count_nonzero`'s class.

    Args:
        dims (Union[int, tuple[int, ...], None]): The dimensions reduced; ``None`` counts
            over all. Default: ``None``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        Tensor of counts.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0, 1, 2], [0, 0, 3]])
        >>> print(ops.CountNonZero()(x), ops.CountNonZero(dims=[1])(x))
        3 [2 1]
    """,
    "SquareSumAll": """The sums of squares of two tensors, each over all its elements.

    Inputs:
        x (Tensor): The first float tensor.
        y (Tensor): The second float tensor, of `x`'s shape.

    Outputs:
        tuple of two 0-d Tensors: ``sum(x ** 2)`` and ``sum(y ** 2)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> sx, sy = ops.SquareSumAll()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
        >>> print(sx, sy)
        5.0 25.0
    """,
    "L2Normalize": """Scales a tensor to unit L2 norm along an axis.

    ``x / sqrt(max(sum(x ** 2), epsilon))``.

    Args:
        axis (Union[int, tuple[int, ...], list[int]]): The dimension normalized.
            Default: ``0``.
        epsilon (float): A lower bound of the squared norm. Default: ``0.0001``.

    Inputs:
        x (Tensor): A float tensor.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.L2Normalize()(ms.Tensor([3.0, 4.0])))
        [0.6 0.8]
    """,
}
