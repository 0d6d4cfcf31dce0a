"""Mixed precision: `auto_mixed_precision(network, amp_level)` runs a network's compute in a
low-precision float (float16, as MindSpore 2.10 on every device, unless `dtype` says
otherwise: bfloat16 is the faster choice on CPU/TPU) while its Parameters stay float32."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import jax.numpy as jnp

from .common.tensor import canonical_dtype, unwrap
from .nn.cell import Cell
from .ops._amp_auto import auto_precision

__all__ = [
    "auto_mixed_precision",
    "build_train_network",
    "preferred_low_precision",
    "LossScaleManager",
    "FixedLossScaleManager",
    "DynamicLossScaleManager",
    "AMP_LEVELS",
]

AMP_LEVELS = ("O0", "O1", "O2", "O3", "auto")
# O1 runs these layer kinds in low precision (the matrix-multiply layers).
_WHITE_LIST = (
    "Dense",
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "Conv1dTranspose",
    "Conv2dTranspose",
    "Conv3dTranspose",
    "MatMul",
    "BiDense",
    "LSTM",
    "GRU",
    "RNN",
    "LSTMCell",
    "GRUCell",
    "RNNCell",
    "MultiheadAttention",
)
# O2 keeps these in float32 (normalisation statistics lose too much in 16 bits).
_BLACK_LIST = (
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "LayerNorm",
    "GroupNorm",
    "InstanceNorm1d",
    "InstanceNorm2d",
    "InstanceNorm3d",
    "SyncBatchNorm",
)


def preferred_low_precision() -> Any:
    """The low-precision float mixed precision uses when no `dtype` is given: float16.

    MindSpore 2.10 computes mixed precision in float16 on CPU and GPU alike, so programs
    that build their own float16 tensors meet float16 there too.

    Returns:
        numpy.dtype, float16 (bfloat16 is the faster choice on CPU and TPU: pass it as
        `dtype` to `auto_mixed_precision`).

    Example:
        >>> import numpy as np
        >>> print(preferred_low_precision() == np.float16)
        True
    """
    return jnp.float16


class _OutputTo32(Cell):
    """Casts a low-precision network's floating outputs back to float32."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *inputs):
        out = self._backbone(*inputs)
        cast = lambda x: (
            jnp.asarray(x, jnp.float32) if jnp.issubdtype(jnp.asarray(x).dtype, jnp.floating) else x
        )
        if isinstance(out, (tuple, list)):
            return type(out)(cast(unwrap(o)) for o in out)
        return cast(unwrap(out))


def _auto_function(function, low):
    """`function` run at the "auto" level: matrix products, dense layers and convolutions in
    `low`, every other op in its inputs' (promoted) types, as MindSpore 2.10 runs it."""

    @functools.wraps(function)
    def run(*args, **kwargs):
        with auto_precision(low):
            return function(*args, **kwargs)

    return run


def auto_mixed_precision(
    network: Cell | Callable[..., Any], amp_level: str = "O0", dtype: Any = None
) -> Any:
    """`network` made to compute in a low-precision float while its Parameters stay float32.

    Levels: ``"O0"`` leaves the network as it is; ``"O1"`` and ``"auto"`` run the
    matrix-multiply layers (Dense, convolutions, RNNs, attention) in `dtype`; ``"O2"`` runs
    everything in `dtype` except the normalisation layers; ``"O3"`` runs everything in
    `dtype`. With O2 and O3 the outputs are cast back to float32. A plain function (level
    ``"auto"`` only) runs its matrix products, dense layers and convolutions in `dtype`.
    At O1 each listed layer's floating results are cast back to float32, as MindSpore 2.10
    gives them. Not followed at ``"auto"``: MindSpore 2.10 gives a Dense layer's result in
    float32 but a Conv2d's in float16 there, and runs the matrix products a `construct`
    calls as functions (``ops.matmul``) in `dtype`; msfunc keeps the listed layers' results
    in `dtype` and leaves functional products alone.

    Args:
        network (Union[Cell, Callable[..., Any]]): The network; a function at ``"auto"``.
        amp_level (str): ``"O0"``, ``"O1"``, ``"O2"``, ``"O3"`` or ``"auto"``.
            Default: ``"O0"``.
        dtype (Union[Type, None]): float16 or bfloat16; ``None`` gives
            `preferred_low_precision` (float16). Default: ``None``.

    Returns:
        Union[Cell, Callable[..., Any]], the network to use (O2 and O3 wrap it in a Cell
        casting its outputs to float32).

    Example:
        >>> import msfunc as ms
        >>> net = ms.amp.auto_mixed_precision(ms.nn.Dense(2, 2), "O3", ms.float16)
        >>> print(net(ms.Tensor([[1.0, 2.0]])).dtype == ms.float32)
        True
        >>> f = ms.amp.auto_mixed_precision(ms.ops.matmul, "auto")
        >>> print(f(ms.Tensor([[1.0, 2.0]]), ms.Tensor([3.0, 4.0])).dtype == ms.float16)
        True
    """
    if not isinstance(network, Cell) and not (
        amp_level == "auto" and (inspect.isfunction(network) or inspect.ismethod(network))
    ):
        raise TypeError(
            f"auto_mixed_precision: `network` must be a Cell (or, at level 'auto', "
            f"a function), got {type(network).__name__} at level {amp_level!r}"
        )
    if amp_level not in AMP_LEVELS:
        raise ValueError(
            f"auto_mixed_precision: `amp_level` must be one of {AMP_LEVELS}, got {amp_level!r}"
        )
    low = preferred_low_precision() if dtype is None else canonical_dtype(dtype)
    if low not in (jnp.float16, jnp.bfloat16):
        raise ValueError(f"auto_mixed_precision: `dtype` must be float16 or bfloat16, got {dtype}")
    if not isinstance(network, Cell):
        return _auto_function(network, low)
    if amp_level == "O0":
        return network
    if amp_level in ("O1", "auto"):
        for _, cell in network.cells_and_names():
            if type(cell).__name__ in _WHITE_LIST:
                cell.to_float(low)
                if amp_level == "O1":
                    object.__setattr__(cell, "_msfunc_amp_output_float32", True)
        return network
    network.to_float(low)
    if amp_level == "O2":
        for _, cell in network.cells_and_names():
            if type(cell).__name__ in _BLACK_LIST:
                cell.to_float(jnp.float32)
    return _OutputTo32(network)


def build_train_network(
    network: Cell,
    optimizer: Cell,
    loss_fn: Cell | None = None,
    level: str = "O0",
    boost_level: str = "O0",
    **kwargs: Any,
) -> Cell:
    """The one-step training Cell that `Model` builds: mixed precision, loss, optimizer.

    Args:
        network (Cell): The network.
        optimizer (Cell): The optimizer over the network's Parameters.
        loss_fn (Union[Cell, None]): The loss; ``None`` when `network` returns the loss.
            Default: ``None``.
        level (str): The mixed-precision level, as `auto_mixed_precision` takes it.
            Default: ``"O0"``.
        boost_level (str): MindSpore's Ascend boost level; accepted, no effect.
            Default: ``"O0"``.
        **kwargs (Any): ``loss_scale_manager`` (a `LossScaleManager`: the step is then
            loss-scaled; a manager with no update Cell, a `FixedLossScaleManager` with
            ``drop_overflow_update=False``, scales the gradients and leaves unscaling them
            to the optimizer's ``loss_scale``) and ``keep_batchnorm_fp32``.

    Returns:
        Cell, called with a batch (inputs, then labels) to run one training step; it
        returns the loss.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Dense(2, 1, "ones", "zeros")
        >>> step = build_train_network(net, ms.nn.SGD(net.trainable_params(), 0.1),
        ...                            ms.nn.MSELoss())
        >>> print(step(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]])), net.weight.value())
        4.0 [[0.6 0.6]]
    """
    from .nn.wrap import TrainOneStepCell, TrainOneStepWithLossScaleCell, WithLossCell

    unknown = set(kwargs) - {"loss_scale_manager", "keep_batchnorm_fp32"}
    if unknown:
        raise TypeError(f"build_train_network: unexpected keyword arguments {sorted(unknown)}")
    net = auto_mixed_precision(network, level)
    if loss_fn is not None:
        net = WithLossCell(net, loss_fn)
    if not isinstance(net, Cell):  # a plain function gets a Cell only with its loss_fn
        raise TypeError(
            f"build_train_network: `network` must be a Cell (or come with a `loss_fn`), "
            f"got {type(network).__name__}"
        )
    manager = kwargs.get("loss_scale_manager")
    if manager is None:
        return TrainOneStepCell(net, optimizer)
    cell = manager.get_update_cell()
    if cell is None:
        # a fixed scale that keeps overflowing updates (MindSpore's
        # drop_overflow_update=False): the loss's sensitivity is the scale and nothing
        # unscales the gradients but the optimizer's own `loss_scale`
        return TrainOneStepCell(net, optimizer, float(manager.get_loss_scale()))  # pyright: ignore[reportArgumentType]
    return TrainOneStepWithLossScaleCell(net, optimizer, cell)


class LossScaleManager:
    """Base of the loss-scale managers that `Model` and `build_train_network` take.

    A manager gives the loss scale (`get_loss_scale`) and the Cell updating it during
    training (`get_update_cell`, or ``None`` for a fixed scale).

    Example:
        >>> import msfunc as ms
        >>> isinstance(ms.amp.DynamicLossScaleManager(), ms.amp.LossScaleManager)
        True
    """

    def get_loss_scale(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def get_update_cell(self):  # pragma: no cover - abstract
        raise NotImplementedError


class FixedLossScaleManager(LossScaleManager):
    """A constant loss scale: the loss is multiplied by it, the gradients divided by it.

    Args:
        loss_scale (float): The scale, at least 1. Default: ``128.0``.
        drop_overflow_update (bool): Skip the optimizer step when a gradient overflows.
            Default: ``True``.

    Example:
        >>> import msfunc as ms
        >>> m = ms.amp.FixedLossScaleManager(128.0, drop_overflow_update=False)
        >>> print(m.get_loss_scale(), m.get_drop_overflow_update(), m.get_update_cell())
        128.0 False None
    """

    def __init__(self, loss_scale: float = 128.0, drop_overflow_update: bool = True) -> None:
        if not loss_scale >= 1:
            raise ValueError(
                f"FixedLossScaleManager: `loss_scale` must be >= 1, got {loss_scale!r}"
            )
        self._loss_scale, self._drop = float(loss_scale), bool(drop_overflow_update)

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        return self._drop

    def get_update_cell(self):
        from .nn.wrap.loss_scale import FixedLossScaleUpdateCell

        return FixedLossScaleUpdateCell(self._loss_scale) if self._drop else None


class DynamicLossScaleManager(LossScaleManager):
    """A loss scale that adapts: divided when gradients overflow, grown after clean steps.

    Args:
        init_loss_scale (float): The starting scale. Default: ``2**24``.
        scale_factor (int): What the scale is divided by on overflow and multiplied by
            after `scale_window` steps without one. Default: ``2``.
        scale_window (int): Clean steps between two increases. Default: ``2000``.

    Example:
        >>> import msfunc as ms
        >>> m = ms.amp.DynamicLossScaleManager(1024.0, 2, 100)
        >>> print(m.get_loss_scale(), type(m.get_update_cell()).__name__)
        1024.0 DynamicLossScaleUpdateCell
    """

    def __init__(
        self, init_loss_scale: float = 2**24, scale_factor: int = 2, scale_window: int = 2000
    ) -> None:
        self._init, self.scale_factor, self.scale_window = (
            float(init_loss_scale),
            scale_factor,
            scale_window,
        )

    def get_loss_scale(self):
        return self._init

    def get_drop_overflow_update(self):
        return True

    def get_update_cell(self):
        from .nn.wrap.loss_scale import DynamicLossScaleUpdateCell

        return DynamicLossScaleUpdateCell(self._init, self.scale_factor, self.scale_window)
