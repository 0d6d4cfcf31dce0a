"""Docstrings of the primitive classes generated from `primitive_tables.cpu_kernels`."""

__all__ = ["DOCS"]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
DOCS: dict[str, str] = {
    "NoRepeatNGram": """Blocks repeated n-grams in beam search: for each sequence, every earlier
place where its last ``ngram_size - 1`` tokens occurred gives the token that followed there,
and that token's log-probability becomes the dtype's lowest finite value.

Args:
    ngram_size (int): The length of the n-grams not to repeat. Default: ``1``.

Inputs:
    state_seq (Tensor): The generated tokens, int, shape ``(..., beam, length)``.
    log_probs (Tensor): The next token's log-probabilities, float, shape
        ``(..., beam, vocab)``.

Outputs:
    Tensor, `log_probs` with the blocked tokens set to ``-finfo(dtype).max``.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> seq = ms.Tensor(np.array([[[1, 2, 1, 3, 1]]], np.int32))  # "1" was followed by 2, 3
    >>> out = ops.NoRepeatNGram(2)(seq, ms.Tensor(np.zeros((1, 1, 5), np.float16)))
    >>> out.asnumpy().tolist()
    [[[0.0, 0.0, -65504.0, -65504.0, 0.0]]]
""",
    "ListDiff": """The entries of `x` that are not in `y`, in their order, with their positions in
`x`. The output's length depends on the values, so the inputs must be concrete (a graph-mode
Cell runs such an op eagerly).

Args:
    out_idx (dtype): The positions' dtype, ``mindspore.int32`` or ``mindspore.int64``.
        Default: ``mindspore.int32``.

Inputs:
    x (Tensor): 1-D values.
    y (Tensor): 1-D values to remove, of `x`'s dtype.

Outputs:
    Tuple ``(out, idx)``: the kept values and their positions in `x`.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> out, idx = ops.ListDiff()(ms.Tensor([1, 2, 3, 4, 2, 6]), ms.Tensor([1, 3, 5]))
    >>> print(out, idx)
    [2 4 2 6] [1 3 4 5]
""",
    "Assert": """Checks a condition: when it is False the first `summarize` entries of each
tensor of `input_data` are printed and a RuntimeError is raised (inside a compiled function,
when the program runs).

Args:
    summarize (int): The number of entries printed of each tensor. Default: ``3``.

Inputs:
    condition (Union[bool, Tensor]): The condition, a bool or a one-element bool Tensor.
    input_data (Union[tuple, list]): The tensors to print when it fails.

Outputs:
    Tensor of shape ``(1,)``, int32 zeros.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> check = ops.Assert(2)
    >>> _ = check(True, [ms.Tensor([1.0, 2.0, 3.0])])
    >>> try:
    ...     check(False, [ms.Tensor([1.0, 2.0, 3.0])])
    ... except RuntimeError:
    ...     print("raised")
    Assert: the condition is False; the first entries of each input:
      [1. 2.]
    raised
""",
    "CombinedNonMaxSuppression": """Non-maximum suppression over many classes (TensorFlow's
combined NMS): in each image, boxes scoring above `score_threshold` are kept class by class
greedily (best first, dropping those overlapping a kept one by IoU above `iou_threshold`, at
most `max_output_size_per_class`), then the best `max_total_size` of all classes are returned,
zero-padded. The output size comes from input values, so the inputs must be concrete (a
graph-mode Cell runs such an op eagerly).

Args:
    pad_per_class (bool): Pad to ``min(max_total_size, max_output_size_per_class *
        classes)`` instead of `max_total_size`. Default: ``False``.
    clip_boxes (bool): Clip the returned corners to [0, 1]. Default: ``True``.

Inputs:
    boxes (Tensor): (batch, boxes, q, 4) corners (y1, x1, y2, x2); q is 1 (shared by the
        classes) or the number of classes.
    scores (Tensor): (batch, boxes, classes).
    max_output_size_per_class (Union[int, Tensor]): Boxes kept per class.
    max_total_size (Union[int, Tensor]): Boxes kept per image.
    iou_threshold (Union[float, Tensor]): Overlap above which a box is dropped.
    score_threshold (Union[float, Tensor]): Scores at or below it are dropped.

Outputs:
    Tuple of 4: the boxes (batch, size, 4), their scores and classes (batch, size), both
    float32, and the number of valid boxes per image (int32).

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> boxes = ms.Tensor(np.array([[[[0, 0, 1, 1]], [[0, 0, 1, 0.9]]]], np.float32))
    >>> scores = ms.Tensor(np.array([[[0.9, 0.1], [0.8, 0.7]]], np.float32))
    >>> out = ops.CombinedNonMaxSuppression()(boxes, scores, 2, 3, 0.5, 0.2)
    >>> out[1].asnumpy().tolist(), out[2].asnumpy().tolist(), out[3].asnumpy().tolist()
    ([[0.8999999761581421, 0.699999988079071, 0.0]], [[0.0, 1.0, 0.0]], [2])
""",
    "PadAndShift": """A row of -1 with a block of `input_x` shifted in: the result has
``cum_sum_arr[-1]`` entries and ``input_x[:end - start]`` at ``[start, end)``, where
``start = cum_sum_arr[shift_idx]`` and ``end = cum_sum_arr[shift_idx + 1]``.

The result's length depends on `cum_sum_arr`'s values, so they must be concrete.

Inputs:
    input_x (Tensor): int32 or int64, 1-D.
    cum_sum_arr (Tensor): int32 or int64, 1-D, non-decreasing offsets.
    shift_idx (int): The block: ``0 <= shift_idx < len(cum_sum_arr) - 1``.

Outputs:
    Tensor of `input_x`'s dtype, shape ``(cum_sum_arr[-1],)``.

Raises:
    TypeError: If an input is not an int32 or int64 Tensor.
    RuntimeError: If `shift_idx` or the block does not fit.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ms.Tensor([9, 13, -1, -1], ms.int32)
    >>> print(ops.PadAndShift()(x, ms.Tensor([0, 3, 5], ms.int32), 1))
    [-1 -1 -1  9 13]
""",
    "MapUniform": """Spreads consecutive ids over `group_num` groups of `per_group_size`:
``(id % group_num) * per_group_size + id // group_num`` (truncating division, as C).

Inputs:
    input (Tensor): int8, int16, int32 or int64 ids.
    per_group_size (Union[int, Tensor]): The size of each group.
    group_num (Union[int, Tensor]): The number of groups, not 0.

Outputs:
    Tensor of `input`'s shape and dtype.

Raises:
    TypeError: If `input` is not an integer Tensor.
    RuntimeError: If `group_num` is 0 or a mapped id reaches ``per_group_size * group_num``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.MapUniform()(ms.Tensor([0, 1, 2, 3, 4, 5, 6, 7], ms.int32), 4, 2))
    [0 4 1 5 2 6 3 7]
""",
}
