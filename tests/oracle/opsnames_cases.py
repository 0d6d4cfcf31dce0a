"""The op names MindSpore programs import from its private module paths
(``ops.function.array_func.new_zeros``, ``gen_ops_def.add_ext``, ``auto_generate.TanhGrad``,
``operations._sequence_ops``, ``mint.special``, ``device_context`` ...).

Each case ``case(M)`` calls them through ``M`` (`namespace`: the objects of those paths, imported
by MindSpore's names: MindSpore's in gen_opsnames_golden.py, msfunc's under its ``mindspore``
alias in tests/compat/test_opsnames.py) and returns JSON
data: a Tensor as ``[dtype name, shape, values]``, an error as ``["error", type name]``.
``M.graph(op, *args)`` runs a primitive in a graph-mode Cell with `mutable` sequences, the way
MindSpore compiles sequence primitives. Within a case the calls that raise come last (after a
failed kernel MindSpore's PyNative may report the error again on later calls), and the
generator runs each case in its own process. No top-level import of MindSpore or msfunc.
"""

import importlib
import types

import numpy as np


def encode(value):
    """`value` as JSON data: Tensors by dtype, shape and values; sequences item by item."""
    if hasattr(value, "asnumpy"):
        array = value.asnumpy()
        return [array.dtype.name, list(array.shape), array.tolist()]
    if isinstance(value, (tuple, list)):
        kind = "tuple" if isinstance(value, tuple) else "list"
        return [kind, [encode(v) for v in value]]
    if getattr(value, "shape", None) == ():  # a graph's variable number, returned as 0-d array
        value = value.item()
    if isinstance(value, float):
        return ["float", round(value, 6)]
    return [type(value).__name__, value]


# run after a call that raised: MindSpore reports some errors again on its next operation
AFTER_ERROR = []


def attempt(call):
    """`call()` encoded, or the type name of what it raised."""
    try:
        return encode(call())
    except (TypeError, ValueError, RuntimeError) as exc:
        for settle in AFTER_ERROR:
            settle()
        return ["error", type(exc).__name__]


def _x(M):
    return M.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))


def new_tensors(M):
    """new_zeros/new_ones: shapes as int, tuple or list, the input's dtype or `dtype`."""
    x, xi = _x(M), M.Tensor(np.array([1, 2], np.int32))
    return {
        "zeros_tuple": attempt(lambda: M.new_zeros(x, (2, 3))),
        "zeros_int": attempt(lambda: M.new_zeros(x, 3)),
        "zeros_list": attempt(lambda: M.new_zeros(x, [1, 2])),
        "zeros_dtype": attempt(lambda: M.new_zeros(x, (2,), dtype=M.int32)),
        "zeros_int_input": attempt(lambda: M.new_zeros(xi, (2,))),
        "zeros_empty": attempt(lambda: M.new_zeros(x, ())),
        "ones_tuple": attempt(lambda: M.new_ones(x, (2, 3))),
        "ones_bool": attempt(lambda: M.new_ones(xi, (2,), dtype=M.bool_)),
        "float_size": attempt(lambda: M.new_zeros(x, 2.5)),
        "negative_size": attempt(lambda: M.new_zeros(x, (-1,))),
        "tensor_size": attempt(lambda: M.new_ones(x, M.Tensor(np.array([2, 3])))),
        "array_input": attempt(lambda: M.new_zeros(np.ones(2), (2,))),
        "positional_dtype": attempt(lambda: M.new_ones(x, (2,), M.float16)),
    }


def extremes(M):
    """max_ext/min_ext: the whole Tensor, or (values, indices) along a dimension."""
    y = M.Tensor(np.array([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], np.float32))
    ties = M.Tensor(np.array([3, 1, 3], np.int32))
    return {
        "max_all": attempt(lambda: M.max_ext(y)),
        "min_all": attempt(lambda: M.min_ext(y)),
        "max_dim": attempt(lambda: M.max_ext(y, 1)),
        "max_keepdim": attempt(lambda: M.max_ext(y, 0, True)),
        "min_negative_dim": attempt(lambda: M.min_ext(y, -1)),
        "max_ties": attempt(lambda: M.max_ext(ties, 0)),
        "min_ties": attempt(lambda: M.min_ext(ties, 0)),
        "keepdim_without_dim": attempt(lambda: M.max_ext(y, keepdim=True)),
        "dim_out_of_range": attempt(lambda: M.max_ext(y, 2)),
        "float_dim": attempt(lambda: M.min_ext(y, 1.0)),
    }


def gather(M):
    """gather_ext along a dimension, and its index-dtype and dimension checks."""
    x = _x(M)
    index = M.Tensor(np.array([[0, 0], [1, 0]], np.int64))
    return {
        "gather": attempt(lambda: M.gather_ext(x, 1, index)),
        "gather_negative_dim": attempt(lambda: M.gather_ext(x, -1, index)),
        "gather_dim0_int32": attempt(
            lambda: M.gather_ext(x, 0, M.Tensor(np.array([[1, 0]], np.int32)))
        ),
        "gather_float_index": attempt(
            lambda: M.gather_ext(x, 1, M.Tensor(np.array([[0.0, 1.0]], np.float32)))
        ),
        "gather_dim_out_of_range": attempt(lambda: M.gather_ext(x, 3, index)),
    }


def bmm(M):
    """bmm_ext's values and its shape and dtype checks."""
    a = M.Tensor(np.arange(12).reshape(2, 2, 3).astype(np.float32))
    b = M.Tensor(np.arange(12).reshape(2, 3, 2).astype(np.float32))
    ones = M.Tensor(np.ones((1, 2, 2), np.int32))
    return {
        "bmm": attempt(lambda: M.bmm_ext(a, b)),
        "bmm_int": attempt(lambda: M.bmm_ext(ones, ones)),
        "bmm_mixed_dtypes": attempt(lambda: M.bmm_ext(a, M.Tensor(np.ones((2, 3, 2), np.float16)))),
        "bmm_2d": attempt(lambda: M.bmm_ext(_x(M), _x(M))),
        "bmm_not_chaining": attempt(lambda: M.bmm_ext(a, a)),
    }


def add_sub_less(M):
    """add_ext/sub_ext with alpha (positional), their alpha checks; auto_generate's less."""
    x, xi = _x(M), M.Tensor(np.array([1, 2], np.int32))
    t = M.Tensor(np.array([True, True, False, False]))
    u = M.Tensor(np.array([True, False, True, False]))
    two = M.Tensor(np.array([2.0, 2.0], np.float32))
    return {
        "add_alpha": attempt(lambda: M.add_ext(x, x, 2)),
        "add_float_alpha": attempt(lambda: M.add_ext(x, x, 0.5)),
        "add_scalar": attempt(lambda: M.add_ext(x, 2, 3)),
        "add_int_and_float": attempt(lambda: M.add_ext(xi, 2.5)),
        "add_keyword_alpha": attempt(lambda: M.add_ext(x, x, alpha=3)),
        "add_bools": attempt(lambda: M.add_ext(t, u)),
        "sub_alpha": attempt(lambda: M.sub_ext(x, x, 2)),
        "sub_scalar_first": attempt(lambda: M.sub_ext(2, x)),
        "sub_bools": attempt(lambda: M.sub_ext(t, u)),
        "less": attempt(lambda: M.less(x, two)),
        "less_scalar": attempt(lambda: M.less(x, 2)),
        "less_bool": attempt(lambda: M.less(x, True)),
        "less_int_float": attempt(lambda: M.less(xi, 1.5)),
        "add_int_float_alpha": attempt(lambda: M.add_ext(xi, xi, 0.5)),
        "add_int_bool_alpha": attempt(lambda: M.add_ext(xi, xi, True)),
        "sub_int_float_alpha": attempt(lambda: M.sub_ext(xi, xi, 1.5)),
    }


def mint_checks(M):
    """mint.mm / mint.bmm shape and dtype checks, mint.add/sub's float alpha against the result
    dtype (with a Python-number operand too), and the bool inputs mean and cumsum refuse."""
    mint, ops, f32 = M.mint, M.ops, np.float32
    m23, m34 = (
        M.Tensor(np.arange(n, dtype=f32).reshape(s)) for n, s in ((6, (2, 3)), (12, (3, 4)))
    )
    a, b = M.Tensor(np.ones((2, 2, 3), f32)), M.Tensor(np.arange(12, dtype=f32).reshape(2, 3, 2))
    xi, flags = M.Tensor(np.array([1, 2], np.int32)), M.Tensor(np.array([True, False, True]))
    return {
        "mm": attempt(lambda: mint.mm(m23, m34)),
        "bmm": attempt(lambda: mint.bmm(a, b)),
        "add_float_scalar_alpha": attempt(lambda: mint.add(xi, 2.0, alpha=1.5)),
        "mm_3d": attempt(lambda: mint.mm(a, b)),
        "mm_1d": attempt(lambda: mint.mm(M.Tensor(np.ones(3, f32)), m34)),
        "mm_inner": attempt(lambda: mint.mm(m23, m23)),
        "mm_dtypes": attempt(lambda: mint.mm(m23, M.Tensor(np.ones((3, 4), np.float16)))),
        "bmm_2d": attempt(lambda: mint.bmm(m23, m34)),
        "bmm_batch": attempt(lambda: mint.bmm(a, M.Tensor(np.ones((3, 3, 2), f32)))),
        "bmm_inner": attempt(lambda: mint.bmm(a, a)),
        "bmm_bool": attempt(lambda: mint.bmm(*[M.Tensor(np.ones((2, 2, 2), bool))] * 2)),
        "add_int_scalar_float_alpha": attempt(lambda: mint.add(xi, 2, alpha=1.5)),
        "sub_float_alpha": attempt(lambda: mint.sub(xi, xi, alpha=1.0)),
        "add_str_alpha": attempt(lambda: mint.add(xi, xi, alpha="2")),
        "mean_bool": attempt(lambda: ops.mean(flags)),
        "reduce_mean_bool": attempt(lambda: ops.ReduceMean()(flags)),
        "cumsum_bool": attempt(lambda: ops.cumsum(flags, 0)),
        "cumsum_primitive_bool": attempt(lambda: ops.CumSum()(flags, 0)),
    }


def grad_primitives(M):
    """auto_generate's TanhGrad (y, dy) and tracev2_grad_op (dout, shape Tensor, offset, axes)."""
    y = M.Tensor(np.array([0.5, -0.25], np.float32))
    dy = M.Tensor(np.array([1.0, 2.0], np.float32))
    shape = M.Tensor(np.array([2, 3, 4]), M.int64)
    return {
        "tanh_grad": attempt(lambda: M.TanhGrad()(y, dy)),
        "tanh_grad_float16": attempt(
            lambda: M.TanhGrad()(y.astype(M.float16), dy.astype(M.float16))
        ),
        "trace_grad": attempt(
            lambda: M.tracev2_grad_op(
                M.Tensor(np.array(2.0, np.float32)), M.Tensor(np.array([2, 3]), M.int64), 0, 0, 1
            )
        ),
        "trace_grad_batched": attempt(
            lambda: M.tracev2_grad_op(M.Tensor(np.array([1.0, 2.0], np.float32)), shape, 1, 1, 2)
        ),
        "trace_grad_below": attempt(
            lambda: M.tracev2_grad_op(
                M.Tensor(np.array(2.0, np.float32)), M.Tensor(np.array([3, 3]), M.int64), -1, 0, 1
            )
        ),
        "trace_grad_axes_swapped": attempt(
            lambda: M.tracev2_grad_op(
                M.Tensor(np.array(1.0, np.float32)), M.Tensor(np.array([2, 3]), M.int64), 1, 1, 0
            )
        ),
    }


def special_and_dtype(M):
    """mint.special's functions; ops.dtype of Tensors and sparse tensors, and its refusals."""
    x = M.Tensor(np.array([0.5, 1.5, -2.5, 0.25], np.float32))
    csr = M.CSRTensor(
        M.Tensor(np.array([0, 1], np.int32)),
        M.Tensor(np.array([0], np.int32)),
        M.Tensor(np.array([2.0], np.float16)),
        (1, 2),
    )
    out = {
        name: attempt(lambda name=name: getattr(M.special, name)(x))
        for name in ("erfc", "exp2", "expm1", "log1p", "round", "sinc")
    }
    out["log_softmax"] = attempt(lambda: M.special.log_softmax(x, 0))
    out["names"] = sorted(M.special.__all__)
    out["dtype"] = str(M.dtype(M.Tensor(np.array([1], np.int32))) == M.int32)
    out["dtype_csr"] = str(M.dtype(csr) == M.float16)
    out["dtype_int"] = attempt(lambda: M.dtype(1))
    out["dtype_list"] = attempt(lambda: M.dtype([1.0]))
    return out


def sequences(M):
    """The sequence primitives, run in graph mode on `mutable` sequences."""
    S, mutable, T = M.seq, M.mutable, M.Tensor
    a, b = T(np.array([1.0, 2.0], np.float32)), T(np.array([3.0, 4.0], np.float32))
    matrix = T(np.arange(6).reshape(2, 3).astype(np.float32))
    calls = {
        "addn_ints": (S.SequenceAddN(), mutable((1, 2, 3), True)),
        "addn_floats": (S.SequenceAddN(), mutable((1.5, 2.0), True)),
        "addn_tensors": (S.SequenceAddN(), mutable((a, b), True)),
        "add": (S.SequenceAdd(), mutable((1, 2), True), mutable((3,), True)),
        "mul": (S.SequenceMul(), mutable((1, 2), True), 2),
        "slice": (S.SequenceSlice(), mutable((1, 2, 3, 4, 5), True), 0, 5, 2),
        "count": (S.SequenceCount(), mutable((1, 2, 2, 3), True), 2),
        "index": (S.SequenceIndex(), mutable((1, 2, 3), True), 3, 0, 3),
        "max": (S.SequenceMax(), mutable((1, 5, 3), True)),
        "min": (S.SequenceMin(), mutable((1.5, 0.5, 3.0), True)),
        "in": (S.InSequence(), 2, mutable((1, 2, 3), True)),
        "append": (S.ListAppend(), mutable([1, 2], True), 3),
        "insert": (S.ListInsert(), mutable([1, 2], True), 0, 3),
        "len": (S.sequence_len(), mutable((1, 2, 3), True)),
        "shape_mul": (S.shape_mul(), mutable((2, 3, 4), True)),
        "tuple_to_tensor": (S.TupleToTensor(), mutable((1, 2, 3), True), M.float32),
        "tensor_to_tuple": (S.TensorToTuple(), T(np.array([1, 2], np.int32))),
        "tensor_to_scalar": (S.TensorToScalar(), T(np.array(3, np.int64))),
        "tuple_lt": (S.tuple_lt(), mutable((1, 2), True), mutable((1, 3), True)),
        "zeros_like": (S.SequenceZerosLike(), mutable((1, 2), True)),
        "stack": (S.SequenceStack(1), mutable((a, b), True)),
        "unstack": (S.SequenceUnstack(1), matrix),
    }
    return {name: attempt(lambda c=call: M.graph(*c)) for name, call in calls.items()}


def device_context(M):
    """device_context's queries and setters on a CPU: threads_num once, device settings
    of other devices accepted (their types checked) and ignored."""
    dc = M.device_context
    threads = dc.cpu.op_tuning.threads_num
    return {
        "cpu": [dc.cpu.is_available(), dc.cpu.device_count()],
        "gpu_available": dc.gpu.is_available(),
        "ascend_available": dc.ascend.is_available(),
        "gpu_count": attempt(dc.gpu.device_count),
        "ascend_count": attempt(dc.ascend.device_count),
        "threads_float": attempt(lambda: threads(1.5)),
        "threads_bool": attempt(lambda: threads(True)),
        "threads_zero": attempt(lambda: threads(0)),
        "threads_set": attempt(lambda: threads(2)),
        "threads_again": attempt(lambda: threads(3)),
        "tf32_int": attempt(lambda: dc.gpu.op_precision.conv_allow_tf32(1)),
        "tf32": attempt(lambda: dc.gpu.op_precision.conv_allow_tf32(False)),
        "matmul_tf32": attempt(lambda: dc.gpu.op_precision.matmul_allow_tf32(True)),
        "fprop_algo": attempt(lambda: dc.gpu.op_tuning.conv_fprop_algo("performance")),
        "dgrad_algo": attempt(lambda: dc.gpu.op_tuning.conv_dgrad_algo("normal")),
        "precision_mode": attempt(lambda: dc.ascend.op_precision.precision_mode("force_fp32")),
        "hf32": attempt(lambda: dc.ascend.op_precision.conv_allow_hf32(False)),
        "op_precision_path_int": attempt(lambda: dc.ascend.op_precision.op_precision_mode(1)),
        "timeout_float": attempt(lambda: dc.ascend.op_debug.execute_timeout(1.5)),
        "aclnn_cache": attempt(lambda: dc.ascend.op_tuning.aclnn_cache(True)),
    }


CASES = {
    "new_tensors": new_tensors,
    "extremes": extremes,
    "gather": gather,
    "bmm": bmm,
    "add_sub_less": add_sub_less,
    "mint_checks": mint_checks,
    "grad_primitives": grad_primitives,
    "special_and_dtype": special_and_dtype,
    "sequences": sequences,
    "device_context": device_context,
}


def namespace():
    """The objects the cases call, imported by their MindSpore module paths."""
    ms = importlib.import_module("mindspore")
    array_func = importlib.import_module("mindspore.ops.function.array_func")
    gen_ops_def = importlib.import_module("mindspore.ops.auto_generate.gen_ops_def")
    auto_generate = importlib.import_module("mindspore.ops.auto_generate")

    class Net(ms.nn.Cell):
        def __init__(self, op):
            super().__init__()
            self.op = op

        def construct(self, *args):
            return self.op(*args)

    def graph(op, *args):
        ms.set_context(mode=ms.GRAPH_MODE)
        try:
            return Net(op)(*args)
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    return types.SimpleNamespace(
        Tensor=ms.Tensor,
        CSRTensor=ms.CSRTensor,
        mint=ms.mint,
        ops=ms.ops,
        mutable=ms.mutable,
        int32=ms.int32,
        int64=ms.int64,
        float16=ms.float16,
        float32=ms.float32,
        bool_=ms.bool_,
        new_zeros=array_func.new_zeros,
        new_ones=array_func.new_ones,
        gather_ext=array_func.gather_ext,
        max_ext=array_func.max_ext,
        min_ext=array_func.min_ext,
        bmm_ext=gen_ops_def.bmm_ext,
        add_ext=gen_ops_def.add_ext,
        sub_ext=gen_ops_def.sub_ext,
        less=auto_generate.less,
        TanhGrad=auto_generate.TanhGrad,
        tracev2_grad_op=auto_generate.tracev2_grad_op,
        special=importlib.import_module("mindspore.mint.special"),
        dtype=ms.ops.dtype,
        seq=importlib.import_module("mindspore.ops.operations._sequence_ops"),
        graph=graph,
        device_context=importlib.import_module("mindspore.device_context"),
    )
