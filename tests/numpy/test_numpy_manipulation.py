"""msfunc.numpy values checked against numpy: manipulation, indexing, logic, sets, search."""

import numpy as np
import pytest
from _numpy_common import close

import msfunc.numpy as mnp


# --------------------------------------------------------------------- manipulation
def _pairs():
    a = np.arange(24).reshape(2, 3, 4)
    v = np.arange(6)
    return [
        (mnp.reshape(a, (4, -1)), a.reshape(4, -1)),
        (mnp.ravel(a), a.ravel()),
        (mnp.expand_dims(v, 1), np.expand_dims(v, 1)),
        (mnp.squeeze(a[:1]), np.squeeze(a[:1])),
        (mnp.transpose(a, (2, 0, 1)), np.transpose(a, (2, 0, 1))),
        (mnp.swapaxes(a, 0, 2), np.swapaxes(a, 0, 2)),
        (mnp.moveaxis(a, [0, 1], [-1, -2]), np.moveaxis(a, [0, 1], [-1, -2])),
        (mnp.rollaxis(a, 2, 1), np.rollaxis(a, 2, 1)),
        (mnp.broadcast_to(v, (2, 6)), np.broadcast_to(v, (2, 6))),
        (mnp.concatenate([a, a], axis=1), np.concatenate([a, a], axis=1)),
        (mnp.concatenate([a, a], axis=None), np.concatenate([a, a], axis=None)),
        (mnp.stack([v, v], axis=1), np.stack([v, v], axis=1)),
        (mnp.hstack([v, v]), np.hstack([v, v])),
        (mnp.vstack([v, v]), np.vstack([v, v])),
        (mnp.dstack([a, a]), np.dstack([a, a])),
        (mnp.column_stack([v, v]), np.column_stack([v, v])),
        (mnp.append(a, a, axis=0), np.append(a, a, axis=0)),
        (mnp.append(v, 9), np.append(v, 9)),
        (mnp.flip(a, (0, 2)), np.flip(a, (0, 2))),
        (mnp.fliplr(a), np.fliplr(a)),
        (mnp.flipud(a), np.flipud(a)),
        (mnp.rot90(a, 2, (1, 2)), np.rot90(a, 2, (1, 2))),
        (mnp.roll(a, (1, -1), (0, 2)), np.roll(a, (1, -1), (0, 2))),
        (mnp.repeat(v, np.arange(6)), np.repeat(v, np.arange(6))),
        (mnp.tile(v, (2, 1)), np.tile(v, (2, 1))),
        (
            mnp.pad(a, ((0, 0), (1, 1), (2, 0)), constant_values=-1),
            np.pad(a, ((0, 0), (1, 1), (2, 0)), constant_values=-1),
        ),
        (mnp.pad(v, 3, "wrap"), np.pad(v, 3, "wrap")),
        (
            mnp.pad(v * 1.0, 3, "symmetric", reflect_type="odd"),
            np.pad(v * 1.0, 3, "symmetric", reflect_type="odd"),
        ),
        (
            mnp.pad(v * 1.0, 2, "maximum", stat_length=2),
            np.pad(v * 1.0, 2, "maximum", stat_length=2),
        ),
        (mnp.atleast_2d(v), np.atleast_2d(v)),
    ]


def test_manipulation_matches_numpy():
    for i, (ours, ref) in enumerate(_pairs()):
        assert np.asarray(ours).shape == ref.shape, i
        np.testing.assert_array_equal(ours, ref, err_msg=str(i))


def test_splits_match_numpy():
    a = np.arange(24).reshape(4, 3, 2)
    cases = [
        (mnp.split(a, 2), np.split(a, 2)),
        (mnp.split(a, [1, 3], 0), np.split(a, [1, 3])),
        (mnp.array_split(np.arange(7), 3), np.array_split(np.arange(7), 3)),
        (mnp.hsplit(a, 3), np.hsplit(a, 3)),
        (mnp.vsplit(a, [1]), np.vsplit(a, [1])),
        (mnp.dsplit(a, 2), np.dsplit(a, 2)),
    ]
    for ours, ref in cases:
        assert len(ours) == len(ref)
        for o, r in zip(ours, ref, strict=True):
            np.testing.assert_array_equal(o, r)
    outs = mnp.broadcast_arrays(np.ones(3), np.ones((2, 1)))
    assert [o.shape for o in outs] == [(2, 3), (2, 3)]
    assert [o.shape for o in mnp.atleast_3d(np.ones(2), np.ones((2, 2)))] == [(1, 2, 1), (2, 2, 1)]


def test_pad_bad_mode_and_callable_mode():
    with pytest.raises(ValueError, match="mode"):
        mnp.pad(mnp.ones(2), 1, mode="bogus")

    def padder(vector, pad_width, iaxis, kwargs):
        return vector.at[: pad_width[0]].set(9).at[len(vector) - pad_width[1] :].set(9)

    assert mnp.pad(mnp.array([1, 2]), 1, padder).tolist() == [9, 1, 2, 9]


def test_concatenate_rejects_non_sequences():
    with pytest.raises(TypeError, match="arrays"):
        mnp.concatenate(3)


# --------------------------------------------------------------------- indexing
def test_take_modes():
    a = np.arange(10.0).reshape(2, 5)
    idx = np.array([[0, 7], [-1, 2]])
    close(mnp.take(a, idx), np.take(a, idx, mode="clip"))
    close(mnp.take(a, idx, axis=1, mode="wrap"), np.take(a, idx, axis=1, mode="wrap"))
    close(mnp.take(a, np.array([1, 3]), axis=1, mode="raise"), np.take(a, [1, 3], axis=1))
    with pytest.raises(IndexError, match="indices"):
        mnp.take(a, np.array([11]), mode="raise")
    with pytest.raises(ValueError, match="mode"):
        mnp.take(a, idx, mode="fill")


def test_choose_select_where_piecewise():
    choices = [np.arange(4), np.arange(4) * 10, np.arange(4) * 100]
    idx = np.array([0, 2, 1, 4])
    np.testing.assert_array_equal(mnp.choose(idx, choices), np.choose(idx, choices, mode="clip"))
    np.testing.assert_array_equal(
        mnp.choose(idx, choices, "wrap"), np.choose(idx, choices, mode="wrap")
    )
    x = np.linspace(-2, 2, 7).astype(np.float32)
    conds, vals = [x < -1, x > 1], [x**2, -x]
    close(mnp.select(conds, vals, 9.0), np.select(conds, vals, 9.0))
    with pytest.raises(ValueError, match="same length"):
        mnp.select(conds, vals[:1])
    close(mnp.where(x > 0, x, 0.0), np.where(x > 0, x, 0.0))
    np.testing.assert_array_equal(mnp.where(x > 0)[0], np.where(x > 0)[0])
    with pytest.raises(ValueError, match="both"):
        mnp.where(x > 0, x)
    funcs = [lambda v: v * 2, 5.0, lambda v: -v]
    close(mnp.piecewise(x, [x < 0, x == 0], funcs), np.piecewise(x, [x < 0, x == 0], funcs))
    close(mnp.piecewise(x, x > 0, [1.0, 0.0]), np.piecewise(x, x > 0, [1.0, 0.0]))


def test_index_conversions_and_apply():
    idx = np.array([0, 5, 11])
    for a, b in zip(mnp.unravel_index(idx, (3, 4)), np.unravel_index(idx, (3, 4)), strict=True):
        np.testing.assert_array_equal(a, b)
    for a, b in zip(
        mnp.unravel_index(idx, (3, 4), "F"), np.unravel_index(idx, (3, 4), order="F"), strict=True
    ):
        np.testing.assert_array_equal(a, b)
    multi = (np.array([0, 2, 5]), np.array([1, 3, 0]))
    np.testing.assert_array_equal(
        mnp.ravel_multi_index(multi, (3, 4)), np.ravel_multi_index(multi, (3, 4), mode="clip")
    )
    np.testing.assert_array_equal(
        mnp.ravel_multi_index(multi, (3, 4), "wrap", "F"),
        np.ravel_multi_index(multi, (3, 4), mode="wrap", order="F"),
    )
    a = np.arange(12.0).reshape(3, 4)
    close(
        mnp.apply_along_axis(lambda v: v[::-1] * 2, 1, a),
        np.apply_along_axis(lambda v: v[::-1] * 2, 1, a),
    )
    close(mnp.apply_over_axes(mnp.sum, a, 1), np.apply_over_axes(np.sum, a, 1))
    np.testing.assert_array_equal(mnp.argwhere(a > 6), np.argwhere(a > 6))
    np.testing.assert_array_equal(
        mnp.take_along_axis(a, np.array([[1], [0], [3]]), 1),
        np.take_along_axis(a, np.array([[1], [0], [3]]), 1),
    )
    assert mnp.size(a) == 12 and mnp.size(a, 0) == 3 and mnp.size([[1, 2]]) == 2
    assert mnp.array_str(a[0]) == np.array_str(a[0])
    assert mnp.isscalar(3) and mnp.isscalar(np.float32(1)) and not mnp.isscalar(mnp.ones(()))
    for a_, b_ in zip(
        mnp.ix_(np.arange(2), np.arange(3)), np.ix_(np.arange(2), np.arange(3)), strict=True
    ):
        np.testing.assert_array_equal(a_, b_)
    for a_, b_ in zip(mnp.diag_indices(3, 3), np.diag_indices(3, 3), strict=True):
        np.testing.assert_array_equal(a_, b_)


# --------------------------------------------------------------------- logic, sets, search
def test_logic_and_sets_match_numpy():
    a = np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32)
    b = np.array([1, 5, 7], np.int32)
    np.testing.assert_array_equal(mnp.unique(a), np.unique(a))
    values, inverse = mnp.unique(a.reshape(2, 4), return_inverse=True)
    np.testing.assert_array_equal(values[inverse], a)
    np.testing.assert_array_equal(
        mnp.isin(a.reshape(2, 4), b, invert=True), np.isin(a.reshape(2, 4), b, invert=True)
    )
    both, ia, ib = mnp.intersect1d(a, b, return_indices=True)
    np.testing.assert_array_equal(a[np.asarray(ia)], both)
    np.testing.assert_array_equal(b[np.asarray(ib)], both)
    np.testing.assert_array_equal(mnp.setdiff1d(a, b), np.setdiff1d(a, b))
    np.testing.assert_array_equal(mnp.bincount(a), np.bincount(a))
    w = np.linspace(0, 1, 8).astype(np.float32)
    close(mnp.bincount(a, w), np.bincount(a, w))
    with pytest.raises(TypeError, match="integers"):
        mnp.bincount(mnp.array([1.0]))
    x = np.array([0.0, 1.0, 1.5, 10.0], np.float32)
    bins = np.array([0.0, 1.0, 2.0], np.float32)
    for right in (False, True):
        np.testing.assert_array_equal(mnp.digitize(x, bins, right), np.digitize(x, bins, right))
    for side in ("left", "right"):
        np.testing.assert_array_equal(
            mnp.searchsorted(bins, x, side), np.searchsorted(bins, x, side)
        )
    np.testing.assert_array_equal(
        mnp.searchsorted(np.array([3, 1, 2]), 2, sorter=np.array([1, 2, 0])),
        np.searchsorted([3, 1, 2], 2, sorter=[1, 2, 0]),
    )
    with pytest.raises(ValueError, match="side"):
        mnp.searchsorted(bins, x, "middle")
    assert bool(mnp.array_equal(a, a)) and not bool(mnp.array_equal(a, a[:3]))
    assert bool(mnp.array_equal(np.array([np.nan]), np.array([np.nan]), equal_nan=True))
    assert bool(mnp.array_equiv(np.array([1, 2]), np.array([[1, 2], [1, 2]])))
    np.testing.assert_array_equal(
        mnp.isclose(x, x + 1e-3, atol=1e-2), np.isclose(x, x + 1e-3, atol=1e-2)
    )


def test_dtype_promotion_helpers():
    assert mnp.promote_types(mnp.int8, mnp.uint8) == np.int16
    assert mnp.promote_types(mnp.float16, mnp.float32) == np.float32
    assert mnp.result_type(mnp.array([1, 2]), mnp.float16) == np.float16
    assert mnp.result_type(mnp.int32, mnp.bool_) == np.int32
    with pytest.raises(ValueError, match="at least one"):
        mnp.result_type()
