"""Small helpers shared by the transforms: argument normalisation and Parameter stripping."""

import jax
import jax.numpy as jnp
import numpy as np

from .. import context
from .._state import commit, graph_semantics, read, run_collecting, run_isolating
from .._state import strip_boxes as strip_parameters
from ..common.mutable_marks import is_mutable_number
from ..common.parameter import Parameter
from ..common.tensor import unwrap, wrap

__all__ = [
    "strip_parameters",
    "as_input_array",
    "zero_float0",
    "is_differentiable",
    "normalize_positions",
    "normalize_weights",
    "check_positions",
    "late_position_check",
    "WriteCollector",
    "is_python_number",
    "check_differentiable_output",
    "differentiable_output",
    "input_kind",
    "as_tuple",
    "check_no_python_ints",
    "output_and_aux",
]


def as_input_array(x, who, position):
    """An argument at a differentiated position as an array (Python floats become float32).

    Tracers (the argument of a function under `vmap`, `jit` or another grad) are
    arrays already and pass through unchanged.
    """
    if isinstance(x, Parameter):
        return read(x)
    if isinstance(x, (jax.Array, jax.core.Tracer)):
        return x
    if isinstance(x, bool):
        return jnp.asarray(x)
    if isinstance(x, float):
        return jnp.asarray(x, jnp.float32)
    if isinstance(x, int):
        return jnp.asarray(x)
    if isinstance(x, (np.ndarray, np.generic)) or hasattr(x, "__jax_array__"):
        return jnp.asarray(x)
    if isinstance(x, (tuple, list)):
        return type(x)(as_input_array(v, who, position) for v in x)
    if isinstance(x, dict):
        return type(x)((k, as_input_array(v, who, position)) for k, v in x.items())
    raise TypeError(
        f"{who}: the input at position {position} must be a Tensor or number to be "
        f"differentiated, got {type(x).__name__}"
    )


def is_python_number(x):
    """A Python bool, int or float (MindSpore treats these as constants under grad)."""
    return isinstance(x, (bool, int, float))


_ARRAY_TYPES = (jax.Array, jax.core.Tracer, np.ndarray, np.generic)


def input_kind(x):
    """How `grad` treats an argument at a grad position.

    ``"array"`` (a Tensor, Parameter, JAX or numpy array: differentiated), ``"number"`` (a
    Python bool/int/float), ``"container"`` (a tuple, list or dict) or ``"constant"``
    (anything else: None, a string, an object, and in GRAPH_MODE a Tensor made with
    ``const_arg=True``; never differentiated, as in MindSpore).
    """
    if is_mutable_number(x) and context.get_context("mode") != context.GRAPH_MODE:
        return "number"  # PyNative grad leaves a `mutable` number out, as MindSpore's does
    if isinstance(x, _ARRAY_TYPES) or hasattr(x, "__jax_array__"):
        # (the flag lives in a Tensor's __dict__: a dict lookup, where getattr on a JAX array
        # would raise and catch AttributeError on every differentiated argument)
        flags = getattr(type(x), "__dictoffset__", 0) and x.__dict__
        if flags and flags.get("_const_arg") and context.get_context("mode") == context.GRAPH_MODE:
            return "constant"  # Tensor(const_arg=True): a compile-time constant there
        return "array"
    if (
        getattr(type(x), "_msfunc_mutable", False)
        and context.get_context("mode") == context.GRAPH_MODE
    ):
        # a sequence given to `mutable` is a variable input that MindSpore's GRAPH_MODE
        # differentiates (PyNative treats it as any tuple: a constant)
        return "array"
    if isinstance(x, (bool, int, float)):
        return "number"
    if isinstance(x, (tuple, list, dict)):
        return "container"
    return "constant"


def _is_output_leaf(leaf):
    return isinstance(leaf, _ARRAY_TYPES + (bool, int, float, complex))


def differentiable_output(out, who):
    """`out` with its non-Tensor leaves (strings, objects) left out, as MindSpore's grad
    ignores them; a TypeError when no Tensor or number remains to differentiate.
    """
    leaves = jax.tree.leaves(out)
    if out is None or not leaves:
        check_differentiable_output(out, who)
    if all(map(_is_output_leaf, leaves)):
        return out
    kept = jax.tree.map(lambda leaf: leaf if _is_output_leaf(leaf) else None, out)
    if not jax.tree.leaves(kept):
        check_differentiable_output(out, who)  # raises, naming the first non-Tensor leaf
    return kept


def check_differentiable_output(out, who):
    """Raise a TypeError unless `out` holds at least one array to differentiate."""
    leaves = jax.tree.leaves(out)
    if out is None or not leaves:
        raise TypeError(
            f"{who}: the function must return a Tensor or a tuple of Tensors to be "
            f"differentiated (with has_aux=True: a tuple whose first item is a "
            f"Tensor), got {'None' if out is None else repr(out)}"
        )
    for leaf in leaves:
        if not _is_output_leaf(leaf):
            raise TypeError(
                f"{who}: the function must return Tensors to be differentiated, "
                f"got an output of type {type(leaf).__name__}"
            )


def as_tuple(x):
    """`x` as a tuple: a tuple or list as its items, anything else as the one item."""
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def check_no_python_ints(values, who, name):
    """A Python int or bool cannot carry a derivative: TypeError, as MindSpore raises."""
    for i, x in enumerate(as_tuple(values)):
        if isinstance(x, (bool, int)):
            raise TypeError(
                f"{who}: `{name}` item {i} must be a Tensor (or a tuple of Tensors), "
                f"got the Python {type(x).__name__} {x!r}"
            )


def _split_aux(out, who):
    if not isinstance(out, tuple) or len(out) < 2:
        raise ValueError(
            f"{who}: with has_aux=True the function must return a tuple (output, aux, ...)"
        )
    return out[0], out[1:] if len(out) > 2 else out[1]


def output_and_aux(out, writes, has_aux, who):
    """(differentiated output, (aux, writes)) of a traced call, the output checked."""
    if has_aux:
        main, aux = _split_aux(out, who)
        check_differentiable_output(main, who)
        return main, (aux, writes)
    check_differentiable_output(out, who)
    return out, ((), writes)


def zero_float0(grad, primal):
    """Integer leaves get zero gradients of their own dtype (JAX gives float0)."""
    return jax.tree.map(
        lambda g, x: (
            jnp.zeros(jnp.shape(x), jnp.result_type(x))
            if getattr(g, "dtype", None) == jax.dtypes.float0
            else g
        ),
        grad,
        primal,
    )


def is_differentiable(x):
    return all(jnp.issubdtype(jnp.result_type(leaf), jnp.inexact) for leaf in jax.tree.leaves(x))


def normalize_positions(grad_position, who, allow_empty=False):
    """(positions tuple or None, single?) from an int, a tuple/list of ints, or None; with
    `allow_empty`, ``()`` is kept (`grad` refuses it when called, as MindSpore does)."""
    if grad_position is None:
        return None, False
    if allow_empty and grad_position == () and isinstance(grad_position, tuple):
        return (), False
    if isinstance(grad_position, bool):
        raise TypeError(
            f"{who}: `grad_position` must be an int, a tuple of ints or None, got a bool"
        )
    if isinstance(grad_position, int):
        positions, single = (grad_position,), True
    elif isinstance(grad_position, (tuple, list)) and grad_position:
        # As in MindSpore, a one-element tuple gives a bare gradient too.
        positions, single = tuple(grad_position), len(grad_position) == 1
    else:
        raise TypeError(
            f"{who}: `grad_position` must be an int, a non-empty tuple of ints or "
            f"None, got {grad_position!r}"
        )
    for p in positions:
        if isinstance(p, bool) or not isinstance(p, int) or p < 0:
            raise ValueError(
                f"{who}: `grad_position` entries must be non-negative ints, got {grad_position!r}"
            )
    if len(set(positions)) != len(positions):
        raise ValueError(f"{who}: `grad_position` has duplicate positions: {grad_position!r}")
    return positions, single


def normalize_weights(weights, who):
    """(tuple of Parameters or None, single?) from a Parameter, a list/tuple, or None."""
    if weights is None:
        return None, False
    if isinstance(weights, Parameter):
        return (weights,), True
    if hasattr(weights, "trainable_params") and callable(weights.trainable_params):
        weights = weights.trainable_params()
    if isinstance(weights, (list, tuple)):
        for i, w in enumerate(weights):
            if not isinstance(w, Parameter):
                raise TypeError(
                    f"{who}: `weights` item {i} must be a Parameter, got {type(w).__name__}"
                )
        return tuple(weights), False
    raise TypeError(
        f"{who}: `weights` must be a Parameter, a list/tuple/ParameterTuple of "
        f"Parameters, or None, got {type(weights).__name__}"
    )


def check_positions(positions, nargs, who, error=None):
    """A position past the call's inputs raises `error`; by default IndexError in graph mode
    and RuntimeError in PyNative, the two types `grad` raises in MindSpore's two modes
    (its `jacfwd` and `jacrev` raise ValueError).

    Example:
        >>> check_positions((0, 2), 2, "grad")
        Traceback (most recent call last):
        RuntimeError: grad: `grad_position` 2 is out of range for a call with 2 positional inputs
    """
    for p in positions:
        if p >= nargs:
            if error is None:
                error = IndexError if context.is_graph_mode() or graph_semantics() else RuntimeError
            raise error(
                f"{who}: `grad_position` {p} is out of range for a call with "
                f"{nargs} positional inputs"
            )


def late_position_check(positions, nargs):
    """Whether `check_positions` waits until the passes ran: PyNative's ``grad`` runs the
    forward and backward passes before it refuses a position past the call's inputs (graph
    mode refuses while compiling, before anything runs).

    Example:
        >>> late_position_check((0,), 1)
        False
    """
    if all(p < nargs for p in positions):
        return False
    return not (context.is_graph_mode() or graph_semantics())


class WriteCollector:
    """Runs a function in a fresh frame inside a JAX trace and keeps what it wrote.

    The written values leave the trace as extra outputs; `commit` writes them to
    the enclosing frame once the JAX transform has returned. Run the JAX
    transform itself through `transform`, which re-runs it with an isolating
    frame when a nested cached trace reads the frame's values (see msfunc._state).
    """

    def __init__(self, who):
        self.who = who
        self.params = []
        self.isolate = False

    def run(self, fn, args, lifted=None):
        # The function sees Tensors, as in MindSpore (the transform traces their arrays).
        out, pairs = run_collecting(
            fn, wrap(tuple(args)), lifted, owner=self.who, isolate=self.isolate
        )
        out = unwrap(out, pytrees=True)  # JAX sees arrays; the transform wraps its results
        self.params = [p for p, _ in pairs]
        return out, [v for _, v in pairs]

    def transform(self, call):
        """``call()`` (a JAX transform whose function uses `run`), isolated if needed."""

        def attempt(isolate):
            self.isolate = isolate
            return call()

        return run_isolating(attempt)

    def commit(self, values):
        commit(zip(self.params, values))
