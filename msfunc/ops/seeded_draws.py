"""MindSpore's exact draws for seeded random ops: the call's ``(seed, seed2)`` from the
carried op-seed counters, the values from MindSpore's CPU kernels computed on the host
(`kernel_streams`). Inside a compiled function the kernel runs as a host callback on every
call, with the counter a traced value, so compiled and eager code draw the same numbers; in a
MindSpore program's graph, a functional op's call takes its seeds as the graph compiles and
goes on from call to call, as MindSpore's graph kernels do (`_graph_frame`).
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .. import _state
from .._state import read, write
from ..common.op_seeds import graph_op_seeds, nested_trace, op_seeds
from ..context import mindspore_dtype_checks
from . import choice_streams, gamma_stream, kernel_streams, truncated_stream
from .minstd import _M, _powers, mixed_seed
from .philox import uniform_floats_from

__all__ = ["kernel_draw", "kernel_call", "dropout_keep", "PrimitiveStream", "dropout_stream"]

_KERNELS = {
    "uniform_real": (kernel_streams.uniform_real, np.float32),
    "standard_normal": (kernel_streams.standard_normal, np.float32),
    "standard_laplace": (kernel_streams.standard_laplace, np.float32),
    "uniform_int": (kernel_streams.uniform_int, np.int32),
}


def kernel_draw(kind, kernel_name, op_seed, shape, *bounds):
    """The values kernel `kind` ('uniform_real', 'standard_normal' or 'uniform_int' with
    `bounds` (low, high)) gives for this call of op `kernel_name` seeded `op_seed`, shaped
    `shape`; None when the call is unseeded (the caller then draws from msfunc's fast
    stream).

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> kernel_draw("uniform_real", "rand", None, (3,)).tolist()  # MindSpore's ops.rand(3)
        [0.5429620146751404, 0.8057862520217896, 0.36750099062919617]
    """
    frame = _graph_frame(kind, kernel_name)
    if frame is not None:  # compiled: seeded as the graph compiles, going on call to call
        seeds = graph_op_seeds(op_seed, kernel_name, frame.random_engines, frame.random_nodes)
        if seeds is not None:  # (else unseeded, or the counter is carried by an outer trace)
            return PrimitiveStream(kind, *seeds).draw(shape, *bounds)
    seeds = op_seeds(op_seed, kernel_name)
    if seeds is None:
        return None
    seed, seed2 = seeds
    fn, dtype = _KERNELS[kind]
    shape = tuple(int(s) for s in shape)
    size = int(np.prod(shape, dtype=np.int64))
    host = functools.partial(_host, fn, seed, size, shape, bounds)
    if isinstance(seed2, int):
        return jnp.asarray(host(seed2))
    return jax.pure_callback(host, jax.ShapeDtypeStruct(shape, dtype), seed2)


# functional ops checked against MindSpore 2.10: traced into a graph, each call is a kernel
# seeded when the graph compiles (one step of its op-seed counter) and going on from call to
# call of the graph, as a random primitive's call site is
_GRAPH_SEEDED_OPS = frozenset(
    ("rand", "rand_like", "randn", "normal", "standard_normal", "uniform", "randint")
)


def _graph_frame(kind, kernel_name):
    """The compiling graph frame (its call-site tables made) when this draw of a functional
    op follows MindSpore's graph kernels, else None (eager code, msfunc's own programs,
    nested traces, msfunc.vmap)."""
    if kernel_name not in _GRAPH_SEEDED_OPS or not mindspore_dtype_checks():
        return None
    if nested_trace() or _state.vmap_axes():
        return None
    return _compiling_graph()


def _compiling_graph():
    """The innermost frame compiling a graph, with its random call-site tables made; None
    outside one."""
    frame = _state.innermost_capturing()
    if frame is None or not frame.graph:
        return None
    if frame.random_nodes is None:
        frame.random_nodes, frame.random_inputs = {}, {}
    if frame.random_engines is None:
        frame.random_engines = {}
    return frame


def _host(fn, seed, size, shape, bounds, seed2):
    return fn(seed, int(seed2), size, *bounds).reshape(shape)


def kernel_call(kernel_name, op_seed, host, out, *inputs):
    """``host(seed, seed2, *inputs)`` (numpy arrays in, one array of spec `out` back) for
    this call of op `kernel_name` seeded `op_seed`; None when the call is unseeded. Eager
    calls run it at once; compiled ones through a host callback on every run.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> spec = jax.ShapeDtypeStruct((10,), np.int64)
        >>> kernel_call("shuffle", None, kernel_streams.shuffle_order, spec, 10).tolist()
        [5, 2, 0, 3, 4, 7, 9, 6, 1, 8]
    """
    seeds = op_seeds(op_seed, kernel_name)
    if seeds is None:
        return None
    seed, seed2 = seeds
    arrays = [i for i in inputs if isinstance(i, (jax.Array, np.ndarray))]
    if isinstance(seed2, int) and not any(isinstance(a, jax.core.Tracer) for a in arrays):
        values = host(
            seed, seed2, *(np.asarray(i) if isinstance(i, jax.Array) else i for i in inputs)
        )
        return jnp.asarray(np.asarray(values, out.dtype))
    positions = [k for k, i in enumerate(inputs) if isinstance(i, (jax.Array, np.ndarray))]

    def on_host(seed2, *traced):
        args = list(inputs)
        for k, value in zip(positions, traced, strict=True):
            args[k] = np.asarray(value)
        return np.asarray(host(seed, int(seed2), *args), out.dtype).reshape(out.shape)

    out = jax.ShapeDtypeStruct(out.shape, jax.dtypes.canonicalize_dtype(out.dtype))
    return jax.pure_callback(
        on_host, out, jnp.asarray(seed2, jnp.uint32), *(inputs[k] for k in positions)
    )


_MODULUS = np.uint32(_M)


def _reduce(v):
    """v mod 2**31 - 1 for uint32 v (2**31 is 1 modulo it)."""
    v = (v & _MODULUS) + (v >> 31)
    return jnp.where(v >= _MODULUS, v - _MODULUS, v)


def _mulmod(a, b):
    """a * b mod 2**31 - 1 for a, b below it, in uint32 arithmetic (no 64-bit types needed):
    16-bit halves, with 2**32 = 2 and mid * 2**16 = (mid >> 15) + (mid & 0x7FFF) << 16."""
    a1, a0, b1, b0 = a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF
    high = _reduce(2 * a1 * b1)
    mid = a1 * b0 + a0 * b1
    mid = _reduce((mid >> 15) + ((mid & 0x7FFF) << 16))
    return _reduce(_reduce(high + mid) + _reduce(a0 * b0))


def _device_keep(state, shape, keep_prob):
    """`kernel_streams.dropout_keep` as JAX operations on a (traced) engine state: output k
    is state * 16807**k mod 2**31 - 1, the powers a constant of the shape."""
    size = int(np.prod(shape, dtype=np.int64))
    powers = jnp.asarray(_powers(size).astype(np.uint32))
    out = _mulmod(jnp.asarray(state, jnp.uint32), powers)
    unit = (out - 1).astype(jnp.int32).astype(jnp.float32) / jnp.float32(2147483648.0)
    unit = jnp.minimum(unit, jnp.float32(np.nextafter(np.float32(1), np.float32(0))))
    return (unit < jnp.float32(keep_prob)).reshape(shape), out[-1]


def _start_state(seed, seed2):
    return np.asarray(mixed_seed(seed, int(seed2)) % _M or 1, np.uint32)


def _fresh_keep(seed, size, shape, keep_prob, seed2):
    state = mixed_seed(seed, int(seed2)) % _M or 1
    return kernel_streams.dropout_keep(state, size, keep_prob)[0].reshape(shape)


def dropout_keep(kernel_name, op_seed, shape, keep_prob):
    """The keep mask of this call of functional dropout (a kernel of its own, started afresh
    from the call's seeds); None when unseeded.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> dropout_keep("dropout", None, (4,), 0.5).astype(int).tolist()
        [1, 0, 0, 0]
    """
    seeds = op_seeds(op_seed, kernel_name)
    if seeds is None:
        return None
    seed, seed2 = seeds
    shape = tuple(int(s) for s in shape)
    size = int(np.prod(shape, dtype=np.int64))
    if isinstance(seed2, int):
        return jnp.asarray(_fresh_keep(seed, size, shape, keep_prob, seed2))
    # compiled: the host mixes the call's seeds into a start state, the mask is drawn here
    start = jax.pure_callback(
        functools.partial(_start_state, seed), jax.ShapeDtypeStruct((), np.uint32), seed2
    )
    return _device_keep(start, shape, keep_prob)[0]


class _EngineBox(_state.Box):
    """A Dropout kernel's engine state, carried like a Parameter's value."""

    __slots__ = ("_value", "name", "requires_grad")

    def __init__(self, state):
        self.name, self.requires_grad = "msfunc.dropout_engine", False
        with jax.ensure_compile_time_eval():
            self._value = jnp.asarray(state, jnp.uint32)


# the primitives whose graph kernels are one per call site (checked against MindSpore 2.10:
# UniformReal, StandardNormal, UniformInt, Dropout and the nn.Dropout layer: in a graph each
# call site starts afresh from the seeds, apart from the PyNative kernel); the others keep
# one engine per input shape
_GRAPH_NODE_KINDS = (
    "uniform_real",
    "standard_normal",
    "uniform_int",
    "standard_laplace",
    "dropout",
)


class PrimitiveStream:
    """The engines of one random primitive with attributes ``(seed, seed2)``: one per input
    shape (MindSpore builds a kernel per shape), each going on from call to call. `kind` is
    'uniform_real', 'uniform_int', 'standard_normal', 'standard_laplace', 'dropout',
    'shuffle' (`draw` gives the order of ``shape[0]`` rows), 'multinomial' (`draw` takes
    the probabilities and the sample count), 'random_poisson' (`draw` takes the output shape
    and the rates) or 'random_gamma' (`draw` takes the output shape, the sample shape and
    the alphas), 'bernoulli' (`draw` takes the probabilities; seeded by `seed` alone, 0
    included), 'categorical' (`draw` takes the logits and the sample count; the kernel's
    seed input as `seed2`) or 'choice_with_mask' (`draw` takes the boolean input and the
    count, and gives the coordinates and the mask packed in one array), 'philox_uniform'
    (random_ops.Uniform: floats in [0, 1), `seed` and `seed2` Philox's key and counter) or
    'truncated_normal'
    (float64 values, a kernel per output shape) or 'parameterized' (`draw` takes the means,
    deviations, lower and upper bounds; values as float64). `draw` returns None
    when both seeds are 0 (MindSpore seeds such a kernel at random) or the state cannot be
    carried (nested JAX traces, msfunc.vmap): the caller then draws from msfunc's fast
    stream.

    Example:
        >>> stream = PrimitiveStream("uniform_real", 1, 0)  # ops.UniformReal(seed=1)
        >>> stream.draw((2,)).tolist(), stream.draw((2,)).tolist()
        ([0.5429620146751404, 0.8057862520217896], [0.36750099062919617, 0.7465748190879822])
    """

    _MINSTD = (
        "standard_normal",
        "dropout",
        "standard_laplace",
        "shuffle",
        "multinomial",
        "categorical",
        "choice_with_mask",
        "truncated_normal",
        "parameterized",
    )
    _DTYPES = {
        "uniform_int": np.int32,
        "dropout": np.bool_,
        "shuffle": np.int64,
        "multinomial": np.int64,
        "random_poisson": np.float64,
        "random_gamma": np.float64,
        "bernoulli": np.uint8,
        "categorical": np.int64,
        "choice_with_mask": np.int32,
        "truncated_normal": np.float64,
        "parameterized": np.float64,
    }

    def __init__(self, kind, seed, seed2):
        self.kind = kind
        seeded = seed or seed2 or kind == "bernoulli"
        self._seed64 = mixed_seed(seed, seed2) if seeded else None
        self._seeds = (int(seed), int(seed2))
        self._boxes = {}  # input shape -> its engine's state

    def _batched_multinomial(self, probs, count):
        """Multinomial under msfunc.vmap: MindSpore's vmap rule runs the kernel once on the
        whole batch (its rows in turn), so the host draws for every batched row at once. The
        engine starts afresh and is not carried on: MindSpore's programs make the primitive
        inside the vmapped function, where it starts afresh too."""
        assert self._seed64 is not None  # `draw` returns early for an unseeded primitive
        start, dtype = self._seed64 % _M or 1, jax.dtypes.canonicalize_dtype(np.int64)

        def host(p):
            return np.asarray(kernel_streams.multinomial_from(start, p, count)[0], dtype)

        spec = jax.ShapeDtypeStruct(tuple(probs.shape[:-1]) + (int(count),), dtype)
        return jax.pure_callback(host, spec, probs, vmap_method="expand_dims")

    def _step(self, state, size, args, shape=()):
        """(values, new state) on the host; the state is a minstd state or, for the
        mt19937 kernels, the number of words used."""
        if self.kind == "uniform_real":
            return kernel_streams.uniform_real_from(self._seed64, state, size)
        if self.kind == "uniform_int":
            return kernel_streams.uniform_int_from(self._seed64, state, size, *args)
        if self.kind == "philox_uniform":  # (seed, offset) are Philox's key and counter
            return uniform_floats_from(*self._seeds, state, size)
        if self.kind == "standard_normal":
            return kernel_streams.standard_normal_from(state, size)
        if self.kind == "standard_laplace":
            return kernel_streams.standard_laplace_from(state, size)
        if self.kind == "shuffle":
            return kernel_streams.shuffle_order_from(state, args[0])
        if self.kind == "multinomial":
            return kernel_streams.multinomial_from(state, *args)
        if self.kind == "bernoulli":
            return choice_streams.bernoulli_from(self._seeds[0], state, args[0], size)
        if self.kind == "categorical":
            return choice_streams.categorical_from(state, *args)
        if self.kind == "choice_with_mask":
            return choice_streams.choice_with_mask_from(state, *args)
        if self.kind == "truncated_normal":
            return truncated_stream.truncated_normal_from(state, size)
        if self.kind == "parameterized":
            return truncated_stream.parameterized_from(state, shape, *args)
        if self.kind == "random_gamma":
            return gamma_stream.random_gamma_from(*self._seeds, state, *args)
        if self.kind == "random_poisson":
            return kernel_streams.random_poisson_from(
                kernel_streams.poisson_engine_seed(self._seed64), state, args[0], size
            )
        return kernel_streams.dropout_keep(state, size, *args)

    def _out_shape(self, shape, args):
        if self.kind == "shuffle":
            return (args[0],)
        if self.kind in ("multinomial", "categorical"):
            return tuple(args[0].shape[:-1]) + (int(args[1]),)
        if self.kind == "choice_with_mask":
            return (int(args[1]), args[0].ndim + 1)
        return shape

    def draw(self, shape, *args):
        if self._seed64 is None:
            return None
        if _state.vmap_axes() and self.kind == "multinomial":
            return self._batched_multinomial(*args)
        if nested_trace() or _state.vmap_axes():
            return None
        shape = tuple(int(s) for s in shape)
        size = int(np.prod(shape, dtype=np.int64))
        out_shape = self._out_shape(shape, args)
        key = (shape, out_shape)  # (a kernel per input and output shape)
        node = self._graph_node(key, args)
        if node is not None:
            frame, node_key = node
            if node_key in frame.random_nodes:  # the same draw twice in one graph: drawn once
                return frame.random_nodes[node_key]
            engines = frame.random_engines  # each call site of a graph has its own kernel
            box = engines[node_key] = engines.get(node_key) or self._new_box()
        else:
            if key not in self._boxes:
                self._boxes[key] = self._new_box()
            box = self._boxes[key]
        values = self._draw_with(box, shape, size, out_shape, args)
        if node is not None:
            frame.random_nodes[node_key] = values
        return values

    def _new_box(self):
        assert self._seed64 is not None  # (`draw` returns early for an unseeded primitive)
        minstd = self.kind in self._MINSTD
        box = _EngineBox(self._seed64 % _M or 1 if minstd else 0)
        # (made inside a compiled trace: carried out as created state, not retraced for)
        _state.note_created(box, concrete=True)
        return box

    def _graph_node(self, key, args):
        """In a compiled graph, MindSpore builds one kernel per call site of a random
        primitive, seeded afresh when the graph compiles and going on from call to call of
        that graph (not shared with PyNative calls nor other graphs), and its compiler merges
        call sites of equal attributes and inputs: a primitive drawing one shape twice in one
        graph gives the same values twice. Returns (the compiling frame, this call site's key),
        or None outside a graph, for the primitives this does not hold for, and outside
        MindSpore programs (msfunc's own jit draws the eager numbers)."""
        if self.kind not in _GRAPH_NODE_KINDS or not mindspore_dtype_checks():
            return None
        frame = _compiling_graph()
        if frame is None:
            return None
        # an array input by its order of first use in this trace: the same object is the
        # same input (merged), and a trace of the same graph again finds the same kernels
        seen = frame.random_inputs
        inputs = tuple(
            seen.setdefault(id(a), (len(seen), a))[0] if isinstance(a, jax.Array) else a
            for a in args
        )
        return frame, (self.kind, self._seeds, key, inputs)

    def _draw_with(self, box, shape, size, out_shape, args):
        state = read(box)
        traced = [a for a in args if isinstance(a, jax.core.Tracer)]
        if not isinstance(state, jax.core.Tracer) and not traced:
            values, new = self._step(
                int(state),
                size,
                [np.asarray(a) if isinstance(a, jax.Array) else a for a in args],
                shape,
            )
            write(box, jnp.asarray(new, jnp.uint32))
            return jnp.asarray(np.asarray(values).reshape(out_shape))
        if self.kind == "dropout":  # compiled: drawn on the device, no host round trip
            values, new = _device_keep(state, shape, *args)
        else:
            dtype = self._DTYPES.get(self.kind, np.float32)
            positions = [k for k, a in enumerate(args) if isinstance(a, jax.Array)]

            def host(state, *arrays):
                host_args = list(args)
                for k, value in zip(positions, arrays, strict=True):
                    host_args[k] = np.asarray(value)
                values, new = self._step(int(state), size, host_args, shape)
                return (np.asarray(values, dtype).reshape(out_shape), np.asarray(new, np.uint32))

            spec = jax.ShapeDtypeStruct(out_shape, jax.dtypes.canonicalize_dtype(dtype))
            values, new = jax.pure_callback(
                host,
                (spec, jax.ShapeDtypeStruct((), np.uint32)),
                state,
                *(args[k] for k in positions),
            )
        write(box, new)
        return values


def dropout_stream(kernel_name="dropout"):
    """The engines of a Dropout layer: seeded when the layer is built, taking that call's op
    seeds as MindSpore does (a stream that draws nothing when the program is unseeded).

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> stream = dropout_stream()
        >>> [stream.draw((4,), 0.5).astype(int).tolist() for _ in range(2)]
        [[1, 0, 0, 0], [0, 1, 0, 1]]
    """
    seeds = op_seeds(0, kernel_name)
    if seeds is None or not isinstance(seeds[1], int):  # (a layer built inside a trace)
        seeds = (0, 0)
    return PrimitiveStream("dropout", *seeds)
