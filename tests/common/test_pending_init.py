"""A Tensor an initializer makes prints as MindSpore's unfilled Tensor until it is read or
``init_data()`` runs (golden values from MindSpore 2.10); its values are usable at once."""

import _alias_scenarios
import numpy as np
import pytest

import msfunc as ms


@pytest.mark.parametrize("name", _alias_scenarios.names("pending_init"))
def test_pending_init_is_mindspores(name):
    _alias_scenarios.check("pending_init", name)


def test_values_are_filled_at_once_and_an_in_place_write_ends_the_mark():
    t = ms.Tensor(shape=(3,), dtype=ms.float32, init="ones")
    np.testing.assert_array_equal(np.asarray((t + 1)._array()), np.full(3, 2.0, np.float32))
    assert "<uninitialized>" in str(t)
    t[0] = 5.0
    assert str(t) == "[5. 1. 1.]" and not t.has_init
