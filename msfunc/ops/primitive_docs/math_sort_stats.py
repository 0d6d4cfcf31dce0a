"""Docstrings of the math primitives that sort, search, rank and count."""

from ._sections import docstring, example


def _bound(name, relation, expected):
    """``(name, docstring)`` of `LowerBound` / `UpperBound`: per row, the first position whose
    element is `relation` ("not less than") each value; the example searches ``[1, 3, 3, 5]``."""
    return name, docstring(
        f"Per row, the first position of a sorted sequence {relation} each value.",
        example(
            f"ops.{name}()(s, v)",
            expected,
            setup=["s, v = ms.Tensor([[1, 3, 3, 5]]), ms.Tensor([[3, 4]])"],
        ),
        args=["out_type (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``."],
        inputs=[
            "s (Tensor): Sorted rows, shape ``(N, M)``.",
            "v (Tensor): The values, shape ``(N, K)``.",
        ],
        outputs="Tensor of `v`'s shape.",
    )


_BOUNDS = [
    _bound("LowerBound", "not less than", "[[1 3]]"),
    _bound("UpperBound", "greater than", "[[3 3]]"),
]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Sort": """Sorts a tensor along an axis, with the positions: the class form of `ops.sort`.

    Equal elements keep their order.

    Args:
        axis (int): The dimension sorted. Default: ``-1``.
        descending (bool): Whether the largest comes first. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of two Tensors of `x`'s shape: the sorted values and their int32 indices in `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.Sort(descending=True)(ms.Tensor([2.0, 3.0, 1.0]))
        >>> print(values, indices)
        [3. 2. 1.] [1 0 2]
    """,
    "TopK": """The `k` largest elements along the last axis and their indices: `ops.topk`'s class.

    Args:
        sorted (bool): Whether the results are in descending order. Default: ``True``.

    Inputs:
        x (Tensor): The input tensor.
        k (int): How many elements to take, at most ``x.shape[-1]``.

    Outputs:
        tuple of two Tensors of ``x.shape[:-1] + (k,)``: the values and their int32 indices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.TopK()(ms.Tensor([1.0, 4.0, 2.0, 5.0]), 2)
        >>> print(values, indices)
        [5. 4.] [3 1]
    """,
    "InTopK": """Whether each sample's target class is among its `k` highest scores: `ops.intopk`.

    Args:
        k (int): How many of the top scores count.

    Inputs:
        x1 (Tensor): Scores of shape ``(N, C)``, float16 or float32.
        x2 (Tensor): The target class of each sample, int32 of shape ``(N,)``.

    Outputs:
        bool Tensor of shape ``(N,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x1 = ms.Tensor([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2]])
        >>> print(ops.InTopK(1)(x1, ms.Tensor([1, 2], ms.int32)))
        [ True False]
    """,
    "SearchSorted": """Where values would go in sorted sequences.

    The class form of `ops.searchsorted`.

    Args:
        dtype (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int64``.
        right (bool): Whether a value equal to an entry goes after it. Default: ``False``.

    Inputs:
        seq (Tensor): Sorted sequences along the last dimension.
        values (Tensor): The values placed, with `seq`'s leading dimensions.
        sorter (Optional[Tensor]): The indices that sort an unsorted `seq` (MindSpore's CPU
            kernel does not take it). Default: ``None``.

    Outputs:
        Tensor of `values`' shape: the insertion indices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> seq, values = ms.Tensor([1.0, 3.0, 5.0]), ms.Tensor([3.0, 6.0])
        >>> print(ops.SearchSorted()(seq, values), ops.SearchSorted(right=True)(seq, values))
        [1 3] [2 3]
    """,
    "Bucketize": """The bucket of each element among sorted boundaries: `ops.bucketize`'s class.

    Element `v` goes to bucket `i` with ``boundaries[i - 1] <= v < boundaries[i]``.

    Args:
        boundaries (list[float]): Increasing bucket boundaries.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        int32 Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Bucketize([1.0, 3.0])(ms.Tensor([0.0, 1.0, 2.0, 5.0])))
        [0 1 1 2]
    """,
    "Median": """The median along an axis (the lower of the two middles) and its index.

    Args:
        global_median (bool): Whether the median is over all elements. Default: ``False``.
        axis (int): The dimension reduced when not global. Default: ``0``.
        keep_dims (bool): Whether `axis` stays with size 1. Default: ``False``.
        ignore_nan (bool): Kept for compatibility. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of two Tensors: the medians and their indices in `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.Median(axis=1)(ms.Tensor([[3.0, 1.0, 2.0], [4.0, 6.0, 5.0]]))
        >>> print(values, indices)
        [2. 5.] [2 2]
    """,
    "Quantile": """The `q`-th quantiles along a dimension, linearly interpolated: `ops.quantile`.

    Args:
        dim (Optional[int]): The dimension reduced; ``None`` uses all elements.
            Default: ``None``.
        keep_dims (bool): Whether `dim` stays with size 1. Default: ``False``.
        ignore_nan (bool): Whether NaN are skipped (else a NaN makes the result NaN).
            Default: ``False``.

    Inputs:
        x (Tensor): A float tensor.
        q (Union[float, Tensor]): Quantiles in ``[0, 1]``.

    Outputs:
        Tensor, the quantiles (a leading dimension for each entry of a 1-D `q`).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0, 4.0])
        >>> print(ops.Quantile()(x, ms.Tensor([0.5, 0.25])))
        [2.5  1.75]
    """,
    "NthElement": """The `n`-th smallest (or largest) element along the last dimension.

    Args:
        reverse (bool): Whether `n` counts from the largest. Default: ``False``.

    Inputs:
        x (Tensor): The input tensor.
        n (int): The rank wanted, from 0.

    Outputs:
        Tensor of ``x.shape[:-1]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[5.0, 1.0, 3.0], [2.0, 9.0, 4.0]])
        >>> print(ops.NthElement()(x, 1), ops.NthElement(True)(x, 0))
        [3. 4.] [5. 9.]
    """,
    "Histogram": """Counts the elements in equal-width bins between `min` and `max`: `ops.histc`.

    Args:
        bins (int): The number of bins. Default: ``100``.
        min (float): The lower edge; with ``min == max`` the data's own range is used.
            Default: ``0.0``.
        max (float): The upper edge. Default: ``0.0``.

    Inputs:
        x (Tensor): A float tensor; elements outside ``[min, max]`` are ignored.

    Outputs:
        Tensor of shape ``(bins,)`` and `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Histogram(4, 0.0, 4.0)(ms.Tensor([0.5, 1.0, 1.5, 3.9, 5.0])))
        [1. 2. 0. 1.]
    """,
    "HistogramFixedWidth": """Counts elements in `nbins` equal bins over a range.

    Elements below the range fall in the first bin, above it in the last.

    Args:
        nbins (int): The number of bins.
        dtype (str): The dtype of the counts, ``'int32'``. Default: ``'int32'``.

    Inputs:
        x (Tensor): The values.
        value_range (Tensor): ``[low, high]``, of `x`'s dtype.

    Outputs:
        Tensor of shape ``(nbins,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([-1.0, 0.5, 1.0, 2.5, 9.0])
        >>> print(ops.HistogramFixedWidth(3)(x, ms.Tensor([0.0, 3.0])))
        [2 1 2]
    """,
    "Bincount": """Counts (or sums the weights of) each non-negative integer: `ops.bincount`.

    Inputs:
        x (Tensor): A 1-D int32 tensor of non-negative values.
        size (Tensor): A 0-d int32 tensor, the number of bins.
        weights (Tensor): The weight of each element of `x` (ones count occurrences).

    Outputs:
        Tensor of shape ``(size,)`` and `weights`' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, w = ms.Tensor([0, 1, 1, 3], ms.int32), ms.Tensor([1.0, 1.0, 1.0, 1.0])
        >>> print(ops.Bincount()(x, ms.Tensor(5, ms.int32), w))
        [1. 2. 0. 1. 0.]
    """,
    **dict(_BOUNDS),
}
