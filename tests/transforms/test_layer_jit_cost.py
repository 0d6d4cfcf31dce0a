"""Built-in layers keep no in-place-mutable attributes, so msfunc.jit checks them for free."""

import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.nn import _pytree

LAYERS = {
    "Conv1d": lambda: nn.Conv1d(2, 3, 3, pad_mode="pad", padding=(1, 0)),
    "Conv2d": lambda: nn.Conv2d(2, 3, 3, pad_mode="pad", padding=[1, 0, 1, 0]),
    "Conv3d": lambda: nn.Conv3d(2, 3, 3),
    "Conv1dTranspose": lambda: nn.Conv1dTranspose(2, 3, 3, pad_mode="pad", padding=1),
    "Conv2dTranspose": lambda: nn.Conv2dTranspose(
        2, 3, 3, pad_mode="pad", padding=1, output_padding=[1, 1], stride=2
    ),
    "Conv3dTranspose": lambda: nn.Conv3dTranspose(2, 3, 3),
    "BatchNorm2d": lambda: nn.BatchNorm2d(3),
    "MaxPool2d": lambda: nn.MaxPool2d(2, 2),
    "Dense": lambda: nn.Dense(3, 4),
}


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_layer_has_no_list_dict_or_set_attribute(name):
    # msfunc.jit re-fingerprints a watched Cell holding a list, dict or set on every call
    # (it could change in place): tens of microseconds per step of a small CNN.
    cell = LAYERS[name]()
    mutable = [
        k
        for k, v in vars(cell).items()
        if _pytree.is_mutable(v) and not k.startswith(_pytree.CACHE_PREFIX)
    ]
    assert mutable == [], f"{name} holds mutable attributes {mutable}"


def test_jitted_conv_net_watches_no_volatile_cell_and_matches_eager():
    net = nn.SequentialCell(
        [nn.Conv2d(1, 2, 3, pad_mode="pad", padding=1), nn.ReLU(), nn.Flatten()]
    )
    x = jnp.asarray(np.random.default_rng(0).normal(size=(2, 1, 4, 4)).astype(np.float32))
    step = ms.jit(lambda a: net(a))
    np.testing.assert_allclose(np.asarray(step(x)), np.asarray(net(x)), rtol=1e-6, atol=1e-6)
    assert step._volatile == []


def test_conv1d_transpose_pad_mode_pad_keeps_its_length():
    # the 1-D transposed layer prepends a unit-height pair to the (now tuple) pad pairs
    net = nn.Conv1dTranspose(1, 1, 3, pad_mode="pad", padding=1, weight_init="ones")
    y = net(ms.numpy.ones((1, 1, 4)))
    # (4 - 1) + 3 - 2 * 1 = 4; each output sums the ones its window covers
    np.testing.assert_allclose(np.asarray(y)[0, 0], [2.0, 3.0, 3.0, 2.0])
