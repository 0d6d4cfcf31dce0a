"""Generate tests/golden/optim_primitives.json from real MindSpore 2.10's optimizer primitives.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py optim_primitives
Each case: the primitive, its constructor kwargs, the Parameters (``params``, written by
the op) and the other inputs (``inputs``), in call order given by ``order``; MindSpore's
outputs and the Parameters' values after the call are recorded.
"""

import json
import os
import sys

import numpy as np

rng = np.random.RandomState(3)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


def pos(*shape):
    return f32(*shape, lo=0.1, hi=1.0)


G = f32(2, 3)
CASES = [
    (
        "ApplyAdadelta",
        {},
        {"var": f32(2, 3), "accum": pos(2, 3), "accum_update": pos(2, 3)},
        {"lr": 0.01, "rho": 0.9, "epsilon": 1e-6, "grad": G},
        ["var", "accum", "accum_update", "lr", "rho", "epsilon", "grad"],
    ),
    (
        "ApplyAdamWithAmsgrad",
        {"beta1": 0.8, "beta2": 0.95, "epsilon": 1e-6},
        {"var": f32(2, 3), "m": f32(2, 3), "v": pos(2, 3), "vhat": pos(2, 3)},
        {
            "beta1_power": np.float32(0.64),
            "beta2_power": np.float32(0.9025),
            "lr": np.float32(0.05),
            "grad": G,
        },
        ["var", "m", "v", "vhat", "beta1_power", "beta2_power", "lr", "grad"],
    ),
    (
        "ApplyFtrl",
        {},
        {"var": f32(2, 3), "accum": pos(2, 3), "linear": f32(2, 3)},
        # l1 = 0: with l1 > 0 MindSpore 2.10's CPU kernel drops sign(linear) from its documented
        # update where linear < 0; msfunc follows the documented formula (tested by hand)
        {"grad": G, "lr": 0.1, "l1": 0.0, "l2": 0.02, "lr_power": -0.5},
        ["var", "accum", "linear", "grad", "lr", "l1", "l2", "lr_power"],
    ),
    (
        "ApplyProximalAdagrad",
        {},
        {"var": f32(2, 3), "accum": pos(2, 3)},
        {"lr": 0.1, "l1": 0.05, "l2": 0.2, "grad": G},
        ["var", "accum", "lr", "l1", "l2", "grad"],
    ),
    (
        "ApplyAdaMax",
        {},
        {"var": f32(2, 3), "m": f32(2, 3), "v": pos(2, 3)},
        {
            "beta1_power": np.float32(0.81),
            "lr": np.float32(0.05),
            "beta1": np.float32(0.9),
            "beta2": np.float32(0.99),
            "epsilon": np.float32(1e-6),
            "grad": G,
        },
        ["var", "m", "v", "beta1_power", "lr", "beta1", "beta2", "epsilon", "grad"],
    ),
    (
        "ApplyAdagrad",
        {},
        {"var": f32(2, 3), "accum": pos(2, 3)},
        {"lr": np.float32(0.1), "grad": G},
        ["var", "accum", "lr", "grad"],
    ),
    (
        "ApplyAdagradV2",
        {"epsilon": 1e-3},
        {"var": f32(2, 3), "accum": pos(2, 3)},
        {"lr": np.float32(0.1), "grad": G},
        ["var", "accum", "lr", "grad"],
    ),
    (
        "ApplyProximalGradientDescent",
        {},
        {"var": f32(2, 3)},
        {"alpha": 0.3, "l1": 0.1, "l2": 0.2, "delta": G},
        ["var", "alpha", "l1", "l2", "delta"],
    ),
]


def _plain(v):
    return v.tolist() if isinstance(v, (np.ndarray, np.generic)) else v


def main(out_path):
    import mindspore as ms
    from mindspore import Parameter, Tensor
    from mindspore.ops import operations as P

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    records = []
    for name, kwargs, params, inputs, order in CASES:
        boxes = {k: Parameter(Tensor(v), name=k) for k, v in params.items()}
        args = [
            boxes[k]
            if k in boxes
            else (
                Tensor(inputs[k]) if isinstance(inputs[k], (np.ndarray, np.generic)) else inputs[k]
            )
            for k in order
        ]
        out = getattr(P, name)(**kwargs)(*args)
        outs = out if isinstance(out, tuple) else (out,)
        records.append(
            {
                "name": name,
                "kwargs": kwargs,
                "order": order,
                "params": {k: _plain(v) for k, v in params.items()},
                "inputs": {k: _plain(v) for k, v in inputs.items()},
                "outputs": [o.asnumpy().tolist() for o in outs],
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
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(here, "..", "golden", "optim_primitives.json")
    )
