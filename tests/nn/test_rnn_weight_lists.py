"""MindSpore's weight tuples of the recurrent layers (``lstm.w_ih_list`` ...): reading lists the
Parameters in MindSpore's order, assigning replaces them (MindSpore's tests set shared weights
this way)."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn


def test_reading_lists_the_parameters_layer_by_layer():
    lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
    assert [p.name for p in lstm.w_hh_list] == [
        "weight_hh_l0",
        "weight_hh_l0_reverse",
        "weight_hh_l1",
        "weight_hh_l1_reverse",
    ]
    assert len(nn.GRU(3, 4, has_bias=False).b_ih_list) == 0


def test_assigning_the_lists_shares_the_weights():
    a, b = nn.LSTM(3, 4), nn.LSTM(3, 4)
    x = ms.Tensor(np.random.RandomState(0).randn(5, 2, 3).astype(np.float32))
    assert not np.allclose(a(x)[0].asnumpy(), b(x)[0].asnumpy())
    for name in ("w_ih_list", "w_hh_list", "b_ih_list", "b_hh_list"):
        setattr(b, name, getattr(a, name))
    np.testing.assert_array_equal(a(x)[0].asnumpy(), b(x)[0].asnumpy())
    assert len(b.trainable_params()) == 4  # replaced, not added
    with pytest.raises(ValueError, match="w_ih_list"):
        b.w_ih_list = ()
