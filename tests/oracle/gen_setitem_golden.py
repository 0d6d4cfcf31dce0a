"""Golden values from real MindSpore 2.10 for Tensor setitem: writes tests/golden/setitem.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py setitem

The cases live in ``setitem_cases.py``; ``tests/common/test_tensor_setitem.py`` runs the same
functions with ``ms = msfunc``. A case MindSpore fails is stored as its error.
"""

import importlib.util
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "setitem.json")

_spec = importlib.util.spec_from_file_location(
    "setitem_cases", os.path.join(HERE, "setitem_cases.py")
)
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)


def encode(value):
    """A result as JSON: arrays as {"dtype", "value"} (inf as Infinity), the rest as is."""
    if hasattr(value, "asnumpy"):
        value = value.asnumpy()
    if isinstance(value, np.ndarray):
        return {"dtype": str(value.dtype), "value": value.tolist()}
    if isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot encode {type(value).__name__}")


def main():
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {
        "__meta__": {"mindspore": ms.__version__, "script": "tests/oracle/gen_setitem_golden.py"}
    }
    for case in cases.CASES:
        try:
            out[case.__name__] = {k: encode(v) for k, v in case(ms).items()}
        except Exception as exc:  # noqa: BLE001 - recorded, the test skips it
            out[case.__name__] = {"__error__": f"{type(exc).__name__}: {str(exc)[:200]}"}
        print(case.__name__, out[case.__name__])
    for loss in cases.GRAD_LOSSES + cases.KNOWN_DIFFERENCES:
        name = "grad:" + loss.__name__
        out[name] = {k: encode(v) for k, v in cases.gradients(ms, loss).items()}
        print(name, out[name])
    tmp = GOLDEN_PATH + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(out, fh, indent=1, allow_nan=True)
    os.replace(tmp, GOLDEN_PATH)


if __name__ == "__main__":
    main()
