"""Golden values from real MindSpore 2.10 (CPU) for primitives that MindSpore's own ops unit
tests build: the Ascend float-status primitives (which input each refuses with which
exception, and that a valid one still fails to run), NMSWithMask's sorted boxes, positions
and keep mask, DenseToDenseSetOperation's sparse results and IgammaGradA's values.

Writes tests/golden/ops_ut.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_ut

The inputs are stored with the results.
"""

import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "ops_ut.json")

# (name, input): a Python float, or (shape, dtype) of a tensor of ones
STATUS_INPUTS = [
    ("python_float", 5.0),
    ("int32_2d", ([3, 4], "int32")),
    ("float64_8", ([8], "float64")),
    ("float32_2d", ([3, 4], "float32")),
    ("float32_3", ([3], "float32")),
    ("float32_8", ([8], "float32")),
    ("float16_8", ([8], "float16")),
]

NMS_CASES = [
    # (name, boxes rows x1 y1 x2 y2 score, iou_threshold, dtype)
    (
        "overlaps_and_ties",
        [
            [0, 0, 10, 10, 0.9],
            [1, 1, 11, 11, 0.95],
            [20, 20, 30, 30, 0.3],
            [0, 0, 10, 10, 0.3],
            [21, 21, 30, 30, 0.8],
        ],
        0.5,
        "float32",
    ),
    ("loose", None, 0.9, "float32"),
    ("equal_scores", [[0, 0, 1, 1, 0.5], [0, 0, 1, 1, 0.5], [0, 0, 2, 2, 0.5]], 0.2, "float16"),
    ("iou_at_threshold", [[0, 0, 1, 1, 0.9], [1, 0, 2, 1, 0.8], [0, 0, 2, 1, 0.7]], 0.5, "float32"),
    ("iou_above_threshold", None, 0.4, "float32"),
    ("random", "random", 0.3, "float32"),
]


def _status_input(ms, spec):
    if isinstance(spec, float):
        return spec
    shape, dtype = spec
    return ms.Tensor(np.ones(shape, dtype))


def _outcome(fn):
    try:
        result = fn()
        if hasattr(result, "asnumpy"):
            result.asnumpy()  # a kernel's error surfaces when its result is read
    except Exception as e:  # the class is what is recorded
        return type(e).__name__
    return "ok"


def float_status(ms, P):
    out = {"NPUAllocFloatStatus": {"no_input": _outcome(lambda: P.NPUAllocFloatStatus()())}}
    for cls in ("NPUGetFloatStatus", "NPUClearFloatStatus"):
        op = getattr(P, cls)()
        out[cls] = {
            name: _outcome(lambda spec=spec, op=op: op(_status_input(ms, spec)))
            for name, spec in STATUS_INPUTS
        }
    return out


def nms_cases():
    rng = np.random.default_rng(31)
    corners = rng.uniform(0, 8, (12, 2))
    sizes = rng.uniform(4, 10, (12, 2))
    random_boxes = np.concatenate(
        [corners, corners + sizes, rng.integers(1, 6, (12, 1)) / 8.0], axis=1
    ).tolist()
    previous = None
    for name, boxes, threshold, dtype in NMS_CASES:
        boxes = random_boxes if boxes == "random" else (previous if boxes is None else boxes)
        previous = boxes
        yield name, boxes, threshold, dtype


def nms_with_mask(ms, P):
    out = {}
    for name, boxes, threshold, dtype in nms_cases():
        x = ms.Tensor(np.array(boxes, dtype))
        sorted_boxes, idx, keep = P.NMSWithMask(threshold)(x)
        out[name] = {
            "boxes": boxes,
            "dtype": dtype,
            "iou_threshold": threshold,
            "sorted_boxes": sorted_boxes.asnumpy().astype(np.float64).tolist(),
            "indices": idx.asnumpy().tolist(),
            "keep": keep.asnumpy().tolist(),
        }
    out["refused"] = {
        "python_float": _outcome(lambda: P.NMSWithMask()(5.0)),
        "int32": _outcome(lambda: P.NMSWithMask()(ms.Tensor(np.ones([3, 5], np.int32)))),
        "rank3": _outcome(lambda: P.NMSWithMask()(ms.Tensor(np.ones([3, 5, 2], np.float32)))),
        "four_columns": _outcome(lambda: P.NMSWithMask()(ms.Tensor(np.ones([3, 4], np.float32)))),
        "int_threshold": _outcome(lambda: P.NMSWithMask(1)),
    }
    return out


# (name, x1, x2, dtype): rows of the last axis combined by each set operation
SET_CASES = [
    ("rows", [[1, 2, 4], [3, 4, 5]], [[3, 2, 5], [1, 4, 7]], "int32"),
    ("rank3_repeats", [[[1, 1, 2]], [[2, 2, 2]]], [[[3, 3]], [[2, 2]]], "int64"),
    ("all_equal", [[1, 2], [3, 4]], [[2, 1], [4, 3]], "uint8"),
]
SET_REFUSALS = {
    # what fails, with which inputs: MindSpore's exception class is recorded
    "float_values": ([[1.0, 2.0]], [[1.0]], "float32", "float32"),
    "rank1": ([1, 2], [1], "int32", "int32"),
    "leading_shapes_differ": ([[1, 2]], [[1], [2]], "int32", "int32"),
    "dtypes_differ": ([[1, 2]], [[1]], "int32", "int64"),
}


def set_operations(ms, P):
    from mindspore.ops.operations.sparse_ops import DenseToDenseSetOperation

    out = {"cases": {}, "refused": {}, "constructor": {}}
    for name, x1, x2, dtype in SET_CASES:
        for op in ("a-b", "b-a", "intersection", "union", "UNION"):
            r = DenseToDenseSetOperation(set_operation=op)(
                ms.Tensor(np.array(x1, dtype)), ms.Tensor(np.array(x2, dtype))
            )
            out["cases"][f"{name}/{op}"] = {
                "x1": x1,
                "x2": x2,
                "dtype": dtype,
                "set_operation": op,
                "indices": r[0].asnumpy().tolist(),
                "values": r[1].asnumpy().tolist(),
                "shape": r[2].asnumpy().tolist(),
                "dtypes": [str(t.asnumpy().dtype) for t in r],
            }
    for name, (x1, x2, d1, d2) in SET_REFUSALS.items():
        op = DenseToDenseSetOperation(set_operation="a-b")
        out["refused"][name] = _outcome(
            lambda op=op, x1=x1, x2=x2, d1=d1, d2=d2: op(
                ms.Tensor(np.array(x1, d1)), ms.Tensor(np.array(x2, d2))
            )
        )
    out["refused"]["unknown_operation"] = _outcome(
        lambda: DenseToDenseSetOperation(set_operation="xor")(
            ms.Tensor(np.ones((2, 2), np.int32)), ms.Tensor(np.ones((2, 2), np.int32))
        )
    )
    for name, kwargs in {
        "operation_not_str": {"set_operation": 1},
        "validate_not_bool": {"set_operation": "a-b", "validate_indices": 1},
        "unknown_operation": {"set_operation": "xor"},
    }.items():
        out["constructor"][name] = _outcome(lambda kw=kwargs: DenseToDenseSetOperation(**kw))
    return out


def igamma_grad_a(ms, P):
    from mindspore.ops.operations._grad_ops import IgammaGradA

    a = np.array([1.1, 2.2, 8.1, 2.1, 0.5, 30.0], np.float32)
    x = np.array([0.2, 1.2, 2.1, 3.4, 0.01, 25.0], np.float32)
    out = {"a": a.tolist(), "x": x.tolist()}
    for dtype in ("float32", "float64"):
        r = IgammaGradA()(ms.Tensor(a.astype(dtype)), ms.Tensor(x.astype(dtype)))
        out[dtype] = r.asnumpy().astype(np.float64).tolist()
    return out


def dataflow_nodes(ms, P):
    """GeSwitch and Merge: built fine, and what calling each raises in each mode."""
    out = {}
    for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
        ms.set_context(mode=mode)
        for cls, args in (("GeSwitch", (2.0, True)), ("Merge", ((2.0, 5.0),))):
            op = getattr(P, cls)()

            class Net(ms.nn.Cell):
                def __init__(self, op=op):
                    super().__init__()
                    self.op = op

                def construct(self, *a):
                    return self.op(*a)

            tensors = tuple(
                tuple(ms.Tensor(v) for v in a) if isinstance(a, tuple) else ms.Tensor(a)
                for a in args
            )
            out[f"{cls}/{mode_name}"] = _outcome(lambda net=Net(), t=tensors: net(*t))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def mixed_precision_casts(ms, mixed_precision_cast):
    """What `mixed_precision_cast(float16, v)` gives for each kind of input, described by
    structure and dtype (run by the test with msfunc's function)."""
    x = ms.Tensor(np.ones([2, 3], np.float32))
    inputs = {
        "float32": x,
        "int32": ms.Tensor(np.ones(2, np.int32)),
        "float64": ms.Tensor(np.ones(2, np.float64)),
        "tuple": (x, ms.Tensor(np.ones(2, np.int32))),
        "list": [x, 1.5],
        "dict": {"a": x},
        "float": 1.5,
        "none": None,
    }

    def describe(v):
        if isinstance(v, (tuple, list)):
            return [type(v).__name__, [describe(i) for i in v]]
        if isinstance(v, dict):
            return ["dict", {k: describe(i) for k, i in v.items()}]
        return str(v.asnumpy().dtype) if isinstance(v, ms.Tensor) else v

    return {k: describe(mixed_precision_cast(ms.float16, v)) for k, v in inputs.items()}


def functional_private(ms, P):
    """mixed_precision_cast over kinds of input; switch_layer inside a graph; the recursion
    limit's refusals; the compile_config switches' defaults."""
    from mindspore._extends.parse import compile_config
    from mindspore.ops import functional as F

    casts = mixed_precision_casts(ms, F.mixed_precision_cast)

    class Scale(ms.nn.Cell):
        def __init__(self, k):
            super().__init__()
            self.k = k

        def construct(self, x):
            return x * self.k

    class Switch(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = (Scale(2.0), Scale(3.0), Scale(5.0))

        def construct(self, i, x):
            return F.switch_layer(i, self.layers)(x)

    ms.set_context(mode=ms.GRAPH_MODE)
    switched = {}
    for i in (0, 1, 2, -1):
        switched[str(i)] = _outcome(lambda i=i: Switch()(ms.Tensor(i, ms.int32), ms.Tensor(1.0)))
        if switched[str(i)] == "ok":
            switched[str(i)] = float(Switch()(ms.Tensor(i, ms.int32), ms.Tensor(1.0)).asnumpy())
    ms.set_context(mode=ms.PYNATIVE_MODE)
    limits = {
        str(v): _outcome(lambda v=v: ms.set_recursion_limit(v)) for v in (0, -1, 1.5, "3", True)
    }
    ms.set_recursion_limit(1000)
    switches = {n: getattr(compile_config, n) for n in dir(compile_config) if n.isupper()}
    from mindspore.ops.composite.base import core

    def flagged(x):
        return x

    def bare(x):
        return x

    core(loop_can_uroll=True)(flagged)
    same = core(bare) is bare
    return {
        "core_flags": {
            "with_flag": flagged._func_graph_flags,
            "bare": bare._func_graph_flags,
            "returns_fn": same,
        },
        "mixed_precision_cast": casts,
        "switch_layer": switched,
        "set_recursion_limit": limits,
        "compile_config": switches,
    }


def inner_checks(ms, P):
    """_inner_ops.SameTypeShape and IsSubClass: outcomes and IsSubClass's answers."""
    from mindspore.common import dtype as mstype
    from mindspore.ops.operations import _inner_ops as inner

    def t(shape, dtype="float32"):
        return ms.Tensor(np.ones(shape, dtype))

    same = {
        "x_scalar": (5.0, t([3, 4])),
        "y_scalar": (t([3, 4]), 5.0),
        "dtypes_differ": (t([3, 4]), t([3, 4], "int32")),
        "shapes_differ": (t([3, 4]), t([3, 3])),
        "match": (t([3, 4]), t([3, 4])),
    }
    out = {"same_type_shape": {}, "is_subclass": {}}
    for name, (x, y) in same.items():
        out["same_type_shape"][name] = _outcome(lambda x=x, y=y: inner.SameTypeShape()(x, y))
    pairs = [
        ("None", "number"),
        ("number", "None"),
        ("int32", "number"),
        ("number", "int32"),
        ("float32", "float_"),
        ("int32", "int32"),
        ("float16", "int_"),
        ("uint8", "uint"),
        ("bool_", "number"),
        ("float64", "number"),
    ]
    for a, b in pairs:
        sub, typ = getattr(mstype, a, None), getattr(mstype, b, None)
        key = f"{a}/{b}"
        outcome = _outcome(lambda sub=sub, typ=typ: inner.IsSubClass()(sub, typ))
        out["is_subclass"][key] = bool(inner.IsSubClass()(sub, typ)) if outcome == "ok" else outcome
    return out


def group_norm(ms, P):
    """ops.auto_generate.GroupNorm's three outputs, and AntiQuant's refusal of a float input."""
    from mindspore.ops import auto_generate
    from mindspore.ops.operations._inner_ops import AntiQuant

    x = (np.arange(2 * 4 * 2 * 2).reshape(2, 4, 2, 2) % 7).astype(np.float32) / 10
    w, b = np.array([1.0, 2.0, 3.0, 4.0], np.float32), np.array([0.0, 1.0, 0.0, 1.0], np.float32)
    out = {"x": x.tolist(), "weight": w.tolist(), "bias": b.tolist(), "num_groups": 2, "eps": 1e-5}
    r = auto_generate.GroupNorm()(ms.Tensor(x), 2, ms.Tensor(w), ms.Tensor(b), 1e-5)
    out["outputs"] = [t.asnumpy().astype(np.float64).tolist() for t in r]
    quant = AntiQuant()
    out["anti_quant_float_x"] = _outcome(
        lambda: quant(
            ms.Tensor(np.array([50.0, 20.0], np.float32)),
            ms.Tensor(np.ones(1, np.float16)),
            ms.Tensor(np.ones(1, np.float16)),
        )
    )
    out["anti_quant_int8"] = _outcome(
        lambda: quant(
            ms.Tensor(np.array([50, 20], np.int8)),
            ms.Tensor(np.ones(1, np.float16)),
            ms.Tensor(np.ones(1, np.float16)),
        )
    )
    return out


def sparse_apply_ftrl(ms, P):
    """SparseApplyFtrl's rows after one call (a repeated index included) and its constructor
    refusals; gaussian_nll_loss's argument refusals."""
    rng = np.random.default_rng(0)
    var0 = rng.random((4, 3)).astype(np.float32)
    acc0 = rng.random((4, 3)).astype(np.float32) + 0.1
    lin0 = rng.random((4, 3)).astype(np.float32)
    grad = rng.standard_normal((3, 3)).astype(np.float32)
    out = {"var": var0.tolist(), "accum": acc0.tolist(), "linear": lin0.tolist()}
    out["grad"], out["steps"] = grad.tolist(), {}
    for indices in ([0, 2, 3], [1, 1, 3]):
        params = [ms.Parameter(ms.Tensor(v), n) for v, n in ((var0, "v"), (acc0, "a"), (lin0, "l"))]
        op = P.SparseApplyFtrl(lr=0.1, l1=0.01, l2=0.02, lr_power=-0.5)
        op(*params, ms.Tensor(grad), ms.Tensor(np.array(indices, np.int32)))
        out["steps"][str(indices)] = [p.asnumpy().tolist() for p in params]
    bad = {
        "int_lr": {"lr": 1, "l1": 0.0, "l2": 0.0, "lr_power": -0.5},
        "positive_power": {"lr": 0.1, "l1": 0.0, "l2": 0.0, "lr_power": 0.5},
        "negative_lr": {"lr": -0.1, "l1": 0.0, "l2": 0.0, "lr_power": -0.5},
        "negative_l1": {"lr": 0.1, "l1": -1.0, "l2": 0.0, "lr_power": -0.5},
    }
    out["constructor"] = {
        k: _outcome(lambda kw=kw: P.SparseApplyFtrl(**kw)) for k, kw in bad.items()
    }
    from mindspore import ops

    a = ms.Tensor(np.arange(8).reshape(4, 2).astype(np.float32))
    var = ms.Tensor(np.ones((4, 1), np.float32))
    loss_bad = {
        "full_int": {"full": 1},
        "full_none": {"full": None},
        "eps_int": {"eps": 1},
        "eps_negative": {"eps": -1.0},
        "reduction_unknown": {"reduction": "x"},
    }
    out["gaussian_nll_loss"] = {
        k: _outcome(lambda kw=kw: ops.gaussian_nll_loss(a, a + 1, var, **kw))
        for k, kw in loss_bad.items()
    }
    return out


SCATTER_DTYPES = [
    # (primitive, target dtype, updates dtype): can the updates be written in place?
    ("ScatterDiv", "int8", "float32"),
    ("ScatterAdd", "int8", "int32"),
    ("ScatterAdd", "float32", "float16"),
    ("ScatterAdd", "float16", "float32"),
    ("ScatterUpdate", "int32", "float32"),
    ("ScatterNdAdd", "float16", "float32"),
    ("ScatterAdd", "int32", "int8"),
    ("ScatterMax", "float32", "float64"),
]


def scatter_checks(ms, P):
    """N-d scatters refusing 1-D indices, and in-place scatters refusing widening updates."""
    rank1 = {}
    for name in ("ScatterNdUpdate", "ScatterNdAdd", "TensorScatterUpdate", "TensorScatterAdd"):
        target = np.ones((5, 5), np.float16)
        first = (
            ms.Parameter(ms.Tensor(target), "b")
            if name.startswith("Scatter")
            else ms.Tensor(target)
        )
        idx, upd = ms.Tensor(np.ones([1], np.int32)), ms.Tensor(np.ones([5], np.float16))
        rank1[name] = _outcome(lambda op=getattr(P, name)(), a=first, i=idx, u=upd: op(a, i, u))
    rank1["ScatterNd"] = _outcome(
        lambda: P.ScatterNd()(ms.Tensor(np.array([1], np.int32)), ms.Tensor(np.ones([1])), (3,))
    )
    widen = {}
    for name, target, updates in SCATTER_DTYPES:
        nd = name.startswith("ScatterNd")
        idx = ms.Tensor(np.array([[0], [1]] if nd else [0, 1], np.int32))
        param = ms.Parameter(ms.Tensor(np.ones((5, 3), target)), "b")
        upd = ms.Tensor(np.ones((2, 3), updates))
        key = f"{name}/{target}/{updates}"
        widen[key] = _outcome(lambda op=getattr(P, name)(), a=param, i=idx, u=upd: op(a, i, u))
    return {"rank1_indices": rank1, "widening_updates": widen}


def fake_quant_param(ms, P):
    """_quant_ops.FakeQuantParam's attributes as built, its refusals, and running it."""
    from mindspore.ops.operations._quant_ops import FakeQuantParam

    quant = ms.common.dtype.QuantDtype
    built = {
        "int8_scalar": FakeQuantParam.linear_quant_param(quant.INT8, 0.1, 1),
        "int4_per_channel": FakeQuantParam.linear_quant_param(quant.INT4, [0.1, 0.2], [1, 2], True),
        "custom": FakeQuantParam(quant.INT8, "x", False, a=1),
    }
    out = {k: dict(op.attrs) for k, op in built.items()}
    out["scale_str"] = _outcome(lambda: FakeQuantParam.linear_quant_param(quant.INT8, "a", 1))
    x = ms.Tensor(np.ones(3, np.float32))
    out["run"] = _outcome(lambda: built["int8_scalar"](x))
    return out


SECTIONS = {
    "fake_quant_param": fake_quant_param,
    "scatter_checks": scatter_checks,
    "sparse_apply_ftrl": sparse_apply_ftrl,
    "group_norm": group_norm,
    "inner_checks": inner_checks,
    "dataflow_nodes": dataflow_nodes,
    "functional_private": functional_private,
    "float_status": float_status,
    "nms_with_mask": nms_with_mask,
    "set_operations": set_operations,
    "igamma_grad_a": igamma_grad_a,
}


def main():
    import mindspore as ms
    from mindspore.ops import operations as P

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {name: section(ms, P) for name, section in SECTIONS.items()}
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
