"""Operands whose shapes do not fit: the exception type MindSpore raises (read when the result
is synchronised, as its kernels run asynchronously). ``CASES[name](ms)`` (ms: the
``mindspore`` module, or msfunc) returns the exception's type name, or "ok".
gen_shape_errors_golden.py records MindSpore 2.10's answers in tests/golden/shape_errors.json;
tests/common/test_shape_errors.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""


def _outcome(fn):
    def case(ms):
        import numpy as np

        a = ms.Tensor(np.ones(3, np.float32))
        b = ms.Tensor(np.ones(2, np.float32))
        m = ms.Tensor(np.ones((2, 3), np.float32))
        try:
            out = fn(ms, a, b, m)
            out.asnumpy()
        except Exception as exc:  # noqa: BLE001  (the type is the answer)
            return type(exc).__name__
        return "ok"

    return case


CASES = {
    "add": _outcome(lambda ms, a, b, m: a + b),
    "sub": _outcome(lambda ms, a, b, m: a - b),
    "mul": _outcome(lambda ms, a, b, m: a * b),
    "truediv": _outcome(lambda ms, a, b, m: a / b),
    "pow": _outcome(lambda ms, a, b, m: a**b),
    "less": _outcome(lambda ms, a, b, m: a < b),
    "equal": _outcome(lambda ms, a, b, m: a == b),
    "matmul": _outcome(lambda ms, a, b, m: m @ m),
    "numpy_left": _outcome(lambda ms, a, b, m: __import__("numpy").ones(2, "float32") + a),
    "ops_add": _outcome(lambda ms, a, b, m: ms.ops.add(a, b)),
    "ops_mul": _outcome(lambda ms, a, b, m: ms.ops.mul(a, b)),
    "ops_matmul": _outcome(lambda ms, a, b, m: ms.ops.matmul(m, m)),
    "string_operand": _outcome(lambda ms, a, b, m: a + "x"),
    "tensor_matmul": _outcome(lambda ms, a, b, m: m.matmul(m)),
    "ops_matmul_1d": _outcome(lambda ms, a, b, m: ms.ops.matmul(a, b)),
    "ops_mm": _outcome(lambda ms, a, b, m: ms.ops.mm(m, m)),
    "ops_mm_vector": _outcome(lambda ms, a, b, m: ms.ops.mm(m, a)),
    "ops_bmm": _outcome(lambda ms, a, b, m: ms.ops.bmm(m.reshape(1, 2, 3), m.reshape(1, 2, 3))),
    "MatMul": _outcome(lambda ms, a, b, m: ms.ops.MatMul()(m, m)),
    "BatchMatMul": _outcome(
        lambda ms, a, b, m: ms.ops.BatchMatMul()(m.reshape(1, 2, 3), m.reshape(1, 2, 3))
    ),
}
