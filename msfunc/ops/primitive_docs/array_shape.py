"""Docstrings of the array primitives that cast, query shapes, reshape, join and split."""

from ._sections import INPUT_X, docstring, example

# the sections `Stack` and `Pack`, and `Unstack` and `Unpack` (the older names), share
_STACK_AXIS = "axis (int): Where the new dimension goes. Default: ``0``."
_STACKED = "xs (Union[tuple[Tensor], list[Tensor]]): Tensors of one shape and dtype."
_STACK_OUTPUT = "Tensor with one dimension more, of size ``len(xs)`` at `axis`."
_UNSTACK_AXIS = (
    "axis (int): The dimension to split along (removed from each slice). Default: ``0``."
)
_UNSTACK_OUTPUT = "tuple[Tensor, ...], ``x.shape[axis]`` tensors of rank ``x.ndim - 1``."

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Cast": """Converts a tensor to another dtype: the class form of `ops.cast`.

    Floats cast to integers truncate toward zero.

    Inputs:
        x (Tensor): The tensor to convert.
        dtype (mindspore.dtype): The dtype of the result.

    Outputs:
        Tensor of `x`'s shape with dtype `dtype`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Cast()(ms.Tensor([1.7, -2.7]), ms.int32))
        [ 1 -2]
    """,
    "ScalarCast": """Converts a Python scalar to a dtype's type: `ops.scalar_cast`'s class.

    Inputs:
        x (Union[int, float, bool]): The scalar to convert.
        t (mindspore.dtype): The target type: ``ms.int64``, ``ms.float64`` or ``ms.bool_``.

    Outputs:
        The converted Python scalar: an int, a float or a bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ScalarCast()(2.7, ms.int64))
        2
    """,
    "ScalarToTensor": """Makes a 0-d tensor from a Python scalar: `ops.scalar_to_tensor`'s class.

    Inputs:
        x (Union[int, float, bool]): The scalar.
        dtype (mindspore.dtype): The tensor's dtype. Default: ``ms.float32``.

    Outputs:
        A 0-d Tensor holding `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ScalarToTensor()(7, ms.int32))
        7
    """,
    "ScalarToArray": """Makes a 0-d tensor from a Python scalar: `ops.scalar_to_array`'s class.

    Inputs:
        x (Union[int, float]): The scalar.

    Outputs:
        A 0-d Tensor holding `x`.

    Example:
        >>> from msfunc import ops
        >>> print(ops.ScalarToArray()(1.5))
        1.5
    """,
    "TupleToArray": """Makes a 1-D tensor from a tuple of numbers: `ops.tuple_to_array`'s class.

    Inputs:
        x (tuple): The numbers, all ints or all floats.

    Outputs:
        A 1-D Tensor with `x`'s entries: int32 for ints, float32 for floats.

    Example:
        >>> from msfunc import ops
        >>> print(ops.TupleToArray()((1.0, 2.0, 3.0)))
        [1. 2. 3.]
    """,
    "TensorToTuple": """Splits a 1-D tensor into a tuple of its elements.

    Inputs:
        x (Tensor): A 1-D tensor.

    Outputs:
        tuple, one Python number per element of `x` (0-d Tensors while traced by `jit`).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.TensorToTuple()(ms.Tensor([4, 5, 6]))
        (4, 5, 6)
    """,
    "Shape": """The shape of a tensor as a tuple of ints: the class form of `ops.shape`.

    Inputs:
        x (Tensor): Any tensor.

    Outputs:
        tuple[int, ...], the size of each dimension.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Shape()(ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
        (2, 3)
    """,
    "TensorShape": """The shape of a tensor as a 1-D tensor: the class form of `ops.dyn_shape`.

    Inputs:
        x (Tensor): Any tensor.

    Outputs:
        1-D int64 Tensor, the size of each dimension.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.TensorShape()(ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
        [2 3]
    """,
    "DynamicShape": """The shape of a tensor as a 1-D tensor (the older name of `TensorShape`).

    Args:
        dtype (int): Kept for compatibility; the result is int64 whatever it is. Default: ``9``.

    Inputs:
        x (Tensor): Any tensor.

    Outputs:
        1-D int64 Tensor, the size of each dimension.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.DynamicShape()(ms.Tensor([[1.0, 2.0, 3.0]])))
        [1 3]
    """,
    "Rank": """The number of dimensions of a tensor: the class form of `ops.rank`.

    Inputs:
        x (Tensor): Any tensor.

    Outputs:
        int, the rank of `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Rank()(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
        2
    """,
    "Size": """The number of elements of a tensor: the class form of `ops.size`.

    Inputs:
        x (Tensor): Any tensor.

    Outputs:
        int, the product of `x`'s dimensions.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Size()(ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
        6
    """,
    "DType": """The dtype of a tensor.

    Inputs:
        x (Tensor): Any tensor.

    Outputs:
        mindspore.dtype, the dtype of `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.DType()(ms.Tensor([1, 2], ms.int32)) == ms.int32)
        True
    """,
    "Eps": """A tensor like `x` filled with its float dtype's machine epsilon: `ops.eps`'s class.

    Inputs:
        x (Tensor): A float16, float32 or float64 tensor.

    Outputs:
        Tensor of `x`'s shape and dtype, every element the dtype's smallest step above 1.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Eps()(ms.Tensor([1.0, 2.0], ms.float16)))
        [0.000977 0.000977]
    """,
    "ExpandDims": """Inserts a dimension of size 1: the class form of `ops.expand_dims`.

    Inputs:
        x (Tensor): The input tensor.
        axis (int): Where the new dimension goes, in ``[-x.ndim - 1, x.ndim]``.

    Outputs:
        Tensor with one dimension more than `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ExpandDims()(ms.Tensor([1.0, 2.0]), 0).shape)
        (1, 2)
    """,
    "Squeeze": """Removes dimensions of size 1: the class form of `ops.squeeze`.

    Args:
        axis (Union[int, tuple[int, ...]]): The dimensions to remove, each of size 1; ``()``
            removes every dimension of size 1. Default: ``()``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        Tensor with `x`'s elements and the size-1 dimensions removed.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1.0], [2.0]]])
        >>> print(ops.Squeeze()(x).shape, ops.Squeeze(2)(x).shape)
        (2,) (1, 2)
    """,
    "Flatten": """Flattens every dimension but the first (the batch): `ops.Flatten()(x)`.

    Inputs:
        x (Tensor): A tensor of shape ``(N, ...)``.

    Outputs:
        Tensor of shape ``(N, M)``, `M` the product of the other dimensions.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Flatten()(ms.Tensor([[[1.0, 2.0], [3.0, 4.0]]])))
        [[1. 2. 3. 4.]]
    """,
    "Transpose": """Permutes the dimensions of a tensor: the class form of `ops.transpose`.

    Inputs:
        x (Tensor): The input tensor.
        perm (tuple[int, ...]): Dimension `i` of the result is dimension ``perm[i]`` of `x`.

    Outputs:
        Tensor with `x`'s dimensions reordered.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Transpose()(ms.Tensor([[1, 2, 3], [4, 5, 6]]), (1, 0)))
        [[1 4]
         [2 5]
         [3 6]]
    """,
    "TransposeView": """Permutes the dimensions of a tensor, as `Transpose` (its view variant).

    Inputs:
        x (Tensor): The input tensor.
        perm (tuple[int, ...]): Dimension `i` of the result is dimension ``perm[i]`` of `x`.

    Outputs:
        Tensor with `x`'s dimensions reordered (a new array: JAX has no views).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.TransposeView()(ms.Tensor([[1, 2], [3, 4]]), (1, 0)))
        [[1 3]
         [2 4]]
    """,
    "TransposeExtView": """Swaps two dimensions of a tensor, as `ops.swapaxes` (a view variant).

    Inputs:
        x (Tensor): The input tensor.
        d0 (int): The first dimension.
        d1 (int): The dimension it trades places with.

    Outputs:
        Tensor with dimensions `d0` and `d1` exchanged (a new array: JAX has no views).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.TransposeExtView()(ms.Tensor([[1, 2, 3]]), 0, 1))
        [[1]
         [2]
         [3]]
    """,
    "Concat": """Joins tensors along an existing dimension: the class form of `ops.concat`.

    Args:
        axis (int): The dimension to join along. Default: ``0``.

    Inputs:
        tensors (Union[tuple[Tensor], list[Tensor]]): Tensors whose other dimensions agree.

    Outputs:
        Tensor, the inputs one after another along `axis`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2]])
        >>> print(ops.Concat(1)((x, x + 2)))
        [[1 2 3 4]]
    """,
    "ParallelConcat": """Joins tensors whose first dimension is 1 along that dimension.

    Inputs:
        tensors (Union[tuple[Tensor], list[Tensor]]): Tensors of shape ``(1, ...)``, alike.

    Outputs:
        Tensor of shape ``(len(tensors), ...)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ParallelConcat()((ms.Tensor([[1, 2]]), ms.Tensor([[3, 4]]))))
        [[1 2]
         [3 4]]
    """,
    "Stack": docstring(
        "Stacks tensors of one shape along a new dimension: the class form of `ops.stack`.",
        example("ops.Stack(1)([ms.Tensor([1, 2]), ms.Tensor([3, 4])])", "[[1 3]\n [2 4]]"),
        args=[_STACK_AXIS],
        inputs=[_STACKED],
        outputs=_STACK_OUTPUT,
    ),
    "Pack": docstring(
        "Stacks tensors along a new dimension (MindSpore's older name of `Stack`).",
        example("ops.Pack()([ms.Tensor([1, 2]), ms.Tensor([3, 4])])", "[[1 2]\n [3 4]]"),
        args=[_STACK_AXIS],
        inputs=[_STACKED],
        outputs=_STACK_OUTPUT,
    ),
    "Unstack": docstring(
        "Splits a tensor into its slices along one dimension: `ops.unstack`'s class.",
        example(
            "a, b", "[1 3] [2 4]", setup=["a, b = ops.Unstack(1)(ms.Tensor([[1, 2], [3, 4]]))"]
        ),
        args=[
            _UNSTACK_AXIS,
            "num (Optional[int]): The expected number of slices (``x.shape[axis]``); ``None``\n"
            "takes it from the shape. Default: ``None``.",
        ],
        inputs=[INPUT_X],
        outputs=_UNSTACK_OUTPUT,
    ),
    "Unpack": docstring(
        "Splits a tensor into its slices along one dimension (older name of `Unstack`).",
        example("a, b", "[1 2] [3 4]", setup=["a, b = ops.Unpack()(ms.Tensor([[1, 2], [3, 4]]))"]),
        args=[_UNSTACK_AXIS],
        inputs=[INPUT_X],
        outputs=_UNSTACK_OUTPUT,
    ),
    "Split": """Splits a tensor into equal parts along one dimension: the class form of `ops.split`.

    Args:
        axis (int): The dimension to split. Default: ``0``.
        output_num (int): The number of parts; must divide ``x.shape[axis]``. Default: ``1``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple[Tensor, ...], `output_num` tensors of equal shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ops.Split(1, 2)(ms.Tensor([[1, 2, 3, 4]]))
        >>> print(a, b)
        [[1 2]] [[3 4]]
    """,
    "SplitV": """Splits a tensor into parts of given sizes along one dimension.

    Args:
        size_splits (Union[tuple[int, ...], list[int]]): The size of each part; they sum to
            ``x.shape[split_dim]``.
        split_dim (int): The dimension to split.
        num_split (int): The number of parts, ``len(size_splits)``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple[Tensor, ...], `num_split` tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ops.SplitV((1, 3), 0, 2)(ms.Tensor([1, 2, 3, 4]))
        >>> print(a, b)
        [1] [2 3 4]
    """,
    "BroadcastTo": """Broadcasts a tensor to a shape: the class form of `ops.broadcast_to`.

    Args:
        shape (tuple[int, ...]): The target shape; ``-1`` keeps that dimension of the input.

    Inputs:
        x (Tensor): A tensor broadcastable to `shape`.

    Outputs:
        Tensor of shape `shape` and `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.BroadcastTo((2, 3))(ms.Tensor([1, 2, 3])))
        [[1 2 3]
         [1 2 3]]
    """,
}
