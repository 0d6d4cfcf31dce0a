"""Generate tests/golden/fused_optim.json from real MindSpore 2.10's fused optimizer kernels.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py fused_optim

Each case: the primitive, its constructor arguments, the Parameters (``params``, written by
the op) and the other inputs (``inputs``), in call order given by ``order``; the Parameters'
values after one call are recorded. (The outputs are not: MindSpore 2.10's CPU kernels for
these leave their output buffers unwritten.)
"""

import json
import os
import sys

import numpy as np

rng = np.random.RandomState(15)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


def pos(*shape):
    return f32(*shape, lo=0.1, hi=1.0)


def _ada_factor(name, flags, shape, extra=None):
    row = shape[:-1] if len(shape) > 1 else (1,)
    col = shape[:-2] + shape[-1:] if len(shape) > 1 else (1,)
    inputs = {
        "epsilon": [1e-30, 1e-3],
        "clip_threshold": 1.0,
        "beta1": 0.9,
        "beta2t": 0.8,
        "weight_decay": 1e-2,
        "learning_rate": 0.03,
        "grad": f32(*shape),
    }
    inputs.update(extra or {})
    params = {
        "param": f32(*shape),
        "exp_avg": f32(*shape, lo=-0.1, hi=0.1),
        "exp_avg_sq_row": pos(*row),
        "exp_avg_sq_col": pos(*col),
        "exp_avg_sq": pos(*shape),
    }
    order = ["epsilon", "clip_threshold", "beta1", "beta2t", "weight_decay", "learning_rate"]
    order += ["grad", "param", "exp_avg", "exp_avg_sq_row", "exp_avg_sq_col", "exp_avg_sq"]
    order += [*(extra or {})]
    return (name, flags, params, inputs, order)


G = f32(2, 3)
CASES = [
    (
        "ApplyRMSProp",
        {},
        {"var": f32(2, 3), "mean_square": pos(2, 3), "moment": f32(2, 3)},
        {"learning_rate": 0.05, "grad": G, "decay": 0.8, "momentum": 0.9, "epsilon": 1e-3},
        ["var", "mean_square", "moment", "learning_rate", "grad", "decay", "momentum", "epsilon"],
    ),
    (
        # mean_gradient near sqrt(mean_square): some centred estimates go negative
        "ApplyCenteredRMSProp",
        {},
        {
            "var": f32(2, 3),
            "mean_gradient": f32(2, 3, lo=0.5, hi=1.5),
            "mean_square": pos(2, 3) + 0.5,
            "moment": f32(2, 3),
        },
        {"grad": G, "learning_rate": 0.05, "decay": 0.8, "momentum": 0.9, "epsilon": 1e-3},
        ["var", "mean_gradient", "mean_square", "moment", "grad"]
        + ["learning_rate", "decay", "momentum", "epsilon"],
    ),
    (
        # accumulators of both signs, some within l1 * global_step of 0
        "ApplyAdagradDA",
        {},
        {
            "var": f32(2, 3),
            "gradient_accumulator": np.array([[0.1, -0.1, 0.5], [-0.5, 1.2, -0.05]], np.float32),
            "gradient_squared_accumulator": pos(2, 3),
        },
        {
            "grad": G,
            "lr": np.float32(0.01),
            "l1": np.float32(0.05),
            "l2": np.float32(0.02),
            "global_step": np.int32(3),
        },
        ["var", "gradient_accumulator", "gradient_squared_accumulator", "grad"]
        + ["lr", "l1", "l2", "global_step"],
    ),
    (
        "AdamWeightDecay",
        {},
        {"var": f32(2, 3), "m": f32(2, 3), "v": pos(2, 3)},
        {
            "lr": 0.01,
            "beta1": 0.9,
            "beta2": 0.999,
            "epsilon": 1e-6,
            "decay": 0.1,
            "gradient": G,
        },
        ["var", "m", "v", "lr", "beta1", "beta2", "epsilon", "decay", "gradient"],
    ),
    _ada_factor("FusedAdaFactor", {}, (2, 3, 2)),
    _ada_factor(
        "FusedAdaFactor",
        {"enable_scale_parameter": True, "enable_first_moment": True, "enable_weight_decay": True},
        (2, 3, 4),
    ),
    _ada_factor(
        "FusedAdaFactor", {"enable_scale_parameter": True, "enable_weight_decay": True}, (5,)
    ),
    _ada_factor(
        "FusedAdaFactorWithGlobalNorm",
        {"enable_first_moment": True},
        (3, 4),
        {"global_norm": 2.5},
    ),
]


def _plain(v):
    return v.tolist() if isinstance(v, (np.ndarray, np.generic)) else v


def _arg(v):
    from mindspore import Tensor

    if isinstance(v, (np.ndarray, np.generic)):
        return Tensor(v)
    return tuple(v) if isinstance(v, list) else v


def main(out_path):
    import mindspore as ms
    from mindspore import Parameter, Tensor, ops

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    records = []
    for name, kwargs, params, inputs, order in CASES:
        boxes = {k: Parameter(Tensor(v), name=k) for k, v in params.items()}
        args = [boxes[k] if k in boxes else _arg(inputs[k]) for k in order]
        getattr(ops, name)(**kwargs)(*args)
        records.append(
            {
                "name": name,
                "kwargs": kwargs,
                "order": order,
                "params": {k: _plain(v) for k, v in params.items()},
                "inputs": {k: _plain(v) for k, v in inputs.items()},
                "int_inputs": [k for k, v in inputs.items() if np.asarray(v).dtype.kind == "i"],
                "after": {k: b.asnumpy().tolist() for k, b in boxes.items()},
            }
        )
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(records, f)
    os.replace(tmp, out_path)
    print(f"wrote {len(records)} cases to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(
        sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "golden", "fused_optim.json")
    )
