"""Golden values from real MindSpore 2.10 for nn.probability's deterministic methods
(tests/golden/probability.json), read by tests/nn/test_probability.py, which runs the same case
functions with ``ms = msfunc``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py probability

A case is ``case(ms, nn)`` returning ``(cell, args)``: a distribution called by method name
(``dist("prob", value)``) or a bijector (``b("forward", value)``). This module must not import
MindSpore or msfunc at top level.
"""

import importlib
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nn_cell_cases import tensor  # noqa: E402

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "probability.json"
)

# Each distribution: constructor arguments, the values its pdf/cdf are evaluated at, the
# parameters of a second distribution (kl_loss, cross_entropy) and per-call overrides.
DISTS = {
    "Normal": ((3.0, 4.0), [-1.0, 0.5, 3.0, 7.0], ([1.0], [2.0]), ([0.0], [1.0])),
    "LogNormal": (([0.5], [1.5]), [0.2, 1.0, 3.0], ([0.0], [1.0]), ([0.0], [2.0])),
    "Uniform": ((0.0, 2.0), [-1.0, 0.5, 1.5, 2.0, 3.0], ([-1.0], [3.0]), ([1.0], [4.0])),
    "Exponential": ((2.0,), [-1.0, 0.0, 0.5, 2.0], ([0.5],), ([3.0],)),
    "Logistic": ((1.0, 2.0), [-2.0, 1.0, 4.0], None, ([0.0], [1.0])),
    "Cauchy": ((1.0, 2.0), [-2.0, 1.0, 4.0], ([0.0], [1.0]), ([0.0], [3.0])),
    "Gumbel": ((1.0, 2.0), [-2.0, 1.0, 4.0], ([0.0], [1.0]), ([0.0], [3.0])),
    "Laplace": ((1.0, 2.0), [-2.0, 1.0, 4.0], None, ([0.0], [1.0])),
    "HalfNormal": ((1.0, 2.0), [-0.5, 0.0, 1.0, 3.0], None, ([-1.0], [0.5])),
    "StudentT": ((3.0, 1.0, 2.0), [-2.0, 1.0, 4.0], None, ([5.0], [0.0], [1.0])),
    "Gamma": (([2.0], [3.0]), [0.1, 0.5, 2.0], ([1.0], [1.0]), ([3.0], [0.5])),
    "Beta": (([2.0], [3.0]), [0.1, 0.5, 0.9], ([1.0], [1.0]), ([0.5], [0.5])),
    "Bernoulli": (([0.3],), [0.0, 1.0], ([0.6],), ([0.8],)),
    "Geometric": ((0.3,), [-1.0, 0.0, 1.0, 4.0], ([0.6],), ([0.8],)),
    "Poisson": (([2.5],), [0.0, 1.0, 3.0, 6.0], None, ([4.0],)),
    "Categorical": (([0.2, 0.3, 0.5],), [0, 1, 2], ([[0.5, 0.25, 0.25]],), ([[0.1, 0.8, 0.1]],)),
}
VALUE_METHODS = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
STAT_METHODS = ("mean", "sd", "var", "mode", "entropy")


def probability(nn):
    """nn.probability's (distribution, bijector) modules of either framework."""
    base = nn.__name__ + ".probability"
    return importlib.import_module(base + ".distribution"), importlib.import_module(
        base + ".bijector"
    )


def _value_dtype(ms, name):
    return ms.int32 if name == "Categorical" else ms.float32


def _dist_case(name, method, override=False):
    args, values, _, overrides = DISTS[name]

    def case(ms, nn):
        msd, _ = probability(nn)
        dist = getattr(msd, name)(*args)
        params = tuple(tensor(ms, p) for p in overrides) if override else ()
        if method in VALUE_METHODS:
            value = tensor(ms, values, _value_dtype(ms, name))
            return dist, (method, value) + params
        return dist, (method,) + params

    return case


def _kl_case(name, method):
    args, _, other, _ = DISTS[name]

    def case(ms, nn):
        msd, _ = probability(nn)
        return getattr(msd, name)(*args), (method, name) + tuple(tensor(ms, p) for p in other)

    return case


def _bijector_case(name, args, method, values):
    def case(ms, nn):
        _, msb = probability(nn)
        return getattr(msb, name)(*args), (method, tensor(ms, values))

    return case


def _invert_case(method):
    def case(ms, nn):
        _, msb = probability(nn)
        return msb.Invert(msb.Softplus(2.0)), (method, tensor(ms, [0.5, 1.0, 2.0]))

    return case


def _transformed_case(method):
    def case(ms, nn):
        msd, msb = probability(nn)
        dist = msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal(0.0, 1.0))
        args = () if method == "mean" else (tensor(ms, [-1.0, 1.0, 2.5]),)
        return dist, (method,) + args

    return case


BIJECTORS = {
    "Exp": ((), [-1.0, 0.0, 1.5], [0.5, 1.0, 4.0]),
    "PowerTransform": ((0.5,), [-1.0, 0.0, 1.5], [0.5, 1.0, 4.0]),
    "ScalarAffine": ((2.0, -1.0), [-1.0, 0.0, 1.5], [0.5, 1.0, 4.0]),
    "Softplus": ((2.0,), [-1.0, 0.0, 1.5], [0.5, 1.0, 4.0]),
    "GumbelCDF": ((1.0, 2.0), [-1.0, 0.0, 1.5], [0.1, 0.5, 0.9]),
}


def _cases():
    cases = {}
    for name, (_, _, other, overrides) in DISTS.items():
        for method in VALUE_METHODS + STAT_METHODS:
            cases[f"{name}.{method}"] = _dist_case(name, method)
            if overrides is not None and method in ("log_prob", "cdf", "mean", "entropy"):
                cases[f"{name}.{method}.override"] = _dist_case(name, method, True)
        if other is not None:
            for method in ("kl_loss", "cross_entropy"):
                cases[f"{name}.{method}"] = _kl_case(name, method)
    for name, (args, xs, ys) in BIJECTORS.items():
        for method in ("forward", "forward_log_jacobian"):
            cases[f"{name}.{method}"] = _bijector_case(name, args, method, xs)
        for method in ("inverse", "inverse_log_jacobian"):
            cases[f"{name}.{method}"] = _bijector_case(name, args, method, ys)
    for method in ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian"):
        cases[f"InvertSoftplus.{method}"] = _invert_case(method)
    for method in ("prob", "log_prob", "cdf", "log_survival", "mean"):
        cases[f"TransformedAffineNormal.{method}"] = _transformed_case(method)
    return cases


CASES = _cases()


def write_golden(cases, path):
    """Run every case with real MindSpore (PyNative, CPU); store the output's value, shape and
    dtype, or the exception type where MindSpore raises (a method it leaves out)."""
    import mindspore as ms
    from mindspore import nn

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {}
    for name, case in cases.items():
        try:
            net, args = case(ms, nn)
            value = net(*args).asnumpy()
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            out[name] = {"error": type(exc).__name__}
            continue
        out[name] = {
            "value": value.astype(np.float64).tolist(),
            "shape": list(value.shape),
            "dtype": str(value.dtype),
        }
    with open(path, "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=None)
        f.write("\n")
    print(f"wrote {len(out)} cases to {path}", file=sys.stderr)


if __name__ == "__main__":
    write_golden(CASES, GOLDEN_PATH)
