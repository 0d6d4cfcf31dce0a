"""Checkpoint callbacks: CheckpointConfig and ModelCheckpoint (writing through
``msfunc.train.serialization.save_checkpoint``)."""

import os
import time

from ._callback import Callback
from .monitors import step_in_epoch

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
        save_checkpoint_steps: save every this many steps (0: not by steps).
        save_checkpoint_seconds: save when this many seconds have passed (0: not by time).
        keep_checkpoint_max: keep at most this many files (the oldest are removed).
        saved_network: save this Cell instead of the training network.
        append_info: extra entries (a list of str or dict) for the writer's `append_dict`.

    Example:
        >>> from msfunc.train import CheckpointConfig
        >>> CheckpointConfig(save_checkpoint_steps=10, keep_checkpoint_max=2).keep_checkpoint_max
        2
    """

    def __init__(
        self,
        save_checkpoint_steps=1,
        save_checkpoint_seconds=0,
        keep_checkpoint_max=5,
        keep_checkpoint_per_n_minutes=0,
        integrated_save=True,
        async_save=False,
        saved_network=None,
        append_info=None,
        enc_key=None,
        enc_mode="AES-GCM",
        exception_save=False,
        **kwargs,
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

    Example:
        >>> from msfunc.train import ModelCheckpoint
        >>> ModelCheckpoint(prefix="net", directory="/tmp").latest_ckpt_file_name is None
        True
    """

    def __init__(self, prefix="CKP", directory=None, config=None):
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
