"""Tensor methods take MindSpore 2.10's overloaded call forms: flatten(start_dim, end_dim)
positionally and expand_as(x=...) against NumPy; add/sub with a list, max/min's two forms (eager
and compiled), mm's operand checks, round(decimals) and repeat_interleave against MindSpore 2.10
(tests/oracle/gen_tensor_overloads_golden.py, whose scenarios run here unchanged)."""

import _alias_scenarios
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


@pytest.mark.parametrize("name", _alias_scenarios.names("tensor_overloads"))
def test_overloaded_call_forms_match_mindspore(name):
    _alias_scenarios.check("tensor_overloads", name)


def test_round_takes_decimals_positionally():
    # (MindSpore's CPU kernel refuses decimals other than 0; NumPy is the reference here)
    values = np.array([1.25, -2.375, 151.0, 0.5], np.float32)
    for decimals in (1, 2, -1):
        got = ms.Tensor(values).round(decimals).asnumpy()
        np.testing.assert_allclose(got, np.round(values, decimals), rtol=1e-6)


def test_repeat_interleave_checks_output_size():
    # (MindSpore's CPU build has no kernel for output_size; NumPy is the reference here)
    values = np.array([[1, 2], [3, 4]], np.int32)
    got = ms.Tensor(values).repeat_interleave(2, 1, output_size=4).asnumpy()
    np.testing.assert_array_equal(got, np.repeat(values, 2, axis=1))
    with pytest.raises(ValueError, match="output_size"):
        ms.Tensor(values).repeat_interleave(2, output_size=7)


def test_max_with_an_int_is_eager_in_pynative_programs_and_values_in_jit():
    # MindSpore resolves x.max(0) to (values, indices) eagerly and to values in graph mode;
    # the programs PyNative compiles for itself (ms.grad called again) must stay eager
    x = ms.Tensor(np.array([[1.0, 5.0], [4.0, 2.0]], np.float32))
    first_row = ms.grad(lambda t: t.max(0)[0].sum())
    eager = np.asarray([[0.0, 1.0], [1.0, 0.0]])  # d(values.sum())/dx: where each max is
    for _ in range(3):  # the later calls run a compiled program
        np.testing.assert_array_equal(np.asarray(first_row(x)), eager)
    np.testing.assert_array_equal(np.asarray(ms.jit(lambda t: t.max(0))(x)), [4.0, 5.0])
