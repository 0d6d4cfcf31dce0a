"""The Adam primitive's rounding: bits, moments (eager and compiled) and a short training run
against MindSpore 2.10 (tests/oracle/gen_ops_adam_primitive_golden.py)."""

import jax
import numpy as np
import pytest
from _paths import TESTS

from msfunc import Parameter, Tensor, nn
from msfunc.ops import operations as P
from msfunc.ops.adam_arithmetic import adam_moments

GOLDEN = np.load(TESTS / "golden" / "ops_adam_primitive.npz")


@pytest.mark.parametrize("nesterov", [False, True])
def test_adam_primitive_matches_mindspore_bits(nesterov):
    g = {k: GOLDEN[f"adam_in_{k}"] for k in ("var", "m", "v", "grad")}
    var, m, v = (Parameter(Tensor(g[k].copy()), name=k) for k in ("var", "m", "v"))
    scalars = [Tensor(s) for s in GOLDEN["adam_scalars"]]
    P.Adam(use_nesterov=nesterov)(var, m, v, *scalars, Tensor(g["grad"]))
    tag = "nesterov" if nesterov else "plain"
    for name, param in (("var", var), ("m", m), ("v", v)):
        # (MindSpore's kernel rounds each fused multiply-add once, msfunc twice)
        np.testing.assert_allclose(
            param.asnumpy(), GOLDEN[f"adam_{tag}_{name}"], rtol=1e-6, atol=1e-8, err_msg=name
        )


def test_adam_moments_compiled_and_eager_match_mindspore():
    g = {k: GOLDEN[f"adam_in_{k}"] for k in ("m", "v", "grad")}
    jitted = jax.jit(adam_moments, static_argnums=(3, 4))(g["grad"], g["m"], g["v"], 0.9, 0.999)
    eager = adam_moments(g["grad"], g["m"], g["v"], 0.9, 0.999)
    for out in (jitted, eager):
        for got, want in zip(out, ("adam_plain_m", "adam_plain_v")):
            np.testing.assert_allclose(np.asarray(got), GOLDEN[want], rtol=1e-6, atol=1e-8)


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(
            16, 10, weight_init=Tensor(np.full((10, 16), 0.01, np.float32)), bias_init="zeros"
        )

    def construct(self, x):
        return self.fc(x.reshape(1, -1))


@pytest.mark.parametrize("mode", ["plain", "use_lazy", "use_offload"])
def test_adam_training_matches_mindspore_losses(mode):
    net = _Net()
    kwargs = {} if mode == "plain" else {mode: True}
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01, **kwargs)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    step.set_train()
    data = Tensor((np.arange(16, dtype=np.float32) * 0.01).reshape(1, 1, 4, 4))
    label = Tensor(np.array([0], np.int32))
    losses = np.array([step(data, label).asnumpy() for _ in range(3)], np.float32)
    np.testing.assert_array_equal(losses, GOLDEN[f"train_{mode}_loss"])
    for name in ("weight", "bias"):
        got = getattr(net.fc, name).asnumpy()
        np.testing.assert_array_max_ulp(got, GOLDEN[f"train_{mode}_{name}"], maxulp=2)
