"""Image, unpooling, fractional pooling, channel shuffle and padding Cells: argument checks,
jit and gradients against numpy references and finite differences (values against MindSpore
are in test_nn_image_golden.py)."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn

RNG = np.random.default_rng(0)


# --------------------------------------------------------------------------- gradients
@pytest.mark.parametrize(
    "make",
    [
        lambda: nn.SSIM(filter_size=3, filter_sigma=0.7),
        lambda: nn.MSSSIM(power_factors=(0.6, 0.4), filter_size=3),
        lambda: nn.PSNR(),
    ],
    ids=["ssim", "msssim", "psnr"],
)
def test_gradient_matches_central_differences(make):
    net = make()
    a = RNG.uniform(size=(1, 2, 8, 8)).astype(np.float32)
    b = np.clip(a + 0.2 * RNG.normal(size=a.shape), 0, 1).astype(np.float32)

    def loss(x):
        return jnp.sum(jnp.asarray(net(x, b)))

    grad = np.asarray(jax.grad(loss)(jnp.asarray(a)), np.float64)
    direction = RNG.normal(size=a.shape).astype(np.float32)
    eps = np.float32(1e-2)
    numeric = (float(loss(a + eps * direction)) - float(loss(a - eps * direction))) / (2 * eps)
    np.testing.assert_allclose((grad * direction).sum(), numeric, rtol=2e-2, atol=1e-4)


def test_max_unpool_gradient_gathers_the_cotangent():
    x = RNG.normal(size=(1, 2, 2, 2)).astype(np.float32)
    idx = np.stack([RNG.permutation(16)[:4] for _ in range(2)]).reshape(1, 2, 2, 2)
    cot = RNG.normal(size=(1, 2, 4, 4)).astype(np.float32)
    net = nn.MaxUnpool2d(2)
    grad = jax.grad(lambda v: jnp.sum(jnp.asarray(net(v, ms.Tensor(idx))) * cot))(x)
    want = np.take_along_axis(cot.reshape(1, 2, 16), idx.reshape(1, 2, 4), -1).reshape(x.shape)
    np.testing.assert_allclose(np.asarray(grad), want, rtol=1e-6)


# --------------------------------------------------------------------------- under jit
def test_cells_run_under_jit():
    x = RNG.uniform(size=(1, 2, 12, 12)).astype(np.float32)
    ssim = nn.SSIM(filter_size=5)
    eager = np.asarray(ssim(x, x * 0.9))
    jitted = jax.jit(lambda u, v: jnp.asarray(ssim(u, v)))(x, x * 0.9)
    np.testing.assert_allclose(np.asarray(jitted), eager, rtol=1e-5)
    unpool = nn.MaxUnpool1d(2)
    idx = np.array([[[1, 2, 5]]])
    out = jax.jit(lambda v, i: jnp.asarray(unpool(v, i, (7,))))(np.ones((1, 1, 3), np.float32), idx)
    assert np.asarray(out).tolist() == [[[0, 1, 1, 0, 0, 1, 0]]]


# --------------------------------------------------------------------------- argument checks
@pytest.mark.parametrize(
    "build, error",
    [
        (lambda: nn.ReflectionPad1d("-1"), TypeError),
        (lambda: nn.ReflectionPad2d(("2", 2)), TypeError),
        (lambda: nn.ReflectionPad2d((1, 2, 2)), ValueError),
        (lambda: nn.ReplicationPad1d([1, 1]), TypeError),
        (lambda: nn.ZeroPad2d((1, 1, 1, 1, 1, 1)), ValueError),
        (lambda: nn.ConstantPad3d(1.5, 0.0), TypeError),
        (lambda: nn.CentralCrop(True), TypeError),
        (lambda: nn.CentralCrop(0.0), ValueError),
        (lambda: nn.ChannelShuffle(True), TypeError),
        (lambda: nn.SSIM(max_val=True), TypeError),
        (lambda: nn.SSIM(filter_size=0), ValueError),
        (lambda: nn.SSIM(filter_sigma=-0.5), ValueError),
        (lambda: nn.MSSSIM(power_factors={0.3, 0.7}), TypeError),
        (lambda: nn.MSSSIM(power_factors=()), ValueError),
        (lambda: nn.MSSSIM(power_factors=("0.5",)), TypeError),
        (lambda: nn.PSNR(0), ValueError),
        (lambda: nn.MaxUnpool2d((2, 2, 2)), ValueError),
        (lambda: nn.MaxUnpool3d(2, padding=(1, 1)), ValueError),
        (lambda: nn.FractionalMaxPool2d(2), ValueError),
        (lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5), ValueError),
        (lambda: nn.FractionalMaxPool2d(2, output_ratio="0.5"), TypeError),
        (lambda: nn.FractionalMaxPool3d(2, output_size=(2, 2)), ValueError),
        (lambda: nn.FractionalMaxPool2d(2, output_size=2, return_indices=1), TypeError),
        (lambda: nn.FractionalMaxPool2d(2, 2, _random_samples=np.zeros((1, 2))), ValueError),
    ],
)
def test_bad_arguments_fail_at_construction(build, error):
    with pytest.raises(error):
        build()


def test_bad_inputs_fail_at_call():
    x = np.ones((1, 1, 2, 2), np.float32)
    with pytest.raises(ValueError, match="indices"):  # an index past the 4x4 output
        nn.MaxUnpool2d(2)(x, np.array([[[[0, 3], [8, 16]]]]))
    with pytest.raises(ValueError, match="shape"):
        nn.MaxUnpool2d(2)(x, np.array([[[0, 3]]]))
    with pytest.raises(ValueError, match="output_size"):
        nn.MaxUnpool2d(2)(x, np.array([[[[0, 3], [8, 15]]]]), ())
    with pytest.raises(ValueError, match="3 dims"):
        nn.ChannelShuffle(2)(np.ones((4, 2), np.float32))
    with pytest.raises(ValueError, match="divisible"):
        nn.ChannelShuffle(3)(np.ones((1, 4, 2, 2), np.float32))
    with pytest.raises(ValueError, match="at least 4 dims"):
        nn.ReflectionPad1d((1,) * 8)(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="float"):
        nn.FractionalMaxPool2d(2, 2)(np.ones((1, 1, 4, 4), np.int32))
    with pytest.raises(ValueError, match="_random_samples"):  # samples for 3 channels, input 1
        nn.FractionalMaxPool2d(2, 2, _random_samples=np.zeros((1, 3, 2), np.float32))(
            np.ones((1, 1, 4, 4), np.float32)
        )
    with pytest.raises(ValueError, match="scale 1"):  # 8x8 halves to 4x4 < filter_size 5
        nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=5)(
            np.ones((1, 1, 8, 8), np.float32), np.ones((1, 1, 8, 8), np.float32)
        )


def test_fractional_pool_without_samples_picks_window_maxima():
    # drawn samples: every output is the max of some kernel window and its index points at it
    x = RNG.normal(size=(2, 3, 7, 7)).astype(np.float32)
    out, idx = nn.FractionalMaxPool2d(2, output_ratio=0.5, return_indices=True)(x)
    out, idx = np.asarray(out), np.asarray(idx)
    assert out.shape == idx.shape == (2, 3, 3, 3)
    np.testing.assert_array_equal(
        np.take_along_axis(x.reshape(2, 3, 49), idx.reshape(2, 3, 9), -1).reshape(out.shape), out
    )
    windows = np.lib.stride_tricks.sliding_window_view(x, (2, 2), axis=(2, 3)).max((-1, -2))
    for n in range(2):
        for c in range(3):
            assert np.isin(out[n, c], windows[n, c]).all()
