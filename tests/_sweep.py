"""Table-driven sweep: every supported msfunc.ops function under jit, vmap and grad.

Each spec module (``tests/sweep_specs/specs_*.py``) maps op names to `Case`s.
A Case builds the op's arguments from a numpy Generator; array leaves of the
arguments (also inside lists/tuples) are traced, every other leaf is a
compile-time constant. For each case the sweep checks, against the op's own
eager result:

- jit: ``jax.jit`` (``msfunc.jit`` for ops that draw random keys or write
  Parameters) gives the eager values;
- vmap: ``msfunc.vmap`` over a batch of two independent argument draws gives
  the stack of the two eager results (random ops: per-element draws, checked
  by shape and by the elements differing);
- grad: the reverse-mode gradient of a random weighting of the float outputs
  matches a central finite difference along a random direction, computed in
  float64 (``jax.enable_x64``) so the difference quotient is accurate.

A check that cannot apply to an op is switched off by a string giving the
reason (``vmap="data-dependent output shape"``); the coverage test requires
every supported function to have a spec and every skip to carry a reason.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import msfunc as ms
import msfunc.ops as ops

__all__ = ["Case", "run_jit", "run_vmap", "run_grad", "cases_of", "params_for", "sweep_tests"]


@dataclasses.dataclass
class Case:
    """One way to call an op, and which transform checks apply.

    args: rng -> tuple of positional arguments; must give the same shapes and
        types for every rng (the vmap check stacks two draws).
    kwargs: static keyword arguments.
    fn: the callable to test, default ``getattr(msfunc.ops, name)``; use it to
        pick an output or adapt an argument order.
    static: positions of array arguments to keep static (index arrays whose
        values decide shapes).
    jit, vmap: True, or a string saying why the check does not apply.
    grad: "auto" (every float array argument), a tuple of argument positions,
        or a string saying why the op is not differentiable.
    random: the op draws from msfunc's global key (jit via msfunc.jit, vmap
        checks per-element draws instead of values).
    state: the op writes Parameters (jit via msfunc.jit).
    twin_values: for primitive classes. When the class's call reaches a functional op
        of msfunc.ops (func_*.py) directly, its values under jit and vmap are that op's,
        which the functional sweep checks against eager and per-example results; the
        class is then checked at trace level only (it traces under jit, batches under
        vmap with the right shapes), without compiling the same program again.
    """

    args: Callable[[np.random.Generator], tuple]
    kwargs: dict = dataclasses.field(default_factory=dict)
    fn: Callable | None = None
    static: tuple = ()
    jit: Any = True
    vmap: Any = True
    grad: Any = "auto"
    random: bool = False
    state: bool = False
    rtol: float = 1e-5
    atol: float = 1e-6
    grad_rtol: float = 2e-3
    grad_atol: float = 2e-3
    grad_eps: float = 1e-5
    x64: bool = True
    label: str = ""
    twin_values: bool = False


def cases_of(specs):
    """[(test id, name, Case)] for pytest parametrisation."""
    out = []
    for name, value in specs.items():
        cases = value if isinstance(value, (list, tuple)) else [value]
        for i, case in enumerate(cases):
            suffix = case.label or (str(i) if len(cases) > 1 else "")
            out.append((f"{name}-{suffix}" if suffix else name, name, case))
    return out


def params_for(specs, check):
    """pytest.param list for one check, marking inapplicable ones as skipped with the reason."""
    import pytest

    params = []
    for test_id, name, case in cases_of(specs):
        reason = getattr(case, check)
        marks = ()
        if isinstance(reason, str) and not (check == "grad" and reason == "auto"):
            marks = (pytest.mark.skip(reason=f"{name}: {reason}"),)
        params.append(pytest.param(name, case, id=test_id, marks=marks))
    return params


def sweep_tests(specs):
    """The jit, vmap and grad checks parametrised over a spec table, for a test module to
    bind: ``test_jit, test_vmap, test_grad = sweep_tests(SPECS)``."""
    import pytest

    @pytest.mark.parametrize("name,case", params_for(specs, "jit"))
    def test_jit(name, case):
        run_jit(name, case)

    @pytest.mark.parametrize("name,case", params_for(specs, "vmap"))
    def test_vmap(name, case):
        run_vmap(name, case)

    @pytest.mark.parametrize("name,case", params_for(specs, "grad"))
    def test_grad(name, case):
        run_grad(name, case)

    return test_jit, test_vmap, test_grad


# -- argument plumbing ------------------------------------------------------
def _is_array(x):
    return isinstance(x, (np.ndarray, jax.Array)) and not isinstance(x, ms.Parameter)


def _split(args, static):
    """(dynamic leaves, rebuild(dynamic) -> args)."""
    leaves, treedef = jax.tree.flatten(list(args), is_leaf=lambda x: isinstance(x, ms.Parameter))
    owners = _leaf_owners(args)
    dynamic_index = [
        i for i, leaf in enumerate(leaves) if _is_array(leaf) and owners[i] not in static
    ]

    def rebuild(dynamic):
        full = list(leaves)
        for i, value in zip(dynamic_index, dynamic):
            full[i] = value
        return jax.tree.unflatten(treedef, full)

    return [leaves[i] for i in dynamic_index], rebuild, [owners[i] for i in dynamic_index]


def _leaf_owners(args):
    """For each leaf of ``list(args)``, the positional argument it belongs to."""
    owners = []
    for position, arg in enumerate(args):
        n = len(jax.tree.leaves(arg, is_leaf=lambda x: isinstance(x, ms.Parameter)))
        owners.extend([position] * n)
    return owners


def _op(name, case):
    return case.fn if case.fn is not None else getattr(ops, name)


def _call(name, case, args):
    return _op(name, case)(*args, **case.kwargs)


def _to_numpy_leaves(out):
    leaves = jax.tree.leaves(out, is_leaf=lambda x: isinstance(x, ms.Parameter))
    result = []
    for leaf in leaves:
        if isinstance(leaf, ms.Parameter):
            leaf = leaf.value()
        if leaf is None:
            continue
        result.append(np.asarray(leaf))
    return result


def _assert_close(actual, expected, case, what):
    actual, expected = _to_numpy_leaves(actual), _to_numpy_leaves(expected)
    assert len(actual) == len(expected), f"{what}: {len(actual)} outputs vs {len(expected)}"
    for a, e in zip(actual, expected):
        assert a.shape == e.shape, f"{what}: shape {a.shape} vs {e.shape}"
        if np.issubdtype(e.dtype, np.inexact):
            np.testing.assert_allclose(
                a, e, rtol=case.rtol, atol=case.atol, equal_nan=True, err_msg=what
            )
        else:
            np.testing.assert_array_equal(a, e, err_msg=what)


def _fresh(case, seed):
    ms.set_seed(1234)
    return case.args(np.random.default_rng(seed))


# -- the checks ---------------------------------------------------------------
def run_jit(name, case):
    """The op under jit gives its eager values."""
    if _checked_through_twin(name, case):
        return
    if not (case.random or case.state):
        compiled = _compiled_examples(name, case)
        expected = _to_numpy_leaves(_call(name, case, _fresh(case, 1)))
        _assert_close(compiled["first"], expected, case, f"{name} under jit")
        return
    args = _fresh(case, 0)
    ms.set_seed(7)
    expected = _to_numpy_leaves(_call(name, case, args))

    args = _fresh(case, 0)  # state ops mutate their Parameters: start again
    dynamic, rebuild, _ = _split(args, case.static)

    def traced(*dyn):
        return _call(name, case, rebuild(dyn))

    ms.set_seed(7)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # no silent eager fallback
        got = ms.jit(traced)(*dynamic)
    _assert_close(got, expected, case, f"{name} under jit")


def run_vmap(name, case):
    """msfunc.vmap over two argument draws gives the stacked eager results."""
    if _checked_through_twin(name, case):
        splits = [_split(_fresh(case, seed), case.static) for seed in (1, 2)]
        per_example = _per_example(name, case, splits[0][1])
        single = jax.tree.leaves(jax.eval_shape(per_example, *splits[0][0]))
        batch = jax.tree.leaves(
            jax.eval_shape(ms.vmap(per_example, in_axes=0), *_stacked(name, splits))
        )
        assert [(b.shape, b.dtype) for b in batch] == [((2,) + o.shape, o.dtype) for o in single], (
            f"{name} under vmap"
        )
        return
    if not (case.random or case.state):
        compiled = _compiled_examples(name, case)
        stacked = [np.stack(pair) for pair in zip(compiled["first"], compiled["second"])]
        _assert_close(compiled["batch"], stacked, case, f"{name} under vmap")
        return
    draws = [_fresh(case, seed) for seed in (1, 2)]
    splits = [_split(a, case.static) for a in draws]
    batched = _stacked(name, splits)
    per_example = _per_example(name, case, splits[0][1])
    if case.state:
        got = ms.vmap(per_example, in_axes=0)(*batched)
        expected = [_to_numpy_leaves(per_example(*split[0])) for split in splits]
        stacked = [np.stack(list(pair)) for pair in zip(*expected)]
        _assert_close(got, stacked, case, f"{name} under vmap")
        return
    # Random: one compile for the batch; one eager draw gives the per-example shapes.
    got = _to_numpy_leaves(ms.jit(ms.vmap(per_example, in_axes=0))(*batched))
    single = _to_numpy_leaves(_call(name, case, draws[0]))
    for leaf, one in zip(got, single):
        assert leaf.shape == (2,) + one.shape, f"{name} under vmap: shape"
    if any(leaf.size > 1 and np.issubdtype(leaf.dtype, np.floating) for leaf in got):
        assert any(not np.array_equal(leaf[0], leaf[1]) for leaf in got), (
            f"{name} under vmap: batch elements drew the same numbers"
        )


def _checked_through_twin(name, case):
    """Trace the class once (that is the trace-level jit check); True when it reaches a
    functional op of msfunc.ops directly, so its values are the swept twin's."""
    if not case.twin_values or case.random or case.state:
        return False
    dynamic, rebuild, _ = _split(_fresh(case, 1), case.static)
    reached = set()

    def watch(frame, event, arg):
        if (
            event == "call"
            and _FUNCTIONAL in frame.f_code.co_filename
            and frame.f_back
            and _TABLES in frame.f_back.f_code.co_filename
        ):
            reached.add(frame.f_code.co_name)

    sys.setprofile(watch)
    try:
        jax.make_jaxpr(_per_example(name, case, rebuild))(*dynamic)
    finally:
        sys.setprofile(None)
    return bool(reached)


_FUNCTIONAL = os.path.join("msfunc", "ops", "func_")
_TABLES = os.path.join("msfunc", "ops", "primitive")


def _stacked(name, splits):
    batched = [
        jnp.stack([jnp.asarray(a), jnp.asarray(b)]) for a, b in zip(splits[0][0], splits[1][0])
    ]
    if not batched:
        raise AssertionError(f"{name}: no array argument to map; give vmap a reason")
    return batched


def _per_example(name, case, rebuild):
    def per_example(*dyn):
        return _call(name, case, rebuild(dyn))

    return per_example


_COMPILED = {}


def _compiled_examples(name, case):
    """Two argument draws and (where vmap applies) their batch, in ONE compiled program.

    XLA compiles dominate the sweep's time; the jit check (each draw vs eager) and the vmap
    check (batch vs the two draws) share this result, memoised per case for the process
    (pytest-xdist's loadfile keeps a file's tests in one worker).
    """
    key = (name, id(case))
    if key not in _COMPILED:
        try:
            _COMPILED[key] = _compile_examples(name, case)
        except Exception as error:  # both checks report the same failure
            _COMPILED[key] = error
    result = _COMPILED[key]
    if isinstance(result, Exception):
        raise result
    return result


def _compile_examples(name, case):
    splits = [_split(_fresh(case, seed), case.static) for seed in (1, 2)]
    per_example = _per_example(name, case, splits[0][1])
    with_batch = case.vmap is True

    def together(first, second, batch):
        out = {"first": per_example(*first), "second": per_example(*second)}
        if with_batch:
            out["batch"] = ms.vmap(per_example, in_axes=0)(*batch)
        return out

    batched = _stacked(name, splits) if with_batch else []
    out = jax.jit(together)(splits[0][0], splits[1][0], batched)
    return {k: _to_numpy_leaves(v) for k, v in out.items()}


def run_grad(name, case):
    """Reverse-mode gradient == central finite difference along a random direction."""
    context = jax.enable_x64(True) if case.x64 else _nullcontext()
    with context:
        args = _fresh(case, 3)
        dynamic, rebuild, owners = _split(args, case.static)
        wanted = _grad_positions(case, len(args))
        float_index = [
            i
            for i, (leaf, owner) in enumerate(zip(dynamic, owners))
            if owner in wanted and np.issubdtype(np.asarray(leaf).dtype, np.floating)
        ]
        assert float_index, f"{name}: no float argument to differentiate; give grad a reason"
        if case.x64:
            dynamic = [
                np.asarray(d, np.float64) if i in float_index else d for i, d in enumerate(dynamic)
            ]
        rng = np.random.default_rng(4)
        shapes = jax.eval_shape(lambda dyn: _call(name, case, rebuild(dyn)), dynamic)
        weight_dtype = np.float64 if case.x64 else np.float32
        weights = [
            rng.standard_normal(leaf.shape).astype(weight_dtype) for leaf in jax.tree.leaves(shapes)
        ]

        others = [d for i, d in enumerate(dynamic) if i not in float_index]

        def scalar(xs, others, weights):
            full, xs_it, others_it = [], iter(xs), iter(others)
            for i in range(len(dynamic)):
                full.append(next(xs_it) if i in float_index else next(others_it))
            out = _call(name, case, rebuild(full))
            total = 0.0
            for w, leaf in zip(weights, jax.tree.leaves(out)):
                leaf = jnp.asarray(leaf)
                if jnp.issubdtype(leaf.dtype, jnp.complexfloating):
                    total = total + jnp.sum(w * (jnp.real(leaf) + 0.5 * jnp.imag(leaf)))
                elif jnp.issubdtype(leaf.dtype, jnp.floating):
                    total = total + jnp.sum(w * leaf)
            return total

        xs = [np.asarray(dynamic[i]) for i in float_index]
        # Numpy for the bookkeeping: eager jax ops would each compile.
        direction = [rng.standard_normal(x.shape).astype(x.dtype) for x in xs]
        eps = case.grad_eps if case.x64 else max(case.grad_eps, 1e-2)
        plus_xs = [x + eps * d for x, d in zip(xs, direction)]
        minus_xs = [x - eps * d for x, d in zip(xs, direction)]

        @jax.jit  # the gradient and both difference points in one compile
        def gradient_and_points(xs, plus_xs, minus_xs, others, weights):
            return (
                jax.grad(scalar)(xs, others, weights),
                scalar(plus_xs, others, weights),
                scalar(minus_xs, others, weights),
            )

        grads, plus, minus = gradient_and_points(xs, plus_xs, minus_xs, others, weights)
        numeric = (float(plus) - float(minus)) / (2 * eps)
        analytic = float(
            sum(np.sum(np.asarray(g, np.float64) * d) for g, d in zip(grads, direction))
        )
        scale = max(1.0, abs(numeric))
        assert np.isfinite(analytic), f"{name}: gradient is not finite"
        assert abs(analytic - numeric) <= case.grad_atol + case.grad_rtol * scale, (
            f"{name}: directional derivative {analytic} vs finite difference {numeric}"
        )


def _grad_positions(case, n_args):
    if case.grad == "auto":
        return set(range(n_args))
    return set(case.grad)


class _nullcontext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
