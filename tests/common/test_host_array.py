"""`Tensor.asnumpy()` converts to a Python number as on MindSpore's numpy (< 2): one element at
any rank (``float(loss.asnumpy())`` of a shape-(1,) loss), everything else numpy's."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms


@settings(deadline=None)  # (a first Tensor conversion may compile: slow on a loaded machine)
@given(value=st.floats(-1e6, 1e6, width=32), rank=st.integers(0, 3))
def test_one_element_converts_at_any_rank(value, rank):
    a = ms.Tensor(np.full((1,) * rank, value, np.float32)).asnumpy()
    assert float(a) == float(np.float32(value))
    assert int(a) == int(np.float32(value))
    assert float(a * 2) == float(np.float32(value) * 2)  # (what is computed from it too)


def test_more_elements_refuse_and_the_rest_is_numpy():
    a = ms.Tensor([[1.0, 2.0]]).asnumpy()
    with pytest.raises(TypeError):
        float(a)
    assert repr(a) == repr(np.array([[1.0, 2.0]], np.float32))
    assert isinstance(a, np.ndarray) and a.flags.writeable
    np.testing.assert_array_equal(np.sin(a), np.sin(np.array([[1.0, 2.0]], np.float32)))
    with pytest.raises(TypeError):  # (an index must be 0-d, on numpy 1.x as well)
        list(range(10))[ms.Tensor([3]).asnumpy()]


@pytest.mark.parametrize(
    "reduce",
    [
        lambda a: a.sum(),
        lambda a: a.mean(),
        lambda a: a.max(),
        lambda a: np.sum(a),
        lambda a: a.argmax(),
        lambda a: (a > 0).sum(),
        lambda a: a.any(),
        lambda a: a.sum(axis=0),
        lambda a: a[0, 1],
    ],
)
def test_reductions_give_what_a_plain_array_gives(reduce):
    # (a tutorial counts ``correct += (pred == label).asnumpy().sum()`` then ``correct /=
    # total``: in place on a number, not on an int64 array)
    plain = np.array([[1.0, -2.0], [3.0, 4.0]], np.float32)
    got, want = reduce(ms.Tensor(plain).asnumpy()), reduce(plain)
    assert isinstance(got, np.ndarray) == isinstance(want, np.ndarray)
    assert np.asarray(got).dtype == np.asarray(want).dtype
    np.testing.assert_array_equal(got, want)
    count = 0
    count += (ms.Tensor(plain).asnumpy() > 0).sum()
    count /= 4
    assert count == 0.75
