"""Docstrings of the primitive classes generated from `primitive_tables.sparse_optim`."""

__all__ = ["DOCS"]

_ROWS = """Only the rows of the Parameters that `indices` names are read for the gradient: the
gradient rows of a repeated index are summed first, and each named row is stepped once. The
update is written into the Parameters given; the new values are returned too."""

_USE_LOCKING = (
    "use_locking (bool): Accepted for compatibility (JAX has no locks). Default: ``False``."
)

_SPARSE_INPUTS = """    grad (Tensor): The gradient rows: ``(len(indices),) + var.shape[1:]``.
    indices (Tensor): int32 or int64 row numbers of `var`, 1-D."""

_SETUP = """    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> P = lambda values, name: ms.Parameter(ms.Tensor(values), name=name)
    >>> grad, indices = ms.Tensor([[2.0, 2.0]]), ms.Tensor([1], ms.int32)
"""

_ADAM_ARGS = f"""Args:
    {_USE_LOCKING}
    use_nesterov (bool): Step along ``beta1 * m + (1 - beta1) * grad`` (the named rows only).
        Default: ``False``.

Inputs:
    var (Parameter): The weights.
    m (Parameter): The first moment, of `var`'s shape.
    v (Parameter): The second moment, of `var`'s shape.
    beta1_power (Union[float, Tensor]): ``beta1 ** step``.
    beta2_power (Union[float, Tensor]): ``beta2 ** step``.
    lr (Union[float, Tensor]): The learning rate.
    beta1 (Union[float, Tensor]): The first moment's decay.
    beta2 (Union[float, Tensor]): The second moment's decay.
    epsilon (Union[float, Tensor]): Added to the root of `v`.
{_SPARSE_INPUTS}

Outputs:
    Tuple of 3: `var`, `m` and `v`, updated."""

DOCS: dict[str, str] = {
    "FusedSparseAdam": f"""One Adam step with a sparse gradient: every row of `m` and `v` decays
(``m = beta1 * m + (1 - beta1) * grad``, `grad` zero on the rows not named) and every row of
`var` moves by ``lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon)``.

{_ROWS}

{_ADAM_ARGS}

Example:
{_SETUP}    >>> var, m = P([[1.0, 1.0]] * 2, "var"), P([[0.0, 0.0]] * 2, "m")
    >>> v = P([[4.0, 4.0]] * 2, "v")
    >>> _ = ops.FusedSparseAdam()(var, m, v, 0.0, 0.0, 0.5, 0.5, 0.75, 0.0, grad, indices)
    >>> var.asnumpy().tolist(), m.asnumpy().tolist(), v.asnumpy().tolist()
    ([[1.0, 1.0], [0.75, 0.75]], [[0.0, 0.0], [1.0, 1.0]], [[3.0, 3.0], [4.0, 4.0]])
""",
    "FusedSparseLazyAdam": f"""One Adam step on the named rows alone (`m`, `v` and `var` of the
other rows stay): ``m = beta1 * m + (1 - beta1) * grad``, ``v = beta2 * v + (1 - beta2) * grad**2``,
``var -= lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon)``.

{_ROWS}

{_ADAM_ARGS}

Example:
{_SETUP}    >>> var, m = P([[1.0, 1.0]] * 2, "var"), P([[1.0, 1.0]] * 2, "m")
    >>> v = P([[4.0, 4.0]] * 2, "v")
    >>> _ = ops.FusedSparseLazyAdam()(var, m, v, 0.0, 0.0, 0.5, 0.5, 0.75, 0.0, grad, indices)
    >>> m.asnumpy().tolist(), var.asnumpy().tolist()
    ([[1.0, 1.0], [1.5, 1.5]], [[1.0, 1.0], [0.625, 0.625]])
""",
    "FusedSparseFtrl": f"""One FTRL-proximal step on the named rows:
``accum_new = accum + grad**2``;
``linear += grad - (accum_new**-lr_power - accum**-lr_power) / lr * var``;
``var = (sign(linear) * l1 - linear) / (accum_new**-lr_power / lr + 2 * l2)`` where
``|linear| > l1``, else 0.

{_ROWS}

Args:
    lr (float): The learning rate, positive.
    l1 (float): The L1 penalty, at least 0.
    l2 (float): The L2 penalty, at least 0.
    lr_power (float): The power of the accumulator in the step size, at most 0.
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
    linear (Parameter): The linear coefficients, of `var`'s shape.
{_SPARSE_INPUTS}

Outputs:
    Tuple of 3: `var`, `accum` and `linear`, updated.

Example:
{_SETUP}    >>> var, accum = P([[1.0, 1.0]] * 2, "var"), P([[0.0, 0.0]] * 2, "accum")
    >>> linear = P([[0.0, 0.0]] * 2, "linear")
    >>> op = ops.FusedSparseFtrl(lr=0.5, l1=0.0, l2=0.0, lr_power=-0.5)
    >>> _ = op(var, accum, linear, grad, indices)
    >>> linear.asnumpy().tolist(), var.asnumpy().tolist()
    ([[0.0, 0.0], [-2.0, -2.0]], [[1.0, 1.0], [0.5, 0.5]])
""",
    "FusedSparseProximalAdagrad": f"""One proximal Adagrad step on the named rows:
``accum += grad**2``; ``step = lr / sqrt(accum)``; ``v = var - step * grad``;
``var = sign(v) * max(|v| - step * l1, 0) / (1 + step * l2)``.

{_ROWS}

Args:
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate.
    l1 (Union[float, Tensor]): The L1 penalty.
    l2 (Union[float, Tensor]): The L2 penalty.
{_SPARSE_INPUTS}

Outputs:
    Tuple of 2: `var` and `accum`, updated.

Example:
{_SETUP}    >>> var, accum = P([[1.0, 1.0], [3.0, 3.0]], "var"), P([[0.0, 0.0]] * 2, "accum")
    >>> lr, l1, l2 = ms.Tensor(1.0), ms.Tensor(1.0), ms.Tensor(0.0)
    >>> _ = ops.FusedSparseProximalAdagrad()(var, accum, lr, l1, l2, grad, indices)
    >>> var.asnumpy().tolist()
    [[1.0, 1.0], [1.5, 1.5]]
""",
    "SparseApplyAdagrad": f"""One Adagrad step on the named rows: ``accum += grad**2`` (when
`update_slots`), ``var -= lr * grad / sqrt(accum)``.

{_ROWS}

Args:
    lr (float): The learning rate.
    update_slots (bool): Whether `accum` takes the squared gradient. Default: ``True``.
    {_USE_LOCKING}

Inputs:
    var (Parameter): float16 or float32 weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
{_SPARSE_INPUTS}

Outputs:
    Tuple of 2: `var` and `accum`, updated.

Example:
{_SETUP}    >>> var, accum = P([[1.0, 1.0], [2.0, 2.0]], "var"), P([[0.0, 0.0]] * 2, "accum")
    >>> _ = ops.SparseApplyAdagrad(lr=0.5)(var, accum, grad, indices)
    >>> var.asnumpy().tolist(), accum.asnumpy().tolist()
    ([[1.0, 1.0], [1.5, 1.5]], [[0.0, 0.0], [4.0, 4.0]])
""",
    "SparseApplyAdagradV2": f"""One Adagrad step on the named rows with `epsilon` under the root:
``accum += grad**2`` (when `update_slots`), ``var -= lr * grad / sqrt(accum + epsilon)``.

{_ROWS}

Args:
    lr (float): The learning rate.
    epsilon (float): Added to `accum` under the root.
    {_USE_LOCKING}
    update_slots (bool): Whether `accum` takes the squared gradient. Default: ``True``.

Inputs:
    var (Parameter): float16 or float32 weights.
    accum (Parameter): The accumulated squared gradients, of `var`'s shape.
{_SPARSE_INPUTS}

Outputs:
    Tuple of 2: `var` and `accum`, updated.

Example:
{_SETUP}    >>> var, accum = P([[1.0, 1.0], [2.0, 2.0]], "var"), P([[0.0, 0.0]] * 2, "accum")
    >>> _ = ops.SparseApplyAdagradV2(lr=0.5, epsilon=12.0)(var, accum, grad, indices)
    >>> var.asnumpy().tolist()
    [[1.0, 1.0], [1.75, 1.75]]
""",
    "SparseApplyRMSProp": f"""One RMSProp step on the named rows:
``ms = rho * ms + (1 - rho) * grad**2`` (left where the gradient is zero, as MindSpore's kernel
does); ``mom = momentum * mom + lr * grad / sqrt(ms + epsilon)``; ``var -= mom``.

{_ROWS}

Args:
    rho (float): The decay of the mean square.
    momentum (float): The decay of the moment.
    epsilon (float): Added to `ms` under the root.
    {_USE_LOCKING}

Inputs:
    var (Parameter): The weights.
    ms (Parameter): The running mean square, of `var`'s shape.
    mom (Parameter): The moment, of `var`'s shape.
    lr (Union[float, Tensor]): The learning rate.
{_SPARSE_INPUTS}

Outputs:
    Tuple of 3: `var`, `ms` and `mom`, updated.

Example:
{_SETUP}    >>> var, ms_ = P([[1.0, 1.0]] * 2, "var"), P([[4.0, 4.0]] * 2, "ms")
    >>> mom = P([[0.0, 0.0]] * 2, "mom")
    >>> _ = ops.SparseApplyRMSProp(0.5, 0.0, 0.0)(var, ms_, mom, 1.0, grad, indices)
    >>> var.asnumpy().tolist(), ms_.asnumpy().tolist()
    ([[1.0, 1.0], [0.0, 0.0]], [[4.0, 4.0], [4.0, 4.0]])
""",
}
