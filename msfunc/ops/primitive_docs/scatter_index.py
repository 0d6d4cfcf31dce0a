"""Docstrings of the assignment, index-update and segment-reduction primitives."""

from ._sections import INPUT_X, SAME_AS_X, class_form, docstring, example

__all__ = ["DOCS"]


def _assign(name, summary, twin, inputs, value, expected):
    """``(name, docstring)`` of ``AssignXxx()(variable, value)``, which writes into `variable`
    in place; the example's Parameter `w` holds ``[1.0, 2.0]`` and gets `value`."""
    return name, docstring(
        class_form(summary, twin),
        example(
            "w.asnumpy()",
            expected,
            setup=[
                'w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")',
                f"_ = ops.{name}()(w, ms.Tensor({value}))",
            ],
        ),
        inputs=inputs,
        outputs="Tensor, the new value of `variable`.",
    )


def _assign_by(change):
    """The inputs of `AssignAdd` and `AssignSub`: `value` is the amount `change` (added...)."""
    return [
        "variable (Union[Parameter, Tensor]): The variable updated.",
        f"value (Tensor): The amount {change}, broadcastable to `variable`.",
    ]


def _unsorted_segment(name, reduced, empty, x, call_args, expected, ids_note=""):
    """``(name, docstring)`` of ``UnsortedSegmentXxx()(x, segment_ids, num_segments)``, whose
    summary starts with `reduced` ("Sums", "The maximum of") and whose empty segments hold
    `empty`; the example reduces the tensor `x` (source text) with `call_args`."""
    twin = "unsorted_segment_" + name.removeprefix("UnsortedSegment").lower()
    return name, docstring(
        class_form(f"{reduced} the slices of `x` that share a segment id.", twin),
        example(f"ops.{name}()({call_args})", expected, setup=[f"x = ms.Tensor({x})"]),
        inputs=[
            INPUT_X,
            f"segment_ids (Tensor): Int ids, of shape ``x.shape[:k]``, in any order{ids_note}.",
            "num_segments (int): The number of segments.",
        ],
        outputs=f"Tensor of shape ``(num_segments,) + x.shape[k:]``; {empty}.",
    )


def _sorted_segment(name, reduced, expected, empty="0"):
    """``(name, docstring)`` of ``SegmentXxx()(x, segment_ids)``, whose summary starts with
    `reduced` and whose empty segments hold `empty`; the example reduces ``[1, 2, 3, 4]`` by
    the ids ``[0, 0, 2, 2]`` (segment 1 empty)."""
    return name, docstring(
        f"{reduced} the rows of `x` that share a (sorted) segment id.",
        example(
            f"ops.{name}()(x, ms.Tensor([0, 0, 2, 2]))",
            expected,
            setup=["x = ms.Tensor([1.0, 2.0, 3.0, 4.0])"],
        ),
        inputs=[
            INPUT_X,
            "segment_ids (Tensor): A 1-D int tensor of ``x.shape[0]`` sorted, non-negative ids.",
        ],
        outputs="Tensor of shape ``(segment_ids[-1] + 1,) + x.shape[1:]``; empty segments are "
        f"{empty}.",
    )


def _inplace_rows(name, summary, changed, rows, x, call, expected):
    """``(name, docstring)`` of ``InplaceXxx(indices)(x, v)``, whose `indices` name the rows
    `changed` and whose `v` holds `rows`; the example prints `call` on the tensor `x`."""
    return name, docstring(
        summary,
        example(call, expected, setup=[f"x = ms.Tensor({x})"]),
        args=[
            "indices (Union[int, tuple[int, ...]]): The rows (first-dimension positions) "
            f"{changed}."
        ],
        inputs=[INPUT_X, f"v (Tensor): {rows}: `x`'s shape with ``len(indices)`` rows."],
        outputs=SAME_AS_X,
    )


_X2 = "[[1.0, 2.0], [3.0, 4.0]]"
_X3 = "[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]"

_FAMILIES = [
    _assign(
        "Assign",
        "Writes a value into a Parameter (or Tensor), in place.",
        "assign",
        [
            "variable (Union[Parameter, Tensor]): The variable overwritten.",
            "value (Tensor): The new value, of `variable`'s shape.",
        ],
        "[5.0, 6.0]",
        "[5. 6.]",
    ),
    _assign(
        "AssignAdd",
        "Adds a value to a Parameter (or Tensor), in place.",
        "assign_add",
        _assign_by("added"),
        "[10.0, 10.0]",
        "[11. 12.]",
    ),
    _assign(
        "AssignSub",
        "Subtracts a value from a Parameter (or Tensor), in place.",
        "assign_sub",
        _assign_by("subtracted"),
        "[10.0, 10.0]",
        "[-9. -8.]",
    ),
    _unsorted_segment(
        "UnsortedSegmentSum",
        "Sums",
        "empty segments are 0",
        "[1.0, 2.0, 3.0, 4.0]",
        "x, ms.Tensor([0, 1, 0, 2]), 3",
        "[4. 2. 4.]",
        ids_note="; a negative id\ndrops its slice",
    ),
    _unsorted_segment(
        "UnsortedSegmentMax",
        "The maximum of",
        "an empty segment holds the dtype's\nlowest value",
        "[1.0, 5.0, 3.0, 4.0]",
        "x, ms.Tensor([0, 1, 0, 1]), 2",
        "[3. 5.]",
    ),
    _unsorted_segment(
        "UnsortedSegmentMin",
        "The minimum of",
        "an empty segment holds the dtype's\nhighest value",
        "[1.0, 5.0, 3.0, 4.0]",
        "x, ms.Tensor([0, 1, 0, 1]), 2",
        "[1. 4.]",
    ),
    _unsorted_segment(
        "UnsortedSegmentProd",
        "The product of",
        "empty segments are 1",
        "[2.0, 5.0, 3.0, 4.0]",
        "x, ms.Tensor([0, 1, 0, 1]), 2",
        "[ 6. 20.]",
    ),
    _inplace_rows(
        "InplaceUpdate",
        "Replaces rows of `x` at fixed indices with the rows of `v`.",
        "replaced",
        "The new rows",
        _X3,
        "ops.InplaceUpdate((0, 2))(x, ms.Tensor([[0.0, 0.0], [9.0, 9.0]]))",
        "[[0. 0.]\n [3. 4.]\n [9. 9.]]",
    ),
    _inplace_rows(
        "InplaceAdd",
        "Adds the rows of `v` to the rows of `x` at fixed indices: `ops.inplace_add`.",
        "added to",
        "The rows added",
        _X2,
        "ops.InplaceAdd(1)(x, ms.Tensor([[10.0, 10.0]]))",
        "[[ 1.  2.]\n [13. 14.]]",
    ),
    _inplace_rows(
        "InplaceSub",
        class_form(
            "Subtracts the rows of `v` from the rows of `x` at fixed indices.", "inplace_sub"
        ),
        "changed",
        "The rows subtracted",
        _X2,
        "ops.InplaceSub(0)(x, ms.Tensor([[1.0, 1.0]]))",
        "[[0. 1.]\n [3. 4.]]",
    ),
    _sorted_segment("SegmentSum", "Sums", "[3. 0. 7.]"),
    _sorted_segment("SegmentMax", "The maximum of", "[2. 0. 4.]"),
    _sorted_segment("SegmentMin", "The minimum of", "[1. 0. 3.]"),
    _sorted_segment("SegmentMean", "The mean of", "[1.5 0.  3.5]"),
    _sorted_segment("SegmentProd", "The product of", "[ 2.  1. 12.]", empty="1"),
]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "ScatterNonAliasingAdd": """Adds `updates` into a Parameter at N-d `indices`, in place.

    Inputs:
        x (Parameter): The Parameter updated in place.
        i (Tensor): Int32 indices of shape ``(..., d)``: each row picks an element (or a
            slice) of `x`.
        u (Tensor): Values of shape ``i.shape[:-1] + x.shape[d:]``.

    Outputs:
        Tensor, the updated `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0, 4.0]), name="x")
        >>> indices = ms.Tensor([[2], [0], [2]], ms.int32)
        >>> _ = ops.ScatterNonAliasingAdd()(x, indices, ms.Tensor([1.0, 5.0, 1.0]))
        >>> print(x.asnumpy())
        [6. 2. 5. 4.]
    """,
    "IndexAdd": """Adds slices of `y` into a Parameter at indices along an axis, in place.

    The class form of `ops.index_add`.

    Args:
        axis (int): The dimension `indices` point along.
        use_lock (bool): Kept for compatibility (JAX updates are never racy).
            Default: ``True``.
        check_index_bound (bool): Kept for compatibility. Default: ``True``.

    Inputs:
        x (Parameter): The Parameter updated in place.
        indices (Tensor): A 1-D int32 tensor of positions along `axis`.
        y (Tensor): The slices added: `x`'s shape with ``len(indices)`` at `axis`.

    Outputs:
        Tensor, the updated `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Parameter(ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), name="x")
        >>> y = ms.Tensor([[10.0, 20.0], [30.0, 40.0]])
        >>> _ = ops.IndexAdd(axis=1)(x, ms.Tensor([0, 2], ms.int32), y)
        >>> print(x.asnumpy())
        [[11.  2. 23.]
         [34.  5. 46.]]
    """,
    "InplaceUpdateV2": """Replaces rows of `x` at the given indices with the rows of `v`.

    Inputs:
        x (Tensor): The input tensor.
        indices (Union[int, tuple[int, ...], Tensor]): The rows replaced.
        v (Tensor): The new rows: `x`'s shape with ``len(indices)`` rows.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> print(ops.InplaceUpdateV2()(x, (1,), ms.Tensor([[7.0, 7.0]])))
        [[1. 2.]
         [7. 7.]
         [5. 6.]]
    """,
    "IndexFill": """Fills the slices of `x` at indices along a dimension: `ops.index_fill`'s class.

    Inputs:
        x (Tensor): The input tensor.
        dim (Union[int, Tensor]): The dimension `index` points along.
        index (Tensor): A 1-D int32 tensor of positions along `dim`.
        value (Union[float, Tensor]): The fill value, a number or a 0-d tensor.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        >>> print(ops.IndexFill()(x, 1, ms.Tensor([0, 2], ms.int32), ms.Tensor(0.0)))
        [[0. 2. 0.]
         [0. 5. 0.]]
    """,
    "InplaceIndexAdd": """Adds slices of `updates` into a Parameter along an axis, in place.

    The class form of `ops.inplace_index_add`.

    Args:
        axis (int): The dimension `indices` point along.

    Inputs:
        var (Parameter): The Parameter updated in place.
        indices (Tensor): A 1-D int32 tensor of positions along `axis`.
        updates (Tensor): The slices added: `var`'s shape with ``len(indices)`` at `axis`.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")
        >>> updates = ms.Tensor([[0.5, 0.5], [1.0, 1.0]])
        >>> _ = ops.InplaceIndexAdd(0)(var, ms.Tensor([1, 1], ms.int32), updates)
        >>> print(var.asnumpy())
        [[1.  2. ]
         [4.5 5.5]]
    """,
    "IndexPut": """Writes (or adds) values at the positions given by a tuple of index tensors.

    Args:
        accumulate (int): ``0`` writes `x2`; ``1`` adds it to what is there. Default: ``0``.

    Inputs:
        x1 (Tensor): The input tensor.
        x2 (Tensor): The values, broadcastable to the number of positions.
        indices (Union[tuple[Tensor], list[Tensor]]): One int tensor per leading dimension
            of `x1`, together naming the positions (as ``x1[indices]``).

    Outputs:
        Tensor of `x1`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]], ms.int32)
        >>> indices = (ms.Tensor([0, 1], ms.int32), ms.Tensor([1, 0], ms.int32))
        >>> print(ops.IndexPut(1)(x, ms.Tensor([10, 20], ms.int32), indices))
        [[ 1 12]
         [23  4]]
    """,
    "MaskedScatter": """Fills the positions where a mask holds with `updates`, taken in order.

    Inputs:
        x (Tensor): The input tensor.
        mask (Tensor): A bool tensor broadcastable to `x`.
        updates (Tensor): At least as many values as `mask` has ``True`` entries.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0, 4.0])
        >>> mask = ms.Tensor([True, False, True, False])
        >>> print(ops.MaskedScatter()(x, mask, ms.Tensor([7.0, 8.0, 9.0])))
        [7. 2. 8. 4.]
    """,
    "TensorScatterElements": """Scatters `updates` at per-element indices along an axis.

    The class form of `ops.tensor_scatter_elements`: for ``axis=0``,
    ``out[indices[i][j]][j] = updates[i][j]``.

    Args:
        axis (int): The dimension the indices point along. Default: ``0``.
        reduction (str): ``'none'`` writes the updates, ``'add'`` adds them.
            Default: ``'none'``.

    Inputs:
        data (Tensor): The input tensor.
        indices (Tensor): Int indices, of `data`'s rank.
        updates (Tensor): Values of `indices`' shape.

    Outputs:
        Tensor of `data`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> data = ms.Tensor([[1.0, 2.0, 3.0]])
        >>> indices, updates = ms.Tensor([[2, 0]]), ms.Tensor([[8.0, 9.0]])
        >>> print(ops.TensorScatterElements(1)(data, indices, updates))
        [[9. 2. 8.]]
    """,
    "ScatterAddWithAxis": """Adds `updates` at per-element indices along an axis, into a copy.

    As `TensorScatterElements` with ``reduction='add'``.

    Args:
        axis (int): The dimension the indices point along. Default: ``0``.

    Inputs:
        x (Tensor): The input tensor.
        indices (Tensor): Int indices, of `x`'s rank.
        updates (Tensor): Values of `indices`' shape.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0]])
        >>> indices, updates = ms.Tensor([[2, 2]]), ms.Tensor([[8.0, 9.0]])
        >>> print(ops.ScatterAddWithAxis(1)(x, indices, updates))
        [[ 1.  2. 20.]]
    """,
    "EmbeddingLookup": """Takes rows of a table at indices minus an offset; rows out of range are 0.

    Inputs:
        params (Tensor): The table, of shape ``(rows, ...)``.
        indices (Tensor): Int indices; ``indices - offset`` picks the rows.
        offset (int): Subtracted from the indices (the first row this shard holds).

    Outputs:
        Tensor of shape ``indices.shape + params.shape[1:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> params = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> print(ops.EmbeddingLookup()(params, ms.Tensor([2, 4, 1]), 1))
        [[3. 4.]
         [0. 0.]
         [1. 2.]]
    """,
    **dict(_FAMILIES),
}
