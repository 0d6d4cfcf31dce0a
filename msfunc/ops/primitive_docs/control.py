"""Docstrings of the primitive classes generated from `primitive_tables.control`."""

__all__ = ["DOCS"]

_IMPORTS = """    >>> import msfunc as ms
    >>> from msfunc import ops
"""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Identity": f"""Returns its input unchanged.

Inputs:
    x (Tensor): The input.

Outputs:
    Tensor, equal to `x`.

Example:
{_IMPORTS}    >>> print(ops.Identity()(ms.Tensor([1.0, 2.0])))
    [1. 2.]
""",
    "IdentityN": f"""Returns its list or tuple of tensors unchanged (a new list or tuple).

Inputs:
    x (Union[list[Tensor], tuple[Tensor]]): The tensors.

Outputs:
    A list or tuple, as `x` is, of the same tensors.

Example:
{_IMPORTS}    >>> a, b = ops.IdentityN()([ms.Tensor([1.0, 2.0]), ms.Tensor([3])])
    >>> print(a, b)
    [1. 2.] [3]
""",
    "Depend": f"""Returns `value`, after `expr`: MindSpore's way to order a side effect before a
use in graph mode. JAX keeps a program's effects in order, so msfunc returns `value` as is.

Inputs:
    value (Tensor): The value returned.
    expr (Any): The computation that must come first.

Outputs:
    `value`.

Example:
{_IMPORTS}    >>> print(ops.Depend()(ms.Tensor([1.0, 2.0]), ms.Tensor(0.0)))
    [1. 2.]
""",
    "StopGradient": f"""Returns its input, but blocks gradients through it: the class form of
`ops.stop_gradient`.

Inputs:
    x (Tensor): The input.

Outputs:
    Tensor, equal to `x`, treated as a constant by differentiation.

Example:
{_IMPORTS}    >>> f = lambda x: ops.StopGradient()(x) * x  # d/dx (c * x) with c = x held fixed
    >>> print(ms.grad(f)(ms.Tensor(3.0)))
    3.0
""",
    "Print": f"""Prints each of its arguments (strings and tensors) on its own line. Under
``jit`` a tensor's value is printed when the compiled step runs.

Inputs:
    *args (Union[str, Tensor]): What to print.

Outputs:
    None.

Example:
{_IMPORTS}    >>> ops.Print()("loss:", ms.Tensor([1.0, 2.0]))
    loss:
    [1. 2.]
""",
    "MoveTo": f"""Copies a tensor to a device (``'CPU'``, ``'Ascend'`` or ``'Disk'`` in
MindSpore). msfunc leaves placement to JAX, so the data come back where they are.

Inputs:
    x (Tensor): The tensor to move.
    to (str): The target device. Default: ``'CPU'``.
    blocking (bool): Wait for the copy to finish. Default: ``True``.

Outputs:
    Tensor with `x`'s value.

Example:
{_IMPORTS}    >>> print(ops.MoveTo()(ms.Tensor([1.0, 2.0]), "CPU"))
    [1. 2.]
""",
    "Partial": f"""Binds the first arguments of a function, as ``functools.partial`` does.

Inputs:
    fn (Callable): The function.
    *args (Any): Its first arguments.

Outputs:
    A callable taking the remaining arguments.

Example:
{_IMPORTS}    >>> add_one = ops.Partial()(ops.add, ms.Tensor(1.0))
    >>> print(add_one(ms.Tensor(2.0)))
    3.0
""",
    "ForiLoop": f"""Runs ``val = loop_func(i, val)`` for ``i`` from `lower` to ``upper - 1``
(``jax.lax.fori_loop``: one compiled loop, not unrolled).

Inputs:
    lower (Union[int, Tensor]): The first index.
    upper (Union[int, Tensor]): One past the last index.
    loop_func (Callable): ``(i, val) -> val``, keeping `val`'s structure, shapes and dtypes.
    init_val (Union[Tensor, tuple]): The starting value.
    unroll (bool): Whether MindSpore unrolls the loop; the values are the same either way
        (msfunc compiles one loop). Default: ``True``.

Outputs:
    The final value.

Example:
{_IMPORTS}    >>> print(ops.ForiLoop()(0, 4, lambda i, total: total + i, ms.Tensor(0.0)))  # 0+1+2+3
    6.0
""",
    "WhileLoop": f"""Runs ``val = loop_func(val)`` while ``cond_func(val)`` holds
(``jax.lax.while_loop``).

Inputs:
    cond_func (Callable): ``val -> bool`` scalar.
    loop_func (Callable): ``val -> val``, keeping `val`'s structure, shapes and dtypes.
    init_val (Union[Tensor, int, tuple]): The starting value.

Outputs:
    The value for which `cond_func` first fails.

Example:
{_IMPORTS}    >>> print(ops.WhileLoop()(lambda v: v < 10, lambda v: v * 2, 1))
    16
""",
    "Scan": f"""Carries a value through the slices of `xs`, collecting an output per slice
(``jax.lax.scan``): ``carry, y = loop_func(carry, x)`` for each ``x`` along the first axis.

Inputs:
    loop_func (Callable): ``(carry, x) -> (carry, y)``.
    init (Union[Tensor, tuple]): The starting carry.
    xs (Union[Tensor, list, tuple, None]): The slices, along axis 0; ``None`` with
        `length`; a list or tuple is walked element by element.
    length (int): The number of steps, when `xs` is ``None``. Default: ``None``.
    reverse (bool): Run from the last slice to the first. Default: ``False``.
    unroll (Union[bool, int]): Unroll the loop (``True``: fully). Default: ``True``.

Outputs:
    Tuple: the final carry, and the ``y`` values stacked along a new first axis (a list of
    them when `xs` is a list or tuple).

Example:
{_IMPORTS}    >>> step = lambda total, x: (total + x, total * x)
    >>> total, ys = ops.Scan()(step, ms.Tensor(0.0), ms.Tensor([1.0, 2.0, 3.0]))
    >>> print(total, ys)  # totals 0, 1, 3, 6; ys 0*1, 1*2, 3*3
    6.0 [0. 2. 9.]
""",
}
