"""The fused recurrent primitive ``LSTM``: MindSpore's CPU kernel (oneDNN's) with its weights in
one flat tensor."""

import math

import jax
import jax.numpy as jnp

from ._common import sig

__all__ = ["TABLE", "INIT_CHECKS"]


def _pieces(p, flat):
    """The flat weights cut into {(kind, layer, direction): matrix}: every input-to-hidden
    matrix (layer by layer, forward direction first), then every hidden-to-hidden one, the
    projections, then the biases (one 4 * hidden vector each), the kernel's order."""
    hidden, proj, dirs = p.hidden_size, p.proj_size, 2 if p.bidirectional else 1
    real = proj or hidden
    shapes = {}
    for layer in range(p.num_layers):
        in_size = p.input_size if layer == 0 else real * dirs
        for d in range(dirs):
            shapes[("ih", layer, d)] = (4 * hidden, in_size)
            shapes[("hh", layer, d)] = (4 * hidden, real)
            if proj:
                shapes[("proj", layer, d)] = (proj, hidden)
            if p.has_bias:
                shapes[("bias", layer, d)] = (4 * hidden,)
    flat = jnp.reshape(flat, -1)
    sizes = {k: math.prod(shape) for k, shape in shapes.items()}
    if sum(sizes.values()) != flat.shape[0]:
        raise ValueError(f"LSTM: `w` must hold {sum(sizes.values())} weights, got {flat.shape[0]}")
    pieces, offset = {}, 0
    for kind in ("ih", "hh", "proj", "bias"):
        for key in [k for k in shapes if k[0] == kind]:
            pieces[key] = flat[offset : offset + sizes[key]].reshape(shapes[key])
            offset += sizes[key]
    return pieces


def _direction(pieces, layer, d, xs, h, c):
    w_ih, w_hh = pieces[("ih", layer, d)], pieces[("hh", layer, d)]
    bias = pieces.get(("bias", layer, d), 0.0)
    proj = pieces.get(("proj", layer, d))

    def step(carry, x):
        h, c = carry
        i, f, g, o = jnp.split(x @ w_ih.T + h @ w_hh.T + bias, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        if proj is not None:
            h = h @ proj.T
        return (h, c), h

    (h, c), out = jax.lax.scan(step, (h, c), xs, reverse=d == 1)
    return out, h, c


def _lstm(p, x, h, c, w):
    pieces = _pieces(p, w)
    dirs = 2 if p.bidirectional else 1
    layer_in, hs, cs = jnp.asarray(x), [], []
    for layer in range(p.num_layers):
        outs = []
        for d in range(dirs):
            k = layer * dirs + d
            out, h_n, c_n = _direction(pieces, layer, d, layer_in, h[k], c[k])
            outs.append(out)
            hs.append(h_n)
            cs.append(c_n)
        layer_in = jnp.concatenate(outs, axis=-1) if dirs == 2 else outs[0]
    # The kernel's workspace and state outputs carry nothing a program reads.
    placeholder = jnp.zeros((1, 1), layer_in.dtype)
    return layer_in, jnp.stack(hs), jnp.stack(cs), placeholder, placeholder


def _check_lstm(p):
    for name in ("input_size", "hidden_size", "num_layers"):
        value = getattr(p, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"LSTM: `{name}` must be a positive int, got {value!r}")
    if not isinstance(p.proj_size, int) or not 0 <= p.proj_size < p.hidden_size:
        raise ValueError(
            f"LSTM: `proj_size` must be an int in [0, hidden_size), got {p.proj_size!r}"
        )
    if not 0 <= p.dropout <= 1:
        raise ValueError(f"LSTM: `dropout` must be in [0, 1], got {p.dropout!r}")


TABLE = [
    (
        "LSTM",
        sig(
            "input_size",
            "hidden_size",
            "num_layers",
            "has_bias",
            "bidirectional",
            "dropout",
            proj_size=0,
        ),
        _lstm,
    ),
]

INIT_CHECKS = {"LSTM": _check_lstm}
