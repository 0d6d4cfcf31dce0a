"""Docstrings of the math primitives that reduce along axes: arg-extremes, scans, norms."""

from ._sections import FLOAT_X, INPUT_X, SAME_AS_X, docstring, example

__all__ = ["DOCS"]


def _arg_extreme(name, which, ctor, expected):
    """``(name, docstring)`` of `Argmax` / `Argmin`, which find the `which` ("largest")
    element; the example prints ``ops.<name>(<ctor>)`` of a 2x3 tensor."""
    return name, docstring(
        f"The index of the {which} element along an axis: the class form of `ops.{name.lower()}`.",
        example(f"ops.{name}({ctor})(ms.Tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]]))", expected),
        args=[
            "axis (int): The dimension reduced. Default: ``-1``.",
            "output_type (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``.",
        ],
        inputs=[INPUT_X],
        outputs="Tensor of `x`'s shape without `axis`.",
    )


def _extreme_with_value(name, which, extreme, ctor, expected):
    """``(name, docstring)`` of `ArgMaxWithValue` / `ArgMinWithValue`, which find the `which`
    element and its `extreme` value; the example prints both for a 2x2 tensor."""
    return name, docstring(
        f"The index and the value of the {which} element along an axis.",
        example(
            "index, value",
            expected,
            setup=[f"index, value = ops.{name}({ctor})(ms.Tensor([[1.0, 5.0], [7.0, 0.0]]))"],
        ),
        args=[
            "axis (int): The dimension reduced. Default: ``0``.",
            "keep_dims (bool): Whether `axis` stays with size 1. Default: ``False``.",
        ],
        inputs=[INPUT_X],
        outputs=f"tuple of two Tensors: the int64 indices and the {extreme} values.",
    )


def _cumulative(name, result, along, twin, call, expected):
    """``(name, docstring)`` of `CumSum` / `CumProd`: the running `result` ("sum"), taken
    `along` ("summed along") an axis; the example prints `call` on ``x = [1, 2, 3]``."""
    return name, docstring(
        f"The running {result} along an axis: the class form of `ops.{twin}`.",
        example(call, expected, setup=["x = ms.Tensor([1.0, 2.0, 3.0])"]),
        args=[
            "exclusive (bool): Whether each position leaves out its own element. "
            "Default: ``False``.",
            f"reverse (bool): Whether the {result} runs from the end. Default: ``False``.",
        ],
        inputs=[INPUT_X, f"axis (int): The dimension {along}."],
        outputs=SAME_AS_X,
    )


def _running_extreme(name, extreme, extremes, index_dtype, x, expected):
    """``(name, docstring)`` of `Cummax` / `Cummin`: the running `extreme` ("maximum") and
    its `index_dtype` index; the example prints both for the 1-D tensor `x`."""
    return name, docstring(
        f"The running {extreme} along an axis and where it was found: "
        f"`ops.{name.lower()}`'s class.",
        example(
            "values, indices",
            expected,
            setup=[f"values, indices = ops.{name}(0)(ms.Tensor({x}))"],
        ),
        args=["axis (int): The dimension scanned."],
        inputs=[INPUT_X],
        outputs=f"tuple of two Tensors of `x`'s shape: the running {extremes} and their "
        f"{index_dtype} indices\n(the last position of a tied {extreme}).",
    )


_FAMILIES = [
    _arg_extreme("Argmax", "largest", "", "[1 0]"),
    _arg_extreme("Argmin", "smallest", "axis=0", "[0 1 0]"),
    _extreme_with_value("ArgMaxWithValue", "largest", "maximum", "1", "[1 0] [5. 7.]"),
    _extreme_with_value("ArgMinWithValue", "smallest", "minimum", "0, True", "[[0 1]] [[1. 0.]]"),
    _cumulative(
        "CumSum",
        "sum",
        "summed along",
        "cumsum",
        "ops.CumSum()(x, 0), ops.CumSum(exclusive=True, reverse=True)(x, 0)",
        "[1. 3. 6.] [5. 3. 0.]",
    ),
    _cumulative(
        "CumProd",
        "product",
        "multiplied along",
        "cumprod",
        "ops.CumProd()(x, 0), ops.CumProd(exclusive=True)(x, 0)",
        "[1. 2. 6.] [1. 1. 2.]",
    ),
    _running_extreme(
        "Cummax", "maximum", "maxima", "int64", "[1.0, 3.0, 2.0, 3.0]", "[1. 3. 3. 3.] [0 1 1 3]"
    ),
    _running_extreme(
        "Cummin", "minimum", "minima", "int32", "[3.0, 1.0, 2.0, 0.0]", "[3. 1. 1. 0.] [0 1 1 3]"
    ),
]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
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
    "L2Normalize": docstring(
        "Scales a tensor to unit L2 norm along an axis.\n"
        "\n"
        "``x / sqrt(max(sum(x ** 2), epsilon))``.",
        example("ops.L2Normalize()(ms.Tensor([3.0, 4.0]))", "[0.6 0.8]"),
        args=[
            "axis (Union[int, tuple[int, ...], list[int]]): The dimension normalized.\n"
            "Default: ``0``.",
            "epsilon (float): A lower bound of the squared norm. Default: ``0.0001``.",
        ],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    **dict(_FAMILIES),
}
