"""CosineSimilarity: the pairwise similarity matrix of a batch of vectors."""

from __future__ import annotations

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["CosineSimilarity"]


def _choice(name, value, allowed):
    if not isinstance(value, str):
        raise TypeError(f"CosineSimilarity: `{name}` must be a str, got {type(value).__name__}")
    if value not in allowed:
        raise ValueError(f"CosineSimilarity: `{name}` must be one of {allowed}, got {value!r}")
    return value


class CosineSimilarity(Metric):
    """Pairwise similarities of the rows of one (N, D) input: cosines, or plain dot products.

    Args:
        similarity (str): ``"cosine"`` or ``"dot"``. Default: ``"cosine"``.
        reduction (str): ``"none"`` (the (N, N) matrix), ``"sum"`` or ``"mean"`` of each row.
            Default: ``"none"``.
        zero_diagonal (bool): Set each row's similarity with itself to 0. Default: ``True``.

    Example:
        >>> import numpy as np
        >>> m = CosineSimilarity(); m.update(np.array([[1.0, 0.0], [1.0, 1.0]]))
        >>> np.round(m.eval(), 4).tolist()
        [[0.0, 0.7071], [0.7071, 0.0]]
    """

    def __init__(
        self, similarity: str = "cosine", reduction: str = "none", zero_diagonal: bool = True
    ):
        super().__init__()
        self.similarity = _choice("similarity", similarity, ["dot", "cosine"])
        self.reduction = _choice("reduction", reduction, ["none", "sum", "mean"])
        if not isinstance(zero_diagonal, bool):
            raise TypeError(
                f"CosineSimilarity: `zero_diagonal` must be a bool, got "
                f"{type(zero_diagonal).__name__}"
            )
        self.zero_diagonal = zero_diagonal
        self.clear()

    def clear(self):
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        """Take the (N, D) batch whose rows are compared (replacing any earlier one)."""
        data = self._convert_data(inputs)
        if self.similarity == "cosine":
            data = data / np.linalg.norm(data, ord=2, axis=1, keepdims=True)
        self.sqr_mtx_res = data @ data.T
        self._is_update = True

    def eval(self):
        """The (N, N) similarities, or their row sums or means."""
        self._check_updated()
        result = np.array(self.sqr_mtx_res, copy=True)
        if self.zero_diagonal:
            np.fill_diagonal(result, 0)
        if self.reduction == "mean":
            return result.mean(axis=-1)
        if self.reduction == "sum":
            return result.sum(axis=-1)
        return result
