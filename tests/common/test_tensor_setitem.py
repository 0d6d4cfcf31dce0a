"""``t[index] = value`` and augmented assignment on Tensor and Parameter.

References: numpy for every index kind (eagerly and inside msfunc.jit / vmap),
finite differences and real MindSpore 2.10 golden values (tests/golden/setitem.json,
from tests/oracle/gen_setitem_golden.py) for gradients, casts and errors.
"""

import builtins
import importlib.util
import json

import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
from msfunc.common.tensor_setitem import IndexShapeError, get_items, set_items

HERE = TESTS
_spec = importlib.util.spec_from_file_location(
    "setitem_cases", HERE / "oracle" / "setitem_cases.py"
)
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)
GOLDEN = json.loads((HERE / "golden" / "setitem.json").read_text())


def grid_np(shape=(3, 4)):
    return np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)


def assert_golden(value, golden, rtol=1e-6):
    if isinstance(golden, dict):
        got = np.asarray(value)
        assert str(got.dtype) == golden["dtype"]
        np.testing.assert_allclose(
            got, np.asarray(golden["value"], dtype=got.dtype), rtol=rtol, atol=1e-6
        )
    elif isinstance(golden, str) and golden.endswith("Error"):
        raised = getattr(builtins, value, None) or getattr(
            __import__("msfunc.common.tensor_setitem", fromlist=[value]), value
        )
        assert issubclass(raised, getattr(builtins, golden)), (value, golden)
    else:
        assert value == golden


# -- MindSpore's semantics: casts, list indices, masks, tuples, Parameters, errors -----------
@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__)
def test_matches_mindspore(case):
    out = case(ms)
    for key, golden in GOLDEN[case.__name__].items():
        assert_golden(out[key], golden)


# -- every index kind against numpy, eagerly and inside msfunc.jit ---------------------------
A3 = grid_np((2, 3, 4))
INDEX_CASES = [
    ("int", 1, -1.0),
    ("negative int", -1, np.arange(12).reshape(3, 4)),
    ("ints", (1, 2), np.arange(4)),
    (
        "negative steps",
        (slice(None, None, -1), slice(None, None, -2)),
        np.arange(16).reshape(2, 2, 4),
    ),
    ("ellipsis", (Ellipsis, 1), -1.0),
    ("None", (0, None, 1), -1.0),
    ("None with value dim", (slice(None), None, 1), np.ones((2, 1, 4))),
    ("extra leading value dims", 0, np.ones((1, 1, 3, 4))),
    ("full mask", A3 > 10, -1.0),
    ("full mask, one value each", A3 > 10, np.arange(13)),
    ("leading mask", np.array([True, False]), np.arange(4)),
    ("leading mask, one row each", np.array([True, True]), np.arange(24).reshape(2, 3, 4)),
    ("mask in tuple", (slice(None), np.array([True, False, True])), np.arange(4)),
    ("mask and int apart", (np.array([True, False]), slice(None), 1), np.arange(3)),
    ("0-d True", np.True_, -1.0),
    ("0-d False", np.False_, -1.0),
    ("mask after None", (None, np.array([True, False]), slice(None), 1), np.arange(3)),
    ("two masks", (np.array([True, False]), 1, np.array([True, False, True, False])), np.arange(2)),
    (
        "int arrays apart",
        (np.array([0, 1]), slice(None), np.array([1, 2])),
        np.arange(6).reshape(2, 3),
    ),
    ("int and array", (1, np.array([0, -1])), np.arange(8).reshape(2, 4)),
    ("broadcast arrays", (np.array([[0], [1]]), np.array([0, 2])), -1.0),
    (
        "arrays around None",
        (np.array([0, 1]), None, np.array([1, 2])),
        np.arange(8).reshape(2, 1, 4),
    ),
    ("negative array", np.array([1, -2]), 7.0),
]


def _as_index(index):
    """The numpy index with its arrays as Tensors (what a MindSpore program writes)."""

    def one(i):
        return ms.Tensor(i) if isinstance(i, np.ndarray) else i

    return tuple(one(i) for i in index) if isinstance(index, tuple) else one(index)


@pytest.mark.parametrize("name,index,value", INDEX_CASES, ids=[c[0] for c in INDEX_CASES])
def test_index_kinds_eager_and_jit(name, index, value):
    expected = A3.copy()
    expected[index] = value
    tensor_index = _as_index(index)
    t = ms.Tensor(A3)
    t[tensor_index] = ms.Tensor(np.asarray(value, np.float32))
    np.testing.assert_array_equal(t.asnumpy(), expected)

    @ms.jit
    def write(x, v):  # the index Tensors are concrete constants of the compiled function
        x[tensor_index] = v
        return x

    got = write(ms.Tensor(A3), ms.Tensor(np.asarray(value, np.float32)))
    np.testing.assert_array_equal(np.asarray(got), expected)


@st.composite
def basic_indices(draw):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    parts = []
    covered = draw(st.integers(0, len(shape)))
    for n in shape[:covered]:
        kind = draw(st.sampled_from(["int", "slice", "none"]))
        if kind == "int":
            parts.append(draw(st.integers(-n, n - 1)))
        elif kind == "none":
            parts.extend([None, slice(None)])
        else:
            bound = st.one_of(st.none(), st.integers(-n - 1, n + 1))
            parts.append(
                slice(draw(bound), draw(bound), draw(st.sampled_from([None, 1, 2, -1, -2])))
            )
    if draw(st.booleans()):
        # The parts index the leading dims: an Ellipsis may go anywhere only when it stands
        # for no dim (every dim covered), else after them (before them it would shift them).
        at = draw(st.integers(0, len(parts))) if covered == len(shape) else len(parts)
        parts.insert(at, Ellipsis)
    return shape, tuple(parts)


@settings(max_examples=30, deadline=None)
@given(basic_indices(), st.booleans())
def test_random_basic_indices_match_numpy(shape_index, full_value):
    shape, index = shape_index
    a = grid_np(shape)
    target = a[index].shape
    value = (
        -np.arange(int(np.prod(target)), dtype=np.float32).reshape(target) - 1
        if full_value
        else np.float32(-1)
    )
    expected = a.copy()
    expected[index] = value
    t = ms.Tensor(a)
    t[index] = ms.Tensor(value)
    np.testing.assert_array_equal(t.asnumpy(), expected)


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_random_integer_array_indices_match_numpy(data):
    a = grid_np((3, 4, 5))
    index = []
    for n in a.shape:
        kind = data.draw(st.sampled_from(["array", "slice", "int"]))
        if kind == "array":  # distinct positions: with repeats the winning write is unspecified
            positions = data.draw(st.permutations(range(n)))[: data.draw(st.integers(1, n))]
            signs = data.draw(
                st.lists(st.booleans(), min_size=len(positions), max_size=len(positions))
            )
            index.append(ms.Tensor([p - n if s else p for p, s in zip(positions, signs)]))
        elif kind == "slice":
            index.append(
                slice(data.draw(st.integers(0, n - 1)), None, data.draw(st.sampled_from([1, 2])))
            )
        else:
            index.append(data.draw(st.integers(-n, n - 1)))
    np_index = tuple(np.asarray(i) if isinstance(i, ms.Tensor) else i for i in index)
    if (
        sum(isinstance(i, np.ndarray) for i in np_index) > 1
        and len({i.shape for i in np_index if isinstance(i, np.ndarray)}) > 1
    ):
        return  # arrays of different lengths do not broadcast: not a valid index
    target = a[np_index].shape
    value = np.arange(int(np.prod(target)), dtype=np.float32).reshape(target) + 100
    expected = a.copy()
    expected[np_index] = value
    t = ms.Tensor(a)
    t[tuple(index)] = value
    np.testing.assert_array_equal(t.asnumpy(), expected)


def test_python_lists_as_values_and_indices():
    t = ms.Tensor(grid_np())
    t[[2, 0]] = [[1, 2, 3, 4], [5, 6, 7, 8]]
    t[1, 1:3] = [-1, -2]
    expected = grid_np()
    expected[[2, 0]] = [[1, 2, 3, 4], [5, 6, 7, 8]]
    expected[1, 1:3] = [-1, -2]
    np.testing.assert_array_equal(t.asnumpy(), expected)
    np.testing.assert_array_equal(
        np.asarray(get_items(jnp.asarray(expected), [[0, 2], [1, 3]])), expected[[0, 2], [1, 3]]
    )


# -- traced masks: jnp.where under jit and vmap, and the error for one value each -----------
def test_traced_masks_under_jit():
    @ms.jit
    def clip_rows(x, v):
        x[x > 6] = 0.0
        x[x[:, 0] > 3, 1:] = v  # a mask over dim 0 and a slice, value broadcast
        return x

    v = np.array([7.0, 8.0, 9.0], np.float32)
    expected = grid_np()
    expected[expected > 6] = 0.0
    expected[expected[:, 0] > 3, 1:] = v
    np.testing.assert_array_equal(
        np.asarray(clip_rows(ms.Tensor(grid_np()), ms.Tensor(v))), expected
    )


def test_one_value_per_selected_element_under_tracing_is_a_clear_error():
    @ms.jit
    def scatter_values(x):
        x[x > 8] = ms.Tensor([1.0, 2.0, 3.0])
        return x

    with pytest.raises(ValueError, match="needs the mask's values"):
        scatter_values(ms.Tensor(grid_np()))
    with pytest.raises(ValueError, match="cannot be broadcast"):
        ms.jit(lambda x: x.__setitem__(x > 8, ms.Tensor(np.ones((2, 2), np.float32))))(
            ms.Tensor(grid_np())
        )


def test_setitem_on_a_per_example_tensor_inside_vmap():
    def row_fix(r, i):
        r = r * 1
        r[r > 5] = -1.0  # a per-example mask
        r[i] = r[0] * 10  # a per-example integer Tensor index
        r[1:3] += 0.5
        return r

    x, idx = grid_np(), np.array([3, 0, 2])
    got = ms.vmap(row_fix)(ms.Tensor(x), ms.Tensor(idx))
    expected = x.copy()
    for r, i in zip(expected, idx):
        r[r > 5] = -1.0
        r[i] = r[0] * 10
        r[1:3] += 0.5
    np.testing.assert_array_equal(np.asarray(got), expected)


# -- gradients: MindSpore's values, finite differences, and under jit ------------------------
def _finite_differences(f, inputs, eps=1e-2):
    grads = []
    for k, a in enumerate(inputs):
        g = np.zeros(a.shape, np.float64)
        for pos in np.ndindex(a.shape):
            parts = []
            for sign in (1, -1):
                shifted = [b.astype(np.float64) for b in inputs]
                shifted[k][pos] += sign * eps
                parts.append(float(f(*(ms.Tensor(b.astype(np.float32)) for b in shifted))))
            g[pos] = (parts[0] - parts[1]) / (2 * eps)
        grads.append(g)
    return grads


@pytest.mark.parametrize("loss", cases.GRAD_LOSSES, ids=lambda c: c.__name__)
def test_gradient_through_setitem(loss):
    golden = GOLDEN["grad:" + loss.__name__]
    eager = cases.gradients(ms, loss)
    for key, value in golden.items():
        assert_golden(eager[key], value, rtol=1e-5)
    f, inputs = loss(ms)
    for k, fd in enumerate(_finite_differences(f, inputs)):
        np.testing.assert_allclose(np.asarray(eager[f"d{k}"]), fd, rtol=1e-3, atol=2e-3)
    if loss is cases.loss_mask:  # under jit the mask is traced: the jnp.where path
        jitted = cases.gradients(ms, loss, transform=ms.jit)
        for key, value in golden.items():
            assert_golden(jitted[key], value, rtol=1e-5)


def test_repeated_positions_last_write_wins_and_gets_the_gradient():
    # MindSpore 2.10 sends a gradient to the overwritten write too (golden d1 = [2, 6, 2]);
    # msfunc differentiates the function itself: the overwritten write gets none.
    loss = cases.loss_repeated_index
    golden = GOLDEN["grad:" + loss.__name__]
    got = cases.gradients(ms, loss)
    f, inputs = loss(ms)
    fd = _finite_differences(f, inputs)
    for k in (0, 1):
        np.testing.assert_allclose(np.asarray(got[f"d{k}"]), fd[k], atol=2e-3)
    np.testing.assert_array_equal(golden["d1"]["value"], [2.0, 6.0, 2.0])
    np.testing.assert_array_equal(np.asarray(got["d1"]), [0.0, 6.0, 2.0])


def test_repeated_positions_are_written_once_each():
    from msfunc.common.tensor_setitem import _components, _last_writes

    for shape, index, value, array_dims in [
        ((3, 4), ([0, 2, 0], 1), np.array([1.0, 2.0, 3.0]), (3, 4)),
        (
            (2, 3, 4),
            (np.array([[1], [1]]), slice(None, None, 2), np.array([3, 3])),
            np.arange(8.0).reshape(2, 2, 2),
            (2, 4),
        ),
    ]:
        a = grid_np(shape)
        comps = _components(index, a.shape)
        target = a[index].shape
        new_index, new_value = _last_writes(a.shape, comps, jnp.asarray(value), target)
        positions = np.ravel_multi_index(
            [np.asarray(i) for i in new_index if not isinstance(i, slice)], array_dims
        )
        assert np.unique(positions).size == positions.size
        expected = a.copy()
        expected[index] = value
        got = a.copy()
        got[new_index] = np.asarray(new_value)
        np.testing.assert_array_equal(got, expected)


# -- Parameters: jit, grad with weights, data_sink -------------------------------------------
def test_parameter_write_inside_jit_is_carried_out():
    p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="p")

    @ms.jit
    def step(x):
        p[0] = 5.0
        p[1:] += x
        return p.sum()

    assert float(step(ms.Tensor(1.0))) == 7.0
    np.testing.assert_array_equal(p.asnumpy(), [5.0, 1.0, 1.0])
    step(ms.Tensor(2.0))
    np.testing.assert_array_equal(p.asnumpy(), [5.0, 3.0, 3.0])


def test_parameter_write_inside_jitted_grad_is_committed_once_per_call():
    p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="p")

    def f(x):
        p[1] += 1.0
        return (p * x).sum()

    grad_fn = ms.jit(ms.grad(f, grad_position=None, weights=[p]))
    for calls in (1, 2):
        (dp,) = grad_fn(ms.Tensor(np.array([4.0, 5.0, 6.0], np.float32)))
        np.testing.assert_array_equal(np.asarray(dp), [4.0, 5.0, 6.0])
        np.testing.assert_array_equal(p.asnumpy(), [1.0, 2.0 + calls, 3.0])


def test_parameter_setitem_in_a_data_sink_step():
    p = ms.Parameter(ms.Tensor(np.zeros(4, np.float32)), name="p")

    def step(i, v):
        p[i] = v
        p[0] += 1.0
        return p * 1

    batches = ((np.int32(k % 3 + 1), np.float32(10 * k)) for k in range(4))
    sink = ms.data_sink(step, batches, sink_size=4)
    out = sink()
    expected = np.zeros(4, np.float32)
    for k in range(4):
        expected[k % 3 + 1] = 10 * k
        expected[0] += 1.0
    np.testing.assert_array_equal(p.asnumpy(), expected)
    np.testing.assert_array_equal(np.asarray(out), expected)


# -- augmented assignment on the whole Tensor --------------------------------------------------
def test_augmented_assignment():
    t = ms.Tensor(grid_np())
    t += ms.Tensor(np.arange(4, dtype=np.float32))
    t -= 1.0
    t *= 2.0
    np.testing.assert_array_equal(t.asnumpy(), (grid_np() + np.arange(4) - 1.0) * 2.0)

    @ms.jit
    def accumulate(x):
        x += 1.0
        x[0] -= x[1]
        return x

    expected = grid_np() + 1.0
    expected[0] -= expected[1]
    np.testing.assert_array_equal(np.asarray(accumulate(ms.Tensor(grid_np()))), expected)


# -- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "index,error",
    [
        (3, IndexError),
        ((0, -5), IndexError),
        ([0, 3], IndexError),
        (np.array([True, False]), IndexShapeError),
        ((0, 0, 0), IndexError),
        (ms.Tensor([0.0]), IndexError),
        ("a", IndexError),
        ((Ellipsis, Ellipsis), IndexError),
    ],
)
def test_bad_indices_raise_before_writing(index, error):
    t = ms.Tensor(grid_np())
    with pytest.raises(error, match="Tensor.__setitem__"):
        t[index] = 1.0
    np.testing.assert_array_equal(t.asnumpy(), grid_np())


def test_bad_values_raise():
    t = ms.Tensor(grid_np())
    with pytest.raises(TypeError, match="the value must be"):
        t[0] = "x"
    with pytest.raises(ValueError, match=r"shape \(2,\) cannot be broadcast to the indexed shape"):
        t[0] = [1.0, 2.0]
    with pytest.raises(IndexError, match="Tensor.__getitem__: index 7"):
        get_items(jnp.zeros(3), 7)


def test_set_items_on_raw_arrays_needs_no_tensor():
    out = set_items(jnp.zeros((2, 3), jnp.int32), (slice(None), [0, 2]), 9.9)
    np.testing.assert_array_equal(np.asarray(out), [[9, 0, 9], [9, 0, 9]])
