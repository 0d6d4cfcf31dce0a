"""LazyAdam: Adam whose sparse (RowTensor) gradients update only the rows they name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .adam import Adam
from .optimizer import document_optimizer_args

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ...common.parameter import Parameter
    from ...common.tensor import Tensor
    from ..cell import Cell

__all__ = ["LazyAdam"]


@document_optimizer_args
class LazyAdam(Adam):
    """MindSpore's LazyAdam: ``Adam(..., use_lazy=True)``. A dense gradient takes Adam's step
    (MindSpore's CPU build gives the same bits); a RowTensor gradient updates the moments and
    the Parameter in the rows it names alone.

    Args:
        {params}
        learning_rate (Union[float, list[float], Tensor, LearningRateSchedule]): A fixed rate,
            one rate per step, or a schedule of the global step. Default: ``1e-3``.
        {beta1}
        {beta2}
        eps (float): Added to the denominator for stability. Default: ``1e-8``.
        {use_locking}
        use_nesterov (bool): Use Nesterov momentum. Default: ``False``.
        {weight_decay}
        {loss_scale}

    Inputs:
        {gradients}

    Outputs:
        tuple[Tensor], a True per Parameter once the update is written.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = ms.nn.LazyAdam([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        learning_rate: float | Sequence[float] | Tensor | Cell = 1e-3,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-8,
        use_locking: bool = False,
        use_nesterov: bool = False,
        weight_decay: float = 0.0,
        loss_scale: float = 1.0,
    ):
        super().__init__(
            params,
            learning_rate,
            beta1,
            beta2,
            eps,
            use_locking,
            use_nesterov,
            weight_decay,
            loss_scale,
            use_lazy=True,
        )
