"""What real MindSpore programs reach at import and set-up time, against MindSpore 2.10
(tests/oracle/gen_program_surface_golden.py): custom initializers, module paths, typing
names, MultitypeFuncGraph / HyperMap, loss scalers, nn.MatMul, device_target,
load_param_into_net's warning."""

import importlib
import json
import re

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import alias_mindspore, unalias_mindspore

GOLDEN = json.loads((TESTS / "golden" / "program_surface.json").read_text())


@pytest.fixture
def ms():
    alias_mindspore()
    import mindspore

    yield mindspore
    unalias_mindspore()


def test_custom_initializer_fills_a_numpy_array(ms):
    from mindspore.common.initializer import Initializer, _assignment, _register, initializer

    @_register("ramp_init")
    class Ramp(Initializer):
        def __init__(self, start=0.0):
            super().__init__(start=start)
            self.start = start

        def _initialize(self, arr):
            _assignment(arr, np.arange(arr.size, dtype=np.float64).reshape(arr.shape) + self.start)

    class Scalar(Initializer):
        def _initialize(self, arr):
            _assignment(arr, 2.5)

    want = GOLDEN["initializer"]
    assert initializer(Ramp(1.0), [2, 3], ms.float32).asnumpy().tolist() == want["ramp"]
    assert initializer("ramp_init", (3,), ms.float32).asnumpy().tolist() == want["by_name"]
    assert str(ms.float16) == want["float16_dtype"]
    assert initializer(Ramp(), (2,), ms.float16).dtype == ms.float16
    assert initializer(Scalar(), (), ms.float32).asnumpy().tolist() == want["scalar_shape0"]
    dense = ms.nn.Dense(2, 3, weight_init=Ramp(0.5), bias_init=Scalar())
    assert dense.weight.asnumpy().tolist() == want["dense_weight"]
    assert dense.bias.asnumpy().tolist() == want["dense_bias"]
    assert Ramp(3.0)._kwargs == want["kwargs"]


def test_module_paths_and_typing_names(ms):
    want = GOLDEN["surface"]
    assert ms.__version__ == want["version"]
    log = importlib.import_module("mindspore.log")
    assert log.get_level() == "2" and callable(log.warning)  # (the oracle ran at GLOG_v=3)
    from mindspore.amp import DynamicLossScaler, all_finite, auto_mixed_precision

    assert auto_mixed_precision is msfunc.amp.auto_mixed_precision
    assert callable(DynamicLossScaler) and callable(all_finite)
    assert sorted(ms.nn.layer.activation._activation) == want["activation_keys"]
    from mindspore._c_expression import typing

    got = {
        "float32_is_number": isinstance(ms.float32, typing.Number),
        "float32_is_float": isinstance(ms.float32, typing.Float),
        "int8_is_int": isinstance(ms.int8, typing.Int),
        "uint8_is_uint": isinstance(ms.uint8, typing.UInt),
        "bool_is_number": isinstance(ms.bool_, typing.Number),
        "float32_is_int": isinstance(ms.float32, typing.Int),
        "tensor_type_is_type": isinstance(ms.tensor_type, typing.Type),
        "kFloat32_is_float32": typing.kFloat32 == ms.float32,
        "type_of_float32": type(ms.float32).__name__,
        "type_of_uint8": type(ms.uint8).__name__,
    }
    assert got == want["typing"]
    assert repr(ms.Tensor(np.array([1, 0], np.uint8))) == want["repr_uint8_tensor"]
    assert str(ms.uint8) == want["str_uint8"]


def test_multitype_func_graph_and_hyper_map(ms):
    from mindspore import ops
    from mindspore.ops import composite as C
    from mindspore.ops import functional as F

    clip = C.MultitypeFuncGraph("clip")

    @clip.register("Number", "Number", "Tensor")
    def _clip_tensor(scale, bound, grad):
        return ops.clip_by_value(grad, -bound, bound) * scale

    @clip.register("Number", "Number", "Number")
    def _clip_number(scale, bound, grad):
        return grad + 1000

    kind = C.MultitypeFuncGraph("kind")
    for name in ("Int", "Float", "Bool", "Tuple", "List", "None", "String", "Tensor"):
        kind.register(name)(lambda x, name=name: name)

    want = GOLDEN["multitype"]
    grads = (
        ms.Tensor(np.array([3.0, -0.5], np.float32)),
        (ms.Tensor(np.array([0.1], np.float32)), ms.Tensor(np.array([-4.0], np.float32))),
        5,
    )
    out = C.HyperMap()(F.partial(clip, 2, 1.0), grads)
    np.testing.assert_allclose(out[0].asnumpy(), want["hyper_map_nested"][0], rtol=1e-6)
    for got, ref in zip(out[1], want["hyper_map_nested"][1]):
        np.testing.assert_allclose(got.asnumpy(), ref, rtol=1e-6)
    assert isinstance(out[1], tuple) and out[2] == want["hyper_map_nested"][2]
    two = C.HyperMap()(
        lambda a, b: a * b,
        (ms.Tensor(np.array([2.0], np.float32)), ms.Tensor(np.array([3.0], np.float32))),
        (ms.Tensor(np.array([1.0], np.float32)), ms.Tensor(np.array([4.0], np.float32))),
    )
    assert [t.asnumpy().tolist() for t in two] == want["hyper_map_two_seqs"]
    mapped = C.Map()(
        lambda a: a + 1,
        (ms.Tensor(np.array([1.0], np.float32)), ms.Tensor(np.array([2.0], np.float32))),
    )
    assert [t.asnumpy().tolist() for t in mapped] == want["map"]
    assert [kind(v) for v in (1, 1.5, True, (1,), [1], None, "s", ms.Tensor(1.0))] == want["kinds"]
    with pytest.raises(ValueError, match="no overload") as info:
        clip("a", 1, 2)
    assert type(info.value).__name__ == want["no_match_error"]
    assert (
        list(ops.constexpr(lambda shape: tuple(2 * s for s in shape))((2, 3))) == want["constexpr"]
    )
    # a HyperMap inside a compiled construct traces the chosen overload
    clip_all = lambda g: C.HyperMap()(F.partial(clip, 2, 1.0), g)  # noqa: E731 (MindSpore
    # compiles a lambda only from a line of its own)
    jitted = msfunc.jit(clip_all)(grads[:2])
    np.testing.assert_allclose(jitted[0].asnumpy(), want["hyper_map_nested"][0], rtol=1e-6)


def test_loss_scalers_and_all_finite(ms):
    from mindspore.amp import DynamicLossScaler, StaticLossScaler, all_finite

    want = GOLDEN["amp"]
    scaler = DynamicLossScaler(1024, 2, 2)
    values = []
    for finite in (True, True, True, False, False, True, True):
        scaler.adjust(ms.Tensor(finite))
        values.append(float(scaler.scale_value.asnumpy()))
    assert values == want["dynamic_scale_values"]
    static = StaticLossScaler(128)
    assert float(static.scale(ms.Tensor(np.float32(0.5))).asnumpy()) == want["static_scale"]
    unscaled = static.unscale(
        (ms.Tensor(np.array([256.0], np.float32)), ms.Tensor(np.array([64.0], np.float16)))
    )
    assert [t.asnumpy().tolist() for t in unscaled] == want["static_unscale"]
    assert unscaled[1].dtype == np.float16
    got = [
        bool(all_finite((ms.Tensor(np.array([1.0, 2.0], np.float32)),))),
        bool(
            all_finite(
                (ms.Tensor(np.array([1.0], np.float32)), ms.Tensor(np.array([np.inf], np.float32)))
            )
        ),
        bool(all_finite((ms.Tensor(np.array([np.nan], np.float32)),))),
    ]
    assert got == want["all_finite"]


def test_nn_matmul(ms):
    want = GOLDEN["nn_matmul"]
    a32 = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert (
        ms.nn.MatMul()(a32, ms.Tensor(np.ones((3, 2), np.float32))).asnumpy().tolist()
        == want["plain"]
    )
    assert (
        ms.nn.MatMul(transpose_x2=True)(
            a32, ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
        )
        .asnumpy()
        .tolist()
        == want["transpose_x2"]
    )
    assert (
        ms.nn.MatMul()(ms.Tensor(np.array([1.0, 2.0], np.float32)), a32).asnumpy().tolist()
        == want["one_d_left"]
    )
    assert (
        list(
            ms.nn.MatMul()(
                ms.Tensor(np.ones((5, 2, 3), np.float32)), ms.Tensor(np.ones((3, 4), np.float32))
            ).shape
        )
        == want["batched_shape"]
    )
    with pytest.raises(TypeError, match="x1.*x2.*dtype") as info:
        ms.nn.MatMul()(ms.Tensor(np.ones((2, 3))), ms.Tensor(np.ones((3, 2), np.float32)))
    assert type(info.value).__name__ == want["float64_error"]
    with pytest.raises(ValueError, match="contracted dim") as info:
        ms.nn.MatMul()(a32, ms.Tensor(np.ones((4, 2), np.float32)))
    assert type(info.value).__name__ == want["shape_error"]


def test_device_target_reports_where_it_runs(ms):
    # MindSpore's CPU build refuses another target and keeps 'CPU'; msfunc records the
    # request, warns, and reports the device JAX computes on.
    try:
        with pytest.warns(UserWarning, match="device_target='Ascend'"):
            ms.set_context(device_target="Ascend")
        running = msfunc.context.running_device_target()
        assert ms.get_context("device_target") == (
            GOLDEN["device_target"] if running == "CPU" else running
        )
    finally:
        ms.set_context(device_target="CPU")


def test_load_param_into_net_logs_what_it_did_not_load_on_each_call(ms, capfd):
    net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    params = {
        "weightx": ms.Parameter(ms.Tensor(np.zeros((2, 3), np.float32)), name="weightx"),
        "bias": ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="bias"),
    }
    for _ in range(2):  # (MindSpore logs it each time; a Python warning would show once)
        result = ms.load_param_into_net(net, params)
    logged = [line for line in capfd.readouterr().err.splitlines() if "WARNING" in line]
    assert len(logged) == 2
    assert all(re.search(r"1 Parameter\(s\).*\['weight'\]", line) for line in logged)
    assert [list(r) for r in result] == GOLDEN["load_param"]
    assert net.bias.asnumpy().tolist() == [1.0, 1.0]


def test_monad_tokens_pass_through_depend_as_in_eager_code(ms):
    monad = importlib.import_module("mindspore.common._monad")
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    double = lambda v: ms.ops.depend(v * 2, monad.U)  # noqa: E731 (a lambda MindSpore compiles)
    compiled = ms.jit(double)(x)
    np.testing.assert_array_equal(compiled.asnumpy(), (x * 2).asnumpy())
    np.testing.assert_array_equal(ms.ops.depend(x, monad.IO).asnumpy(), x.asnumpy())


def test_recompute_scope_covers_the_sub_cells(ms):
    nn = ms.nn
    net = nn.SequentialCell([nn.Dense(2, 2), nn.SequentialCell([nn.ReLU()])])
    seen = [[net.get_scope(), net[0].get_scope(), net[1][0].get_scope()]]
    net[1].recompute()
    seen.append([net.get_scope(), net[0].get_scope(), net[1][0].get_scope()])
    net.recompute()
    seen.append([net.get_scope(), net[0].get_scope(), net[1][0].get_scope()])
    assert seen == GOLDEN["recompute_scopes"]
