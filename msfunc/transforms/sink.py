"""`data_sink`: run `sink_size` steps of a function over a dataset in one compiled loop.

MindSpore's data sinking sends a chunk of the dataset to the device and loops
over it there, instead of returning to Python after every step. msfunc does
the same with JAX: each call takes the next `sink_size` batches from the
dataset, stacks them into one array per column (one host-to-device transfer),
and runs the steps inside a single `jax.jit` + `lax.scan`.

An in-memory msfunc dataset (`NumpySlicesDataset`, `GeneratorDataset` over a list, through
shuffles and one final batch) is staged on the device once, as MindSpore's device queue
does: each call takes only the row numbers of its batches, in the dataset's own order
(`sink_staging`), and the loop gathers them there.

Parameters the step reads or writes (a network and its optimizer reached
through closures, the global random key) are the scan's carry: they are
discovered while tracing, exactly as in `msfunc.jit`, so training steps that
update Parameters in place work unchanged and see each other's updates.

Python control flow on tensors in the step compiles as under `msfunc.jit` (the step's
source is converted); a step that still cannot compile runs eagerly, batch by batch,
after `msfunc.jit`'s one-time warning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .._jax_private import jax_is_eager
from .._state import Box, Frame, advance_rng, innermost_capturing, read, strip_boxes, write
from ..common.parameter import Parameter
from ..common.tensor import unwrap, wrap
from .jit_compile import _MAX_RETRACES, Jitted
from .sink_source import BatchSource, stack_batches

__all__ = ["data_sink"]


def data_sink(
    fn: Callable[..., Any],
    dataset: Any,
    sink_size: int = 1,
    jit_config: Any = None,
    input_signature: Any = None,
) -> Callable[[], Any]:
    """The function running `fn` over the next `sink_size` dataset batches in one program.

    The steps run in one compiled ``lax.scan``, every Parameter `fn` touches carried
    through it; an in-memory msfunc dataset is placed on the device once.

    Args:
        fn (Callable[..., Any]): The step function: called with the columns of one batch as
            positional arguments; it may read and write Parameters.
        dataset (Any): Where batches come from: an object with ``create_tuple_iterator()``
            (MindSpore-style datasets), or any iterable of batches (a list, a generator, a
            grain or torch loader). A batch is a tuple or list of arrays (the columns), a
            dict (its values in order) or one array. A re-iterable dataset starts again
            when exhausted (epochs run on); a one-shot iterator raises StopIteration.
        sink_size (int): How many steps one call runs, at least 1. Default: ``1``.
        jit_config (Any): Given, the steps follow graph mode's semantics (as MindSpore
            compiles them then); ``None`` keeps PyNative's. Default: ``None``.
        input_signature (Any): Accepted for MindSpore's programs; no effect.
            Default: ``None``.

    Returns:
        Callable[[], Any], a function of no arguments returning `fn`'s output for the last
        batch of the sink.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor(0.0), name="w")
        >>> def step(x):
        ...     w.set_data(w + x.sum())
        ...     return w * 1.0
        >>> batches = [(ms.Tensor([1.0, 2.0]),), (ms.Tensor([3.0, 4.0]),)]
        >>> sink = ms.data_sink(step, batches, sink_size=2)
        >>> print(sink(), w.value())
        10.0 10.0
    """
    if not callable(fn):
        raise TypeError(f"data_sink: `fn` must be callable, got {type(fn).__name__}")
    if isinstance(sink_size, bool) or not isinstance(sink_size, (int, np.integer)):
        raise TypeError(f"data_sink: `sink_size` must be a positive int, got {sink_size!r}")
    if sink_size < 1:
        raise ValueError(f"data_sink: `sink_size` must be a positive int, got {sink_size}")
    batches = BatchSource(dataset)
    # (MindSpore runs the steps with PyNative semantics unless a jit_config asks for a graph)
    return _Sink(fn, batches, int(sink_size), graph=jit_config is not None)


class _Sink:
    """The function `data_sink` returns."""

    def __init__(self, fn, batches, sink_size, graph=False):
        self._fn = fn
        self._graph = graph
        self._batches = batches
        self._sink_size = sink_size
        name = getattr(fn, "__qualname__", None) or type(fn).__name__
        self._name = f"data_sink({name})"
        self._carry = []  # the Parameters the scan carries, discovered while tracing
        self._resident = None  # whether the dataset's batches all sit on the device
        self._staged = None  # an in-memory msfunc dataset staged on the device (sink_staging)
        self._position = _Position()  # the next batch of a resident dataset (on the device)
        self._ahead = None  # the next staged call's row numbers (or what taking them raised)
        self._gathered = None  # the last staged call's row numbers and the batches they hold
        self._jitted = Jitted(_Loop(self, fn), self._name)

    def __call__(self):
        if innermost_capturing() is not None or not jax_is_eager():
            raise ValueError(
                f"{self._name}: a data_sink function takes its next batches from the dataset "
                "in Python on every call, so it cannot run inside msfunc.jit or a JAX "
                "transformation (a compiled call runs no Python and would replay the batches "
                "of its trace). Call it from Python: it compiles its own loop."
            )
        if self._resident is None:  # decided once: the compiled loop depends on it
            self._resident = self._batches.resident_columns() is not None
            if not self._resident:
                self._staged = self._batches.staged()
        if self._resident:  # every batch is on the device: the loop picks this sink's rows
            return self._jitted(*self._batches.resident_columns())
        if self._staged is not None:  # the data is on the device: which rows, in order
            # (a jitted gather takes the numpy row numbers cheaply; the loop then runs on
            # its device arrays through msfunc.jit's fast path. The same rows as the last
            # call's, as each epoch of an unshuffled dataset gives, are gathered already.)
            rows, batches = self._rows()
            if batches is None:
                batches = _gathered(self._staged, rows, self._gathered)
            self._gathered = rows, batches
            out = self._jitted(*batches)
            # The next call's row numbers are taken, and their rows gathered, while the
            # device runs this one: on the next call only its loop is dispatched. (Taken on
            # a thread instead, Python beside the dispatch makes both wait on the GIL.)
            self._ahead = _taken_ahead(self._staged, self._sink_size, self._gathered)
            return out
        # This chunk was stacked and sent to the device while the previous call ran.
        return self._jitted(*self._batches.next_chunk(self._sink_size, stack_batches))

    def _rows(self):
        """This staged call's row numbers and their gathered batches: taken ahead by the last
        call, else the rows taken now (batches None). Where taking them ahead raised, this
        call raises it: the dataset is then where taking them now would have left it."""
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return self._staged.take(self._sink_size), None
        if isinstance(ahead, Exception):
            raise ahead
        return ahead

    def _loop(self, fn, *columns):
        columns = tuple(unwrap(c) for c in columns)  # jit hands them over as Tensors
        if self._resident:  # every batch is resident: take sink_size of them from the position
            start = read(self._position)
            total = columns[0].shape[0]
            write(self._position, (start + self._sink_size) % total)
            if total % self._sink_size == 0:  # sinks never wrap: one contiguous slice each
                columns = tuple(
                    lax.dynamic_slice_in_dim(c, start, self._sink_size) for c in columns
                )
            else:
                rows = (start + jnp.arange(self._sink_size)) % total
                columns = tuple(jnp.take(c, rows, axis=0) for c in columns)
        if innermost_capturing() is None and jax_is_eager():
            # The eager fallback (a step that cannot be compiled): the steps one by one.
            out = None
            for i in range(self._sink_size):
                out = strip_boxes(fn(*wrap(tuple(c[i] for c in columns))))
            return out
        # The scan carries every Parameter the step touches (self._carry, discovered
        # here: a step that touches a new one is traced again with it carried). The
        # initial values are read through the enclosing compiled frame, which lifts
        # them in turn: the sink's own jit, or a user's msfunc.jit it is called in.
        for _ in range(_MAX_RETRACES):
            try:
                return self._scan(fn, list(self._carry), columns)
            except _CarryMissed as missed:
                known = {id(p) for p in self._carry}
                self._carry += [p for p in missed.params if id(p) not in known]
        raise RuntimeError(
            f"{self._name}: the set of Parameters the step touches kept "
            f"changing after {_MAX_RETRACES} traces"
        )

    def _scan(self, fn, params, columns):
        init = tuple(read(p) for p in params)
        written = set()

        def step(carry, batch):
            lifted = {id(p): v for p, v in zip(params, carry)}
            with Frame(lifted, capturing=True, owner=self._name, graph=self._graph) as inner:
                out = strip_boxes(fn(*wrap(batch)))  # (the step gets Tensors)
                advance_rng(inner)
            if inner.missed:
                raise _CarryMissed(list(inner.missed.values()))
            written.update(inner.writes)
            new = tuple(_carried(p, v, inner.writes) for p, v in zip(params, carry))
            return new, out

        final, outs = lax.scan(step, init, columns)
        for p, new in zip(params, final):
            if id(p) in written:
                write(p, new)
        return jax.tree.map(lambda o: o[-1], outs)

    @property
    def lifted_parameters(self):
        """The Parameters the step reads or writes, as discovered so far."""
        return self._jitted.lifted_parameters

    def __repr__(self):
        return f"<msfunc.{self._name} sink_size={self._sink_size}>"


@jax.jit
def _gather(columns, rows):
    """The rows of this sink's batches, from the staged columns (one small program)."""
    return tuple(jnp.take(c, rows, axis=0) for c in columns)


def _gathered(staged, rows, last):
    """The batches of `rows`: the `last` call's (rows, batches) when its rows are the same."""
    if last is not None and np.array_equal(rows, last[0]):
        return last[1]
    return _gather(staged.columns, rows)


def _taken_ahead(staged, count, last):
    """The next call's (row numbers, gathered batches) of a staged dataset, or the exception
    taking them raised (raised by the call that needs them)."""
    try:
        rows = staged.take(count)
        return rows, _gathered(staged, rows, last)
    except Exception as exc:  # noqa: BLE001  (any error of the pipeline: raised in turn)
        return exc


class _Loop:
    """What a sink's `Jitted` compiles: the loop over the sink's batches, running `fn`."""

    __slots__ = ("sink", "step")  # (no __dict__: Jitted copies a function's into itself)

    def __init__(self, sink, step):
        self.sink, self.step = sink, step

    @property
    def __name__(self):
        return self.sink._name

    def __call__(self, *columns):
        return self.sink._loop(self.step, *columns)

    @property
    def _fn(self):
        """The user function the loop runs (where `global_tensors` looks, as in a `Jitted`)."""
        return self.step

    def _msfunc_convert(self):
        """The loop over the source-converted step (tensor control flow in the step)."""
        from . import autograph

        converted = autograph.convert(self.step)
        return None if converted is None else _Loop(self.sink, converted)


class _Position(Box):
    """Which batch of a resident dataset the next sink starts at: state the loop carries."""

    __slots__ = ("_value", "name", "requires_grad")

    def __init__(self):
        self._value, self.name, self.requires_grad = jnp.zeros((), jnp.int32), "sink", False


class _CarryMissed(Exception):
    """Raised out of a sunk step that touched Parameters the scan does not carry."""

    def __init__(self, params):
        super().__init__(f"{len(params)} Parameters to carry")
        self.params = params


def _carried(param: Parameter, value, writes):
    hit = writes.get(id(param))
    if hit is None:
        return value
    new = jnp.asarray(hit[1])
    if new.shape != jnp.shape(value):
        raise ValueError(
            f"data_sink: Parameter '{param.name}' changed shape from "
            f"{jnp.shape(value)} to {new.shape} inside the sunk step; a "
            "Parameter's shape must stay fixed across steps"
        )
    return new.astype(jnp.result_type(value))
