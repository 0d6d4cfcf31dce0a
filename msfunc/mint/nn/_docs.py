"""Written docstrings (`msfunc.mint._docstrings.Doc`) of the `msfunc.mint.nn.functional`
functions built from its table; the Cells of `msfunc.mint.nn` built on them reuse them."""

from .._docstrings import doc

_SAME = "Tensor, shaped like `input`."
_LOSS = "Tensor, 0-D, or shaped like `input` when `reduction` is ``'none'``."
_ADAPTIVE = "Tensor, the spatial dims resized to `output_size`."
_INTERPOLATE = doc(
    "`input` (N, C, spatial...) resized to `size` or by `scale_factor`, by interpolation.",
    "Tensor, (N, C) and the new spatial size.",
    size="int | tuple[int, ...]: The output's spatial size (give this or `scale_factor`).",
    mode="str: ``'nearest'``, ``'linear'``, ``'bilinear'``, ``'bicubic'``, ``'trilinear'`` or "
    "``'area'``.",
    align_corners="bool: For the linear modes, whether corner pixels align (``None``: ``False``).",
)
_ELU = doc(
    "ELU: `input` where positive, else ``alpha * (exp(input) - 1)``.",
    _SAME,
    alpha="float: The scale of the negative part.",
)
_HARDTANH = doc(
    "`input` clamped to [`min_val`, `max_val`].",
    _SAME,
)
_SILU = doc("SiLU (swish) ``input * sigmoid(input)``, element by element.", _SAME)
_THRESHOLD = doc(
    "`input` where it exceeds `threshold`, else `value`.",
    _SAME,
    threshold="float: The threshold.",
    value="float: The value of the elements at or below `threshold`.",
)
_SOFTMAX = doc(
    "``exp(input) / sum(exp(input))`` along `dim`.",
    _SAME,
    dim="int: The dimension normalised.",
    dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
)
_ADAPTIVE_AVG_3D = doc(
    "3-D adaptive average pooling of (N, C, D, H, W) or (C, D, H, W) to `output_size`.",
    _ADAPTIVE,
    output_size="int | tuple[int | None, ...]: (D, H, W) of the output; ``None`` keeps a size.",
)

DOCS = {
    # activations
    "relu": doc("Rectified linear unit ``max(input, 0)``, element by element.", _SAME),
    "relu6": doc("``min(max(input, 0), 6)``, element by element.", _SAME),
    "sigmoid": doc("Logistic sigmoid ``1 / (1 + exp(-input))``, element by element.", _SAME),
    "tanh": doc("Hyperbolic tangent, element by element.", _SAME),
    "silu": _SILU,
    "silu_func": _SILU,
    "mish": doc("Mish ``input * tanh(softplus(input))``, element by element.", _SAME),
    "selu": doc(
        "SELU ``scale * elu(input, alpha)`` with the self-normalising constants "
        "(alpha 1.6733, scale 1.0507).",
        _SAME,
    ),
    "logsigmoid": doc("``log(sigmoid(input))``, computed without overflow.", _SAME),
    "hardsigmoid": doc("``relu6(input + 3) / 6``, element by element.", _SAME),
    "hardswish": doc("``input * relu6(input + 3) / 6``, element by element.", _SAME),
    "hardtanh": _HARDTANH,
    "hardtanh_op": _HARDTANH,
    "hardshrink": doc("`input` where ``|input| > lambd``, else 0.", _SAME),
    "softshrink": doc(
        "`input` moved `lambd` toward 0, and 0 where ``|input| <= lambd``.",
        _SAME,
    ),
    "softplus": doc(
        "``log(1 + exp(beta * input)) / beta``; `input` itself where ``beta * input`` exceeds "
        "`threshold`.",
        _SAME,
        beta="float: The sharpness of the curve.",
        threshold="float: Above it the function is linear.",
    ),
    "elu": _ELU,
    "elu_ext": _ELU,
    "leaky_relu": doc(
        "`input` where positive, else ``negative_slope * input``.",
        _SAME,
        negative_slope="float: The slope for negative inputs.",
    ),
    "gelu": doc("GELU ``input * Phi(input)`` (Phi: the normal CDF), element by element.", _SAME),
    "glu": doc(
        "Gated linear unit: `input` halved along `dim` into a, b; ``a * sigmoid(b)``.",
        "Tensor, `dim` halved.",
        dim="int: The dimension split (its size must be even).",
    ),
    "prelu": doc(
        "`input` where positive, else ``weight * input`` (one weight, or one per channel, dim 1).",
        _SAME,
        weight="Tensor: The learnt slopes, of size 1 or the number of channels.",
    ),
    "threshold": _THRESHOLD,
    "threshold_op": _THRESHOLD,
    "softmax": _SOFTMAX,
    "log_softmax": doc(
        "``log(softmax(input))`` along `dim`, computed without overflow.",
        _SAME,
        dim="int: The dimension normalised.",
        dtype="Number: The dtype `input` is cast to first; ``None`` keeps it.",
    ),
    # layers
    "linear": doc(
        "``input @ weight.T + bias``.",
        "Tensor, (..., out_features).",
        input="Tensor: The input, (..., in_features).",
        weight="Tensor: The weight, (out_features, in_features).",
        bias="Tensor: The bias, (out_features,).",
    ),
    "conv_transpose2d": doc(
        "2-D transposed convolution (the gradient of conv2d) of (N, C_in, H, W) input.",
        "Tensor, (N, C_out, H_out, W_out).",
        weight="Tensor: The kernel, (C_in, C_out / groups, kH, kW).",
        bias="Tensor: The bias, (C_out,).",
        padding="int | tuple[int, ...]: ``dilation * (kernel - 1) - padding`` zeros are added "
        "on both sides of each spatial dim.",
        output_padding="int | tuple[int, ...]: Extra size added to one side of the output.",
        groups="int: The number of blocked connections from input to output channels.",
    ),
    "dropout": doc(
        "Dropout: each element zeroed with probability `p`, the rest scaled by ``1 / (1 - p)``.",
        _SAME,
    ),
    "dropout2d": doc(
        "Channel dropout of (N, C, H, W): whole channels zeroed with probability `p`, the rest "
        "scaled by ``1 / (1 - p)``.",
        _SAME,
    ),
    "embedding": doc(
        "The rows of `weight` at the indices `input`.",
        "Tensor, of shape ``input.shape + (embedding_dim,)``.",
        input="Tensor: Integer indices into the rows of `weight`.",
        weight="Tensor: The table, (num_embeddings, embedding_dim).",
        padding_idx="int: A row whose lookups get no gradient.",
        max_norm="float: Rows looked up are renormalised to at most this norm (``None``: not).",
        norm_type="float: The p of the p-norm used with `max_norm`.",
        scale_grad_by_freq="bool: Accepted for torch's signature; gradients are not rescaled.",
    ),
    "layer_norm": doc(
        "Layer normalisation over the trailing dims `normalized_shape`, then ``* weight + bias``.",
        _SAME,
        normalized_shape="int | tuple[int, ...]: The trailing shape normalised.",
        weight="Tensor: The scale, of shape `normalized_shape`.",
        bias="Tensor: The shift, of shape `normalized_shape`.",
    ),
    "group_norm": doc(
        "Group normalisation of (N, C, ...): channels normalised in `num_groups` groups.",
        _SAME,
        num_groups="int: The number of groups (it divides C).",
        weight="Tensor: The scale per channel, (C,).",
        bias="Tensor: The shift per channel, (C,).",
    ),
    "batch_norm": doc(
        "Batch normalisation of (N, C, ...) per channel, with running statistics.",
        _SAME,
        "In training the batch statistics are used and the running ones updated as "
        "``(1 - momentum) * running + momentum * batch``; otherwise the running ones are used.",
        running_mean="Tensor: The running mean per channel, (C,).",
        running_var="Tensor: The running variance per channel, (C,).",
        weight="Tensor: The scale per channel, (C,).",
        bias="Tensor: The shift per channel, (C,).",
        training="bool: Whether the batch statistics are used (and the running ones updated).",
        momentum="float: The weight of the batch statistics in the running update.",
    ),
    "pixel_shuffle": doc(
        "(N, C * r * r, H, W) rearranged to (N, C, H * r, W * r), r being `upscale_factor`.",
        "Tensor, (N, C, H * r, W * r).",
    ),
    "unfold": doc(
        "The sliding blocks of (N, C, H, W) as columns (im2col).",
        "Tensor, (N, C * kH * kW, L), L being the number of blocks.",
    ),
    "fold": doc(
        "The inverse of unfold: columns (N, C * kH * kW, L) summed back into an image (col2im).",
        "Tensor, (N, C, output_size[0], output_size[1]).",
        output_size="int | tuple[int, ...]: The spatial size of the image.",
    ),
    # pooling
    "adaptive_avg_pool1d": doc(
        "1-D adaptive average pooling of (N, C, L) or (C, L) to `output_size` windows.",
        _ADAPTIVE,
        output_size="int: The output length.",
    ),
    "adaptive_avg_pool2d": doc(
        "2-D adaptive average pooling of (N, C, H, W) or (C, H, W) to `output_size`.",
        _ADAPTIVE,
        output_size="int | tuple[int | None, ...]: (H, W) of the output; ``None`` keeps a size.",
    ),
    "adaptive_max_pool2d": doc(
        "2-D adaptive max pooling of (N, C, H, W) or (C, H, W) to `output_size`.",
        "Tensor | tuple[Tensor, Tensor], the maxima, and their flat H * W indices when "
        "`return_indices`.",
        output_size="int | tuple[int | None, ...]: (H, W) of the output; ``None`` keeps a size.",
    ),
    "adaptive_avg_pool3d": _ADAPTIVE_AVG_3D,
    "adaptive_avg_pool3d_ext": _ADAPTIVE_AVG_3D,
    "max_pool2d": doc(
        "2-D max pooling of (N, C, H, W) or (C, H, W).",
        "Tensor | tuple[Tensor, Tensor], the maxima, and their flat H * W indices when "
        "`return_indices`.",
        stride="int | tuple[int, ...]: The step of the window; ``None`` makes it `kernel_size`.",
        padding="int | tuple[int, ...]: -inf padding on both sides of each spatial dim.",
    ),
    "max_unpool2d": doc(
        "The inverse of max_pool2d: each value of `input` put back at its flat index in "
        "`indices`, zeros elsewhere.",
        "Tensor, (N, C, H_out, W_out).",
        indices="Tensor: The flat H * W indices max_pool2d returned.",
        stride="int | tuple[int, ...]: The pooling's step; ``None`` makes it `kernel_size`.",
        padding="int | tuple[int, ...]: The pooling's padding.",
        output_size="tuple[int, ...]: The output's size, when the default is ambiguous.",
    ),
    # resampling
    "upsample": _INTERPOLATE,
    "interpolate": _INTERPOLATE,
    "grid_sample": doc(
        "`input` (N, C, H, W) sampled at the normalised (x, y) locations of `grid`.",
        "Tensor, (N, C, H_out, W_out).",
        grid="Tensor: Sampling locations in [-1, 1], (N, H_out, W_out, 2).",
        mode="str: ``'bilinear'`` or ``'nearest'``.",
        padding_mode="str: Values outside the input: ``'zeros'``, ``'border'`` or "
        "``'reflection'``.",
        align_corners="bool: Whether -1 and 1 are the centres (``True``) or the outer edges "
        "of the corner pixels (``None``: ``False``).",
    ),
    "pad": doc(
        "`input` padded; `pad` lists (before, after) sizes from the last dim backwards.",
        "Tensor, each padded dim grown by its two sizes.",
        pad="tuple[int, ...]: (last_before, last_after, second_last_before, ...).",
        mode="str: ``'constant'``, ``'reflect'``, ``'replicate'`` or ``'circular'``.",
        value="float: The fill of ``'constant'`` padding (``None``: 0).",
    ),
    # losses
    "mse_loss": doc("Squared error ``(input - target) ** 2``, reduced.", _LOSS),
    "l1_loss": doc("Absolute error ``|input - target|``, reduced.", _LOSS),
    "smooth_l1_loss": doc(
        "Smooth L1 (Huber-like) error: ``0.5 * d ** 2 / beta`` where ``|d| < beta``, else "
        "``|d| - 0.5 * beta``.",
        _LOSS,
        beta="float: Where the loss turns from quadratic to linear.",
    ),
    "soft_margin_loss": doc(
        "``log(1 + exp(-target * input))``, reduced.",
        _LOSS,
        target="Tensor: Labels of 1 or -1, shaped like `input`.",
    ),
    "cross_entropy": doc(
        "Cross entropy between logits `input` (N, C, ...) and class indices or probabilities.",
        "Tensor, 0-D, or per sample when `reduction` is ``'none'``.",
        input="Tensor: Unnormalised scores, (N, C) or (N, C, d1, ...).",
        target="Tensor: Class indices (N, ...) or class probabilities shaped like `input`.",
    ),
    "nll_loss": doc(
        "Negative log likelihood ``-input[n, target[n]]`` of log-probabilities, reduced.",
        "Tensor, 0-D, or per sample when `reduction` is ``'none'``.",
        input="Tensor: Log-probabilities, (N, C) or (N, C, d1, ...).",
        target="Tensor: Class indices, (N,) or (N, d1, ...).",
    ),
    "binary_cross_entropy": doc(
        "``-(target * log(input) + (1 - target) * log(1 - input))``, reduced.",
        _LOSS,
        input="Tensor: Probabilities in (0, 1).",
        weight="Tensor: A weight per element, broadcast against `input`.",
    ),
    "binary_cross_entropy_with_logits": doc(
        "binary_cross_entropy of ``sigmoid(input)``, computed stably from the logits.",
        _LOSS,
        input="Tensor: Logits.",
        weight="Tensor: A weight per element, broadcast against `input`.",
    ),
    "cosine_embedding_loss": doc(
        "``1 - cos(input1, input2)`` where `target` is 1, ``max(0, cos - margin)`` where it "
        "is -1, reduced.",
        "Tensor, 0-D, or per pair when `reduction` is ``'none'``.",
        input1="Tensor: The first vectors, (N, D).",
        input2="Tensor: The second vectors, (N, D).",
        target="Tensor: 1 or -1 per pair, (N,).",
    ),
    # shared with mint
    "broadcast_to": doc(
        "`input` broadcast to `shape` (``-1`` keeps a dimension).", "Tensor, of shape `shape`."
    ),
    "clamp": doc(
        "`input` with each element limited to [`min`, `max`].",
        _SAME,
        min="Tensor | float: The lower bound; ``None`` for none.",
        max="Tensor | float: The upper bound; ``None`` for none.",
    ),
}

#: Argument texts that differ for a Cell: it keeps its constructor's options.
CELL_ARGS = {
    "inplace": "bool: Accepted for torch's signature; the Cell returns a new tensor.",
    "dim": "int: The dimension to work along.",
    "start_dim": "int: The first dimension merged.",
    "end_dim": "int: The last dimension merged.",
    "log_target": "bool: Whether `target` is given in log space too.",
    "kernel_size": "int | tuple[int, ...]: The size of the sliding window.",
    "stride": "int | tuple[int, ...]: The step of the window; ``None`` makes it `kernel_size`.",
    "output_size": "int | tuple[int | None, ...]: The output's spatial size; ``None`` keeps one.",
    "p": "float: The probability that an element (Dropout2d: a channel) is zeroed in training.",
}

#: The Cells whose functional is written by hand rather than built from the table.
CELL_DOCS = {
    "Flatten": doc(
        "`input` with dims `start_dim` .. `end_dim` merged into one.",
        "Tensor, those dims merged.",
    ),
    "KLDivLoss": doc(
        "Kullback-Leibler divergence of `target` from `input`, given in log space.",
        "Tensor, 0-D, or shaped like `input` when `reduction` is ``'none'``.",
        reduction="str: ``'none'``, ``'mean'`` (over elements), ``'batchmean'`` (over the "
        "batch, the true KL divergence) or ``'sum'``.",
    ),
    "AvgPool1d": doc("1-D average pooling of (N, C, L) or (C, L).", "Tensor, pooled."),
    "AvgPool2d": doc("2-D average pooling of (N, C, H, W) or (C, H, W).", "Tensor, pooled."),
    "AvgPool3d": doc("3-D average pooling of (N, C, D, H, W) or (C, D, H, W).", "Tensor, pooled."),
    "AdaptiveMaxPool1d": doc(
        "1-D adaptive max pooling of (N, C, L) or (C, L) to `output_size` windows.",
        "Tensor | tuple[Tensor, Tensor], the maxima, and their indices along L when "
        "`return_indices`.",
    ),
}
