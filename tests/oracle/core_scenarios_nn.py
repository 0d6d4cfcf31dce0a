"""Core golden scenarios s07-s12: tutorial nets, training, losses, layers, tensor dtypes, jit
and vmap. Each is an ordinary MindSpore program."""

import numpy as np
from core_codec import B_DENSE, DATA, LABEL, W_DENSE, f32
from core_scenarios_grad import GX, GY, _matmul_net, _names


def s07_tutorial_nets(ms, nn, ops, mnp, rec):
    class GradNetWrtX(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            gradient_function = ms.grad(self.net)
            return gradient_function(x, y)

    net = _matmul_net(ms, nn, ops)
    x, y = ms.Tensor(GX), ms.Tensor(GY)
    rec("z_name_before_wrap", lambda: net.z.name)
    rec("forward", lambda: net(x, y))
    wrapped = GradNetWrtX(net)
    rec("grad_wrt_x", lambda: wrapped(x, y))
    rec("grad_wrt_z", lambda: ms.grad(net, None, net.z)(x, y))
    rec("z_name", lambda: net.z.name)

    class CosSin(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sin = ops.Sin()
            self.cos = ops.Cos()

        def construct(self, x):
            return self.cos(self.sin(x))

    cs = CosSin()
    t = ms.Tensor(f32([0.1, 0.7, -1.3, 2.0]))
    rec("cos_sin", lambda: cs(t))
    rec("cos_sin_grad", lambda: ms.grad(cs)(t))
    rec("cos_sin_grad2", lambda: ms.grad(ms.grad(lambda v: cs(v).sum()))(t))
    rec("mul_op", lambda: ops.Mul()(t, t))


def _train_dense(ms, nn):
    return nn.Dense(5, 3, weight_init=ms.Tensor(W_DENSE), bias_init=ms.Tensor(B_DENSE))


def _final_params(net):
    return [(p.name, p) for p in net.trainable_params()]


def s08_training(ms, nn, ops, mnp, rec):
    data, label = ms.Tensor(DATA), ms.Tensor(LABEL)

    def one_step_cell(make_opt):
        net = _train_dense(ms, nn)
        loss_net = nn.WithLossCell(net, nn.BCEWithLogitsLoss())
        opt = make_opt(net.trainable_params())
        train = nn.TrainOneStepCell(loss_net, opt)
        train.set_train()
        losses = [train(data, label) for _ in range(5)]
        return losses, _final_params(net)

    rec("sgd", lambda: one_step_cell(lambda p: nn.SGD(p, learning_rate=0.1)))
    rec("sgd_momentum", lambda: one_step_cell(lambda p: nn.SGD(p, learning_rate=0.1, momentum=0.9)))
    rec("adam", lambda: one_step_cell(lambda p: nn.Adam(p, learning_rate=0.01)))

    def names_in_train_cell(make_opt):
        net = _train_dense(ms, nn)
        loss_net = nn.WithLossCell(net, nn.BCEWithLogitsLoss())
        train = nn.TrainOneStepCell(loss_net, make_opt(net.trainable_params()))
        return (
            [p.name for p in train.trainable_params()],
            _names(loss_net),
            [n for n, _ in train.cells_and_names()],
        )

    rec("train_cell_names", lambda: names_in_train_cell(lambda p: nn.SGD(p, 0.1)))

    def all_names_in_train_cell():
        net = _train_dense(ms, nn)
        train = nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.BCEWithLogitsLoss()), nn.SGD(net.trainable_params(), 0.1)
        )
        return _names(train)

    rec("train_cell_all_names_sgd", all_names_in_train_cell)
    rec(
        "sgd_weight_decay",
        lambda: one_step_cell(lambda p: nn.SGD(p, learning_rate=0.1, weight_decay=0.01)),
    )

    def functional(use_jit, make_opt):
        model = _train_dense(ms, nn)
        loss_fn = nn.BCEWithLogitsLoss()
        optimizer = make_opt(model.trainable_params())

        def forward_fn(data, label):
            logits = model(data)
            loss = loss_fn(logits, label)
            return loss, logits

        grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

        def train_step(data, label):
            (loss, _), grads = grad_fn(data, label)
            optimizer(grads)
            return loss

        if use_jit:
            train_step = ms.jit(train_step)
        losses = [train_step(data, label) for _ in range(5)]
        return losses, _final_params(model)

    rec("functional_sgd", lambda: functional(False, lambda p: nn.SGD(p, learning_rate=0.1)))
    rec("functional_sgd_jit", lambda: functional(True, lambda p: nn.SGD(p, learning_rate=0.1)))
    rec("functional_adam", lambda: functional(False, lambda p: nn.Adam(p, learning_rate=0.01)))
    rec("functional_adam_jit", lambda: functional(True, lambda p: nn.Adam(p, learning_rate=0.01)))

    def aux_value():
        model = _train_dense(ms, nn)
        loss_fn = nn.BCEWithLogitsLoss()

        def forward_fn(data, label):
            logits = model(data)
            return loss_fn(logits, label), logits

        return ms.value_and_grad(forward_fn, None, model.trainable_params(), has_aux=True)(
            data, label
        )

    rec("value_and_grad_aux_structure", aux_value)


LOGITS = f32([[1.0, -0.5, 0.25], [0.3, 2.0, -1.0], [-0.7, 0.1, 0.9], [0.0, 0.5, -0.2]])


PROBS = f32([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6], [1 / 3, 1 / 3, 1 / 3]])


CLASSES = np.array([0, 1, 2, 1], np.int32)


def s09_losses(ms, nn, ops, mnp, rec):
    logits, label = ms.Tensor(LOGITS), ms.Tensor(LABEL)
    w = ms.Tensor(f32([1.0, 2.0, 0.5]))
    pw = ms.Tensor(f32([3.0, 1.0, 0.5]))
    for red in ("mean", "sum", "none"):
        rec(f"bce_{red}", lambda red=red: nn.BCEWithLogitsLoss(reduction=red)(logits, label))
    rec("bce_weight", lambda: nn.BCEWithLogitsLoss(weight=w)(logits, label))
    rec("bce_pos_weight", lambda: nn.BCEWithLogitsLoss(pos_weight=pw)(logits, label))
    rec(
        "bce_both_none",
        lambda: nn.BCEWithLogitsLoss(reduction="none", weight=w, pos_weight=pw)(logits, label),
    )
    cls, probs = ms.Tensor(CLASSES), ms.Tensor(PROBS)
    for red in ("mean", "sum", "none"):
        rec(f"ce_idx_{red}", lambda red=red: nn.CrossEntropyLoss(reduction=red)(logits, cls))
        rec(f"ce_prob_{red}", lambda red=red: nn.CrossEntropyLoss(reduction=red)(logits, probs))
    rec("ce_idx_weight", lambda: nn.CrossEntropyLoss(weight=w)(logits, cls))
    rec("ce_idx_weight_none", lambda: nn.CrossEntropyLoss(weight=w, reduction="none")(logits, cls))
    rec("ce_prob_weight", lambda: nn.CrossEntropyLoss(weight=w)(logits, probs))
    rec("ce_ignore_index", lambda: nn.CrossEntropyLoss(ignore_index=1)(logits, cls))
    rec(
        "ce_ignore_index_none",
        lambda: nn.CrossEntropyLoss(ignore_index=1, reduction="none")(logits, cls),
    )
    rec("ce_ignore_weight", lambda: nn.CrossEntropyLoss(weight=w, ignore_index=2)(logits, cls))
    rec("ce_smoothing", lambda: nn.CrossEntropyLoss(label_smoothing=0.1)(logits, cls))
    rec(
        "ce_smoothing_weight",
        lambda: nn.CrossEntropyLoss(weight=w, label_smoothing=0.2)(logits, cls),
    )
    rec("ce_smoothing_prob", lambda: nn.CrossEntropyLoss(label_smoothing=0.1)(logits, probs))
    rec(
        "ce_smoothing_ignore",
        lambda: nn.CrossEntropyLoss(label_smoothing=0.1, ignore_index=0)(logits, cls),
    )
    rec("ce_1d", lambda: nn.CrossEntropyLoss()(logits[0], ms.Tensor(np.int32(2))))
    pred = ms.Tensor(f32([[1.0, 2.0], [3.0, -1.0]]))
    tgt = ms.Tensor(f32([[1.5, 1.0], [2.0, 0.0]]))
    for red in ("mean", "sum", "none"):
        rec(f"mse_{red}", lambda red=red: nn.MSELoss(reduction=red)(pred, tgt))


def s10_layers(ms, nn, ops, mnp, rec):
    w43 = f32([[0.5, -1.0, 0.25, 2.0], [-0.3, 0.7, 1.1, -0.2], [0.0, 0.4, -0.6, 0.9]])
    b3 = f32([0.1, -2.0, 0.3])
    x = ms.Tensor(f32([[1.0, 0.5, -1.5, 0.2], [-0.4, 2.0, 0.3, -1.0]]))
    rec("dense", lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43), bias_init=ms.Tensor(b3))(x))
    rec(
        "dense_relu",
        lambda: nn.Dense(
            4, 3, weight_init=ms.Tensor(w43), bias_init=ms.Tensor(b3), activation="relu"
        )(x),
    )
    rec("dense_nobias", lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43), has_bias=False)(x))
    rec(
        "dense_nobias_params",
        lambda: [
            p.name for p in nn.Dense(4, 3, weight_init="ones", has_bias=False).trainable_params()
        ],
    )
    rec(
        "dense_param_shapes",
        lambda: [
            p for p in nn.Dense(2, 3, weight_init="ones", bias_init="zeros").trainable_params()
        ],
    )
    rec(
        "dense_3d_input",
        lambda: nn.Dense(4, 3, weight_init=ms.Tensor(w43), bias_init=ms.Tensor(b3))(
            ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10)
        ),
    )
    t = ms.Tensor(np.arange(12, dtype=np.float32).reshape(2, 3, 2) - 5)
    rec("flatten", lambda: nn.Flatten()(t))
    rec("relu", lambda: nn.ReLU()(t))

    def half():
        net = nn.Dense(4, 3, weight_init=ms.Tensor(w43), bias_init=ms.Tensor(b3))
        net.to_float(ms.float16)
        return net(x)

    rec("to_float16", half)

    def train_flags():
        net = nn.SequentialCell([nn.Dense(2, 2, weight_init="ones", bias_init="zeros"), nn.ReLU()])
        before = [c.training for _, c in net.cells_and_names()]
        net.set_train()
        after = [c.training for _, c in net.cells_and_names()]
        net.set_train(False)
        off = [c.training for _, c in net.cells_and_names()]
        ret = net.set_train(True)
        return before, after, off, ret is net

    rec("set_train_flags", train_flags)


def s11_tensor_dtypes(ms, nn, ops, mnp, rec):
    rec("int", lambda: ms.Tensor(1))
    rec("float", lambda: ms.Tensor(1.0))
    rec("bool", lambda: ms.Tensor(True))
    rec("int_list", lambda: ms.Tensor([1, 2]))
    rec("float_list", lambda: ms.Tensor([1.0, 2.5]))
    rec("mixed_list", lambda: ms.Tensor([1, 2.5]))
    rec("bool_list", lambda: ms.Tensor([True, False]))
    rec("np_float64", lambda: ms.Tensor(np.array([1.5, 2.0])))
    rec("np_int64", lambda: ms.Tensor(np.array([1, 2], np.int64)))
    rec("np_int32", lambda: ms.Tensor(np.array([1, 2], np.int32)))
    rec("np_float16", lambda: ms.Tensor(np.array([1.5], np.float16)))
    rec("explicit_dtype", lambda: ms.Tensor([1, 2], ms.float32))
    rec("explicit_dtype_from_float", lambda: ms.Tensor(2.7, ms.int32))
    rec("nested_list", lambda: ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))
    rec("int_plus_float", lambda: ms.Tensor([1, 2]) + 0.5)
    rec("int_div", lambda: ms.Tensor([1, 2]) / ms.Tensor([2, 2]))
    rec("f16_plus_f32", lambda: ms.Tensor(np.array([1.5], np.float16)) + ms.Tensor(f32([1.0])))


def s12_jit_and_vmap(ms, nn, ops, mnp, rec):
    x = ms.Tensor(f32([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]]))
    b = ms.Tensor(f32([0.5, -0.5, 1.0]))

    @ms.jit
    def pair(a, c):
        return a * c, (a + c).sum()

    rec("jit_tuple_out", lambda: pair(x, b))
    rec("jit_tuple_out_again", lambda: pair(x * 2, b))

    @ms.jit
    def with_grad(a, c):
        return ms.grad(lambda_free_ac, (0, 1))(a, c)

    rec("jit_grad_inside", lambda: with_grad(x, b))

    class Affine(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = ms.Parameter(ms.Tensor(f32([2.0, 1.0, -1.0])), name="scale")

        @ms.jit
        def construct(self, a):
            return a * self.scale + 1

    aff = Affine()
    rec("jit_construct", lambda: aff(x))

    def update_then_call():
        aff.scale.set_data(ms.Tensor(f32([1.0, 1.0, 1.0])))
        return aff(x)

    rec("jit_construct_after_set_data", update_then_call)

    class PlainAffine(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = ms.Parameter(ms.Tensor(f32([2.0, 1.0, -1.0])), name="scale")

        def construct(self, a):
            return a * self.scale + 1

    plain = PlainAffine()
    rec("plain_construct", lambda: plain(x))

    def plain_update_then_call():
        plain.scale.set_data(ms.Tensor(f32([1.0, 1.0, 1.0])))
        return plain(x)

    rec("plain_construct_after_set_data", plain_update_then_call)

    def row(a, c):
        return (a * c).sum(), a - c

    rec("vmap_in_axes", lambda: ms.vmap(row, in_axes=(0, None))(x, b))
    rec("vmap_out_axes", lambda: ms.vmap(row, in_axes=(0, None), out_axes=(0, 1))(x, b))
    rec("vmap_axis1", lambda: ms.vmap(row, in_axes=(1, None))(x, ms.Tensor(f32([1.0, 2.0]))))


def lambda_free_ac(a, c):
    return (a * a * c).sum()
