"""Docstrings of the math primitives that combine tensors: products, sums, blends, tests."""

from ._sections import FLOAT_X, SAME_AS_X, class_form, docstring, example

_SUMMANDS = "xs (Union[tuple[Tensor], list[Tensor]]): Tensors of one shape and dtype."


def _addc(name, combined, t1, t2, result, value, expected):
    """``(name, docstring)`` of `Addcdiv` / `Addcmul`: ``x + value * t1 <op> t2``, `combined`
    the source of ``t1 <op> t2``, `t1` and `t2` their roles, `result` ("quotient") the name of
    what `value` scales; the example's ``x, t1, t2`` are fixed, `value` (source) its own."""
    return name, docstring(
        f"``x + value * {combined}`` elementwise: the class form of `ops.{name.lower()}`.",
        example(
            f"ops.{name}()(x, t1, t2, ms.Tensor({value}))",
            expected,
            setup=[
                "x, t1, t2 = ms.Tensor([1.0, 1.0]), ms.Tensor([2.0, 6.0]), ms.Tensor([4.0, 3.0])"
            ],
        ),
        inputs=[
            "x (Tensor): The tensor added to.",
            f"t1 (Tensor): {t1}.",
            f"t2 (Tensor): {t2}.",
            f"value (Tensor): The scale of the {result}.",
        ],
        outputs="Tensor of the broadcast shape.",
    )


_ADDC = [
    _addc("Addcdiv", "t1 / t2", "The numerator", "The denominator", "quotient", "[2.0]", "[2. 5.]"),
    _addc(
        "Addcmul",
        "t1 * t2",
        "The first factor",
        "The second factor",
        "product",
        "[0.5]",
        "[ 5. 10.]",
    ),
]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "NanToNum": docstring(
        class_form("Replaces NaN and infinities with finite numbers.", "nan_to_num"),
        example(
            "ops.NanToNum(1.0, 9.0, -9.0)(x)",
            "[ 1.  9. -9.  1.]",
            setup=['x = ms.Tensor([float("nan"), float("inf"), -float("inf"), 1.0])'],
        ),
        args=[
            "nan (Optional[float]): The value for NaN; ``None`` is 0. Default: ``None``.",
            "posinf (Optional[float]): The value for +inf; ``None`` is the dtype's largest.\n"
            "Default: ``None``.",
            "neginf (Optional[float]): The value for -inf; ``None`` is the dtype's lowest.\n"
            "Default: ``None``.",
        ],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "Einsum": """Sums products of tensors by an Einstein-notation equation: `ops.einsum`'s class.

    Args:
        equation (str): Subscripts of each operand and of the result, as ``'ij,jk->ik'``.

    Inputs:
        operands (Union[tuple[Tensor], list[Tensor]]): The tensors the equation names.

    Outputs:
        Tensor, the contraction.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.Einsum("ij->j")((x,)), ops.Einsum("ij,ij->i")((x, x)))
        [4. 6.] [ 5. 25.]
    """,
    "AddN": docstring(
        "The elementwise sum of a list of tensors: the class form of `ops.addn`.",
        example("ops.AddN()([x, x, x])", "[3. 6.]", setup=["x = ms.Tensor([1.0, 2.0])"]),
        inputs=[_SUMMANDS],
        outputs="Tensor of the inputs' shape and dtype.",
    ),
    "AccumulateNV2": docstring(
        "The elementwise sum of a list of tensors: `ops.accumulate_n`'s class.",
        example("ops.AccumulateNV2()([ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])])", "[4. 6.]"),
        inputs=[_SUMMANDS],
        outputs="Tensor of the inputs' shape and dtype.",
    ),
    "MatMul": """The matrix product of two 2-D tensors, optionally transposed first.

    Both operands must have one dtype (MindSpore does not promote them).

    Args:
        transpose_a (bool): Whether `x` is transposed first. Default: ``False``.
        transpose_b (bool): Whether `y` is transposed first. Default: ``False``.

    Inputs:
        x (Tensor): The left matrix.
        y (Tensor): The right matrix.

    Outputs:
        Tensor, ``x @ y`` after the transposes.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.MatMul(transpose_b=True)(x, x))
        [[ 5. 11.]
         [11. 25.]]
    """,
    "BatchMatMul": """The matrix product over batches of matrices, optionally transposed first.

    Args:
        transpose_a (bool): Whether each matrix of `x` is transposed first. Default: ``False``.
        transpose_b (bool): Whether each matrix of `y` is transposed first. Default: ``False``.

    Inputs:
        x (Tensor): A tensor of rank 2 or more: batches of matrices.
        y (Tensor): A tensor of rank 2 or more; the batch dimensions broadcast.

    Outputs:
        Tensor, the batched ``x @ y``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1.0, 0.0], [0.0, 2.0]], [[0.0, 1.0], [1.0, 0.0]]])
        >>> print(ops.BatchMatMul()(x, ms.Tensor([[[1.0], [1.0]], [[2.0], [3.0]]])))
        [[[1.]
          [2.]]
        <BLANKLINE>
         [[3.]
          [2.]]]
    """,
    "Cross": """The cross product of 3-vectors along a dimension: the class form of `ops.cross`.

    Args:
        dim (int): The dimension of size 3; the default ``-65530`` takes the first dimension
            of size 3. Default: ``-65530``.

    Inputs:
        x (Tensor): The first vectors.
        y (Tensor): The second vectors, of `x`'s shape.

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Cross()(ms.Tensor([1.0, 0.0, 0.0]), ms.Tensor([0.0, 1.0, 0.0])))
        [0. 0. 1.]
    """,
    "IsClose": """Whether two tensors are close elementwise: the class form of `ops.isclose`.

    ``|x - y| <= atol + rtol * |y|``.

    Args:
        rtol (float): The relative tolerance. Default: ``1e-05``.
        atol (float): The absolute tolerance. Default: ``1e-08``.
        equal_nan (bool): Whether two NaN count as close. Default: ``False``.

    Inputs:
        x (Tensor): The first tensor.
        y (Tensor): The second tensor, broadcastable with `x`.

    Outputs:
        bool Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([1.0, 2.0, float("nan")]), ms.Tensor([1.0, 2.1, float("nan")])
        >>> print(ops.IsClose(equal_nan=True)(x, y))
        [ True False  True]
    """,
    "ApproximateEqual": """Whether ``|x - y| < tolerance`` elementwise.

    The class form of `ops.approximate_equal`.

    Args:
        tolerance (float): The largest difference counted equal. Default: ``1e-05``.

    Inputs:
        x (Tensor): The first tensor.
        y (Tensor): The second tensor, of `x`'s shape.

    Outputs:
        bool Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([1.5, 2.0, 4.0])
        >>> print(ops.ApproximateEqual(0.75)(x, y))
        [ True  True False]
    """,
    "Lerp": """Linear interpolation ``x + weight * (end - x)``: the class form of `ops.lerp`.

    Inputs:
        x (Tensor): The start values.
        end (Tensor): The end values.
        weight (Union[float, Tensor]): The interpolation weight.

    Outputs:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, end = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 6.0])
        >>> print(ops.Lerp()(x, end, ms.Tensor(0.25)))
        [1.5 3. ]
    """,
    "LerpScalar": """Linear interpolation ``x + weight * (end - x)`` with a Python number as weight.

    Inputs:
        x (Tensor): The start values.
        end (Tensor): The end values.
        weight (float): The interpolation weight.

    Outputs:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.LerpScalar()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 6.0]), 0.5))
        [2. 4.]
    """,
    "Betainc": """The regularized incomplete beta function ``I_x(a, b)``, elementwise.

    Inputs:
        a (Tensor): The first shape parameter, positive.
        b (Tensor): The second shape parameter, positive, of `a`'s shape.
        x (Tensor): The upper limit, in ``[0, 1]``, of `a`'s shape.

    Outputs:
        Tensor of `a`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 1.0])
        >>> print(ops.Betainc()(a, b, ms.Tensor([0.25, 0.5])).asnumpy().round(4))
        [0.25 0.25]
    """,
    "Logit": """The log-odds ``log(x / (1 - x))``: the class form of `ops.logit`.

    Args:
        eps (float): When non-negative, `x` is first clipped to ``[eps, 1 - eps]``; ``-1.0``
            leaves it. Default: ``-1.0``.

    Inputs:
        x (Tensor): A float tensor of probabilities.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Logit(0.2)(ms.Tensor([0.5, 0.1])))
        [ 0.        -1.3862944]
    """,
    "Round": """Rounds to the nearest integer, halves to even: the class form of `ops.round`.

    Inputs:
        x (Tensor): The input tensor.
        decimals (int): The number of decimals kept (MindSpore's CPU kernel takes only 0).
            Default: ``0``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Round()(ms.Tensor([0.5, 1.5, -2.7])))
        [ 0.  2. -3.]
    """,
    "Mvlgamma": docstring(
        "The multivariate log-gamma function of dimension `p`: `ops.mvlgamma`'s class.",
        example("ops.Mvlgamma(1)(ms.Tensor([1.0, 3.0])).asnumpy().round(4)", "[0.     0.6931]"),
        args=[
            "p (int): The dimension, 1 or more; every element of `x` must exceed ``(p - 1) / 2``."
        ],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "EqualCount": """The number of positions where two tensors are equal.

    Inputs:
        x (Tensor): The first tensor.
        y (Tensor): The second tensor, of `x`'s shape and dtype.

    Outputs:
        Tensor of shape ``(1,)`` and `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.EqualCount()(ms.Tensor([1, 2, 3]), ms.Tensor([1, 0, 3])))
        [2]
    """,
    **dict(_ADDC),
}
