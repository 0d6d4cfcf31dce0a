"""nn layers beyond the golden values: BatchNorm state under jit/grad, Dropout, numpy
references for what MindSpore cannot run on CPU, finite-difference gradients, argument
checks, and an LSTM that learns."""

import _alias_scenarios
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn

RNG = np.random.default_rng(7)


def _np_bn_step(x, mean, var, momentum, eps=1e-5):
    """Hand-written MindSpore BatchNorm training step: output and new running stats."""
    axes = tuple(i for i in range(x.ndim) if i != 1)
    shape = [1] * x.ndim
    shape[1] = -1
    bm, bv = x.mean(axes), x.var(axes)
    n = x.size // x.shape[1]
    y = (x - bm.reshape(shape)) / np.sqrt(bv.reshape(shape) + eps)
    return (
        y,
        momentum * mean + (1 - momentum) * bm,
        momentum * var + (1 - momentum) * bv * n / (n - 1),
    )


@pytest.mark.parametrize("mode", ["eager", "jit", "value_and_grad"])
def test_batchnorm_updates_running_stats_once_per_call(mode):
    bn = nn.BatchNorm2d(3, momentum=0.7).set_train()
    dense = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")

    def forward(x):
        return jnp.sum(dense(jnp.mean(bn(x), axis=(2, 3))))

    if mode == "jit":
        step = ms.jit(forward)
    elif mode == "value_and_grad":
        step = ms.value_and_grad(forward, None, bn.trainable_params() + dense.trainable_params())
    else:
        step = forward
    mean, var = np.zeros(3), np.ones(3)
    for i in range(3):  # the second and later calls reuse the compiled program
        x = RNG.normal(size=(4, 3, 2, 2)).astype(np.float32) + i
        out = step(ms.Tensor(x))
        _, mean, var = _np_bn_step(x, mean, var, 0.7)
        np.testing.assert_allclose(bn.moving_mean.asnumpy(), mean, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(bn.moving_variance.asnumpy(), var, rtol=1e-5)
        assert isinstance(bn.moving_mean.value()._array(), jax.Array)
        assert not isinstance(bn.moving_mean.value()._array(), jax.core.Tracer)
    if mode == "value_and_grad":
        _, grads = out
        assert len(grads) == 4 and all(np.all(np.isfinite(g)) for g in grads)


def test_batchnorm_inference_and_use_batch_statistics():
    x = RNG.normal(size=(5, 2, 3)).astype(np.float32)
    bn = nn.BatchNorm1d(2, eps=1e-3)
    bn.moving_mean.set_data(ms.Tensor(np.array([0.5, -1.0], np.float32)))
    bn.moving_variance.set_data(ms.Tensor(np.array([2.0, 0.5], np.float32)))
    want = (x - np.array([0.5, -1.0])[:, None]) / np.sqrt(np.array([2.0, 0.5])[:, None] + 1e-3)
    np.testing.assert_allclose(bn(ms.Tensor(x)), want, rtol=1e-5)  # inference: no update
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), [0.5, -1.0])
    always = nn.BatchNorm1d(2, use_batch_statistics=True)  # batch stats in eval
    y, mean, _ = _np_bn_step(x, np.zeros(2), np.ones(2), 0.9)
    np.testing.assert_allclose(always(ms.Tensor(x)), y, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(always.moving_mean.asnumpy(), mean, rtol=1e-5, atol=1e-7)
    assert [p.name for p in bn.untrainable_params()] == ["mean", "variance"]
    with pytest.raises(ValueError, match="momentum"):
        nn.BatchNorm2d(2, momentum=1.5)
    with pytest.raises(ValueError, match="channels"):
        nn.BatchNorm2d(3)(ms.numpy.ones((1, 2, 2, 2)))


def test_dropout_training_inference_and_jit_keys():
    x = ms.numpy.ones((4000,))
    drop = nn.Dropout(keep_prob=0.8)
    assert drop.p == pytest.approx(0.2) and nn.Dropout(p=0.2).keep_prob == pytest.approx(0.8)
    np.testing.assert_array_equal(drop(x), np.ones(4000))  # inference
    drop.set_train()
    ms.set_seed(3)
    y = np.asarray(nn.Dropout(keep_prob=0.8).set_train()(x))
    assert set(np.unique(y).round(5)) == {0.0, 1.25}
    assert abs((y == 0).mean() - 0.2) < 0.03
    step = ms.jit(lambda v: drop(v))
    a, b = np.asarray(step(x)), np.asarray(step(x))
    assert not np.array_equal(a, b)  # the key advances
    ms.set_seed(3)  # as MindSpore, a layer's masks are seeded when it is built
    np.testing.assert_array_equal(np.asarray(nn.Dropout(keep_prob=0.8).set_train()(x)), y)
    rows = np.asarray(ms.vmap(lambda v: drop(v))(ms.numpy.ones((2, 64))))
    assert not np.array_equal(rows[0], rows[1])  # a key per element
    d2 = nn.Dropout2d(p=0.5).set_train()
    z = np.asarray(d2(ms.numpy.ones((8, 6, 3, 3))))
    assert np.all((z == 0).all(axis=(2, 3)) | (z == 2.0).all(axis=(2, 3)))  # whole channels
    for bad in (dict(keep_prob=0.0), dict(p=1.0), dict(p=-0.1)):
        with pytest.raises(ValueError):
            nn.Dropout(**bad)


def test_rrelu_draws_slopes_in_range():
    x = -np.abs(RNG.normal(size=(200,)).astype(np.float32)) - 0.1
    ratio = np.asarray(nn.RReLU(0.1, 0.3)(ms.Tensor(x))) / x
    assert ratio.min() >= 0.1 - 1e-6 and ratio.max() <= 0.3 + 1e-6 and ratio.std() > 0.02


def test_unfold_matches_extract_image_patches_layout():
    # MindSpore 2.10 has no CPU kernel for Unfold; reference: its documented layout
    # (out channel = (row * kc + col) * C + c) built with numpy loops.
    x = RNG.normal(size=(2, 3, 6, 5)).astype(np.float32)
    kr, kc, sr, sc, rr, rc = 2, 3, 2, 1, 1, 2
    got = np.asarray(nn.Unfold([1, kr, kc, 1], [1, sr, sc, 1], [1, rr, rc, 1])(ms.Tensor(x)))
    oh, ow = (6 - (kr - 1) * rr - 1) // sr + 1, (5 - (kc - 1) * rc - 1) // sc + 1
    want = np.zeros((2, kr * kc * 3, oh, ow), np.float32)
    for i in range(kr):
        for j in range(kc):
            for c in range(3):
                for a in range(oh):
                    for b in range(ow):
                        want[:, (i * kc + j) * 3 + c, a, b] = x[
                            :, c, a * sr + i * rr, b * sc + j * rc
                        ]
    np.testing.assert_allclose(got, want)
    same = nn.Unfold([1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "same")(ms.Tensor(x))
    assert same.shape == (2, 27, 3, 3)


def test_instance_norm_and_triplet_loss_match_numpy():
    # MindSpore 2.10 has no CPU kernels for InstanceNorm and TripletMarginLoss.
    x = RNG.normal(size=(2, 3, 4, 4)).astype(np.float32)
    net = nn.InstanceNorm2d(
        3,
        gamma_init=ms.Tensor(np.array([1.0, 2.0, 0.5], np.float32)),
        beta_init=ms.Tensor(np.array([0.0, 1.0, -1.0], np.float32)),
    )
    m, v = x.mean((2, 3), keepdims=True), x.var((2, 3), keepdims=True)
    want = (x - m) / np.sqrt(v + 1e-5) * np.array([1, 2, 0.5])[:, None, None] + np.array(
        [0, 1, -1]
    )[:, None, None]
    np.testing.assert_allclose(net(ms.Tensor(x)), want, rtol=1e-4, atol=1e-5)
    a, p, n = (RNG.normal(size=(5, 4)).astype(np.float32) for _ in range(3))

    def dist(u, w):
        return np.sqrt(((u - w + 1e-6) ** 2).sum(-1))

    want = np.maximum(dist(a, p) - np.minimum(dist(a, n), dist(p, n)) + 0.3, 0).mean()
    got = nn.TripletMarginLoss(swap=True)(ms.Tensor(a), ms.Tensor(p), ms.Tensor(n), 0.3)
    np.testing.assert_allclose(float(got), want, rtol=1e-5)


def test_margin_losses_without_mindspore_cpu_kernels_match_numpy():
    x = RNG.normal(size=(2, 4)).astype(np.float32)
    y = np.where(RNG.uniform(size=(2, 4)) < 0.5, -1.0, 1.0).astype(np.float32)
    got = nn.SoftMarginLoss("none")(ms.Tensor(x), ms.Tensor(y))
    np.testing.assert_allclose(got, np.log1p(np.exp(-y * x)), rtol=1e-5)
    target = np.array([[3, 0, -1, 1], [1, 2, 3, 0]], np.int32)
    want = []
    for row, t in zip(x, target):
        labels = list(t[: list(t).index(-1)] if -1 in t else t)
        others = [k for k in range(4) if k not in labels]
        want.append(sum(max(0, 1 - (row[j] - row[k])) for j in labels for k in others) / 4)
    got = nn.MultilabelMarginLoss("none")(ms.Tensor(x), ms.Tensor(target))
    np.testing.assert_allclose(got, want, rtol=1e-5)


def _fd_case_conv(ms_, nn_):
    return nn_.Conv2d(2, 3, 3, stride=2, has_bias=True), [(1, 2, 5, 5)]


def _fd_case_conv_t(ms_, nn_):
    return nn_.Conv2dTranspose(2, 2, 3, stride=2, pad_mode="pad", padding=1), [(1, 2, 3, 3)]


def _fd_case_bn(ms_, nn_):
    return nn_.BatchNorm2d(2).set_train(), [(3, 2, 2, 2)]


def _fd_case_lstm(ms_, nn_):
    return nn_.LSTM(2, 3, bidirectional=True), [(4, 2, 2)]


def _fd_case_gru(ms_, nn_):
    return nn_.GRU(2, 3, num_layers=2), [(3, 2, 2)]


def _fd_case_mha(ms_, nn_):
    return nn_.MultiheadAttention(4, 2), [(3, 1, 4), (2, 1, 4), (2, 1, 4)]


def _fd_case_layernorm(ms_, nn_):
    return nn_.LayerNorm((3,), epsilon=1e-5), [(2, 3)]


def _fd_case_prelu(ms_, nn_):
    return nn_.PReLU(2), [(3, 2)]


FD_CASES = [
    _fd_case_conv,
    _fd_case_conv_t,
    _fd_case_bn,
    _fd_case_lstm,
    _fd_case_gru,
    _fd_case_mha,
    _fd_case_layernorm,
    _fd_case_prelu,
]


@pytest.mark.parametrize("build", FD_CASES, ids=lambda f: f.__name__[9:])
def test_layer_gradients_match_finite_differences(build):
    with jax.enable_x64(True):
        rng = np.random.default_rng(11)
        net, shapes = build(ms, nn)
        params = net.trainable_params()
        for p in params:
            p.set_dtype(ms.float64)  # set_data keeps a Parameter's dtype, as in MindSpore
            p.set_data(jnp.asarray(rng.normal(size=p.shape) * 0.5, jnp.float64))
        xs = [jnp.asarray(rng.normal(size=s), jnp.float64) for s in shapes]
        probe = [jnp.asarray(rng.normal(size=s), jnp.float64) for s in shapes]
        out_dirs = {}

        def scalar(*inputs):
            out = jax.tree.leaves(net(*inputs))
            for i, o in enumerate(out):
                out_dirs.setdefault(i, np.random.default_rng(i).normal(size=o.shape))
            return sum(jnp.sum(o * out_dirs[i]) for i, o in enumerate(out))

        scalar(*xs)
        grads = ms.grad(scalar, tuple(range(len(xs))), params)(*xs)
        in_grads, w_grads = grads
        if not isinstance(in_grads, tuple):  # a one-element grad_position gives a bare array
            in_grads = (in_grads,)
        d_w = [rng.normal(size=p.shape) for p in params]
        analytic = sum(np.sum(np.asarray(g) * d) for g, d in zip(w_grads, d_w))
        analytic += sum(np.sum(np.asarray(g) * d) for g, d in zip(in_grads, probe))
        base = [p.value() for p in params]
        eps = 1e-6

        def shifted(sign):
            for p, b, d in zip(params, base, d_w):
                p.set_data(b + sign * eps * d)
            return float(scalar(*[x + sign * eps * d for x, d in zip(xs, probe)]))

        numeric = (shifted(1) - shifted(-1)) / (2 * eps)
        assert analytic == pytest.approx(numeric, rel=1e-5, abs=1e-7)


@pytest.mark.parametrize(
    "loss,args",
    [
        (nn.CrossEntropyLoss(label_smoothing=0.1), [(4, 3), np.array([0, 2, 1, 2], np.int32)]),
        (nn.BCEWithLogitsLoss(pos_weight=ms.Tensor([2.0, 0.5])), [(3, 2), np.full((3, 2), 0.3)]),
        (nn.SmoothL1Loss(0.5, "mean"), [(3, 2), (3, 2)]),
        (nn.GaussianNLLLoss(), [(3, 2), (3, 2), np.full((3, 2), 0.7)]),
        (nn.KLDivLoss("sum"), [(2, 3), np.full((2, 3), 1 / 3)]),
    ],
    ids=["ce", "bce_logits", "smoothl1", "gaussian_nll", "kldiv"],
)
def test_loss_gradients_match_finite_differences(loss, args):
    with jax.enable_x64(True):
        rng = np.random.default_rng(5)
        x = jnp.asarray(rng.normal(size=args[0]), jnp.float64)
        rest = [
            jnp.asarray(a)
            if isinstance(a, np.ndarray)
            else jnp.asarray(rng.normal(size=a), jnp.float64)
            for a in args[1:]
        ]
        g = np.asarray(ms.grad(lambda v: loss(v, *rest))(x))
        d = rng.normal(size=x.shape)
        eps = 1e-6
        numeric = (float(loss(x + eps * d, *rest)) - float(loss(x - eps * d, *rest))) / (2 * eps)
        assert np.sum(g * d) == pytest.approx(numeric, rel=1e-5, abs=1e-8)


def test_lstm_learns_a_running_sum_sign_task():
    # Label: the sign of the running sum of a sequence at every step; learnt to >= 95%.
    class Tagger(nn.Cell):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(1, 12, batch_first=True)
            self.head = nn.Dense(12, 2)

        def construct(self, x):
            return self.head(self.lstm(x)[0])

    ms.set_seed(0)
    rng = np.random.default_rng(0)
    net = Tagger()
    assert [p.name for p in net.trainable_params()] == [
        "lstm.weight_ih_l0",
        "lstm.weight_hh_l0",
        "lstm.bias_ih_l0",
        "lstm.bias_hh_l0",
        "head.weight",
        "head.bias",
    ]
    loss_fn = nn.CrossEntropyLoss()
    opt = nn.Adam(net.trainable_params(), learning_rate=0.03)

    def forward(x, y):
        logits = net(x)
        return loss_fn(logits.reshape(-1, 2), y.reshape(-1))

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    def batch(n):
        x = rng.normal(size=(n, 8, 1)).astype(np.float32)
        return ms.Tensor(x), ms.Tensor((np.cumsum(x[..., 0], 1) > 0).astype(np.int32))

    for _ in range(150):
        step(*batch(32))
    x, y = batch(256)
    acc = (np.asarray(net(x)).argmax(-1) == np.asarray(y)).mean()
    assert acc >= 0.95, acc


def test_argument_checks_name_the_argument():
    cases = [
        (lambda: nn.Conv2d(3, 4, 3, group=2), "divisible"),
        (lambda: nn.Conv2d(2, 4, 3, pad_mode="valid", padding=1), "padding"),
        (lambda: nn.Conv2d(2, 4, 3, pad_mode="full"), "pad_mode"),
        (lambda: nn.Conv2d(2, 4, 0), "kernel_size"),
        (lambda: nn.MaxPool2d(2, 2, pad_mode="valid", return_indices=True), "return_indices"),
        (lambda: nn.LSTM(3, 0), "hidden_size"),
        (lambda: nn.GroupNorm(3, 4), "divisible"),
        (lambda: nn.MultiheadAttention(5, 2), "divisible"),
        (lambda: nn.Embedding(4, 2, padding_idx=4), "padding_idx"),
        (lambda: nn.Pad(((1, 1),), mode="EDGE"), "mode"),
        (lambda: nn.SmoothL1Loss(beta=0), "beta"),
        (lambda: nn.KLDivLoss("avg"), "reduction"),
        (lambda: nn.Upsample(), "size"),
    ]
    for make, word in cases:
        with pytest.raises((ValueError, TypeError), match=word):
            make()
    with pytest.raises(RuntimeError, match="channels"):
        nn.Conv2d(2, 4, 3)(ms.numpy.ones((1, 3, 4, 4)))
    with pytest.raises(ValueError, match="hx"):
        nn.GRU(2, 3)(ms.numpy.ones((4, 1, 2)), ms.numpy.zeros((2, 1, 3)))


# The activation classes of mindspore.nn 2.10.
MINDSPORE_ACTIVATIONS = (
    "CELU ELU FastGelu GELU GLU HShrink HSigmoid HSwish Hardtanh LeakyReLU LogSigmoid "
    "LogSoftmax LogSoftmaxExt Mish PReLU PReLUExt RReLU ReLU ReLU6 SeLU SiLU Sigmoid SoftShrink "
    "Softmax Softmax2d Softmin Softsign Tanh Tanhshrink Threshold LRN"
).split()


def test_every_mindspore_activation_and_layer_is_importable():
    for name in MINDSPORE_ACTIVATIONS + [
        "BatchNorm2d",
        "Conv2dTranspose",
        "TransformerDecoder",
        "CTCLoss",
        "LossBase",
        "ZeroPad2d",
        "PixelShuffle",
        "Identity",
        "LSTMCell",
        "get_activation",
    ]:
        assert hasattr(nn, name), name
    for name in ("relu", "gelu", "hswish", "softmin", "mish"):
        assert isinstance(nn.get_activation(name), nn.Cell)


def test_batchnorm_state_under_data_sink_and_an_ensemble_vmap():
    xs = [RNG.normal(size=(4, 2, 3)).astype(np.float32) + i for i in range(4)]
    bn = nn.BatchNorm1d(2, momentum=0.6).set_train()
    sink = ms.data_sink(lambda x: bn(x), [(ms.Tensor(x),) for x in xs], sink_size=4)
    sink()
    mean, var = np.zeros(2), np.ones(2)
    for x in xs:
        _, mean, var = _np_bn_step(x, mean, var, 0.6)
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(bn.moving_variance.asnumpy(), var, rtol=1e-5)
    # Two ensemble members, each fed its own batch, each keeps its own statistics.
    members = nn.CellList([nn.BatchNorm1d(2).set_train() for _ in range(2)])
    out = ms.vmap(members, in_axes=0)(ms.Tensor(np.stack(xs[:2])))
    for i in range(2):
        y, mean, var = _np_bn_step(xs[i], np.zeros(2), np.ones(2), 0.9)
        np.testing.assert_allclose(out[i], y, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(members[i].moving_mean.asnumpy(), mean, rtol=1e-5, atol=1e-6)


def test_identically_built_layers_stack_into_a_vmapped_ensemble():
    x = RNG.normal(size=(2, 1, 1, 5, 5)).astype(np.float32)
    members = nn.CellList(
        [nn.SequentialCell([nn.Conv2d(1, 2, 3, has_bias=True), nn.ReLU()]) for _ in range(2)]
    )
    out = ms.vmap(members, in_axes=0)(ms.Tensor(x))
    for i in range(2):
        np.testing.assert_allclose(out[i], members[i](ms.Tensor(x[i])), rtol=1e-5, atol=1e-6)


# nn.Tril/nn.Triu for several k and dtypes, against MindSpore 2.10
# (tests/oracle/gen_nn_triangles_golden.py, whose scenarios run here unchanged with ``ms = msfunc``
# under the ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("nn_triangles"))
def test_matches_mindspore(name):
    _alias_scenarios.check("nn_triangles", name)
