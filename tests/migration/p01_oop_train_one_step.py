"""OOP training: a Cell, WithLossCell and TrainOneStepCell with SGD (MindSpore's quick start style)."""

import numpy as np
from mindspore import Tensor, nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(
            3,
            4,
            weight_init=Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)),
            bias_init="zeros",
        )
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(
            4,
            1,
            weight_init=Tensor(np.array([[0.5, -0.25, 0.75, 1.0]], np.float32)),
            bias_init="ones",
        )

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


x = Tensor(
    np.array([[0.1, 0.2, 0.3], [0.5, -0.4, 0.9], [1.0, 0.0, -1.0], [0.3, 0.3, 0.3]], np.float32)
)
y = Tensor(np.array([[1.0], [0.0], [2.0], [0.5]], np.float32))
net = Net()
train_net = nn.TrainOneStepCell(
    nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1)
)
train_net.set_train()
for step in range(5):
    loss = train_net(x, y)
    print("loss", step, float(loss))
print("fc2.weight", net.fc2.weight.asnumpy().tolist())
print("prediction", net(x).asnumpy().tolist())
