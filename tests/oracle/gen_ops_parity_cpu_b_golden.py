"""Generate tests/golden/ops_parity_cpu_b.npz from real MindSpore 2.10 (CPU).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_parity_cpu_b [out.npz]

Records, bit for bit:
- ``adam_*``: one P.Adam step (plain and Nesterov) on fixed float32 arrays of 40 elements
  (a multiple of the kernel's vector width) and fixed scalars;
- ``train_*``: three TrainOneStepCell steps of a Dense(16, 10) net with sparse softmax
  cross-entropy under nn.Adam (plain, ``use_lazy``, ``use_offload``): the losses and the
  weights after the last step;
- ``ctc_*``: CTCGreedyDecoder on a fixed (5, 3, 4) input, lengths (5, 2, 0), both
  ``merge_repeated`` settings.
"""

import sys

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn
from mindspore.ops import operations as P

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
OUT = sys.argv[1] if len(sys.argv) > 1 else "tests/golden/ops_parity_cpu_b.npz"
rec = {}

# ---- P.Adam: one step
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
    rec[f"adam_{tag}_var"], rec[f"adam_{tag}_m"], rec[f"adam_{tag}_v"] = (
        var.asnumpy(),
        m.asnumpy(),
        v.asnumpy(),
    )


# ---- nn.Adam training: three steps
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(
            16, 10, weight_init=Tensor(np.full((10, 16), 0.01, np.float32)), bias_init="zeros"
        )

    def construct(self, x):
        return self.fc(x.reshape(1, -1))


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

# ---- CTCGreedyDecoder
ctc_x = np.random.RandomState(5).standard_normal((5, 3, 4)).astype(np.float32)
ctc_len = np.array([5, 2, 0], np.int32)
rec["ctc_inputs"], rec["ctc_lengths"] = ctc_x, ctc_len
for merge in (True, False):
    out = P.CTCGreedyDecoder(merge_repeated=merge)(Tensor(ctc_x), Tensor(ctc_len))
    for name, value in zip(("indices", "values", "shape", "log_probability"), out):
        rec[f"ctc_merge{int(merge)}_{name}"] = value.asnumpy()

np.savez(OUT, **rec)
print(f"wrote {OUT}: {len(rec)} arrays")
