"""The core golden values codec (results as JSON with dtypes and structure) and the fixed
input data the scenarios share. Imports neither MindSpore nor msfunc."""

import numpy as np


# --------------------------------------------------------------------------- codec
def encode(obj, ms):
    """JSON-able description of `obj`: arrays with dtype/shape/values, containers kept."""
    if obj is None:
        return {"t": "none"}
    if isinstance(obj, (bool, np.bool_)) and not hasattr(obj, "shape"):
        return {"t": "bool", "v": bool(obj)}
    if isinstance(obj, int) and not isinstance(obj, bool):
        return {"t": "int", "v": obj}
    if isinstance(obj, float):
        return {"t": "float", "v": obj}
    if isinstance(obj, str):
        return {"t": "str", "v": obj}
    if isinstance(obj, ms.Parameter):
        out = _encode_array(obj)
        out.update(t="param", name=obj.name, requires_grad=bool(obj.requires_grad))
        return out
    if isinstance(obj, (ms.Tensor, np.ndarray, np.generic)) or hasattr(obj, "__array__"):
        return _encode_array(obj)
    if isinstance(obj, tuple):
        return {"t": "tuple", "items": [encode(i, ms) for i in obj]}
    if isinstance(obj, list):
        return {"t": "list", "items": [encode(i, ms) for i in obj]}
    if isinstance(obj, dict):
        return {
            "t": "dict",
            "keys": [str(k) for k in obj],
            "items": [encode(v, ms) for v in obj.values()],
        }
    return {"t": "other", "type": type(obj).__name__}


def _encode_array(x):
    arr = np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    if arr.dtype.kind == "c":
        vals = [arr.real.tolist(), arr.imag.tolist()]
    else:
        vals = arr.tolist()
    return {"t": "tensor", "dtype": arr.dtype.name, "shape": list(arr.shape), "v": vals}


def make_recorder(ms, sink):
    """A ``rec(name, thunk)`` that stores encoded results (or errors) into `sink`."""

    def rec(name, thunk):
        try:
            sink[name] = encode(thunk(), ms)
        except Exception as exc:  # noqa: BLE001 - recording the failure is the point
            sink[name] = {
                "t": "error",
                "error_type": type(exc).__name__,
                "error": str(exc).strip().splitlines()[0][:300] if str(exc) else "",
            }
        return sink[name]

    return rec


def error_name(fn, sync):
    """The name of the exception `fn()` raises (None if it returns); `sync()` runs after it,
    so an asynchronous kernel's error surfaces too (MindSpore's ``_pynative_executor.sync``)."""
    try:
        fn()
        sync()
    except Exception as exc:  # noqa: BLE001 - the exception type is the recorded answer
        return type(exc).__name__
    return None


# --------------------------------------------------------------------------- fixed data
def f32(a):
    return np.array(a, dtype=np.float32)


X3 = f32([0.5, -1.0, 2.0])


Y3 = f32([1.5, 0.25, -0.75])


Z3 = f32([-2.0, 3.0, 0.5])


W_DENSE = f32(
    [[0.1, -0.2, 0.3, -0.4, 0.5], [0.05, 0.15, -0.25, 0.35, -0.45], [-0.3, 0.2, 0.1, 0.0, -0.1]]
)


B_DENSE = f32([0.01, -0.02, 0.03])


DATA = f32(
    [
        [0.2, -0.5, 1.0, 0.3, -1.2],
        [1.1, 0.4, -0.7, 0.9, 0.0],
        [-0.6, 0.8, 0.25, -1.5, 0.5],
        [0.0, -0.3, 0.6, 1.2, -0.9],
    ]
)


LABEL = f32([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]])
