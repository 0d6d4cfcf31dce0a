"""Golden values for msfunc's optimizers and learning-rate schedules from real MindSpore 2.10.

Writes ``tests/golden/optim.npz``: for every optimizer case, the Parameters and every
optimizer state Parameter (by MindSpore's name) after each of 5 steps on fixed weights
and gradients; the schedules' values per step.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py optim
"""

import os
import sys

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from optim_cases import CASES, SCHEDULE_CELLS, SCHEDULE_LISTS  # noqa: E402

STEPS = 5
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "optim.npz")

# Fixed inputs: weights and one gradient per step (numbers written out, no seeds).
W0 = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32)
B0 = np.array([0.1, -0.2, 0.3], np.float32)
G0 = np.array([1.0, 0.9, 1.1], np.float32)
GRADS = []
for k in range(STEPS):
    s = 1.0 + 0.5 * k
    GRADS.append(
        (
            np.array([[0.3, -0.6, 0.9], [-1.2, 0.0, 0.45]], np.float32) * ((-1) ** k) * s,
            np.array([0.2, -0.1, 0.0], np.float32) * s + 0.05 * k,
            np.array([-0.4, 0.7, 0.2], np.float32) / s,
        )
    )


def params():
    return [
        Parameter(Tensor(W0.copy()), name="fc.weight"),
        Parameter(Tensor(B0.copy()), name="fc.bias"),
        Parameter(Tensor(G0.copy()), name="bn.gamma"),
    ]


def run_case(name, cls_name, build, out):
    ps = params()
    opt = getattr(nn, cls_name)(**build(ps, nn))
    for k in range(STEPS):
        ret = opt(tuple(Tensor(g) for g in GRADS[k]))
        if k == 0:
            out[f"{name}/return"] = np.asarray(
                ret.asnumpy()
                if hasattr(ret, "asnumpy")
                else [bool(x) for x in ret]
                if isinstance(ret, tuple)
                else ret
            )
        for pname, p in opt.parameters_and_names():
            out[f"{name}/{k}/{pname}"] = p.asnumpy().copy()
    out[f"{name}/names"] = np.array([n for n, _ in opt.parameters_and_names()])


def run_lars(out):
    ps = params()
    opt = nn.LARS(nn.Momentum(ps, 0.1, 0.9), epsilon=1e-5, coefficient=0.01)
    for k in range(STEPS):
        opt(tuple(Tensor(g) for g in GRADS[k]))
        for pname, p in opt.parameters_and_names():
            out[f"lars/{k}/{pname}"] = p.asnumpy().copy()
    out["lars/names"] = np.array([n for n, _ in opt.parameters_and_names()])


def run_schedules(out):
    for key, build in SCHEDULE_LISTS.items():
        out[f"sched/{key}"] = np.array(build(nn), np.float32)
    for key, build in SCHEDULE_CELLS.items():
        cell = build(nn)
        out[f"cell/{key}"] = np.array(
            [float(cell(Tensor(np.array(s, np.int32))).asnumpy()) for s in range(10)], np.float32
        )


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {"inputs/w0": W0, "inputs/b0": B0, "inputs/g0": G0}
    for k, g in enumerate(GRADS):
        for j, a in enumerate(g):
            out[f"inputs/grad{k}_{j}"] = a
    failed = []
    for name, (cls_name, build) in CASES.items():
        try:
            run_case(name, cls_name, build, out)
        except Exception as exc:  # a case MindSpore cannot run on CPU is left out
            failed.append(name)
            print(f"{name}: {type(exc).__name__}: {str(exc)[:300]}", file=sys.stderr)
    try:
        run_lars(out)
    except Exception as exc:  # LARSUpdate has no CPU kernel in MindSpore 2.10
        failed.append("lars")
        print(f"lars: {type(exc).__name__}: {str(exc)[:200]}", file=sys.stderr)
    run_schedules(out)
    out["meta/failed"] = np.array(failed if failed else [""])
    np.savez_compressed(OUT, **out)
    print("wrote", OUT, len(out), "arrays; failed:", failed)


if __name__ == "__main__":
    main()
