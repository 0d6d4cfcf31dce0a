"""msfunc.numpy against real MindSpore 2.10: name coverage, signatures, golden values."""

import inspect
import json
import re

import jax
import numpy as np
import pytest
from _paths import REPO, TESTS

import msfunc.numpy as mnp
from msfunc.common.dtype import Type as MsType

GOLDEN = json.loads((TESTS / "golden" / "numpy.json").read_text())
NAMES_MD = REPO.parent / "shared" / "reference" / "mindspore-2.10-names.md"

# The 249 distinct names of mindspore.numpy 2.10 (a copy, so the test runs without shared/).
MS_NUMPY_NAMES = """
abs absolute add amax amin append apply_along_axis apply_over_axes arange arccos arccosh arcsin
arcsinh arctan arctan2 arctanh argmax argmin argwhere array array_equal array_equiv array_split
array_str asarray asfarray atleast_1d atleast_2d atleast_3d average bartlett bincount bitwise_and
bitwise_not bitwise_or bitwise_xor blackman bool_ broadcast_arrays broadcast_to cbrt ceil choose
clip column_stack concatenate convolve copysign corrcoef correlate cos cosh count_nonzero cov
cross cumprod cumsum deg2rad diag diag_indices diagflat diagonal diff digitize divide divmod dot
dsplit dstack ediff1d empty empty_like equal exp exp2 expand_dims expm1 eye fabs fix flip fliplr
flipud float16 float32 float64 float_ float_power floor floor_divide fmod full full_like gcd
geomspace gradient greater greater_equal hamming hanning heaviside histogram histogram2d
histogram_bin_edges histogramdd hsplit hstack hypot identity in1d indices inner int16 int32 int64
int8 int_ interp intersect1d invert isclose isfinite isin isinf isnan isneginf isposinf isscalar
ix_ kron lcm less less_equal linspace log log10 log1p log2 logaddexp logaddexp2 logical_and
logical_not logical_or logical_xor logspace matmul max maximum mean meshgrid mgrid min minimum mod
moveaxis multi_dot multiply nancumsum nanmax nanmean nanmin nanstd nansum nanvar negative norm
not_equal ogrid ones ones_like outer pad piecewise polyadd polyder polyint polymul polysub polyval
positive power promote_types ptp rad2deg radians rand randint randn ravel ravel_multi_index
reciprocal remainder repeat reshape result_type rint roll rollaxis rot90 searchsorted select
setdiff1d sign signbit sin sinh size sometrue split sqrt square squeeze stack std subtract sum
swapaxes take take_along_axis tan tanh tensordot tile trace transpose trapz tri tril tril_indices
tril_indices_from triu triu_indices triu_indices_from true_divide trunc uint16 uint32 uint64 uint8
unique unravel_index unwrap vander var vsplit vstack where zeros zeros_like
""".split()


def _names_from_markdown(text):
    section = text.split("## mindspore.numpy")[1].split("\n## ")[0]
    body = section.split("\n", 2)[2]
    return sorted({n.strip() for n in body.strip().split(",") if n.strip()})


def test_embedded_list_has_249_names():
    assert len(MS_NUMPY_NAMES) == len(set(MS_NUMPY_NAMES)) == 249
    assert sorted(MS_NUMPY_NAMES) == GOLDEN["names"]


@pytest.mark.skipif(not NAMES_MD.exists(), reason="shared/reference not present")
def test_reference_markdown_matches_embedded_list():
    names = _names_from_markdown(NAMES_MD.read_text())
    # The reference also lists the attributes mindspore.numpy has outside its __all__.
    assert set(MS_NUMPY_NAMES) <= set(names)
    assert set(names) - set(MS_NUMPY_NAMES) <= set(MS_NUMPY_EXTRAS)


# Attributes of mindspore.numpy 2.10 outside its __all__ (constants and aliases).
MS_NUMPY_EXTRAS = (
    "NINF",
    "PINF",
    "around",
    "copy",
    "inf",
    "matrix_power",
    "nan",
    "numeric_types",
    "pi",
    "round",
    "uint",
)


def test_attributes_outside_all_match_mindspore():
    assert all(hasattr(mnp, n) for n in MS_NUMPY_EXTRAS)
    assert mnp.inf == mnp.PINF == np.inf and mnp.NINF == -np.inf and np.isnan(mnp.nan)
    assert mnp.pi == np.pi and mnp.uint == np.uint32
    np.testing.assert_array_equal(
        mnp.around(np.array([0.5, 1.5, 2.5, -0.5])), np.around([0.5, 1.5, 2.5, -0.5])
    )
    assert mnp.round is mnp.around
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    np.testing.assert_allclose(mnp.matrix_power(a, 3), np.linalg.matrix_power(a, 3))
    np.testing.assert_array_equal(mnp.copy([1, 2]), [1, 2])


def test_every_name_present():
    missing = [n for n in MS_NUMPY_NAMES if not hasattr(mnp, n)]
    covered = len(MS_NUMPY_NAMES) - len(missing)
    print(f"msfunc.numpy covers {covered}/{len(MS_NUMPY_NAMES)} mindspore.numpy names")
    assert not missing, f"missing: {missing}"
    assert sorted(mnp.__all__) == sorted(MS_NUMPY_NAMES)


def _default_repr(value):
    if isinstance(value, (np.dtype, MsType)):
        return "dtype:" + np.dtype(value).name
    if value is inspect.Parameter.empty:
        return "<empty>"
    return repr(value)


@pytest.mark.parametrize("name", sorted(GOLDEN["signatures"]))
def test_signature_matches_mindspore(name):
    ours = [
        [p.name, p.kind.name, _default_repr(p.default)]
        for p in inspect.signature(getattr(mnp, name)).parameters.values()
    ]
    theirs = GOLDEN["signatures"][name]
    # MindSpore's Python float default for unwrap's `discont` is math.pi: same repr.
    assert ours == theirs


def test_dtype_names_are_numpy_dtypes():
    assert mnp.float32 == np.float32 and mnp.int_ == np.int32 and mnp.float_ == np.float32
    assert mnp.bool_ == np.bool_ and mnp.uint8 == np.uint8


# With 64-bit types off (MSFUNC_X64=0), MindSpore's 64-bit results are stored in 32 bits.
_CANONICAL = (
    {}
    if jax.config.jax_enable_x64
    else {"int64": "int32", "uint64": "uint32", "float64": "float32"}
)


def _compare(ours, golden, check_dtype, where):
    if isinstance(golden, dict):
        a = np.asarray(ours)
        assert list(a.shape) == golden["shape"], where
        if check_dtype:
            assert a.dtype.name == _CANONICAL.get(golden["dtype"], golden["dtype"]), where
        expected = np.array(
            [np.nan if v is None else v for v in np.ravel(golden["values"])]
            if golden["values"] != []
            else [],
            dtype=float if a.dtype.kind in "fc" else None,
        ).reshape(golden["shape"])
        if a.dtype.kind in "fc":
            np.testing.assert_allclose(
                a, expected, rtol=2e-6, atol=2e-6, equal_nan=True, err_msg=where
            )
        else:
            np.testing.assert_array_equal(a, expected, err_msg=where)
    elif isinstance(golden, list):
        assert isinstance(ours, (list, tuple)) and len(ours) == len(golden), where
        for i, (o, g) in enumerate(zip(ours, golden, strict=True)):
            _compare(o, g, check_dtype, f"{where}[{i}]")
    else:
        got = ours
        if isinstance(golden, (list, tuple)) or isinstance(ours, tuple):
            got = list(ours)
        assert got == golden, where


# Documented departures in structure only: MindSpore's `indices` returns a tuple of arrays,
# msfunc (like numpy) one stacked array; the values must still agree.
ADAPT = {"indices": list}


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_golden_value(case):
    spec = GOLDEN["cases"][case]
    out = eval(spec["expr"], {"m": mnp, "np": np})  # noqa: S307  (strings from our golden file)
    out = ADAPT.get(case, lambda o: o)(out)
    _compare(out, spec["result"], spec["dtype"], case)


def test_golden_file_was_made_by_mindspore_2_10():
    assert re.match(r"2\.10", GOLDEN["mindspore"])
