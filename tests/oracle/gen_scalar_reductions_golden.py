"""Golden values from real MindSpore 2.10 (CPU) for reductions of a 0-d Tensor along axis 0
or -1: MindSpore reduces it as over a length-1 axis (sum, mean, max with its index, norm,
argmax, log_softmax, median, Tensor methods, mint), and which ops refuse that axis (std,
var, cummax, softmax, sort) with which exception type. A tutorial's
``while ops.norm(b, dim=0) < 1000`` on a scalar stopped msfunc.

Writes tests/golden/scalar_reductions.json; read by tests/ops/test_scalar_reductions.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py scalar_reductions

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "scalar_reductions.json"
)


def _records(cases):
    """{case: [[value, shape, numpy dtype], ...] or {"error": kind}} for `cases`' calls."""
    out = {}
    for name, call in cases.items():
        try:
            result = call()
            parts = result if isinstance(result, (tuple, list)) else (result,)
            arrays = [p.asnumpy() for p in parts]  # (MindSpore raises some errors only here)
        except Exception as exc:  # noqa: BLE001  (the kind is the record)
            out[name] = {"error": exception_kind(exc)}
            continue
        out[name] = [[a.tolist(), list(a.shape), str(a.dtype)] for a in arrays]
    return out


def functional(ms):
    """``mindspore.ops`` and ``mint`` reductions of a float32 and an int32 scalar."""
    from mindspore import mint, ops

    a = ms.Tensor(np.float32(-3.0))
    i = ms.Tensor(np.int32(4))
    return _records(
        {
            "norm": lambda: ops.norm(a, dim=0),
            "norm_keepdim": lambda: ops.norm(a, dim=0, keepdim=True),
            "norm_ord1": lambda: ops.norm(a, 1, 0),
            "norm_dim1": lambda: ops.norm(a, dim=1),
            "sum": lambda: ops.sum(a, 0),
            "sum_keepdim": lambda: ops.sum(a, 0, keepdim=True),
            "sum_int_last": lambda: ops.sum(i, -1),
            "reduce_sum": lambda: ops.ReduceSum()(a, 0),
            "mean": lambda: ops.mean(a, 0),
            "mean_keepdim": lambda: ops.mean(a, 0, True),
            "mean_last": lambda: ops.mean(a, -1),
            "prod": lambda: ops.prod(a, 0),
            "amax": lambda: ops.amax(a, 0),
            "max": lambda: ops.max(a, 0),
            "min": lambda: ops.min(a, 0),
            "argmax": lambda: ops.argmax(a, 0),
            "argmin": lambda: ops.argmin(a, 0),
            "log_softmax": lambda: ops.log_softmax(a, 0),
            "logsumexp": lambda: ops.logsumexp(a, 0),
            "all": lambda: ops.all(a, 0),
            "any": lambda: ops.any(a, 0),
            "count_nonzero": lambda: ops.count_nonzero(a, 0),
            "median": lambda: ops.median(a, 0),
            "nansum": lambda: ops.nansum(a, 0),
            "squeeze": lambda: ops.squeeze(a, 0),
            "unsqueeze": lambda: ops.unsqueeze(a, 0),
            "mint_sum": lambda: mint.sum(a, 0),
            "mint_max": lambda: mint.max(a, 0),
            "std": lambda: ops.std(a, 0),
            "var": lambda: ops.var(a, 0),
            "std_mean": lambda: ops.std_mean(a, 0),
            "cummax": lambda: ops.cummax(a, 0),
            "softmax": lambda: ops.softmax(a, 0),
            "cumsum": lambda: ops.cumsum(a, 0),
            "sort": lambda: ops.sort(a, 0),
            "flip": lambda: ops.flip(a, (0,)),
        }
    )


def tensor_methods(ms):
    """The same reductions as Tensor methods."""
    a = ms.Tensor(np.float32(-3.0))
    return _records(
        {
            "sum": lambda: a.sum(0),
            "mean": lambda: a.mean(0),
            "max": lambda: a.max(0),
            "argmax": lambda: a.argmax(0),
            "norm": lambda: a.norm(dim=0),
            "std": lambda: a.std(0),
        }
    )


SCENARIOS = [functional, tensor_methods]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
