"""ckpt_to_safetensors / safetensors_to_ckpt: convert a checkpoint file, or a directory of
per-rank ones, bit for bit."""

from __future__ import annotations

import os
import re

from . import serialization

__all__ = ["ckpt_to_safetensors", "safetensors_to_ckpt"]


def _convert_ranks(who, root, save_path, name_map, src, dst, file_name_regex):
    """A directory of per-rank checkpoints: each ``rank<N>`` folder's `src` files (those whose
    names `file_name_regex` finds, when given) into ``save_path/rank<N>`` (beside them when
    `save_path` is None); other files and folders are left alone, as MindSpore does."""
    for entry in sorted(os.listdir(root)):
        folder = os.path.join(root, entry)
        if not (re.fullmatch(r"rank\d+", entry) and os.path.isdir(folder)):
            continue
        out_dir = folder if save_path is None else os.path.join(save_path, entry)
        os.makedirs(out_dir, exist_ok=True)
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if not name.endswith(serialization._SUFFIX[src]) or not os.path.isfile(path):
                continue
            if file_name_regex is None or re.search(file_name_regex, name):
                _convert(who, path, out_dir, name_map, src, dst, None, 1)


def _convert(who, file_path, save_path, name_map, src, dst, file_name_regex, processes_num):
    if not isinstance(file_path, (str, os.PathLike)):
        raise TypeError(f"{who}: `file_path` must be a str or path, got {type(file_path).__name__}")
    file_path = os.fspath(file_path)
    if os.path.isdir(file_path):
        _convert_ranks(who, file_path, save_path, name_map, src, dst, file_name_regex)
        return
    if file_name_regex is not None:
        raise ValueError(f"{who}: `file_name_regex` filters a directory's files; got a file")
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
        file_path (Union[str, os.PathLike]): The ``.ckpt`` file, or a directory whose
            ``rank<N>`` folders hold them (written to ``save_path/rank<N>``).
        save_path (Union[str, None]): The output directory; ``None`` is `file_path`'s. Default:
            ``None``.
        name_map (Union[dict[str, str], None]): Renames entries, old name -> new name. Default:
            ``None``.
        file_name_regex (Union[str, None]): For a directory: converts only the files whose
            names it finds (``re.search``). Default: ``None``.
        processes_num (int): MindSpore's worker count for directories; files are converted
            one after another here. Default: ``1``.

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
        file_path (Union[str, os.PathLike]): The ``.safetensors`` file, or a directory whose
            ``rank<N>`` folders hold them (written to ``save_path/rank<N>``).
        save_path (Union[str, None]): The output directory; ``None`` is `file_path`'s. Default:
            ``None``.
        name_map (Union[dict[str, str], None]): Renames entries, old name -> new name. Default:
            ``None``.
        file_name_regex (Union[str, None]): For a directory: converts only the files whose
            names it finds (``re.search``). Default: ``None``.
        processes_num (int): MindSpore's worker count for directories; files are converted
            one after another here. Default: ``1``.

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
