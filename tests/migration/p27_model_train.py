"""Model.train over a dataset with a custom Callback, then Model.eval with a metric."""

import mindspore.dataset as ds
import numpy as np
from mindspore import nn
from mindspore.train import MAE, Callback, Model

x = np.linspace(-2, 2, 16, dtype=np.float32).reshape(8, 2)
y = (x[:, :1] * 1.5 - x[:, 1:] * 0.5 + 0.1).astype(np.float32)


class PrintLoss(Callback):
    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        print("epoch", cb_params.cur_epoch_num, float(cb_params.net_outputs))


def make_dataset():
    return ds.NumpySlicesDataset({"data": x, "label": y}, shuffle=False).batch(4)


net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
model = Model(
    net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9), metrics={"mae": MAE()}
)
model.train(3, make_dataset(), callbacks=[PrintLoss()], dataset_sink_mode=False)
print("weight", net.weight.asnumpy().tolist())
print("eval_mae", round(float(model.eval(make_dataset(), dataset_sink_mode=False)["mae"]), 6))
