"""save_checkpoint / load_checkpoint / load_param_into_net: MindSpore .ckpt, safetensors, orbax.

A `.ckpt` file is MindSpore's own protobuf format (``_ckpt_proto``), readable and
writable by MindSpore 2.10 bit for bit; `.safetensors` files go through the
`safetensors` package with the same names; ``format='orbax'`` writes a directory with
orbax-checkpoint, shard by shard, for models too big to gather on one host.

Files are written atomically (temporary file, fsync, rename), nothing is ever unpickled,
and loading into a network checks every name, shape and dtype before it writes any
Parameter: a failed load leaves the network as it was.
"""

from __future__ import annotations

import functools
import io
import os
import warnings
import zlib
from typing import TYPE_CHECKING

import jax
import numpy as np

from .. import log
from ..common.parameter import Parameter
from . import _files, encryption

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    from ..nn.cell import Cell

__all__ = [
    "save_checkpoint",
    "load_checkpoint",
    "load_param_into_net",
    "CheckpointMismatchError",
    "wait_for_saves",
    "async_ckpt_thread_status",
]

FORMATS = ("ckpt", "safetensors", "orbax")
_SUFFIX = {"ckpt": ".ckpt", "safetensors": ".safetensors"}
wait_for_saves = _files.wait_for_saves


# MINDIR export writes the weights apart from the graph when they pass TOTAL_SAVE KB, into
# weight files of at most PARAMETER_SPLIT_SIZE KB each (msfunc.train._split_mindir)
TOTAL_SAVE = 1024 * 1024
PARAMETER_SPLIT_SIZE = 1024 * 1024 * 1024


def async_ckpt_thread_status() -> bool:
    """True while a ``save_checkpoint(..., async_save=True)`` is still writing.

    Returns:
        bool, whether a background save is still running.

    Example:
        >>> import msfunc as ms
        >>> ms.async_ckpt_thread_status()
        False
    """
    return _files.saves_pending()


class CheckpointMismatchError(ValueError, RuntimeError):
    """A checkpoint value does not fit the network's Parameter (shape or dtype).

    Both a ValueError and a RuntimeError (what MindSpore raises here), so either
    ``except`` clause catches it.
    """


# ----------------------------------------------------------------------------- arguments
def _check_format(fmt, who):
    if fmt not in FORMATS:
        raise ValueError(f"{who}: `format` must be one of {FORMATS}, got {fmt!r}")


def _check_encryption(key, mode, fmt, who, prefix):
    if key is None:
        return
    encryption.check(key, mode, who, f"{prefix}_key", f"{prefix}_mode")
    if fmt != "ckpt":
        raise ValueError(f"{who}: `{prefix}_key` applies to format='ckpt' only, got {fmt!r}")


def _check_path(path, who, arg="ckpt_file_name"):
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{who}: `{arg}` must be a str or path, got {type(path).__name__}")
    return os.fspath(path)


def _as_prefixes(prefix, who, arg):
    if prefix is None:
        return ()
    items = (prefix,) if isinstance(prefix, str) else tuple(prefix)
    if not items or not all(isinstance(p, str) and p for p in items):
        raise TypeError(
            f"{who}: `{arg}` must be a non-empty str or a list of non-empty str, got {prefix!r}"
        )
    return items


# ----------------------------------------------------------------------------- saving
def _snapshot(value, name, copy):
    """The value to save; with `copy`, immune to later in-place changes of numpy inputs
    (jax arrays are immutable, so they are never copied)."""
    if isinstance(value, Parameter):
        value = value.value()
    if isinstance(value, jax.core.Tracer):
        raise ValueError(
            f"save_checkpoint: '{name}' is a traced value: save_checkpoint cannot "
            "run inside msfunc.jit/grad/vmap; call it outside the transform"
        )
    if isinstance(value, jax.Array):
        return value
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return np.array(value, np.bool_)
    if isinstance(value, int):
        return np.array(value, np.int64)  # MindSpore saves Python ints as Int64
    if isinstance(value, float):
        return np.array(value, np.float32)  # and Python floats as Float32
    if isinstance(value, (np.ndarray, np.generic)):
        return np.array(value, copy=True) if copy else np.asarray(value)
    if hasattr(value, "__jax_array__"):
        return value.__jax_array__()
    raise TypeError(
        f"save_checkpoint: '{name}' must be a Parameter, Tensor, numpy array, "
        f"number or str, got {type(value).__name__}"
    )


def to_host(value):
    """A numpy copy of `value`; a sharded jax.Array is gathered from all its devices."""
    if isinstance(value, str):
        return value
    if isinstance(value, jax.Array) and not value.is_fully_addressable:
        from jax.experimental import multihost_utils

        value = multihost_utils.process_allgather(value, tiled=True)
    return np.asarray(value)


def _list_items(save_obj, who):
    """[(name, value)] of a list of Parameters, or of {'name', 'data'} dicts whose data is a
    Tensor (as MindSpore: one kind per list; numbers go through `append_dict`)."""
    from ..common.tensor import Tensor

    if save_obj and all(isinstance(item, Parameter) for item in save_obj):
        return [(p.name, p) for p in save_obj]
    pairs = []
    for i, item in enumerate(save_obj):
        if not (isinstance(item, dict) and "name" in item and "data" in item):
            raise TypeError(
                f"{who}: `save_obj` item {i} must be a dict with 'name' and 'data' (or every "
                f"item a Parameter), got {item!r:.80}"
            )
        if not isinstance(item["data"], (Tensor, Parameter)):
            raise TypeError(
                f"{who}: `save_obj` item {i}'s 'data' must be a Tensor or Parameter, got "
                f"{type(item['data']).__name__}"
            )
        pairs.append((item["name"], item["data"]))
    return pairs


def _items_to_save(save_obj, choice_func, append_dict, copy):
    """[(name, snapshot)] in save order, from a Cell, a list of {'name','data'} or a dict."""
    from ..nn.cell import Cell

    who = "save_checkpoint"
    if isinstance(save_obj, Cell):
        save_obj.check_names()  # two Parameters of one name: say which attributes they are
        pairs = [(p.name, p) for p in save_obj.get_parameters()]
    elif isinstance(save_obj, dict):
        pairs = list(save_obj.items())
    elif isinstance(save_obj, list):
        pairs = _list_items(save_obj, who)
    else:
        raise TypeError(
            f"{who}: `save_obj` must be a Cell, a list (of Parameters or of {{'name', "
            f"'data'}} dicts) or a dict, got {type(save_obj).__name__}"
        )
    if choice_func is not None:
        if not callable(choice_func):
            raise TypeError(f"{who}: `choice_func` must be callable, got {choice_func!r}")
        pairs = [(n, v) for n, v in pairs if choice_func(n)]
    if append_dict is not None:
        if not isinstance(append_dict, dict):
            raise TypeError(
                f"{who}: `append_dict` must be a dict, got {type(append_dict).__name__}"
            )
    seen = set()
    for name, _ in pairs:
        if not isinstance(name, str) or not name:
            raise TypeError(f"{who}: names must be non-empty str, got {name!r}")
        if name in seen:
            raise ValueError(
                f"{who}: the name '{name}' appears twice; every saved value needs "
                "a unique name (rename one Parameter)"
            )
        seen.add(name)
    if append_dict:
        # An appended name that is already saved replaces that value where it stands, as in
        # MindSpore (OnRequestExit appends the optimizer's `global_step`, also a Parameter).
        position = {name: i for i, (name, _) in enumerate(pairs)}
        for name, value in append_dict.items():
            if not isinstance(name, str) or not name:
                raise TypeError(f"{who}: `append_dict` keys must be non-empty str, got {name!r}")
            if name in position:
                pairs[position[name]] = (name, value)
            else:
                position[name] = len(pairs)
                pairs.append((name, value))
    return [(name, _snapshot(value, name, copy)) for name, value in pairs]


def _write_ckpt(path, items, crc_check, enc_key=None, enc_mode="AES-GCM"):
    from . import _ckpt_proto  # (on first use: protobuf is slow to import)

    def write(f):
        crc = 0
        # encrypted: the protobuf entries are gathered and encrypted as one plain text, and
        # the CRC (of the plain entries) follows unencrypted, as MindSpore writes them
        plain = io.BytesIO() if enc_key is not None else f
        for name, value in items:
            for chunk in _ckpt_proto.encode_entry(name, to_host(value)):
                plain.write(chunk)
                crc = zlib.crc32(chunk, crc)
        if enc_key is not None:
            f.write(encryption.encrypt(plain.getbuffer(), enc_key, enc_mode))
        if crc_check:
            f.write(_ckpt_proto.crc_trailer(crc))

    _files.atomic_write(path, write)


def _write_safetensors(path, items, crc_check):
    from safetensors.numpy import save_file

    if crc_check:
        raise ValueError(
            "save_checkpoint: `crc_check=True` applies to format='ckpt' only; "
            "safetensors files carry no checksum"
        )
    arrays = {}
    for name, value in items:
        if isinstance(value, str):
            raise ValueError(
                f"save_checkpoint: '{name}' is a str, which safetensors files "
                "cannot hold; use format='ckpt'"
            )
        arrays[name] = np.asarray(to_host(value), order="C")
    _files.atomic_write(
        path, lambda tmp: save_file(arrays, tmp, metadata={"format": "ms"}), by_path=True
    )


def save_checkpoint(
    save_obj: Cell | list[dict[str, Any]] | dict[str, Any],
    ckpt_file_name: str,
    integrated_save: bool = True,
    async_save: bool = False,
    append_dict: dict[str, Any] | None = None,
    enc_key: bytes | None = None,
    enc_mode: str = "AES-GCM",
    choice_func: Callable[[str], bool] | None = None,
    crc_check: bool = False,
    format: str = "ckpt",
    **kwargs: Any,
) -> None:
    """Save Parameters to a checkpoint file, as ``mindspore.save_checkpoint``.

    Args:
        save_obj (Union[Cell, list[dict], dict]): A Cell (all its Parameters, optimizer state
            included, by Parameter name), a list of ``{'name': str, 'data': value}`` dicts,
            or a dict name -> value.
        ckpt_file_name (str): The file (``.ckpt`` / ``.safetensors`` is appended when
            missing), or the directory for ``format='orbax'``.
        integrated_save (bool): Accepted for MindSpore code; sharded values are always
            gathered. Default: ``True``.
        async_save (bool): Write in a background thread (values are snapshotted first); a
            later save to the same file, ``wait_for_saves()`` and interpreter exit wait for
            it. Default: ``False``.
        append_dict (Union[dict, None]): Extra name -> int/float/bool/str/Tensor entries (ints
            are saved as Int64, floats as Float32, as MindSpore does). Default: ``None``.
        enc_key (Union[bytes, None]): Encrypt the file with this key (16, 24 or 32 bytes; 16
            for SM4), in MindSpore's cipher layout, so either can read the other's files
            (``format='ckpt'`` only). Default: ``None``.
        enc_mode (str): ``"AES-GCM"``, ``"AES-CBC"`` or ``"SM4-CBC"``. Default: ``"AES-GCM"``.
        choice_func (Union[Callable[[str], bool], None]): Keeps only the Parameters whose
            names it accepts. Default: ``None``.
        crc_check (bool): Append a CRC-32 that ``load_checkpoint(..., crc_check=True)``
            verifies. Default: ``False``.
        format (str): ``'ckpt'`` (MindSpore's protobuf format), ``'safetensors'`` or
            ``'orbax'``. Default: ``"ckpt"``.
        kwargs (Any): None accepted; any is a TypeError.

    Returns:
        None.

    Example:
        >>> import os, tempfile, msfunc as ms
        >>> path = os.path.join(tempfile.mkdtemp(), "net.ckpt")
        >>> net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> ms.save_checkpoint(net, path, crc_check=True)
        >>> sorted(ms.load_checkpoint(path, crc_check=True))
        ['bias', 'weight']
    """
    who = "save_checkpoint"
    _check_format(format, who)
    _check_encryption(enc_key, enc_mode, format, who, "enc")
    if kwargs:
        raise TypeError(f"{who}: unexpected arguments {sorted(kwargs)}")
    path = _check_path(ckpt_file_name, who)
    if format in _SUFFIX and not path.endswith(_SUFFIX[format]):
        path += _SUFFIX[format]
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise FileNotFoundError(
            f"{who}: the directory '{directory}' of `ckpt_file_name` does not exist"
        )
    items = _items_to_save(save_obj, choice_func, append_dict, copy=async_save)
    if format == "orbax":
        from . import _orbax

        _orbax.save(path, items, crc_check=crc_check, async_save=async_save)
        return
    if format == "ckpt":
        writer = functools.partial(_write_ckpt, enc_key=enc_key, enc_mode=enc_mode)
    else:
        writer = _write_safetensors
    if async_save:
        _files.run_async(os.path.abspath(path), lambda: writer(path, items, crc_check))
    else:
        _files.wait_for_saves(os.path.abspath(path))
        writer(path, items, crc_check)


# ----------------------------------------------------------------------------- loading
_SAFETENSORS_DTYPES = {
    "BOOL": "bool",
    "U8": "uint8",
    "I8": "int8",
    "U16": "uint16",
    "I16": "int16",
    "U32": "uint32",
    "I32": "int32",
    "U64": "uint64",
    "I64": "int64",
    "F16": "float16",
    "BF16": "bfloat16",
    "F32": "float32",
    "F64": "float64",
    "C64": "complex64",
}


def _read_safetensors(path):
    import jax.numpy as jnp
    from safetensors import SafetensorError, deserialize

    with open(path, "rb") as f:
        data = f.read()
    try:
        entries = deserialize(data)
    except (SafetensorError, ValueError) as err:
        raise ValueError(
            f"load_checkpoint: '{path}' is not a valid safetensors file ({err}); "
            "it is truncated, corrupted or in another format"
        ) from None
    out = {}
    for name, info in entries:
        np_name = _SAFETENSORS_DTYPES.get(info["dtype"])
        if np_name is None:
            raise ValueError(
                f"load_checkpoint: '{name}' in '{path}' has dtype {info['dtype']}, "
                "which msfunc does not load; supported: "
                f"{sorted(_SAFETENSORS_DTYPES)}"
            )
        dtype = np.dtype(jnp.bfloat16) if np_name == "bfloat16" else np.dtype(np_name)
        raw = np.frombuffer(info["data"], dtype.newbyteorder("<"))
        out[name] = raw.astype(dtype).reshape(info["shape"])
    return out


def _read_ckpt(path, crc_check, dec_key=None, dec_mode="AES-GCM"):
    import mmap

    from . import _ckpt_proto  # (on first use: protobuf is slow to import)

    with open(path, "rb") as f:
        if os.fstat(f.fileno()).st_size == 0:
            return {}
        # Mapped, not read: entries are parsed one at a time straight from the page cache.
        # The map closes when the last view of it goes (an error's traceback may hold one).
        data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    if dec_key is not None:
        try:
            data = encryption.decrypt(data, dec_key, dec_mode, trailer=b"crc_num")
        except ValueError as error:
            raise ValueError(f"load_checkpoint: '{path}': {error}") from None
    elif encryption.is_cipher(data):
        raise ValueError(
            f"load_checkpoint: '{path}' is encrypted; pass its key as `dec_key` (and "
            "`dec_mode` when it is not AES-GCM)"
        )
    body, stored = _ckpt_proto.split_crc(memoryview(data))
    if stored is not None and crc_check:
        _ckpt_proto.check_crc(body, stored, path)
    elif stored is None and crc_check:
        # MindSpore loads such files without complaint; say that nothing was verified.
        warnings.warn(
            f"load_checkpoint: '{path}' has no CRC (it was saved without "
            "crc_check=True), so crc_check=True could not verify it",
            stacklevel=3,
        )
    return _ckpt_proto.decode_entries(body, path)


def load_checkpoint(
    ckpt_file_name: str,
    net: Cell | None = None,
    strict_load: bool = False,
    filter_prefix: str | Sequence[str] | None = None,
    dec_key: bytes | None = None,
    dec_mode: str = "AES-GCM",
    specify_prefix: str | Sequence[str] | None = None,
    choice_func: Callable[[str], bool] | None = None,
    crc_check: bool = False,
    format: str = "ckpt",
    **kwargs: Any,
) -> dict[str, Any]:
    """Read a checkpoint into a dict name -> Parameter (str entries stay str).

    Args:
        ckpt_file_name (str): A ``.ckpt`` or ``.safetensors`` file (matching `format`), or an
            orbax checkpoint directory.
        net (Union[Cell, None]): If given, the values are also loaded into it
            (``load_param_into_net``). Default: ``None``.
        strict_load (bool): Passed to ``load_param_into_net``. Default: ``False``.
        filter_prefix (Union[str, list[str], None]): Skip names starting with this prefix (or
            any of these prefixes). Default: ``None``.
        dec_key (Union[bytes, None]): The key of a file ``save_checkpoint(..., enc_key=...)``
            (or MindSpore) encrypted. Default: ``None``.
        dec_mode (str): ``"AES-GCM"``, ``"AES-CBC"`` or ``"SM4-CBC"``. Default: ``"AES-GCM"``.
        specify_prefix (Union[str, list[str], None]): Keep only names starting with this
            prefix (or these prefixes). Default: ``None``.
        choice_func (Union[Callable[[str], bool], None]): Keeps only the names it accepts.
            Default: ``None``.
        crc_check (bool): Verify the CRC a ``crc_check=True`` save appended (``.ckpt``).
            Default: ``False``.
        format (str): ``'ckpt'``, ``'safetensors'`` or ``'orbax'``. Default: ``"ckpt"``.
        kwargs (Any): None accepted; any is a TypeError.

    Returns:
        dict[str, Parameter], the checkpoint's values by name (str entries stay str).

    64-bit values load as 32-bit unless ``jax_enable_x64`` is set (JAX's rule).

    Example:
        >>> import os, tempfile, numpy as np, msfunc as ms
        >>> path = os.path.join(tempfile.mkdtemp(), "w.ckpt")
        >>> ms.save_checkpoint({"w": np.arange(3, dtype=np.float32)}, path)
        >>> ms.load_checkpoint(path)["w"].asnumpy().tolist()
        [0.0, 1.0, 2.0]
    """
    who = "load_checkpoint"
    _check_format(format, who)
    _check_encryption(dec_key, dec_mode, format, who, "dec")
    if kwargs:
        raise TypeError(f"{who}: unexpected arguments {sorted(kwargs)}")
    path = _check_path(ckpt_file_name, who)
    filters = _as_prefixes(filter_prefix, who, "filter_prefix")
    specify = _as_prefixes(specify_prefix, who, "specify_prefix")
    if choice_func is not None and not callable(choice_func):
        raise TypeError(f"{who}: `choice_func` must be callable, got {choice_func!r}")
    _files.wait_for_saves(os.path.abspath(path))
    if not os.path.exists(path):
        raise ValueError(f"{who}: the checkpoint '{path}' does not exist")
    if format in _SUFFIX and not path.endswith(_SUFFIX[format]):
        raise ValueError(
            f"{who}: format={format!r} needs a file name ending in "
            f"'{_SUFFIX[format]}', got '{path}'"
        )
    if format == "ckpt":
        values = _read_ckpt(path, crc_check, dec_key, dec_mode)
    elif format == "safetensors":
        values = _read_safetensors(path)
    else:
        from . import _orbax

        values = _orbax.load(path, net)

    # as MindSpore: either prefix argument overrides `choice_func`, and a `choice_func` that
    # fails reads as a checkpoint that cannot be loaded (ValueError)
    use_choice = choice_func is not None and filter_prefix is None and specify_prefix is None

    def keep(name):
        if use_choice and choice_func is not None:
            try:
                return bool(choice_func(name))
            except Exception as exc:
                raise ValueError(f"{who}: `choice_func` failed on {name!r}: {exc}") from exc
        return not any(name.startswith(p) for p in filters) and (
            not specify or any(name.startswith(p) for p in specify)
        )

    result = {name: _as_parameter(name, v, path) for name, v in values.items() if keep(name)}
    if not result:
        raise ValueError(
            f"{who}: no values left in '{path}' after `filter_prefix`, "
            "`specify_prefix` and `choice_func` (or the checkpoint is empty)"
        )
    if net is not None:
        load_param_into_net(net, result, strict_load=strict_load)
    return result


def _as_parameter(name, value, path):
    """A loaded value as a Parameter named `name` (a str stays a str)."""
    if isinstance(value, (str, Parameter)):
        return value
    if (
        isinstance(value, np.ndarray)
        and value.dtype.kind in "iu"
        and value.itemsize == 8
        and not jax.config.jax_enable_x64
        and value.size
    ):
        info = np.iinfo(np.int32 if value.dtype.kind == "i" else np.uint32)
        if value.min() < info.min or value.max() > info.max:
            raise ValueError(
                f"load_checkpoint: '{name}' in '{path}' holds {value.dtype} values "
                "outside the 32-bit range, which JAX would wrap; enable "
                "jax.config.update('jax_enable_x64', True) to load it"
            )
    return Parameter(value, name=name)


def _checked_value(param, source, key):
    """`source` as an array with `param`'s dtype and placement, or CheckpointMismatchError."""
    import jax.numpy as jnp

    current = param.value()
    value = source.value() if isinstance(source, Parameter) else source
    if not isinstance(value, (jax.Array, np.ndarray)):
        value = np.asarray(value)
    if tuple(value.shape) != tuple(current.shape):
        raise CheckpointMismatchError(
            f"load_param_into_net: '{param.name}' has shape {tuple(current.shape)} in the "
            f"network but {tuple(value.shape)} in the checkpoint ('{key}')"
        )
    src, dst = np.dtype(value.dtype), np.dtype(current.dtype)
    if src != dst:
        # Like MindSpore: a float value may change float width; anything else must match.
        if (
            not (jnp.issubdtype(src, jnp.floating) and jnp.issubdtype(dst, jnp.floating))
            and jax.dtypes.canonicalize_dtype(src) != dst
        ):
            raise CheckpointMismatchError(
                f"load_param_into_net: '{param.name}' is {dst} in the network but {src} in "
                f"the checkpoint ('{key}')"
            )
        value = value.astype(dst)
    sharding = getattr(current, "sharding", None)
    return jax.device_put(value, sharding) if sharding is not None else jnp.asarray(value)


def load_param_into_net(
    net: Cell, parameter_dict: Mapping[str, Any], strict_load: bool = False
) -> tuple[list[str], list[str]]:
    """Load `parameter_dict` (name -> Parameter/Tensor/array) into `net`'s Parameters.

    Each Parameter takes the value stored under its name, cast between float widths
    when they differ and placed with the Parameter's current sharding. Every value is
    checked before any is written, so on error the network is unchanged.

    With ``strict_load=False``, Parameters missing by name are looked up under one common
    prefix the checkpoint adds (a network saved inside a wrapper Cell loads into the bare
    network).

    Args:
        net (Cell): The network whose Parameters are written.
        parameter_dict (dict): Name -> Parameter, Tensor or array.
        strict_load (bool): Match names exactly, without the common-prefix lookup.
            Default: ``False``.

    Returns:
        ``(params_not_loaded, ckpt_not_loaded)``: the network's Parameter names that got no
        value (a UserWarning names them too), and the checkpoint names that were not used.

    Example:
        >>> import msfunc as ms, numpy as np
        >>> net = ms.nn.Dense(2, 1)
        >>> ms.load_param_into_net(net, {"weight": np.ones((1, 2), np.float32), "x": np.zeros(3)})
        (['bias'], ['x'])
        >>> net.weight.asnumpy().tolist()
        [[1.0, 1.0]]
    """
    from ..nn.cell import Cell

    who = "load_param_into_net"
    if not isinstance(net, Cell):
        raise TypeError(f"{who}: `net` must be a Cell, got {type(net).__name__}")
    if not isinstance(parameter_dict, dict):
        raise TypeError(
            f"{who}: `parameter_dict` must be a dict, got {type(parameter_dict).__name__}"
        )
    for key, value in parameter_dict.items():
        # Parameters, Tensors and arrays load; a bare Python number is a mistake MindSpore
        # refuses (it takes only Parameters)
        if not isinstance(key, str) or value is None or isinstance(value, (bool, int, float)):
            raise TypeError(
                f"{who}: `parameter_dict` must map str names to Parameters, got "
                f"{type(key).__name__} -> {type(value).__name__}"
            )
    params = list(net.get_parameters())
    plan, missing = [], []
    for p in params:
        if p.name in parameter_dict and not isinstance(parameter_dict[p.name], str):
            plan.append((p, p.name))
        else:
            missing.append(p)
    if missing and not strict_load:
        prefix = _common_prefix(missing, parameter_dict)
        if prefix:
            plan += [(p, prefix + p.name) for p in missing if prefix + p.name in parameter_dict]
            missing = [p for p in missing if prefix + p.name not in parameter_dict]
    new_values = [(p, _checked_value(p, parameter_dict[key], key)) for p, key in plan]
    for p, value in new_values:
        p.set_data(value)
    used = {key for _, key in plan}
    if missing:
        # Logged at warning level on each call, as MindSpore logs it (a mistyped checkpoint
        # key would otherwise load nothing silently; a Python warning shows once per line).
        log.warning(
            "%s: %d Parameter(s) of the network got no value from `parameter_dict`: %s (does "
            "the network match the one the checkpoint was saved from?)",
            who,
            len(missing),
            [p.name for p in missing],
        )
    return [p.name for p in missing], [k for k in parameter_dict if k not in used]


def _common_prefix(missing, parameter_dict):
    """The prefix the checkpoint puts before the first missing name it holds, or ''."""
    for p in missing:
        for key in parameter_dict:
            if key.endswith("." + p.name) and not isinstance(parameter_dict[key], str):
                return key[: -len(p.name)]
    return ""
