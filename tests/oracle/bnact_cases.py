"""Conv2dBnAct and DenseBnAct cases, shared by gen_bnact_golden.py (real MindSpore) and
tests/nn/test_bnact.py (msfunc): ``case(ms, nn)`` gives a layer's output on a fixed input
(fixed weights, inference mode) or the exception type a bad argument raises."""

import numpy as np


def _x(shape):
    size = int(np.prod(shape))
    return np.linspace(-2.0, 2.0, size, dtype=np.float32).reshape(shape)


def _run(ms, net, shape):
    net.set_train(False)
    return net(ms.Tensor(_x(shape))).asnumpy().round(5).tolist()


def _error(make):
    try:
        make()
    except Exception as err:  # noqa: BLE001 - the type is what is recorded
        return type(err).__name__
    return None


CASES = {
    "conv_relu": lambda ms, nn: _run(
        ms, nn.Conv2dBnAct(2, 3, 3, weight_init="ones", activation="relu"), (1, 2, 4, 4)
    ),
    "conv_bn_leaky": lambda ms, nn: _run(
        ms,
        nn.Conv2dBnAct(
            2,
            2,
            2,
            stride=2,
            pad_mode="valid",
            has_bias=True,
            weight_init="ones",
            bias_init="ones",
            has_bn=True,
            activation="leakyrelu",
            alpha=0.1,
        ),
        (1, 2, 4, 4),
    ),
    "conv_plain": lambda ms, nn: _run(
        ms, nn.Conv2dBnAct(1, 1, 3, pad_mode="pad", padding=1, weight_init="ones"), (1, 1, 3, 3)
    ),
    # a layer's weight_init attribute handed to a new layer (as rewrite's replacements do)
    "conv_reused_init": lambda ms, nn: _run(
        ms,
        nn.Conv2dBnAct(
            1,
            1,
            2,
            pad_mode="valid",
            weight_init=nn.Conv2d(
                1, 1, 2, weight_init=ms.common.initializer.Constant(0.5)
            ).weight_init,
        ),
        (1, 1, 3, 3),
    ),
    "dense_bn_sigmoid": lambda ms, nn: _run(
        ms,
        nn.DenseBnAct(
            4, 3, weight_init="ones", bias_init="zeros", has_bn=True, activation="sigmoid"
        ),
        (2, 4),
    ),
    "dense_cell_act": lambda ms, nn: _run(
        ms, nn.DenseBnAct(4, 2, weight_init="ones", activation=nn.Sigmoid()), (3, 4)
    ),
    "dense_attrs": lambda ms, nn: [
        sorted(n for n, _ in nn.DenseBnAct(4, 2, has_bn=True, activation="relu").cells_and_names()),
        [p.name for p in nn.DenseBnAct(4, 2, has_bn=True).get_parameters()],
    ],
    "bad_activation": lambda ms, nn: _error(lambda: nn.DenseBnAct(4, 2, activation=3)),
    "bad_has_bn": lambda ms, nn: _error(lambda: nn.Conv2dBnAct(1, 1, 3, has_bn=1)),
    "bad_after_fake": lambda ms, nn: _error(lambda: nn.DenseBnAct(4, 2, after_fake="yes")),
}
