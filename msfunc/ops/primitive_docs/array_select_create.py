"""Docstrings of the array primitives that gather, slice, select, fill and create tensors."""

from ._sections import INPUT_X, SAME_AS_X, docstring, example

__all__ = ["DOCS"]


def _filled(name, what, shape, fill, call_args, expected):
    """``(name, docstring)`` of `Ones` / `Zeros`: a tensor of `what` ("ones", the value
    `fill`) whose shape is the input named `shape`; the example calls it with `call_args`."""
    return name, docstring(
        f"A tensor of {what}: the class form of `ops.{name.lower()}`.",
        example(f"ops.{name}()({call_args})", expected),
        inputs=[
            f"{shape} (Union[int, tuple[int, ...]]): The shape of the result.",
            "dtype (mindspore.dtype): The dtype of the result; ``None`` is float32. "
            "Default: ``None``.",
        ],
        outputs=f"Tensor of shape `{shape}` filled with {fill}.",
    )


def _triangle(name, zeroed, kept, call, expected):
    """``(name, docstring)`` of `Tril` / `Triu`, which zero the elements `zeroed` ("above") a
    diagonal, that diagonal kept `kept` ("last"); the example prints `call` on a 3x3 matrix."""
    return name, docstring(
        f"Zeroes the elements {zeroed} a diagonal of a matrix: the class form of "
        f"`ops.{name.lower()}`.",
        example(f"{call}(ms.Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))", expected),
        args=[
            f"diagonal (int): The diagonal kept {kept}: 0 the main one, positive above it, "
            "negative\nbelow it. Default: ``0``."
        ],
        inputs=["x (Tensor): A tensor of rank 2 or more (the last two dimensions are the matrix)."],
        outputs=SAME_AS_X,
    )


def _triangle_indices(name, half, twin, bound, call, expected):
    """``(name, docstring)`` of `TrilIndices` / `TriuIndices`: the indices of the `half`
    ("lower") triangle, whose `bound` ("last") diagonal `offset` names."""
    return name, docstring(
        f"The indices of a matrix's {half} triangle: `ops.{twin}`'s class.",
        example(call, expected, imports=["from msfunc import ops"]),
        args=[
            "row (int): The number of rows of the matrix.",
            "col (int): The number of columns of the matrix.",
            f"offset (int): The {bound} diagonal included (0 the main one). Default: ``0``.",
            "dtype (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``.",
        ],
        outputs="Tensor of shape ``(2, N)``: row indices, then column indices, in row-major order.",
    )


_FAMILIES = [
    _filled("Ones", "ones", "shape", 1, "(2, 2), ms.int32", "[[1 1]\n [1 1]]"),
    _filled("Zeros", "zeros", "size", 0, "3, ms.float32", "[0. 0. 0.]"),
    _triangle("Tril", "above", "last", "ops.Tril()", "[[1 0 0]\n [4 5 0]\n [7 8 9]]"),
    _triangle("Triu", "below", "first", "ops.Triu(1)", "[[0 2 3]\n [0 0 6]\n [0 0 0]]"),
    _triangle_indices(
        "TrilIndices",
        "lower",
        "tril_indices",
        "last",
        "ops.TrilIndices(3, 3)()",
        "[[0 1 1 2 2 2]\n [0 0 1 0 1 2]]",
    ),
    _triangle_indices(
        "TriuIndices",
        "upper",
        "triu_indices",
        "first",
        "ops.TriuIndices(3, 3, 1)()",
        "[[0 0 1]\n [1 2 2]]",
    ),
]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Gather": """Takes slices of a tensor at given indices along an axis: `ops.gather`'s class.

    Args:
        batch_dims (int): The number of leading batch dimensions `params` and `indices`
            share; each batch gathers from its own slice. Default: ``0``.

    Inputs:
        params (Tensor): The tensor to gather from.
        indices (Tensor): Integer indices into dimension `axis` of `params`.
        axis (int): The dimension to index.

    Outputs:
        Tensor of shape ``params.shape[:axis] + indices.shape + params.shape[axis + 1:]``
        (with ``batch_dims`` shared dimensions counted once).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.Gather()(x, ms.Tensor([2, 0]), 1))
        [[3 1]
         [6 4]]
    """,
    "GatherV2": """Takes slices of a tensor at given indices along an axis, as `Gather`.

    Inputs:
        x (Tensor): The tensor to gather from.
        i (Tensor): Integer indices into dimension `axis` of `x`.
        axis (int): The dimension to index.

    Outputs:
        Tensor of shape ``x.shape[:axis] + i.shape + x.shape[axis + 1:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.GatherV2()(x, ms.Tensor([1]), 0))
        [[4 5 6]]
    """,
    "GatherD": """Picks one element per index along a dimension: the class form of `ops.gather_d`.

    ``out[i][j] = x[index[i][j]][j]`` for ``dim=0``, ``x[i][index[i][j]]`` for ``dim=1``.

    Inputs:
        x (Tensor): The tensor to gather from.
        dim (int): The dimension the indices point along.
        index (Tensor): Integer indices, of `x`'s rank.

    Outputs:
        Tensor of `index`'s shape and `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]])
        >>> print(ops.GatherD()(x, 1, ms.Tensor([[0, 0], [1, 0]])))
        [[1 1]
         [4 3]]
    """,
    "Slice": """Cuts a block out of a tensor from a start and a size: the class form of `ops.slice`.

    Inputs:
        x (Tensor): The input tensor.
        begin (tuple[int, ...]): The start index of each dimension.
        size (tuple[int, ...]): The length taken in each dimension; ``-1`` takes the rest.

    Outputs:
        Tensor of shape `size` (``-1`` entries resolved).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.Slice()(x, (0, 1), (2, -1)))
        [[2 3]
         [5 6]]
    """,
    "StridedSlice": """Slices a tensor by starts, ends and strides: `ops.strided_slice`'s class.

    Bit `i` of a mask applies to dimension `i` of `begin`/`end`/`strides`.

    Args:
        begin_mask (int): Bits whose dimension starts at its first element. Default: ``0``.
        end_mask (int): Bits whose dimension runs to its last element. Default: ``0``.
        ellipsis_mask (int): Not supported on msfunc (use indexing); must be ``0``.
            Default: ``0``.
        new_axis_mask (int): Bits that insert a new dimension of size 1. Default: ``0``.
        shrink_axis_mask (int): Bits whose dimension is indexed at `begin` and removed.
            Default: ``0``.

    Inputs:
        x (Tensor): The input tensor.
        begin (tuple[int, ...]): The start of each sliced dimension.
        end (tuple[int, ...]): The (exclusive) end of each sliced dimension.
        strides (tuple[int, ...]): The step of each sliced dimension.

    Outputs:
        Tensor, the selected elements.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3, 4], [5, 6, 7, 8]])
        >>> print(ops.StridedSlice()(x, (0, 0), (2, 4), (1, 2)))
        [[1 3]
         [5 7]]
        >>> print(ops.StridedSlice(shrink_axis_mask=1)(x, (1, 0), (2, 4), (1, 1)))
        [5 6 7 8]
    """,
    "Select": """Picks elements from two tensors by a condition: the class form of `ops.select`.

    Inputs:
        cond (Tensor): A bool tensor; ``True`` takes `x`, ``False`` takes `y`.
        x (Tensor): The values where `cond` holds.
        y (Tensor): The values elsewhere, of `x`'s shape and dtype.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> cond = ms.Tensor([True, False, True])
        >>> print(ops.Select()(cond, ms.Tensor([1, 2, 3]), ms.Tensor([-1, -2, -3])))
        [ 1 -2  3]
    """,
    "MaskedFill": """Writes a value where a mask is true: the class form of `ops.masked_fill`.

    Inputs:
        x (Tensor): The input tensor.
        mask (Tensor): A bool tensor broadcastable to `x`.
        value (Union[float, Tensor]): The value written, cast to `x`'s dtype.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.MaskedFill()(x, ms.Tensor([True, False, True]), 0.5))
        [0.5 2.  0.5]
    """,
    "Fill": """A tensor of a shape with every element one value: the class form of `ops.fill`.

    Inputs:
        dtype (mindspore.dtype): The dtype of the result.
        dims (tuple[int, ...]): The shape of the result.
        x (Union[int, float, bool]): The fill value.

    Outputs:
        Tensor of shape `dims` and dtype `dtype`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Fill()(ms.float32, (2, 2), 3))
        [[3. 3.]
         [3. 3.]]
    """,
    "FillV2": """A tensor of a shape filled with the value of a 0-d tensor: the dtype follows it.

    Inputs:
        shape (Union[tuple[int, ...], Tensor]): The shape of the result.
        value (Tensor): A 0-d tensor, the fill value.

    Outputs:
        Tensor of shape `shape` and `value`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.FillV2()((2, 3), ms.Tensor(1, ms.int32)))
        [[1 1 1]
         [1 1 1]]
    """,
    "Fills": """A tensor like `x` filled with one value: the class form of `ops.fills`.

    Inputs:
        x (Tensor): The tensor whose shape and dtype the result takes.
        value (Union[int, float]): The fill value.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Fills()(ms.Tensor([[0.0, 0.0]]), 2.5))
        [[2.5 2.5]]
    """,
    "Eye": """A 2-D tensor with ones on the diagonal and zeros elsewhere: `ops.eye`'s class.

    Inputs:
        n (int): The number of rows.
        m (int): The number of columns.
        dtype (mindspore.dtype): The dtype of the result.

    Outputs:
        Tensor of shape ``(n, m)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Eye()(2, 3, ms.int32))
        [[1 0 0]
         [0 1 0]]
    """,
    "Range": """The numbers from `start` up to `limit` (excluded) by `delta`: `ops.range`'s class.

    Args:
        maxlen (int): The most elements the result may hold (MindSpore sizes its memory by
            it). Default: ``1000000``.

    Inputs:
        start (Tensor): A 0-d tensor, the first value.
        limit (Tensor): A 0-d tensor, the bound (not included).
        delta (Tensor): A 0-d tensor, the step.

    Outputs:
        1-D Tensor of the inputs' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> start, limit, delta = ms.Tensor(0), ms.Tensor(10), ms.Tensor(4)
        >>> print(ops.Range()(start, limit, delta))
        [0 4 8]
    """,
    "LinSpace": """`num` evenly spaced values from `start` to `stop` inclusive (`ops.linspace`).

    Inputs:
        start (Tensor): A 0-d float tensor, the first value.
        stop (Tensor): A 0-d float tensor, the last value.
        num (int): The number of values.

    Outputs:
        1-D Tensor of `num` elements.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.LinSpace()(ms.Tensor(1.0), ms.Tensor(2.0), 5))
        [1.   1.25 1.5  1.75 2.  ]
    """,
    "LogSpace": """``base ** v`` for `steps` even `v` from `start` to `end` (`ops.logspace`).

    Args:
        steps (int): The number of values. Default: ``10``.
        base (int): The base of the powers. Default: ``10``.
        dtype (mindspore.dtype): The dtype of the result. Default: ``ms.float32``.

    Inputs:
        start (Tensor): A 0-d tensor, the first exponent.
        end (Tensor): A 0-d tensor, the last exponent.

    Outputs:
        1-D Tensor of `steps` elements and dtype `dtype`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.LogSpace(3, 2)(ms.Tensor(0.0), ms.Tensor(2.0)))
        [1. 2. 4.]
    """,
    "OneHot": """One-hot encodes integer indices: the class form of `ops.one_hot`.

    Args:
        axis (int): Where the new dimension of size `depth` goes. Default: ``-1``.

    Inputs:
        indices (Tensor): Integer indices.
        depth (int): The number of classes.
        on_value (Tensor): A 0-d tensor, the value at each index.
        off_value (Tensor): A 0-d tensor, the value elsewhere.

    Outputs:
        Tensor with one dimension more than `indices`, of `on_value`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> on, off = ms.Tensor(1.0), ms.Tensor(0.0)
        >>> print(ops.OneHot()(ms.Tensor([0, 2]), 3, on, off))
        [[1. 0. 0.]
         [0. 0. 1.]]
    """,
    "ReverseV2": docstring(
        "Reverses a tensor along given dimensions: the class form of `ops.flip`.",
        example(
            "ops.ReverseV2(axis=[1])(ms.Tensor([[1, 2, 3], [4, 5, 6]]))", "[[3 2 1]\n [6 5 4]]"
        ),
        args=["axis (Union[tuple[int, ...], list[int]]): The dimensions to reverse."],
        inputs=[INPUT_X],
        outputs=SAME_AS_X,
    ),
    "Roll": docstring(
        "Shifts elements cyclically along dimensions: the class form of `ops.roll`.",
        example("ops.Roll(1, 0)(ms.Tensor([1, 2, 3, 4]))", "[4 1 2 3]"),
        args=[
            "shifts (Union[int, tuple[int, ...]]): How far to shift; positive moves toward the "
            "end.",
            "dims (Union[int, tuple[int, ...], None]): The dimensions shifted; ``None`` shifts "
            "the\n"
            "flattened tensor. Default: ``None``.",
        ],
        inputs=[INPUT_X],
        outputs=SAME_AS_X,
    ),
    "Meshgrid": """Coordinate grids from 1-D tensors: the class form of `ops.meshgrid`.

    Args:
        indexing (str): ``'xy'`` (Cartesian: the first two outputs' dimensions swapped) or
            ``'ij'`` (matrix). Default: ``'xy'``.

    Inputs:
        inputs (Union[tuple[Tensor], list[Tensor]]): 1-D tensors, one per grid dimension.

    Outputs:
        tuple[Tensor, ...], one grid per input, all of one shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> gx, gy = ops.Meshgrid()((ms.Tensor([1, 2, 3]), ms.Tensor([4, 5])))
        >>> print(gx)
        [[1 2 3]
         [1 2 3]]
        >>> print(gy)
        [[4 4 4]
         [5 5 5]]
    """,
    **dict(_FAMILIES),
}
