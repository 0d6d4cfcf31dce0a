"""Golden values for ``mindspore.train.callback._callback._handle_loss`` (the private helper
programs' callbacks use to read a step's loss) from real MindSpore 2.10.

Writes ``tests/golden/handle_loss.json``; `cases` is shared with
tests/compat/test_handle_loss.py, which runs it with msfunc. Regenerate with real MindSpore
2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py handle_loss
"""

import json
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "handle_loss.json")


def cases(ms, handle_loss):
    """name -> [type name, value as plain data] (or ["error", exception type])."""
    t = ms.Tensor
    inputs = {
        "scalar": t(1.5, ms.float32),
        "vector_mean": t(np.array([1.0, 2.0, 4.0], np.float32)),
        "float16": t(np.array([0.3], np.float16)),
        "int_tensor": t(np.array([1, 2], np.int32)),
        "tuple_led_by_tensor": (t(2.5, ms.float32), t(7.0, ms.float32)),
        "list_led_by_tensor": [t(np.array([1.0, 3.0], np.float32))],
        "tuple_of_floats": (1.0, 2.0),
        "float": 0.25,
        "none": None,
        "empty_tuple": (),
    }
    out = {}
    for name, value in inputs.items():
        try:
            got = handle_loss(value)
        except Exception as exc:  # noqa: BLE001 (the exception type is the answer)
            out[name] = ["error", type(exc).__name__]
            continue
        if isinstance(got, ms.Tensor):
            out[name] = ["Tensor", got.asnumpy().tolist()]
        else:
            out[name] = [type(got).__name__, list(got) if isinstance(got, tuple) else got]
    return out


def main():
    import mindspore as ms
    from mindspore.train.callback._callback import _handle_loss

    with open(OUT, "w") as f:
        json.dump(cases(ms, _handle_loss), f, indent=1)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
