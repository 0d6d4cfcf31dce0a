"""Primitives and helpers MindSpore's ops unit tests use, against MindSpore 2.10 CPU's golden
values: the primitives MindSpore builds but cannot run on CPU (Ascend float status, GeSwitch,
Merge), NMSWithMask, the row-wise set operations, IgammaGradA, and the graph-compiler helpers
(mixed_precision_cast, switch_layer, set_recursion_limit, compile_config)."""

import json
import sys

import jax
import numpy as np
import pytest
from _paths import ORACLE, TESTS

import msfunc as ms
from msfunc import ops

GOLDEN = json.loads((TESTS / "golden" / "ops_ut.json").read_text())
sys.path.insert(0, str(ORACLE))  # (the generator's shared cases)
import gen_ops_ut_golden as gen  # noqa: E402

_INPUTS = {
    "python_float": 5.0,
    "int32_2d": ([3, 4], "int32"),
    "float64_8": ([8], "float64"),
    "float32_2d": ([3, 4], "float32"),
    "float32_3": ([3], "float32"),
    "float32_8": ([8], "float32"),
    "float16_8": ([8], "float16"),
}


def _outcome(fn):
    try:
        fn()
    except Exception as e:
        return type(e).__name__
    return "ok"


def _status_input(spec):
    return spec if isinstance(spec, float) else ms.Tensor(np.ones(spec[0], spec[1]))


@pytest.mark.parametrize("cls", ["NPUGetFloatStatus", "NPUClearFloatStatus"])
def test_float_status_checks_input_then_has_no_kernel(cls):
    op = getattr(ops, cls)()
    got = {name: _outcome(lambda s=spec: op(_status_input(s))) for name, spec in _INPUTS.items()}
    assert got == GOLDEN["float_status"][cls]
    with pytest.raises(TypeError, match="input_x"):
        op(5.0)
    assert (
        _outcome(ops.NPUAllocFloatStatus())
        == GOLDEN["float_status"]["NPUAllocFloatStatus"]["no_input"]
    )


_NMS = {k: v for k, v in GOLDEN["nms_with_mask"].items() if k != "refused"}


@pytest.mark.parametrize("name", sorted(_NMS))
def test_nms_with_mask_matches_mindspore(name):
    case = _NMS[name]
    boxes = ms.Tensor(np.array(case["boxes"], case["dtype"]))
    out, idx, keep = ops.NMSWithMask(case["iou_threshold"])(boxes)
    np.testing.assert_array_equal(
        np.asarray(out), np.array(case["sorted_boxes"]).astype(case["dtype"])
    )
    assert np.asarray(idx).tolist() == case["indices"]
    assert np.asarray(idx).dtype == np.int32
    assert np.asarray(keep).tolist() == case["keep"]


def test_nms_with_mask_under_jit_and_refusals():
    case = _NMS["random"]
    boxes = np.array(case["boxes"], np.float32)
    op = ops.NMSWithMask(case["iou_threshold"])
    keep = jax.jit(lambda b: op(b)[2])(boxes)
    assert np.asarray(keep).tolist() == case["keep"]
    refused = {
        "python_float": lambda: ops.NMSWithMask()(5.0),
        "int32": lambda: ops.NMSWithMask()(ms.Tensor(np.ones([3, 5], np.int32))),
        "rank3": lambda: ops.NMSWithMask()(ms.Tensor(np.ones([3, 5, 2], np.float32))),
        "four_columns": lambda: ops.NMSWithMask()(ms.Tensor(np.ones([3, 4], np.float32))),
    }
    refused["int_threshold"] = lambda: ops.NMSWithMask(1)
    got = {name: _outcome(fn) for name, fn in refused.items()}
    assert got == GOLDEN["nms_with_mask"]["refused"]


_SETS = GOLDEN["set_operations"]


def _sparse_ops():
    from msfunc.compat import alias_mindspore, unalias_mindspore

    alias_mindspore()
    try:
        from mindspore.ops.operations import sparse_ops
    finally:
        unalias_mindspore()
    return sparse_ops


@pytest.mark.parametrize("name", sorted(_SETS["cases"]))
def test_dense_to_dense_set_operation_matches_mindspore(name):
    case = _SETS["cases"][name]
    op = _sparse_ops().DenseToDenseSetOperation(set_operation=case["set_operation"])
    out = op(
        ms.Tensor(np.array(case["x1"], case["dtype"])),
        ms.Tensor(np.array(case["x2"], case["dtype"])),
    )
    assert [np.asarray(t).tolist() for t in out] == [
        case["indices"],
        case["values"],
        case["shape"],
    ]
    assert [str(np.asarray(t).dtype) for t in out] == case["dtypes"]


def test_set_operation_refusals_match_mindspore():
    refusals = {
        "float_values": ([[1.0, 2.0]], [[1.0]], "float32", "float32"),
        "rank1": ([1, 2], [1], "int32", "int32"),
        "leading_shapes_differ": ([[1, 2]], [[1], [2]], "int32", "int32"),
        "dtypes_differ": ([[1, 2]], [[1]], "int32", "int64"),
        "unknown_operation": ([[1, 1]], [[1, 1]], "int32", "int32"),
    }
    got = {}
    for name, (x1, x2, d1, d2) in refusals.items():
        op = _sparse_ops().DenseToDenseSetOperation(
            set_operation="xor" if name == "unknown_operation" else "a-b"
        )
        a, b = ms.Tensor(np.array(x1, d1)), ms.Tensor(np.array(x2, d2))
        got[name] = _outcome(lambda op=op, a=a, b=b: op(a, b))
    assert got == _SETS["refused"]
    built = {
        "operation_not_str": lambda: _sparse_ops().DenseToDenseSetOperation(set_operation=1),
        "validate_not_bool": lambda: _sparse_ops().DenseToDenseSetOperation(validate_indices=1),
        "unknown_operation": lambda: _sparse_ops().DenseToDenseSetOperation(set_operation="xor"),
    }
    assert {name: _outcome(fn) for name, fn in built.items()} == _SETS["constructor"]


def test_dense_to_sparse_set_operation_agrees_with_the_dense_form():
    # MindSpore 2.10's CPU kernel of the sparse form refuses every input (it reads x1's rank
    # as 0), so the reference is the dense form on x2 written out densely.
    x1 = np.array([[1, 2, 4], [3, 4, 5]], np.int32)
    x2_indices = np.array([[0, 0], [1, 0], [1, 1]], np.int64)
    x2_values = np.array([1, 6, 3], np.int32)
    x2_dense = np.array([[1, 1], [6, 3]], np.int32)  # row 0's padding repeats a member
    for op in ("a-b", "b-a", "intersection", "union"):
        sparse = _sparse_ops().DenseToSparseSetOperation(set_operation=op)(
            ms.Tensor(x1), ms.Tensor(x2_indices), ms.Tensor(x2_values), ms.Tensor([2, 3])
        )
        dense = _sparse_ops().DenseToDenseSetOperation(set_operation=op)(
            ms.Tensor(x1), ms.Tensor(x2_dense)
        )
        assert [np.asarray(t).tolist() for t in sparse] == [np.asarray(t).tolist() for t in dense]
    with pytest.raises(ValueError, match="x2_indices"):
        _sparse_ops().DenseToSparseSetOperation()(
            ms.Tensor(x1), ms.Tensor(x2_indices + 5), ms.Tensor(x2_values), ms.Tensor([2, 3])
        )


def test_igamma_grad_a_matches_mindspore():
    from msfunc.compat.grad_ops import IgammaGradA

    case = GOLDEN["igamma_grad_a"]
    # the two series (XLA's and MindSpore's CPU kernel) agree to about 6 places in float64
    for dtype, rtol in (("float32", 2e-5), ("float64", 1e-6)):
        a, x = np.array(case["a"], dtype), np.array(case["x"], dtype)
        np.testing.assert_allclose(np.asarray(IgammaGradA()(a, x)), case[dtype], rtol=rtol)


def test_dataflow_nodes_build_and_refuse_to_run():
    expected = GOLDEN["dataflow_nodes"]
    for cls, args in (("GeSwitch", (ms.Tensor(2.0), ms.Tensor(True))), ("Merge", ((1.0, 2.0),))):
        op = getattr(ops, cls)()  # building one is fine: a program may never call it
        with pytest.raises(NotImplementedError, match=cls) as info:
            op(*args)
        # MindSpore raises NotImplementedError in PyNative mode and RuntimeError in graph mode
        assert expected[f"{cls}/pynative"] == type(info.value).__name__
        assert isinstance(info.value, RuntimeError)
        assert expected[f"{cls}/graph"] == "RuntimeError"


_PRIVATE = GOLDEN["functional_private"]


def test_mixed_precision_cast_matches_mindspore():
    from msfunc.compat.functional_private import mixed_precision_cast

    got = gen.mixed_precision_casts(ms, mixed_precision_cast)  # (the generator's own cases)
    assert got == _PRIVATE["mixed_precision_cast"]


def test_switch_layer_matches_mindspore_eagerly_and_under_jit():
    from msfunc.compat.functional_private import switch_layer

    layers = (lambda x: x * 2.0, lambda x: x * 3.0, lambda x: x * 5.0)
    jitted = jax.jit(lambda i, x: switch_layer(i, layers)(x))
    for index, value in _PRIVATE["switch_layer"].items():
        i = ms.Tensor(int(index), ms.int32)
        assert float(switch_layer(i, layers)(ms.Tensor(1.0))) == value
        assert float(jitted(np.int32(index), np.float32(1.0))) == value
    with pytest.raises(IndexError, match="index"):
        switch_layer(ms.Tensor(3, ms.int32), layers)(ms.Tensor(1.0))


def test_set_recursion_limit_refusals_and_effect():
    import sys

    from msfunc.compat.recursion_limit import set_recursion_limit

    values = {"0": 0, "-1": -1, "1.5": 1.5, "3": "3", "True": True}
    got = {k: _outcome(lambda v=v: set_recursion_limit(v)) for k, v in values.items()}
    assert got == _PRIVATE["set_recursion_limit"]
    before = sys.getrecursionlimit()
    try:
        set_recursion_limit(before + 3000)
        assert sys.getrecursionlimit() >= before + 3000
        set_recursion_limit(10)  # never lowered: the caller's own frames need it
        assert sys.getrecursionlimit() >= before + 3000
    finally:
        sys.setrecursionlimit(before)


def test_compile_config_switches_have_mindspores_defaults():
    from msfunc.compat import compile_config

    got = {n: getattr(compile_config, n) for n in compile_config.__all__}
    assert got == _PRIVATE["compile_config"]


def test_same_type_shape_and_is_subclass_match_mindspore():
    from msfunc.common import dtype as mstype
    from msfunc.compat.inner_ops import IsSubClass, SameTypeShape

    def t(shape, dtype="float32"):
        return ms.Tensor(np.ones(shape, dtype))

    same = {
        "x_scalar": (5.0, t([3, 4])),
        "y_scalar": (t([3, 4]), 5.0),
        "dtypes_differ": (t([3, 4]), t([3, 4], "int32")),
        "shapes_differ": (t([3, 4]), t([3, 3])),
        "match": (t([3, 4]), t([3, 4])),
    }
    got = {k: _outcome(lambda x=x, y=y: SameTypeShape()(x, y)) for k, (x, y) in same.items()}
    assert got == GOLDEN["inner_checks"]["same_type_shape"]
    x = t([2, 2])
    assert SameTypeShape()(x, t([2, 2])).tolist() == x.tolist()
    for key, expected in GOLDEN["inner_checks"]["is_subclass"].items():
        a, b = (getattr(mstype, n, None) for n in key.split("/"))
        outcome = _outcome(lambda a=a, b=b: IsSubClass()(a, b))
        assert (IsSubClass()(a, b) if outcome == "ok" else outcome) == expected, key


def test_auto_generate_answers_the_names_mindspore_shares_with_ops():
    from msfunc.compat import alias_mindspore, auto_generate, unalias_mindspore

    shared = json.loads((TESTS.parent / "msfunc/compat/auto_generate_shared.json").read_text())
    for name in ("AvgPool", "Pow", "ResizeNearestNeighbor", "acos", "add", "diagonal"):
        assert name in shared["ops"]
        assert getattr(auto_generate, name) is getattr(ops, name)
    alias_mindspore()
    try:
        from mindspore.ops import auto_generate as generated

        assert generated.AvgPool is ops.AvgPool
        with pytest.raises(AttributeError, match="no such name"):
            generated.NotAnOp  # noqa: B018
    finally:
        unalias_mindspore()


def test_group_norm_matches_mindspore_and_anti_quant_refuses_as_it_does():
    from msfunc.compat.auto_generate import GroupNorm
    from msfunc.compat.inner_ops import AntiQuant

    case = GOLDEN["group_norm"]
    x, w, b = (ms.Tensor(np.array(case[k], np.float32)) for k in ("x", "weight", "bias"))
    out = GroupNorm()(x, case["num_groups"], w, b, case["eps"])
    for got, expected in zip(out, case["outputs"], strict=True):
        np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-5, atol=1e-6)
    # MindSpore's input names, in any order, as keywords
    again = GroupNorm()(x, weight=w, bias=b, num_groups=case["num_groups"], eps=case["eps"])
    np.testing.assert_array_equal(np.asarray(again[0]), np.asarray(out[0]))
    ones = ms.Tensor(np.ones(1, np.float16))
    float_x = ms.Tensor(np.array([50.0, 20.0], np.float32))
    int8_x = ms.Tensor(np.array([50, 20], np.int8))
    assert _outcome(lambda: AntiQuant()(float_x, ones, ones)) == case["anti_quant_float_x"]
    assert _outcome(lambda: AntiQuant()(int8_x, ones, ones)) == case["anti_quant_int8"]
    with pytest.raises(TypeError, match="scale"):
        AntiQuant()(x=int8_x, scale=1.0, offset=2.0)


def test_primitives_take_mindspores_keywords_and_graph_variable_sizes():
    x = ms.Tensor(np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5))
    m = ms.Tensor(np.ones(3, np.float32))
    y = ops.BatchNorm()(input_x=x, scale=m, bias=m, mean=m, variance=m)[0]
    expected = (np.asarray(x) - 1) / np.sqrt(1 + 1e-5) + 1  # mean, variance, scale, bias all 1
    np.testing.assert_allclose(np.asarray(y), expected, rtol=1e-6, atol=1e-6)
    summed = ops.Partial()(ops.ReduceSum(keep_dims=True), axis=(-1,))(x=x)
    np.testing.assert_array_equal(np.asarray(summed), np.asarray(x).sum(-1, keepdims=True))
    pooled = ops.AvgPool(ms.mutable(2), ms.mutable(2), "VALID", "NCHW")(x)
    expected = np.asarray(x)[..., :4].reshape(2, 3, 2, 2, 2, 2).mean(axis=(3, 5))
    np.testing.assert_allclose(np.asarray(pooled), expected, rtol=1e-6)
    with pytest.raises(TypeError, match="input"):
        ops.diagonal(1.0, 1, 1, -3)


def test_sparse_apply_ftrl_matches_mindspore():
    case = GOLDEN["sparse_apply_ftrl"]
    start = [np.array(case[k], np.float32) for k in ("var", "accum", "linear")]
    for indices, expected in case["steps"].items():
        params = [ms.Parameter(ms.Tensor(v), n) for v, n in zip(start, "val", strict=True)]
        op = ops.SparseApplyFtrl(lr=0.1, l1=0.01, l2=0.02, lr_power=-0.5)
        out = op(
            *params,
            ms.Tensor(np.array(case["grad"], np.float32)),
            ms.Tensor(json.loads(indices), ms.int32),
        )
        for param, got, want in zip(params, out, expected, strict=True):
            np.testing.assert_allclose(np.asarray(param), want, rtol=2e-6, atol=1e-7)
            np.testing.assert_array_equal(np.asarray(got), np.asarray(param))
    bad = {
        "int_lr": {"lr": 1, "l1": 0.0, "l2": 0.0, "lr_power": -0.5},
        "positive_power": {"lr": 0.1, "l1": 0.0, "l2": 0.0, "lr_power": 0.5},
        "negative_lr": {"lr": -0.1, "l1": 0.0, "l2": 0.0, "lr_power": -0.5},
        "negative_l1": {"lr": 0.1, "l1": -1.0, "l2": 0.0, "lr_power": -0.5},
    }
    got = {k: _outcome(lambda kw=kw: ops.SparseApplyFtrl(**kw)) for k, kw in bad.items()}
    assert got == case["constructor"]


def test_gaussian_nll_loss_refusals_match_mindspore():
    a = ms.Tensor(np.arange(8).reshape(4, 2).astype(np.float32))
    var = ms.Tensor(np.ones((4, 1), np.float32))
    bad = {
        "full_int": {"full": 1},
        "full_none": {"full": None},
        "eps_int": {"eps": 1},
        "eps_negative": {"eps": -1.0},
        "reduction_unknown": {"reduction": "x"},
    }
    got = {
        k: _outcome(lambda kw=kw: ops.gaussian_nll_loss(a, a + 1, var, **kw))
        for k, kw in bad.items()
    }
    assert got == GOLDEN["sparse_apply_ftrl"]["gaussian_nll_loss"]


def test_scatter_index_rank_and_in_place_dtype_match_mindspore():
    golden = GOLDEN["scatter_checks"]
    rank1 = {}
    for name in ("ScatterNdUpdate", "ScatterNdAdd", "TensorScatterUpdate", "TensorScatterAdd"):
        target = np.ones((5, 5), np.float16)
        first = ms.Parameter(ms.Tensor(target), "b") if name.startswith("Scatter") else target
        idx, upd = ms.Tensor(np.ones([1], np.int32)), ms.Tensor(np.ones([5], np.float16))
        rank1[name] = _outcome(lambda op=getattr(ops, name)(), a=first, i=idx, u=upd: op(a, i, u))
    rank1["ScatterNd"] = _outcome(
        lambda: ops.ScatterNd()(ms.Tensor(np.array([1], np.int32)), ms.Tensor(np.ones([1])), (3,))
    )
    assert rank1 == golden["rank1_indices"]
    widen = {}
    for key in golden["widening_updates"]:
        name, target, updates = key.split("/")
        idx = np.array([[0], [1]] if name.startswith("ScatterNd") else [0, 1], np.int32)
        param = ms.Parameter(ms.Tensor(np.ones((5, 3), target)), "b")
        upd = ms.Tensor(np.ones((2, 3), updates))
        op = getattr(ops, name)()
        widen[key] = _outcome(lambda op=op, a=param, i=ms.Tensor(idx), u=upd: op(a, i, u))
    assert widen == golden["widening_updates"]


def test_composite_core_flags_match_mindspore():
    from msfunc.compat.composite_base import core

    def flagged(x):
        return x

    def bare(x):
        return x

    core(loop_can_uroll=True)(flagged)
    got = {
        "with_flag": flagged._func_graph_flags,
        "bare": bare._func_graph_flags if core(bare) is bare else None,
        "returns_fn": core(bare) is bare,
    }
    assert got == _PRIVATE["core_flags"]


def test_fake_quant_param_matches_mindspore():
    from msfunc.compat.quant_ops import FakeQuantParam

    golden = GOLDEN["fake_quant_param"]
    quant = ms.common.dtype.QuantDtype
    built = {
        "int8_scalar": FakeQuantParam.linear_quant_param(quant.INT8, 0.1, 1),
        "int4_per_channel": FakeQuantParam.linear_quant_param(quant.INT4, [0.1, 0.2], [1, 2], True),
        "custom": FakeQuantParam(quant.INT8, "x", False, a=1),
    }
    assert {k: dict(op.attrs) for k, op in built.items()} == {k: golden[k] for k in built}
    scale_str = _outcome(lambda: FakeQuantParam.linear_quant_param(quant.INT8, "a", 1))
    assert scale_str == golden["scale_str"]
    assert (
        _outcome(lambda: built["int8_scalar"](ms.Tensor(np.ones(3, np.float32)))) == golden["run"]
    )


def test_fake_quant_param_exports_as_a_marker(tmp_path):
    # MindSpore exports a network holding FakeQuantParam (running it fails, test above); in
    # msfunc's exported program the marker passes its input through
    from msfunc.compat.quant_ops import FakeQuantParam

    class Marked(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.mark = FakeQuantParam.linear_quant_param(ms.common.dtype.QuantDtype.INT8, 0.1, 1)

        def construct(self, x):
            return self.mark(x * 2)

    x = ms.Tensor(np.arange(3, dtype=np.float32))
    path = str(tmp_path / "marked")
    ms.export(Marked(), x, file_name=path, file_format="MINDIR")
    out = ms.nn.GraphCell(ms.load(path + ".mindir"))(x)
    np.testing.assert_array_equal(np.asarray(out), [0.0, 2.0, 4.0])
