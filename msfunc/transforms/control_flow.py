"""Staged `if` and loops over Python state: `lax.cond` / `lax.while_loop` / `lax.scan` for
functions converted by `msfunc.jit`, with the Parameters written inside carried like variables.

A converted ``if`` on a tensor predicate hands each branch to `staged_cond` as a callable
returning the values of the variables the statement defines. Each branch is traced once,
into its own jaxpr (``jax.make_jaxpr``), inside a state frame that collects the Parameter
writes it makes. Knowing both branches, the two are joined: a variable that holds a tensor
in one branch and a Python number in the other becomes a tensor of the common dtype; one
left undefined on a path (an early ``return`` on the other) gets a placeholder there; a
Parameter written in one branch only keeps its old value in the other. The final
``lax.cond`` replays the two jaxprs, so the Python code of a branch runs exactly once.

Loops (`staged_loop`) work alike: the body is traced as a function of the carried
variables (and of the Parameters it writes, which join the carry), re-traced until the
carry's types settle (a Python ``0`` becoming an int32 counter, a variable first defined
in the body), then replayed by ``lax.while_loop`` or, for a static trip count without
``break``, by ``lax.fori_loop`` over static bounds (a ``lax.scan``, so reverse-mode
differentiable).
"""

from __future__ import annotations

import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.interpreters import ad, batching, mlir

from .._jax_private import Primitive
from .._state import Box, Frame, advance_rng, read, write

__all__ = ["ControlFlowError", "staged_cond", "staged_loop", "is_traced"]

_HOLE, _PY, _ARR, _STATIC = "hole", "py", "array", "static"
_SCALARS = (bool, int, float, complex)
_MAX_PROBES = 5


class ControlFlowError(ValueError):
    """Python control flow on tensor values that cannot be compiled (msfunc.jit then runs the
    function eagerly, or raises under ``strict=True``).

    Example:
        >>> from msfunc.transforms.control_flow import ControlFlowError
        >>> issubclass(ControlFlowError, ValueError)
        True
    """


def _raw(x):
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
        return _HOLE
    if isinstance(x, Box) or getattr(type(x), "_msfunc_by_reference", False):
        return _STATIC  # Parameters and Cells are used by identity
    if type(x) in _SCALARS:
        return _PY
    if isinstance(x, (jax.Array, jax.core.Tracer, np.ndarray, np.generic)) or hasattr(
        type(x), "__jax_array__"
    ):
        return _ARR
    return _STATIC


def _is_leaf(x):
    return _kind(x) != _STATIC or not _is_container(x)


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
        if kind == _ARR:
            raw = _raw(x)
            aval = jax.typeof(raw)
            return cls(_ARR, None, aval.shape, aval.dtype, aval.weak_type, _wrapper_of(x))
        return cls(kind, x)

    def same_array(self, other):
        return (self.shape, self.dtype, self.weak) == (other.shape, other.dtype, other.weak)


def _flatten_state(values):
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
    if spec.kind == _PY:
        return spec.value
    if spec.weak:
        return {"b": False, "i": 0, "u": 0, "f": 0.0, "c": 0j}.get(spec.dtype.kind, spec.dtype)
    return spec.dtype


def _join_arrays(a, b, name):
    """The array spec that both `a` and `b` (arrays or Python numbers) convert to."""
    shape_a = () if a.kind == _PY else a.shape
    shape_b = () if b.kind == _PY else b.shape
    if a.kind == _ARR and b.kind == _ARR and shape_a != shape_b:
        raise ControlFlowError(
            f"variable '{name}' has shape {shape_a} on one path and {shape_b} on the other; "
            "a compiled if/loop needs the same shape on every path"
        )
    shape = shape_a if a.kind == _ARR else shape_b
    if a.kind == _ARR and b.kind == _ARR and not a.weak and not b.weak and a.dtype != b.dtype:
        # As MindSpore's compiler: two tensors of different dtypes do not join (silently
        # promoting would give a dtype that neither path has when run eagerly).
        name = "the value returned" if name == "retval_" else f"variable '{name}'"
        raise TypeError(
            f"{name} is a {a.dtype} tensor on one path and a {b.dtype} tensor on "
            "the other; a compiled if/loop needs one dtype on every path (cast one of them)"
        )
    dtype = jnp.result_type(_proxy(a), _proxy(b))
    weak = (a.kind == _PY or a.weak) and (b.kind == _PY or b.weak)
    wrapper = (a.wrapper if a.kind == _ARR else None) or (b.wrapper if b.kind == _ARR else None)
    return _Spec(_ARR, None, shape, np.dtype(dtype), weak, wrapper)


def _same_static(a, b):
    if a is b:
        return True
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def _join_leaf(a, b, name):
    """The joined spec of one leaf seen on two paths."""
    if a.kind == _HOLE:
        return b
    if b.kind == _HOLE:
        return a
    if a.kind == _PY and b.kind == _PY and type(a.value) is type(b.value) and a.value == b.value:
        return a  # the same Python number on both paths stays a Python number
    if a.kind in (_PY, _ARR) and b.kind in (_PY, _ARR):
        return _join_arrays(a, b, name)
    if a.kind == _STATIC and b.kind == _STATIC and _same_static(a.value, b.value):
        return a
    what = {_PY: "a Python number", _ARR: "a tensor"}
    raise ControlFlowError(
        f"variable '{name}' is {what.get(a.kind, repr(a.value))} on one path and "
        f"{what.get(b.kind, repr(b.value))} on the other; a compiled if/loop can only "
        "merge tensors and numbers (other values must be the same on every path)"
    )


def _join_var(tds, specs, name):
    """(treedef, leaf specs) of one variable joined over paths (hole-only paths skipped)."""
    known = [(td, sp) for td, sp in zip(tds, specs) if not (len(sp) == 1 and sp[0].kind == _HOLE)]
    if not known:
        return tds[0], specs[0]
    td, joined = known[0][0], list(known[0][1])
    for other_td, other in known[1:]:
        if other_td != td:
            raise ControlFlowError(
                f"variable '{name}' has a different structure on different paths "
                f"({td} vs {other_td}); a compiled if/loop needs the same structure"
            )
        joined = [_join_leaf(a, b, name) for a, b in zip(joined, other)]
    return td, joined


def _arranged(plan, path, arrays):
    """The array outputs of one traced path, arranged (and cast) to the joined `plan`."""
    outputs = path.leaf_outputs(arrays)
    dynamic = []
    for i, specs in enumerate(plan):
        own = path.specs[i]
        whole_hole = len(own) == 1 and own[0].kind == _HOLE
        for j, target in enumerate(specs):
            if target.kind != _ARR:
                continue
            spec = own[0] if whole_hole else own[j]
            leaf = outputs.get((i, j)) if spec.kind == _ARR else spec.value
            dynamic.append(_leaf_value(leaf, spec, target))
    return dynamic


def _leaf_value(leaf, spec, target):
    """`leaf` (seen with `spec`) converted to the joined `target` spec, as a jax value."""
    if spec.kind == _HOLE:
        return jnp.zeros(target.shape, target.dtype)
    value = jnp.asarray(_raw(leaf) if spec.kind == _ARR else leaf, target.dtype)
    if value.shape != target.shape:
        value = jnp.broadcast_to(value, target.shape)
    return value


def _rebuild(treedefs, plan, dynamic):
    """Variable values from the joined plan and the dynamic (staged) leaf values."""
    it = iter(dynamic)
    out = []
    for td, specs in zip(treedefs, plan):
        leaves = [_rewrap(s.wrapper, next(it)) if s.kind == _ARR else s.value for s in specs]
        out.append(jax.tree.unflatten(td, leaves))
    return tuple(out)


def _param_value(param):
    return _raw(read(param))


def _aval_of(x):
    aval = jax.typeof(x)
    return jax.ShapeDtypeStruct(aval.shape, aval.dtype, weak_type=aval.weak_type)


class _Path:
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
            treedefs, leaves, specs = _flatten_state(values)
            arrays, slots = [], []
            for i, (ls, sp) in enumerate(zip(leaves, specs)):
                for j, (x, s) in enumerate(zip(ls, sp)):
                    if s.kind == _ARR:
                        arrays.append(_raw(x))
                        slots.append((i, j))
            writes = {key: (p, _raw(v)) for key, (p, v) in frame.writes.items()}
            record.update(treedefs=treedefs, specs=specs, slots=slots, writes=writes)
            params_out = [
                writes[id(p)][1] if id(p) in writes else lifted.get(id(p), None) for p in carried
            ]
            params_out = [
                v if v is not None else _param_value(p) for v, p in zip(params_out, carried)
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


def _names(names, count):
    names = tuple(names or ())
    return names + tuple(f"<value {i}>" for i in range(len(names), count))


def _as_predicate(pred, what):
    pred = _raw(read(pred) if isinstance(pred, Box) else pred)
    if pred.shape != ():
        if pred.size != 1:
            raise ControlFlowError(
                f"the condition of {what} is a tensor of shape {pred.shape}; its truth value "
                "is ambiguous (use .any() or .all())"
            )
        pred = pred.reshape(())
    return pred if pred.dtype == jnp.bool_ else pred != 0


# -- if ---------------------------------------------------------------------------------
def staged_cond(pred, branches, names=(), what="an if statement"):
    """``lax.cond`` over two Python branches; returns the joined values of the variables.

    `branches` are (true, false) callables taking no argument and returning a tuple of
    variable values; Parameters they write are committed after the cond.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> f = jax.jit(lambda x: staged_cond(x > 0, (lambda: (x, 1), lambda: (-x, 2)), "ab"))
        >>> [float(v) for v in f(jnp.float32(-3.0))]
        [3.0, 2.0]
    """
    pred = _as_predicate(pred, what)
    paths = [_Path(lambda args, fn=fn: tuple(fn()), "a compiled if branch") for fn in branches]
    carried = []
    for _ in range(_MAX_PROBES):
        for path in paths:
            path.trace((), carried, lambda args: {})
        new = [
            p
            for path in paths
            for key, p in path.written.items()
            if key not in {id(q) for q in carried}
        ]
        if not new:
            break
        for p in new:  # a Parameter written in some branch: every branch outputs its value
            if all(p is not q for q in carried):
                carried.append(p)
    count = len(paths[0].specs)
    if any(len(path.specs) != count for path in paths):
        raise ControlFlowError(f"the branches of {what} define different numbers of values")
    labels = _names(names, count)
    plan, treedefs = [], []
    for i in range(count):
        td, specs = _join_var(
            [p.treedefs[i] for p in paths], [p.specs[i] for p in paths], labels[i]
        )
        treedefs.append(td)
        plan.append(specs)
    old = [_param_value(p) for p in carried]

    def emit(path):
        def branch():
            arrays, params = path.replay(())
            dynamic = _arranged(plan, path, arrays)
            for k, p in enumerate(carried):
                value = params[k] if id(p) in path.written else old[k]
                dynamic.append(jnp.asarray(value, old[k].dtype))
            return dynamic

        return branch

    flat = lax.cond(pred, emit(paths[0]), emit(paths[1]))
    n_vars = len(flat) - len(carried)
    for p, value in zip(carried, flat[n_vars:]):
        write(p, value)
    return _rebuild(treedefs, plan, flat[:n_vars])


# -- reverse-mode through while loops: a clear error ---------------------------------
_no_reverse_p = Primitive("msfunc_while_loop_output")
_no_reverse_p.def_impl(lambda x, *, where: x)
_no_reverse_p.def_abstract_eval(lambda x, *, where: x)
batching.defvectorized(_no_reverse_p)
mlir.register_lowering(_no_reverse_p, lambda ctx, x, *, where: [x])


def _no_reverse_transpose(ct, x, *, where):
    raise ControlFlowError(
        f"reverse-mode differentiation (grad, value_and_grad, vjp) of {where}: its number of "
        "iterations depends on a tensor, so it compiles to lax.while_loop, which JAX cannot "
        "differentiate in reverse mode. Bound the loop: iterate over range(N) with a Python "
        "int N (unrolled at trace time, differentiable) and stop updating once done with an "
        "`if` on the tensor condition, or use forward mode (msfunc.jvp, jacfwd)."
    )


ad.deflinear2(_no_reverse_p, lambda ct, x, *, where: _no_reverse_transpose(ct, x, where=where))


def _guard_reverse(values, where):
    """Mark a while loop's floating outputs: transposing them raises `ControlFlowError`."""
    return tuple(
        _no_reverse_p.bind(v, where=where) if jnp.issubdtype(v.dtype, jnp.inexact) else v
        for v in values
    )


# -- loops ----------------------------------------------------------------------------------
class _Carry:
    """The loop state's layout: per variable a treedef and leaf specs (the plan)."""

    def __init__(self, values, names):
        self.treedefs, leaves, self.plan = _flatten_state(values)
        self.names = _names(names, len(values))
        # Python numbers are carried as (weakly typed) arrays: the body may change them.
        for i, specs in enumerate(self.plan):
            for j, s in enumerate(specs):
                if s.kind == _PY:
                    self.plan[i][j] = _join_arrays(s, s, self.names[i])

    def initial(self, values):
        _, leaves, specs = _flatten_state(values)
        out = []
        for ls, sp, plan in zip(leaves, specs, self.plan):
            if len(sp) == 1 and sp[0].kind == _HOLE:  # defined in the body: a placeholder
                out.extend(_leaf_value(None, sp[0], t) for t in plan if t.kind == _ARR)
                continue
            for x, s, target in zip(ls, sp, plan):
                if target.kind == _ARR:
                    out.append(_leaf_value(x, s, target))
        return out

    def avals(self):
        return [
            jax.ShapeDtypeStruct(s.shape, s.dtype, weak_type=s.weak)
            for specs in self.plan
            for s in specs
            if s.kind == _ARR
        ]

    def values(self, dynamic):
        return _rebuild(self.treedefs, self.plan, dynamic)

    def settle(self, path):
        """Widen the plan to cover what the body produced; True if it changed."""
        changed = False
        for i, (td, specs) in enumerate(zip(path.treedefs, path.specs)):
            mine = self.plan[i]
            if (
                len(mine) == 1
                and mine[0].kind == _HOLE
                and not (len(specs) == 1 and specs[0].kind == _HOLE)
            ):
                # first defined in the body: carried from a placeholder of its type
                self.treedefs[i] = td
                self.plan[i] = [
                    s if s.kind != _PY else _join_arrays(s, s, self.names[i]) for s in specs
                ]
                changed = True
                continue
            if td != self.treedefs[i] and not (len(specs) == 1 and specs[0].kind == _HOLE):
                raise ControlFlowError(
                    f"variable '{self.names[i]}' changes structure inside a loop "
                    f"({self.treedefs[i]} -> {td}); a compiled loop needs the same structure "
                    "in every iteration (append to a Python list in a loop on a tensor "
                    "condition is not supported: preallocate a tensor instead)"
                )
            if len(specs) == 1 and specs[0].kind == _HOLE:
                continue
            for j, (target, seen) in enumerate(zip(mine, specs)):
                if target.kind == _ARR and seen.kind in (_ARR, _PY):
                    joined = _join_arrays(target, seen, self.names[i])
                    if seen.kind == _ARR and seen.shape != target.shape:
                        raise ControlFlowError(
                            f"variable '{self.names[i]}' changes shape inside a loop "
                            f"({target.shape} -> {seen.shape}); a compiled loop needs a "
                            "fixed shape (data-dependent shapes cannot be compiled)"
                        )
                    if not joined.same_array(target):
                        mine[j] = joined
                        changed = True
                elif target.kind == _ARR:
                    raise ControlFlowError(
                        f"variable '{self.names[i]}' is a tensor before a loop and "
                        f"{seen.value!r} inside it"
                    )
                elif target.kind == _STATIC and not (
                    seen.kind == _STATIC and _same_static(target.value, seen.value)
                ):
                    raise ControlFlowError(
                        f"variable '{self.names[i]}' changes from {target.value!r} to "
                        f"{seen.value if seen.kind != _ARR else 'a tensor'!r} inside a loop "
                        "on a tensor condition; only tensors and numbers can change there"
                    )
                elif target.kind == _HOLE and seen.kind != _HOLE:
                    mine[j] = seen if seen.kind != _PY else _join_arrays(seen, seen, self.names[i])
                    changed = True
        return changed

    def outputs(self, path, arrays):
        """The body's array outputs arranged (and cast) to this plan."""
        return _arranged(self.plan, path, arrays)


def staged_loop(init, body, names=(), test=None, length=None, what="a loop"):
    """A loop over Python state, staged as ``lax.while_loop`` (or ``lax.fori_loop`` over
    ``range(length)`` when `test` is None); returns the final variable values.

    `body(values)` returns the next values; `test(values)` the continue-predicate.
    Parameters written in `body` are carried and committed after the loop.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> def newton(a):
        ...     return staged_loop((a,), lambda v: ((v[0] + a / v[0]) / 2,), "x",
        ...                        test=lambda v: abs(v[0] * v[0] - a) > 1e-4)[0]
        >>> round(float(jax.jit(newton)(jnp.float32(9.0))), 3)
        3.0
        >>> float(jax.jit(lambda x: staged_loop((x,), lambda v: (v[0] * 2,), length=3)[0])(1.0))
        8.0
    """
    carry = _Carry(tuple(init), names)
    carried = []  # Parameters written in the body (or the test), carried as loop state
    body_path = _Path(None, "a compiled loop body")
    test_path = _Path(None, "a compiled loop condition") if test is not None else None

    def lifted_of(args):
        n = len(args) - len(carried)
        return {id(p): v for p, v in zip(carried, args[n:])}

    def wrap(fn):
        def run(args):
            n = len(args) - len(carried)
            return fn(carry.values(list(args[:n])))

        return run

    body_path.fn = wrap(lambda values: tuple(body(values)))
    if test_path is not None:
        test_path.fn = wrap(lambda values: (test(values),))
    for _ in range(_MAX_PROBES):
        avals = carry.avals() + [_aval_of(_param_value(p)) for p in carried]
        body_path.trace(avals, carried, lifted_of)
        known = {id(p) for p in carried}
        new = [p for key, p in body_path.written.items() if key not in known]
        if test_path is not None:
            test_path.trace(avals, carried, lifted_of)
            new += [
                p
                for key, p in test_path.written.items()
                if key not in known and all(p is not q for q in new)
            ]
        changed = carry.settle(body_path)
        if new:
            carried.extend(new)
        if not changed and not new:
            break
    else:
        raise ControlFlowError(f"the types carried by {what} did not settle")
    if test_path is not None:
        (pred_spec,) = test_path.specs[0] if len(test_path.specs[0]) == 1 else (None,)
        if pred_spec is None or pred_spec.kind not in (_ARR, _PY):
            raise ControlFlowError(f"the condition of {what} is not a boolean")

    n_vars = len(carry.avals())

    def body_fn(state):
        arrays, params = body_path.replay(state)
        dynamic = carry.outputs(body_path, arrays)
        return tuple(dynamic) + tuple(
            jnp.asarray(v, s.dtype) for v, s in zip(params, state[n_vars:])
        )

    init_state = tuple(carry.initial(init)) + tuple(_param_value(p) for p in carried)
    if test_path is None:
        state = lax.fori_loop(0, length, lambda _, s: body_fn(s), init_state)
    else:

        def cond_fn(state):
            arrays, _ = test_path.replay(state)
            spec = test_path.specs[0][0]
            value = arrays[0] if spec.kind == _ARR else jnp.asarray(spec.value)
            return _as_predicate(value, what)

        state = _guard_reverse(lax.while_loop(cond_fn, body_fn, init_state), what)
    for p, value in zip(carried, state[n_vars:]):
        write(p, value)
    return carry.values(list(state[:n_vars]))
