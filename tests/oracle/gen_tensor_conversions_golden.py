"""Write tests/golden/tensor_conversions.json: what real MindSpore 2.10 gives for int/float/bool
of Tensors (and the exception class where it refuses), writes through views, reshapes, slices
and ``from_numpy``, which writes reach the array ``from_numpy`` was given (the cases of
tensor_conversion_cases.py), GradOperation over one Parameter or a list, and the gradients of
integer inputs (values and dtypes); read by tests/common/test_tensor_conversions.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_conversions
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from tensor_conversion_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "tensor_conversions.json"


def error_type(fn):
    """The class name of the exception ``fn()`` raises (reading a Tensor result), or None."""
    try:
        out = fn()
        if isinstance(out, Tensor):
            out.asnumpy()  # MindSpore reports some errors only when the value is read
    except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
        return type(exc).__name__
    return None


def conversions():
    return {
        "expand_dims_axis": list(Tensor(np.ones(3, np.float32)).expand_dims(axis=0).shape),
        "int": [int(Tensor([3])), int(Tensor(np.array([[[-7]]]))), int(Tensor([[3.7]]))],
        "float": [float(Tensor([2])), float(Tensor([[2.5]]))],
        "bool": [bool(Tensor([[0]])), bool(Tensor([0.5]))],
        "int_two_elements": error_type(lambda: int(Tensor([1, 2]))),
        "float_two_elements": error_type(lambda: float(Tensor([1.0, 2.0]))),
        "bool_two_elements": error_type(lambda: bool(Tensor([1, 2]))),
        "bool_empty": error_type(lambda: bool(Tensor(np.zeros((0,), np.float32)))),
    }


def grad_operation():
    dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    x = Tensor(np.ones((1, 2), np.float32))
    one = ops.GradOperation(get_by_list=True)(dense, dense.weight)(x)
    in_list = ops.GradOperation(get_by_list=True)(dense, [dense.weight])(x)
    return {
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


def grad_values(result):
    if isinstance(result, tuple):
        return [grad_values(r) for r in result]
    return [result.asnumpy().tolist(), str(result.dtype)]


def int_grads():
    i2, i3 = Tensor(2), Tensor(3)
    return {
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
            ms.grad(lambda x, y: ops.matmul(x, y).sum(), (0, 1))(
                Tensor([[1, 2]]), Tensor([[3], [4]])
            )
        ),
        "value_and_grad": grad_values(ms.value_and_grad(lambda x, z: x * z, (0, 1))(i2, i3)),
    }


def main():
    golden = {
        "conversions": conversions(),
        "grad_operation": grad_operation(),
        "views": views(),
        "int_grads": int_grads(),
    }
    golden.update({name: case(ms) for name, case in CASES.items()})
    OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
