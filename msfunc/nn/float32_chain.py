"""Float16 Dense layers as MindSpore's graph mode runs them on CPU: in one float32 chain.

MindSpore's CPU build has no float16 kernels for MatMul, BiasAdd and Tanh. In graph mode it
runs them in float32 and removes the casts between consecutive such ops, so a float16 MLP
(Dense layers with Tanh or no activation) computes in float32 from its input to its output
and rounds to float16 once there; PyNative rounds after every op. In a MindSpore program
(`context.mindspore_cpu_numerics`) msfunc does the same inside `msfunc.jit` and GRAPH_MODE
(`_state.graph_semantics`), for a Dense and for a `SequentialCell` of such Dense layers (the
MLPs of physics-informed networks).
"""

import jax.numpy as jnp

from .. import _state, context
from ..common import cpu_tanh, kernel_chain, low_precision


def applies(x):
    """Whether float16 `x` runs as MindSpore's graph mode runs it: a float16 array inside a
    compiled function with graph mode's semantics, in a MindSpore program.

    Example:
        >>> import jax.numpy as jnp
        >>> applies(jnp.ones(2, jnp.float16))  # eager code
        False
    """
    return (
        getattr(x, "dtype", None) == jnp.float16
        and context._MINDSPORE_CPU_NUMERICS[0]
        and _state.graph_semantics()
    )


def carries(activation):
    """Whether `activation` (a Dense's) continues the float32 chain: none, or Tanh.

    Example:
        >>> from msfunc import nn
        >>> carries(nn.Tanh()), carries(nn.ReLU())
        (True, False)
    """
    return activation is None or type(activation).__name__ == "Tanh"


def dense(cell, x, weight, bias):
    """`cell`'s MatMul, BiasAdd and (Tanh) activation in float32, unrounded; the activation
    left out when it does not continue the chain.

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc import nn
        >>> d = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> dense(d, jnp.ones((1, 2), jnp.float16), d.weight.value(), d.bias.value()).dtype
        dtype('float32')
    """
    f32 = jnp.float32
    out = jnp.matmul(kernel_chain.to32(x), weight.T.astype(f32))
    if bias is not None:
        out = out + bias.astype(f32)
    if cell.activation_flag and carries(cell.activation):
        out = low_precision.chained_tanh(out) if cpu_tanh.applies(out) else jnp.tanh(out)
    return out


def _chainable(cell):
    return (
        type(cell).__dict__.get("float32_chainable", False)  # (Dense itself, no subclass)
        and carries(cell.activation if cell.activation_flag else None)
        and cell._cell_hooks is None
    )


def sequential(cells, x):
    """The output of a SequentialCell of Dense layers on `x` as one float32 chain, rounded to
    `x`'s float16 once; None where that does not apply (not float16, not graph mode, another
    kind of layer, hooks).

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc import nn
        >>> print(sequential([nn.Dense(2, 2)], jnp.ones((1, 2), jnp.float16)))  # eager code
        None
    """
    if not applies(x):
        return None
    if not cells or not all(_chainable(cell) for cell in cells):
        return None
    if x.shape[-1:] != (cells[0].in_channels,):
        return None  # (the layers' own calls raise the error)
    out = x
    for cell in cells:
        bias = cell.bias.value() if cell.has_bias else None
        out = dense(cell, out, cell.weight.value(), bias)
    return kernel_chain.to16(out)
