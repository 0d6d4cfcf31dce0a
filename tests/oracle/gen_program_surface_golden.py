"""Record what real MindSpore 2.10 does on the surface real programs reach: custom
initializers, module paths and typing names, MultitypeFuncGraph / HyperMap, loss scalers,
nn.MatMul, the device target after asking for Ascend, load_param_into_net.

Writes tests/golden/program_surface.json, read by tests/compat/test_compat_program_surface.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py program_surface
"""

import json
import pathlib

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn, ops
from mindspore.common.initializer import Initializer, _assignment, _register, initializer
from mindspore.ops import composite as C
from mindspore.ops import functional as F

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "program_surface.json"
golden = {}


def error_type(fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out.asnumpy()  # MindSpore reports some errors only when the value is read
    except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
        return type(exc).__name__
    return None


# ---- custom initializers ---------------------------------------------------------------
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


golden["initializer"] = {
    "ramp": initializer(Ramp(1.0), [2, 3], ms.float32).asnumpy().tolist(),
    "by_name": initializer("ramp_init", (3,), ms.float32).asnumpy().tolist(),
    "float16_dtype": str(initializer(Ramp(), (2,), ms.float16).dtype),
    "scalar_shape0": initializer(Scalar(), (), ms.float32).asnumpy().tolist(),
    "dense_weight": nn.Dense(2, 3, weight_init=Ramp(0.5), bias_init=Scalar())
    .weight.asnumpy()
    .tolist(),
    "dense_bias": nn.Dense(2, 3, weight_init=Ramp(0.5), bias_init=Scalar()).bias.asnumpy().tolist(),
    "kwargs": Ramp(3.0)._kwargs,
}

# ---- module paths, typing names, dispatch -----------------------------------------------
from mindspore._c_expression import typing  # noqa: E402
from mindspore.amp import DynamicLossScaler, StaticLossScaler, all_finite  # noqa: E402

golden["surface"] = {
    "version": ms.__version__,
    "log_level": ms.log.get_level(),
    "activation_keys": sorted(nn.layer.activation._activation),
    "typing": {
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
    },
    "repr_uint8_tensor": repr(Tensor(np.array([1, 0], np.uint8))),
    "str_uint8": str(ms.uint8),
}


def recompute_scopes():
    """get_scope of a Cell and its sub-Cells before and after recompute() on each level."""
    net = nn.SequentialCell([nn.Dense(2, 2), nn.SequentialCell([nn.ReLU()])])
    seen = [[net.get_scope(), net[0].get_scope(), net[1][0].get_scope()]]
    net[1].recompute()
    seen.append([net.get_scope(), net[0].get_scope(), net[1][0].get_scope()])
    net.recompute()
    seen.append([net.get_scope(), net[0].get_scope(), net[1][0].get_scope()])
    return seen


golden["recompute_scopes"] = recompute_scopes()


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

hyper_map = C.HyperMap()
grads = (
    Tensor(np.array([3.0, -0.5], np.float32)),
    (Tensor(np.array([0.1], np.float32)), Tensor(np.array([-4.0], np.float32))),
    5,
)
clipped = hyper_map(F.partial(clip, 2, 1.0), grads)
golden["multitype"] = {
    "hyper_map_nested": [
        clipped[0].asnumpy().tolist(),
        [c.asnumpy().tolist() for c in clipped[1]],
        clipped[2],
    ],
    "hyper_map_two_seqs": [
        t.asnumpy().tolist()
        for t in C.HyperMap()(
            lambda a, b: a * b,
            (Tensor(np.array([2.0], np.float32)), Tensor(np.array([3.0], np.float32))),
            (Tensor(np.array([1.0], np.float32)), Tensor(np.array([4.0], np.float32))),
        )
    ],
    "map": [
        t.asnumpy().tolist()
        for t in C.Map()(
            lambda a: a + 1,
            (Tensor(np.array([1.0], np.float32)), Tensor(np.array([2.0], np.float32))),
        )
    ],
    "kinds": [kind(v) for v in (1, 1.5, True, (1,), [1], None, "s", Tensor(1.0))],
    "no_match_error": error_type(lambda: clip("a", 1, 2)),
    "constexpr": ops.constexpr(lambda shape: tuple(2 * s for s in shape))((2, 3)),
}


def scaler_trace():
    scaler = DynamicLossScaler(1024, 2, 2)
    values = []
    for finite in (True, True, True, False, False, True, True):
        scaler.adjust(Tensor(finite))
        values.append(float(scaler.scale_value.asnumpy()))
    return values


static = StaticLossScaler(128)
golden["amp"] = {
    "dynamic_scale_values": scaler_trace(),
    "static_scale": float(static.scale(Tensor(np.float32(0.5))).asnumpy()),
    "static_unscale": [
        t.asnumpy().tolist()
        for t in static.unscale(
            (Tensor(np.array([256.0], np.float32)), Tensor(np.array([64.0], np.float16)))
        )
    ],
    "all_finite": [
        bool(all_finite((Tensor(np.array([1.0, 2.0], np.float32)),)).asnumpy()),
        bool(
            all_finite(
                (Tensor(np.array([1.0], np.float32)), Tensor(np.array([np.inf], np.float32)))
            ).asnumpy()
        ),
        bool(all_finite((Tensor(np.array([np.nan], np.float32)),)).asnumpy()),
    ],
}

a32 = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
golden["nn_matmul"] = {
    "plain": nn.MatMul()(a32, Tensor(np.ones((3, 2), np.float32))).asnumpy().tolist(),
    "transpose_x2": nn.MatMul(transpose_x2=True)(
        a32, Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    )
    .asnumpy()
    .tolist(),
    "one_d_left": nn.MatMul()(Tensor(np.array([1.0, 2.0], np.float32)), a32).asnumpy().tolist(),
    "batched_shape": list(
        nn.MatMul()(
            Tensor(np.ones((5, 2, 3), np.float32)), Tensor(np.ones((3, 4), np.float32))
        ).shape
    ),
    "float64_error": error_type(
        lambda: nn.MatMul()(Tensor(np.ones((2, 3))), Tensor(np.ones((3, 2), np.float32)))
    ),
    "shape_error": error_type(lambda: nn.MatMul()(a32, Tensor(np.ones((4, 2), np.float32)))),
}


def device_target_after_ascend():
    try:
        ms.set_context(device_target="Ascend")
    except RuntimeError:
        pass  # the CPU build refuses it
    return ms.get_context("device_target")


golden["device_target"] = device_target_after_ascend()

# ---- load_param_into_net ----------------------------------------------------------------
net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
golden["load_param"] = ms.load_param_into_net(
    net,
    {
        "weightx": Parameter(Tensor(np.zeros((2, 3), np.float32)), name="weightx"),
        "bias": Parameter(Tensor(np.ones(2, np.float32)), name="bias"),
    },
)

OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print("wrote", OUT)
