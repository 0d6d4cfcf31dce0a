"""ckpt_to_safetensors / safetensors_to_ckpt: convert one checkpoint file, bit for bit."""

from __future__ import annotations

import os

from . import serialization

__all__ = ["ckpt_to_safetensors", "safetensors_to_ckpt"]


def _convert(who, file_path, save_path, name_map, src, dst, file_name_regex, processes_num):
    if not isinstance(file_path, (str, os.PathLike)):
        raise TypeError(f"{who}: `file_path` must be a str or path, got {type(file_path).__name__}")
    file_path = os.fspath(file_path)
    if os.path.isdir(file_path) or file_name_regex is not None:
        raise NotImplementedError(
            f"{who}: converting a directory of per-rank checkpoints is not "
            "supported; pass one file at a time"
        )
    if not file_path.endswith(serialization._SUFFIX[src]) or not os.path.isfile(file_path):
        raise ValueError(
            f"{who}: `file_path` must be an existing '{serialization._SUFFIX[src]}' "
            f"file, got '{file_path}'"
        )
    if name_map is not None and not isinstance(name_map, dict):
        raise TypeError(
            f"{who}: `name_map` must be a dict old name -> new name, got {type(name_map).__name__}"
        )
    if src == "ckpt":
        values = serialization._read_ckpt(file_path, crc_check=False)
    else:
        values = serialization._read_safetensors(file_path)
    name_map = name_map or {}
    items = [(name_map.get(k, k), v) for k, v in values.items()]
    base = os.path.basename(file_path)[: -len(serialization._SUFFIX[src])]
    out_dir = os.path.dirname(os.path.abspath(file_path)) if save_path is None else save_path
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, base + serialization._SUFFIX[dst])
    writer = serialization._write_ckpt if dst == "ckpt" else serialization._write_safetensors
    writer(out, items, crc_check=False)


def ckpt_to_safetensors(
    file_path: str | os.PathLike[str],
    save_path: str | None = None,
    name_map: dict[str, str] | None = None,
    file_name_regex: str | None = None,
    processes_num: int = 1,
) -> None:
    """Write ``name.safetensors`` (beside the file, or in `save_path`) from ``name.ckpt``.

    `name_map` renames entries (old -> new). Values are copied bit for bit.

    Args:
        file_path (Union[str, os.PathLike]): The ``.ckpt`` file.
        save_path (Union[str, None]): The output directory; ``None`` is `file_path`'s. Default:
            ``None``.
        name_map (Union[dict[str, str], None]): Renames entries, old name -> new name. Default:
            ``None``.
        file_name_regex (Union[str, None]): MindSpore's filter for a directory of per-rank
            files; only ``None`` (one file at a time). Default: ``None``.
        processes_num (int): MindSpore's worker count for directories; unused for one file.
            Default: ``1``.

    Returns:
        None.

    Example:
        >>> import os, tempfile, numpy as np, msfunc as ms
        >>> d = tempfile.mkdtemp()
        >>> ms.save_checkpoint({"w": np.ones(2, np.float32)}, os.path.join(d, "m.ckpt"))
        >>> ms.ckpt_to_safetensors(os.path.join(d, "m.ckpt"), name_map={"w": "v"})
        >>> list(ms.load_checkpoint(os.path.join(d, "m.safetensors"), format="safetensors"))
        ['v']
    """
    _convert(
        "ckpt_to_safetensors",
        file_path,
        save_path,
        name_map,
        "ckpt",
        "safetensors",
        file_name_regex,
        processes_num,
    )


def safetensors_to_ckpt(
    file_path: str | os.PathLike[str],
    save_path: str | None = None,
    name_map: dict[str, str] | None = None,
    file_name_regex: str | None = None,
    processes_num: int = 1,
) -> None:
    """Write ``name.ckpt`` (beside the file, or in `save_path`) from ``name.safetensors``.

    Args:
        file_path (Union[str, os.PathLike]): The ``.safetensors`` file.
        save_path (Union[str, None]): The output directory; ``None`` is `file_path`'s. Default:
            ``None``.
        name_map (Union[dict[str, str], None]): Renames entries, old name -> new name. Default:
            ``None``.
        file_name_regex (Union[str, None]): MindSpore's filter for a directory of per-rank
            files; only ``None`` (one file at a time). Default: ``None``.
        processes_num (int): MindSpore's worker count for directories; unused for one file.
            Default: ``1``.

    Returns:
        None.

    Example:
        >>> import os, tempfile, numpy as np, msfunc as ms
        >>> d = tempfile.mkdtemp()
        >>> path = os.path.join(d, "m.safetensors")
        >>> ms.save_checkpoint({"w": np.ones(2, np.float32)}, path, format="safetensors")
        >>> ms.safetensors_to_ckpt(path)
        >>> ms.load_checkpoint(os.path.join(d, "m.ckpt"))["w"].tolist()
        [1.0, 1.0]
    """
    _convert(
        "safetensors_to_ckpt",
        file_path,
        save_path,
        name_map,
        "safetensors",
        "ckpt",
        file_name_regex,
        processes_num,
    )
