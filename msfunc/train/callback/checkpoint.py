"""Checkpoint callbacks: CheckpointConfig and ModelCheckpoint (writing through
``msfunc.train.serialization.save_checkpoint``)."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from ._callback import Callback
from .monitors import step_in_epoch

if TYPE_CHECKING:
    from typing import Any

    from ...nn.cell import Cell

__all__ = ["CheckpointConfig", "ModelCheckpoint"]


def _save_checkpoint():
    try:
        from ..serialization import save_checkpoint
    except ImportError as exc:
        raise RuntimeError(
            "ModelCheckpoint: no checkpoint writer is available "
            "(msfunc.train.serialization.save_checkpoint could not be "
            f"imported: {exc})"
        ) from exc
    return save_checkpoint


class CheckpointConfig:
    """When and how many checkpoints ModelCheckpoint writes.

    Args:
        save_checkpoint_steps (int): Save every this many steps; 0: not by steps. Default: ``1``.
        save_checkpoint_seconds (int): Save when this many seconds have passed; 0: not by time.
            Default: ``0``.
        keep_checkpoint_max (int): Keep at most this many files, removing the oldest. Default:
            ``5``.
        keep_checkpoint_per_n_minutes (int): Recorded; msfunc keeps files by count only.
            Default: ``0``.
        integrated_save (bool): Recorded; one device holds every Parameter whole here. Default:
            ``True``.
        async_save (bool): Recorded; ModelCheckpoint writes each file before training goes on.
            Default: ``False``.
        saved_network (Union[Cell, None]): Save this Cell instead of the training network.
            Default: ``None``.
        append_info (Union[list, None]): Extra entries (str names such as ``"epoch_num"``, or a
            dict) stored with each checkpoint. Default: ``None``.
        enc_key (Union[bytes, None]): MindSpore's encryption key; not used, checkpoints are
            written plain. Default: ``None``.
        enc_mode (str): MindSpore's encryption mode; not used. Default: ``"AES-GCM"``.
        exception_save (bool): Recorded; no checkpoint is written on an exception. Default:
            ``False``.
        kwargs (Any): Further MindSpore options, accepted and ignored.

    Example:
        >>> from msfunc.train import CheckpointConfig
        >>> CheckpointConfig(save_checkpoint_steps=10, keep_checkpoint_max=2).keep_checkpoint_max
        2
    """

    def __init__(
        self,
        save_checkpoint_steps: int = 1,
        save_checkpoint_seconds: int = 0,
        keep_checkpoint_max: int = 5,
        keep_checkpoint_per_n_minutes: int = 0,
        integrated_save: bool = True,
        async_save: bool = False,
        saved_network: Cell | None = None,
        append_info: list[Any] | None = None,
        enc_key: bytes | None = None,
        enc_mode: str = "AES-GCM",
        exception_save: bool = False,
        **kwargs: Any,
    ):
        for name, value in (
            ("save_checkpoint_steps", save_checkpoint_steps),
            ("save_checkpoint_seconds", save_checkpoint_seconds),
            ("keep_checkpoint_max", keep_checkpoint_max),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"CheckpointConfig: `{name}` must be an int >= 0, got {value!r}")
        if not save_checkpoint_steps and not save_checkpoint_seconds:
            raise ValueError(
                "CheckpointConfig: `save_checkpoint_steps` and "
                "`save_checkpoint_seconds` cannot both be 0"
            )
        self.save_checkpoint_steps = save_checkpoint_steps
        self.save_checkpoint_seconds = save_checkpoint_seconds
        self.keep_checkpoint_max = keep_checkpoint_max
        self.keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        self.integrated_save, self.async_save = integrated_save, async_save
        self.saved_network, self.append_info = saved_network, append_info
        self.exception_save = exception_save


class ModelCheckpoint(Callback):
    """Save checkpoints ``{directory}/{prefix}-{epoch}_{step}.ckpt`` during training.

    Args:
        prefix (str): The files' name prefix. Default: ``"CKP"``.
        directory (Union[str, None]): Where the files go; ``None`` is the working directory.
            Default: ``None``.
        config (Union[CheckpointConfig, None]): When and how many to save; ``None`` is
            ``CheckpointConfig()``. Default: ``None``.

    Example:
        >>> from msfunc.train import ModelCheckpoint
        >>> ModelCheckpoint(prefix="net", directory="/tmp").latest_ckpt_file_name is None
        True
    """

    def __init__(
        self,
        prefix: str = "CKP",
        directory: str | None = None,
        config: CheckpointConfig | None = None,
    ):
        if not isinstance(prefix, str) or not prefix or "/" in prefix:
            raise ValueError(
                f"ModelCheckpoint: `prefix` must be a non-empty file-name prefix, got {prefix!r}"
            )
        if config is None:
            config = CheckpointConfig()
        if not isinstance(config, CheckpointConfig):
            raise TypeError(
                f"ModelCheckpoint: `config` must be a CheckpointConfig, got {type(config).__name__}"
            )
        self._prefix, self._directory = prefix, directory or os.getcwd()
        self._config = config
        self._saved, self._last_saved_step = [], 0
        self._last_time = time.time()
        self.latest_ckpt_file_name = None

    def _due(self, step):
        cfg = self._config
        if cfg.save_checkpoint_steps and step % cfg.save_checkpoint_steps == 0:
            return True
        return (
            bool(cfg.save_checkpoint_seconds)
            and time.time() - self._last_time >= cfg.save_checkpoint_seconds
        )

    def _save(self, p):
        save_checkpoint = _save_checkpoint()
        os.makedirs(self._directory, exist_ok=True)
        name = f"{self._prefix}-{p.cur_epoch_num}_{step_in_epoch(p)}.ckpt"
        path = os.path.join(self._directory, name)
        network = self._config.saved_network or p.train_network
        append = self._config.append_info
        if isinstance(append, list):
            merged = {}
            for item in append:
                if isinstance(item, dict):
                    merged.update(item)
                elif item == "epoch_num":
                    merged["epoch_num"] = p.cur_epoch_num
                elif item == "step_num":
                    merged["step_num"] = p.cur_step_num
            append = merged or None
        if append:
            save_checkpoint(network, path, append_dict=append)
        else:
            save_checkpoint(network, path)
        self._last_saved_step, self._last_time = p.cur_step_num, time.time()
        self.latest_ckpt_file_name = path
        self._saved.append(path)
        keep = self._config.keep_checkpoint_max
        while keep and len(self._saved) > keep:
            old = self._saved.pop(0)
            if os.path.exists(old) and old != path:
                os.remove(old)

    def on_train_step_end(self, run_context):
        p = run_context.original_args()
        if self._due(p.cur_step_num):
            self._save(p)

    def on_train_end(self, run_context):
        p = run_context.original_args()
        if p.cur_step_num != self._last_saved_step:
            self._save(p)
