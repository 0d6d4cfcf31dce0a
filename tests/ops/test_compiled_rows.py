"""Ops run as one compiled program per signature (`compiled_rows`): the function's values and
errors, and no op in the list whose function checks values only when they are concrete or
reads Python state its cached program would not see change."""

import inspect
import re
import types

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import ops
from msfunc.ops.compiled_rows import COMPILED_OPS, MAX_VARIANTS, compiled_op
from msfunc.ops.registry import ROWS

# What a function asks when it behaves otherwise traced than eager (checks run on concrete
# values only, eager autodiff's primal values, graph mode's semantics)
_ASKS_CONCRETE = re.compile(
    r"to_concrete_value|\bTracer\b|is_concrete|\bconcrete\(|_concrete\b|check_\w*indices"
    r"|check_segment_ids|_known\(|\.primal\b|graph_semantics|jax_is_eager|at_top_level"
    # Python state a cached program would not see change: msfunc's context flags, the
    # auto-mixed-precision setting (a context variable's `.value`), the random key
    r"|\bcontext\.|get_context|\.value\b|next_key|_state\.|os\.environ"
)


def _reached(fn, seen):
    """The msfunc functions `fn` can call: names in its code (and nested code) resolved in its
    module, in msfunc modules it names, and in its closure."""
    fn = inspect.unwrap(fn)
    if type(fn) is not types.FunctionType or fn in seen or not fn.__module__.startswith("msfunc"):
        return
    seen.add(fn)
    names, stack = set(), [fn.__code__]
    while stack:
        code = stack.pop()
        names |= set(code.co_names)
        stack += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    modules = [
        m
        for m in fn.__globals__.values()
        if isinstance(m, types.ModuleType) and m.__name__.startswith("msfunc")
    ]
    cells = [c.cell_contents for c in fn.__closure__ or () if c.cell_contents is not None]
    for value in cells + [fn.__globals__.get(n) for n in names]:
        if callable(value):
            _reached(value, seen)
    for module in modules:
        for name in names:
            _reached(getattr(module, name, None), seen)


def test_compiled_ops_are_rows_whose_functions_never_ask_for_concrete_values():
    rows = {row.name: row for row in ROWS}
    assert COMPILED_OPS <= set(rows)
    for name in sorted(COMPILED_OPS):
        seen = set()
        _reached(rows[name].impl, seen)
        asks = [f.__qualname__ for f in seen if _ASKS_CONCRETE.search(inspect.getsource(f))]
        assert not asks, f"{name} reaches {asks}"
    for asking in ("gather", "nll_loss", "einsum", "flash_attention_score"):
        seen = set()  # (the analysis finds such a question where one is asked)
        _reached(rows[asking].impl, seen)
        assert any(_ASKS_CONCRETE.search(inspect.getsource(f)) for f in seen), asking


def test_values_are_the_functions_and_later_calls_skip_the_python():
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    indices = ms.Tensor(np.array([[1], [1], [3]], np.int32))
    updates = ms.Tensor(np.full((3, 3), 1.5, np.float32))
    want = x.asnumpy().copy()
    for i, u in zip([1, 1, 3], updates.asnumpy()):
        want[i] *= u
    got = [ops.tensor_scatter_mul(x, indices, updates) for _ in range(2)]
    assert all(np.array_equal(g.asnumpy(), want) for g in got)
    calls = []

    def spy(a, scale=2.0):
        calls.append(scale)
        return jnp.exp(a) * scale

    compiled = compiled_op(spy)
    a = jnp.arange(3.0)
    for scale in (2.0, 2.0, 2, True):  # (2.0, 2 and True key three programs)
        np.testing.assert_array_equal(compiled(a, scale=scale), jnp.exp(a) * scale)
    assert calls == [2.0, 2, True]  # traced once per signature, then the program runs


def test_a_function_that_reads_a_value_runs_itself_with_its_own_errors():
    def picky(a, limit):
        if float(a.max()) > limit:  # (a value read: it cannot be traced)
            raise ValueError("`a` exceeds `limit`")
        return a * 2

    compiled = compiled_op(picky)
    np.testing.assert_array_equal(compiled(jnp.ones(2), 3.0), jnp.full(2, 2.0))
    with pytest.raises(ValueError, match="exceeds"):
        compiled(jnp.full(2, 5.0), 3.0)
    np.testing.assert_array_equal(compiled(np.ones(2), 3.0), np.full(2, 2.0))  # (unhashable)


def test_past_the_variant_limit_and_in_graph_mode_the_function_runs_itself():
    traced = []

    def scaled(a, k):
        traced.append(isinstance(a, jax.core.Tracer))
        return a * k

    compiled = compiled_op(scaled)
    for k in range(MAX_VARIANTS + 3):
        compiled(jnp.ones(2), k)
    assert traced.count(False) == 3 and traced.count(True) == MAX_VARIANTS
    traced.clear()
    ms.jit(lambda t: ms.Tensor(compiled(t._value, 1.0)))(ms.Tensor(np.ones(2, np.float32)))
    assert traced == [True]  # (traced by graph mode's own trace, not a program of its own)
    fresh = compiled_op(scaled)  # other traces call the program: one equation
    jaxpr = jax.make_jaxpr(lambda a: fresh(a, 1.0))(jnp.ones(2))
    assert [e.primitive.name for e in jaxpr.eqns] in (["pjit"], ["jit"])
