"""Write tests/golden/ops_adam_primitive.npz: real MindSpore 2.10's Adam arithmetic (CPU), bit
for bit; read by tests/ops/test_ops_adam_primitive.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_adam_primitive

Records:
- ``adam_*``: one P.Adam step (plain and Nesterov) on fixed float32 arrays of 40 elements
  (a multiple of the kernel's vector width) and fixed scalars;
- ``train_*``: three TrainOneStepCell steps of a Dense(16, 10) net with sparse softmax
  cross-entropy under nn.Adam (plain, ``use_lazy``, ``use_offload``): the losses and the
  weights after the last step.
"""

import pathlib
import sys

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn
from mindspore.ops import operations as P

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_adam_primitive.npz"


def adam_step(rec):
    """One P.Adam step, plain and Nesterov, with its inputs."""
    rng = np.random.RandomState(11)
    n = 40
    adam_in = {
        "var": rng.standard_normal(n),
        "m": 0.1 * rng.standard_normal(n),
        "v": 0.01 * np.abs(rng.standard_normal(n)),
        "grad": rng.standard_normal(n),
    }
    adam_in = {k: v.astype(np.float32) for k, v in adam_in.items()}
    # beta1_power, beta2_power, lr, beta1, beta2, epsilon
    adam_scalars = np.array([0.9**3, 0.999**3, 0.01, 0.9, 0.999, 1e-8], np.float32)
    for k, v in adam_in.items():
        rec[f"adam_in_{k}"] = v
    rec["adam_scalars"] = adam_scalars
    for nesterov in (False, True):
        var, m, v = (Parameter(Tensor(adam_in[k].copy()), name=k) for k in ("var", "m", "v"))
        P.Adam(use_nesterov=nesterov)(
            var, m, v, *(Tensor(s) for s in adam_scalars), Tensor(adam_in["grad"])
        )
        tag = "nesterov" if nesterov else "plain"
        rec[f"adam_{tag}_var"] = var.asnumpy()
        rec[f"adam_{tag}_m"] = m.asnumpy()
        rec[f"adam_{tag}_v"] = v.asnumpy()


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(
            16, 10, weight_init=Tensor(np.full((10, 16), 0.01, np.float32)), bias_init="zeros"
        )

    def construct(self, x):
        return self.fc(x.reshape(1, -1))


def adam_training(rec):
    """Three nn.Adam training steps for each of plain, use_lazy and use_offload."""
    data = (np.arange(16, dtype=np.float32) * 0.01).reshape(1, 1, 4, 4)
    label = np.array([0], np.int32)
    for mode in ("plain", "use_lazy", "use_offload"):
        net = Net()
        kwargs = {} if mode == "plain" else {mode: True}
        opt = nn.Adam(net.trainable_params(), learning_rate=0.01, **kwargs)
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
        step.set_train()
        rec[f"train_{mode}_loss"] = np.array(
            [step(Tensor(data), Tensor(label)).asnumpy() for _ in range(3)], np.float32
        )
        rec[f"train_{mode}_weight"] = net.fc.weight.asnumpy()
        rec[f"train_{mode}_bias"] = net.fc.bias.asnumpy()


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    rec = {}
    adam_step(rec)
    adam_training(rec)
    np.savez(out, **rec)
    print(f"wrote {out}: {len(rec)} arrays")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
