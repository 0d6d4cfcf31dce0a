"""``mindspore.nn.grad``: the ``Jvp`` and ``Vjp`` Cells, over msfunc's ``jvp`` and ``vjp``.

``Jvp(fn)(*inputs, v)`` gives ``(fn(*inputs), J v)`` with `v` shaped like the inputs (one
Tensor for one input, a tuple otherwise); ``Vjp(fn)(*inputs, v)`` gives
``(fn(*inputs), v J)`` with `v` shaped like the outputs, the gradient a single Tensor
for one input. A `v` of the wrong structure is a TypeError, as in MindSpore.

Example:
    >>> import numpy as np
    >>> import msfunc
    >>> from msfunc.compat.nn_grad import Jvp, Vjp
    >>> x = msfunc.Tensor(np.array([1.0, 2.0], np.float32))
    >>> v = msfunc.Tensor(np.ones(2, np.float32))
    >>> Jvp(lambda x: x ** 3)(x, v)[1].tolist()
    [3.0, 12.0]
    >>> Vjp(lambda x: x ** 3)(x, v)[1].tolist()
    [3.0, 12.0]
"""

from ..nn import Cell
from ..transforms import jvp, vjp

__all__ = ["Jvp", "Vjp"]


def _structure(value):
    return len(value) if isinstance(value, (tuple, list)) else None


def _check_v(v, like, who, what):
    want = _structure(like)
    if _structure(v) != want:
        expected = "a Tensor" if want is None else f"a tuple of {want} Tensors"
        got = type(v).__name__ if _structure(v) is None else f"a tuple of {len(v)}"
        raise TypeError(f"{who}: `v` must match the {what}: {expected}, got {got}")


class _GradCell(Cell):
    def __init__(self, fn):
        super().__init__()
        if not callable(fn):
            raise TypeError(
                f"{type(self).__name__}: `fn` must be a Cell or a function, got {type(fn).__name__}"
            )
        self.fn = fn

    @staticmethod
    def _split(args, who):
        if len(args) < 2:
            raise TypeError(
                f"{who}: expected the inputs of `fn` followed by `v`, got {len(args)} argument(s)"
            )
        return args[:-1], args[-1]


class Jvp(_GradCell):
    """The Jacobian-vector product of `fn`: ``Jvp(fn)(*inputs, v) -> (outputs, jvp)``."""

    def construct(self, *args):
        inputs, v = self._split(args, "Jvp")
        if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
            raise TypeError(
                "Jvp: each input of `fn` must be a Tensor; pass the inputs as "
                "separate arguments, not as one tuple"
            )
        _check_v(v, inputs if len(inputs) > 1 else inputs[0], "Jvp", "inputs")
        return jvp(self.fn, inputs if len(inputs) > 1 else inputs[0], v)


class Vjp(_GradCell):
    """The vector-Jacobian product of `fn`: ``Vjp(fn)(*inputs, v) -> (outputs, grads)``."""

    def construct(self, *args):
        inputs, v = self._split(args, "Vjp")
        outputs, pullback = vjp(self.fn, *inputs)
        _check_v(v, outputs, "Vjp", "outputs of `fn`")
        grads = pullback(v)
        return outputs, grads[0] if len(inputs) == 1 else grads
