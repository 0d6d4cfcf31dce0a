"""ops.clip_by_value maps over nested tuples and lists of tensors (a gradient tuple with an aux
part, as `grad(..., has_aux=True)` returns it), checked against numpy's clip."""

import numpy as np

import msfunc as ms
from msfunc import ops


def test_clip_by_value_clips_every_tensor_of_a_nested_tuple():
    a = np.array([[-0.1, -0.25], [0.1, 0.25]], np.float32)
    b = np.array([-0.5, 0.5], np.float32)
    c = np.array([0.0, 3.0], np.float32)
    out = ops.clip_by_value(((ms.Tensor(a), ms.Tensor(b)), [ms.Tensor(c)]), -0.1, 0.1)
    assert isinstance(out, tuple) and isinstance(out[0], tuple) and isinstance(out[1], list)
    for got, want in zip([*out[0], *out[1]], [a, b, c]):
        np.testing.assert_array_equal(got.asnumpy(), np.clip(want, -0.1, 0.1))
