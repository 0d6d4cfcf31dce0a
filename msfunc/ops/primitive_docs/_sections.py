"""Docstring builders for the primitives whose docstrings share one shape or whole sections."""

__all__ = [
    "FLOAT_X",
    "INPUT_X",
    "SAME_AS_X",
    "class_form",
    "docstring",
    "elementwise",
    "example",
    "reduction",
]

_INDENT = "    "

# entries many primitives share word for word
INPUT_X = "x (Tensor): The input tensor."
FLOAT_X = "x (Tensor): A float tensor."
SAME_AS_X = "Tensor of `x`'s shape and dtype."

_IMPORTS = ("import msfunc as ms", "from msfunc import ops")


def example(call, expected, setup=(), imports=_IMPORTS):
    """An ``Example:`` section: the `imports`, the `setup` lines, then ``print(call)``.

    `expected` is what printing shows: each primitive's example and result are its own.
    """
    lines = [*imports, *setup, f"print({call})"]
    shown = "\n".join(f"{_INDENT}>>> {line}" for line in lines)
    result = "\n".join(_INDENT + line for line in expected.splitlines())
    return f"Example:\n{shown}\n{result}\n"


def _section(title, entries, hanging=True):
    # an entry's further lines (given after "\n") hang under its first line in Args and Inputs
    # (``name (type): text``, the form `primitives._annotated` reads); Outputs' stay flush
    under = "\n" + _INDENT * (2 if hanging else 1)
    lines = (_INDENT + entry.replace("\n", under) for entry in entries)
    return f"{title}:\n" + "".join(line + "\n" for line in lines)


def docstring(summary, example_section, args=(), inputs=(), outputs=""):
    """A primitive's docstring: `summary` (its paragraphs), its ``Args:`` (constructor) and
    ``Inputs:`` (call) entries, its ``Outputs:`` text, then `example_section` (`example`'s).

    An entry is ``"name (type): text"``; a ``"\\n"`` in it starts a further, hanging line.
    Sections without entries are left out.
    """
    parts = [summary + "\n"]
    if args:
        parts.append(_section("Args", args))
    if inputs:
        parts.append(_section("Inputs", inputs))
    if outputs:
        parts.append(_section("Outputs", [outputs], hanging=False))
    return "\n".join([*parts, example_section])


def class_form(summary, twin):
    """`summary` followed by the paragraph naming the functional form `twin` (when there is one)."""
    return summary + (f"\n\nThe class form of `ops.{twin}`." if twin else "")


def elementwise(name, summary, twin, inputs, output, call_args, expected):
    """``(name, docstring)`` of a primitive without constructor arguments.

    `twin` names its functional form (or is None), `inputs` are its ``Inputs:`` entries; the
    example calls it with `call_args` (source text) and `expected` is what printing shows.
    """
    return name, docstring(
        class_form(summary, twin),
        example(f"ops.{name}()({call_args})", expected),
        inputs=inputs,
        outputs=output,
    )


def reduction(name, summary, twin, call_args, expected, output_dtype="`x`'s dtype", ctor=""):
    """``(name, docstring)`` of a ``ReduceXxx(keep_dims=False)(x, axis=())`` primitive."""
    return name, docstring(
        class_form(summary, twin),
        example(f"ops.{name}({ctor})({call_args})", expected),
        args=["keep_dims (bool): Keep each reduced axis with length 1. Default: ``False``."],
        inputs=[
            "x (Tensor): The tensor to reduce.",
            "axis (Union[int, tuple[int], list[int], Tensor]): The axes to reduce; ``()`` (the"
            " default) reduces them all.",
        ],
        outputs=f"Tensor of {output_dtype}, the reduced axes removed (or kept as 1).",
    )
