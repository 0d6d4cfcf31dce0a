"""`CustomRegOp` and `DataType`: the registration record of a hand-written ops.Custom kernel.

MindSpore picks a custom kernel by this record (inputs, outputs, attributes, dtype and
format combinations, target). msfunc calls the kernel it is given and keeps the record as
MindSpore builds it: `CustomRegOp.get_op_info` returns the same dict.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CustomRegOp", "DataType"]

_FORMATS = (
    "Default",
    "None",
    "5HD",
    "C1HWNCoC0",
    "ChannelLast",
    "DHWCN",
    "FRACTAL_Z_3D",
    "FracNZ",
    "FracZ",
    "FracZNLSTM",
    "FracZNRNN",
    "HWCN",
    "NC1HWC0",
    "NCDHW",
    "NCHW",
    "NDC1HWC0",
    "NDHWC",
    "ND_RNNBIAS",
    "NHWC",
    "Default_List",
    "Default_Tuple",
)
_TYPES = {
    "BOOL": "bool",
    "I8": "int8",
    "I16": "int16",
    "I32": "int32",
    "I64": "int64",
    "U8": "uint8",
    "U16": "uint16",
    "U32": "uint32",
    "U64": "uint64",
    "F16": "float16",
    "BF16": "bfloat16",
    "F32": "float32",
    "F64": "float64",
    "C64": "complex64",
    "C128": "complex128",
}


def _format_name(fmt):
    # (MindSpore's names for the formats: 'DefaultFormat', '' for None, the rest as written)
    return {"Default": "DefaultFormat", "None": ""}.get(fmt, fmt)


class DataType:
    """(dtype name, format name) pairs for `CustomRegOp.dtype_format`: ``F32_Default`` is
    ``("float32", "DefaultFormat")``; ``None_None`` is ``("", "")``.

    Example:
        >>> DataType.F16_Default, DataType.I32_NCHW
        (('float16', 'DefaultFormat'), ('int32', 'NCHW'))
    """

    None_None = ("", "")
    None_Default = ("", "DefaultFormat")


for _short, _dtype in _TYPES.items():
    for _fmt in _FORMATS:
        setattr(DataType, f"{_short}_{_fmt}", (_dtype, _format_name(_fmt)))


def _check(value, kind, what):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(
            f"CustomRegOp: {what} must be a {kind.__name__}, got {type(value).__name__}"
        )
    return value


class CustomRegOp:
    """The registration record of a custom op's kernel, built by chained calls.

    Args:
        op_name (str): The kernel's name. Default: ``"Custom"``.

    Example:
        >>> info = (
        ...     CustomRegOp("add")
        ...     .input(0, "x")
        ...     .input(1, "y")
        ...     .output(0, "z")
        ...     .dtype_format(DataType.F32_Default, DataType.F32_Default, DataType.F32_Default)
        ...     .target("CPU")
        ...     .get_op_info()
        ... )
        >>> info["inputs"][1], info["target"]
        ({'index': 1, 'name': 'y', 'paramType': 'required'}, 'CPU')
    """

    def __init__(self, op_name: str = "Custom") -> None:
        if not isinstance(op_name, str):
            raise ValueError(f"CustomRegOp: `op_name` must be a str, got {type(op_name).__name__}")
        self.op_name = op_name
        self.inputs: list[dict[str, Any]] = []
        self.outputs: list[dict[str, Any]] = []
        self.attr_: list[dict[str, Any]] = []
        self.fusion_type_ = ""
        self.dtype_format_: list[tuple[Any, ...]] = []
        self.target_ = ""

    @staticmethod
    def _param(index, name, param_type, extra):
        entry: dict[str, Any] = {}
        if index is not None:
            entry["index"] = _check(index, int, "`index`")
        if name is not None:
            entry["name"] = _check(name, str, "`name`")
        if param_type is not None:
            entry["paramType"] = _check(param_type, str, "`param_type`")
        entry.update(extra)
        return entry

    def input(self, index=None, name=None, param_type="required", **kwargs):
        """Declare input `index` named `name` (``"required"``, ``"optional"``, ``"dynamic"``)."""
        self.inputs.append(self._param(index, name, param_type, kwargs))
        return self

    def output(self, index=None, name=None, param_type="required", **kwargs):
        """Declare output `index` named `name`."""
        self.outputs.append(self._param(index, name, param_type, kwargs))
        return self

    def attr(self, name=None, param_type=None, value_type=None, value=None, default_value=None):
        """Declare attribute `name` of type `value_type` (``"float"``, ``"int"``, ``"all"`` ...)
        with its `value`."""
        entry = self._param(None, name, param_type, {})
        if value_type is not None:
            entry["type"] = _check(value_type, str, "`value_type`")
        if value is not None:
            entry["value"] = value
        if default_value is not None:
            entry["defaultValue"] = default_value
        self.attr_.append(entry)
        return self

    def dtype_format(self, *args):
        """One supported combination: a `DataType` pair per input and output, in order."""
        for pair in args:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise ValueError(
                    "CustomRegOp.dtype_format: each argument must be a (dtype, format) pair "
                    f"such as DataType.F32_Default, got {pair!r}"
                )
        self.dtype_format_.append(tuple(args))
        return self

    def fusion_type(self, fusion_type):
        """The kernel's fusion type (a str)."""
        self.fusion_type_ = _check(fusion_type, str, "`fusion_type`")
        return self

    def target(self, target=None):
        """The device the kernel runs on: ``"CPU"``, ``"GPU"`` or ``"Ascend"``."""
        if target is not None:
            self.target_ = _check(target, str, "`target`")
        return self

    def get_op_info(self) -> dict[str, Any]:
        """The record as a dict, keyed as MindSpore's (``op_name``, ``inputs``, ``outputs``,
        ``attr``, ``fusion_type``, ``dtype_format``, ``target``)."""
        return {
            "op_name": self.op_name,
            "inputs": self.inputs,
            "outputs": self.outputs,
            "attr": self.attr_,
            "fusion_type": self.fusion_type_,
            "dtype_format": self.dtype_format_,
            "target": self.target_,
        }
