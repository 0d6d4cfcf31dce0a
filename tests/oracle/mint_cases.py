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


X5 = X.reshape(1, 1, 3, 2, 2)
POOLED = np.array([[[[5.0, 7.0], [13.0, 15.0]]]], np.float32)
POOLED_AT = np.array([[[[5, 7], [13, 15]]]], np.int64)
UPPER = np.triu(Y[:, :3]) + 3.0 * np.eye(3, dtype=np.float32)


def _in_place(mint, T, name, *args):
    x = T(X.copy())
    getattr(mint.nn.functional, name)(x, *args)
    return x


def _batch_norm(mint, T, rank, train):
    shape = {1: (3, 4), 2: (1, 4, 3, 1), 3: (1, 4, 3, 1, 1)}[rank]
    bn = getattr(mint.nn, f"BatchNorm{rank}d")(4)
    bn.set_train(train)
    out = bn(T(X.T.copy().reshape(shape) if rank > 1 else X))
    return out, bn.running_mean, bn.running_var


def _conv3d(mint, T):
    conv = mint.nn.Conv3d(1, 2, 2, bias=False)
    conv.weight.set_data(T(np.arange(16, dtype=np.float32).reshape(2, 1, 2, 2, 2) / 10.0))
    return conv(T(X5))


def _fold_round_trip(mint, T):
    columns = mint.nn.Unfold(2)(T(X.reshape(1, 1, 3, 4)))
    return columns, mint.nn.Fold((3, 4), 2)(columns)


def _real_imag(mint, z):
    return mint.real(z), mint.imag(z)


def _registries(mint, T):
    def f(v):
        return v + 1

    return mint.jit_forbidden_register(f)(1), mint.jit_view_unsupported(f)(2)


# Cases real MindSpore 2.10 runs on CPU without doing what its documentation says: the
# mint optimizers return True and leave the weights unchanged. Not golden material;
# tests/ops/test_mint.py checks them against torch's update rules written out in numpy.
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
    "elementwise.float_power": lambda mint, T: mint.float_power(T(np.abs(X)), T(Y)),
    "elementwise.float_power_int": lambda mint, T: mint.float_power(
        T(np.array([2, 3, -4], np.int32)), 3
    ),
    "elementwise.polar": lambda mint, T: _real_imag(mint, mint.polar(T(np.abs(X)), T(Y))),
    # creation
    "create.ones": lambda mint, T: mint.ones((2, 3)),
    "create.ones_int": lambda mint, T: mint.ones(3),
    "create.zeros": lambda mint, T: mint.zeros((2, 3)),
    "create.full": lambda mint, T: mint.full((2, 3), 1.5),
    "create.empty_shape": lambda mint, T: (
        tuple(mint.empty(2, 3).shape) + tuple(mint.empty((4,)).shape)
    ),
    "create.like": lambda mint, T: (
        mint.ones_like(T(X)),
        mint.zeros_like(T(X)),
        mint.full_like(T(X), 2.5),
    ),
    "create.eye": lambda mint, T: mint.eye(2, 3),
    "create.arange": lambda mint, T: mint.arange(1, 7, 2),
    "create.linspace": lambda mint, T: mint.linspace(0.0, 1.0, 5),
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
    "index.argsort_stable": lambda mint, T: mint.argsort(
        T(np.array([2.0, 1.0, 2.0, 0.0, 1.0], np.float32)), stable=True
    ),
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
        T(X), T(P01)
    ),
    "functional.l1_loss": lambda mint, T: mint.nn.functional.l1_loss(T(X), T(Y)),
    "functional.mse_loss": lambda mint, T: mint.nn.functional.mse_loss(T(X), T(Y)),
    "functional.cross_entropy": lambda mint, T: mint.nn.functional.cross_entropy(
        T(Y), T(np.array([0, 1, 3], np.int64))
    ),
    "functional.hardtanh": lambda mint, T: mint.nn.functional.hardtanh(T(X) * 3, -0.5, 0.5),
    "functional.batch_norm_plain": lambda mint, T: mint.nn.functional.batch_norm(
        T(X), T(X.mean(0)), T(Y.var(0))
    ),
    "functional.leaky_relu_default": lambda mint, T: mint.nn.functional.leaky_relu(T(X)),
    "functional.smooth_l1_default": lambda mint, T: mint.nn.functional.smooth_l1_loss(T(X), T(Y)),
    "functional.max_pool2d_ceil": lambda mint, T: tuple(
        mint.nn.functional.max_pool2d(
            T(Y).reshape(1, 1, 3, 4), 2, ceil_mode=True, return_indices=True
        )
    ),
    "functional.avg_pool2d_ceil": lambda mint, T: mint.nn.functional.avg_pool2d(
        T(Y).reshape(1, 1, 3, 4), 2, ceil_mode=True, count_include_pad=False
    ),
    "functional.conv2d": lambda mint, T: mint.nn.functional.conv2d(
        T(X).reshape(1, 1, 3, 4), T(W.reshape(2, 1, 2, 2)), padding=1
    ),
    "functional.max_pool2d": lambda mint, T: mint.nn.functional.max_pool2d(
        T(Y).reshape(1, 1, 3, 4), 2, stride=1
    ),
    # nn Cells
    "cells.linear": _linear,
    "cells.flatten": lambda mint, T: mint.nn.Flatten()(T(X).reshape(3, 2, 2)),
    "cells.softmax": lambda mint, T: mint.nn.Softmax(dim=0)(T(X)),
    "cells.mse": lambda mint, T: mint.nn.MSELoss()(T(X), T(Y)),
    "cells.bce": lambda mint, T: mint.nn.BCELoss(reduction="sum")(T(P01), T(P01[::-1].copy())),
    # names MindSpore 2.10 also exposes: kernel handles, torch's extras, pooling and upsampling
    "extra.bitwise_not": lambda mint, T: mint.bitwise_not(T(np.array([0, 5, -3], np.int32))),
    "extra.repeat_interleave": lambda mint, T: mint.repeat_interleave(T(X), 2, dim=0),
    "extra.addr_": lambda mint, T: mint.addr_(
        T(Y[:, :2]), T(X[:, 0]), T(X[0, :2]), beta=0.5, alpha=2.0
    ),
    "extra.cdist_": lambda mint, T: mint.cdist_(T(X), T(Y), 1.0),
    "extra.softmax_ext": lambda mint, T: mint.softmax_ext(T(X), 1),
    "extra.squeeze_impl": lambda mint, T: mint.squeeze_impl(T(X).reshape(3, 1, 4), (1,)),
    "extra.npu_gelu": lambda mint, T: mint.npu_gelu(T(X)),
    "extra.flatten_ext": lambda mint, T: mint.flatten_ext(T(X).reshape(3, 2, 2), 1),
    "extra.equal_ext_op": lambda mint, T: mint.equal_ext_op(T(X), T(X)),
    "extra.conv2d": lambda mint, T: mint.conv2d(
        T(X).reshape(1, 1, 3, 4), T(W.reshape(2, 1, 2, 2)), padding=1
    ),
    "extra.index_add": lambda mint, T: mint.index_add(
        T(X), 1, T(np.array([0, 2], np.int32)), T(Y[:, :2]), alpha=2
    ),
    "extra.triangular_solve": lambda mint, T: tuple(mint.triangular_solve(T(X[:, :2]), T(UPPER))),
    "extra.conv_tbc": lambda mint, T: mint.conv_tbc(
        T(X.reshape(3, 2, 2)), T(W.reshape(2, 2, 2)), T(B), 1
    ),
    "extra.constexpr": lambda mint, T: mint.constexpr(lambda v: v * 2)(3),
    "extra.jit_registries": _registries,
    "extra.adaptive_avg_pool3d": lambda mint, T: mint.nn.functional.adaptive_avg_pool3d(
        T(X5), (1, 2, 1)
    ),
    "extra.adaptive_avg_pool3d_ext": lambda mint, T: mint.nn.functional.adaptive_avg_pool3d_ext(
        T(X5), (1, 2, 1)
    ),
    "extra.adaptive_max_pool1d": lambda mint, T: mint.nn.functional.adaptive_max_pool1d(
        T(X.reshape(1, 3, 4)), 2
    ),
    "extra.adaptive_max_pool1d_indices": lambda mint, T: tuple(
        mint.nn.functional.adaptive_max_pool1d(T(Y.reshape(1, 3, 4)), 2, return_indices=True)
    ),
    "extra.avg_pool1d": lambda mint, T: mint.nn.functional.avg_pool1d(T(X.reshape(1, 3, 4)), 2),
    "extra.avg_pool3d": lambda mint, T: mint.nn.functional.avg_pool3d(T(X5), 2, stride=1),
    "extra.elu_ext": lambda mint, T: mint.nn.functional.elu_ext(T(X), 0.5),
    "extra.hardtanh_op": lambda mint, T: mint.nn.functional.hardtanh_op(T(X) * 3, -0.5, 0.5),
    "extra.silu_func": lambda mint, T: mint.nn.functional.silu_func(T(X)),
    "extra.threshold_op": lambda mint, T: mint.nn.functional.threshold_op(T(X), 0.1, 20.0),
    "extra.relu_": lambda mint, T: _in_place(mint, T, "relu_"),
    "extra.sigmoid_": lambda mint, T: _in_place(mint, T, "sigmoid_"),
    "extra.elu_": lambda mint, T: _in_place(mint, T, "elu_", 0.5),
    "extra.inplace_elu": lambda mint, T: _in_place(mint, T, "inplace_elu", 0.5),
    "extra.hardtanh_": lambda mint, T: _in_place(mint, T, "hardtanh_", -0.2, 0.3),
    "extra.inplace_silu": lambda mint, T: _in_place(mint, T, "inplace_silu"),
    "extra.threshold_": lambda mint, T: _in_place(mint, T, "threshold_", 0.1, 20.0),
    "extra.max_unpool2d": lambda mint, T: mint.nn.functional.max_unpool2d(
        T(POOLED), T(POOLED_AT), 2
    ),
    "extra.norm_ext": lambda mint, T: mint.nn.functional.norm_ext(T(Y), 2, dim=1),
    "extra.upsample": lambda mint, T: mint.nn.functional.upsample(
        T(X.reshape(1, 1, 3, 4)), size=(6, 8)
    ),
    "extra.AvgPool1d": lambda mint, T: mint.nn.AvgPool1d(2)(T(X.reshape(1, 3, 4))),
    "extra.AvgPool3d": lambda mint, T: mint.nn.AvgPool3d(2, stride=1)(T(X5)),
    "extra.AdaptiveAvgPool3d": lambda mint, T: mint.nn.AdaptiveAvgPool3d((1, 2, 1))(T(X5)),
    "extra.AdaptiveMaxPool1d": lambda mint, T: mint.nn.AdaptiveMaxPool1d(2)(T(X.reshape(1, 3, 4))),
    "extra.AdaptiveMaxPool2d": lambda mint, T: mint.nn.AdaptiveMaxPool2d((2, 2))(
        T(X.reshape(1, 1, 3, 4))
    ),
    "extra.Unfold_Fold": _fold_round_trip,
    "extra.Upsample": lambda mint, T: mint.nn.Upsample(scale_factor=2.0)(T(X.reshape(1, 1, 3, 4))),
    "extra.UpsamplingNearest2d": lambda mint, T: mint.nn.UpsamplingNearest2d(size=(6, 8))(
        T(X.reshape(1, 1, 3, 4))
    ),
    "extra.UpsamplingBilinear2d": lambda mint, T: mint.nn.UpsamplingBilinear2d(size=(5, 7))(
        T(X.reshape(1, 1, 3, 4))
    ),
    "extra.MaxUnpool2d": lambda mint, T: mint.nn.MaxUnpool2d(2)(T(POOLED), T(POOLED_AT)),
    "extra.kl_div_ext": lambda mint, T: mint.nn.kl_div_ext(
        T(np.log(P01)), T(P01[::-1].copy()), reduction="sum"
    ),
    "extra.mse_loss_ext": lambda mint, T: mint.nn.mse_loss_ext(T(X), T(Y)),
    "extra.upsample_nearest2d_op": lambda mint, T: mint.nn.upsample_nearest2d_op(
        T(X.reshape(1, 1, 3, 4)), (6, 8)
    ),
    "extra.upsample_bilinear2d_op": lambda mint, T: mint.nn.upsample_bilinear2d_op(
        T(X.reshape(1, 1, 3, 4)), (5, 7), None, True
    ),
    "extra.BatchNorm1d_train": lambda mint, T: _batch_norm(mint, T, 1, True),
    "extra.BatchNorm2d_eval": lambda mint, T: _batch_norm(mint, T, 2, False),
    "extra.BatchNorm3d_train": lambda mint, T: _batch_norm(mint, T, 3, True),
    "extra.Conv3d": _conv3d,
    # optimizers: three steps from fixed weights and gradients
    "optim.adam": lambda mint, T: _optimizer_steps(mint, T, "Adam", lr=0.1, weight_decay=0.1),
    "optim.adamw": lambda mint, T: _optimizer_steps(mint, T, "AdamW", lr=0.1, weight_decay=0.1),
    "optim.sgd": lambda mint, T: _optimizer_steps(
        mint, T, "SGD", lr=0.1, momentum=0.9, weight_decay=0.01
    ),
}
