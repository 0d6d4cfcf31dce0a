"""Placeholder Tensors, `Cell.set_inputs` and `jit(input_signature=...)`: MindSpore 2.10's
placeholders (golden values from tests/oracle/gen_input_signature_golden.py), call checks
before tracing, and the retrace policy (one compile per concrete shape)."""

import copy
import json
import pickle

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn
from msfunc.common.tensor_format import dtype_name

GOLDEN = json.loads((TESTS / "golden" / "input_signature.json").read_text())
ERRORS = {"ValueError": ValueError, "TypeError": TypeError}


def placeholder(shape, dtype=ms.float32):
    return ms.Tensor(shape=shape, dtype=dtype)


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


# -- the placeholder ---------------------------------------------------------------------
@pytest.mark.parametrize("case", GOLDEN["placeholders"], ids=lambda c: str(c["shape_in"]))
def test_placeholder_matches_mindspore(case):
    t = placeholder(case["shape_in"], getattr(ms, case["dtype_in"]))
    assert isinstance(t, ms.Tensor)
    assert repr(t) == case["repr"]
    assert list(t.shape) == case["shape"]
    assert dtype_name(t.dtype) == case["dtype"]
    assert (t.ndim, t.size) == (case["ndim"], case["size"])
    with pytest.raises(ERRORS[case["str_error"]], match="placeholder"):
        str(t)
    with pytest.raises(ERRORS[case["asnumpy_error"]], match="placeholder"):
        t.asnumpy()


@pytest.mark.parametrize("name", sorted(GOLDEN["bad_constructions"]))
def test_placeholder_construction_errors(name):
    kwargs, message = {
        "no_dtype": (dict(shape=[None, 3]), "dynamic shape"),
        "with_init": (dict(shape=[None, 3], dtype=ms.float32, init="ones"), "dynamic shape"),
        "nothing": ({}, "input_data"),
    }[name]
    with pytest.raises(ERRORS[GOLDEN["bad_constructions"][name]], match=message):
        ms.Tensor(**kwargs)
    with pytest.raises(ValueError, match="invalid dim -3"):
        placeholder([-3])


def test_computing_with_a_placeholder_raises_clearly():
    t = placeholder([None, 3])
    for compute in (
        lambda: t + 1,
        lambda: ms.ops.add(t, t),
        lambda: jnp.sin(t),
        t.sum,
        lambda: np.asarray(t),
        lambda: t.__setitem__(0, 1.0),
        lambda: jax.jit(lambda a: a)(t),
    ):
        with pytest.raises(
            ValueError,
            match=r"Tensor\(shape=\[-1, 3\], dtype=Float32\) is a "
            "placeholder",
        ):
            compute()
    assert not hasattr(t, "sharding")
    assert copy.deepcopy(t) is t
    assert repr(pickle.loads(pickle.dumps(t))) == repr(t)


# -- Cell.set_inputs -----------------------------------------------------------------------
class Affine(nn.Cell):
    """y = x @ w + b with the oracle's weights; counts the traces of construct."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) / 4), name="w")
        self.b = ms.Parameter(ms.Tensor(np.array([0.5, -1.0], np.float32)), name="b")
        self.calls = [0]  # a list: counting does not change the Cell's fingerprint

    def construct(self, x):
        self.calls[0] += 1
        return ms.ops.matmul(x, self.w) + self.b


BAD_INPUTS = {
    "static_dim": (np.ones((4, 4), np.float32), r"dim 1 is declared as 3"),
    "rank": (np.ones((4, 3, 1), np.float32), r"has rank 3 .* rank 2 is declared"),
    "dtype": (np.ones((4, 3), np.int32), r"dtype Int32, but Float32 is declared"),
}


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_set_inputs_checks_every_call(mode, request):
    if mode == "graph":
        request.getfixturevalue("graph_mode")
    net = Affine()
    net.set_inputs(placeholder([None, 3]))
    golden = GOLDEN["set_inputs"]
    for rows in (1, 4):
        case = golden[f"rows_{rows}"]
        out = net(ms.Tensor(np.array(case["x"], np.float32)))
        np.testing.assert_allclose(out.asnumpy(), case["out"], rtol=1e-6)
    calls = net.calls[0]
    for name, (x, message) in BAD_INPUTS.items():
        # MindSpore 2.10 raises float64 input as TypeError too; int32 keeps it exact without x64
        with pytest.raises(
            ERRORS[golden[f"error_{name}"]],
            match=r"Affine.set_inputs: positional argument 0 \('x'\) .*" + message,
        ):
            net(ms.Tensor(x))
    with pytest.raises(ERRORS[golden["error_count"]], match="1 inputs are declared"):
        net(ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(TypeError, match="must be a Tensor of shape \\[-1, 3\\].*got float 1.0"):
        net(1.0)
    assert net.calls[0] == calls  # rejected before construct ran or was traced
    assert [repr(t) for t in net.get_inputs()] == golden["get_inputs"]


def test_set_inputs_takes_a_scalar_where_every_dim_is_dynamic(graph_mode):
    golden = GOLDEN["set_inputs"]
    for name, shape, value in (
        ("scalar_for_none", [None], np.float32(1.5)),
        ("scalar_for_none_none", [None, None], np.float32(1.5)),
        ("vector_for_none_none", [None, None], np.ones(3, np.float32)),
    ):
        net = nn.Cell()
        net.construct = lambda x: x * 2
        net.set_inputs(placeholder(shape))
        want = golden[name]
        if isinstance(want, str):
            with pytest.raises(ERRORS[want], match="rank 1 .* rank 2 is declared"):
                net(ms.Tensor(value))
        else:
            assert net(ms.Tensor(value)).asnumpy().tolist() == want


def test_empty_set_inputs_declares_nothing():
    # MindSpore 2.10 (PyNative): set_inputs() leaves get_inputs() == () and checks no call.
    net = nn.ReLU()
    net.set_inputs()
    assert net.get_inputs() == ()
    assert net(ms.Tensor(np.array([1.0, -2.0], np.float32))).asnumpy().tolist() == [1.0, 0.0]


def test_set_inputs_by_name_and_keyword_call():
    net = Affine()
    net.set_inputs(x=placeholder([None, 3]))
    with pytest.raises(ERRORS[GOLDEN["set_inputs"]["by_name_error_dtype"]], match="'x'"):
        net(ms.Tensor(np.ones((2, 3), np.int32)))
    with pytest.raises(ValueError, match="argument 'x' has rank 1"):
        net(x=ms.Tensor(np.ones(3, np.float32)))
    assert net(x=ms.Tensor(np.ones((2, 3), np.float32))).shape == (2, 2)
    with pytest.raises(TypeError, match=r"\['y'\] name no parameter"):
        net.set_inputs(y=placeholder([None]))


def test_set_inputs_compiles_once_per_concrete_shape(graph_mode):
    net = Affine()
    net.set_inputs(placeholder([None, 3]))
    traces = []
    for rows in (2, 5, 2, 7, 5):
        net(ms.Tensor(np.ones((rows, 3), np.float32)))
        traces.append(net.calls[0])
    # the first shape may trace twice (Parameters are discovered, then lifted)
    assert np.diff(traces).tolist() == [1, 0, 1, 0]


def test_set_inputs_survives_copies_and_jax_transforms():
    net = Affine()
    net.set_inputs(placeholder([None, 3]))
    assert repr(copy.deepcopy(net).get_inputs()) == repr(net.get_inputs())
    run = jax.jit(lambda n, x: n(x))
    assert run(net, jnp.ones((2, 3), jnp.float32)).shape == (2, 2)
    with pytest.raises(ValueError, match="dim 1 is declared as 3"):
        run(net, jnp.ones((2, 4), jnp.float32))
    # inside a compiled step the traced batch is checked; inside vmap (per example) nothing is
    with pytest.raises(ValueError, match="rank 1"):
        ms.jit(lambda x: net(x))(ms.Tensor(np.ones(3, np.float32)))
    per_example = ms.vmap(net)(ms.Tensor(np.ones((4, 3), np.float32)))
    assert per_example.shape == (4, 2)


# -- jit(input_signature=...) -------------------------------------------------------------
def test_jit_input_signature_checks_before_tracing():
    traces = []

    def body(x, y):
        traces.append(1)  # runs once per trace
        return x * 2 + y

    step = ms.jit(body, input_signature=(placeholder([None, 3]), placeholder([-2], ms.int32)))
    y = ms.Tensor(np.array(1, np.int32))
    bad = [
        (
            (ms.Tensor(np.ones((2, 4), np.float32)), y),
            ValueError,
            r"jit\(.*\) input_signature: positional argument 0 \('x'\) has shape \(2, 4\), "
            r"but dim 1 is declared as 3 \(declared shape \[-1, 3\]\)",
        ),
        ((ms.Tensor(np.ones(3, np.float32)), y), ValueError, "has rank 1"),
        ((ms.Tensor(np.ones((1, 3), np.int32)), y), TypeError, "dtype Int32, but Float32"),
        (
            (ms.Tensor(np.ones((1, 3), np.float32)), ms.Tensor(1.0)),
            TypeError,
            r"argument 1 \('y'\) has dtype Float32, but Int32 is declared \(declared shape "
            r"\[-2\]\)",
        ),
        ((ms.Tensor(np.ones((1, 3), np.float32)),), TypeError, r"'y'\) was not given"),
        ((placeholder([None, 3]), y), TypeError, "got the placeholder"),
    ]
    for args, error, message in bad:
        with pytest.raises(error, match=message):
            step(*args)
    assert traces == []
    # None dims and the [-2] rank accept any size; each new concrete shape traces once
    for rows, y_shape in ((1, ()), (4, ()), (1, ()), (4, (2, 1, 1)), (4, ())):
        x = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
        yv = np.full(y_shape, 3, np.int32)
        np.testing.assert_allclose(np.asarray(step(ms.Tensor(x), ms.Tensor(yv))), x * 2 + yv)
    assert len(traces) == 3


def test_jit_input_signature_forms():
    spec = jax.ShapeDtypeStruct((None, 2), jnp.float32)  # JAX's own descriptor works too
    one = ms.jit(lambda x: x + 1, input_signature=spec)
    assert one(jnp.ones((3, 2), jnp.float32)).shape == (3, 2)
    by_name = ms.jit(lambda x, n: x * n, input_signature={"x": placeholder([2])})
    with pytest.raises(ValueError, match=r"argument 0 \('x'\) has shape \(3,\)"):
        by_name(jnp.ones(3, jnp.float32), 2)
    assert float(by_name(x=jnp.ones(2, jnp.float32), n=3).sum()) == 6.0
    nested = ms.jit(
        lambda xs: xs[0] + xs[1], input_signature=((placeholder([None]), placeholder([None])),)
    )
    with pytest.raises(TypeError, match=r"argument 0 \('xs'\)\[1\] has dtype Int32"):
        nested((jnp.ones(2, jnp.float32), jnp.ones(2, jnp.int32)))
    with pytest.raises(TypeError, match="`input_signature` must be"):
        ms.jit(lambda x: x, input_signature="x")


def test_jit_input_signature_on_a_method():
    class Scaler:
        @ms.jit(input_signature=(placeholder([None, 2]),))
        def scale(self, x):
            return x * 3

    assert Scaler().scale(jnp.ones((5, 2), jnp.float32)).shape == (5, 2)
    with pytest.raises(ValueError, match=r"argument 0 \('x'\) has rank 1"):
        Scaler().scale(jnp.ones(2, jnp.float32))
