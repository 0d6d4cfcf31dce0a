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


def golden_bit_tests(generator, golden):
    """What every kernel golden-test module repeats: a module-scoped ``results`` fixture (the
    generator's ``cases`` run by msfunc under MindSpore's numerics) and the test that each case
    equals `golden` bit for bit. Bind both at module level::

        results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)
    """
    import pytest

    import msfunc

    @pytest.fixture(scope="module")
    def results():
        with mindspore_numerics():
            return generator.cases(msfunc)

    @pytest.mark.parametrize("name", golden_names(golden))
    def test_bits_equal_mindspores(results, name):
        assert_bits_equal(results, golden, name)

    return results, test_bits_equal_mindspores
