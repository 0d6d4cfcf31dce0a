"""Golden values from real MindSpore 2.10 (CPU) for behaviours MindSpore's own tests rely on in
the common, ops and train areas of the parity measurement (docs/parity.md): module paths
(`common.np_dtype`, `ops.composite.multitype_ops`), aminmax and swapaxes forms, nn.Tril/Triu,
DepthToSpace/SpaceToDepth order and `auto_mixed_precision` of a function.

Writes tests/golden/suite_causes.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py suite_causes

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record; the
tests (tests/compat/test_suite_causes.py) run the same functions with ``ms = msfunc`` under
`msfunc.compat.alias_mindspore`. Only the type of an exception is kept, never its wording.
"""

import functools
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "suite_causes.json")


def np_dtype_bfloat16(ms):
    """`mindspore.common.np_dtype.bfloat16` rounds like bfloat16 and makes bfloat16 Tensors."""
    from mindspore.common import np_dtype

    x = np.array([1.00390625, 1.01171875, 3.14159, -2.5e-3], dtype=np_dtype.bfloat16)
    t = ms.Tensor(x)
    return {
        "rounded": x.astype(np.float32).tolist(),
        "tensor_dtype": str(t.dtype).lower(),
        "asnumpy_is_bf16": t.asnumpy().dtype == np_dtype.bfloat16,
    }


def multitype_zeros_like(ms):
    """`ops.composite.multitype_ops.zeros_like_impl.zeros_like` of a Tensor."""
    from mindspore.ops.composite.multitype_ops.zeros_like_impl import zeros_like

    out = zeros_like(ms.Tensor(np.array([[1.5, 2.0]], np.float32)))
    return {"value": out.asnumpy().tolist(), "dtype": str(out.dtype).lower()}


def aminmax_forms(ms):
    """`ops.aminmax`/`Tensor.aminmax` with axis None (every axis) and of a 0-d Tensor."""
    x = ms.Tensor(np.array([[0.0, 0.4, 0.6, 0.7, 0.1], [0.78, 0.97, 0.5, 0.82, 0.99]]), ms.float32)
    s = ms.Tensor(np.array(32), ms.float32)
    rec = {}
    for name, t, kw in [
        ("default", x, {}),
        ("none", x, {"axis": None}),
        ("none_keep", x, {"axis": None, "keepdims": True}),
        ("axis1_keep", x, {"axis": 1, "keepdims": True}),
        ("scalar_axis0_keep", s, {"axis": 0, "keepdims": True}),
        ("scalar_none", s, {"axis": None}),
        ("scalar_minus1", s, {"axis": -1}),
    ]:
        for how, call in (("method", t.aminmax), ("ops", functools.partial(ms.ops.aminmax, t))):
            lo, hi = call(**kw)
            rec[f"{name}_{how}"] = [
                list(lo.shape),
                np.round(lo.asnumpy(), 6).tolist(),
                np.round(hi.asnumpy(), 6).tolist(),
            ]
    return rec


def _kind(exc):
    """The builtin exception class an exception is an instance of (msfunc may raise a subclass,
    such as an IndexError that is also a ValueError), checked in this order."""
    for cls in (TypeError, ValueError, RuntimeError, IndexError):
        if isinstance(exc, cls):
            return cls.__name__
    return type(exc).__name__


def swapaxes_checks(ms):
    """`Tensor.swapaxes`/`ops.swapaxes`/`ops.swapdims`: a tuple axis is a TypeError, an axis out
    of range a ValueError."""
    x = ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    rec = {}
    calls = {
        "method": x.swapaxes,
        "ops": functools.partial(ms.ops.swapaxes, x),
        "swapdims": functools.partial(ms.ops.swapdims, x),
    }
    for how, call in calls.items():
        for name, axes in (("tuple", (0, (1,))), ("range", (0, 3)), ("ok", (0, -1))):
            try:
                rec[f"{how}_{name}"] = list(call(*axes).shape)
            except Exception as exc:  # noqa: BLE001 - the type is the record
                rec[f"{how}_{name}"] = _kind(exc)
    return rec


def nn_triangles(ms):
    """`nn.Tril`/`nn.Triu` (computed through float32 in MindSpore) for several k and dtypes."""
    rec = {}
    x = np.arange(1, 13).reshape(3, 4)
    big = np.array([[16777217.0, 2.0], [3.0, 1.0000001]])
    for name, cell in (("tril", ms.nn.Tril()), ("triu", ms.nn.Triu())):
        for k in (-1, 0, 2):
            out = cell(ms.Tensor(x), k)
            rec[f"{name}_int_{k}"] = [str(out.dtype).lower(), out.asnumpy().tolist()]
        out = cell(ms.Tensor(big, ms.float64), 0)
        rec[f"{name}_float64"] = [str(out.dtype).lower(), out.asnumpy().tolist()]
        batch = cell(ms.Tensor(np.ones((2, 3, 3), np.float32)), 0)
        rec[f"{name}_batch"] = batch.asnumpy().tolist()
    return rec


def depth_space(ms):
    """`P.DepthToSpace`/`P.SpaceToDepth`: the channel order of the moved blocks."""
    P = ms.ops.operations
    x = ms.Tensor(np.arange(24).reshape(1, 8, 1, 3).astype(np.float32))
    y = ms.Tensor(np.arange(64).reshape(2, 2, 4, 4).astype(np.int32))
    return {
        "depth_to_space": P.DepthToSpace(2)(x).asnumpy().tolist(),
        "space_to_depth": P.SpaceToDepth(2)(y).asnumpy().tolist(),
        "round_trip": P.DepthToSpace(2)(P.SpaceToDepth(2)(y)).asnumpy().tolist(),
    }


def dot_shapes(ms):
    """`ops.dot` of matching shapes (the contraction over x2's second-to-last dim) and of
    mismatched ones (an error). (MindSpore also refuses vectors, which msfunc takes.)"""
    rec = {}
    for name, a, b in (
        ("ok", (2, 3), (1, 3, 2)),
        ("mismatch", (2, 3), (1, 2, 3)),
        ("mismatch_3d", (4, 2, 3), (2, 2)),
    ):
        try:
            out = ms.ops.dot(ms.Tensor(np.ones(a, np.float32)), ms.Tensor(np.ones(b, np.float32)))
            rec[name] = out.asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = _kind(exc)
    return rec


def metric_checks(ms):
    """Errors of `Metric.set_indexes` (not a list of ints) and of an unknown `eval_type`."""
    from mindspore.train import Accuracy, Precision

    rec = {}
    cases = {
        "indexes_int": lambda: Accuracy("classification").set_indexes(0),
        "indexes_floats": lambda: Accuracy("classification").set_indexes([0.0, 2.0]),
        "indexes_strs": lambda: Accuracy("classification").set_indexes(["1", "0"]),
        "indexes_ok": lambda: Accuracy("classification").set_indexes([0, 2]).indexes,
        "accuracy_eval_type": lambda: Accuracy("test"),
        "precision_eval_type": lambda: Precision("test"),
    }
    for name, call in cases.items():
        try:
            out = call()
            rec[name] = out if isinstance(out, list) else "ok"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = _kind(exc)
    return rec


def fit_eval_line(ms):
    """`Model.fit` with LossMonitor prints the epoch's eval metrics with a plain print: a
    replaced sys.stdout whose flush() clears what it holds keeps the line."""
    import sys

    from mindspore.dataset import NumpySlicesDataset
    from mindspore.train import MSE, LossMonitor, Model

    class Keep:
        content = ""

        def write(self, text):
            self.content += text

        def flush(self):
            self.content = ""

    net = ms.nn.Dense(1, 1, weight_init="zeros", bias_init="zeros")
    data = {"x": np.ones((4, 1), np.float32), "y": np.full((4, 1), 3.0, np.float32)}
    train = NumpySlicesDataset(data, shuffle=False).batch(2)
    valid = NumpySlicesDataset(data, shuffle=False).batch(2)
    model = Model(
        net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.0), metrics={"mse": MSE()}
    )
    keep, current = Keep(), sys.stdout
    sys.stdout = keep
    try:
        model.fit(1, train, valid, callbacks=[LossMonitor(100)], dataset_sink_mode=False)
    finally:
        sys.stdout = current
    return {"eval_line": [line for line in keep.content.splitlines() if "Eval" in line]}


def _dtypes(*outs):
    return [str(o.dtype).lower() for o in outs]


def amp_function_promotes(ms):
    """`auto_mixed_precision(function, "auto")`: ops outside its lists keep their inputs' float
    type, or the widest of mixed ones."""
    ops = ms.ops
    amp = ms.amp.auto_mixed_precision

    def add3(a, b, c):
        return ops.addn([a, b, c])

    def cat3(a, b, c):
        return ops.concat([a, b, c])

    h16 = ms.Tensor([1, 2], ms.float16)
    h32 = ms.Tensor([3, 4], ms.float32)
    addn = amp(add3, "auto")
    cat = amp(cat3, "auto")
    # (concat of mixed types after this call fails inside MindSpore 2.10's CPU kernel choice)
    rec = {"concat": _dtypes(cat(h16, h16, h16))}
    rec["addn"] = _dtypes(addn(h16, h16, h16), addn(h16, h32, h16))
    rec["addn_value"] = addn(h16, h32, h16).asnumpy().tolist()
    return rec


def amp_function(ms):
    """`auto_mixed_precision(function, "auto")`: the matrix product inside runs in float16,
    in nested and jitted calls alike; levels other than "auto" refuse a function."""
    ops = ms.ops
    amp = ms.amp.auto_mixed_precision
    x = ms.Tensor(np.ones([1, 2]), ms.float32)
    y = ms.Tensor(np.ones([2]), ms.float32)
    rec = {}

    def mm(a, b):
        return ops.matmul(a, b)

    def mm2(a, b):
        return ops.matmul(a, b)

    f = amp(mm, "auto", ms.float16)
    rec["matmul"] = _dtypes(f(x, y), ms.jit(f)(x, y))
    rec["matmul_value"] = f(ms.Tensor([[1.0, 2.0]]), ms.Tensor([3.0, 4.0])).asnumpy().tolist()
    rec["plain"] = _dtypes(mm2(x, y))

    inner = amp(mm2, "auto", ms.float16)

    def plus_one(a, b):
        return inner(a, b) + 1

    rec["nested_plus_one"] = _dtypes(plus_one(x, y), ms.jit(plus_one)(x, y))

    @ms.jit
    def graph(a, b):
        return ops.matmul(a, b)

    def pynative(a, b):
        return ops.matmul(a, b)

    def both(a, b):
        return graph(a, b), pynative(a, b)

    rec["jit_inside"] = _dtypes(*amp(both, "auto")(x, y))
    for level in ("O0", "O1", "O2", "O3"):
        try:
            amp(pynative, level)
            rec[f"level_{level}"] = "ok"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[f"level_{level}"] = type(exc).__name__
    try:
        amp(42, "auto")
        rec["not_callable"] = "ok"
    except Exception as exc:  # noqa: BLE001
        rec["not_callable"] = type(exc).__name__
    return rec


# (the amp scenarios first: a MindSpore 2.10 op that raised leaves state that fails them)
SCENARIOS = [
    amp_function_promotes,
    amp_function,
    np_dtype_bfloat16,
    multitype_zeros_like,
    aminmax_forms,
    swapaxes_checks,
    nn_triangles,
    depth_space,
    dot_shapes,
    metric_checks,
    fit_eval_line,
]


def main():
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    for scenario in SCENARIOS:
        try:
            golden[scenario.__name__] = scenario(ms)
        except Exception as exc:  # noqa: BLE001 - recorded, the test skips it
            golden[scenario.__name__] = {"error": type(exc).__name__}
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print(json.dumps(golden, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
