"""`Cell.recompute()`: run a Cell's construct under `jax.checkpoint`, so its activations are
recomputed in the backward pass instead of stored.

The Cell's Parameters enter the checkpointed function as explicit arguments
(a checkpointed trace must not read them from the state frame: it would bake
their values in), and what construct writes (BatchNorm statistics, random
keys) leaves it as extra outputs and is committed after the call. `recompute` is
``mindspore.recompute``: one such call of a Cell.
"""

import jax
import numpy as np

from .. import _state
from ..common.tensor import Tensor

__all__ = ["call_recomputed", "recompute", "RECOMPUTE_OPTIONS"]

# The keyword options MindSpore's Cell.recompute accepts besides its named arguments.
RECOMPUTE_OPTIONS = (
    "mp_comm_recompute",
    "parallel_optimizer_comm_recompute",
    "recompute_slice_activation",
)


def _is_array(x):
    return isinstance(x, (Tensor, jax.Array, np.ndarray))


def call_recomputed(cell, args, kwargs):
    """``cell.construct(*args, **kwargs)`` inside `jax.checkpoint`."""
    params = list(cell.get_parameters())
    values = [_state.read(p) for p in params]
    leaves, treedef = jax.tree.flatten((args, kwargs))
    traced = [_is_array(leaf) for leaf in leaves]
    arrays = [leaf for leaf, t in zip(leaves, traced) if t]
    who = f"{type(cell).__name__}.recompute"
    written = []

    def attempt(isolate):
        def checkpointed(param_values, array_leaves):
            it = iter(array_leaves)
            call_args, call_kwargs = jax.tree.unflatten(
                treedef, [next(it) if t else leaf for leaf, t in zip(leaves, traced)]
            )
            lifted = {id(p): v for p, v in zip(params, param_values)}
            out, writes = _state.run_collecting(
                lambda: cell.construct(*call_args, **call_kwargs),
                (),
                lifted,
                owner=who,
                isolate=isolate,
            )
            written[:] = [p for p, _ in writes]
            return out, [v for _, v in writes]

        return jax.checkpoint(checkpointed)(values, arrays)

    out, write_values = _state.run_isolating(attempt)
    _state.commit(zip(written, write_values))
    return out


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
    from .cell import Cell  # (cell.py imports this module)

    if use_reentrant and not isinstance(block, Cell):
        raise TypeError(
            f"recompute: `block` must be a Cell when use_reentrant=True, got {type(block).__name__}"
        )
    if not callable(block):
        raise TypeError(f"recompute: `block` must be callable, got {type(block).__name__}")
    if isinstance(block, Cell):
        return call_recomputed(block, args, kwargs)
    return block(*args, **kwargs)
