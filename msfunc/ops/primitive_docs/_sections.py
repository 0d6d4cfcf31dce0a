"""Docstring builders for the many primitives that share one shape: elementwise and reductions."""

__all__ = ["elementwise", "example", "reduction"]

_INDENT = "    "


def example(call, expected):
    """An ``Example:`` section that imports msfunc, prints `call` and expects `expected`."""
    lines = ["import msfunc as ms", "from msfunc import ops", f"print({call})"]
    shown = "\n".join(f"{_INDENT}>>> {line}" for line in lines)
    result = "\n".join(_INDENT + line for line in expected.splitlines())
    return f"Example:\n{shown}\n{result}\n"


def _section(title, entries):
    return f"{title}:\n" + "".join(f"{_INDENT}{entry}\n" for entry in entries)


def _twin(twin):
    return f"\n\nThe class form of `ops.{twin}`." if twin else ""


def elementwise(name, summary, twin, inputs, output, call_args, expected):
    """``(name, docstring)`` of a primitive without constructor arguments.

    `twin` names its functional form (or is None), `inputs` are its ``Inputs:`` entries; the
    example calls it with `call_args` (source text) and `expected` is what printing shows.
    """
    text = summary + _twin(twin) + "\n\n"
    text += _section("Inputs", inputs) + "\n" + _section("Outputs", [output]) + "\n"
    return name, text + example(f"ops.{name}()({call_args})", expected)


def reduction(name, summary, twin, call_args, expected, output_dtype="`x`'s dtype", ctor=""):
    """``(name, docstring)`` of a ``ReduceXxx(keep_dims=False)(x, axis=())`` primitive."""
    text = summary + _twin(twin) + "\n\n"
    text += _section(
        "Args",
        ["keep_dims (bool): Keep each reduced axis with length 1. Default: ``False``."],
    )
    text += "\n" + _section(
        "Inputs",
        [
            "x (Tensor): The tensor to reduce.",
            "axis (Union[int, tuple[int], list[int], Tensor]): The axes to reduce; ``()`` (the"
            " default) reduces them all.",
        ],
    )
    text += "\n" + _section(
        "Outputs", [f"Tensor of {output_dtype}, the reduced axes removed (or kept as 1)."]
    )
    return name, text + "\n" + example(f"ops.{name}({ctor})({call_args})", expected)
