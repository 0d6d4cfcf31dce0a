"""export / load / GraphCell: a network frozen to serialized StableHLO through `jax.export`.

``export(net, *inputs, file_name=..., file_format=...)`` traces `net` on inputs of the
given shapes and dtypes, with its Parameters' current values baked in as constants (as a
MindSpore MINDIR file holds its weights), and writes the serialized ``jax.export.Exported``
(StableHLO plus its calling convention) to ``file_name.stablehlo`` or, for
``file_format='MINDIR'``, to ``file_name.mindir``. ``load`` reads either back and
``nn.GraphCell`` runs it; no Python code is stored or run.

A ``.mindir`` file msfunc writes holds msfunc's program, not MindSpore's graph protobuf:
a MindSpore program that exports and reloads its own network runs unchanged, but MindSpore
cannot read the file, nor msfunc a MindIR file MindSpore wrote.
"""

from __future__ import annotations

import functools
import json
import os
from typing import TYPE_CHECKING

import jax
import numpy as np

from .. import _state
from ..common.tensor import unwrap
from ..nn.graph_cell import GraphCell  # noqa: F401  (exported here too)
from . import _files, encryption

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..nn.cell import Cell

__all__ = ["export", "load", "GraphCell", "EXPORT_FORMAT", "EXPORT_SUFFIX"]

EXPORT_FORMAT = "STABLEHLO"
EXPORT_SUFFIX = ".stablehlo"
# The formats export writes, each with the suffix added to a file name that lacks it.
_SUFFIXES = {EXPORT_FORMAT: EXPORT_SUFFIX, "MINDIR": ".mindir"}
_UNWRITTEN_FORMATS = ("AIR", "ONNX")


def _input_spec(x, i):
    if isinstance(x, jax.ShapeDtypeStruct):
        return x
    if not hasattr(x, "shape") or not hasattr(x, "dtype"):
        x = np.asarray(x)
    return jax.ShapeDtypeStruct(tuple(x.shape), x.dtype)


def export(
    net: Cell | Callable[..., Any],
    *inputs: Any,
    file_name: str | os.PathLike[str],
    file_format: str,
    **kwargs: Any,
) -> None:
    """Trace `net` on `inputs`' shapes/dtypes and save it as serialized StableHLO.

    ``file_format='MINDIR'`` writes the same program to ``file_name.mindir``, so a MindSpore
    program's export-then-load round trip runs unchanged; the file is msfunc's, which
    MindSpore cannot read. A network whose weights pass ``serialization.TOTAL_SAVE`` KB is
    written as MindSpore writes a large model: ``NAME_graph.mindir`` and the weight files
    ``NAME_variables/data_*`` (msfunc.train._split_mindir), which `load` reads back.

    Args:
        net (Union[Cell, Callable]): A Cell (or any callable on arrays); its Parameters are
            frozen at their current values.
        *inputs (Union[Tensor, numpy.ndarray, jax.ShapeDtypeStruct]): Example inputs; only
            their shapes and dtypes are used.
        file_name (Union[str, os.PathLike]): The output path; ``.stablehlo`` (``.mindir``
            for ``'MINDIR'``) is appended when missing.
        file_format (str): ``'STABLEHLO'`` or ``'MINDIR'``; MindSpore's ``'AIR'`` and
            ``'ONNX'`` are not produced by msfunc.
        **kwargs (Any): ``enc_key`` (bytes) encrypts the file in MindSpore's cipher layout
            and ``enc_mode`` (``"AES-GCM"``, the default, or ``"AES-CBC"``/``"SM4-CBC"``)
            picks the cipher; `load` then needs ``dec_key``. Any other is a TypeError.

    Returns:
        None.

    Example:
        >>> import os, tempfile, numpy as np, msfunc as ms
        >>> net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> path = os.path.join(tempfile.mkdtemp(), "dense")
        >>> x = ms.Tensor(np.ones((1, 2), np.float32))
        >>> ms.export(net, x, file_name=path, file_format="STABLEHLO")
        >>> ms.nn.GraphCell(ms.load(path + ".stablehlo"))(x).tolist()
        [[2.0]]
    """
    who = "export"
    fmt = file_format.upper() if isinstance(file_format, str) else file_format
    if fmt in _UNWRITTEN_FORMATS:
        raise ValueError(
            f"{who}: file_format={file_format!r} is not supported: msfunc exports "
            f"file_format='{EXPORT_FORMAT}' or 'MINDIR' (serialized StableHLO through "
            "jax.export), which msfunc.load and nn.GraphCell run"
        )
    if fmt not in _SUFFIXES:
        raise ValueError(
            f"{who}: `file_format` must be '{EXPORT_FORMAT}' or 'MINDIR', got {file_format!r}"
        )
    enc_key, enc_mode = kwargs.pop("enc_key", None), kwargs.pop("enc_mode", "AES-GCM")
    if kwargs:
        raise TypeError(f"{who}: unexpected arguments {sorted(kwargs)}")
    if enc_key is not None:
        encryption.check(enc_key, enc_mode, who)
    if not callable(net):
        raise TypeError(f"{who}: `net` must be a Cell or callable, got {type(net).__name__}")
    if not isinstance(file_name, (str, os.PathLike)):
        raise TypeError(f"{who}: `file_name` must be a str or path, got {type(file_name).__name__}")
    if not inputs:
        raise ValueError(f"{who}: give at least one example input after `net`")
    path = os.fspath(file_name)
    if not path.endswith(_SUFFIXES[fmt]):
        path += _SUFFIXES[fmt]
    specs = [_input_spec(x, i) for i, x in enumerate(inputs)]
    _register_sparse_pytrees()
    # The native CPU kernels are custom calls without a stability guarantee: keep them out.
    from ..kernels import native  # (on first use: it loads ctypes, hashlib, jax.ffi)

    with native.disabled():
        with _state.freezing():  # the weights are baked in on purpose
            # (a training network's Parameter updates are left out: the program gives
            # its outputs, computed with the weights it was exported with)
            params = _split_params(net) if fmt == "MINDIR" else None
            if params:
                ids = [id(p) for p in sorted(params, key=lambda p: p.name)]
                with_weights = jax.jit(
                    lambda ws, *xs: unwrap(
                        _state.run_collecting(net, xs, lifted=dict(zip(ids, ws)), owner=who)[0],
                        pytrees=True,
                    )
                )
                from ._split_mindir import write
                from .serialization import PARAMETER_SPLIT_SIZE

                write(path, with_weights, specs, params, PARAMETER_SPLIT_SIZE, enc_key, enc_mode)
                return
            arrays_out = jax.jit(
                lambda *xs: unwrap(_state.run_collecting(net, xs, owner=who)[0], pytrees=True)
            )
            exported = jax.export.export(arrays_out)(*specs)
    data = exported.serialize()
    if enc_key is not None:
        data = encryption.encrypt(data, enc_key, enc_mode)
    _files.atomic_write(path, lambda f: f.write(data))


def _split_params(net):
    """The Parameters of `net` when they pass ``serialization.TOTAL_SAVE`` KB (MindSpore's
    point for writing the weights apart from the graph), else None."""
    from . import serialization
    from ._split_mindir import total_kb

    params = list(net.get_parameters()) if hasattr(net, "get_parameters") else []
    return params if params and total_kb(params) > serialization.TOTAL_SAVE else None


@functools.cache
def _register_sparse_pytrees() -> None:
    """Let jax.export write and read msfunc's sparse tensors in a program's inputs and outputs:
    each is recorded by its class name with its dense shape (as JSON)."""
    from ..common.sparse_tensor import COOTensor, CSRTensor, RowTensor

    for cls in (COOTensor, CSRTensor, RowTensor):
        jax.export.register_pytree_node_serialization(
            cls,
            serialized_name=f"msfunc.{cls.__name__}",
            serialize_auxdata=lambda shape: json.dumps([int(d) for d in shape]).encode(),
            deserialize_auxdata=lambda data: tuple(json.loads(data)),
        )


def load(file_name: str | os.PathLike[str], **kwargs: Any) -> jax.export.Exported:
    """Read a file written by `export`: a ``jax.export.Exported`` that `nn.GraphCell` runs.

    Args:
        file_name (Union[str, os.PathLike]): The ``.stablehlo`` or ``.mindir`` file
            `export` wrote.
        **kwargs (Any): ``dec_key`` and ``dec_mode`` for a file `export` encrypted; any
            other (MindSpore's obfuscation options) is a TypeError.

    Returns:
        jax.export.Exported, the graph.

    Example:
        >>> import msfunc as ms
        >>> ms.load("missing.stablehlo")
        Traceback (most recent call last):
        ...
        ValueError: load: the file 'missing.stablehlo' does not exist
    """
    dec_key, dec_mode = kwargs.pop("dec_key", None), kwargs.pop("dec_mode", "AES-GCM")
    if kwargs:
        raise TypeError(
            f"load: unexpected arguments {sorted(kwargs)} (obfuscation is not supported)"
        )
    if dec_key is not None:
        encryption.check(dec_key, dec_mode, "load", "dec_key", "dec_mode")
    if not isinstance(file_name, (str, os.PathLike)):
        raise TypeError(f"load: `file_name` must be a str or path, got {type(file_name).__name__}")
    path = os.fspath(file_name)
    if not os.path.isfile(path):
        raise ValueError(f"load: the file '{path}' does not exist")
    if path.lower().endswith((".air", ".onnx")):
        raise ValueError(
            f"load: '{path}' is a MindSpore/ONNX graph file, which msfunc cannot "
            f"run; export the network with file_format='{EXPORT_FORMAT}'"
        )
    with open(path, "rb") as f:
        data = f.read()
    if dec_key is not None:
        try:
            data = encryption.decrypt(data, dec_key, dec_mode)
        except ValueError as error:
            raise ValueError(f"load: '{path}': {error}") from None
    elif encryption.is_cipher(data):
        raise ValueError(f"load: '{path}' is encrypted; pass its key as `dec_key`")
    _register_sparse_pytrees()
    from . import _split_mindir

    if _split_mindir.is_split_graph(data):
        return _split_mindir.read(path, data, dec_key, dec_mode)
    try:
        return jax.export.deserialize(bytearray(data))
    except Exception as err:  # the flatbuffer reader raises assorted types
        mindir = " (a MindIR graph MindSpore wrote cannot be run by msfunc)"
        raise ValueError(
            f"load: '{path}' is not a file written by msfunc.export"
            f"{mindir if path.lower().endswith('.mindir') else ''}: "
            f"{type(err).__name__}: {err}"
        ) from None
