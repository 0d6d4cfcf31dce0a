"""Tensor.flatten and Tensor.expand_as take MindSpore 2.10's overloaded call forms
(flatten(start_dim, end_dim) positionally, expand_as(x=...)); NumPy gives the expected values."""

import numpy as np
import pytest

import msfunc as ms

X = np.arange(120, dtype=np.float32).reshape(2, 3, 4, 5)


@pytest.mark.parametrize(
    "args, kwargs, shape",
    [
        ((1, 2), {}, (2, 12, 5)),
        ((1,), {"end_dim": 2}, (2, 12, 5)),
        ((2,), {}, (2, 3, 20)),
        (("F",), {}, (120,)),
        ((), {"end_dim": 1}, (6, 4, 5)),
    ],
)
def test_flatten_overloads(args, kwargs, shape):
    got = ms.Tensor(X).flatten(*args, **kwargs).asnumpy()
    want = X.T.reshape(-1) if args == ("F",) else X.reshape(shape)
    np.testing.assert_array_equal(got, want)


def test_flatten_refuses_three_positional_dims():
    with pytest.raises(TypeError, match="flatten"):
        ms.Tensor(X).flatten(0, 1, 2)


@pytest.mark.parametrize("keyword", ["other", "x"])
def test_expand_as_takes_other_or_x(keyword):
    row = np.array([1.0, 2.0], np.float32)
    got = ms.Tensor(row).expand_as(**{keyword: ms.Tensor(np.zeros((3, 2)))}).asnumpy()
    np.testing.assert_array_equal(got, np.broadcast_to(row, (3, 2)))
