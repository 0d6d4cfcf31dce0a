"""Traced paths of staged control flow (a branch, a loop body) and how their values are joined."""

from __future__ import annotations

import re
import sys

import jax
import jax.numpy as jnp
import numpy as np

from .._state import Box, Frame, advance_rng, read

__all__ = [
    "ARR",
    "ControlFlowError",
    "HOLE",
    "MAX_PROBES",
    "PY",
    "STATIC",
    "TracedPath",
    "arranged",
    "as_predicate",
    "as_tensor_spec",
    "aval_of",
    "flatten_state",
    "is_traced",
    "join_arrays",
    "join_var",
    "leaf_value",
    "param_value",
    "raw_array",
    "rebuild",
    "same_static",
    "variable_names",
]

HOLE, PY, ARR, STATIC = "hole", "py", "array", "static"
_SCALARS = (bool, int, float, complex)
MAX_PROBES = 5
# The flags the source converter adds for early return, break and continue.
_CONVERTER_FLAG = re.compile(r"(do_return|break_|continue_)(_\d+)?$")


class ControlFlowError(ValueError):
    """Python control flow on tensor values that cannot be compiled (msfunc.jit then runs the
    function eagerly, or raises under ``strict=True``).

    Example:
        >>> from msfunc.transforms.control_flow import ControlFlowError
        >>> issubclass(ControlFlowError, ValueError)
        True
    """


def raw_array(x):
    """The jax value behind an array-like (a Tensor wrapper, a numpy array, a tracer)."""
    return x if isinstance(x, (jax.Array, jax.core.Tracer)) else jnp.asarray(x)


def is_traced(x):
    """Whether `x` is (or wraps) a traced value, i.e. cannot steer Python control flow.

    Example:
        >>> import jax.numpy as jnp
        >>> is_traced(jnp.ones(2)), is_traced(True)
        (False, False)
    """
    if isinstance(x, jax.core.Tracer):
        return True
    if isinstance(x, Box):
        return isinstance(read(x), jax.core.Tracer)
    if type(x) in _SCALARS or isinstance(x, (np.ndarray, np.generic, jax.Array)):
        return False
    if hasattr(type(x), "__jax_array__"):
        return isinstance(x.__jax_array__(), jax.core.Tracer)
    return False


def _is_hole(x):
    """`x` is the converter's placeholder for a variable not (yet) defined on a path.

    Only code the converter (malt) rewrote makes one, so malt is imported by then; msfunc
    does not import it before it converts a function.
    """
    variables = sys.modules.get("malt.operators.variables")
    return variables is not None and isinstance(
        x, (variables.Undefined, variables.UndefinedReturnValue)
    )


def _kind(x):
    if _is_hole(x):
        return HOLE
    if isinstance(x, Box) or getattr(type(x), "_msfunc_by_reference", False):
        return STATIC  # Parameters and Cells are used by identity
    if type(x) in _SCALARS:
        return PY
    if isinstance(x, (jax.Array, jax.core.Tracer, np.ndarray, np.generic)) or hasattr(
        type(x), "__jax_array__"
    ):
        return ARR
    return STATIC


def _is_leaf(x):
    return _kind(x) != STATIC or not _is_container(x)


def _is_container(x):
    return isinstance(x, (tuple, list, dict)) or x is None


def _wrapper_of(x):
    """The Tensor class to rebuild `x` with after staging, or None for raw arrays."""
    if isinstance(x, (jax.Array, jax.core.Tracer, np.ndarray, np.generic)):
        return None
    return type(x)


def _rewrap(wrapper, value):
    if wrapper is None:
        return value
    try:
        return wrapper(value)
    except Exception:  # a wrapper type without a one-array constructor: keep the array
        return value


class _Spec:
    """One leaf of the state: its kind and, for arrays, shape/dtype/weak type."""

    __slots__ = ("kind", "value", "shape", "dtype", "weak", "wrapper")

    def __init__(self, kind, value=None, shape=None, dtype=None, weak=False, wrapper=None):
        self.kind, self.value = kind, value
        self.shape, self.dtype, self.weak, self.wrapper = shape, dtype, weak, wrapper

    @classmethod
    def of(cls, x):
        kind = _kind(x)
        if kind == ARR:
            raw = raw_array(x)
            aval = jax.typeof(raw)
            return cls(ARR, None, aval.shape, aval.dtype, aval.weak_type, _wrapper_of(x))
        return cls(kind, x)

    def same_array(self, other):
        return (self.shape, self.dtype, self.weak) == (other.shape, other.dtype, other.weak)


def flatten_state(values):
    """(treedefs, leaves, specs) of a tuple of variable values, one entry per variable."""
    treedefs, leaves, specs = [], [], []
    for v in values:
        ls, td = jax.tree.flatten(v, is_leaf=_is_leaf)
        treedefs.append(td)
        leaves.append(ls)
        specs.append([_Spec.of(x) for x in ls])
    return treedefs, leaves, specs


def _proxy(spec):
    """A stand-in for dtype promotion: a Python scalar for weak types, else the dtype."""
    if spec.kind == PY:
        return spec.value
    if spec.weak:
        return {"b": False, "i": 0, "u": 0, "f": 0.0, "c": 0j}.get(spec.dtype.kind, spec.dtype)
    return spec.dtype


def join_arrays(a, b, name):
    """The array spec that both `a` and `b` (arrays or Python numbers) convert to."""
    shape_a = () if a.kind == PY else a.shape
    shape_b = () if b.kind == PY else b.shape
    if a.kind == ARR and b.kind == ARR and shape_a != shape_b:
        raise ControlFlowError(
            f"variable '{name}' has shape {shape_a} on one path and {shape_b} on the other; "
            "a compiled if/loop needs the same shape on every path"
        )
    shape = shape_a if a.kind == ARR else shape_b
    if a.kind == ARR and b.kind == ARR and not a.weak and not b.weak and a.dtype != b.dtype:
        # As MindSpore's compiler: two tensors of different dtypes do not join (silently
        # promoting would give a dtype that neither path has when run eagerly).
        name = "the value returned" if name == "retval_" else f"variable '{name}'"
        raise TypeError(
            f"{name} is a {a.dtype} tensor on one path and a {b.dtype} tensor on "
            "the other; a compiled if/loop needs one dtype on every path (cast one of them)"
        )
    dtype = jnp.result_type(_proxy(a), _proxy(b))
    weak = (a.kind == PY or a.weak) and (b.kind == PY or b.weak)
    wrapper = (a.wrapper if a.kind == ARR else None) or (b.wrapper if b.kind == ARR else None)
    return _Spec(ARR, None, shape, np.dtype(dtype), weak, wrapper)


def same_static(a, b):
    if a is b:
        return True
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def _number_like(a, b):
    """`a` is a weak array that an earlier join made of Python numbers of `b`'s type."""
    kinds = {bool: "b", int: "i", float: "f", complex: "c"}
    return a.kind == ARR and a.weak and b.kind == PY and a.dtype.kind == kinds[type(b.value)]


def as_tensor_spec(spec, other):
    """`spec` as an array spec of its Parameter's value where `other` is an array: a variable
    holding a Parameter on one path and a tensor on another (``i = self.w`` before a loop,
    ``i = i + 1`` in it) is a tensor, as MindSpore's graph compiler makes it.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> seen = _Spec.of(ms.Tensor([0.0, 0.0]))
        >>> as_tensor_spec(_Spec.of(w), seen).kind, as_tensor_spec(_Spec.of(w), _Spec.of(w)).kind
        ('array', 'static')
    """
    if spec.kind == STATIC and isinstance(spec.value, Box) and other.kind in (ARR, PY):
        return _Spec.of(param_value(spec.value))
    return spec


def _join_leaf(a, b, name):
    """The joined spec of one leaf seen on two paths."""
    if a.kind == HOLE:
        return b
    if b.kind == HOLE:
        return a
    a, b = as_tensor_spec(a, b), as_tensor_spec(b, a)
    if a.kind == PY and b.kind == PY and type(a.value) is type(b.value) and a.value == b.value:
        return a  # the same Python number on both paths stays a Python number
    mixed = {a.kind, b.kind} == {PY, ARR} and not _number_like(a, b) and not _number_like(b, a)
    if mixed or (a.kind == PY == b.kind and type(a.value) is not type(b.value)):
        if not _CONVERTER_FLAG.match(name):  # (its own flags: Python bools made tensors)
            _unjoinable(name, _what(a), _what(b))
    if a.kind in (PY, ARR) and b.kind in (PY, ARR):
        return join_arrays(a, b, name)
    if a.kind == STATIC and b.kind == STATIC and same_static(a.value, b.value):
        return a
    what = {PY: "a Python number", ARR: "a tensor"}
    raise ControlFlowError(
        f"variable '{name}' is {what.get(a.kind, repr(a.value))} on one path and "
        f"{what.get(b.kind, repr(b.value))} on the other; a compiled if/loop can only "
        "merge tensors and numbers (other values must be the same on every path)"
    )


def _what(spec):
    """How an error names one leaf's kind: 'a tensor', 'a Python int' ..."""
    if spec.kind == ARR:
        return "a tensor"
    return f"a Python {type(spec.value).__name__}"


def _unjoinable(name, a, b):
    # As MindSpore's graph compiler: a tensor and a Python number (or numbers of two
    # types, or a tensor and a tuple) do not join into one value; eager code would
    # give a different type on each path, so no compiled join can match it.
    name = "the value returned" if name == "retval_" else f"variable '{name}'"
    raise TypeError(
        f"{name} is {a} on one path and {b} on the other; a compiled if cannot join "
        "them into one value (make both paths give the same kind of value)"
    )


def _single(td, specs):
    """`what` of a variable that is one tensor or number, else None."""
    if td.num_leaves == 1 and td.num_nodes == 1 and specs[0].kind in (PY, ARR):
        return _what(specs[0])
    return None


def join_var(tds, specs, name):
    """(treedef, leaf specs) of one variable joined over paths (hole-only paths skipped)."""
    known = [(td, sp) for td, sp in zip(tds, specs) if not (len(sp) == 1 and sp[0].kind == HOLE)]
    if not known:
        return tds[0], specs[0]
    td, joined = known[0][0], list(known[0][1])
    for other_td, other in known[1:]:
        if other_td != td:
            one, two = _single(td, joined), _single(other_td, other)
            if (one is None) != (two is None) and None not in (
                jax.tree.unflatten(td, [0] * td.num_leaves),
                jax.tree.unflatten(other_td, [0] * other_td.num_leaves),
            ):
                _unjoinable(name, one or "a sequence", two or "a sequence")
            raise ControlFlowError(
                f"variable '{name}' has a different structure on different paths "
                f"({td} vs {other_td}); a compiled if/loop needs the same structure"
            )
        joined = [_join_leaf(a, b, name) for a, b in zip(joined, other)]
    return td, joined


def arranged(plan, path, arrays):
    """The array outputs of one traced path, arranged (and cast) to the joined `plan`."""
    outputs = path.leaf_outputs(arrays)
    dynamic = []
    for i, specs in enumerate(plan):
        own = path.specs[i]
        whole_hole = len(own) == 1 and own[0].kind == HOLE
        for j, target in enumerate(specs):
            if target.kind != ARR:
                continue
            spec = own[0] if whole_hole else own[j]
            leaf = outputs.get((i, j)) if spec.kind == ARR else spec.value
            dynamic.append(leaf_value(leaf, spec, target))
    return dynamic


def leaf_value(leaf, spec, target):
    """`leaf` (seen with `spec`) converted to the joined `target` spec, as a jax value."""
    if spec.kind == HOLE:
        return jnp.zeros(target.shape, target.dtype)
    if isinstance(leaf, Box):  # (a Parameter joined with tensors: its value)
        leaf = param_value(leaf)
    value = jnp.asarray(raw_array(leaf) if spec.kind == ARR else leaf)
    if value.dtype != target.dtype or (jax.typeof(value).weak_type and not target.weak):
        value = jnp.asarray(value, target.dtype)
    # (a number joined with numbers stays weakly typed: a later join still sees a number)
    if value.shape != target.shape:
        value = jnp.broadcast_to(value, target.shape)
    return value


def rebuild(treedefs, plan, dynamic):
    """Variable values from the joined plan and the dynamic (staged) leaf values."""
    it = iter(dynamic)
    out = []
    for td, specs in zip(treedefs, plan):
        leaves = [_rewrap(s.wrapper, next(it)) if s.kind == ARR else s.value for s in specs]
        out.append(jax.tree.unflatten(td, leaves))
    return tuple(out)


def param_value(param):
    return raw_array(read(param))


def aval_of(x):
    aval = jax.typeof(x)
    return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type)


class TracedPath:
    """One traced path (a branch, a loop body): its jaxpr, outputs and Parameter writes."""

    def __init__(self, fn, owner):
        self.fn, self.owner = fn, owner
        self.treedefs = self.specs = None
        self.array_slots = []  # (variable index, leaf index) of each array output
        self.written = {}  # id(param) -> param, in write order
        self.jaxpr = None

    def trace(self, arg_avals, carried, lifted_of):
        """Trace ``fn`` with abstract `arg_avals`; outputs: array leaves, then `carried`
        Parameters' values (their written value, else what `lifted_of` gives)."""
        record = {}

        def probe(*args):
            lifted = lifted_of(args)
            with Frame(lifted, owner=self.owner, isolate=True) as frame:
                values = self.fn(args)
                advance_rng(frame)
            treedefs, leaves, specs = flatten_state(values)
            arrays, slots = [], []
            for i, (ls, sp) in enumerate(zip(leaves, specs)):
                for j, (x, s) in enumerate(zip(ls, sp)):
                    if s.kind == ARR:
                        arrays.append(raw_array(x))
                        slots.append((i, j))
            writes = {key: (p, raw_array(v)) for key, (p, v) in frame.writes.items()}
            record.update(treedefs=treedefs, specs=specs, slots=slots, writes=writes)
            params_out = [
                writes[id(p)][1] if id(p) in writes else lifted.get(id(p), None) for p in carried
            ]
            params_out = [
                v if v is not None else param_value(p) for v, p in zip(params_out, carried)
            ]
            return arrays, params_out

        self.jaxpr = jax.make_jaxpr(probe)(*arg_avals)
        self.treedefs, self.specs = record["treedefs"], record["specs"]
        self.array_slots = record["slots"]
        self.writes = record["writes"]
        self.written = {key: p for key, (p, _) in record["writes"].items()}
        self.n_arrays = len(self.array_slots)

    def replay(self, args):
        """The path's outputs (array leaves, carried Parameters), re-emitted from its jaxpr."""
        flat = jax.core.eval_jaxpr(self.jaxpr.jaxpr, self.jaxpr.consts, *args)
        return flat[: self.n_arrays], flat[self.n_arrays :]

    def leaf_outputs(self, arrays):
        """{(variable, leaf): value} of this path's array outputs."""
        return dict(zip(self.array_slots, arrays))


def variable_names(names, count):
    names = tuple(names or ())
    return names + tuple(f"<value {i}>" for i in range(len(names), count))


def as_predicate(pred, what):
    pred = raw_array(read(pred) if isinstance(pred, Box) else pred)
    if pred.shape != ():
        if pred.size != 1:
            raise ControlFlowError(
                f"the condition of {what} is a tensor of shape {pred.shape}; its truth value "
                "is ambiguous (use .any() or .all())"
            )
        pred = pred.reshape(())
    return pred if pred.dtype == jnp.bool_ else pred != 0
