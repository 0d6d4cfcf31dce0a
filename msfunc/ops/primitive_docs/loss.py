"""Docstrings of the primitive classes generated from `primitive_tables.loss`."""

__all__ = ["DOCS"]

_REDUCTION = (
    "reduction (str): ``'none'`` (no reduction), ``'mean'`` or ``'sum'``. Default: ``'{}'``."
)

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
# Expected values: by hand or NumPy (each noted), checked against MindSpore 2.10 where its CPU
# build has the kernel.
DOCS: dict[str, str] = {
    "L2Loss": """Half the sum of squares of `x`: ``sum(x**2) / 2``.

Inputs:
    x (Tensor): A float tensor.

Outputs:
    Tensor, a scalar of `x`'s dtype.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.L2Loss()(ms.Tensor([1.0, 2.0, 3.0])))  # (1 + 4 + 9) / 2
    7.0
""",
    "BCEWithLogitsLoss": f"""Binary cross entropy of logits (a sigmoid applied inside, stably).

Per element: ``-weight * (pos_weight * y * log(sigmoid(x)) + (1 - y) * log(1 - sigmoid(x)))``.
The class form of `ops.binary_cross_entropy_with_logits`.

Args:
    {_REDUCTION.format("mean")}

Inputs:
    logits (Tensor): The predicted logits.
    label (Tensor): The targets in [0, 1], of `logits`'s shape.
    weight (Tensor): Per-element weights, broadcast against `logits`; ``None``: all 1.
    pos_weight (Tensor): Weights of the positive class, broadcast against `logits`; ``None``:
        all 1.

Outputs:
    Tensor: a scalar, or of `logits`'s shape for ``reduction='none'``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x, y, ones = ms.Tensor([0.0, 2.0]), ms.Tensor([1.0, 0.0]), ms.Tensor([1.0, 1.0])
    >>> print(ops.BCEWithLogitsLoss()(x, y, ones, ones))  # (log(2) + log(1 + e**2)) / 2
    1.41003...
""",
    "BinaryCrossEntropy": f"""Binary cross entropy of probabilities:
``-weight * (y * log(x) + (1 - y) * log(1 - x))`` per element. The class form of
`ops.binary_cross_entropy`.

Args:
    {_REDUCTION.format("mean")}

Inputs:
    logits (Tensor): The predicted probabilities, in (0, 1).
    labels (Tensor): The targets, of `logits`'s shape.
    weight (Tensor): Per-element weights of `logits`'s shape; ``None``: all 1.

Outputs:
    Tensor: a scalar, or of `logits`'s shape for ``reduction='none'``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x, y = ms.Tensor([0.5, 0.8]), ms.Tensor([1.0, 0.0])
    >>> print(ops.BinaryCrossEntropy()(x, y))  # (-log(0.5) - log(0.2)) / 2
    1.15129...
""",
    "KLDivLoss": """The Kullback-Leibler divergence loss ``labels * (log(labels) - logits)`` of
log-probabilities `logits` from probabilities `labels`. The class form of `ops.kl_div`.

Args:
    reduction (str): ``'none'``, ``'mean'`` (over all elements), ``'batchmean'`` (the sum
        divided by the batch size) or ``'sum'``. Default: ``'mean'``.

Inputs:
    logits (Tensor): Log-probabilities.
    labels (Tensor): Probabilities, of `logits`'s shape.

Outputs:
    Tensor: a scalar, or of `logits`'s shape for ``reduction='none'``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> logp, p = ms.Tensor([-1.0, -2.0]), ms.Tensor([0.5, 0.5])
    >>> print(ops.KLDivLoss(reduction="sum")(logp, p))  # 0.5 (log 0.5 + 1) + 0.5 (log 0.5 + 2)
    0.80685...
""",
    "NLLLoss": """The negative log-likelihood loss of log-probabilities `logits` at class
indices `labels`, each weighted by its class's `weight`. The class form of `ops.nll_loss`.

Args:
    reduction (str): ``'none'``, ``'mean'`` (divided by the summed weights) or ``'sum'``.
        Default: ``'mean'``.
    ignore_index (int): A label value that contributes nothing. Default: ``-100``.

Inputs:
    logits (Tensor): Log-probabilities, shape ``(N, C)``.
    labels (Tensor): Class indices, int32, shape ``(N,)``.
    weight (Tensor): Class weights, shape ``(C,)``.

Outputs:
    Tuple of 2 Tensors: the loss, and the total weight of the counted labels.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> logp = ms.Tensor([[-1.0, -2.0], [-0.5, -3.0]])
    >>> labels, weight = ms.Tensor([0, 1], ms.int32), ms.Tensor([1.0, 2.0])
    >>> loss, total_weight = ops.NLLLoss()(logp, labels, weight)
    >>> print(loss, total_weight)  # (1 * 1 + 2 * 3) / 3
    2.33333... 3.0
""",
    "SmoothL1Loss": """The smooth L1 (Huber-like) loss: ``0.5 * d**2 / beta`` where ``|d| < beta``,
else ``|d| - 0.5 * beta``, with ``d = logits - labels``. The class form of
`ops.smooth_l1_loss`.

Args:
    beta (float): Where the loss turns from quadratic to linear. Default: ``1.0``.
    reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'none'``.

Inputs:
    logits (Tensor): The predictions.
    labels (Tensor): The targets, of `logits`'s shape.

Outputs:
    Tensor: of `logits`'s shape for ``reduction='none'``, else a scalar.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.SmoothL1Loss()(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([1.5, 4.0, 3.0])))
    [0.125 1.5   0.   ]
""",
    "SoftMarginLoss": f"""The two-class logistic loss ``log(1 + exp(-y * x))`` for labels ``y`` of
+1 or -1. The class form of `ops.soft_margin_loss`.

Args:
    {_REDUCTION.format("mean")}

Inputs:
    logits (Tensor): The predictions.
    labels (Tensor): +1 or -1, of `logits`'s shape.

Outputs:
    Tensor: a scalar, or of `logits`'s shape for ``reduction='none'``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> print(ops.SoftMarginLoss()(ms.Tensor([0.0, 2.0]), ms.Tensor([1.0, -1.0])))
    1.41003...
""",
    "MultiMarginLoss": f"""The multi-class hinge loss: per sample, the sum over the other
classes ``i`` of ``weight[y] * max(0, margin - x[y] + x[i])**p``, divided by the number of
classes. The class form of `ops.multi_margin_loss`.

Args:
    p (int): The power, 1 or 2. Default: ``1``.
    margin (float): The margin. Default: ``1.0``.
    {_REDUCTION.format("mean")}

Inputs:
    x (Tensor): Class scores, shape ``(N, C)``.
    target (Tensor): The true classes, int64, shape ``(N,)``.
    weight (Tensor): Class weights, shape ``(C,)``; ``None``: all 1.

Outputs:
    Tensor: a scalar, or of shape ``(N,)`` for ``reduction='none'``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x, target = ms.Tensor([[0.1, 0.2, 0.4]]), ms.Tensor([2], ms.int64)
    >>> print(ops.MultiMarginLoss()(x, target))  # (0.7 + 0.8) / 3
    0.5...
""",
    "MultilabelMarginLoss": f"""The multi-label hinge loss: per sample, the sum over its
target classes ``j`` and non-target classes ``i`` of ``max(0, 1 - (x[j] - x[i]))``, divided by
the number of classes. The class form of `ops.multilabel_margin_loss`.

Args:
    {_REDUCTION.format("mean")}

Inputs:
    x (Tensor): Class scores, shape ``(C,)`` or ``(N, C)``.
    target (Tensor): int32, of `x`'s shape: each row lists target classes, ended by the first
        -1.

Outputs:
    Tuple of 2 Tensors: the loss (a scalar, or of shape ``(N,)`` for ``reduction='none'``),
    and ``is_target`` (int32, of `target`'s shape): 1 at each class a row lists.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ms.Tensor([[0.1, 0.2, 0.4, 0.8]])
    >>> target = ms.Tensor([[3, 0, -1, 1]], ms.int32)  # classes 3 and 0
    >>> loss, is_target = ops.MultilabelMarginLoss()(x, target)
    >>> print(round(float(loss), 4), is_target)  # (0.4 + 0.6 + 1.1 + 1.3) / 4
    0.85 [[1 0 0 1]]
""",
    "TripletMarginLoss": f"""The triplet loss ``max(d(x, positive) - d(x, negative) + margin, 0)``
with ``d`` the p-norm distance (``eps`` added to the difference). The class form of
`ops.triplet_margin_loss`.

Args:
    p (int): The norm degree of the distance. Default: ``2``.
    swap (bool): Use ``d(positive, negative)`` instead of ``d(x, negative)`` when smaller.
        Default: ``False``.
    eps (float): Added to the differences for stability. Default: ``1e-06``.
    {_REDUCTION.format("mean")}

Inputs:
    x (Tensor): The anchors, shape ``(N, D)``.
    positive (Tensor): Samples of the anchors' class, of `x`'s shape.
    negative (Tensor): Samples of other classes, of `x`'s shape.
    margin (Tensor): The margin, a float scalar.

Outputs:
    Tensor: a scalar, or of shape ``(N,)`` for ``reduction='none'``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> anchor, pos, neg = ms.Tensor([[1.0, 0.0]]), ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0, 0.0]])
    >>> print(ops.TripletMarginLoss()(anchor, pos, neg, ms.Tensor(1.0)))  # 1 - 1 + 1, less eps
    0.99999...
""",
    "SigmoidCrossEntropyWithLogits": """Binary cross entropy of logits, element by element, not
reduced: ``-y * log(sigmoid(x)) - (1 - y) * log(1 - sigmoid(x))``.

Inputs:
    logits (Tensor): The predicted logits.
    label (Tensor): The targets in [0, 1], of `logits`'s shape.

Outputs:
    Tensor of `logits`'s shape and dtype.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x, y = ms.Tensor([0.0, 2.0]), ms.Tensor([1.0, 0.0])
    >>> print(ops.SigmoidCrossEntropyWithLogits()(x, y))  # log 2, log(1 + e**2)
    [0.69314... 2.12692...]
""",
    "SoftmaxCrossEntropyWithLogits": """Softmax cross entropy of each row of logits against
probability labels, with its gradient.

Inputs:
    logits (Tensor): Scores, shape ``(N, C)``.
    labels (Tensor): Probabilities over the classes (one-hot, say), of `logits`'s shape.

Outputs:
    Tuple of 2 Tensors: the loss per row ``-sum(labels * log_softmax(logits))`` (shape
    ``(N,)``), and its gradient ``softmax(logits) - labels`` (shape ``(N, C)``).

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> logits = ms.Tensor([[0.0, 0.0], [1.0, 3.0]])
    >>> labels = ms.Tensor([[1.0, 0.0], [0.0, 1.0]])
    >>> loss, grad = ops.SoftmaxCrossEntropyWithLogits()(logits, labels)
    >>> print(loss)  # log 2, log(1 + e**-2)
    [0.69314... 0.12692...]
""",
    "SparseSoftmaxCrossEntropyWithLogits": """Softmax cross entropy of logits against class
indices, averaged over the batch (or its gradient).

Args:
    is_grad (bool): Return the gradient ``(softmax(logits) - one_hot(labels)) / N`` instead of
        the loss. Default: ``False``.

Inputs:
    logits (Tensor): Scores, shape ``(N, C)``.
    labels (Tensor): Class indices, int32 or int64, shape ``(N,)``.

Outputs:
    Tensor: the mean loss (a scalar), or the gradient (of `logits`'s shape) when `is_grad`.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> logits, labels = ms.Tensor([[0.0, 0.0], [1.0, 3.0]]), ms.Tensor([0, 1], ms.int32)
    >>> print(ops.SparseSoftmaxCrossEntropyWithLogits()(logits, labels))
    0.41003...
""",
    "SparseSoftmaxCrossEntropyWithLogitsV2": """Softmax cross entropy of logits against class
indices, per example, with its gradient.

Inputs:
    logits (Tensor): Scores, float16 or float32, shape ``(N, C)``.
    labels (Tensor): Class indices in ``[0, C)``, int32 or int64, shape ``(N,)``.

Outputs:
    Tuple ``(loss, backprop)``: the loss of each example, shape ``(N,)``, and
    ``softmax(logits) - one_hot(labels)``, `logits`'s shape.

Example:
    >>> import msfunc as ms
    >>> from msfunc.ops.primitives import SparseSoftmaxCrossEntropyWithLogitsV2
    >>> logits, labels = ms.Tensor([[0.0, 0.0], [1.0, 3.0]]), ms.Tensor([0, 1], ms.int32)
    >>> loss, backprop = SparseSoftmaxCrossEntropyWithLogitsV2()(logits, labels)
    >>> print(loss)  # log 2, log(1 + e**-2)
    [0.69314... 0.12692...]
""",
    "CTCLossV2": """The connectionist temporal classification (CTC) loss of log-probabilities
against padded target sequences. The class form of `ops.ctc_loss`.

Args:
    blank (int): The blank class. Default: ``0``.
    reduction (str): ``'none'``, ``'mean'`` (each loss divided by its target length, then
        averaged) or ``'sum'``. Default: ``'none'``.
    zero_infinity (bool): Make infinite losses (impossible alignments) 0. Default: ``False``.

Inputs:
    log_probs (Tensor): Log-probabilities, shape ``(T, N, C)``.
    targets (Tensor): Target classes, int32 or int64, shape ``(N, S)``.
    input_lengths (Tensor): The frames of each sample, shape ``(N,)``.
    target_lengths (Tensor): The length of each target, shape ``(N,)``.

Outputs:
    Tuple of 2 Tensors: the loss (shape ``(N,)`` for ``'none'``, else a scalar) and the log
    forward variables ``log_alpha``, shape ``(N, T, 2 * S + 1)``.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> log_probs = ms.Tensor(np.log(np.full((3, 1, 3), 1 / 3, np.float32)))
    >>> targets = ms.Tensor([[1, 2]], ms.int32)
    >>> lengths, target_lengths = ms.Tensor([3], ms.int32), ms.Tensor([2], ms.int32)
    >>> loss, log_alpha = ops.CTCLossV2()(log_probs, targets, lengths, target_lengths)
    >>> print(loss)  # 5 alignments of (1, 2) in 3 frames: -log(5 / 27)
    [1.68639...]
""",
    "CTCLoss": """The CTC loss of unnormalized logits against sparse labels, with its gradient
(TensorFlow's convention: the blank is the last class).

msfunc computes standard CTC only: ``preprocess_collapse_repeated=True`` or
``ctc_merge_repeated=False`` raise NotImplementedError.

Args:
    preprocess_collapse_repeated (bool): Merge repeated labels before the loss. Default:
        ``False``.
    ctc_merge_repeated (bool): Merge repeated non-blank outputs in an alignment (standard CTC).
        Default: ``True``.
    ignore_longer_outputs_than_inputs (bool): Give 0 for samples whose label is longer than
        their sequence. Default: ``False``.

Inputs:
    x (Tensor): Logits, shape ``(T, N, C)``.
    labels_indices (Tensor): int64, shape ``(L, 2)``: ``(sample, position)`` of each label.
    labels_values (Tensor): int32, shape ``(L,)``: the labels' classes.
    sequence_length (Tensor): int32, shape ``(N,)``: the frames of each sample.

Outputs:
    Tuple of 2 Tensors: the loss per sample (shape ``(N,)``, `x`'s dtype) and its gradient
    with respect to `x`.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ms.Tensor([[[0.0, 0.0, 0.0]]] * 3)  # uniform over 3 classes, 3 frames
    >>> indices, values = ms.Tensor([[0, 0], [0, 1]], ms.int64), ms.Tensor([0, 1], ms.int32)
    >>> loss, grad = ops.CTCLoss()(x, indices, values, ms.Tensor([3], ms.int32))
    >>> print(loss)  # 5 alignments of (0, 1) in 3 frames: -log(5 / 27)
    [1.68639...]
""",
}
