"""Written docstrings (`_docstrings.Doc`) of mint's table-built reductions, linear algebra,
shape, indexing and creation functions."""

from ._docstrings import doc

_REDUCE_DIM = "int | tuple[int, ...]: The dimension(s) to reduce; ``None`` reduces them all."
_REDUCED = "Tensor, `input` reduced over `dim`."
_CUMULATIVE = "Tensor, shaped like `input`."
_SCALE = {
    "beta": "float: The multiplier of `input`.",
    "alpha": "float: The multiplier of the product.",
}
_JOIN = "Tensor, the tensors joined."
_SPLIT = "tuple[Tensor, ...], the pieces in order."
_DTYPE = "Number: The dtype of the result; ``None`` gives float32."
_CDIST = doc(
    "The `p`-norm distance between each row of `x1` and each row of `x2` (batched).",
    "Tensor, of shape (..., P, R) for `x1` (..., P, M) and `x2` (..., R, M).",
    x1="Tensor: The first set of row vectors, (..., P, M).",
    x2="Tensor: The second set of row vectors, (..., R, M).",
    p="float: The order of the norm, at least 0.",
    compute_mode="str: Only the default is supported: msfunc computes the distances directly.",
)
_CAT = doc(
    "The `tensors` joined along the existing dimension `dim`.",
    _JOIN,
    dim="int: The dimension to join along.",
)
_CLAMP = doc(
    "`input` with each element limited to [`min`, `max`].",
    "Tensor, of the broadcast shape of `input`, `min` and `max`.",
    min="Tensor | float: The lower bound; ``None`` for none.",
    max="Tensor | float: The upper bound; ``None`` for none.",
)
_SOFTMAX = doc(
    "``exp(input) / sum(exp(input))`` along `dim`.",
    "Tensor, shaped like `input`.",
    dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
)

DOCS = {
    # linear algebra
    "matmul": doc(
        "Matrix product of `input` and `other`, batched and broadcast as numpy's matmul.",
        "Tensor, the product.",
        other="Tensor: The right operand.",
    ),
    "dot": doc(
        "Dot product of two 1-D tensors.",
        "Tensor, 0-D.",
        input="Tensor: The first 1-D tensor.",
        other="Tensor: The second 1-D tensor, as long as `input`.",
    ),
    "outer": doc(
        "Outer product ``input[i] * vec2[j]`` of two 1-D tensors.",
        "Tensor, of shape (len(input), len(vec2)).",
        input="Tensor: The first 1-D tensor.",
        vec2="Tensor: The second 1-D tensor.",
    ),
    "bmm": doc(
        "Batched matrix product: (B, N, M) by (B, M, P).",
        "Tensor, of shape (B, N, P).",
        input="Tensor: The left batch of matrices, (B, N, M).",
        mat2="Tensor: The right batch of matrices, (B, M, P).",
    ),
    "mv": doc(
        "Matrix-vector product: (N, M) by (M,).",
        "Tensor, of shape (N,).",
        input="Tensor: The matrix, (N, M).",
        vec="Tensor: The vector, (M,).",
    ),
    "addmm": doc(
        "``beta * input + alpha * (mat1 @ mat2)``.",
        "Tensor, of shape (N, P).",
        input="Tensor: The term added, broadcastable to (N, P).",
        mat1="Tensor: The left matrix, (N, M).",
        mat2="Tensor: The right matrix, (M, P).",
        **_SCALE,
    ),
    "addmv": doc(
        "``beta * input + alpha * (mat @ vec)``.",
        "Tensor, of shape (N,).",
        input="Tensor: The term added, broadcastable to (N,).",
        mat="Tensor: The matrix, (N, M).",
        vec="Tensor: The vector, (M,).",
        **_SCALE,
    ),
    "addbmm": doc(
        "``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``: the batch of products summed.",
        "Tensor, of shape (N, P).",
        input="Tensor: The term added, broadcastable to (N, P).",
        batch1="Tensor: The left matrices, (B, N, M).",
        batch2="Tensor: The right matrices, (B, M, P).",
        **_SCALE,
    ),
    "baddbmm": doc(
        "``beta * input + alpha * (batch1 @ batch2)``, batch by batch.",
        "Tensor, of shape (B, N, P).",
        input="Tensor: The term added, broadcastable to (B, N, P).",
        batch1="Tensor: The left matrices, (B, N, M).",
        batch2="Tensor: The right matrices, (B, M, P).",
        **_SCALE,
    ),
    "addr_": doc(
        "``beta * input + alpha * outer(vec1, vec2)`` written into `input`.",
        "Tensor, `input` itself when it is a Tensor (else the result).",
        input="Tensor: The matrix updated, (N, M).",
        vec1="Tensor: The first vector, (N,).",
        vec2="Tensor: The second vector, (M,).",
        **_SCALE,
    ),
    "addcdiv": doc(
        "``input + value * tensor1 / tensor2``.",
        "Tensor, of the broadcast shape of the three tensors.",
        tensor1="Tensor: The numerator.",
        tensor2="Tensor: The denominator.",
    ),
    "addcmul": doc(
        "``input + value * tensor1 * tensor2``.",
        "Tensor, of the broadcast shape of the three tensors.",
        tensor1="Tensor: The first factor.",
        tensor2="Tensor: The second factor.",
    ),
    "cdist": _CDIST,
    "cdist_": _CDIST,
    "cross": doc(
        "Cross product of 3-vectors along `dim`.",
        "Tensor, of the broadcast shape of `input` and `other`.",
        other="Tensor: The second operand.",
        dim="int: The dimension of size 3; ``None`` takes the first such dimension.",
    ),
    "einsum": doc(
        "Einstein summation of `operands` as `equation` spells it (``'ij,jk->ik'``).",
        "Tensor, the contraction.",
        equation="str: The subscripts of each operand and of the result.",
        operands="Tensor: The tensors contracted.",
    ),
    # reductions
    "all": doc("Whether every element over `dim` is true.", "Tensor, bool.", dim=_REDUCE_DIM),
    "any": doc("Whether any element over `dim` is true.", "Tensor, bool.", dim=_REDUCE_DIM),
    "amax": doc("Largest element over `dim`.", _REDUCED, dim=_REDUCE_DIM),
    "amin": doc("Smallest element over `dim`.", _REDUCED, dim=_REDUCE_DIM),
    "argmax": doc(
        "Index of the largest element along `dim` (of the flattened `input` when ``None``).",
        "Tensor, int64.",
        dim="int: The dimension to search; ``None`` searches all elements.",
    ),
    "argmin": doc(
        "Index of the smallest element along `dim` (of the flattened `input` when ``None``).",
        "Tensor, int64.",
        dim="int: The dimension to search; ``None`` searches all elements.",
    ),
    "argsort": doc(
        "Indices that sort `input` along `dim`.",
        "Tensor, int64, shaped like `input`.",
        "msfunc's sort is always stable, whatever `stable` says.",
        descending="bool: Whether the largest comes first.",
        stable="bool: Whether equal elements keep their order (they always do in msfunc).",
    ),
    "sum": doc(
        "Sum of the elements over `dim`.",
        _REDUCED,
        dim=_REDUCE_DIM,
        dtype="Number: The dtype `input` is cast to first; ``None`` keeps it (bool and integer "
        "sums are int64).",
    ),
    "prod": doc(
        "Product of the elements over `dim`.",
        _REDUCED,
        dim="int: The dimension to reduce; ``None`` reduces them all.",
        dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
    ),
    "nansum": doc(
        "Sum of the elements over `dim`, NaNs counted as zero.",
        _REDUCED,
        dim=_REDUCE_DIM,
        dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
    ),
    "logsumexp": doc(
        "``log(sum(exp(input)))`` over `dim`, computed without overflow.",
        _REDUCED,
        dim="int | tuple[int, ...]: The dimension(s) to reduce.",
    ),
    "cumsum": doc(
        "Running sum along `dim`.",
        _CUMULATIVE,
        dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
    ),
    "cumprod": doc(
        "Running product along `dim`.",
        _CUMULATIVE,
        dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
    ),
    "cummax": doc(
        "Running maximum along `dim`, with the index where each was reached.",
        "tuple[Tensor, Tensor], the values and their int64 indices, each shaped like `input`.",
    ),
    "cummin": doc(
        "Running minimum along `dim`, with the index where each was reached.",
        "tuple[Tensor, Tensor], the values and their int64 indices, each shaped like `input`.",
    ),
    "diff": doc(
        "The `n`-th forward difference ``x[i + 1] - x[i]`` along `dim`.",
        "Tensor, `dim` shorter by `n` (after `prepend` and `append` are joined).",
        n="int: How many times to difference.",
        prepend="Tensor: Values joined before `input` along `dim` first.",
        append="Tensor: Values joined after `input` along `dim` first.",
    ),
    "histc": doc(
        "Histogram of `input` in `bins` equal bins over [`min`, `max`].",
        "Tensor, 1-D, of length `bins`, of `input`'s dtype.",
        "With ``min == max`` (the default 0, 0) the data's own minimum and maximum are used; "
        "elements outside the range are not counted.",
        bins="int: The number of bins.",
        min="float: The lower end of the range.",
        max="float: The upper end of the range.",
    ),
    "bincount": doc(
        "How often each non-negative integer occurs in 1-D `input` (weighted by `weights`).",
        "Tensor, 1-D, of length ``max(input.max() + 1, minlength)``.",
        input="Tensor: Non-negative integers, 1-D.",
        weights="Tensor: A weight per element of `input`, summed instead of counting 1.",
        minlength="int: The least length of the result.",
    ),
    "softmax": _SOFTMAX,
    "softmax_ext": _SOFTMAX,
    # joining and splitting
    "cat": _CAT,
    "concat": _CAT,
    "stack": doc(
        "The `tensors` (all of one shape) stacked along a new dimension `dim`.",
        _JOIN,
        dim="int: The position of the new dimension.",
    ),
    "hstack": doc("The `tensors` joined column-wise (1-D ones end to end).", _JOIN),
    "dstack": doc("The `tensors` joined depth-wise, along a third dimension.", _JOIN),
    "chunk": doc(
        "`input` split into `chunks` pieces of equal size along `dim` (the last may be smaller).",
        _SPLIT,
        chunks="int: The number of pieces asked for (fewer when `input` is short).",
    ),
    "split": doc(
        "`tensor` split along `dim` into pieces of one size or of the sizes listed.",
        _SPLIT,
        tensor="Tensor: The tensor to split.",
        split_size_or_sections="int | Sequence[int]: The size of each piece (the last may be "
        "smaller), or the list of sizes.",
    ),
    "unbind": doc("The slices of `input` along `dim`, that dimension removed.", _SPLIT),
    # shape
    "unsqueeze": doc(
        "`input` with a new dimension of size 1 at `dim`.",
        "Tensor, one dimension more.",
        dim="int: Where the new dimension goes.",
    ),
    "squeeze_impl": doc(
        "`input` without its size-1 dimension(s) `axis`.",
        "Tensor, those dimensions removed.",
        axis="int | tuple[int, ...]: The dimension(s) to remove.",
    ),
    "flip": doc(
        "`input` with the order of elements reversed along `dims`.", "Tensor, shaped like `input`."
    ),
    "roll": doc(
        "`input` with elements shifted by `shifts` along `dims`, wrapping around.",
        "Tensor, shaped like `input`.",
        shifts="int | tuple[int, ...]: The shift per dimension.",
        dims="int | tuple[int, ...]: The dimensions; ``None`` rolls the flattened tensor.",
    ),
    "tile": doc(
        "`input` repeated `dims` times along each dimension.",
        "Tensor, each dimension multiplied by its count.",
        dims="tuple[int, ...]: The repetitions per dimension (leading ones are added to match).",
    ),
    "permute": doc(
        "`input` with its dimensions reordered as `dims`.",
        "Tensor, with the dimensions reordered.",
        dims="tuple[int, ...]: The new order of the dimensions.",
    ),
    "swapaxes": doc(
        "`input` with dimensions `axis0` and `axis1` swapped.",
        "Tensor.",
        axis0="int: The first dimension.",
        axis1="int: The second dimension.",
    ),
    "broadcast_to": doc(
        "`input` broadcast to `shape` (``-1`` keeps a dimension).",
        "Tensor, of shape `shape`.",
    ),
    "reshape": doc(
        "`input` with a new shape and the same elements (one ``-1`` is inferred).",
        "Tensor, of shape `shape`.",
    ),
    "narrow": doc(
        "The `length` elements of `input` from `start` along `dim`.",
        "Tensor, `dim` of size `length`.",
        start="int: The first index kept.",
        length="int: How many elements are kept.",
    ),
    "repeat_interleave": doc(
        "Each element of `input` repeated `repeats` times along `dim`.",
        "Tensor, `dim` lengthened by the repetitions.",
        repeats="int | Tensor: The repetitions, one count or one per element.",
        dim="int: The dimension; ``None`` flattens `input` first.",
        output_size="int: The total length along `dim`, if known.",
    ),
    # indexing
    "index_select": doc(
        "The entries of `input` at `index` along `dim`.",
        "Tensor, `dim` of size ``len(index)``.",
        index="Tensor: 1-D integer indices.",
    ),
    "gather": doc(
        "``out[i][j] = input[index[i][j]][j]`` (for ``dim=0``): values picked along `dim`.",
        "Tensor, shaped like `index`.",
        index="Tensor: Integer indices, of `input`'s rank.",
    ),
    "scatter": doc(
        "`input` with ``src`` written at `index` along `dim` (the inverse of gather).",
        "Tensor, shaped like `input`.",
        index="Tensor: Integer indices, of `input`'s rank.",
        src="Tensor | float: The values written.",
    ),
    "masked_select": doc(
        "The elements of `input` where `mask` is true, in row-major order.",
        "Tensor, 1-D.",
        mask="Tensor: A bool tensor that broadcasts against `input`.",
    ),
    "take": doc(
        "The elements of the flattened `input` at `index`.",
        "Tensor, shaped like `index`.",
    ),
    "where": doc(
        "`input` where `condition` is true, else `other`, element by element.",
        "Tensor, of the broadcast shape of the three.",
        condition="Tensor: A bool tensor.",
        input="Tensor | float: The values taken where `condition` holds.",
        other="Tensor | float: The values taken elsewhere.",
    ),
    "nonzero": doc(
        "The indices of the non-zero elements of `input`.",
        "Tensor | tuple[Tensor, ...], int64, of shape (count, rank), or one 1-D tensor per "
        "dimension when `as_tuple`.",
        as_tuple="bool: Whether to return one index tensor per dimension.",
    ),
    "tril": doc(
        "The lower triangle of the matrices of `input`: above `diagonal` set to zero.",
        "Tensor, shaped like `input`.",
        diagonal="int: The diagonal kept last (0: the main one; positive: above it).",
    ),
    "triu": doc(
        "The upper triangle of the matrices of `input`: below `diagonal` set to zero.",
        "Tensor, shaped like `input`.",
        diagonal="int: The diagonal kept first (0: the main one; positive: above it).",
    ),
    "searchsorted": doc(
        "Where each of `values` would go in `sorted_sequence` to keep it sorted.",
        "Tensor, int64 (int32 with `out_int32`), shaped like `values`.",
        sorted_sequence="Tensor: Sorted along its last dimension (or sorted by `sorter`).",
        values="Tensor | float: The values to place.",
        out_int32="bool: Whether the indices are int32.",
        right="bool: Whether an equal value goes after (``True``) the equal entries.",
        side="str: ``'left'`` or ``'right'``, the same as `right`.",
        sorter="Tensor: The indices that sort `sorted_sequence`.",
    ),
    "unique_consecutive": doc(
        "`input` with each run of equal consecutive elements reduced to one.",
        "Tensor | tuple[Tensor, ...], the values, then the inverse indices and the run lengths "
        "when asked for.",
        return_inverse="bool: Whether to return, per element, the index of its run.",
        return_counts="bool: Whether to return the length of each run.",
        dim="int: The dimension; ``None`` works on the flattened tensor.",
    ),
    "clamp": _CLAMP,
    "clip": _CLAMP,
    "nan_to_num": doc(
        "`input` with NaN, +inf and -inf replaced by finite numbers.",
        "Tensor, shaped like `input`.",
        nan="float: The value of NaNs; ``None`` gives 0.",
        posinf="float: The value of +inf; ``None`` gives the dtype's largest.",
        neginf="float: The value of -inf; ``None`` gives the dtype's smallest.",
    ),
    # creation
    "arange": doc(
        "The numbers from `start` up to (not including) `end`, `step` apart.",
        "Tensor, 1-D: int64 when all three are integers, else float32.",
        start="float: The first value (the end when `end` is ``None``).",
        end="float: The bound, excluded.",
        step="float: The gap between values.",
        dtype="Number: The dtype of the result; ``None`` infers it.",
    ),
    "eye": doc(
        "A 2-D tensor with ones on the main diagonal and zeros elsewhere.",
        "Tensor, of shape (n, m).",
        n="int: The number of rows.",
        m="int: The number of columns; ``None`` makes it `n`.",
        dtype=_DTYPE,
    ),
    "full": doc(
        "A tensor of shape `size` filled with `fill_value`.",
        "Tensor, of the dtype of `fill_value` unless `dtype` is given.",
        fill_value="float: The value of every element.",
        dtype="Number: The dtype of the result; ``None`` infers it from `fill_value`.",
    ),
    "full_like": doc(
        "A tensor shaped like `input` filled with `fill_value`.",
        "Tensor, of `input`'s dtype unless `dtype` is given.",
        fill_value="float: The value of every element.",
    ),
    "ones": doc("A tensor of shape `size` filled with ones.", "Tensor.", dtype=_DTYPE),
    "zeros": doc("A tensor of shape `size` filled with zeros.", "Tensor.", dtype=_DTYPE),
    "ones_like": doc("A tensor shaped like `input` filled with ones.", "Tensor."),
    "zeros_like": doc("A tensor shaped like `input` filled with zeros.", "Tensor."),
    # MindSpore's kernel handle of gelu
    "npu_gelu": doc("GELU activation ``input * Phi(input)``, element by element.", "Tensor."),
}
