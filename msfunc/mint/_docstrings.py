"""Docstrings and annotated signatures for the mint functions and Cells built from tables.

Each table-built name has a written entry (`Doc`: a summary, what it returns, and the ``Args``
text of the arguments particular to it); an argument common to many names (``input``, ``dim``,
``reduction``, ...) takes its text from `ARGS`. An argument's text reads ``"type: description"``:
the type is both the ``name (type)`` of its ``Args`` entry and its annotation in the signature,
so the reference page and the annotations have one source. Defaults are read from the signature.
"""

from __future__ import annotations

import inspect
import re
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

__all__ = ["ARGS", "Doc", "doc", "render", "return_type"]

#: The ``"type: description"`` of arguments that many mint names share.
ARGS = {
    "input": "Tensor: The input tensor.",
    "other": "Tensor | float: The second operand; it broadcasts against `input`.",
    "dim": "int: The dimension to work along; negative counts from the end.",
    "dims": "int | tuple[int, ...]: The dimensions to work along.",
    "keepdim": "bool: Whether each reduced dimension stays, with size 1.",
    "dtype": "Number: The dtype of the result; ``None`` keeps the input's.",
    "tensors": "Sequence[Tensor]: The tensors to join.",
    "index": "Tensor: Integer indices.",
    "shape": "tuple[int, ...]: The shape of the result.",
    "size": "int | tuple[int, ...]: The shape of the result.",
    "reduction": (
        "str: How the per-element losses are combined: ``'none'`` (kept), ``'mean'`` or ``'sum'``."
    ),
    "inplace": "bool: Only ``False`` is supported: msfunc returns a new tensor.",
    "target": "Tensor: The target values, shaped like `input`.",
    "weight": "Tensor: Per-class weights rescaling each class's loss.",
    "ignore_index": "int: A target class that adds nothing to the loss (nor to the mean's count).",
    "output_size": "int | tuple[int, ...]: The spatial size of the output.",
    "kernel_size": "int | tuple[int, ...]: The size of the sliding window.",
    "stride": "int | tuple[int, ...]: The step of the sliding window.",
    "padding": "int | tuple[int, ...]: Zeros (implicit) added on both sides of each spatial dim.",
    "dilation": "int | tuple[int, ...]: The spacing between the window's elements.",
    "ceil_mode": "bool: Whether output sizes round up (``True``) or down.",
    "return_indices": "bool: Whether the flat indices of the maxima are returned too.",
    "count_include_pad": "bool: Whether padded zeros count in each average's divisor.",
    "divisor_override": "int: A divisor used for every window instead of its size.",
    "bias": "Tensor: The bias added to the result.",
    "eps": "float: Added to the variance, for numerical stability.",
    "alpha": "float: The multiplier of the product term.",
    "beta": "float: The multiplier of `input`.",
    "value": "float: The multiplier of the quotient or product term.",
    "p": "float: The probability that an element is zeroed.",
    "training": "bool: Whether dropout applies; ``False`` returns `input` unchanged.",
    "mode": "str: The interpolation: ``'nearest'``, ``'linear'``, ``'bilinear'``, ...",
    "align_corners": (
        "bool: Whether the corner pixels of input and output are aligned (corner centres map "
        "onto each other)."
    ),
    "scale_factor": "float | tuple[float, ...]: The multiplier of each spatial size.",
    "approximate": "str: ``'none'`` (exact, with erf) or ``'tanh'`` (the tanh approximation).",
    "lambd": "float: The threshold of the shrinkage.",
    "upscale_factor": "int: The factor by which each spatial size grows.",
    "min_val": "float: The lower bound.",
    "max_val": "float: The upper bound.",
    "label_smoothing": "float: In [0, 1]: the share of each target spread uniformly over classes.",
    "pos_weight": "Tensor: A weight on the positive examples' loss, per class.",
    "margin": "float: The margin below which dissimilar pairs cost nothing.",
    "recompute_scale_factor": "bool: Only ``None`` or ``False`` is supported.",
}

_NONE = "None"


class Doc(NamedTuple):
    """The written part of one table-built name's docstring."""

    summary: str
    returns: str
    note: str
    args: Mapping[str, str]


def doc(summary: str, returns: str = "Tensor.", note: str = "", **args: str) -> Doc:
    """A `Doc`: `summary`, `returns` (its leading type annotates the return), an optional
    `note` paragraph and the ``"type: description"`` of arguments not in `ARGS` (or differing).

    Example:
        >>> doc("Negation.", "Tensor, shaped like `input`.").returns
        'Tensor, shaped like `input`.'
    """
    return Doc(summary, returns, note, args)


def return_type(returns: str) -> str:
    """The type a ``Returns:`` text starts with: up to its first top-level ``,``, ``:`` or ``.``.

    Example:
        >>> return_type("tuple[Tensor, Tensor], the values and their indices.")
        'tuple[Tensor, Tensor]'
    """
    depth, end = 0, len(returns)
    for i, char in enumerate(returns):
        depth += (char in "[(") - (char in "])")
        if depth == 0 and char in ",:.":
            end = i
            break
    found = returns[:end].strip()
    if not _TYPE.fullmatch(found):
        raise ValueError(f"a Returns text must start with its type, then ',' or '.': {returns!r}")
    return found


_TYPE = re.compile(r"[\w.]+(\[.*\])?( \| [\w.]+(\[.*\])?)*")


def _arg(param: inspect.Parameter, text: str) -> tuple[str, str]:
    """(annotation, ``Args`` line) of `param` from its ``"type: description"`` `text`."""
    kind, _, description = text.partition(": ")
    if param.default is None and _NONE not in kind.split(" | "):
        kind = f"{kind} | None"
    if param.default is not inspect.Parameter.empty:
        description = f"{description} Default: ``{param.default!r}``."
    star = {param.VAR_POSITIONAL: "*", param.VAR_KEYWORD: "**"}.get(param.kind, "")
    return kind, f"    {star}{param.name} ({kind}): {description}"


def render(
    qualname: str,
    signature: inspect.Signature | Callable[..., Any],
    entry: Doc,
    example: str,
    *,
    kind: str = "function",
    calls: str = "",
) -> tuple[str, inspect.Signature]:
    """The docstring and annotated signature of a table-built function (or, with
    ``kind="class"``, of a Cell, whose `signature` is its constructor's without ``self``).

    `calls` is a sentence naming what it calls; `example` the doctest text, indented.

    Example:
        >>> example = "    >>> 1\\n    1\\n"
        >>> text, sig = render("neg", lambda input: None, doc("``-input``."), example)
        >>> str(sig)
        "(input: 'Tensor') -> 'Tensor'"
        >>> print(text.split("Args:")[1].split("Returns:")[0].strip())
        input (Tensor): The input tensor.
    """
    sig = signature if isinstance(signature, inspect.Signature) else inspect.signature(signature)
    params, lines = [], []
    for param in sig.parameters.values():
        text = entry.args.get(param.name) or ARGS.get(param.name)
        if text is None:
            raise KeyError(f"{qualname}: no description for argument {param.name!r}")
        annotation, line = _arg(param, text)
        params.append(param.replace(annotation=annotation))
        lines.append(line)
    parts = [entry.summary]
    if entry.note or calls:
        parts.append(" ".join(p for p in (entry.note, calls) if p))
    if lines:
        parts.append("Args:\n" + "\n".join(lines))
    if kind == "function":
        parts.append(f"Returns:\n    {entry.returns}")
        sig = sig.replace(parameters=params, return_annotation=return_type(entry.returns))
    else:
        parts.append(f"Outputs:\n    {entry.returns}")
        sig = sig.replace(parameters=params)
    parts.append(f"Example:\n{example.rstrip()}\n")
    return "\n\n".join(parts), sig
