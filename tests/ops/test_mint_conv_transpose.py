"""mint.nn.ConvTranspose2d against a transposed convolution written out in numpy (MindSpore
2.10 has no CPU kernel for it: tests/golden/mint_sweep.json records the error)."""

import numpy as np
import pytest

from msfunc import Tensor
from msfunc.mint import nn


def _conv_transpose2d(x, w, b, stride, padding, output_padding):
    """Each input pixel adds ``x * w[c_in]`` to the output at ``stride`` steps; the full result
    is then cut by `padding` on each border and grown by `output_padding` at the far side."""
    n, c_in, h, wd = x.shape
    _, c_out, kh, kw = w.shape
    full = np.zeros((n, c_out, (h - 1) * stride + kh, (wd - 1) * stride + kw))
    for i in range(h):
        for j in range(wd):
            patch = np.einsum("nc,cokl->nokl", x[:, :, i, j], w)
            full[:, :, i * stride : i * stride + kh, j * stride : j * stride + kw] += patch
    full = np.pad(full, ((0, 0), (0, 0), (0, output_padding), (0, output_padding)))
    out = full[:, :, padding : full.shape[2] - padding, padding : full.shape[3] - padding]
    return out + b[None, :, None, None]


def test_matches_numpy():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 2, 4, 5)).astype(np.float32)
    cell = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1)
    w, b = np.asarray(cell.weight.value()), np.asarray(cell.bias.value())
    got = cell(Tensor(x)).asnumpy()
    assert got.shape == (2, 3, 8, 10)  # (in - 1) * stride - 2 * padding + kernel + output_padding
    np.testing.assert_allclose(got, _conv_transpose2d(x, w, b, 2, 1, 1), rtol=1e-5, atol=1e-5)


def test_initialisation_is_torchs():
    cell = nn.ConvTranspose2d(4, 6, 2, groups=2)
    assert cell.weight.shape == (4, 3, 2, 2)
    bound = 1 / np.sqrt(3 * 2 * 2)  # fan_in: out_channels // groups * kernel area
    assert np.abs(np.asarray(cell.weight.value())).max() <= bound
    assert np.abs(np.asarray(cell.bias.value())).max() <= bound


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="groups"):
        nn.ConvTranspose2d(3, 4, 2, groups=2)
    with pytest.raises(ValueError, match="padding_mode"):
        nn.ConvTranspose2d(2, 2, 2, padding_mode="reflect")
