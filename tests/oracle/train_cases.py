"""Training programs shared by the MindSpore oracle (gen_train_golden.py) and msfunc's test.

Each scenario takes the framework module `ms` (mindspore or msfunc) and returns a dict of
numpy results; all weights and data are fixed arrays.
"""

import numpy as np

W1 = np.array([[0.2, -0.1, 0.4, 0.3], [-0.5, 0.2, 0.1, -0.2], [0.3, 0.3, -0.4, 0.1]], np.float32)
B1 = np.array([0.05, -0.05, 0.1], np.float32)
W2 = np.array([[0.4, -0.3, 0.2], [-0.1, 0.5, 0.3]], np.float32)
B2 = np.array([0.0, 0.1], np.float32)
X = np.array(
    [
        [1.0, 0.5, -0.5, 2.0],
        [0.3, -1.2, 0.8, 0.1],
        [-0.7, 0.4, 1.5, -0.3],
        [2.0, -0.1, 0.2, 0.6],
        [0.0, 1.0, -1.0, 0.5],
        [1.1, 0.9, 0.3, -0.8],
    ],
    np.float32,
)
Y = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [1.0, -1.0], [0.2, 0.3], [-0.5, 1.0]], np.float32)
STEPS = 5


def make_net(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(4, 3, weight_init=ms.Tensor(W1), bias_init=ms.Tensor(B1))
            self.relu = nn.ReLU()
            self.fc2 = nn.Dense(3, 2, weight_init=ms.Tensor(W2), bias_init=ms.Tensor(B2))

        def construct(self, x):
            return self.fc2(self.relu(self.fc1(x)))

    return Net()


def custom_train_step(ms, mode):
    """A user-written train-step Cell: GradOperation(get_by_list=True) and the optimizer."""
    nn, ops = ms.nn, ms.ops
    ms.set_context(mode=mode)

    class TrainStep(nn.Cell):
        def __init__(self, network, optimizer):
            super().__init__()
            self.network = network
            self.weights = optimizer.parameters
            self.optimizer = optimizer
            self.grad = ops.GradOperation(get_by_list=True)

        def construct(self, x, y):
            loss = self.network(x, y)
            grads = self.grad(self.network, self.weights)(x, y)
            self.optimizer(grads)
            return loss

    net = make_net(ms)
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    step = TrainStep(loss_net, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    losses = [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(STEPS)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"losses": np.array(losses, np.float32), "fc1.weight": net.fc1.weight.asnumpy()}


def train_one_step_sens(ms):
    nn = ms.nn
    net = make_net(ms)
    step = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.Adam(net.trainable_params(), 0.01), sens=2.0
    )
    losses = [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(STEPS)]
    return {"losses": np.array(losses, np.float32), "fc2.weight": net.fc2.weight.asnumpy()}


def train_one_step_return_grad(ms):
    nn = ms.nn
    net = make_net(ms)
    step = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1), return_grad=True
    )
    loss, grads = step(ms.Tensor(X), ms.Tensor(Y))
    out = {
        "loss": np.array(float(loss.asnumpy()), np.float32),
        "names": np.array(list(grads.keys())),
    }
    for k, v in grads.items():
        out[f"grad/{k}"] = v.asnumpy()
    return out


def loss_scale_dynamic(ms):
    nn = ms.nn
    net = make_net(ms)
    manager = nn.DynamicLossScaleUpdateCell(
        loss_scale_value=2.0**12, scale_factor=2, scale_window=2
    )
    step = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(net, nn.MSELoss()),
        nn.Momentum(net.trainable_params(), 0.1, 0.9),
        scale_sense=manager,
    )
    losses, conds, scales = [], [], []
    for _ in range(STEPS):
        loss, cond, scale = step(ms.Tensor(X), ms.Tensor(Y))
        losses.append(float(loss.asnumpy()))
        conds.append(bool(cond.asnumpy()))
        scales.append(float(scale.asnumpy()))
    return {
        "losses": np.array(losses, np.float32),
        "conds": np.array(conds),
        "scales": np.array(scales, np.float32),
        "final_scale": np.array(float(step.scale_sense.asnumpy()), np.float32),
        "fc1.weight": net.fc1.weight.asnumpy(),
    }


def loss_scale_fixed(ms):
    nn = ms.nn
    net = make_net(ms)
    step = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(net, nn.MSELoss()),
        nn.SGD(net.trainable_params(), 0.1),
        scale_sense=nn.FixedLossScaleUpdateCell(1024.0),
    )
    losses = [float(step(ms.Tensor(X), ms.Tensor(Y))[0].asnumpy()) for _ in range(STEPS)]
    return {"losses": np.array(losses, np.float32), "fc2.bias": net.fc2.bias.asnumpy()}


def build_fixed_scale_no_drop(ms):
    """A fixed loss scale that keeps overflowing updates: the gradients reach the optimizer
    scaled (its own `loss_scale` divides them), and the step returns the loss alone."""
    nn = ms.nn
    out = {}
    for opt_scale in (1.0, 8.0):
        net = make_net(ms)
        step = ms.amp.build_train_network(
            net,
            nn.SGD(net.trainable_params(), 0.01, loss_scale=opt_scale),
            nn.MSELoss(),
            level="O0",
            loss_scale_manager=ms.amp.FixedLossScaleManager(8.0, drop_overflow_update=False),
        )
        losses = [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(STEPS)]
        out[f"losses_{opt_scale:g}"] = np.array(losses, np.float32)
        out[f"fc1.weight_{opt_scale:g}"] = net.fc1.weight.asnumpy()
    return out


def with_eval_cell(ms):
    nn = ms.nn
    net = make_net(ms)
    loss, out, label = nn.WithEvalCell(net, nn.MSELoss())(ms.Tensor(X), ms.Tensor(Y))
    return {
        "loss": np.array(float(loss.asnumpy()), np.float32),
        "out": out.asnumpy(),
        "label": label.asnumpy(),
    }


def with_grad_cell(ms):
    nn = ms.nn
    net = make_net(ms)
    grads = nn.WithGradCell(net, nn.MSELoss())(ms.Tensor(X), ms.Tensor(Y))
    return {f"grad{i}": g.asnumpy() for i, g in enumerate(grads)}


SCENARIOS = {
    "custom_graph": lambda ms: custom_train_step(ms, ms.GRAPH_MODE),
    "custom_pynative": lambda ms: custom_train_step(ms, ms.PYNATIVE_MODE),
    "train_one_step_sens": train_one_step_sens,
    "train_one_step_return_grad": train_one_step_return_grad,
    "loss_scale_dynamic": loss_scale_dynamic,
    "loss_scale_fixed": loss_scale_fixed,
    "build_fixed_scale_no_drop": build_fixed_scale_no_drop,
    "with_eval_cell": with_eval_cell,
    "with_grad_cell": with_grad_cell,
}
