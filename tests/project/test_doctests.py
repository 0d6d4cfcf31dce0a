"""Every msfunc module's docstring examples (``>>>``) run as doctests.

Modules are discovered by walking the package, so a new module is picked up without
editing this file. Examples run with the module's own globals (as ``doctest.testmod``
does), with ELLIPSIS and NORMALIZE_WHITESPACE; an example that cannot run
anywhere says so itself with ``# doctest: +SKIP``.
"""

import doctest
import importlib
import pkgutil

import pytest

import msfunc

MODULES = sorted(m.name for m in pkgutil.walk_packages(msfunc.__path__, "msfunc."))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_every_module_is_collected():
    # the walk must see the package's subpackages, not just its top level
    for name in (
        "msfunc.ops.func_math",
        "msfunc.numpy.creation",
        "msfunc.scipy.fft",
        "msfunc.kernels.native",
        "msfunc.transforms.forward",
    ):
        assert name in MODULES


def _forwarded_op(module, test_name):
    # an op `msfunc.ops._forward.forward` made: its example's expected numbers come from
    # NumPy/SciPy, which XLA's float32 special functions match to the last place or two
    obj = getattr(module, test_name.rpartition(".")[2], None)
    return getattr(obj, "__wrapped_fn__", None) is not None


def _with_deferred_names(module):
    """`module`, with the names it makes on first read (msfunc._lazy) made, so that the
    finder sees their docstrings too (msfunc.ops.primitives' generated classes)."""
    for attr in dir(module):
        getattr(module, attr)
    return module


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = _with_deferred_names(importlib.import_module(name))
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in finder.find(module, name, globs=dict(vars(module))):
        if _forwarded_op(module, test.name):
            continue  # test_ops_docstrings.py runs it, numbers to float32's last places
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
