"""mindspore.dataset: a GeneratorDataset, batched, iterated in a functional training loop."""

import mindspore as ms
import mindspore.dataset as ds
import numpy as np
from mindspore import Tensor, nn

features = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
targets = (features @ np.array([[0.5], [-1.0], [2.0]], np.float32) + 0.25).astype(np.float32)


def generator():
    yield from zip(features, targets)


dataset = ds.GeneratorDataset(generator, column_names=["data", "label"], shuffle=False).batch(4)
print("batches", dataset.get_dataset_size())
net = nn.Dense(3, 1, weight_init="zeros", bias_init="zeros")
optimizer = nn.SGD(net.trainable_params(), learning_rate=0.2)
loss_fn = nn.MSELoss()
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)
for epoch in range(3):
    for data, label in dataset.create_tuple_iterator():
        loss, grads = grad_fn(data, label)
        optimizer(grads)
    print("epoch", epoch, float(loss))
print("weight", net.weight.asnumpy().tolist())
print("first_batch", next(dataset.create_dict_iterator())["data"].asnumpy().tolist())
print("eval", float(loss_fn(net(Tensor(features)), Tensor(targets))))
