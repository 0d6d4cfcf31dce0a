"""`Cell.recompute()`: run a Cell's construct under `jax.checkpoint`, so its activations are
recomputed in the backward pass instead of stored.

The Cell's Parameters enter the checkpointed function as explicit arguments
(a checkpointed trace must not read them from the state frame: it would bake
their values in), and what construct writes (BatchNorm statistics, random
keys) leaves it as extra outputs and is committed after the call.
"""

import jax
import numpy as np

from .. import _state
from ..common.tensor import Tensor

__all__ = ["call_recomputed", "RECOMPUTE_OPTIONS"]

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
