"""MindSpore's internal module paths that its own code imports: auto_generate, _checkparam,
vm_impl_registry, _inner_ops, _c_expression, and the summary primitives.

Values are checked against numpy; the exception types of the validators are the ones real
MindSpore 2.10 raises for the same calls.
"""

import _alias_scenarios
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc
from msfunc import ops
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.compat import auto_generate as A
from msfunc.compat import checkparam as V
from msfunc.compat.inner_ops import ConvertToDynamic, Load
from msfunc.compat.vm_impl_registry import Registry
from msfunc.errors import UnsupportedError
from msfunc.ops.primitive_tables.summary import clear_summary_values, summary_values


@pytest.fixture
def aliased():
    alias_mindspore()
    yield
    unalias_mindspore()


def test_auto_generate_primitives_compute_like_numpy():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(A.SumExt()(x, 1, True, None).asnumpy(), x.sum(1, keepdims=True))
    assert A.SumExt()(x).asnumpy() == x.sum()
    assert A.SumExt()(x, None, False, msfunc.int32).dtype == np.int32
    np.testing.assert_array_equal(A.AddExt()(x, x, 2).asnumpy(), x + 2 * x)
    np.testing.assert_array_equal(A.SubExt()(x, 1.0, 3).asnumpy(), x - 3)
    ones = A.OnesLikeExt()(x, msfunc.int32)
    assert ones.dtype == np.int32 and ones.shape == (3, 4) and int(ones.sum()) == 12
    assert float(A.ZerosLikeExt()(x).sum()) == 0.0
    assert A.Ones is ops.Ones and A.Zeros is ops.Zeros


def test_internal_paths_import_through_the_alias(aliased):
    import mindspore
    from mindspore import _checkparam as validator
    from mindspore._c_expression import typing
    from mindspore.ops.auto_generate import SumExt
    from mindspore.ops.auto_generate.gen_ops_prim import AddExt
    from mindspore.ops.operations import Load as load_cls
    from mindspore.ops.operations import _grad_ops as G
    from mindspore.ops.operations._inner_ops import ConvertToDynamic as convert_cls
    from mindspore.ops.vm_impl_registry import vm_impl_registry

    assert SumExt is A.SumExt and AddExt is A.AddExt and G.ReluGrad is A.ReluGrad
    assert validator.check_bool is V.check_bool and load_cls is Load
    assert convert_cls is ConvertToDynamic and isinstance(vm_impl_registry, Registry)
    assert mindspore.ops.ScalarSummary is ops.ScalarSummary
    assert isinstance(mindspore.float32, typing.Float)  # MindSpore's type classes are msfunc's
    with pytest.raises(UnsupportedError, match="type_id_to_type"):
        typing.type_id_to_type(1)
    from mindspore import _c_expression

    with pytest.raises(UnsupportedError, match="C\\+\\+ runtime"):
        _c_expression.GraphExecutor_()


@pytest.mark.parametrize(
    "call, exc",
    [
        (lambda: V.check_is_int(True), TypeError),
        (lambda: V.check_is_int(np.int64(3)), TypeError),
        (lambda: V.check_positive_int(0), ValueError),
        (lambda: V.check_positive_int(3.3), TypeError),
        (lambda: V.check_negative_int(0), ValueError),
        (lambda: V.check_non_positive_int(1), ValueError),
        (lambda: V.check_bool(1), TypeError),
        (lambda: V.check_bool(np.bool_(True)), TypeError),
        (lambda: V.check_int(2, 3, V.GE, "x", "Foo"), ValueError),
        (lambda: V.check_value_type("a", True, [int]), TypeError),
        (lambda: V.check_int_range(5, 0, 3, V.INC_LEFT, "n"), ValueError),
        (lambda: V.check_float_range(1.0, 0.0, 1.0, V.INC_NEITHER, "b"), ValueError),
        (lambda: V.check_float_range(1, 0.0, 2.0, V.INC_NEITHER, "b"), TypeError),
        (lambda: V.check_string("a", ["b", "c"], "mode", "Net"), ValueError),
        (lambda: V.check_positive_float(2), TypeError),
        (lambda: V.check_number_range(0.5, 0, 1, V.INC_NEITHER, int), TypeError),
        (lambda: V.check_str_by_regular("a b"), ValueError),
        (lambda: V.check_str_by_regular(3), TypeError),
        (lambda: V.twice(True), TypeError),
        (lambda: V.twice((1, 2, 3)), TypeError),
        (lambda: V.twice((3.3, 4)), TypeError),
    ],
)
def test_validators_raise_mindsporess_exception_types(call, exc):
    with pytest.raises(exc):
        call()


def test_validators_return_the_checked_value():
    assert V.check_int(5, 3, V.GE) == 5 and V.check_non_negative_int(0) == 0
    assert V.check_float_range(0.5, 0.0, 1.0, V.INC_NEITHER, "b") == 0.5
    assert V.check_value_type("t", msfunc.Tensor(1), [msfunc.Tensor]) is not None
    assert V.check_str_by_regular("conv1.weight") is True
    assert V.twice(3) == (3, 3) and V.twice((3, 3)) == (3, 3) and V.triple(2) == (2, 2, 2)
    assert V.check_axis_in_range(-1, 3) == 2
    assert V.check_positive_int_sequence((1, 2)) == (1, 2)
    tensor_f32 = msfunc.common.dtype.TensorType(msfunc.float32)
    assert V.check_tensor_dtype_valid("x", tensor_f32, [msfunc.float32], "P") == msfunc.float32
    with pytest.raises(TypeError, match="'x'"):
        V.check_tensor_dtype_valid(
            "x", msfunc.common.dtype.TensorType(msfunc.int32), [msfunc.float32], "P"
        )


def test_registry_files_factories_by_primitive_class():
    registry = Registry()

    @registry.register(ops.ReduceSum)
    def reduce_sum_impl(prim):
        return lambda x, axis: np.sum(x, axis, keepdims=prim.keep_dims)

    registry.register("square")(np.square)
    impl = registry.get(ops.ReduceSum(keep_dims=True), None)
    assert impl(np.ones((2, 3)), 1).shape == (2, 1)
    assert registry.get("square", None)(3) == 9 and registry.get(ops.Add(), "none") == "none"
    with pytest.raises(TypeError, match="prim"):
        registry.register(3)


def test_load_reads_the_parameter_and_convert_to_dynamic_passes_values():
    w = msfunc.Parameter(msfunc.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    assert Load()(w, None).tolist() == [1.0, 2.0]
    w.set_data(msfunc.Tensor(np.array([3.0, 4.0], np.float32)))
    assert Load()(w, None).tolist() == [3.0, 4.0]
    np.testing.assert_array_equal(ConvertToDynamic()(np.arange(3)).asnumpy(), np.arange(3))


def test_summary_primitives_record_the_latest_value_eagerly_and_under_jit():
    clear_summary_values()
    ops.ScalarSummary()("loss", jnp.float32(0.5))

    @jax.jit
    def step(x):
        ops.TensorSummary()("x", x)
        ops.ScalarSummary()("loss", jnp.sum(x))
        return x * 2

    jax.block_until_ready(step(jnp.array([1.0, 2.0])))
    jax.effects_barrier()
    values = summary_values()
    assert float(values["loss[:Scalar]"]) == 3.0
    np.testing.assert_array_equal(values["x[:Tensor]"], [1.0, 2.0])
    with pytest.raises(ValueError, match="scalar"):
        ops.ScalarSummary()("loss", jnp.ones(3))
    with pytest.raises(ValueError, match="4-D"):
        ops.ImageSummary()("img", jnp.ones((2, 2)))
    with pytest.raises(TypeError, match="name"):
        ops.HistogramSummary()(3, jnp.ones(3))
    clear_summary_values()
    assert summary_values() == {}


# `common.np_dtype.bfloat16`, `ops.composite.multitype_ops`' zeros_like, `set_dump`'s marks and
# `common.api._cell_graph_executor`, against MindSpore 2.10
# (tests/oracle/gen_internal_paths_golden.py, whose scenarios run here unchanged under the
# ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("internal_paths"))
def test_matches_mindspore(name):
    _alias_scenarios.check("internal_paths", name)
