"""nn.TimeDistributed against the layer applied to each time step by hand."""

import numpy as np
import pytest

import msfunc
from msfunc import nn


@pytest.mark.parametrize(("time_axis", "reshape_with_axis"), [(1, None), (1, 0), (0, 1)])
def test_time_distributed_is_the_layer_on_every_step(time_axis, reshape_with_axis):
    rng = np.random.default_rng(0)
    w, b = rng.standard_normal((3, 4)).astype(np.float32), rng.standard_normal(3)
    dense = nn.Dense(
        4, 3, weight_init=msfunc.Tensor(w), bias_init=msfunc.Tensor(b.astype(np.float32))
    )
    x = rng.standard_normal((5, 2, 4)).astype(np.float32)  # (batch, time, features)
    if time_axis == 0:
        x = x.transpose(1, 0, 2)
    out = nn.TimeDistributed(dense, time_axis, reshape_with_axis)(msfunc.Tensor(x)).asnumpy()
    want = np.stack(
        [np.take(x, t, time_axis) @ w.T + b for t in range(x.shape[time_axis])], time_axis
    )
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5)


def test_time_distributed_refuses_a_plain_function_and_2d_input():
    with pytest.raises(TypeError, match="Cell or Primitive"):
        nn.TimeDistributed(lambda x: x, 1)
    with pytest.raises(ValueError, match="3-D"):
        nn.TimeDistributed(nn.Flatten(), 1)(msfunc.Tensor(np.ones((2, 3), np.float32)))
