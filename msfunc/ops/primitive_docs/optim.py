"""Docstrings of the primitive classes generated from `primitive_tables.optim`."""

__all__ = ["DOCS"]

_WRITES = """The update is written into the Parameters given (as MindSpore's kernels write it); the
new values are returned too."""

_USE_LOCKING = (
    "use_locking (bool): Accepted for compatibility (JAX has no locks). Default: ``False``."
)

_IMPORTS = """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> P = lambda values, name: ms.Parameter(ms.Tensor(values), name=name)
"""

# the inputs, outputs and example Parameters `ApplyAdagrad` and `ApplyAdagradV2` share
_ADAGRAD_IO = """Inputs:
    var (Parameter): The weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate.
    grad (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 2: `var` and `accum`, updated."""

_ADAGRAD_SETUP = """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> var = ms.Parameter(ms.Tensor([1.0, 2.0]), name="var")
    >>> accum = ms.Parameter(ms.Tensor([0.0, 0.0]), name="accum")
"""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
# The example values are worked by hand from the update rule written in each docstring, and
# agree with MindSpore 2.10's CPU kernels to float32 rounding.
DOCS: dict[str, str] = {
    "ApplyAdadelta": f"""One Adadelta step:
``accum = rho * accum + (1 - rho) * grad**2``;
``update = sqrt(accum_update + epsilon) / sqrt(accum + epsilon) * grad``;
``accum_update = rho * accum_update + (1 - rho) * update**2``; ``var -= lr * update``.

{_WRITES}

Inputs:
    var (Parameter): The weights.
    accum (Parameter): The running mean of squared gradients, of `var`'s shape.
    accum_update (Parameter): The running mean of squared updates, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate, a scalar.
    rho (Union[float, Tensor]): The decay rate, a scalar.
    epsilon (Union[float, Tensor]): Added for stability, a scalar.
    grad (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 3: `var`, `accum` and `accum_update`, updated.

Example:
{_IMPORTS}    >>> var, accum = P([1.0, 2.0], "var"), P([0.0, 0.0], "accum")
    >>> accum_update = P([0.0, 0.0], "accum_update")
    >>> grad = ms.Tensor([1.0, 2.0])
    >>> _ = ops.ApplyAdadelta()(var, accum, accum_update, 1.0, 0.9, 1e-6, grad)
    >>> print(accum.asnumpy(), var.asnumpy())  # update = 1e-3 / sqrt(0.1): the same for both
    [0.1 0.4] [0.99683... 1.99683...]
""",
    "ApplyAdamWithAmsgrad": f"""One Adam step with AMSGrad's running maximum of the second
moment: ``m = beta1 * m + (1 - beta1) * grad``; ``v = beta2 * v + (1 - beta2) * grad**2``;
``vhat = max(vhat, v)``; ``var -= lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m /
(sqrt(vhat) + epsilon)``.

{_WRITES}

Args:
    beta1 (float): The first moment's decay. Default: ``0.9``.
    beta2 (float): The second moment's decay. Default: ``0.999``.
    epsilon (float): Added to the denominator. Default: ``1e-8``.
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    m (Parameter): The first moment, of `var`'s shape.
    v (Parameter): The second moment, of `var`'s shape.
    vhat (Parameter): The largest second moment so far, of `var`'s shape.
    beta1_power (Union[float, Tensor]): ``beta1 ** step``.
    beta2_power (Union[float, Tensor]): ``beta2 ** step``.
    lr (Union[float, Tensor]): The learning rate.
    grad (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 4: `var`, `m`, `v` and `vhat`, updated.

Example:
{_IMPORTS}    >>> var, m = P([1.0, 2.0], "var"), P([0.0, 0.0], "m")
    >>> v, vhat = P([0.0, 0.0], "v"), P([0.0, 0.0], "vhat")
    >>> _ = ops.ApplyAdamWithAmsgrad()(var, m, v, vhat, 0.9, 0.999, 0.1, ms.Tensor([1.0, 2.0]))
    >>> print(var.asnumpy())  # the first step moves each weight by lr
    [0.9... 1.9...]
""",
    "ApplyAdamWithAmsgradV2": f"""`ApplyAdamWithAmsgrad` with the decays and epsilon given as
inputs rather than attributes: ``m = beta1 * m + (1 - beta1) * grad``;
``v = beta2 * v + (1 - beta2) * grad**2``; ``vhat = max(vhat, v)``;
``var -= lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(vhat) + epsilon)``.

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    m (Parameter): The first moment, of `var`'s shape.
    v (Parameter): The second moment, of `var`'s shape.
    vhat (Parameter): The largest second moment so far, of `var`'s shape.
    beta1_power (Union[float, Tensor]): ``beta1 ** step``.
    beta2_power (Union[float, Tensor]): ``beta2 ** step``.
    lr (Union[float, Tensor]): The learning rate.
    beta1 (Union[float, Tensor]): The first moment's decay.
    beta2 (Union[float, Tensor]): The second moment's decay.
    epsilon (Union[float, Tensor]): Added to the denominator.
    grad (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 4: `var`, `m`, `v` and `vhat`, updated.

Example:
{_IMPORTS}    >>> var, m = P([1.0, 2.0], "var"), P([0.0, 0.0], "m")
    >>> v, vhat = P([0.0, 0.0], "v"), P([0.0, 0.0], "vhat")
    >>> _ = ops.ApplyAdamWithAmsgradV2()(
    ...     var, m, v, vhat, 0.9, 0.999, 0.1, 0.9, 0.999, 1e-8, ms.Tensor([1.0, 2.0]))
    >>> print(var.asnumpy())  # the first step moves each weight by lr
    [0.9... 1.9...]
""",
    "ApplyFtrl": f"""One FTRL-proximal step (``lr_power`` usually -0.5):
``accum_new = accum + grad**2``;
``linear += grad - (accum_new**-lr_power - accum**-lr_power) / lr * var``;
``var = (sign(linear) * l1 - linear) / (accum_new**-lr_power / lr + 2 * l2)`` where
``|linear| > l1``, else 0; ``accum = accum_new``.

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
    linear (Parameter): The linear coefficients, of `var`'s shape.
    grad (Tensor): The gradient, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate.
    l1 (Union[float, Tensor]): The L1 penalty.
    l2 (Union[float, Tensor]): The L2 penalty.
    lr_power (Union[float, Tensor]): The learning rate's power, at most 0.

Outputs:
    `var`, updated.

Example:
{_IMPORTS}    >>> var, accum, linear = P([1.0, 2.0], "var"), P([1.0, 1.0], "a"), P([0.0, 0.0], "l")
    >>> _ = ops.ApplyFtrl()(var, accum, linear, ms.Tensor([1.0, 2.0]), 0.1, 0.0, 0.0, -0.5)
    >>> # linear = grad - (sqrt(2) - 1) / 0.1 * 1; var = -linear / (sqrt(2) / 0.1), then for 2
    >>> print(var.asnumpy())
    [0.22218... 1.01613...]
""",
    "SparseApplyFtrl": f"""The FTRL step of `ApplyFtrl` on the rows of `var`, `accum` and `linear`
that `indices` names, one gradient row at a time in order: a repeated index is stepped twice,
as MindSpore's CPU kernel does.

{_WRITES}

Args:
    lr (float): The learning rate, positive.
    l1 (float): The L1 penalty, at least 0.
    l2 (float): The L2 penalty, at least 0.
    lr_power (float): The learning rate's power, at most 0.
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
    linear (Parameter): The linear coefficients, of `var`'s shape.
    grad (Tensor): One gradient row per index: ``(len(indices),) + var.shape[1:]``.
    indices (Tensor): The int32 rows of `var` to update.

Outputs:
    Tuple of `var`, `accum` and `linear`, updated.

Example:
{_IMPORTS}    >>> var, accum = P([[1.0], [2.0]], "var"), P([[1.0], [1.0]], "a")
    >>> linear = P([[0.0], [0.0]], "l")
    >>> op = ops.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=-0.5)
    >>> _ = op(var, accum, linear, ms.Tensor([[2.0]]), ms.Tensor([1], ms.int32))
    >>> print(var.asnumpy())  # row 0 untouched; row 1 as ApplyFtrl steps it
    [[1.     ]
     [1.01613...]]
""",
    "ApplyProximalAdagrad": f"""One proximal Adagrad step: ``accum += grad**2``; with
``lr_t = lr / sqrt(accum)``, ``v = var - lr_t * grad``; then the L1/L2 proximal step
``var = sign(v) / (1 + lr_t * l2) * max(|v| - lr_t * l1, 0)``.

{_WRITES}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate.
    l1 (Union[float, Tensor]): The L1 penalty.
    l2 (Union[float, Tensor]): The L2 penalty.
    grad (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 2: `var` and `accum`, updated.

Example:
{_IMPORTS}    >>> var, accum = P([1.0, 2.0], "var"), P([1.0, 1.0], "a")
    >>> _ = ops.ApplyProximalAdagrad()(var, accum, 0.1, 0.0, 0.0, ms.Tensor([1.0, 2.0]))
    >>> print(accum.asnumpy(), var.asnumpy())  # 1 - 0.1 / sqrt(2), 2 - 0.2 / sqrt(5)
    [2. 5.] [0.92928... 1.91055...]
""",
    "ApplyProximalGradientDescent": f"""One proximal gradient-descent step:
``v = var - alpha * delta``, then ``var = sign(v) / (1 + alpha * l2) * max(|v| - alpha * l1, 0)``.

{_WRITES}

Inputs:
    var (Parameter): The weights.
    alpha (Union[float, Tensor]): The step size.
    l1 (Union[float, Tensor]): The L1 penalty.
    l2 (Union[float, Tensor]): The L2 penalty.
    delta (Tensor): The gradient, of `var`'s shape.

Outputs:
    `var`, updated.

Example:
{_IMPORTS}    >>> var = P([1.0, -2.0], "var")
    >>> _ = ops.ApplyProximalGradientDescent()(var, 0.5, 0.2, 0.0, ms.Tensor([1.0, 1.0]))
    >>> print(var.asnumpy())  # (0.5, -2.5) shrunk toward 0 by 0.5 * 0.2
    [ 0.4 -2.4]
""",
    "ApplyAdaMax": f"""One AdaMax step: ``m = beta1 * m + (1 - beta1) * grad``;
``v = max(beta2 * v, |grad|)``; ``var -= lr / (1 - beta1_power) * m / (v + epsilon)``.

{_WRITES}

Inputs:
    var (Parameter): The weights.
    m (Parameter): The first moment, of `var`'s shape.
    v (Parameter): The infinity norm of the gradients, of `var`'s shape.
    beta1_power (Union[float, Tensor]): ``beta1 ** step``.
    lr (Union[float, Tensor]): The learning rate.
    beta1 (Union[float, Tensor]): The first moment's decay.
    beta2 (Union[float, Tensor]): The infinity norm's decay.
    epsilon (Union[float, Tensor]): Added to the denominator.
    grad (Tensor): The gradient, of `var`'s shape.

Outputs:
    Tuple of 3: `var`, `m` and `v`, updated.

Example:
{_IMPORTS}    >>> var, m, v = P([1.0, 2.0], "var"), P([0.0, 0.0], "m"), P([0.0, 0.0], "v")
    >>> _ = ops.ApplyAdaMax()(var, m, v, 0.9, 0.1, 0.9, 0.999, 1e-8, ms.Tensor([1.0, -2.0]))
    >>> print(v.asnumpy(), var.asnumpy())  # a first step of lr * sign(grad)
    [1. 2.] [0.9 2.1]
""",
    "ApplyAdagrad": f"""One Adagrad step: ``accum += grad**2`` (when `update_slots`), then
``var -= lr * grad / sqrt(accum)``.

{_WRITES} With ``update_slots=False`` `accum` is left as it is (as
MindSpore documents it; its 2.10 CPU kernel updates it regardless).

Args:
    update_slots (bool): Accumulate this gradient into `accum`. Default: ``True``.

{_ADAGRAD_IO}

Example:
{_ADAGRAD_SETUP}    >>> _ = ops.ApplyAdagrad()(var, accum, 0.1, ms.Tensor([1.0, 2.0]))
    >>> print(accum.asnumpy(), var.asnumpy())  # a first step of lr * sign(grad)
    [1. 4.] [0.9 1.9]
""",
    "ApplyAdagradV2": f"""One Adagrad step with `epsilon` in the denominator:
``accum += grad**2`` (when `update_slots`), then ``var -= lr * grad / (sqrt(accum) + epsilon)``.

{_WRITES}

Args:
    epsilon (float): Added to the denominator.
    update_slots (bool): Accumulate this gradient into `accum`. Default: ``True``.

{_ADAGRAD_IO}

Example:
{_ADAGRAD_SETUP}    >>> _ = ops.ApplyAdagradV2(epsilon=1e-6)(var, accum, 0.1, ms.Tensor([1.0, 2.0]))
    >>> print(accum.asnumpy(), var.asnumpy())  # about lr * sign(grad): epsilon is small
    [1. 4.] [0.9... 1.9...]
""",
}
