"""`GraphCell`: a Cell that runs a graph exported to serialized StableHLO (`msfunc.load`)."""

from __future__ import annotations

from typing import Any

import jax

from ..common.tensor import unwrap
from .cell import Cell

__all__ = ["GraphCell"]


class GraphCell(Cell):
    """A Cell that runs a graph read by `msfunc.load`.

    Args:
        graph (jax.export.Exported): The graph, as `msfunc.load` returns it.
        params_init (Union[dict, None]): MindSpore's new weights for the graph; only ``None``
            (an exported graph holds its weights as constants). Default: ``None``.
        obf_random_seed (Union[int, None]): MindSpore's obfuscation seed; only ``None``.
            Default: ``None``.

    Inputs:
        inputs (Tensor): The graph's inputs, of the shapes and dtypes it was exported for.

    Outputs:
        What the graph returns.

    Example:
        >>> import msfunc as ms, jax, jax.numpy as jnp
        >>> graph = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((2,), jnp.float32))
        >>> ms.nn.GraphCell(graph)(jnp.zeros(2, jnp.float32)).tolist()
        [0.0, 0.0]
    """

    def __init__(
        self,
        graph: jax.export.Exported,
        params_init: dict[str, Any] | None = None,
        obf_random_seed: int | None = None,
    ):
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
