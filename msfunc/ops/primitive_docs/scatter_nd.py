"""Docstrings of the scatter primitives: into a new tensor, or into a Parameter in place."""

from ._sections import class_form, docstring, example

__all__ = ["DOCS"]

_UPDATED_VAR = "Tensor, the updated `var`."
_VAR_2X2 = 'var = ms.Parameter(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), name="var")'
_ND_INDICES_2X2 = "indices = ms.Tensor([[0, 1], [1, 0]])"


def _nd_inputs(target):
    """The ``indices`` and ``updates`` entries of an op scattering into `target` at N-d indices."""
    return [
        "indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers\n"
        f"picks an element (or a slice, when ``d < {target}.ndim``) of `{target}`.",
        f"updates (Tensor): Values of shape ``indices.shape[:-1] + {target}.shape[d:]``.",
    ]


def _use_locking(default):
    return (
        "use_locking (bool): Kept for compatibility (JAX updates are never racy).\n"
        f"Default: ``{default}``."
    )


def _tensor_scatter(name, verb, twin, updates, expected):
    """``(name, docstring)`` of ``TensorScatterXxx()(x, indices, updates)``, which returns a
    copy of `x` with `updates` combined in (`verb`) at N-d indices; the example's `x` is 2x2."""
    return name, docstring(
        class_form(f"A copy of `x` with `updates` {verb} at N-d `indices`.", twin),
        example(
            f"ops.{name}()(x, indices, ms.Tensor({updates}))",
            expected,
            setup=["x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])", _ND_INDICES_2X2],
        ),
        inputs=["x (Tensor): The tensor to update (left unchanged).", *_nd_inputs("x")],
        outputs="Tensor of `x`'s shape and dtype.",
    )


def _scatter_rows(name, verb, twin, updates, expected, use_locking=False):
    """``(name, docstring)`` of ``ScatterXxx(use_locking)(var, indices, updates)``, which
    combines `updates` (`verb`) into rows of a Parameter; the example updates row 1 of a 2x2."""
    return name, docstring(
        class_form(f"Updates the rows of a Parameter at `indices`: `updates` {verb}.", twin),
        example(
            "var.asnumpy()",
            expected,
            setup=[
                _VAR_2X2,
                f"updates = ms.Tensor({updates})",
                f"_ = ops.{name}()(var, ms.Tensor([1]), updates)",
            ],
        ),
        args=[_use_locking(use_locking)],
        inputs=[
            "var (Parameter): The Parameter updated in place.",
            "indices (Tensor): Int32/int64 indices into the first dimension of `var`.",
            "updates (Tensor): Values of shape ``indices.shape + var.shape[1:]``.",
        ],
        outputs=_UPDATED_VAR,
    )


def _scatter_nd_param(name, verb, twin, updates, expected, use_locking=False):
    """``(name, docstring)`` of ``ScatterNdXxx(use_locking)(var, indices, updates)``, which
    combines `updates` (`verb`) into a Parameter at N-d indices; the example's `var` is 2x2."""
    return name, docstring(
        class_form(f"Updates a Parameter at N-d `indices`: `updates` {verb}.", twin),
        example(
            "var.asnumpy()",
            expected,
            setup=[
                _VAR_2X2,
                _ND_INDICES_2X2,
                f"_ = ops.{name}()(var, indices, ms.Tensor({updates}))",
            ],
        ),
        args=[_use_locking(use_locking)],
        inputs=["var (Parameter): The Parameter updated in place.", *_nd_inputs("var")],
        outputs=_UPDATED_VAR,
    )


_SCATTER_ND = docstring(
    "Scatters `updates` into a zero tensor: the class form of `ops.scatter_nd`.\n\n"
    "Updates at a repeated index add up.",
    example(
        "ops.ScatterNd()(indices, ms.Tensor([1.0, 2.0, 3.0]), (2, 2))",
        "[[0. 4.]\n [0. 2.]]",
        setup=["indices = ms.Tensor([[0, 1], [1, 1], [0, 1]])"],
    ),
    inputs=[
        "indices (Tensor): Int32/int64 indices of shape ``(..., d)``: each row of `d` numbers\n"
        "picks an element (or a slice, when ``d < len(shape)``) of the result.",
        "updates (Tensor): Values of shape ``indices.shape[:-1] + shape[d:]``.",
        "shape (tuple[int, ...]): The shape of the result.",
    ],
    outputs="Tensor of shape `shape` and `updates`' dtype.",
)

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example;
# the examples' printed results are worked out by hand
DOCS: dict[str, str] = dict(
    [
        ("ScatterNd", _SCATTER_ND),
        _tensor_scatter(
            "TensorScatterUpdate", "written", None, "[9.0, 8.0]", "[[1. 9.]\n [8. 4.]]"
        ),
        _tensor_scatter(
            "TensorScatterAdd",
            "added",
            "tensor_scatter_add",
            "[9.0, 8.0]",
            "[[ 1. 11.]\n [11.  4.]]",
        ),
        _tensor_scatter(
            "TensorScatterSub",
            "subtracted",
            "tensor_scatter_sub",
            "[9.0, 8.0]",
            "[[ 1. -7.]\n [-5.  4.]]",
        ),
        _tensor_scatter(
            "TensorScatterMul",
            "multiplied in",
            "tensor_scatter_mul",
            "[2.0, 3.0]",
            "[[1. 4.]\n [9. 4.]]",
        ),
        _tensor_scatter(
            "TensorScatterDiv",
            "divided in",
            "tensor_scatter_div",
            "[2.0, 4.0]",
            "[[1.   1.  ]\n [0.75 4.  ]]",
        ),
        _tensor_scatter(
            "TensorScatterMax",
            "merged by maximum",
            "tensor_scatter_max",
            "[5.0, 1.0]",
            "[[1. 5.]\n [3. 4.]]",
        ),
        _tensor_scatter(
            "TensorScatterMin",
            "merged by minimum",
            "tensor_scatter_min",
            "[5.0, 1.0]",
            "[[1. 2.]\n [1. 4.]]",
        ),
        _scatter_rows(
            "ScatterUpdate",
            "written",
            "scatter_update",
            "[[9.0, 8.0]]",
            "[[1. 2.]\n [9. 8.]]",
            use_locking=True,
        ),
        _scatter_rows(
            "ScatterAdd", "added", "scatter_add", "[[9.0, 8.0]]", "[[ 1.  2.]\n [12. 12.]]"
        ),
        _scatter_rows("ScatterSub", "subtracted", None, "[[9.0, 8.0]]", "[[ 1.  2.]\n [-6. -4.]]"),
        _scatter_rows(
            "ScatterMul", "multiplied in", "scatter_mul", "[[2.0, 3.0]]", "[[ 1.  2.]\n [ 6. 12.]]"
        ),
        _scatter_rows(
            "ScatterDiv", "divided in", "scatter_div", "[[2.0, 4.0]]", "[[1.  2. ]\n [1.5 1. ]]"
        ),
        _scatter_rows(
            "ScatterMax", "merged by maximum", "scatter_max", "[[5.0, 1.0]]", "[[1. 2.]\n [5. 4.]]"
        ),
        _scatter_rows(
            "ScatterMin", "merged by minimum", "scatter_min", "[[5.0, 1.0]]", "[[1. 2.]\n [3. 1.]]"
        ),
        _scatter_nd_param(
            "ScatterNdUpdate",
            "written",
            None,
            "[9.0, 8.0]",
            "[[1. 9.]\n [8. 4.]]",
            use_locking=True,
        ),
        _scatter_nd_param(
            "ScatterNdAdd", "added", "scatter_nd_add", "[9.0, 8.0]", "[[ 1. 11.]\n [11.  4.]]"
        ),
        _scatter_nd_param(
            "ScatterNdSub", "subtracted", "scatter_nd_sub", "[9.0, 8.0]", "[[ 1. -7.]\n [-5.  4.]]"
        ),
        _scatter_nd_param(
            "ScatterNdMul", "multiplied in", "scatter_nd_mul", "[2.0, 3.0]", "[[1. 4.]\n [9. 4.]]"
        ),
        _scatter_nd_param(
            "ScatterNdDiv",
            "divided in",
            "scatter_nd_div",
            "[2.0, 4.0]",
            "[[1.   1.  ]\n [0.75 4.  ]]",
        ),
        _scatter_nd_param(
            "ScatterNdMax",
            "merged by maximum",
            "scatter_nd_max",
            "[5.0, 1.0]",
            "[[1. 5.]\n [3. 4.]]",
        ),
        _scatter_nd_param(
            "ScatterNdMin",
            "merged by minimum",
            "scatter_nd_min",
            "[5.0, 1.0]",
            "[[1. 2.]\n [1. 4.]]",
        ),
    ]
)
