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

import jax
import jax.numpy as jnp
from jax import lax
from jax.interpreters import ad, batching, mlir

from .._jax_private import Primitive
from .._state import write
from .staged_paths import (
    ARR,
    HOLE,
    MAX_PROBES,
    PY,
    STATIC,
    ControlFlowError,
    TracedPath,
    arranged,
    as_predicate,
    as_tensor_spec,
    aval_of,
    flatten_state,
    is_traced,
    join_arrays,
    join_var,
    leaf_value,
    param_value,
    rebuild,
    same_static,
    variable_names,
)

__all__ = ["ControlFlowError", "staged_cond", "staged_loop", "is_traced"]


# -- if ---------------------------------------------------------------------------------
def _defined_on_one_side(paths, labels):
    """UnboundLocalError for a variable an if statement assigns on one branch only and reads
    after it: eager code raises on the other path, and a compiled if cannot know the path
    (MindSpore's compiler raises too). The converter's own variables (``retval_``, ``break_``,
    ...) are exempt: it fills them on every path that reads them."""
    for i, label in enumerate(labels):
        undefined = [
            len(p.specs[i]) == 1
            and p.specs[i][0].kind == HOLE
            and type(p.specs[i][0].value).__name__ == "Undefined"
            for p in paths
        ]
        if any(undefined) and not all(undefined) and not label.endswith("_"):
            side = "true" if undefined[1] else "false"
            other = "false" if side == "true" else "true"
            raise UnboundLocalError(
                f"local variable '{label}' is assigned only in the {side} branch of a compiled "
                f"if statement, and read after it: it has no value when the {other} branch "
                "runs. Assign it before the if (or in both branches)."
            )


def staged_cond(pred, branches, names=(), what="an if statement", one_sided_error=False):
    """``lax.cond`` over two Python branches; returns the joined values of the variables.

    `branches` are (true, false) callables taking no argument and returning a tuple of
    variable values; Parameters they write are committed after the cond.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> f = jax.jit(lambda x: staged_cond(x > 0, (lambda: (x, 1), lambda: (-x, 2)), "ab"))
        >>> [float(v) for v in f(jnp.float32(-3.0))]
        [3.0, 2.0]
    """
    pred = as_predicate(pred, what)
    paths = [TracedPath(lambda args, fn=fn: tuple(fn()), "a compiled if branch") for fn in branches]
    carried = []
    for _ in range(MAX_PROBES):
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
    labels = variable_names(names, count)
    if one_sided_error:
        _defined_on_one_side(paths, labels)
    plan, treedefs = [], []
    for i in range(count):
        td, specs = join_var([p.treedefs[i] for p in paths], [p.specs[i] for p in paths], labels[i])
        treedefs.append(td)
        plan.append(specs)
    old = [param_value(p) for p in carried]

    def emit(path):
        def branch():
            arrays, params = path.replay(())
            dynamic = arranged(plan, path, arrays)
            for k, p in enumerate(carried):
                value = params[k] if id(p) in path.written else old[k]
                dynamic.append(jnp.asarray(value, old[k].dtype))
            return dynamic

        return branch

    flat = lax.cond(pred, emit(paths[0]), emit(paths[1]))
    n_vars = len(flat) - len(carried)
    for p, value in zip(carried, flat[n_vars:]):
        write(p, value)
    return rebuild(treedefs, plan, flat[:n_vars])


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
        self.treedefs, leaves, self.plan = flatten_state(values)
        self.names = variable_names(names, len(values))
        # Python numbers are carried as (weakly typed) arrays: the body may change them.
        for i, specs in enumerate(self.plan):
            for j, s in enumerate(specs):
                if s.kind == PY:
                    self.plan[i][j] = join_arrays(s, s, self.names[i])

    def initial(self, values):
        _, leaves, specs = flatten_state(values)
        out = []
        for ls, sp, plan in zip(leaves, specs, self.plan):
            if len(sp) == 1 and sp[0].kind == HOLE:  # defined in the body: a placeholder
                out.extend(leaf_value(None, sp[0], t) for t in plan if t.kind == ARR)
                continue
            for x, s, target in zip(ls, sp, plan):
                if target.kind == ARR:
                    out.append(leaf_value(x, s, target))
        return out

    def avals(self):
        return [
            jax.ShapeDtypeStruct(s.shape, s.dtype, weak_type=s.weak)
            for specs in self.plan
            for s in specs
            if s.kind == ARR
        ]

    def values(self, dynamic):
        return rebuild(self.treedefs, self.plan, dynamic)

    def settle(self, path):
        """Widen the plan to cover what the body produced; True if it changed."""
        changed = False
        for i, (td, specs) in enumerate(zip(path.treedefs, path.specs)):
            mine = self.plan[i]
            if (
                len(mine) == 1
                and mine[0].kind == HOLE
                and not (len(specs) == 1 and specs[0].kind == HOLE)
            ):
                # first defined in the body: carried from a placeholder of its type
                self.treedefs[i] = td
                self.plan[i] = [
                    s if s.kind != PY else join_arrays(s, s, self.names[i]) for s in specs
                ]
                changed = True
                continue
            if td != self.treedefs[i] and not (len(specs) == 1 and specs[0].kind == HOLE):
                raise ControlFlowError(
                    f"variable '{self.names[i]}' changes structure inside a loop "
                    f"({self.treedefs[i]} -> {td}); a compiled loop needs the same structure "
                    "in every iteration (append to a Python list in a loop on a tensor "
                    "condition is not supported: preallocate a tensor instead)"
                )
            if len(specs) == 1 and specs[0].kind == HOLE:
                continue
            for j, (target, seen) in enumerate(zip(mine, specs)):
                widened = as_tensor_spec(target, seen)
                if widened is not target:  # (a Parameter before the loop, a tensor in it)
                    target = mine[j] = widened
                    changed = True
                if target.kind == ARR and seen.kind in (ARR, PY):
                    joined = join_arrays(target, seen, self.names[i])
                    if seen.kind == ARR and seen.shape != target.shape:
                        raise ControlFlowError(
                            f"variable '{self.names[i]}' changes shape inside a loop "
                            f"({target.shape} -> {seen.shape}); a compiled loop needs a "
                            "fixed shape (data-dependent shapes cannot be compiled)"
                        )
                    if not joined.same_array(target):
                        mine[j] = joined
                        changed = True
                elif target.kind == ARR:
                    raise ControlFlowError(
                        f"variable '{self.names[i]}' is a tensor before a loop and "
                        f"{seen.value!r} inside it"
                    )
                elif target.kind == STATIC and not (
                    seen.kind == STATIC and same_static(target.value, seen.value)
                ):
                    raise ControlFlowError(
                        f"variable '{self.names[i]}' changes from {target.value!r} to "
                        f"{seen.value if seen.kind != ARR else 'a tensor'!r} inside a loop "
                        "on a tensor condition; only tensors and numbers can change there"
                    )
                elif target.kind == HOLE and seen.kind != HOLE:
                    mine[j] = seen if seen.kind != PY else join_arrays(seen, seen, self.names[i])
                    changed = True
        return changed

    def outputs(self, path, arrays):
        """The body's array outputs arranged (and cast) to this plan."""
        return arranged(self.plan, path, arrays)


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
    body_path = TracedPath(None, "a compiled loop body")
    test_path = TracedPath(None, "a compiled loop condition") if test is not None else None

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
    for _ in range(MAX_PROBES):
        avals = carry.avals() + [aval_of(param_value(p)) for p in carried]
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
        if pred_spec is None or pred_spec.kind not in (ARR, PY):
            raise ControlFlowError(f"the condition of {what} is not a boolean")

    n_vars = len(carry.avals())

    def body_fn(state):
        arrays, params = body_path.replay(state)
        dynamic = carry.outputs(body_path, arrays)
        return tuple(dynamic) + tuple(
            jnp.asarray(v, s.dtype) for v, s in zip(params, state[n_vars:])
        )

    init_state = tuple(carry.initial(init)) + tuple(param_value(p) for p in carried)
    if test_path is None:
        state = lax.fori_loop(0, length, lambda _, s: body_fn(s), init_state)
    else:

        def cond_fn(state):
            arrays, _ = test_path.replay(state)
            spec = test_path.specs[0][0]
            value = arrays[0] if spec.kind == ARR else jnp.asarray(spec.value)
            return as_predicate(value, what)

        state = _guard_reverse(lax.while_loop(cond_fn, body_fn, init_state), what)
    for p, value in zip(carried, state[n_vars:]):
        write(p, value)
    return carry.values(list(state[:n_vars]))
