"""Docstrings of the primitive classes generated from `primitive_tables.optim_fused`."""

__all__ = ["DOCS"]

_WRITES = """The update is written into the Parameters given (as MindSpore's kernels write it)."""

_USE_LOCKING = (
    "use_locking (bool): Accepted for compatibility (JAX has no locks). Default: ``False``."
)

_IMPORTS = """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> P = lambda values, name: ms.Parameter(ms.Tensor(values), name=name)
"""

_ADA_FACTOR_ARGS = """Args:
    enable_scale_parameter (bool): Scale the learning rate by ``max(epsilon[1], rms(param))``.
        Default: ``False``.
    enable_first_moment (bool): Keep a running mean of the updates in `exp_avg` (decay
        `beta1`) and step by it. Default: ``False``.
    enable_weight_decay (bool): Also subtract ``param * weight_decay * lr``.
        Default: ``False``."""

_ADA_FACTOR_INPUTS = """Inputs:
    epsilon (Union[tuple, Tensor]): Two floats: added to the squared gradient, and the
        least scale of the learning rate.
    clip_threshold (Union[float, Tensor]): The update's RMS is clipped to it.
    beta1 (Union[float, Tensor]): The decay of `exp_avg`.
    beta2t (Union[float, Tensor]): The decay of the second-moment estimates.
    weight_decay (Union[float, Tensor]): The decay rate.
    learning_rate (Union[float, Tensor]): The learning rate.
    grad (Tensor): The gradient, of `param`'s shape.
    param (Parameter): The weights.
    exp_avg (Parameter): The running mean of the updates, of `param`'s shape.
    exp_avg_sq_row (Parameter): The row means of the second moment, shape
        ``param.shape[:-1]`` (used when `param` has 2 dimensions or more).
    exp_avg_sq_col (Parameter): The column means, shape ``param.shape[:-2] +
        param.shape[-1:]``.
    exp_avg_sq (Parameter): The whole second moment, of `param`'s shape (used for 1-D
        `param`)."""

_ADA_FACTOR_RULE = """Factored second moment (``param`` of 2 dimensions or more):
``row = beta2t * row + (1 - beta2t) * mean(grad**2 + epsilon[0], -1)``, ``col`` likewise over
axis -2, ``update = grad / (sqrt(row / mean(row, -1)) * sqrt(col))``; a 1-D `param` keeps the
whole second moment in `exp_avg_sq`. The update is scaled to ``learning_rate`` and its RMS
clipped to `clip_threshold`, then ``param -= update``."""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
# The example values are worked by hand from the update rule written in each docstring.
DOCS: dict[str, str] = {
    "ApplyRMSProp": f"""One RMSProp step:
``mean_square = decay * mean_square + (1 - decay) * grad**2``;
``moment = momentum * moment + learning_rate * grad / sqrt(mean_square + epsilon)``;
``var -= moment``.

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    mean_square (Parameter): The running mean of squared gradients, of `var`'s shape.
    moment (Parameter): The momentum, of `var`'s shape.
    learning_rate (Union[float, Tensor]): The learning rate.
    grad (Tensor): The gradient, of `var`'s shape.
    decay (float): The decay of `mean_square`.
    momentum (float): The decay of `moment`.
    epsilon (float): Added under the square root.

Outputs:
    Tensor, `var` updated.

Example:
{_IMPORTS}    >>> var, ms_, mom = P([1.0], "var"), P([0.0], "ms"), P([0.0], "mom")
    >>> _ = ops.ApplyRMSProp()(var, ms_, mom, 0.5, ms.Tensor([2.0]), 0.75, 0.9, 0.0)
    >>> print(ms_.asnumpy(), mom.asnumpy(), var.asnumpy())  # 0.5 * 2 / sqrt(1)
    [1.] [1.] [0.]
""",
    "ApplyCenteredRMSProp": f"""One centred RMSProp step: as `ApplyRMSProp`, with the running
mean of the gradients ``mean_gradient = decay * mean_gradient + (1 - decay) * grad`` taken off:
``moment = momentum * moment + learning_rate * grad / sqrt(mean_square - mean_gradient**2 +
epsilon)``; ``var -= moment``. Where ``mean_square - mean_gradient**2 + epsilon`` is negative,
`moment` and `var` keep their values (as in MindSpore 2.10's CPU kernel).

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    mean_gradient (Parameter): The running mean of the gradients, of `var`'s shape.
    mean_square (Parameter): The running mean of squared gradients, of `var`'s shape.
    moment (Parameter): The momentum, of `var`'s shape.
    grad (Tensor): The gradient, of `var`'s shape.
    learning_rate (Union[float, Tensor]): The learning rate.
    decay (float): The decay of the running means.
    momentum (float): The decay of `moment`.
    epsilon (float): Added under the square root.

Outputs:
    Tensor, `var` updated.

Example:
{_IMPORTS}    >>> var, mg, ms_ = P([1.0], "var"), P([0.0], "mg"), P([0.0], "ms")
    >>> mom = P([0.0], "mom")
    >>> _ = ops.ApplyCenteredRMSProp()(var, mg, ms_, mom, ms.Tensor([2.0]), 0.5, 0.5, 0.0, 0.0)
    >>> print(mg.asnumpy(), ms_.asnumpy(), var.asnumpy())  # 0.5 * 2 / sqrt(2 - 1)
    [1.] [2.] [0.]
""",
    "ApplyAdagradDA": f"""One Adagrad dual-averaging step:
``gradient_accumulator += grad``; ``gradient_squared_accumulator += grad**2``;
``var = -lr * a / (l2 * global_step * lr + sqrt(gradient_squared_accumulator))``, where
``a = sign(acc) * |acc - l1 * global_step|`` with ``acc = gradient_accumulator`` when
``l1 > 0`` (as MindSpore 2.10's CPU kernel computes it), else ``acc``.

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    gradient_accumulator (Parameter): The sum of the gradients, of `var`'s shape.
    gradient_squared_accumulator (Parameter): The sum of their squares, of `var`'s shape.
    grad (Tensor): The gradient, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate, a scalar.
    l1 (Union[float, Tensor]): The L1 penalty, a scalar.
    l2 (Union[float, Tensor]): The L2 penalty, a scalar.
    global_step (Union[int, Tensor]): The step number, a scalar.

Outputs:
    Tensor, `var` updated.

Example:
{_IMPORTS}    >>> var, acc, sq = P([1.0], "var"), P([1.0], "acc"), P([0.0], "sq")
    >>> _ = ops.ApplyAdagradDA()(var, acc, sq, ms.Tensor([2.0]), 0.5, 1.0, 0.0, 1)
    >>> print(acc.asnumpy(), sq.asnumpy(), var.asnumpy())  # -0.5 * |3 - 1| / sqrt(4)
    [3.] [4.] [-0.5]
""",
    "AdamWeightDecay": f"""One AdamWeightDecay step (no bias correction):
``m = beta1 * m + (1 - beta1) * gradient``; ``v = beta2 * v + (1 - beta2) * gradient**2``;
``var -= lr * (m / (sqrt(v) + epsilon) + decay * var)``.

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    m (Parameter): The first moment, of `var`'s shape.
    v (Parameter): The second moment, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate.
    beta1 (Union[float, Tensor]): The first moment's decay.
    beta2 (Union[float, Tensor]): The second moment's decay.
    epsilon (Union[float, Tensor]): Added to the denominator.
    decay (Union[float, Tensor]): The weight decay.
    gradient (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 3: `var`, `m` and `v`, updated.

Example:
{_IMPORTS}    >>> var, m, v = P([1.0], "var"), P([0.0], "m"), P([0.0], "v")
    >>> _ = ops.AdamWeightDecay()(var, m, v, 0.5, 0.5, 0.75, 0.0, 1.0, ms.Tensor([2.0]))
    >>> print(m.asnumpy(), v.asnumpy(), var.asnumpy())  # 1 - 0.5 * (1 / 1 + 1)
    [1.] [1.] [0.]
""",
    "FusedAdaFactor": f"""One AdaFactor step (Shazeer and Stern, 2018) on `param`.

{_ADA_FACTOR_RULE}

{_WRITES}

{_ADA_FACTOR_ARGS}

{_ADA_FACTOR_INPUTS}

Outputs:
    Tuple of 1 Tensor of `param`'s shape, all zeros (a placeholder, as MindSpore's).

Example:
{_IMPORTS}    >>> import numpy as np
    >>> param, avg = P(np.ones(4, np.float32), "param"), P(np.zeros(4, np.float32), "avg")
    >>> row, col = P(np.zeros(1, np.float32), "row"), P(np.zeros(1, np.float32), "col")
    >>> sq = P(np.zeros(4, np.float32), "sq")
    >>> grad = ms.Tensor(np.full(4, 2.0, np.float32))
    >>> _ = ops.FusedAdaFactor()((0.0, 1e-3), 1.0, 0.9, 0.5, 0.0, 0.25, grad, param, avg,
    ...                          row, col, sq)
    >>> print(sq.asnumpy(), param.asnumpy())  # update grad / sqrt(2) scaled to RMS 0.25
    [2. 2. 2. 2.] [0.75 0.75 0.75 0.75]
""",
    "FusedAdaFactorWithGlobalNorm": f"""`FusedAdaFactor` on the gradient divided by
`global_norm` (taken as 1 when it is below 1e-30).

{_ADA_FACTOR_RULE}

{_WRITES}

{_ADA_FACTOR_ARGS}

{_ADA_FACTOR_INPUTS}
    global_norm (Union[float, Tensor]): The gradients' global norm.

Outputs:
    Tuple of 1 Tensor of `param`'s shape, all zeros (a placeholder, as MindSpore's).

Example:
{_IMPORTS}    >>> import numpy as np
    >>> param, avg = P(np.ones(4, np.float32), "param"), P(np.zeros(4, np.float32), "avg")
    >>> row, col = P(np.zeros(1, np.float32), "row"), P(np.zeros(1, np.float32), "col")
    >>> sq = P(np.zeros(4, np.float32), "sq")
    >>> grad = ms.Tensor(np.full(4, 2.0, np.float32))
    >>> op = ops.FusedAdaFactorWithGlobalNorm()
    >>> _ = op((0.0, 1e-3), 1.0, 0.9, 0.5, 0.0, 0.25, grad, param, avg, row, col, sq, 2.0)
    >>> print(sq.asnumpy(), param.asnumpy())  # the gradient is 1 after the division
    [0.5 0.5 0.5 0.5] [0.75 0.75 0.75 0.75]
""",
}
