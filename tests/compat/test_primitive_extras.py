"""Primitives MindSpore programs reach by internal paths (``_inner_ops.ClipByNorm``,
``auto_generate.SoftmaxBackward`` ...), small CPU kernels (``PadAndShift``, ``MapUniform``),
``mindspore.recompute`` and ``Symbol`` against MindSpore 2.10 (tests/golden/primitive_extras.json,
from the cases of tests/oracle/primitive_extras_cases.py run here with msfunc)."""

import numpy as np
import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("primitive_extras_cases").CASES
_GOLDEN = golden("primitive_extras")


def _close(got, want, where):
    if isinstance(want, dict) and "value" in want:
        assert isinstance(got, dict) and got["dtype"] == want["dtype"], (where, got, want)
        np.testing.assert_allclose(got["value"], want["value"], rtol=2e-4, atol=1e-6, err_msg=where)
    elif isinstance(want, dict):
        assert isinstance(got, dict) and set(got) == set(want), (where, got)
        for key in want:
            _close(got[key], want[key], f"{where}.{key}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (where, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{where}[{i}]")
    else:
        assert got == want, (where, got, want)


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    _close(_CASES[name](ms), _GOLDEN[name], name)


def test_clip_by_norm_over_some_axes_matches_numpy():
    from msfunc.compat.inner_ops import ClipByNorm

    x = np.array([[3.0, 4.0], [0.3, 0.4], [1.0, -2.0]], np.float32)
    limits = np.array([[1.0], [2.0], [0.5]], np.float32)
    for axis, limit in ((0, np.float32([1.0])), ([-1], limits), ((1,), np.float32([1.0]))):
        norm = np.sqrt(np.sum(x * x, axis=tuple(np.atleast_1d(axis)), keepdims=True))
        want = x * limit / np.maximum(norm, limit)
        got = ClipByNorm(axis)(ms.Tensor(x), ms.Tensor(limit)).asnumpy()
        np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=str(axis))
