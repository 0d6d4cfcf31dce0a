"""Golden values from real MindSpore 2.10 (CPU) for AdamWeightDecay hyperparameters set on the
optimizer after construction (MindChemistry's Matformer trainer sets ``opt.beta1 =
Tensor([0.95])`` before training): the step reads beta1, beta2 and eps when it runs.

Writes tests/golden/adamw_hyperparameters.json; read by tests/nn/test_adamw_hyperparameters.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py adamw_hyperparameters

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "adamw_hyperparameters.json"
)


def _values(t):
    return np.round(np.asarray(t.asnumpy(), np.float64).ravel(), 5).tolist()


def _train(ms, setup, jit, groups=False):
    """Three AdamWeightDecay steps of a fixed Dense on a fixed batch after `setup(opt)`."""
    net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    if groups:
        params = [
            {"params": [net.weight], "weight_decay": 0.01},
            {"params": [net.bias], "weight_decay": 0.0},
            {"order_params": net.trainable_params()},
        ]
    else:
        params = net.trainable_params()
    opt = ms.nn.AdamWeightDecay(params, learning_rate=0.01, eps=1e-8)
    setup(opt)
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], np.float32))

    def loss(a):
        return (net(a) ** 2).mean()

    grad_fn = ms.value_and_grad(loss, None, opt.parameters)

    def step(a):
        value, grads = grad_fn(a)
        opt(grads)
        return value

    if jit:
        step = ms.jit(step)
    losses = [round(float(step(x)), 5) for _ in range(3)]
    return [losses, _values(net.weight), _values(net.bias)]


def beta1_tensor_set_before_jit_steps(ms):
    def setup(opt):
        opt.beta1 = ms.Tensor([0.95], ms.float32)

    return _train(ms, setup, jit=True)


def beta1_tensor_set_with_parameter_groups(ms):
    def setup(opt):
        opt.beta1 = ms.Tensor([0.95], ms.float32)

    return _train(ms, setup, jit=True, groups=True)


def beta2_and_eps_tensors_set_before_pynative_steps(ms):
    def setup(opt):
        opt.beta2 = ms.Tensor([0.9], ms.float32)
        opt.eps = ms.Tensor([1e-3], ms.float32)

    return _train(ms, setup, jit=False)


def unchanged_hyperparameters(ms):
    return _train(ms, lambda opt: None, jit=True)


SCENARIOS = [
    beta1_tensor_set_before_jit_steps,
    beta1_tensor_set_with_parameter_groups,
    beta2_and_eps_tensors_set_before_pynative_steps,
    unchanged_hyperparameters,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
