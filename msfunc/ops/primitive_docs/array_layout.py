"""Docstrings of the array primitives that rearrange blocks, pad, take diagonals and dedupe."""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "DataFormatDimMap": """Where each axis of `dst_format` lies in `src_format`.

    Each entry of `x` is an axis position of `dst_format` (taken modulo 4, so -4 .. -1 count
    from the end); the result is the position of the same letter in `src_format`.

    Args:
        src_format (str): ``"NHWC"`` or ``"NCHW"``. Default: ``"NHWC"``.
        dst_format (str): ``"NHWC"`` or ``"NCHW"``. Default: ``"NCHW"``.

    Inputs:
        x (Tensor): An int32 or int64 tensor of axis positions.

    Outputs:
        Tensor of the shape and dtype of `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.DataFormatDimMap()(ms.Tensor([0, 1, 2, 3, -1], ms.int32)))
        [0 3 1 2 2]
    """,
    "InvertPermutation": """The inverse of a permutation: ``y[x[i]] = i``.

    Inputs:
        x (Union[tuple[int, ...], list[int]]): A permutation of ``0 .. len(x) - 1``.

    Outputs:
        tuple[int, ...], the inverse permutation.

    Example:
        >>> from msfunc import ops
        >>> print(ops.InvertPermutation()((3, 4, 0, 2, 1)))
        (2, 4, 3, 0, 1)
    """,
    "SpaceToDepth": """Moves `block_size` x `block_size` spatial blocks into channels (NCHW).

    Args:
        block_size (int): The block edge, 2 or more; it divides the height and width.

    Inputs:
        x (Tensor): A tensor of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of shape ``(N, C * block_size**2, H / block_size, W / block_size)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        >>> print(ops.SpaceToDepth(2)(x).reshape(-1))
        [1. 2. 3. 4.]
    """,
    "DepthToSpace": """Moves channels into `block_size` x `block_size` spatial blocks (NCHW).

    The inverse of `SpaceToDepth`.

    Args:
        block_size (int): The block edge, 2 or more; ``block_size**2`` divides the channels.

    Inputs:
        x (Tensor): A tensor of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of shape ``(N, C / block_size**2, H * block_size, W * block_size)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]])
        >>> print(ops.DepthToSpace(2)(x))
        [[[[1. 2.]
           [3. 4.]]]]
    """,
    "MatrixBandPart": """Keeps a band of diagonals of matrices: `ops.matrix_band_part`'s class.

    Inputs:
        x (Tensor): A tensor of rank 2 or more (the last two dimensions are the matrix).
        lower (int): The number of diagonals kept below the main one; negative keeps all.
        upper (int): The number of diagonals kept above the main one; negative keeps all.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        >>> print(ops.MatrixBandPart()(x, 1, 0))
        [[1 0 0]
         [4 5 0]
         [0 8 9]]
    """,
    "Padding": """Extends a last dimension of size 1 with zeros: the class form of `ops.padding`.

    Args:
        pad_dim_size (int): The size of the last dimension after padding. Default: ``8``.

    Inputs:
        x (Tensor): A tensor whose last dimension is 1.

    Outputs:
        Tensor of shape ``x.shape[:-1] + (pad_dim_size,)``, `x` in column 0.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Padding(3)(ms.Tensor([[5.0], [6.0]])))
        [[5. 0. 0.]
         [6. 0. 0.]]
    """,
    "Pad": """Pads a tensor with zeros.

    Args:
        paddings (tuple[tuple[int, int], ...]): For each dimension, the number of zeros
            added before and after.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        Tensor, `x` with the padding around it.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Pad(((0, 0), (1, 2)))(ms.Tensor([[1.0, 2.0]])))
        [[0. 1. 2. 0. 0.]]
    """,
    "MirrorPad": """Pads a tensor with its own mirrored border: the class form of `ops.mirror_pad`.

    Args:
        mode (str): ``'REFLECT'`` mirrors without repeating the edge element, ``'SYMMETRIC'``
            repeats it. Default: ``'REFLECT'``.

    Inputs:
        x (Tensor): The input tensor.
        paddings (Tensor): An int tensor of shape ``(x.ndim, 2)``: before and after counts.

    Outputs:
        Tensor, `x` with the mirrored padding around it.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, pads = ms.Tensor([[1, 2, 3]]), ms.Tensor([[0, 0], [2, 1]])
        >>> print(ops.MirrorPad()(x, pads), ops.MirrorPad("SYMMETRIC")(x, pads))
        [[3 2 1 2 3 2]] [[2 1 1 2 3 3]]
    """,
    "PadV3": """Pads the last dimensions of a tensor: constant, reflected, edge or circular.

    Args:
        mode (str): ``'constant'``, ``'reflect'``, ``'edge'`` or ``'circular'``.
            Default: ``'constant'``.
        paddings_contiguous (bool): Whether `paddings` lists (before, after) per dimension;
            msfunc supports ``True`` only. Default: ``True``.

    Inputs:
        x (Tensor): The input tensor.
        paddings (Union[tuple[int, ...], Tensor]): Before/after pairs, the last dimension
            first (as `ops.pad`).
        value (Union[int, float, Tensor, None]): The fill of ``'constant'`` mode; ``None``
            is 0. Default: ``None``.

    Outputs:
        Tensor, `x` padded.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, pads = ms.Tensor([[1.0, 2.0]]), ms.Tensor([1, 2], ms.int64)
        >>> print(ops.PadV3()(x, pads, ms.Tensor(9.0)))
        [[9. 1. 2. 9. 9.]]
    """,
    "ReverseSequence": """Reverses the first `seq_lengths[i]` elements of each sequence `i`.

    The class form of `ops.reverse_sequence`.

    Args:
        seq_dim (int): The dimension reversed.
        batch_dim (int): The dimension that indexes the sequences. Default: ``0``.

    Inputs:
        x (Tensor): The input tensor.
        seq_lengths (Tensor): A 1-D int tensor, one length per sequence.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.ReverseSequence(1)(x, ms.Tensor([2, 3])))
        [[2 1 3]
         [6 5 4]]
    """,
    "Unique": """The distinct elements of a 1-D tensor in order of first appearance: `ops.unique`.

    Inputs:
        x (Tensor): A 1-D tensor.

    Outputs:
        tuple of two Tensors: the distinct values, and for each element of `x` the index of
        its value among them.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y, idx = ops.Unique()(ms.Tensor([3, 1, 3, 2]))
        >>> print(y, idx)
        [3 1 2] [0 1 0 2]
    """,
    "BatchToSpaceND": """Moves batch blocks into space: `ops.batch_to_space_nd`'s class.

    Args:
        block_shape (Union[int, tuple[int, ...]]): The block size of each spatial dimension.
        crops (tuple[tuple[int, int], ...]): The start and end cropped off each spatial
            dimension afterwards.

    Inputs:
        x (Tensor): A tensor ``(B, C, H, W)`` whose batch `B` the block sizes' product divides.

    Outputs:
        Tensor with the batch divided by the blocks and the spatial dimensions multiplied.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]]])
        >>> print(ops.BatchToSpaceND((2, 2), ((0, 0), (0, 0)))(x))
        [[[[1. 2.]
           [3. 4.]]]]
    """,
    "SpaceToBatchND": """Moves spatial blocks into the batch: `ops.space_to_batch_nd`'s class.

    Args:
        block_shape (Union[int, tuple[int, ...]]): The block size of each spatial dimension.
        paddings (tuple[tuple[int, int], ...]): Zeros added before and after each spatial
            dimension first.

    Inputs:
        x (Tensor): A tensor ``(B, C, H, W)``.

    Outputs:
        Tensor with the batch multiplied by the blocks and the spatial dimensions divided.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        >>> print(ops.SpaceToBatchND((2, 2), ((0, 0), (0, 0)))(x).reshape(-1))
        [1. 2. 3. 4.]
    """,
    "BatchToSpace": """Moves square batch blocks into height and width (`BatchToSpaceND` in 2-D).

    Args:
        block_size (int): The block edge, 2 or more.
        crops (tuple[tuple[int, int], ...]): The start and end cropped off the height and
            the width afterwards.

    Inputs:
        x (Tensor): A tensor ``(B, C, H, W)``; ``block_size**2`` divides `B`.

    Outputs:
        Tensor ``(B / block_size**2, C, H * block_size - crops, W * block_size - crops)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]]])
        >>> print(ops.BatchToSpace(2, ((0, 0), (0, 0)))(x))
        [[[[1. 2.]
           [3. 4.]]]]
    """,
    "SpaceToBatch": """Moves square spatial blocks into the batch (`SpaceToBatchND` in 2-D).

    Args:
        block_size (int): The block edge, 2 or more.
        paddings (tuple[tuple[int, int], ...]): Zeros added before and after the height and
            the width first.

    Inputs:
        x (Tensor): A tensor ``(B, C, H, W)``.

    Outputs:
        Tensor ``(B * block_size**2, C, H' / block_size, W' / block_size)``, `H'`, `W'` padded.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        >>> print(ops.SpaceToBatch(2, ((0, 0), (0, 0)))(x).reshape(-1))
        [1. 2. 3. 4.]
    """,
    "MatrixDiagV3": """Builds matrices with given diagonals: the class form of `ops.matrix_diag`.

    Args:
        align (str): How diagonals shorter than the longest are placed in `x`:
            ``'RIGHT_LEFT'``, ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` or ``'RIGHT_RIGHT'`` (superdiagonals
            first word, subdiagonals second). Default: ``'RIGHT_LEFT'``.

    Inputs:
        x (Tensor): The diagonal values.
        k (Tensor): An int32 diagonal offset: 0 the main one, positive above (msfunc takes
            one diagonal, not MindSpore's ``(low, high)`` range).
        num_rows (Tensor): The rows of the result; -1 infers it.
        num_cols (Tensor): The columns of the result; -1 infers it.
        padding_value (Tensor): The value off the given diagonals.

    Outputs:
        Tensor, the matrices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> k, rows, cols = ms.Tensor(1, ms.int32), ms.Tensor(-1, ms.int32), ms.Tensor(-1, ms.int32)
        >>> print(ops.MatrixDiagV3()(ms.Tensor([1, 2]), k, rows, cols, ms.Tensor(0)))
        [[0 1 0]
         [0 0 2]
         [0 0 0]]
    """,
    "MatrixDiagPartV3": """Takes diagonals of matrices: the class form of `ops.matrix_diag_part`.

    Args:
        align (str): How diagonals shorter than the longest are placed in the result:
            ``'RIGHT_LEFT'``, ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` or ``'RIGHT_RIGHT'``.
            Default: ``'RIGHT_LEFT'``.

    Inputs:
        x (Tensor): A tensor of rank 2 or more.
        k (Tensor): An int32 diagonal offset: 0 the main one, positive above (msfunc takes
            one diagonal, not MindSpore's ``(low, high)`` range).
        padding_value (Tensor): The value filling short diagonals.

    Outputs:
        Tensor, the diagonals.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        >>> print(ops.MatrixDiagPartV3()(x, ms.Tensor(1, ms.int32), ms.Tensor(0)))
        [2 6]
    """,
    "MatrixSetDiagV3": """Writes new diagonals into matrices: `ops.matrix_set_diag`'s class.

    Args:
        align (str): How diagonals shorter than the longest are placed in `diagonal`:
            ``'RIGHT_LEFT'``, ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` or ``'RIGHT_RIGHT'``.
            Default: ``'RIGHT_LEFT'``.

    Inputs:
        x (Tensor): A tensor of rank 2 or more.
        diagonal (Tensor): The new diagonal values.
        k (Tensor): An int32 diagonal offset: 0 the main one, positive above (msfunc takes
            one diagonal, not MindSpore's ``(low, high)`` range).

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]])
        >>> print(ops.MatrixSetDiagV3()(x, ms.Tensor([9, 9]), ms.Tensor(0, ms.int32)))
        [[9 2]
         [3 9]]
    """,
    "DiagPart": """The diagonal of a tensor of shape ``D + D``: ``y[i..] = x[i.., i..]``.

    Inputs:
        x (Tensor): A tensor of even rank whose second half of dimensions repeats the first.

    Outputs:
        Tensor of shape ``x.shape[: x.ndim // 2]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.DiagPart()(ms.Tensor([[1, 2], [3, 4]])))
        [1 4]
    """,
    "FillDiagonal": """Writes a value on the main diagonal of a tensor.

    Args:
        fill_value (float): The value written.
        wrap (bool): For a tall matrix, whether the diagonal starts again below every
            `cols + 1` rows (numpy's wrap). Default: ``False``.

    Inputs:
        x (Tensor): A matrix, or a tensor whose dimensions are all equal.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]])
        >>> print(ops.FillDiagonal(5.0, True)(x))
        [[5. 0.]
         [0. 5.]
         [0. 0.]
         [5. 0.]]
    """,
    "Coalesce": """Sums the duplicate entries of a sparse COO tensor and sorts its indices.

    Inputs:
        idx (Tensor): Int64 indices of shape ``(ndim, nnz)``.
        vals (Tensor): The values, of shape ``(nnz,)``.
        shape (Tensor): The dense shape, an int64 tensor of shape ``(ndim,)``.

    Outputs:
        tuple of Tensors ``(indices, values, shape)`` with each index once, in order.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> idx = ms.Tensor([[1, 0, 1]], ms.int64)
        >>> vals, shape = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([3], ms.int64)
        >>> i, v, s = ops.Coalesce()(idx, vals, shape)
        >>> print(i, v, s)
        [[0 1]] [2. 4.] [3]
    """,
    "UniqueConsecutive": """Collapses runs of equal elements: `ops.unique_consecutive`'s class.

    Args:
        return_idx (bool): Kept for compatibility: the inverse indices are always returned.
            Default: ``False``.
        return_counts (bool): Kept for compatibility: the counts are always returned.
            Default: ``False``.
        axis (Optional[int]): The dimension whose consecutive equal slices collapse; ``None``
            works on the flattened tensor. Default: ``None``.

    Inputs:
        x (Tensor): The input tensor.

    Outputs:
        tuple of three Tensors: the values, the index of each element's run, and the length
        of each run.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> op = ops.UniqueConsecutive(True, True)
        >>> y, idx, counts = op(ms.Tensor([1, 1, 2, 2, 3, 1]))
        >>> print(y, idx, counts)
        [1 2 3 1] [0 0 1 1 2 3] [2 2 1 1]
    """,
    "UniqueWithPad": """Distinct values padded to the input's length (`ops.unique_with_pad`).

    Inputs:
        x (Tensor): A 1-D int32 or int64 tensor.
        pad_num (int): The value filling the result after the distinct values.

    Outputs:
        tuple of two Tensors of `x`'s shape and dtype: the padded distinct values, and for
        each element of `x` the index of its value among them.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y, idx = ops.UniqueWithPad()(ms.Tensor([1, 1, 5, 5]), -1)
        >>> print(y, idx)
        [ 1  5 -1 -1] [0 0 1 1]
    """,
    "SparseToDense": """A dense tensor from sparse indices and values (zeros elsewhere).

    Inputs:
        indices (Tensor): Int indices of shape ``(nnz, ndim)``.
        values (Tensor): The values, of shape ``(nnz,)``.
        sparse_shape (tuple[int, ...]): The shape of the result.

    Outputs:
        Tensor of shape `sparse_shape` and `values`' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indices = ms.Tensor([[0, 1], [1, 2]])
        >>> print(ops.SparseToDense()(indices, ms.Tensor([1.0, 2.0]), (2, 3)))
        [[0. 1. 0.]
         [0. 0. 2.]]
    """,
    "UnravelIndex": """Converts flat indices into coordinates for a shape.

    Inputs:
        indices (Tensor): Int flat indices.
        dims (Tensor): The shape the indices point into, a 1-D int tensor.

    Outputs:
        Tensor of shape ``(len(dims),) + indices.shape``: one row of coordinates per dimension.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.UnravelIndex()(ms.Tensor([5, 7]), ms.Tensor([3, 4])))
        [[1 1]
         [1 3]]
    """,
    "SparseGatherV2": """Takes slices of a tensor at given indices along an axis, as `Gather`.

    MindSpore computes the gradient of `params` sparsely; on JAX it is dense.

    Inputs:
        params (Tensor): The tensor to gather from.
        indices (Tensor): Integer indices into dimension `axis` of `params`.
        axis (int): The dimension to index.

    Outputs:
        Tensor of shape ``params.shape[:axis] + indices.shape + params.shape[axis + 1:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.SparseGatherV2()(x, ms.Tensor([0, 2]), 1))
        [[1 3]
         [4 6]]
    """,
}
