"""The shape argument of ops.ones / ops.zeros / ops.full: what MindSpore 2.10 takes as a shape."""

import numpy as np
import pytest

import msfunc as ms


@pytest.mark.parametrize("fn", [ms.ops.ones, ms.ops.zeros])
def test_shape_is_an_int_a_0d_or_1d_tensor_or_a_flat_sequence(fn):
    # MindSpore 2.10: a 0-d Tensor 3 gives shape (3,); a 1-D Tensor or tuple is the shape
    assert fn(ms.Tensor(np.array(3)), ms.int32).shape == (3,)
    assert fn(ms.Tensor(np.array([2, 3])), ms.int32).shape == (2, 3)
    assert fn((2, 1), ms.int32).shape == (2, 1)


@pytest.mark.parametrize("fn", [ms.ops.ones, ms.ops.zeros])
def test_nested_shapes_are_type_errors(fn):
    # MindSpore 2.10 raises TypeError for a 2-D shape Tensor and a nested list
    for bad in (ms.Tensor(np.array([[2, 3], [4, 5]])), [[2, 3]]):
        with pytest.raises(TypeError, match="must be an int or a tuple of ints"):
            fn(bad, ms.int32)
