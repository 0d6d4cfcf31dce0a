"""Docstrings of the primitive classes generated from `primitive_tables.recurrent`."""

__all__ = ["DOCS"]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
DOCS: dict[str, str] = {
    "LSTM": """A multi-layer LSTM over a sequence with all its weights in one flat tensor, as
MindSpore's CPU kernel takes them. Gates are ordered (i, f, g, o); with `proj_size` each
step's hidden state is projected to `proj_size` values. `w` holds every input-to-hidden matrix
``(4 * hidden_size, in)`` (layer by layer, the forward direction first), then every
hidden-to-hidden matrix ``(4 * hidden_size, proj_size or hidden_size)``, the projections
``(proj_size, hidden_size)``, then one bias of ``4 * hidden_size`` each, all row-major.

Args:
    input_size (int): The features of each input step.
    hidden_size (int): The features of the cell state.
    num_layers (int): The stacked layers.
    has_bias (bool): Whether `w` holds the biases.
    bidirectional (bool): Also run each layer backwards in time.
    dropout (float): Accepted for MindSpore's signature; no dropout is applied between
        layers.
    proj_size (int): The projected hidden size, 0 for none. Default: ``0``.

Inputs:
    x (Tensor): (time, batch, input_size).
    h (Tensor): The initial hidden states, (num_layers * directions, batch, proj_size or
        hidden_size).
    c (Tensor): The initial cell states, (num_layers * directions, batch, hidden_size).
    w (Tensor): The flat weights.

Outputs:
    Tuple of 5: the output (time, batch, directions * (proj_size or hidden_size)), the
    final hidden and cell states shaped as `h` and `c`, and two (1, 1) placeholders for the
    kernel's workspace and state.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> lstm = ops.LSTM(2, 1, 1, False, False, 0.0)
    >>> w = ms.Tensor(np.zeros((4 * 1 * (2 + 1), 1, 1), np.float32))  # every gate at 0
    >>> out, h, c, _, _ = lstm(ms.ops.ones((1, 1, 2)), ms.ops.zeros((1, 1, 1)),
    ...                        ms.ops.ones((1, 1, 1)), w)
    >>> print(c.asnumpy().ravel(), out.asnumpy().ravel())  # c = 0.5 * 1, h = 0.5 * tanh(c)
    [0.5] [0.23105858]
""",
}
