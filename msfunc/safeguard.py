"""Checkpoint weight obfuscation: ``obfuscate_ckpt`` and ``load_obf_params_into_net``."""

from __future__ import annotations

import logging
import os
import re
from string import Template
from typing import Any

import numpy as np

__all__ = ["load_obf_params_into_net", "obfuscate_ckpt"]

_log = logging.getLogger("msfunc")

CONFIG_TYPES = ("obf_metadata_config", "weight_obf_config", "network_obf_config")
METADATA_TYPES = ("random", "rearrange")
# the op names a config may give (the saved metadata can only apply 'invert')
OP_NAMES = ("mul", "matmul", "invert")
# target_modules' third value 'obfuscate_layers:all' stands for this many layers
_ALL_LAYERS = 12


def _type_name(value):
    return type(value).__name__


def _expect(ok, path, expected, value):
    """TypeError naming the config entry `path` unless `ok`."""
    if not ok:
        raise TypeError(f"{path} type should be {expected}, got {_type_name(value)}")


def _check_dir(name, path):
    if not isinstance(path, str):
        raise TypeError(f"{name} must be a directory path (str), got {_type_name(path)}")
    if not os.path.exists(path):
        raise ValueError(f"{name}: the directory {path!r} does not exist")
    if not os.path.isdir(path):
        raise TypeError(f"{name} must be a directory path, got the file {path!r}")


def _check_target_modules(network, target_modules):
    """Check ``['A/B/C', 'D|E'(, 'obfuscate_layers:N')]`` names cells `network` has."""
    if not isinstance(target_modules, list):
        raise TypeError(f"target_modules must be a list, got {_type_name(target_modules)}")
    if len(target_modules) < 2:
        raise ValueError(
            f"target_modules needs a path and target names, like ['A/B/C', 'D1|D2'], "
            f"got {target_modules}"
        )
    path, names = target_modules[0], target_modules[1]
    if not isinstance(path, str) or not isinstance(names, str):
        raise TypeError(
            f"target_modules' first two values must be str, got {_type_name(path)} "
            f"and {_type_name(names)}"
        )
    if not names:
        raise ValueError("target_modules[1] must name at least one target, like 'D1|D2'")
    if not re.fullmatch(r"[A-Za-z0-9_/]*", path) or not re.fullmatch(r"[A-Za-z0-9_|]*", names):
        raise ValueError(
            f"target_modules {target_modules}: the path may hold letters, digits, '_' and "
            "'/', the targets letters, digits, '_' and '|'"
        )
    from .nn import Cell, CellList

    # a CellList's members stand in for it on the path; the targets belong to the last cell
    # the path reaches (a CellList at its end has none)
    cells, last = [network], network
    for part in path.split("/") if path else ():
        owner = next((cell for cell in reversed(cells) if hasattr(cell, part)), None)
        if owner is None:
            raise ValueError(f"target_modules[0]: the network has no path {path!r}")
        last = getattr(owner, part)
        if isinstance(last, CellList):
            cells = list(last)
        elif isinstance(last, Cell):
            cells = [last]
        else:
            raise TypeError(
                f"target_modules[0]: {part!r} must be a Cell or CellList, got {_type_name(last)}"
            )
    targets = names.split("|")
    missing = [t for t in targets if not hasattr(last, t)]
    for target in missing:
        _log.warning("obfuscation target %r is not in the path %r", target, path)
    if len(missing) == len(targets):
        raise ValueError(f"target_modules: none of {targets} is in the path {path!r}")
    if len(target_modules) >= 3:
        layers = target_modules[2].split(":")
        if len(layers) != 2 or layers[0] != "obfuscate_layers":
            raise ValueError(
                "target_modules[2] must read 'obfuscate_layers:all' or 'obfuscate_layers:N'"
            )
        if layers[1] != "all" and not layers[1].isdigit():
            raise ValueError(
                "target_modules[2] must read 'obfuscate_layers:all' or 'obfuscate_layers:N'"
            )


def _config_from_target_modules(target_modules):
    """The obf_config `target_modules` stands for (one random scale, inverted when saved).

    As in MindSpore 2.10: a third value gives the scale one draw per layer under the one
    name 'obf_metadata', and weight targets that keep '${layer}' in their path (so they match
    no checkpoint name); a path of '' gives targets starting with '/' (so they match none).
    """
    path, names = target_modules[0], target_modules[1].split("|")
    metadata = {
        "name": "obf_metadata",
        "shape": [1],
        "type": "random",
        "save_metadata": True,
        "metadata_op": "invert",
    }
    scale_name, layers = "obf_metadata", []
    if len(target_modules) >= 3:
        count = target_modules[2].split(":")[1]
        layers = list(range(_ALL_LAYERS if count == "all" else int(count)))
        path = path.replace("blocks", "blocks/${layer}")
        scale_name = "obf_metadata_${layer}"
        metadata["layers"] = layers
    weight_ops = [{"name": "mul", "input_x": "weight", "input_y": scale_name}]
    weights, network = [], []
    for name in names:
        for kind in ("weight", "bias"):
            entry = {"target": "/".join([path, name, kind]), "weight_obf_ops": weight_ops}
            if not layers:
                entry["layers"] = []
            weights.append(entry)
        network.append(
            {
                "module": "/" + path,
                "target": name,
                "insert_new_input": [{"name": "obf_metadata"}],
                "insert_ops": weight_ops,
                **({} if layers else {"layers": []}),
            }
        )
    return {
        "obf_metadata_config": [metadata],
        "weight_obf_config": weights,
        "network_obf_config": network,
    }


def _check_ops(ops, path):
    for op in ops:
        for key in ("name", "input_x", "input_y"):
            _expect(isinstance(op.get(key), str), f"{path}[]['{key}']", "str", op.get(key))
        for key in ("transpose_a", "transpose_b"):
            flag = op.get(key, False)
            _expect(isinstance(flag, bool), f"{path}[]['{key}']", "bool", flag)


def _check_entry(entry, config_type):
    """TypeError unless the config entry has what its `config_type` needs."""
    at = "obf_config[][]"
    if config_type == "obf_metadata_config":
        name, shape = entry.get("name"), entry.get("shape")
        _expect(bool(name) and isinstance(name, str), f"{at}['name']", "str", name)
        _expect(bool(shape) and isinstance(shape, list), f"{at}['shape']", "list", shape)
        for dim in shape:
            _expect(isinstance(dim, int), f"{at}['shape'][]", "int", dim)
        save = entry.get("save_metadata", True)
        _expect(isinstance(save, bool), f"{at}['save_metadata']", "bool", save)
        kind = entry.get("type")
        if kind is not None and kind not in METADATA_TYPES:
            raise TypeError(f"{at}['type'] must be one of {list(METADATA_TYPES)}, got {kind!r}")
        return
    target = entry.get("target")
    _expect(bool(target) and isinstance(target, str), f"{at}['target']", "str", target)
    if config_type == "weight_obf_config":
        ops = entry.get("weight_obf_ops", [])
        _expect(isinstance(ops, list), f"{at}['weight_obf_ops']", "list", ops)
        _check_ops(ops, f"{at}['weight_obf_ops']")
        return
    module = entry.get("module")
    _expect(bool(module) and isinstance(module, str), f"{at}['module']", "str", module)
    inputs = entry.get("insert_new_input", [])
    _expect(isinstance(inputs, list), f"{at}['insert_new_input']", "list", inputs)
    for new_input in inputs:
        name = new_input.get("name")
        _expect(isinstance(name, str), f"{at}['insert_new_input'][]['name']", "str", name)
    ops = entry.get("insert_ops", [])
    _expect(isinstance(ops, list), f"{at}['insert_ops']", "list", ops)
    _check_ops(ops, f"{at}['insert_ops']")


def _check_config(obf_config, config_type):
    """Check `obf_config`'s keys and its `config_type` entries."""
    for key in obf_config:
        if key not in CONFIG_TYPES:
            raise TypeError(f"config_type must be str, and in {list(CONFIG_TYPES)}: got {key!r}")
    entries = obf_config.get(config_type)
    _expect(isinstance(entries, list), f"obf_config['{config_type}']", "list", entries)
    for entry in entries:
        _expect(isinstance(entry, dict), "obf_config[][]", "dict", entry)
        _check_entry(entry, config_type)
        layers = entry.get("layers")
        if layers is not None:
            _expect(isinstance(layers, list), "obf_config[][]['layers']", "list", layers)
            for layer in layers:
                _expect(isinstance(layer, int), "obf_config[][]['layers'][]", "int", layer)


def _config(network, target_modules, obf_config, needed):
    """The checked obf_config (made from `target_modules` when None)."""
    if obf_config is None:
        _check_target_modules(network, target_modules)
        _log.warning("target_modules is deprecated in MindSpore: give obf_config instead")
        obf_config = _config_from_target_modules(target_modules)
    if not isinstance(obf_config, dict):
        raise TypeError(f"obf_config must be a dict, got {_type_name(obf_config)}")
    if not obf_config:
        raise ValueError("obf_config is empty")
    for config_type in needed:
        _check_config(obf_config, config_type)
    return obf_config


def _random_tensor(shape, kind, scale):
    """A new obfuscation tensor: random scales in [1, scale) or a permutation."""
    if kind == "random":
        return np.random.randint(1, scale, size=shape).astype(np.float16)
    if kind == "rearrange" and len(shape) == 1:
        return np.random.permutation(shape[0]).astype(np.int32)
    if kind == "rearrange" and len(shape) == 2:
        columns = np.random.permutation(shape[1])
        return np.identity(shape[0]).astype(np.int32)[:, columns]
    return None


def _saved_form(value, op_name):
    """The metadata as returned to the caller: `op_name` ('invert': 1/x) applied."""
    if op_name is None or value is None:
        return value
    if op_name not in OP_NAMES:
        raise KeyError(f"metadata_op must be one of {list(OP_NAMES)}, got {op_name!r}")
    if op_name != "invert":
        raise TypeError(f"metadata_op {op_name!r} takes two inputs; only 'invert' applies here")
    return np.reciprocal(value)


def _make_metadata(configs, scale):
    """({name: tensor} the weights use, {name: saved form} returned to the caller)."""
    metadata, saved = {}, {}
    for config in configs:
        name = config.get("name")
        layers = config.get("layers")
        names = [Template(name).safe_substitute(layer=str(k)) for k in layers] if layers else []
        if not layers and name in metadata:
            continue
        for key in names or [name]:
            metadata[key] = _random_tensor(config.get("shape"), config.get("type"), scale)
            if config.get("save_metadata", False):
                value = _saved_form(metadata[key], config.get("metadata_op"))
                if value is not None:
                    saved[key] = value
    return metadata, saved


def _operand(obf_op, key, layer):
    name = obf_op.get(key)
    if name is None:
        return None
    return Template(name).safe_substitute(layer=str(layer))


def _apply_ops(value, ops, metadata, layer):
    """`value` through the weight ops, or None when an op cannot run."""
    dtype = value.dtype
    for obf_op in ops:
        op_name = obf_op.get("name")
        if not isinstance(op_name, str):
            raise TypeError(f"a weight_obf_ops name must be str, got {_type_name(op_name)}")
        if op_name == "mul":
            scale = metadata.get(_operand(obf_op, "input_y", layer))
            if scale is None:
                return None
            value = value * scale.astype(dtype)
        elif op_name == "permuate":  # (MindSpore's spelling of the row permutation)
            order = metadata.get(_operand(obf_op, "input_x", layer))
            if order is None:
                return None
            value = value[order]
        elif op_name == "matmul":
            sides = []
            for key, flag in (("input_x", "transpose_a"), ("input_y", "transpose_b")):
                name = _operand(obf_op, key, layer)
                side = value if name is None or not name.startswith("obf_metadata") else None
                side = metadata.get(name) if side is None else side
                if side is None:
                    return None
                sides.append(side.T if obf_op.get(flag, False) else side)
            value = np.matmul(sides[0].astype(dtype), sides[1].astype(dtype))
        else:
            _log.error("weight_obf_ops: unknown op %r (mul, matmul or permuate)", op_name)
            return None
    return value


def _obfuscate_file(path, metadata, weight_configs, saved_dir):
    """Write `path`'s obfuscated copy into `saved_dir`; False when it cannot."""
    from .common.tensor import Tensor
    from .train.serialization import load_checkpoint, save_checkpoint

    try:
        params = load_checkpoint(path)
    except (ValueError, TypeError, OSError) as err:
        _log.error("obfuscate_ckpt: cannot read %s: %s", path, err)
        return False
    entries = []
    for name, param in params.items():
        data = param if isinstance(param, str) else param.asnumpy()
        param_path = name.replace(".", "/")
        for config in weight_configs:
            if not isinstance(config, dict):
                raise TypeError(f"a weight_obf_config entry must be a dict, got {config!r}")
            target, ops = config.get("target"), config.get("weight_obf_ops")
            if not target or not ops:
                raise KeyError("a weight_obf_config entry needs 'target' and 'weight_obf_ops'")
            layers = config.get("layers") or []
            for layer in layers or [0]:
                if layers:
                    wanted = Template(target).safe_substitute(layer=str(layer))
                else:
                    wanted = target
                if wanted != param_path:
                    continue
                data = _apply_ops(data, ops, metadata, layer)
                if data is None:
                    _log.error("obfuscate_ckpt: cannot obfuscate %s of %s", name, path)
                    return False
        entries.append({"name": name, "data": data if isinstance(data, str) else Tensor(data)})
    stem = os.path.basename(path).split(".")[0]
    save_checkpoint(entries, os.path.join(os.path.realpath(saved_dir), stem + "_obf.ckpt"))
    return True


def obfuscate_ckpt(
    network: Any,
    ckpt_files: str,
    target_modules: list[str] | None = None,
    obf_config: dict[str, list[dict[str, Any]]] | None = None,
    saved_path: str = "./",
    obfuscate_scale: float = 100,
) -> dict[str, np.ndarray]:
    """Obfuscate the weights of every checkpoint in a directory, as ``mindspore.obfuscate_ckpt``.

    Each ``NAME.ckpt`` in `ckpt_files` (and in its sub-directories, saved into a same-named
    sub-directory of `saved_path`) is written to `saved_path` as ``NAME_obf.ckpt`` with the
    weights `obf_config` targets transformed ('mul' by a random scale, 'permuate' rows,
    'matmul'). The random values come from numpy's global generator, as in MindSpore.

    Args:
        network (nn.Cell): The network the checkpoints belong to.
        ckpt_files (str): The directory holding the ``.ckpt`` files.
        target_modules (Union[list[str], None]): ``['A/B', 'D|E']`` (and optionally
            ``'obfuscate_layers:all'`` or ``'obfuscate_layers:N'``): the cells under path
            ``A/B`` whose weight and bias are scaled; used when `obf_config` is None.
            Default: ``None``.
        obf_config (Union[dict, None]): ``obf_metadata_config`` (the random tensors:
            name, shape, type 'random' or 'rearrange', save_metadata, metadata_op),
            ``weight_obf_config`` (target parameter path ``a/b/weight`` and its ops) and
            ``network_obf_config`` lists. Default: ``None``.
        saved_path (str): The directory to write into. Default: ``'./'``.
        obfuscate_scale (Union[float, int]): Random scales are drawn from
            ``[1, obfuscate_scale)``; more than 1. Default: ``100``.

    Returns:
        dict[str, numpy.ndarray], the metadata marked save_metadata, with its metadata_op
        applied ('invert': the reciprocal, which undoes a 'mul').

    Example:
        >>> import os, tempfile, numpy as np, msfunc as ms
        >>> net = ms.nn.Dense(2, 2, weight_init="ones")
        >>> src, dst = tempfile.mkdtemp(), tempfile.mkdtemp()
        >>> ms.save_checkpoint(net, os.path.join(src, "net.ckpt"))
        >>> config = {
        ...     "obf_metadata_config": [{"name": "obf_metadata", "shape": [1],
        ...                              "type": "random", "save_metadata": True}],
        ...     "weight_obf_config": [{"target": "weight", "weight_obf_ops": [
        ...         {"name": "mul", "input_x": "weight", "input_y": "obf_metadata"}]}],
        ... }
        >>> scale = ms.obfuscate_ckpt(net, src, obf_config=config, saved_path=dst)
        >>> obf = ms.load_checkpoint(os.path.join(dst, "net_obf.ckpt"))["weight"].asnumpy()
        >>> bool(np.all(obf == scale["obf_metadata"][0]))
        True
    """
    from .nn import Cell

    if not isinstance(network, Cell):
        raise TypeError(f"network must be an nn.Cell, got {_type_name(network)}")
    _check_dir("ckpt_files", ckpt_files)
    _check_dir("saved_path", saved_path)
    obf_config = _config(network, target_modules, obf_config, CONFIG_TYPES[:2])
    number = isinstance(obfuscate_scale, (int, float)) and not isinstance(obfuscate_scale, bool)
    if not number or obfuscate_scale <= 1:
        raise ValueError(f"obfuscate_scale must be a number above 1, got {obfuscate_scale!r}")
    metadata, saved = _make_metadata(obf_config.get("obf_metadata_config", []), obfuscate_scale)
    weight_configs = obf_config.get("weight_obf_config", [])
    source = os.path.realpath(ckpt_files)
    for entry in os.listdir(ckpt_files):
        full = os.path.join(source, entry)
        if not os.path.isdir(full):
            if entry.endswith(".ckpt"):
                _obfuscate_file(full, metadata, weight_configs, saved_path)
            continue
        target_dir = os.path.join(os.path.realpath(saved_path), entry)
        os.makedirs(target_dir, mode=0o700, exist_ok=True)
        for name in os.listdir(full):
            if name.endswith(".ckpt"):
                _obfuscate_file(os.path.join(full, name), metadata, weight_configs, target_dir)
    return saved


def load_obf_params_into_net(
    network: Any,
    target_modules: list[str] | None = None,
    obf_ratios: Any = None,
    obf_config: dict[str, list[dict[str, Any]]] | None = None,
    data_parallel_num: int = 1,
    **kwargs: Any,
) -> Any:
    """Check a network's obfuscation config, as ``mindspore.load_obf_params_into_net``.

    MindSpore 2.10 checks `network`, `target_modules` or `obf_config` (its
    ``network_obf_config`` entries) and `data_parallel_num`, and returns `network` as it is:
    so does msfunc.

    Args:
        network (nn.Cell): The network to obfuscate.
        target_modules (Union[list[str], None]): As for `obfuscate_ckpt`; used when
            `obf_config` is None. Default: ``None``.
        obf_ratios (Any): Accepted for MindSpore code. Default: ``None``.
        obf_config (Union[dict, None]): As for `obfuscate_ckpt`. Default: ``None``.
        data_parallel_num (int): A positive int. Default: ``1``.
        kwargs (Any): ``ignored_func_decorators`` / ``ignored_class_decorators``, accepted.

    Returns:
        nn.Cell, `network`.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Dense(2, 2)
        >>> ms.load_obf_params_into_net(net, ["", "weight"]) is net
        True
    """
    from .nn import Cell

    del obf_ratios, kwargs
    if not isinstance(network, Cell):
        raise TypeError(f"network must be an nn.Cell, got {_type_name(network)}")
    _config(network, target_modules, obf_config, CONFIG_TYPES[2:])
    if not isinstance(data_parallel_num, int) or data_parallel_num <= 0:
        raise ValueError(f"data_parallel_num must be a positive int, got {data_parallel_num!r}")
    return network
