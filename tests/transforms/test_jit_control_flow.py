"""msfunc.jit compiles Python control flow on tensor values (if/while/for, converted from source)
instead of falling back to eager; each compiled result equals the eager run of the same Python."""

import functools
import re
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.transforms.control_flow import ControlFlowError


def compiled(fn):
    """`ms.jit(fn)` whose calls must neither warn nor fall back to eager."""
    jitted = ms.jit(fn)

    def call(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            out = jitted(*args)
        assert not jitted._eager
        return out

    call.jitted = jitted
    return call


def assert_tree_close(a, b, **kw):
    for x, y in zip(jax.tree.leaves(a), jax.tree.leaves(b)):
        np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=1e-5, atol=1e-6, **kw)


# -- if ---------------------------------------------------------------------------------------
def piecewise(x):
    s = x.sum()
    if s > 2:
        if s > 5:  # nested
            y = x * 0 + 5.0
        else:
            y = x * 2
    elif s < -1:
        y = -x
    else:
        y = x**2
    z = y + 1 if y.mean() > 1 else y - 1  # conditional expression on a tensor
    return y, z


def early_return(x):
    if x.sum() > 0:
        return x * 3, 1
    if x.sum() < -3:
        return x, 2
    w = x - 1
    return w, 3


@pytest.mark.parametrize("values", [[3.0, 4.0], [1.0, 2.0], [-2.0, -2.0], [0.1, 0.2]])
def test_if_elif_else_nested_and_conditional_expression(values):
    x = jnp.array(values)
    assert_tree_close(compiled(piecewise)(x), piecewise(np.array(values)))


@pytest.mark.parametrize("values", [[1.0], [-5.0], [-1.0]])
def test_early_return_inside_branches(values):
    out, code = compiled(early_return)(jnp.array(values))
    ref_out, ref_code = early_return(np.array(values))
    np.testing.assert_allclose(out, ref_out)
    assert int(code) == ref_code


# -- loops ---------------------------------------------------------------------------------
def newton_sqrt(a):
    x = a
    while abs(x * x - a) > 1e-5:
        x = (x + a / x) / 2
    return x


def loop_mix(x, n):
    total = jnp.zeros(())
    count = 0
    for i in range(n):  # a tensor bound
        if i == 2:
            continue
        total = total + i
        count += 1
    for row in x:  # over the first axis of a tensor
        total = total + row.sum()
    for scale in (1.0, 2.0):  # a Python tuple: unrolled
        total = total * scale
    while True:
        total = total - 3
        if total < 0:
            break
    return total, count


def test_newton_while_on_a_tensor_condition():
    for a in (2.0, 10.0):
        np.testing.assert_allclose(compiled(newton_sqrt)(jnp.float32(a)), np.sqrt(a), rtol=1e-5)


def test_for_over_tensor_range_rows_and_tuple_with_break_and_continue():
    x = jnp.arange(6.0).reshape(3, 2)
    for n in (0, 5):
        total, count = compiled(loop_mix)(x, jnp.int32(n))
        ref_total, ref_count = loop_mix(np.arange(6.0).reshape(3, 2), n)
        np.testing.assert_allclose(total, ref_total, rtol=1e-6)
        assert int(count) == ref_count


def _clipped(x):
    if x.sum() > 3:  # in a helper: converted when called from converted code
        return x * 0 + 3.0
    return x


def rows_until(x):
    s = x[0] * 0
    for row in x:  # unrolled, as plain tracing does; the rest compiles once `break` is traced
        s = _clipped(s + row)
        if s.sum() > 3:
            break
    return s


def test_break_on_a_tensor_inside_an_unrolled_loop_and_converted_helpers():
    for rows in (5, 1):
        x = np.ones((rows, 2), np.float32)
        np.testing.assert_allclose(compiled(rows_until)(jnp.asarray(x)), rows_until(x))


def test_static_conditions_keep_python_behaviour_and_trace_once_per_signature():
    traces = []

    def f(x, mode):
        traces.append(1)
        if x.ndim == 2:  # static: only the taken branch is traced
            x = x.sum(0)
        if mode == "double":
            x = x * 2
        if x.sum() > 0:
            x = x + 1
        return x

    g = compiled(f)
    np.testing.assert_allclose(g(jnp.ones((2, 2)), "double"), [5.0, 5.0])
    n = len(traces)
    np.testing.assert_allclose(g(-jnp.ones((2, 2)), "double"), [-4.0, -4.0])
    assert len(traces) == n  # same signature: no retrace
    np.testing.assert_allclose(g(jnp.ones(3), "plain"), [2.0, 2.0, 2.0])
    assert len(traces) == n + 1  # a new signature: one trace
    jaxpr = str(jax.make_jaxpr(lambda x: g.jitted._fn(x, "plain"))(jnp.ones(3)))
    assert jaxpr.count("cond[") == 1 and "reduce_sum" in jaxpr


def test_functions_without_tensor_control_flow_are_not_converted():
    def f(x):
        for i in range(3):
            x = jnp.sin(x) * (i + 1) if i > 0 else x
        return x

    g = compiled(f)
    x = jnp.ones(2)
    g(x)
    assert g.jitted._fn is f  # never rewritten
    # No Parameter: the program that ran is `jax.jit(f)`'s, one input per array.
    plain = g.jitted._plain[g.jitted._token]
    lowered = plain.lower(x).as_text()
    reference = jax.jit(f).lower(x).as_text()

    def strip(text):  # the computation alone: no module name, no output pytree paths
        text = re.sub(r" \{jax.result_info = [^}]*\}", "", text)
        return [line for line in text.splitlines() if "module @" not in line]

    assert strip(lowered) == strip(reference)


# -- Parameters written inside branches and loops -----------------------------------------------
def test_parameter_written_in_one_branch_keeps_its_value_in_the_other():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="p")
    q = ms.Parameter(ms.Tensor(0.0), name="q")

    def step(x):
        if x.sum() > 0:
            p.set_data(p * x)
        else:
            q.set_data(q + 1)
        return p.sum() + q

    g = compiled(step)
    np.testing.assert_allclose(g(jnp.array([2.0, 3.0])), 8.0)
    np.testing.assert_allclose(p.asnumpy(), [2.0, 6.0])
    np.testing.assert_allclose(g(jnp.array([-2.0, -3.0])), 9.0)
    np.testing.assert_allclose(p.asnumpy(), [2.0, 6.0])
    np.testing.assert_allclose(q.asnumpy(), 1.0)


def test_parameter_carried_through_a_while_loop():
    c = ms.Parameter(ms.Tensor(0.0), name="c")

    def count_to(limit):
        while c < limit:
            c.set_data(c + 2)
        return c * 1

    g = compiled(count_to)
    np.testing.assert_allclose(g(jnp.float32(5.0)), 6.0)
    np.testing.assert_allclose(c.asnumpy(), 6.0)
    np.testing.assert_allclose(g(jnp.float32(9.0)), 10.0)


def test_optimizer_step_inside_a_tensor_if():
    def build():
        ms.set_seed(1)
        net = nn.Dense(2, 1)
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        grad_fn = ms.value_and_grad(lambda x, y: ((net(x) - y) ** 2).mean(), None, opt.parameters)

        def train(x, y):
            loss, grads = grad_fn(x, y)
            if loss > 0.5:
                opt(grads)
            return loss

        return net, train

    x, y = jnp.ones((4, 2)), jnp.full((4, 1), 3.0)
    net_c, train_c = build()
    net_e, train_e = build()
    g = compiled(train_c)
    for target in (y, y * 0 + float(net_e(x)[0, 0])):  # a step taken, then one skipped
        np.testing.assert_allclose(g(x, target), train_e(x, target), rtol=1e-5)
        np.testing.assert_allclose(net_c.weight.asnumpy(), net_e.weight.asnumpy(), rtol=1e-5)


# -- Cells and GRAPH_MODE ---------------------------------------------------------------------
class Gate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2)

    def construct(self, x):
        y = self.dense(x)
        if y.sum() > 0:
            y = y * 2
        return y


def test_cell_construct_with_tensor_if_under_jit_and_graph_mode():
    ms.set_seed(0)
    net = nn.SequentialCell([Gate(), nn.ReLU()])
    x = jnp.array([[1.0, -2.0]])
    eager = [np.asarray(net(s * x)) for s in (1.0, -1.0)]
    g = compiled(lambda x: net(x))
    for s, ref in zip((1.0, -1.0), eager):
        np.testing.assert_allclose(g(s * x), ref, rtol=1e-6)
    ms.set_context(mode=ms.GRAPH_MODE)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        for s, ref in zip((1.0, -1.0), eager):
            np.testing.assert_allclose(net(s * x), ref, rtol=1e-6)
    assert "construct" not in net[0].__dict__  # the converted construct was only borrowed


# -- differentiation ----------------------------------------------------------------------------
def branchy(x):
    if x > 0:
        y = jnp.sin(x) * x
    else:
        y = x**3
    return y


class _StopEarly(nn.Cell):
    """Dense layers in a CellList; the loop over them stops on a tensor condition."""

    def __init__(self, stop):
        super().__init__()
        self.stop = stop
        self.layers = nn.CellList(
            [nn.Dense(2, 2, weight_init="ones", bias_init="zeros") for _ in range(4)]
        )

    def construct(self, x):
        for layer in self.layers:
            x = layer(x)
            if x.sum() > 10:
                if self.stop == "return":
                    return -x
                break
        return x


@pytest.mark.parametrize("stop", ["break", "return"])
def test_tensor_break_and_return_in_a_loop_over_a_cell_list(stop):
    net = compiled(_StopEarly(stop))
    for start in (1.0, 0.01):
        x, want = np.full((1, 2), start, np.float32), np.full((1, 2), start, np.float32)
        for _ in range(4):  # numpy: each Dense of ones sums the row
            want = want @ np.ones((2, 2), np.float32)
            if want.sum() > 10:
                want = -want if stop == "return" else want
                break
        np.testing.assert_allclose(net(ms.Tensor(x)).asnumpy(), want, rtol=1e-6)


def test_grad_of_converted_if_matches_finite_differences():
    g = ms.jit(branchy)
    for v in (0.7, -0.4):
        fd = (branchy(v + 1e-3) - branchy(v - 1e-3)) / 2e-3
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            np.testing.assert_allclose(ms.grad(g)(jnp.float32(v)), fd, rtol=1e-3)
            value, grad = compiled(lambda x: ms.value_and_grad(branchy)(x))(jnp.float32(v))
        np.testing.assert_allclose(value, branchy(v), rtol=1e-6)
        np.testing.assert_allclose(grad, fd, rtol=1e-3)


@pytest.mark.parametrize(
    "build",
    [
        lambda: ms.jit(ms.grad(branchy)),
        lambda: ms.jit(ms.value_and_grad(branchy)),
        lambda: ms.jit(ms.grad(ms.jit(branchy))),
    ],
    ids=["grad", "value_and_grad", "grad_of_jit"],
)
def test_jit_straight_around_a_transform_converts_the_function_inside(build):
    call = compiled(build())
    for v in (0.7, -0.4):
        fd = (branchy(v + 1e-3) - branchy(v - 1e-3)) / 2e-3
        out = call(jnp.float32(v))
        np.testing.assert_allclose(out[1] if isinstance(out, tuple) else out, fd, rtol=1e-3)
    x = np.array([0.7, -0.4], np.float32)
    for wrapped in (ms.vmap(branchy), functools.partial(ms.vmap(branchy))):
        np.testing.assert_allclose(
            compiled(wrapped)(jnp.asarray(x)), [branchy(v) for v in x], rtol=1e-6
        )


def test_reverse_mode_through_a_tensor_while_says_to_bound_the_loop():
    def doubling(x):
        while x < 10:
            x = x * 2
        return x

    g = ms.jit(doubling)
    np.testing.assert_allclose(g(jnp.float32(1.5)), 12.0)
    with pytest.raises(ControlFlowError, match=r"while loop at .*while x < 10.*Bound the loop"):
        ms.jit(ms.grad(g), strict=True)(jnp.float32(1.5))
    # from eager code grad runs the loop in Python instead, as PyNative mode does
    np.testing.assert_allclose(ms.grad(g)(jnp.float32(1.5)), 8.0)
    # forward mode works
    _, tangent = ms.jvp(g, (jnp.float32(1.5),), (jnp.float32(1.0),))
    np.testing.assert_allclose(tangent, 8.0)


# -- what cannot compile ------------------------------------------------------------------------
def data_dependent_shape(x):
    if x.sum() > 0:
        x = x + 1
    return jnp.nonzero(x > 1)[0]


def test_unconvertible_function_falls_back_once_with_the_line_or_raises_when_strict():
    g = ms.jit(data_dependent_shape)
    with pytest.warns(RuntimeWarning, match=r"test_jit_control_flow.py:\d+: return jnp.nonzero"):
        np.testing.assert_array_equal(g(jnp.array([1.0, -0.5])), [0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(g(jnp.array([-1.0, 3.0])), [1])
    strict = ms.jit(data_dependent_shape, strict=True)
    with pytest.raises(ControlFlowError, match=r"data_dependent_shape.*return jnp.nonzero"):
        strict(jnp.array([1.0, -0.5]))
    ms.set_context(jit_syntax_level=ms.STRICT)  # GRAPH_MODE's level: jit stays LAX (MindSpore)
    try:
        with pytest.warns(RuntimeWarning, match="data_dependent_shape"):
            ms.jit(data_dependent_shape)(jnp.array([1.0, -0.5]))
    finally:
        ms.set_context(jit_syntax_level=None)
    appending = ms.jit(_append_in_branch)  # a staged branch would leak its list item
    with pytest.warns(RuntimeWarning, match="_append_in_branch"):
        np.testing.assert_allclose(appending(jnp.ones(2)), [2.0, 2.0])
    np.testing.assert_allclose(appending(-jnp.ones(2)), [-1.0, -1.0])
    with pytest.raises(ControlFlowError, match=r"'x' has shape \(1,\) on one path and \(2,\)"):
        ms.jit(_growing, fullgraph=True)(jnp.ones(1))


def _while_else(x):
    i = 0
    while i < 5:
        i += 1
        if (x * i).sum() > 10:
            break
    else:  # (the converter takes no loop `else`: eager, and the warning says why)
        x = x - 1000
    return x


def test_loop_else_falls_back_saying_the_converter_does_not_take_it():
    g = ms.jit(_while_else)
    with pytest.warns(RuntimeWarning, match="cannot be converted: while/else"):
        np.testing.assert_allclose(g(jnp.ones(2)), [-999.0, -999.0])
    np.testing.assert_allclose(g(jnp.full(2, 3.0)), [3.0, 3.0])  # breaks at i = 2


def _growing(x):
    while x.sum() < 10:
        x = jnp.concatenate([x, x])
    return x


def _append_in_branch(x):
    out = []
    if x.sum() > 0:
        out.append(x * 2)
    return out[0] if out else x


def _assigned_on_one_branch(x):
    if x < 0:
        y = x * 2
    return y  # noqa: F821 - unbound when x >= 0, as the test means


def test_variable_assigned_on_one_branch_only_is_unbound_as_in_eager_code():
    positive = ms.Tensor(np.float32(1.0))
    with pytest.raises(UnboundLocalError):
        _assigned_on_one_branch(positive)  # eager: the false path has no y
    # compiled, the path is unknown at trace time: refused for every input, as MindSpore's
    # graph compiler refuses it
    for x in (positive, ms.Tensor(np.float32(-1.0))):
        with pytest.raises(UnboundLocalError, match="'y'"):
            ms.jit(_assigned_on_one_branch)(x)


def test_graph_mode_refuses_an_undefined_name_before_running_pynative_reaches_it_first():
    scope = {"__name__": "user_script"}
    exec("def f(x, flag):\n    if flag:\n        return x + not_defined\n    return x", scope)
    f, x = scope["f"], ms.Tensor(np.float32(1.0))
    assert float(f(x, False)) == 1.0  # eager: the line is never reached
    with pytest.raises(NameError, match="not_defined"):
        ms.jit(f)(x, False)  # graph semantics resolve every name first, as MindSpore's compiler
