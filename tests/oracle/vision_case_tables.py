"""Shared plumbing of the vision golden generators built on case tables: a generator module
holds ``GOLDEN_PATH``, ``CASES`` (name -> ``case(ms)`` returning arrays) and ``REFUSED``
(name -> a call on bad input whose exception class is the golden value); these helpers run
them under MindSpore to write the golden file, and under msfunc to compare with it."""

import sys

import numpy as np


def run_case(table, ms, name):
    """The arrays case `name` of generator module `table` gives under framework `ms`."""
    return [np.asarray(v) for v in table.CASES[name](ms)]


def refused(table, ms, name):
    """The class name of the exception bad input `name` raises ("" when none is raised)."""
    try:
        table.REFUSED[name](ms.dataset.vision)
    except Exception as error:  # noqa: BLE001 - its type is the golden value
        return type(error).__name__
    return ""


def write_golden(table):
    """Run every case and refusal of `table` under real MindSpore into its golden file."""
    import mindspore as ms
    import mindspore.dataset  # noqa: F401
    import mindspore.dataset.vision  # noqa: F401

    arrays = {}
    for name in table.CASES:
        for i, value in enumerate(run_case(table, ms, name)):
            arrays[f"{name}/{i}"] = value
    for name in table.REFUSED:
        arrays[f"refused/{name}"] = np.array(refused(table, ms, name))
    np.savez_compressed(table.GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {table.GOLDEN_PATH}", file=sys.stderr)


def assert_case(table, ms, golden, name):
    """Case `name` under `ms` gives the golden arrays exactly (shape, dtype, values), or to a
    few ulps in a case the table names in ``BLAS_CASES`` (a numpy matrix product, whose
    summation order follows the CPU: MindSpore itself gives other last bits elsewhere)."""
    got = run_case(table, ms, name)
    assert f"{name}/{len(got)}" not in golden.files
    for i, value in enumerate(got):
        expected = golden[f"{name}/{i}"]
        assert value.shape == expected.shape, (i, value.shape, expected.shape)
        assert value.dtype == expected.dtype, (i, value.dtype, expected.dtype)
        if name in getattr(table, "BLAS_CASES", ()):
            ulps = 8 * np.finfo(value.dtype).eps if value.dtype.kind == "f" else 0
            np.testing.assert_allclose(value, expected, rtol=ulps, atol=0, err_msg=str(i))
        else:
            np.testing.assert_array_equal(value, expected, err_msg=str(i))


def wrong_refusals(table, ms, golden):
    """The refusals whose exception class under `ms` differs from the golden one."""
    found = {
        name: (refused(table, ms, name), str(golden[f"refused/{name}"])) for name in table.REFUSED
    }
    return {k: v for k, v in found.items() if v[0] != v[1]}
