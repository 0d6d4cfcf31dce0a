"""Checkpoint callbacks: CheckpointConfig and ModelCheckpoint (writing through
``msfunc.train.serialization.save_checkpoint``)."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from ._callback import Callback
from .ckpt_files import CheckpointManager, unused_prefix
from .monitors import step_in_epoch

if TYPE_CHECKING:
    from collections.abc import Callable
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


_APPEND_NAMES = ("epoch_num", "step_num")


def _non_negative_int(name, value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"CheckpointConfig: `{name}` must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"CheckpointConfig: `{name}` must be >= 0, got {value}")
    return value


def _append_entries(append_info):
    """The ``append_info`` list as the dict saved with each checkpoint (counters start at 0)."""
    if append_info is None or append_info == []:
        return None
    if not isinstance(append_info, list):
        raise TypeError(
            f"CheckpointConfig: `append_info` must be a list, got {type(append_info).__name__}"
        )
    entries = {name: 0 for name in _APPEND_NAMES if name in append_info}
    dicts = 0
    for item in append_info:
        if isinstance(item, str):
            if item not in _APPEND_NAMES:
                raise ValueError(
                    f"CheckpointConfig: `append_info` names must be in {list(_APPEND_NAMES)}, "
                    f"got {item!r}"
                )
        elif isinstance(item, dict):
            dicts += 1
            if dicts > 1:
                raise TypeError("CheckpointConfig: `append_info` may hold only one dict")
            for key, value in item.items():
                if not isinstance(key, str):
                    raise TypeError(
                        f"CheckpointConfig: `append_info` dict keys must be str, got "
                        f"{type(key).__name__}"
                    )
                entries[key] = value
        else:
            raise TypeError(
                f"CheckpointConfig: `append_info` items must be str or dict, got "
                f"{type(item).__name__}"
            )
    return entries


class CheckpointConfig:
    """When and how many checkpoints ModelCheckpoint writes.

    Saving by steps wins over saving by seconds (`save_checkpoint_seconds` reads None then);
    keeping by count wins over keeping one file per n minutes.

    Args:
        save_checkpoint_steps (int): Save every this many steps; 0: not by steps. Default: ``1``.
        save_checkpoint_seconds (int): Save when this many seconds have passed; 0: not by time.
            Default: ``0``.
        keep_checkpoint_max (int): Keep at most this many files, removing the oldest. Default:
            ``5``.
        keep_checkpoint_per_n_minutes (int): Keep one file per this many minutes (when
            `keep_checkpoint_max` is 0). Default: ``0``.
        integrated_save (bool): Recorded; one device holds every Parameter whole here. Default:
            ``True``.
        async_save (bool): Write each file in a background thread. Default: ``False``.
        saved_network (Union[Cell, None]): Save this Cell instead of the training network.
            Default: ``None``.
        append_info (Union[list, None]): Extra entries saved with each checkpoint: the names
            ``"epoch_num"`` / ``"step_num"`` and at most one dict. Default: ``None``.
        enc_key (Union[bytes, None]): Encrypt each checkpoint with this key
            (``save_checkpoint``'s `enc_key`). Default: ``None``.
        enc_mode (str): ``"AES-GCM"``, ``"AES-CBC"`` or ``"SM4-CBC"``. Default: ``"AES-GCM"``.
        exception_save (bool): Recorded; no checkpoint is written on an exception. Default:
            ``False``.
        crc_check (bool): Store a checksum with each file. Default: ``False``.
        remove_redundancy (bool): Recorded (one device: nothing is redundant). Default:
            ``False``.
        format (str): ``"ckpt"`` or ``"safetensors"``. Default: ``"ckpt"``.
        kwargs (Any): Further MindSpore options, accepted and ignored.

    Example:
        >>> from msfunc.train import CheckpointConfig
        >>> config = CheckpointConfig(save_checkpoint_steps=10, keep_checkpoint_max=2)
        >>> config.keep_checkpoint_max, config.save_checkpoint_seconds
        (2, None)
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
        crc_check: bool = False,
        remove_redundancy: bool = False,
        format: str = "ckpt",  # noqa: A002 - MindSpore's argument name
        **kwargs: Any,
    ):
        from ...nn.cell import Cell

        steps = _non_negative_int("save_checkpoint_steps", save_checkpoint_steps)
        seconds = _non_negative_int("save_checkpoint_seconds", save_checkpoint_seconds)
        keep_max = _non_negative_int("keep_checkpoint_max", keep_checkpoint_max)
        per_minutes = _non_negative_int(
            "keep_checkpoint_per_n_minutes", keep_checkpoint_per_n_minutes
        )
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError(
                f"CheckpointConfig: `saved_network` must be a Cell or None, got "
                f"{type(saved_network).__name__}"
            )
        if not (steps or seconds or keep_max or per_minutes):
            raise ValueError(
                "CheckpointConfig: `save_checkpoint_steps`, `save_checkpoint_seconds`, "
                "`keep_checkpoint_max` and `keep_checkpoint_per_n_minutes` cannot all be 0 or None"
            )
        for name, value in (
            ("exception_save", exception_save),
            ("integrated_save", integrated_save),
            ("crc_check", crc_check),
            ("remove_redundancy", remove_redundancy),
        ):
            if not isinstance(value, bool):
                raise TypeError(
                    f"CheckpointConfig: `{name}` must be a bool, got {type(value).__name__}"
                )
        if enc_key is not None and not isinstance(enc_key, bytes):
            raise TypeError(
                f"CheckpointConfig: `enc_key` must be bytes, got {type(enc_key).__name__}"
            )
        if not isinstance(enc_mode, str) or not isinstance(format, str):
            raise TypeError("CheckpointConfig: `enc_mode` and `format` must be str")
        self._save_checkpoint_steps = steps
        self._save_checkpoint_seconds = None if steps else seconds
        self._keep_checkpoint_max = keep_max
        self._keep_checkpoint_per_n_minutes = per_minutes
        if keep_max:
            self._keep_checkpoint_per_n_minutes = None
        elif not per_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save, self._async_save = integrated_save, async_save
        self._saved_network = saved_network
        self._append_dict = _append_entries(append_info)
        self._enc_key, self._enc_mode = enc_key, enc_mode
        self._crc_check, self._format = crc_check, format
        self.exception_save, self.remove_redundancy = exception_save, remove_redundancy

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)
    append_dict = property(lambda self: self._append_dict)

    def get_checkpoint_policy(self):
        """The saving and keeping settings as a dict.

        Returns:
            dict, ``save_checkpoint_steps``, ``save_checkpoint_seconds``, ``keep_checkpoint_max``,
            ``keep_checkpoint_per_n_minutes`` and ``saved_network``.

        Example:
            >>> from msfunc.train import CheckpointConfig
            >>> policy = CheckpointConfig(keep_checkpoint_max=3).get_checkpoint_policy()
            >>> policy["keep_checkpoint_max"], policy["save_checkpoint_seconds"]
            (3, None)
        """
        return {
            "save_checkpoint_steps": self.save_checkpoint_steps,
            "save_checkpoint_seconds": self.save_checkpoint_seconds,
            "keep_checkpoint_max": self.keep_checkpoint_max,
            "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
            "saved_network": self.saved_network,
        }


class ModelCheckpoint(Callback):
    """Save checkpoints ``{directory}/{prefix}-{epoch}_{step}.ckpt`` during training.

    A prefix whose files already lie in the directory becomes ``prefix_1`` (``_2`` ...). A
    callable `prefix` or `directory` is called with the run's CallbackParam at each save (a
    callable prefix names the whole file: ``{prefix}.ckpt``).

    Args:
        prefix (Union[str, Callable]): The files' name prefix. Default: ``"CKP"``.
        directory (Union[str, Callable, None]): Where the files go; ``None`` is the working
            directory. Default: ``None``.
        config (Union[CheckpointConfig, None]): When and how many to save; ``None`` is
            ``CheckpointConfig()``. Default: ``None``.

    Example:
        >>> from msfunc.train import ModelCheckpoint
        >>> ModelCheckpoint(prefix="net", directory="/tmp").latest_ckpt_file_name
        ''
    """

    def __init__(
        self,
        prefix: str | Callable[[Any], str] = "CKP",
        directory: str | Callable[[Any], str] | None = None,
        config: CheckpointConfig | None = None,
    ):
        if not callable(prefix) and (not isinstance(prefix, str) or "/" in prefix):
            raise ValueError(
                f"ModelCheckpoint: `prefix` must be a callable or a str without '/', got {prefix!r}"
            )
        if config is None:
            config = CheckpointConfig()
        if not isinstance(config, CheckpointConfig):
            raise TypeError(
                f"ModelCheckpoint: `config` must be a CheckpointConfig, got {type(config).__name__}"
            )
        self._config = config
        self._prefix_func = prefix if callable(prefix) else None
        self._directory_func = directory if callable(directory) else None
        self._directory = None
        if self._directory_func is None:
            self._directory = os.path.realpath(str(directory)) if directory else os.getcwd()
            os.makedirs(self._directory, exist_ok=True)
        self._prefix = (
            unused_prefix(self._directory, prefix)
            if not (callable(prefix) or callable(directory))
            else prefix
        )
        self._manager = CheckpointManager(config.format)
        self._append_dict = dict(config.append_dict or {})
        self._append_base = {k: self._append_dict.get(k, 0) for k in _APPEND_NAMES}
        self._last_triggered_step = 0
        self._last_time = self._last_time_for_keep = time.time()
        self._latest_ckpt_file_name = ""

    @property
    def latest_ckpt_file_name(self):
        """The path of the last file written ('' before the first)."""
        return self._latest_ckpt_file_name

    def step_end(self, run_context):
        """Save when the configured number of steps (or seconds) has passed."""
        p = run_context.original_args()
        if self._prefix_func is not None:
            self._prefix = self._prefix_func(p)
            if not isinstance(self._prefix, str) or "/" in self._prefix:
                raise ValueError(
                    f"ModelCheckpoint: the `prefix` callable must return a str without '/', "
                    f"got {self._prefix!r}"
                )
        if self._directory_func is not None:
            self._directory = self._directory_func(p)
            os.makedirs(self._directory, exist_ok=True)
        self._save(p)

    def end(self, run_context):
        """Save the last step's state unless it was just saved."""
        self._save(run_context.original_args(), force=True)
        if self._config.async_save:
            from ..serialization import async_ckpt_thread_status

            while async_ckpt_thread_status():
                time.sleep(0.01)

    def _due(self, p, force):
        cfg = self._config
        if cfg.save_checkpoint_steps:
            return force or p.cur_step_num >= self._last_triggered_step + cfg.save_checkpoint_steps
        if cfg.save_checkpoint_seconds:
            now = time.time()
            if force or now - self._last_time > cfg.save_checkpoint_seconds:
                self._last_time = now
                return True
        return False

    def _save(self, p, force=False):
        if p.cur_step_num == self._last_triggered_step or not self._due(p, force):
            return
        save_checkpoint = _save_checkpoint()
        cfg = self._config
        if self._prefix_func is not None:
            name = f"{self._prefix}.{cfg.format}"
        else:
            name = f"{self._prefix}-{p.cur_epoch_num}_{step_in_epoch(p)}.{cfg.format}"
        self._manager.update_ckpoint_filelist(self._directory, self._prefix)
        if cfg.keep_checkpoint_max and cfg.keep_checkpoint_max <= self._manager.ckpoint_num:
            self._manager.remove_oldest_ckpoint_file()
        elif cfg.keep_checkpoint_per_n_minutes:
            now = time.time()
            if now - self._last_time_for_keep < cfg.keep_checkpoint_per_n_minutes * 60:
                self._manager.keep_one_ckpoint_per_minutes(cfg.keep_checkpoint_per_n_minutes, now)
        path = os.path.join(str(self._directory), name)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = p.cur_step_num
        for key, current in (("epoch_num", p.cur_epoch_num), ("step_num", p.cur_step_num)):
            if key in self._append_dict:
                self._append_dict[key] = self._append_base[key] + current
        network = cfg.saved_network if cfg.saved_network is not None else p.train_network
        options = {}
        if self._append_dict:
            options["append_dict"] = self._append_dict
        if cfg.async_save:
            options["async_save"] = True
        if cfg.enc_key is not None:
            options["enc_key"], options["enc_mode"] = cfg.enc_key, cfg.enc_mode
        if cfg.crc_check:
            options["crc_check"] = True
        if cfg.format != "ckpt":
            options["format"] = cfg.format
        save_checkpoint(network, path, **options)
        self._latest_ckpt_file_name = path
