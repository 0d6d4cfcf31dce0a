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
        if params_init is not None:
            _check_params_init(params_init)
        if params_init is not None or obf_random_seed is not None:
            raise NotImplementedError(
                "GraphCell: `params_init` and `obf_random_seed` are not "
                "supported: an exported graph holds its weights as "
                "constants; export again after changing them"
            )
        self.graph = graph

    def construct(self, *inputs):
        return self.graph.call(*unwrap(inputs, pytrees=True))  # exported for arrays


def _check_params_init(params_init):
    """A params_init of the wrong kind is a TypeError, as in MindSpore (before msfunc refuses
    any params_init)."""
    from ..common.tensor import Tensor

    if not isinstance(params_init, dict):
        raise TypeError(
            f"GraphCell: `params_init` must be a dict, got {type(params_init).__name__}"
        )
    for key, value in params_init.items():
        if not isinstance(key, str) or not isinstance(value, Tensor):
            raise TypeError(
                "GraphCell: `params_init` maps str names to Tensor or Parameter values, got "
                f"{type(key).__name__} -> {type(value).__name__}"
            )
