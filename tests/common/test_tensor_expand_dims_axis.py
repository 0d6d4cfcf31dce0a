"""Tensor.expand_dims takes MindSpore's keyword `axis` (programs write t.expand_dims(axis=-1)),
checked against numpy.expand_dims."""

import numpy as np
import pytest

import msfunc as ms


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_expand_dims_by_keyword_axis_matches_numpy(axis):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    got = ms.Tensor(x).expand_dims(axis=axis)
    np.testing.assert_array_equal(got.asnumpy(), np.expand_dims(x, axis))
    np.testing.assert_array_equal(ms.Tensor(x).expand_dims(axis).asnumpy(), np.expand_dims(x, axis))
