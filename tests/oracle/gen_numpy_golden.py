"""Golden values from real MindSpore 2.10 for msfunc.numpy (tests/golden/numpy.json).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py numpy

Records (1) the signature of every callable in ``mindspore.numpy`` that msfunc.numpy
mirrors, and (2) results of small expressions where msfunc.numpy follows MindSpore
(see the msfunc.numpy module docstring for where it deliberately does not). Each
expression is evaluated with ``m`` bound to the numpy module under test and ``np`` to
numpy; tests/numpy/test_numpy_golden.py evaluates the same strings with msfunc.numpy.
"""

import inspect
import json
import os

import numpy as np

GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "numpy.json")

# (case name, expression, whether the dtype must match too)
CASES = [
    ("arange_int", "m.arange(3)", True),
    ("arange_float", "m.arange(0.5, 3)", True),
    ("array_int", "m.array([1, 2, 3])", True),
    ("array_float", "m.array([1.0, 2.0])", True),
    ("full_int", "m.full((2,), 1)", True),
    ("full_float", "m.full((2,), 1.0)", True),
    ("full_bool", "m.full((2,), True)", True),
    ("ones", "m.ones((2, 3))", True),
    ("zeros", "m.zeros(3)", True),
    ("empty_dtype", "m.empty((2,))", True),
    ("eye", "m.eye(3, 4, 1)", True),
    ("identity", "m.identity(2)", True),
    ("tri", "m.tri(3, k=-1)", True),
    ("indices", "m.indices((2, 3))", True),
    ("linspace", "m.linspace(0, 1, 5)", True),
    ("linspace_retstep", "m.linspace(0, 1, 3, retstep=True)", True),
    ("logspace", "m.logspace(0, 2, 3)", True),
    ("logspace_base", "m.logspace(0, 2, 3, base=2)", True),
    ("geomspace", "m.geomspace(1, 8, 4)", True),
    ("bartlett", "m.bartlett(5)", True),
    ("blackman", "m.blackman(5)", True),
    ("hamming", "m.hamming(5)", True),
    ("hanning", "m.hanning(5)", True),
    ("ones_like_int", "m.ones_like(m.array([1, 2]))", True),
    ("full_like_int", "m.full_like(m.array([1, 2, 3]), 2.5)", True),
    ("asfarray", "m.asfarray(m.array([1, 2]))", True),
    ("var_int", "m.var(m.array([1, 2, 3]))", True),
    ("std_ddof", "m.std(m.array([1.0, 2.0, 3.0]), ddof=1)", True),
    ("sqrt_int", "m.sqrt(m.array([1, 2, 3]))", True),
    ("true_divide_int", "m.true_divide(m.array([1, 2]), m.array([2, 2]))", True),
    ("power_int", "m.power(m.array([1, 2, 3]), 2)", True),
    ("add_dtype", "m.add(m.array([1, 2]), m.array([3, 4]), dtype=m.float32)", True),
    ("float_power", "m.float_power(m.array([1.0, 2.0, 3.0]), m.array([1.0, 2.0, 3.0]))", True),
    ("mod_neg", "m.mod(m.array([-3, 3]), m.array([2, -2]))", True),
    ("fmod_neg", "m.fmod(m.array([-3, 3]), m.array([2, -2]))", True),
    ("floor_divide", "m.floor_divide(m.array([-3, 3]), m.array([2, -2]))", True),
    ("rint", "m.rint(m.array([0.5, 1.5, 2.5, -0.5]))", True),
    ("fix_int", "m.fix(m.array([1, -2]))", True),
    ("fix", "m.fix(m.array([-1.5, 1.5]))", True),
    ("clip", "m.clip(m.array([1, 2, 3]), 1, 2)", True),
    ("trapz", "m.trapz(m.array([1.0, 2.0, 4.0]), dx=0.5)", True),
    ("trapz_int", "m.trapz(m.array([1, 2, 3]))", True),
    ("trapz_x", "m.trapz(m.array([1.0, 2.0, 4.0]), x=m.array([0.0, 1.0, 3.0]))", True),
    ("gradient", "m.gradient(m.array([1.0, 2.0, 4.0, 7.0]))", True),
    ("gradient_int", "m.gradient(m.array([1, 2, 4, 7]))", True),
    ("gradient_2d", "m.gradient(m.array([[1.0, 2.0, 6.0], [3.0, 4.0, 5.0]]))", True),
    ("unwrap", "m.unwrap(m.array([0.0, 4.0, 8.0, 1.0]))", True),
    (
        "interp",
        "m.interp(m.array([0.5, 5.0, -1.0]), m.array([0.0, 1.0, 2.0]), m.array([1.0, 3.0, 2.0]))",
        True,
    ),
    (
        "interp_lr",
        "m.interp(m.array([5.0, -1.0]), m.array([0.0, 1.0]), m.array([1.0, 3.0]), "
        "left=-7.0, right=7.0)",
        True,
    ),
    ("cov", "m.cov(m.array([[1.0, 2.0, 4.0], [2.0, 3.0, 1.0]]))", True),
    ("cov_int", "m.cov(m.array([[1, 2, 4], [2, 3, 1]]))", True),
    ("corrcoef", "m.corrcoef(m.array([[1.0, 2.0, 4.0], [2.0, 3.0, 1.0]]))", True),
    ("convolve", "m.convolve(m.array([1.0, 2.0, 3.0]), m.array([0.0, 1.0, 0.5]))", True),
    ("convolve_same", "m.convolve(m.array([1.0, 2.0, 3.0]), m.array([0.0, 1.0]), 'same')", True),
    ("correlate", "m.correlate(m.array([1.0, 2.0, 3.0]), m.array([1.0, 2.0]))", True),
    (
        "choose_clip",
        "m.choose(m.array([0, 1, 5]), [m.array([1, 2, 3]), m.array([10, 20, 30])])",
        True,
    ),
    (
        "choose_wrap",
        "m.choose(m.array([0, 1, 3]), [m.array([1, 2, 3]), m.array([10, 20, 30])], mode='wrap')",
        True,
    ),
    ("take_clip", "m.take(m.array([4.0, 5.0, 6.0]), m.array([5, 0]))", True),
    ("take_axis", "m.take(m.array([[1, 2], [3, 4]]), m.array([1]), axis=1)", True),
    ("polyadd", "m.polyadd(m.array([1, 2]), m.array([1]))", True),
    ("polysub", "m.polysub(m.array([1.0, 2.0]), m.array([3.0, 1.0, 1.0]))", True),
    ("polymul", "m.polymul(m.array([1, 2]), m.array([1, 2]))", True),
    ("polyder", "m.polyder(m.array([1, 2, 3]))", True),
    ("polyder2", "m.polyder(m.array([1.0, 2.0, 3.0, 4.0]), 2)", True),
    ("polyint", "m.polyint(m.array([1, 2]))", True),
    ("polyint_k", "m.polyint(m.array([3.0, 2.0]), 2, k=m.array([1.0, 2.0]))", False),
    ("polyval", "m.polyval(m.array([1.0, 2.0]), m.array([1.0, 2.0, 3.0]))", True),
    ("histogram_edges", "m.histogram(m.array([1.0, 2.0, 3.0, 2.5]), bins=3)[1]", True),
    ("histogram_counts", "m.histogram(m.array([1.0, 2.0, 3.0, 2.5]), bins=3)[0]", False),
    ("histogram_range", "m.histogram(m.array([1.0, 2.0, 3.0, 2.5]), bins=2, range=(0, 4))", False),
    ("histogram_density", "m.histogram(m.array([1.0, 2.0, 3.0, 2.5]), bins=2, density=True)", True),
    (
        "histogram_weights",
        "m.histogram(m.array([1.0, 2.0, 3.0]), bins=2, weights=m.array([0.5, 1.0, 2.0]))",
        True,
    ),
    ("histogram_bin_edges", "m.histogram_bin_edges(m.array([1, 2, 3]), bins=3)", True),
    (
        "histogram2d",
        "m.histogram2d(m.array([1.0, 2.0, 3.0]), m.array([1.0, 3.0, 3.0]), bins=2)",
        False,
    ),
    ("histogramdd", "m.histogramdd(m.array([[1.0, 1.0], [2.0, 3.0], [3.0, 3.0]]), bins=2)", False),
    ("digitize", "m.digitize(m.array([0.5, 1.5, 2.5]), m.array([1.0, 2.0]))", True),
    ("digitize_right", "m.digitize(m.array([1.0, 2.0]), m.array([1.0, 2.0]), right=True)", True),
    (
        "searchsorted",
        "m.searchsorted(m.array([1.0, 2.0, 3.0]), m.array([2.0, 5.0]), 'right')",
        True,
    ),
    ("ediff1d", "m.ediff1d(m.array([1, 2, 4, 7]))", True),
    (
        "ediff1d_ends",
        "m.ediff1d(m.array([1.0, 2.0, 4.0]), to_end=m.array([9.0]), to_begin=m.array([0.0]))",
        True,
    ),
    (
        "piecewise_fn",
        "m.piecewise(m.array([1.0, 2.0, 3.0]), [m.array([1.0, 2.0, 3.0]) < 2], "
        "[lambda x: -x, lambda x: x * 10])",
        True,
    ),
    (
        "select",
        "m.select([m.array([1.0, 2.0, 3.0]) < 2, m.array([1.0, 2.0, 3.0]) > 2], "
        "[m.array([1.0, 2.0, 3.0]), m.array([-1.0, -2.0, -3.0])], 5)",
        False,
    ),
    ("cross", "m.cross(m.array([1.0, 2.0, 3.0]), m.array([4.0, 5.0, 6.0]))", True),
    ("pad", "m.pad(m.array([1, 2, 3]), (1, 2))", True),
    ("pad_edge", "m.pad(m.array([1.0, 2.0]), 2, mode='edge')", True),
    ("pad_reflect", "m.pad(m.array([1.0, 2.0, 3.0]), 2, mode='reflect')", True),
    ("pad_linear_ramp", "m.pad(m.array([1.0, 2.0]), 2, mode='linear_ramp', end_values=5)", True),
    ("pad_mean", "m.pad(m.array([1.0, 2.0, 6.0]), 1, mode='mean')", True),
    (
        "average_w",
        "m.average(m.array([1.0, 2.0, 3.0]), weights=m.array([1.0, 2.0, 3.0]), returned=True)",
        True,
    ),
    ("unique_inverse_values", "m.unique(m.array([[1, 2], [2, 5]]), return_inverse=True)[1]", True),
    ("in1d", "m.in1d(m.array([1, 2, 3]), m.array([2]))", True),
    ("isin_invert", "m.isin(m.array([1, 2, 3]), m.array([2]), invert=True)", True),
    ("intersect1d", "m.intersect1d(m.array([1, 2, 3]), m.array([2, 3, 7]))", True),
    ("setdiff1d", "m.setdiff1d(m.array([1, 2, 3]), m.array([2]))", True),
    ("nancumsum", "m.nancumsum(m.array([1.0, np.nan, 2.0]))", True),
    ("nanvar", "m.nanvar(m.array([1.0, 3.0, np.nan, 4.0]))", True),
    ("nanstd_ddof", "m.nanstd(m.array([1.0, 3.0, np.nan, 4.0]), ddof=1)", True),
    ("max_initial", "m.max(m.array([1.0, 2.0]), initial=10.0)", True),
    ("sum_initial", "m.sum(m.array([1.0, 2.0]), initial=10.0)", True),
    ("sum_keepdims", "m.sum(m.array([[1.0, 2.0], [3.0, 4.0]]), axis=1, keepdims=True)", True),
    ("ptp", "m.ptp(m.array([[4, 1], [9, 2]]), axis=0)", True),
    ("count_nonzero", "m.count_nonzero(m.array([0.0, 1.0, 2.0]))", True),
    ("sometrue", "m.sometrue(m.array([0.0, 1.0]))", True),
    ("norm", "m.norm(m.array([3.0, 4.0]))", True),
    ("norm_int", "m.norm(m.array([3, 4]))", True),
    ("norm_fro", "m.norm(m.array([[1.0, 2.0], [3.0, 4.0]]), 'fro')", True),
    ("vander", "m.vander(m.array([1, 2, 3]))", True),
    ("vander_inc", "m.vander(m.array([1.0, 2.0]), 3, increasing=True)", True),
    ("kron", "m.kron(m.array([1, 2]), m.array([[1, 10]]))", True),
    ("multi_dot", "m.multi_dot([m.ones((2, 3)), m.ones((3, 2))])", True),
    ("tensordot", "m.tensordot(m.ones((2, 3)), m.ones((3, 2)), 1)", True),
    ("apply_along_axis", "m.apply_along_axis(lambda a: a * 2, 1, m.ones((2, 3)))", True),
    ("apply_over_axes", "m.apply_over_axes(m.sum, m.ones((2, 3)), [0, 1])", True),
    ("unravel_index", "m.unravel_index(m.array([4, 5]), (2, 3))", True),
    ("unravel_index_f", "m.unravel_index(m.array([4, 5]), (2, 3), order='F')", True),
    ("tril_indices", "m.tril_indices(3, 1, 4)", True),
    ("triu_indices_from", "m.triu_indices_from(m.ones((3, 3)), 1)", True),
    ("diag_indices", "m.diag_indices(2, 3)", True),
    ("ix_", "m.ix_(m.array([1, 2]), m.array([3, 4, 5]))", True),
    ("meshgrid_ij", "m.meshgrid(m.array([1, 2]), m.array([3.0, 4.0, 5.0]), indexing='ij')", True),
    ("mgrid", "m.mgrid[0:2, 0:3]", True),
    ("mgrid_complex", "m.mgrid[0:1:3j]", True),
    ("ogrid", "m.ogrid[0:2, 0:3]", True),
    ("array_split", "m.array_split(m.array([1, 2, 3, 4, 5]), 3)", True),
    ("split_idx", "m.split(m.array([1, 2, 3, 4, 5]), [1, 3])", True),
    ("rollaxis", "m.rollaxis(m.ones((2, 3, 4)), 2, 1).shape", False),
    ("rot90_k", "m.rot90(m.array([[1, 2], [3, 4]]), 3)", True),
    ("roll_axis", "m.roll(m.array([[1, 2], [3, 4]]), 1, axis=0)", True),
    ("repeat_axis", "m.repeat(m.array([[1, 2], [3, 4]]), 2, axis=1)", True),
    ("array_str", "m.array_str(m.array([1.0, 2.0, 3.0]))", False),
    ("isscalar_number", "m.isscalar(1.0)", False),
    ("isscalar_tensor", "m.isscalar(m.array(1.0))", False),
    ("size", "m.size(m.ones((2, 3)), 1)", False),
    ("heaviside", "m.heaviside(m.array([-1.0, 0.0, 1.0]), m.array(0.5))", True),
    ("gcd", "m.gcd(m.array([4, 6]), m.array([6, 9]))", True),
    ("lcm", "m.lcm(m.array([4, 6]), m.array([6, 9]))", True),
    ("divmod", "m.divmod(m.array([7, -7]), 2)", True),
    ("invert", "m.invert(m.array([1, 2]))", True),
    ("signbit", "m.signbit(m.array([-1.0, 1.0]))", True),
    ("copysign", "m.copysign(m.array([1.0, 2.0]), m.array([-1.0, 1.0]))", True),
    ("arctan2", "m.arctan2(m.array([1.0, -1.0]), m.array([-1.0, -1.0]))", True),
    (
        "isclose",
        "m.isclose(m.array([1.0, np.nan]), m.array([1.0 + 1e-9, np.nan]), equal_nan=True)",
        True,
    ),
    ("array_equal_nan", "m.array_equal(m.array([1.0, 2.0]), m.array([1.0, 2.0]))", True),
    ("array_equiv", "m.array_equiv(m.array([1, 2]), m.array([[1, 2], [1, 3]]))", True),
    ("argmax_axis", "m.argmax(m.array([[1, 5], [7, 2]]), axis=1)", False),
    ("cumsum_bool", "m.cumsum(m.array([True, True]))", True),
    (
        "take_along_axis",
        "m.take_along_axis(m.array([[1, 2], [3, 4]]), m.array([[1], [0]]), 1)",
        True,
    ),
    ("diagflat_k", "m.diagflat(m.array([1, 2]), 1)", True),
    ("trace_offset", "m.trace(m.array([[1.0, 2.0], [3.0, 4.0]]), 1)", True),
    ("atleast_3d", "m.atleast_3d(m.array([1, 2])).shape", False),
    ("column_stack", "m.column_stack((m.array([1, 2]), m.array([3, 4])))", True),
    ("dstack", "m.dstack((m.array([1, 2]), m.array([3, 4])))", True),
    ("result_type", "str(m.result_type(m.array([1, 2]), 1.0)).lower()", False),
    ("promote_types", "str(m.promote_types(m.int32, m.float32)).lower()", False),
]


def _default_repr(value, ms):
    if isinstance(value, ms.dtype.Type) if ms is not None else False:
        return "dtype:" + str(value).lower()
    if isinstance(value, np.dtype):
        return "dtype:" + value.name
    if value is inspect.Parameter.empty:
        return "<empty>"
    return repr(value)


def signature_of(fn, ms=None):
    """A JSON-able description of `fn`'s parameters: [name, kind, default]."""
    sig = inspect.signature(fn)
    return [[p.name, p.kind.name, _default_repr(p.default, ms)] for p in sig.parameters.values()]


def encode(obj):
    """Results as JSON: arrays with dtype and values, tuples/lists kept, scalars as is."""
    if hasattr(obj, "asnumpy") or isinstance(obj, np.ndarray) or type(obj).__name__ == "Array":
        a = np.asarray(obj.asnumpy() if hasattr(obj, "asnumpy") else obj)
        return {
            "dtype": a.dtype.name,
            "shape": list(a.shape),
            "values": np.where(np.isnan(a), None, a).tolist()
            if a.dtype.kind == "f"
            else a.tolist(),
        }
    if isinstance(obj, (tuple, list)):
        return [encode(o) for o in obj]
    if isinstance(obj, (np.generic,)):
        return obj.item()
    return obj


def main():
    import mindspore as ms
    import mindspore.numpy as m

    here = os.path.dirname(os.path.abspath(__file__))
    names_md = os.path.join(
        here, "..", "..", "..", "shared", "reference", "mindspore-2.10-names.md"
    )
    text = open(names_md).read().split("## mindspore.numpy")[1].split("##")[0]
    names = sorted({n.strip() for n in text.split("\n", 2)[2].strip().split(",")})
    sigs = {}
    for name in names:
        obj = getattr(m, name)
        if inspect.isfunction(obj):
            sigs[name] = signature_of(obj, ms)
    values = {}
    for name, expr, check_dtype in CASES:
        out = eval(expr, {"m": m, "np": np, "ms": ms})  # noqa: S307  (fixed strings above)
        values[name] = {"expr": expr, "dtype": check_dtype, "result": encode(out)}
    with open(GOLDEN_PATH, "w") as f:
        json.dump(
            {"mindspore": ms.__version__, "names": names, "signatures": sigs, "cases": values},
            f,
            indent=0,
            sort_keys=True,
        )
        f.write("\n")
    print(f"wrote {len(sigs)} signatures and {len(values)} cases to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
