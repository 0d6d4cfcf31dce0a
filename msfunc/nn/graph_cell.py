"""`GraphCell`: a Cell that runs a graph exported to serialized StableHLO (`msfunc.load`)."""

from __future__ import annotations

import jax

from ..common.tensor import unwrap
from .cell import Cell

__all__ = ["GraphCell"]


class GraphCell(Cell):
    """A Cell running a graph that `msfunc.export` wrote and `msfunc.load` read.

    The graph is serialized StableHLO (``jax.export``), its weights held as constants.

    Args:
        graph (jax.export.Exported): The graph, as `msfunc.load` returns it.
        params_init (None): MindSpore's new weights for the graph; not supported (export
            again after changing them). Default: ``None``.
        obf_random_seed (None): MindSpore's obfuscation seed; not supported.
            Default: ``None``.

    Example:
        >>> import msfunc as ms, jax, jax.numpy as jnp
        >>> graph = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((2,), jnp.float32))
        >>> print(ms.nn.GraphCell(graph)(jnp.array([0.0, 1.5707964], jnp.float32)))
        [0. 1.]
    """

    def __init__(
        self, graph: jax.export.Exported, params_init: None = None, obf_random_seed: None = None
    ) -> None:
        super().__init__()
        if not isinstance(graph, jax.export.Exported):
            raise TypeError(
                "GraphCell: `graph` must be what msfunc.load returns (a "
                f"jax.export.Exported), got {type(graph).__name__}"
            )
        if params_init is not None or obf_random_seed is not None:
            raise NotImplementedError(
                "GraphCell: `params_init` and `obf_random_seed` are not "
                "supported: an exported graph holds its weights as "
                "constants; export again after changing them"
            )
        self.graph = graph

    def construct(self, *inputs):
        return self.graph.call(*unwrap(inputs, pytrees=True))  # exported for arrays
