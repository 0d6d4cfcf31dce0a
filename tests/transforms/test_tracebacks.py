"""A user's error inside msfunc's transforms shows the user's frames, not msfunc's."""

import os
import traceback

import numpy as np
import pytest

import msfunc as ms

MSFUNC = os.path.dirname(os.path.abspath(ms.__file__)) + os.sep


def _bad_shapes(x):
    return (x @ ms.Tensor(np.ones((4, 2), np.float32))).sum()  # (3,) @ (4, 2): a user error


@pytest.mark.parametrize("transform", ["grad", "jit", "vmap(grad)"])
def test_msfunc_frames_are_hidden_from_a_user_error(transform):
    call = {
        "grad": lambda: ms.grad(_bad_shapes)(ms.Tensor(np.ones(3, np.float32))),
        "jit": lambda: ms.jit(_bad_shapes)(ms.Tensor(np.ones(3, np.float32))),
        "vmap(grad)": lambda: ms.vmap(ms.grad(_bad_shapes))(ms.Tensor(np.ones((2, 3), np.float32))),
    }[transform]
    with pytest.raises(ValueError) as info:  # (MindSpore's type for shapes that do not fit)
        call()
    frames = traceback.extract_tb(info.value.__traceback__)
    assert [f for f in frames if f.filename.startswith(MSFUNC)] == []
    assert any(f.name == "_bad_shapes" for f in frames)  # the user's line is shown
