"""Record what real MindSpore 2.10 does on the surface real programs reach (issue: programs
run unchanged): custom initializers, module paths and typing names, MultitypeFuncGraph /
HyperMap, loss scalers, Tensor conversions and views, Parameter names, dtype strictness,
integer gradients, BFGS / L-BFGS / lstsq results.

Writes tests/golden/program_surface.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py program_surface
"""

import json
import pathlib

import mindspore as ms
import mindspore.numpy as mnp
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

# ---- Tensor conversions and views --------------------------------------------------------
golden["conversions"] = {
    "expand_dims_axis": list(Tensor(np.ones(3, np.float32)).expand_dims(axis=0).shape),
    "int": [int(Tensor([3])), int(Tensor(np.array([[[-7]]]))), int(Tensor([[3.7]]))],
    "float": [float(Tensor([2])), float(Tensor([[2.5]]))],
    "bool": [bool(Tensor([[0]])), bool(Tensor([0.5]))],
    "int_two_elements": error_type(lambda: int(Tensor([1, 2]))),
    "float_two_elements": error_type(lambda: float(Tensor([1.0, 2.0]))),
    "bool_two_elements": error_type(lambda: bool(Tensor([1, 2]))),
    "bool_empty": error_type(lambda: bool(Tensor(np.zeros((0,), np.float32)))),
}

dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
one = ops.GradOperation(get_by_list=True)(dense, dense.weight)(Tensor(np.ones((1, 2), np.float32)))
in_list = ops.GradOperation(get_by_list=True)(dense, [dense.weight])(
    Tensor(np.ones((1, 2), np.float32))
)
golden["grad_operation"] = {
    "one_parameter_is_tensor": isinstance(one, Tensor),
    "one_parameter": one.asnumpy().tolist(),
    "list_is_tuple": isinstance(in_list, tuple),
}


def views():
    out = {}
    t = Tensor(np.arange(6, dtype=np.float32))
    b = t.view((3, 2))
    b[0, 0] = 7
    out["view_write"] = t.asnumpy().tolist()
    t[1] = 9
    out["base_write_seen"] = b.asnumpy().tolist()
    t = Tensor(np.arange(6, dtype=np.float32))
    r = t.reshape(2, 3)
    r[1, 2] = -1
    out["reshape_write"] = t.asnumpy().tolist()
    u = Tensor(np.zeros((2, 2), np.float32))
    u[0][0] = 5
    out["chained_index"] = u.asnumpy().tolist()
    t = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    col = t[:, 1]
    col[1] = 50
    out["column_write"] = t.asnumpy().tolist()
    t = Tensor(np.arange(6, dtype=np.float32))
    s = t[::2]
    s[1] = -5
    e = t[None, 3:]
    e[0, 0] = 100
    out["step_and_none"] = t.asnumpy().tolist()
    t = Tensor(np.arange(6, dtype=np.float32))
    v = t.view(2, 3)
    w = v[1]
    w[2] = -1
    out["view_of_view"] = [t.asnumpy().tolist(), v.asnumpy().tolist()]
    t = Tensor(np.arange(4, dtype=np.float32))
    c = t[1:]
    c += 1
    out["inplace_add_not_shared"] = t.asnumpy().tolist()
    n = np.zeros(3, np.float32)
    x = Tensor.from_numpy(n)
    x[1] = 3
    tail = x[1:]
    tail[1] = 8
    out["from_numpy_writes"] = n.tolist()
    return out


golden["views"] = views()
print("views done", flush=True)

# ---- Parameter names ---------------------------------------------------------------------


def dense(n_in=2, n_out=2):
    return nn.Dense(n_in, n_out, weight_init="ones", bias_init="zeros")


class Appended(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense(), dense()])
        self.layers.append(dense())
        self.layers.insert(0, dense())
        self.layers.extend([dense()])
        self.layers[1] = dense()
        self.seq = nn.SequentialCell([dense()])
        self.seq.append(dense())


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense()])


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.block.layers.append(dense())
        self.empty = nn.CellList()
        self.empty.append(dense())


class TwoW(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Parameter(Tensor(np.ones(2, np.float32)), name="w")
        self.b = Parameter(Tensor(np.ones(2, np.float32)), name="w")

    def construct(self, x):
        return x * self.a * self.b


golden["names"] = {
    "appended": [p.name for p in Appended().trainable_params()],
    "nested": [p.name for p in Outer().trainable_params()],
    "duplicate_optimizer_error": error_type(lambda: nn.SGD(TwoW().trainable_params(), 0.1)),
}

# ---- dtype strictness, load_param_into_net ----------------------------------------------
d = dense(3, 2)
golden["strictness"] = {
    "dense_float64": error_type(lambda: d(Tensor(np.ones((1, 3))))),
    "dense_float16": error_type(lambda: d(Tensor(np.ones((1, 3), np.float16)))),
    "dense_int32": error_type(lambda: d(Tensor(np.ones((1, 3), np.int32)))),
    "dense_shape": error_type(lambda: d(Tensor(np.ones((1, 4), np.float32)))),
    "matmul_float64": error_type(
        lambda: ops.MatMul()(Tensor(np.ones((1, 3))), Tensor(np.ones((3, 2), np.float32)))
    ),
    "dense_3d_shape": list(d(Tensor(np.ones((4, 2, 3), np.float32))).shape),
}
net = dense(3, 2)
golden["load_param"] = ms.load_param_into_net(
    net,
    {
        "weightx": Parameter(Tensor(np.zeros((2, 3), np.float32)), name="weightx"),
        "bias": Parameter(Tensor(np.ones(2, np.float32)), name="bias"),
    },
)

# ---- integer gradients -------------------------------------------------------------------


def grad_values(result):
    if isinstance(result, tuple):
        return [grad_values(r) for r in result]
    return [result.asnumpy().tolist(), str(result.dtype)]


i2, i3 = Tensor(2), Tensor(3)
golden["int_grads"] = {
    "add": grad_values(ms.grad(lambda x, z: x + z, (0, 1))(i2, i3)),
    "mul": grad_values(ms.grad(lambda x, z: x * z, (0, 1))(i2, i3)),
    "div": grad_values(ms.grad(lambda x, z: x / z, (0, 1))(i2, i3)),
    "times_half": grad_values(ms.grad(lambda x: x * 0.5)(i3)),
    "cube": grad_values(ms.grad(lambda x: x**3)(i2)),
    "int32_sum": grad_values(
        ms.grad(lambda x: (x * x).sum())(Tensor(np.array([1, -2, 3], np.int32)))
    ),
    "uint8": grad_values(ms.grad(lambda x: x * x)(Tensor(np.uint8(3)))),
    "mixed": grad_values(
        ms.grad(lambda x, w: (x * w).sum(), (0, 1))(
            Tensor([1, 2]), Tensor(np.array([0.5, 1.5], np.float32))
        )
    ),
    "sens": grad_values(ms.grad(lambda x: x * 3, sens_param=True)(i2, Tensor(5))),
    "matmul": grad_values(
        ms.grad(lambda x, y: ops.matmul(x, y).sum(), (0, 1))(Tensor([[1, 2]]), Tensor([[3], [4]]))
    ),
    "value_and_grad": grad_values(ms.value_and_grad(lambda x, z: x * z, (0, 1))(i2, i3)),
}

# ---- scipy: minimize and lstsq ------------------------------------------------------------
from mindspore.scipy.linalg import lstsq  # noqa: E402
from mindspore.scipy.optimize import minimize  # noqa: E402

CENTER = np.array([1.0, -2.0, 0.5], np.float32)
WEIGHT = np.array([1.0, 3.0, 0.5], np.float32)


def rosen(x):
    return mnp.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0)


def bumpy(x):
    return (
        mnp.sum((x - Tensor(CENTER)) ** 2 * Tensor(WEIGHT))
        + 0.1 * mnp.sum(x**4)
        + 0.5 * x[0] * x[1]
    )


def quad(x):
    return mnp.sum((x - Tensor(CENTER)) ** 2 * Tensor(np.array([1.0, 10.0, 100.0], np.float32)))


PROBLEMS = {
    "rosen2": (rosen, [-1.2, 1.0]),
    "rosen4": (rosen, [1.3, 0.7, 0.8, 1.9]),
    "bumpy": (bumpy, [0.0, 0.0, 0.0]),
    "quad": (quad, [0.0, 0.0, 0.0]),
}
# (problem, dtype, method, history_size or None): MindSpore's PyNative loops are slow, so
# a chosen set rather than every combination.
RUNS = [
    ("quad", "float32", "BFGS", None),
    ("quad", "float32", "LBFGS", None),
    ("quad", "float32", "LBFGS", 3),
    ("quad", "float64", "LBFGS", None),
    ("bumpy", "float32", "BFGS", None),
    ("bumpy", "float32", "LBFGS", None),
    ("bumpy", "float64", "BFGS", None),
    ("bumpy", "float64", "LBFGS", None),
    ("rosen4", "float32", "BFGS", None),
    ("rosen4", "float64", "BFGS", None),
    ("rosen4", "float64", "LBFGS", None),
    ("rosen2", "float32", "BFGS", None),
]
minimized = {}
for name, dtype, method, history in RUNS:
    fn, start = PROBLEMS[name]
    options = None if history is None else {"history_size": history, "maxiter": 100}
    r = minimize(fn, Tensor(np.array(start, dtype)), method=method, options=options)
    key = f"{name}/{dtype}/{method}" + ("/history3" if options else "")
    print(key, flush=True)
    minimized[key] = {
        "x": r.x.asnumpy().tolist(),
        "fun": float(r.fun),
        "success": bool(r.success),
        "status": int(r.status),
        "nit": int(r.nit),
        "nfev": int(r.nfev),
    }
golden["minimize"] = minimized
print("minimize done", flush=True)
golden["minimize_unknown_option"] = error_type(
    lambda: minimize(
        quad, Tensor(np.zeros(3, np.float32)), method="LBFGS", options={"historysize": 5}
    )
)

rng = np.random.RandomState(0)
LSTSQ_CASES = {
    "tall_1d": (rng.randn(5, 3), rng.randn(5)),
    "tall_2d": (rng.randn(5, 3), rng.randn(5, 2)),
    "square": (rng.randn(3, 3), rng.randn(3)),
    "wide": (rng.randn(2, 4), rng.randn(2)),
    "rank_deficient": (np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]]), np.array([1.0, 2.0, 4.0])),
}
lstsq_out = {}
for name, (a, b) in LSTSQ_CASES.items():
    for driver in (None, "gelsy", "gelsd", "gelss", "gels"):
        x, res, rank, s = lstsq(
            Tensor(a.astype(np.float32)), Tensor(b.astype(np.float32)), driver=driver
        )
        lstsq_out[f"{name}/{driver}"] = {
            "a": a.tolist(),
            "b": b.tolist(),
            "x": x.asnumpy().tolist(),
            "residues": res.asnumpy().tolist(),
            "residues_shape": list(res.shape),
            "rank": rank.asnumpy().tolist(),
            "rank_shape": list(rank.shape),
            "rank_dtype": str(rank.dtype),
            "s": s.asnumpy().tolist(),
            "s_shape": list(s.shape),
        }
golden["lstsq"] = lstsq_out

OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print("wrote", OUT)
