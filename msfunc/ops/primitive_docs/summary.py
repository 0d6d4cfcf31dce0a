"""Docstrings of the primitive classes generated from `primitive_tables.summary`."""

__all__ = ["DOCS"]


def _summary(kind, what, value_doc, value_src, shown):
    return f"""Records {what} under a tag, for a summary of the step: the next
`msfunc.train.SummaryRecord.record` (or SummaryCollector) writes it. msfunc also keeps the latest
value of each tag ``"<name>[:{kind}]"``, read with
`msfunc.ops.primitive_tables.summary.summary_values`; under ``jit`` the value arrives when the
compiled step runs.

Inputs:
    name (str): The tag, not empty.
    value (Tensor): {value_doc}

Outputs:
    None.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> from msfunc.ops.primitive_tables.summary import summary_values
    >>> ops.{kind}Summary()("w", ms.Tensor({value_src}))
    >>> print(summary_values()["w[:{kind}]"])
    {shown}
"""


# class name -> its docstring: summary, Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "ScalarSummary": _summary(
        "Scalar", "a scalar", "A scalar (shape ``()`` or ``(1,)``).", "0.25", "0.25"
    ),
    "TensorSummary": _summary(
        "Tensor", "a tensor", "A tensor of at least one dimension.", "[1.0, 2.0]", "[1. 2.]"
    ),
    "ImageSummary": _summary(
        "Image",
        "a batch of images",
        "Images, 4-D ``(N, C, H, W)``.",
        "[[[[0.0, 1.0]]]]",
        "[[[[0. 1.]]]]",
    ),
    "HistogramSummary": _summary(
        "Histogram",
        "a tensor whose histogram is wanted",
        "A tensor of at least one dimension.",
        "[1.0, 2.0, 2.0]",
        "[1. 2. 2.]",
    ),
}
