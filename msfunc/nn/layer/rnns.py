"""Recurrent layers: RNN, LSTM, GRU (multi-layer, bidirectional, seq_length) and their Cells.

Weights follow MindSpore (and torch): ``weight_ih_l{k}`` is (gates * hidden, input),
``weight_hh_l{k}`` (gates * hidden, hidden), the reverse direction has the suffix
``_reverse``; LSTM gates are ordered (i, f, g, o), GRU gates (r, z, n). All weights and
biases start U(-1/sqrt(hidden), 1/sqrt(hidden)), drawn as MindSpore draws them. The time
loop is one `lax.scan`.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from ...common import dtype as mstype
from ...common.arg_docs import document_args
from ...common.initializer import Uniform, initializer
from ...common.parameter import Parameter, ParameterTuple
from ...common.seed import next_key
from ...common.tensor import unwrap
from ..cell import Cell
from .basic import check_positive_int

__all__ = ["RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}
# MindSpore's per-kind tuples of a recurrent layer's Parameters (layer by layer, the reverse
# direction after the forward one): attribute -> the kind of weight it holds
_WEIGHT_LISTS = {
    "w_ih_list": "weight_ih",
    "w_hh_list": "weight_hh",
    "b_ih_list": "bias_ih",
    "b_hh_list": "bias_hh",
}


def _linear(x, w, b):
    y = x @ w.T
    return y if b is None else y + b


def _step(mode, x, state, w_ih, w_hh, b_ih, b_hh):
    """One time step of `mode`; `state` is h, or (h, c) for LSTM. Returns the new state."""
    if mode == "LSTM":
        h, c = state
        gates = _linear(x, w_ih, b_ih) + _linear(h, w_hh, b_hh)
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        return jax.nn.sigmoid(o) * jnp.tanh(c), c
    if mode == "GRU":
        gi, gh = _linear(x, w_ih, b_ih), _linear(state, w_hh, b_hh)
        i_r, i_z, i_n = jnp.split(gi, 3, axis=-1)
        h_r, h_z, h_n = jnp.split(gh, 3, axis=-1)
        r, z = jax.nn.sigmoid(i_r + h_r), jax.nn.sigmoid(i_z + h_z)
        n = jnp.tanh(i_n + r * h_n)
        return (1 - z) * n + z * state
    act = jnp.tanh if mode == "RNN_TANH" else jax.nn.relu
    return act(_linear(x, w_ih, b_ih) + _linear(state, w_hh, b_hh))


def _hidden(mode, state):
    return state[0] if mode == "LSTM" else state


def _check_sizes(input_size, hidden_size, who):
    check_positive_int(input_size, "input_size", who)
    check_positive_int(hidden_size, "hidden_size", who)


class _RNNCellBase(Cell):
    _mode = "RNN_TANH"

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        has_bias: bool = True,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        who = type(self).__name__
        _check_sizes(input_size, hidden_size, who)
        self.input_size, self.hidden_size, self.has_bias = input_size, hidden_size, has_bias
        gates = _GATES[self._mode] * hidden_size
        shapes = [(gates, input_size), (gates, hidden_size)] + [(gates,)] * (2 * has_bias)
        for shape in shapes:
            # MindSpore first fills each weight with numpy's randn and then redraws it: the
            # first draws only advance numpy's state, which a seeded program's later draws see.
            np.random.randn(*shape)
        init = Uniform(1.0 / math.sqrt(hidden_size))
        self.weight_ih = Parameter(initializer(init, (gates, input_size), dtype), "weight_ih")
        self.weight_hh = Parameter(initializer(init, (gates, hidden_size), dtype), "weight_hh")
        if has_bias:
            self.bias_ih = Parameter(initializer(init, (gates,), dtype), "bias_ih")
            self.bias_hh = Parameter(initializer(init, (gates,), dtype), "bias_hh")

    def _weights(self):
        b = (self.bias_ih.value(), self.bias_hh.value()) if self.has_bias else (None, None)
        return (self.weight_ih.value(), self.weight_hh.value()) + b

    def _check_x(self, x):
        if x.ndim not in (1, 2) or x.shape[-1] != self.input_size:
            raise ValueError(
                f"{type(self).__name__}: `x` must be (batch, {self.input_size}) or "
                f"({self.input_size},), got shape {x.shape}"
            )


# The Args entries of the recurrent cells and layers (each takes its own subset).
_RNN_ARGS = """
input_size (int): The input's feature count.
hidden_size (int): The hidden state's feature count.
num_layers (int): The number of stacked layers. Default: ``1``.
has_bias (bool): Whether the gates have biases. Default: ``True``.
batch_first (bool): Input and output are (batch, time, feature) rather than (time,
    batch, feature). Default: ``False``.
dropout (float): The dropout probability between layers (in training). Default: ``0.0``.
bidirectional (bool): Run a second, backward pass and concatenate its features. Default:
    ``False``.
nonlinearity (str): ``"tanh"`` or ``"relu"``. Default: ``"tanh"``.
dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.
"""


def _rnn_mode(nonlinearity, who):
    """The Elman step's mode for `nonlinearity` ('tanh' or 'relu'; else ValueError)."""
    if nonlinearity not in ("tanh", "relu"):
        raise ValueError(f"{who}: `nonlinearity` must be 'tanh' or 'relu', got {nonlinearity!r}")
    return "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"


@document_args(_RNN_ARGS)
class RNNCell(_RNNCellBase):
    """One step of an Elman RNN: ``h' = act(x W_ih^T + b_ih + h W_hh^T + b_hh)``.

    Args:
        {args}

    Inputs:
        x (Tensor): (batch, input_size) or (input_size,).
        hx (Tensor): The hidden state, (batch, hidden_size) or (hidden_size,).

    Outputs:
        Tensor, the new hidden state, `hx`'s shape.

    Example:
        >>> import msfunc as ms
        >>> cell = ms.nn.RNNCell(3, 2)
        >>> cell(ms.numpy.ones((4, 3)), ms.numpy.zeros((4, 2))).shape
        (4, 2)
    """

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        has_bias: bool = True,
        nonlinearity: str = "tanh",
        dtype: mstype.Number = mstype.float32,
    ):
        self._mode = _rnn_mode(nonlinearity, "RNNCell")
        super().__init__(input_size, hidden_size, has_bias, dtype)
        self.nonlinearity = nonlinearity

    def construct(self, x, hx):
        x = unwrap(x)
        self._check_x(x)
        return _step(self._mode, x, unwrap(hx), *self._weights())


@document_args(_RNN_ARGS)
class LSTMCell(_RNNCellBase):
    """One LSTM step: ``construct(x, (h, c))`` returns ``(h', c')``.

    Args:
        {args}

    Inputs:
        x (Tensor): (batch, input_size) or (input_size,).
        hx (tuple[Tensor, Tensor]): The hidden and cell states (h, c), each
            (batch, hidden_size) or (hidden_size,).

    Outputs:
        Tuple (h', c') of Tensors, the new states.

    Example:
        >>> import msfunc as ms
        >>> cell = ms.nn.LSTMCell(3, 4)
        >>> h, c = cell(ms.ops.ones((2, 3)), (ms.ops.zeros((2, 4)), ms.ops.zeros((2, 4))))
        >>> h.shape, c.shape
        ((2, 4), (2, 4))
    """

    _mode = "LSTM"

    def construct(self, x, hx):
        x = unwrap(x)
        self._check_x(x)
        if not isinstance(hx, (tuple, list)) or len(hx) != 2:
            raise TypeError("LSTMCell: `hx` must be a tuple (h, c)")
        return _step("LSTM", x, (unwrap(hx[0]), unwrap(hx[1])), *self._weights())


@document_args(_RNN_ARGS)
class GRUCell(_RNNCellBase):
    """One GRU step: ``construct(x, h)`` returns ``h'``.

    Args:
        {args}

    Inputs:
        x (Tensor): (batch, input_size) or (input_size,).
        hx (Tensor): The hidden state, (batch, hidden_size) or (hidden_size,).

    Outputs:
        Tensor, the new hidden state, `hx`'s shape.

    Example:
        >>> import msfunc as ms
        >>> cell = ms.nn.GRUCell(3, 4)
        >>> cell(ms.ops.ones((2, 3)), ms.ops.zeros((2, 4))).shape
        (2, 4)
    """

    _mode = "GRU"

    def construct(self, x, hx):
        x = unwrap(x)
        self._check_x(x)
        return _step("GRU", x, unwrap(hx), *self._weights())


def _reverse_valid(x, lengths):
    """Reverse each sequence's first lengths[b] steps (time-major x: (T, B, ...))."""
    if lengths is None:
        return jnp.flip(x, axis=0)
    t = jnp.arange(x.shape[0])[:, None]
    idx = jnp.where(t < lengths[None, :], lengths[None, :] - 1 - t, t)
    return jnp.take_along_axis(x, idx.reshape(idx.shape + (1,) * (x.ndim - 2)), axis=0)


def _run_direction(mode, xs, state, weights, lengths):
    """Scan one direction over time-major xs; steps at t >= lengths[b] keep the state and
    output zeros."""
    steps = jnp.arange(xs.shape[0])

    def body(carry, inp):
        t, x = inp
        new = _step(mode, x, carry, *weights)
        if lengths is not None:
            valid = (t < lengths)[:, None]
            new = jax.tree.map(lambda n, o: jnp.where(valid, n, o), new, carry)
            out = jnp.where(valid, _hidden(mode, new), 0.0)
        else:
            out = _hidden(mode, new)
        return new, out

    final, outs = jax.lax.scan(body, state, (steps, xs))
    return final, outs


class _RNNBase(Cell):
    _mode = "LSTM"

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        has_bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        who = type(self).__name__
        _check_sizes(input_size, hidden_size, who)
        check_positive_int(num_layers, "num_layers", who)
        if (
            isinstance(dropout, bool)
            or not isinstance(dropout, (int, float))
            or not 0 <= dropout < 1
        ):
            raise ValueError(f"{who}: `dropout` must be a float in [0, 1), got {dropout!r}")
        self.input_size, self.hidden_size, self.num_layers = input_size, hidden_size, num_layers
        self.has_bias, self.batch_first = bool(has_bias), bool(batch_first)
        self.dropout, self.bidirectional = float(dropout), bool(bidirectional)
        self.num_directions = 2 if bidirectional else 1
        gates = _GATES[self._mode] * hidden_size
        bound = 1.0 / math.sqrt(hidden_size)
        kinds = ["weight_ih", "weight_hh"] + (["bias_ih", "bias_hh"] if has_bias else [])
        # Draw in MindSpore's order (layer, direction, then kind; numpy's global uniform, so
        # a seeded numpy gives MindSpore's weights), but set the attributes kind by kind:
        # that is MindSpore's parameter order (all weight_ih, then weight_hh, bias_ih,
        # bias_hh).
        drawn = {}
        for layer in range(num_layers):
            in_size = input_size if layer == 0 else hidden_size * self.num_directions
            for s in ("", "_reverse")[: self.num_directions]:
                shapes = {
                    "weight_ih": (gates, in_size),
                    "weight_hh": (gates, hidden_size),
                    "bias_ih": (gates,),
                    "bias_hh": (gates,),
                }
                for kind in kinds:
                    values = np.random.uniform(-bound, bound, shapes[kind]).astype(np.float32)
                    drawn[f"{kind}_l{layer}{s}"] = values
        for kind in kinds:
            for name in [n for n in drawn if n.startswith(kind)]:
                setattr(
                    self, name, Parameter(initializer(drawn[name], drawn[name].shape, dtype), name)
                )

    def _names_of(self, kind):
        """The attribute names of the Parameters of `kind` ('weight_ih' ...), in order."""
        if kind.startswith("bias") and not self.has_bias:
            return []
        return [
            f"{kind}_l{layer}{s}"
            for layer in range(self.num_layers)
            for s in ("", "_reverse")[: self.num_directions]
        ]

    def __getattr__(self, name):
        # MindSpore's w_ih_list / w_hh_list / b_ih_list / b_hh_list: views of the Parameters
        kind = _WEIGHT_LISTS.get(name)
        if kind is None:
            return super().__getattr__(name)
        return ParameterTuple([getattr(self, n) for n in self._names_of(kind)])

    def __setattr__(self, name, value):
        # Assigning one of MindSpore's tuples replaces the Parameters it lists, one by one.
        kind = _WEIGHT_LISTS.get(name)
        if kind is None:
            super().__setattr__(name, value)
            return
        names = self._names_of(kind)
        if not isinstance(value, (tuple, list)) or len(value) != len(names):
            raise ValueError(
                f"{type(self).__name__}.{name}: needs a tuple of {len(names)} Parameters "
                f"({', '.join(names)}), got {value!r}"
            )
        for attribute, parameter in zip(names, value, strict=True):
            setattr(self, attribute, parameter)

    def _weights(self, layer, reverse):
        s = f"_l{layer}" + ("_reverse" if reverse else "")
        names = ["weight_ih", "weight_hh"] + (["bias_ih", "bias_hh"] if self.has_bias else [])
        vals = [getattr(self, n + s).value() for n in names]
        return tuple(vals) + ((None, None) if not self.has_bias else ())

    def _initial(self, hx, batch, dtype):
        n = self.num_layers * self.num_directions
        shape = (n, batch, self.hidden_size)
        if hx is None:
            zeros = jnp.zeros(shape, dtype)
            return (zeros, zeros) if self._mode == "LSTM" else zeros
        if self._mode == "LSTM":
            if not isinstance(hx, (tuple, list)) or len(hx) != 2:
                raise TypeError(f"{type(self).__name__}: `hx` must be a tuple (h_0, c_0)")
            h, c = unwrap(hx[0]), unwrap(hx[1])
            if h.shape != shape or c.shape != shape:
                raise ValueError(
                    f"{type(self).__name__}: `hx` tensors must be {shape}, got "
                    f"{h.shape} and {c.shape}"
                )
            return h, c
        h = unwrap(hx)
        if h.shape != shape:
            raise ValueError(f"{type(self).__name__}: `hx` must be {shape}, got {h.shape}")
        return h

    def construct(self, x, hx=None, seq_length=None):
        x = unwrap(x)
        who = type(self).__name__
        if x.ndim != 3 or x.shape[-1] != self.input_size:
            raise ValueError(
                f"{who}: `x` must be 3-D with last dim {self.input_size}, got shape {x.shape}"
            )
        if self.batch_first:
            x = jnp.swapaxes(x, 0, 1)
        batch = x.shape[1]
        lengths = None if seq_length is None else jnp.asarray(unwrap(seq_length), jnp.int32)
        if lengths is not None and lengths.shape != (batch,):
            raise ValueError(f"{who}: `seq_length` must be ({batch},), got {lengths.shape}")
        init = self._initial(hx, batch, x.dtype)
        finals = []
        layer_in = x
        for layer in range(self.num_layers):
            outs = []
            for d in range(self.num_directions):
                idx = layer * self.num_directions + d
                state = jax.tree.map(lambda s, i=idx: s[i], init)
                xs = layer_in if d == 0 else _reverse_valid(layer_in, lengths)
                final, out = _run_direction(
                    self._mode, xs, state, self._weights(layer, d == 1), lengths
                )
                outs.append(out if d == 0 else _reverse_valid(out, lengths))
                finals.append(final)
            layer_in = outs[0] if len(outs) == 1 else jnp.concatenate(outs, axis=-1)
            if self.training and self.dropout > 0 and layer < self.num_layers - 1:
                keep = jax.random.bernoulli(next_key(), 1 - self.dropout, layer_in.shape)
                layer_in = jnp.where(keep, layer_in / (1 - self.dropout), 0.0)
        output = jnp.swapaxes(layer_in, 0, 1) if self.batch_first else layer_in
        if self._mode == "LSTM":
            h_n = jnp.stack([f[0] for f in finals])
            c_n = jnp.stack([f[1] for f in finals])
            return output, (h_n, c_n)
        return output, jnp.stack(finals)


@document_args(_RNN_ARGS)
class RNN(_RNNBase):
    """Multi-layer Elman RNN; ``construct(x, hx=None, seq_length=None)`` returns
    ``(output, h_n)`` with h_n of shape (num_layers * num_directions, batch, hidden).

    Args:
        {args}

    Inputs:
        x (Tensor): (time, batch, input_size), or (batch, time, input_size) with `batch_first`.
        hx (Union[Tensor, None]): The initial hidden state, each (num_layers * num_directions,
            batch, hidden_size); ``None`` is zeros. Default: ``None``.
        seq_length (Union[Tensor, None]): The valid length of each batch entry; later steps keep
            the state and output zeros. Default: ``None``.

    Outputs:
        Tuple (output, h_n): output (time, batch, num_directions * hidden_size) (batch first
            with `batch_first`), and the final hidden state shaped as `hx`.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.RNN(3, 4, batch_first=True)
        >>> out, h = net(ms.numpy.ones((2, 5, 3)))
        >>> out.shape, h.shape
        ((2, 5, 4), (1, 2, 4))
    """

    # As in MindSpore, `nonlinearity` comes after the shared arguments (keyword only there).
    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        has_bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        dtype: mstype.Number = mstype.float32,
        nonlinearity: str = "tanh",
    ):
        self._mode = _rnn_mode(nonlinearity, "RNN")
        super().__init__(
            input_size,
            hidden_size,
            num_layers,
            has_bias,
            batch_first,
            dropout,
            bidirectional,
            dtype,
        )
        self.nonlinearity = nonlinearity


@document_args(_RNN_ARGS)
class LSTM(_RNNBase):
    """Multi-layer LSTM; returns ``(output, (h_n, c_n))``.

    Args:
        {args}

    Inputs:
        x (Tensor): (time, batch, input_size), or (batch, time, input_size) with `batch_first`.
        hx (Union[tuple[Tensor, Tensor], None]): The initial states (h, c), each (num_layers *
            num_directions, batch, hidden_size); ``None`` is zeros. Default: ``None``.
        seq_length (Union[Tensor, None]): The valid length of each batch entry; later steps keep
            the state and output zeros. Default: ``None``.

    Outputs:
        Tuple (output, (h_n, c_n)): output (time, batch, num_directions * hidden_size) (batch
            first with `batch_first`), and the final states (h, c) shaped as `hx`.

    Example:
        >>> import msfunc as ms
        >>> lstm = ms.nn.LSTM(3, 4, num_layers=2, batch_first=True)
        >>> out, (h, c) = lstm(ms.ops.ones((2, 5, 3)))  # (batch, time, features)
        >>> out.shape, h.shape, c.shape  # h, c: (layers, batch, hidden)
        ((2, 5, 4), (2, 2, 4), (2, 2, 4))
        >>> bool((out[:, -1] == h[-1]).all())  # the top layer's last output is its final state
        True
    """

    _mode = "LSTM"


@document_args(_RNN_ARGS)
class GRU(_RNNBase):
    """Multi-layer GRU; returns ``(output, h_n)``.

    Args:
        {args}

    Inputs:
        x (Tensor): (time, batch, input_size), or (batch, time, input_size) with `batch_first`.
        hx (Union[Tensor, None]): The initial hidden state, each (num_layers * num_directions,
            batch, hidden_size); ``None`` is zeros. Default: ``None``.
        seq_length (Union[Tensor, None]): The valid length of each batch entry; later steps keep
            the state and output zeros. Default: ``None``.

    Outputs:
        Tuple (output, h_n): output (time, batch, num_directions * hidden_size) (batch first
            with `batch_first`), and the final hidden state shaped as `hx`.

    Example:
        >>> import msfunc as ms
        >>> gru = ms.nn.GRU(3, 4, batch_first=True, bidirectional=True)
        >>> out, h = gru(ms.ops.ones((2, 5, 3)))
        >>> out.shape, h.shape  # both directions
        ((2, 5, 8), (2, 2, 4))
        >>> bool((out[:, -1, :4] == h[0]).all()), bool((out[:, 0, 4:] == h[1]).all())
        (True, True)
    """

    _mode = "GRU"
