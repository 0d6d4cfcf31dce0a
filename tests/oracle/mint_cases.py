"""mint programs run unchanged by real MindSpore (gen_mint_golden.py) and msfunc (test_mint.py).

Each case is ``case(mint, T)``: `mint` is the namespace (``mindspore.mint`` or
``msfunc.mint``), ``T(array)`` makes a Tensor from a numpy array. Cases return a
Tensor, a number or a tuple of them; the name's prefix is the family. Weights are
fixed arrays, never seeds.
"""

import importlib

import numpy as np

X = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5.0) / 7.0
Y = np.array([[0.5, -1.0, 2.0, 0.25], [1.5, 0.0, -0.5, 3.0], [2.0, 1.0, 1.0, -2.0]], np.float32)
P01 = np.clip(Y, 0.1, 0.9)
W = np.arange(8, dtype=np.float32).reshape(2, 4) / 10.0
B = np.array([0.5, -0.5], np.float32)
INDEX = np.array([[0, 1], [3, 2], [1, 1]], np.int64)


def _ms_of(mint):
    return importlib.import_module(mint.__name__.split(".")[0])


def _optimizer_steps(mint, T, optimizer_name, **options):
    ms = _ms_of(mint)
    w = ms.Parameter(T(np.array([1.0, -2.0, 3.0], np.float32)), name="w")
    opt = getattr(mint.optim, optimizer_name)([w], **options)
    for step in range(3):
        opt((T(np.array([0.5, -1.0, 2.0], np.float32) * (step + 1)),))
    return w.value() if hasattr(w, "value") else w


def _linear(mint, T):
    linear = mint.nn.Linear(4, 2, weight_init=T(W), bias_init=T(B))
    return linear(T(X))


# Cases real MindSpore 2.10 runs on CPU without doing what its documentation says: the
# mint optimizers return True and leave the weights unchanged. Not golden material;
# tests/test_mint.py checks them against torch's update rules written out in numpy.
NOT_ORACLE = {
    "optim.adam": "MindSpore 2.10 CPU leaves the weights unchanged",
    "optim.adamw": "MindSpore 2.10 CPU leaves the weights unchanged",
    "optim.sgd": "MindSpore 2.10 CPU leaves the weights unchanged",
}

CASES = {
    # element-wise
    "elementwise.exp": lambda mint, T: mint.exp(T(X)),
    "elementwise.atan2": lambda mint, T: mint.atan2(T(X), T(Y)),
    "elementwise.clamp": lambda mint, T: mint.clamp(T(X), -0.3, 0.4),
    "elementwise.sigmoid": lambda mint, T: mint.sigmoid(T(X)),
    "elementwise.pow": lambda mint, T: mint.pow(mint.abs(T(X)), 1.5),
    "elementwise.where": lambda mint, T: mint.where(T(X) > 0, T(X), T(Y)),
    "elementwise.add_alpha": lambda mint, T: mint.add(T(X), T(Y), alpha=2.0),
    "elementwise.div_floor": lambda mint, T: mint.div(T(X), T(Y) + 3, rounding_mode="floor"),
    # reductions
    "reduce.sum": lambda mint, T: mint.sum(T(X), dim=1, keepdim=True),
    "reduce.mean": lambda mint, T: mint.mean(T(X), 0),
    "reduce.prod": lambda mint, T: mint.prod(T(X), dim=1),
    "reduce.amax": lambda mint, T: mint.amax(T(X), dim=0),
    "reduce.logsumexp": lambda mint, T: mint.logsumexp(T(X), dim=1),
    "reduce.argmax": lambda mint, T: mint.argmax(T(Y), dim=1),
    "reduce.std": lambda mint, T: mint.std(T(Y), dim=1),
    "reduce.var_correction0": lambda mint, T: mint.var(T(Y), dim=0, correction=0),
    "reduce.cumsum": lambda mint, T: mint.cumsum(T(X), 1),
    "reduce.norm": lambda mint, T: mint.norm(T(Y)),
    "reduce.max_dim": lambda mint, T: tuple(mint.max(T(Y), dim=1)),
    "reduce.min_dim_keepdim": lambda mint, T: tuple(mint.min(T(Y), dim=0, keepdim=True)),
    "reduce.max_all": lambda mint, T: mint.max(T(Y)),
    "reduce.median_all": lambda mint, T: mint.median(T(Y)),
    # shapes
    "shape.transpose": lambda mint, T: mint.transpose(T(X), 0, 1),
    "shape.flatten": lambda mint, T: mint.flatten(T(X).reshape(3, 2, 2), 1),
    "shape.flatten_default": lambda mint, T: mint.flatten(T(X)),
    "shape.cat": lambda mint, T: mint.cat((T(X), T(Y)), dim=1),
    "shape.stack": lambda mint, T: mint.stack((T(X), T(Y)), dim=0),
    "shape.split": lambda mint, T: mint.split(T(X), 2, dim=1)[1],
    "shape.permute": lambda mint, T: mint.permute(T(X), (1, 0)),
    "shape.squeeze": lambda mint, T: mint.squeeze(T(X).reshape(3, 1, 4), 1),
    # indexing and sorting
    "index.gather": lambda mint, T: mint.gather(T(X), 1, T(INDEX)),
    "index.index_select": lambda mint, T: mint.index_select(T(X), 1, T(np.array([2, 0]))),
    "index.narrow": lambda mint, T: mint.narrow(T(X), 1, 1, 2),
    "index.tril": lambda mint, T: mint.tril(T(X)),
    "index.sort": lambda mint, T: tuple(mint.sort(T(Y), dim=1, descending=True)),
    "index.topk": lambda mint, T: tuple(mint.topk(T(X), 2)),
    # linear algebra
    "linalg.matmul": lambda mint, T: mint.matmul(T(X), T(Y).T),
    "linalg.bmm": lambda mint, T: mint.bmm(T(X).reshape(1, 3, 4), T(Y).reshape(1, 4, 3)),
    "linalg.outer": lambda mint, T: mint.outer(T(X)[0], T(X)[1]),
    "linalg.addmm": lambda mint, T: mint.addmm(T(Y)[:, :3], T(X), T(Y).T, beta=0.5, alpha=2.0),
    # nn.functional
    "functional.relu": lambda mint, T: mint.nn.functional.relu(T(X)),
    "functional.softmax": lambda mint, T: mint.nn.functional.softmax(T(X), dim=1),
    "functional.silu": lambda mint, T: mint.nn.functional.silu(T(X)),
    "functional.gelu": lambda mint, T: mint.nn.functional.gelu(T(X)),
    "functional.leaky_relu": lambda mint, T: mint.nn.functional.leaky_relu(T(X), 0.1),
    "functional.linear": lambda mint, T: mint.nn.functional.linear(T(X), T(W), T(B)),
    "functional.bce_logits": lambda mint, T: mint.nn.functional.binary_cross_entropy_with_logits(
        T(X), T(P01)),
    "functional.l1_loss": lambda mint, T: mint.nn.functional.l1_loss(T(X), T(Y)),
    "functional.mse_loss": lambda mint, T: mint.nn.functional.mse_loss(T(X), T(Y)),
    "functional.cross_entropy": lambda mint, T: mint.nn.functional.cross_entropy(
        T(Y), T(np.array([0, 1, 3], np.int64))),
    "functional.hardtanh": lambda mint, T: mint.nn.functional.hardtanh(T(X) * 3, -0.5, 0.5),
    "functional.conv2d": lambda mint, T: mint.nn.functional.conv2d(
        T(X).reshape(1, 1, 3, 4), T(W.reshape(2, 1, 2, 2)), padding=1),
    "functional.max_pool2d": lambda mint, T: mint.nn.functional.max_pool2d(
        T(Y).reshape(1, 1, 3, 4), 2, stride=1),
    # nn Cells
    "cells.linear": _linear,
    "cells.flatten": lambda mint, T: mint.nn.Flatten()(T(X).reshape(3, 2, 2)),
    "cells.softmax": lambda mint, T: mint.nn.Softmax(dim=0)(T(X)),
    "cells.mse": lambda mint, T: mint.nn.MSELoss()(T(X), T(Y)),
    "cells.bce": lambda mint, T: mint.nn.BCELoss(reduction="sum")(T(P01), T(P01[::-1].copy())),
    # optimizers: three steps from fixed weights and gradients
    "optim.adam": lambda mint, T: _optimizer_steps(mint, T, "Adam", lr=0.1, weight_decay=0.1),
    "optim.adamw": lambda mint, T: _optimizer_steps(mint, T, "AdamW", lr=0.1, weight_decay=0.1),
    "optim.sgd": lambda mint, T: _optimizer_steps(mint, T, "SGD", lr=0.1, momentum=0.9,
                                                  weight_decay=0.01),
}
