"""Golden values for msfunc's AdaFactor from real MindSpore 2.10 (CPU).

Writes ``tests/golden/adafactor.npz``: for each configuration, every Parameter the
optimizer holds (by MindSpore's name) after each of 4 steps on fixed weights and
gradients.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py adafactor
"""

import os

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn

STEPS = 4
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "adafactor.npz")

# Fixed inputs written out (no seeds): a matrix, a vector and a 3-D weight.
W0 = np.array([[0.5, -1.0, 2.0, 0.1], [1.5, 0.25, -0.75, -0.3], [0.0, 0.8, -1.2, 0.6]], np.float32)
B0 = np.array([0.1, -0.2, 0.3, 0.05], np.float32)
K0 = (np.arange(12, dtype=np.float32).reshape(2, 2, 3) - 5.5) / 4


def grads(k):
    """The gradients of step k (signs and scales change from step to step)."""
    s = 1.0 + 0.5 * k
    return (
        W0[::-1] * ((-1) ** k) * s + 0.1 * k,
        np.array([0.2, -0.1, 0.0, 0.4], np.float32) * s + 0.05 * k,
        (K0 * K0 - 0.5) / s,
    )


CONFIGS = {
    "default": lambda ps: dict(params=ps),
    "manual_lr_no_moment": lambda ps: dict(
        params=ps,
        learning_rate=0.05,
        relative_step=False,
        scale_parameter=False,
        beta1=0.0,
        weight_decay=0.1,
    ),
    "manual_lr_scaled": lambda ps: dict(
        params=ps,
        learning_rate=0.1,
        relative_step=False,
        scale_parameter=True,
        weight_decay=0.2,
        eps=(1e-20, 1e-2),
        clip_threshold=0.5,
        beta1=0.5,
    ),
    "warmup_compressed": lambda ps: dict(
        params=ps, warmup_init=True, decay_rate=0.5, beta1=0.8, compression=True
    ),
    # (MindSpore 2.10 fails at run time when groups set their own "lr".)
    "groups_list_lr": lambda ps: dict(
        params=[{"params": [ps[0]]}, {"params": ps[1:]}],
        learning_rate=[0.1, 0.05, 0.02, 0.01],
        relative_step=False,
        scale_parameter=False,
    ),
}


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {"inputs/w0": W0, "inputs/b0": B0, "inputs/k0": K0}
    for k in range(STEPS):
        for i, g in enumerate(grads(k)):
            out[f"inputs/grad{k}_{i}"] = g.astype(np.float32)
    for name, build in CONFIGS.items():
        ps = [
            Parameter(Tensor(W0.copy()), name="fc.weight"),
            Parameter(Tensor(B0.copy()), name="fc.bias"),
            Parameter(Tensor(K0.copy()), name="conv.weight"),
        ]
        opt = nn.AdaFactor(**build(ps))
        for k in range(STEPS):
            opt(tuple(Tensor(g.astype(np.float32)) for g in grads(k)))
            for pname, p in opt.parameters_and_names():
                out[f"{name}/{k}/{pname}"] = p.asnumpy().copy()
        out[f"{name}/names"] = np.array([n for n, _ in opt.parameters_and_names()])
    np.savez_compressed(OUT, **out)
    print("wrote", OUT, len(out), "arrays")


if __name__ == "__main__":
    main()
