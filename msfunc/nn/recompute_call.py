"""``mindspore.recompute(block, *args)``: one call of a Cell with its activations recomputed."""

from .cell import Cell
from .cell_recompute import call_recomputed

__all__ = ["recompute"]


def recompute(block, *args, use_reentrant=True, output_recompute=False, early_stop=True,
              context_fn=None, **kwargs):  # fmt: skip
    """``block(*args, **kwargs)`` with its activations recomputed in the backward pass
    (`Cell.recompute` for this one call); the values and gradients are unchanged.

    With ``use_reentrant=True`` (the default) `block` must be a Cell, as in MindSpore;
    otherwise any callable is called as it is. `output_recompute`, `early_stop` and
    `context_fn` are MindSpore's scheduling options, with no effect on JAX.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> relu = nn.ReLU()
        >>> recompute(relu, ms.Tensor([-1.0, 2.0])).tolist()
        [0.0, 2.0]
    """
    if use_reentrant and not isinstance(block, Cell):
        raise TypeError(
            f"recompute: `block` must be a Cell when use_reentrant=True, got {type(block).__name__}"
        )
    if not callable(block):
        raise TypeError(f"recompute: `block` must be callable, got {type(block).__name__}")
    if isinstance(block, Cell):
        return call_recomputed(block, args, kwargs)
    return block(*args, **kwargs)
