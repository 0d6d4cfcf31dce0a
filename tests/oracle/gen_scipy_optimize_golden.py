"""Write tests/golden/scipy_optimize.json: real MindSpore 2.10's ``minimize`` (BFGS, L-BFGS) on
four fixed problems (the point, value, status and iteration/evaluation counts) and the
exception class of an unknown option; read by tests/scipy/test_scipy_optimize.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py scipy_optimize

MindSpore's PyNative ``minimize`` loops are slow (minutes): run it without a short timeout.
"""

import json
import pathlib

import mindspore.numpy as mnp
import numpy as np
from mindspore import Tensor
from mindspore.scipy.optimize import minimize

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "scipy_optimize.json"
CENTER = np.array([1.0, -2.0, 0.5], np.float32)
WEIGHT = np.array([1.0, 3.0, 0.5], np.float32)


def rosen(x):
    return mnp.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0)


def bumpy(x):
    return (
        mnp.sum((x - Tensor(CENTER)) ** 2 * Tensor(WEIGHT))
        + 0.1 * mnp.sum(x**4)
        + 0.5 * x[0] * x[1]
    )


def quad(x):
    return mnp.sum((x - Tensor(CENTER)) ** 2 * Tensor(np.array([1.0, 10.0, 100.0], np.float32)))


PROBLEMS = {
    "rosen2": (rosen, [-1.2, 1.0]),
    "rosen4": (rosen, [1.3, 0.7, 0.8, 1.9]),
    "bumpy": (bumpy, [0.0, 0.0, 0.0]),
    "quad": (quad, [0.0, 0.0, 0.0]),
}
# (problem, dtype, method, history_size or None): MindSpore's PyNative loops are slow, so
# a chosen set rather than every combination.
RUNS = [
    ("quad", "float32", "BFGS", None),
    ("quad", "float32", "LBFGS", None),
    ("quad", "float32", "LBFGS", 3),
    ("quad", "float64", "LBFGS", None),
    ("bumpy", "float32", "BFGS", None),
    ("bumpy", "float32", "LBFGS", None),
    ("bumpy", "float64", "BFGS", None),
    ("bumpy", "float64", "LBFGS", None),
    ("rosen4", "float32", "BFGS", None),
    ("rosen4", "float64", "BFGS", None),
    ("rosen4", "float64", "LBFGS", None),
    ("rosen2", "float32", "BFGS", None),
]


def error_type(fn):
    """The class name of the exception ``fn()`` raises, or None."""
    try:
        fn()
    except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
        return type(exc).__name__
    return None


def main():
    minimized = {}
    for name, dtype, method, history in RUNS:
        fn, start = PROBLEMS[name]
        options = None if history is None else {"history_size": history, "maxiter": 100}
        r = minimize(fn, Tensor(np.array(start, dtype)), method=method, options=options)
        key = f"{name}/{dtype}/{method}" + ("/history3" if options else "")
        print(key, flush=True)
        minimized[key] = {
            "x": r.x.asnumpy().tolist(),
            "fun": float(r.fun),
            "success": bool(r.success),
            "status": int(r.status),
            "nit": int(r.nit),
            "nfev": int(r.nfev),
        }
    golden = {
        "minimize": minimized,
        "minimize_unknown_option": error_type(
            lambda: minimize(
                quad, Tensor(np.zeros(3, np.float32)), method="LBFGS", options={"historysize": 5}
            )
        ),
    }
    OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
