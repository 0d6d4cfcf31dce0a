"""MindSpore programs' CPU kernel numerics (`msfunc.context.mindspore_cpu_numerics`) switched
on for a block, as the `mindspore` alias switches them on for a whole program."""

import contextlib

from msfunc import context


@contextlib.contextmanager
def mindspore_numerics():
    """The block runs with MindSpore's CPU numerics; the setting before it comes back after."""
    saved = context.mindspore_cpu_numerics()
    context.mindspore_cpu_numerics(True)
    try:
        yield
    finally:
        context.mindspore_cpu_numerics(saved)


def golden_names(golden):
    """The case names of a golden ``.npz`` whose arrays are stored as ``name.i``."""
    return sorted({key.split(".")[0] for key in golden.files if "." in key})


def assert_bits_equal(results, golden, name):
    """Each result of case `name` equals its golden array bit for bit, dtype included."""
    import numpy as np

    for i, value in enumerate(results[name]):
        want = golden[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        np.testing.assert_array_equal(value, want, err_msg=f"{name} result {i}")
