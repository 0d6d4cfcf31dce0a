"""Every public name of msfunc.ops (and of the namespaces below) has a written docstring with
an example that runs.

The ops that `forward` exposes build their docstrings from ``msfunc/ops/_forward_docs.py``;
their examples live outside any module's globals, so the module walk of test_doctests.py
does not see them: they run here, each checked against the value NumPy/SciPy gave.
"""

import doctest
import importlib
import inspect
import re

import jax.numpy as jnp
import numpy as np
import pytest

from msfunc import ops
from msfunc.ops import _forward_docs

PLACEHOLDER = "computed by ``"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?j?|nan|inf")


class _CloseChecker(doctest.OutputChecker):
    """Exact text, except that numbers agree to float32's last place (XLA and NumPy
    approximate special functions differently in the last places)."""

    def check_output(self, want, got, optionflags):
        if super().check_output(want, got, optionflags):
            return True
        want_numbers, got_numbers = _NUMBER.findall(want), _NUMBER.findall(got)
        if "".join(_NUMBER.sub("#", want).split()) != "".join(_NUMBER.sub("#", got).split()) or len(
            want_numbers
        ) != len(got_numbers):
            return False
        want_values = np.array([complex(n) for n in want_numbers])
        got_values = np.array([complex(n) for n in got_numbers])
        return bool(np.allclose(got_values, want_values, rtol=1e-6, atol=1e-6, equal_nan=True))


def _forwarded():
    return sorted(
        n
        for n in ops.__all__
        if getattr(getattr(ops, n), "__wrapped_fn__", None) is not None
        or n in _forward_docs.ALIASES
        or n in _forward_docs.SUMMARIES
    )


def test_no_placeholder_docstring():
    placeholders = [n for n in ops.__all__ if PLACEHOLDER in (getattr(ops, n).__doc__ or "")]
    assert placeholders == []


def test_every_op_has_an_example():
    lacking = {n for n in ops.__all__ if ">>>" not in (inspect.getdoc(getattr(ops, n)) or "")}
    assert lacking == set()


def test_forwarded_docstrings_have_args_and_returns():
    for name in _forwarded():
        doc = inspect.getdoc(getattr(ops, name))
        params = inspect.signature(getattr(ops, name)).parameters
        assert "Args:" in doc and "Returns:" in doc, name
        for param in params:
            assert f"    {param} (" in doc, (name, param)


@pytest.mark.parametrize("name", _forwarded())
def test_forwarded_example_runs(name):
    doc = getattr(ops, name).__doc__
    test = doctest.DocTestParser().get_doctest(doc, {}, f"msfunc.ops.{name}", None, 0)
    runner = doctest.DocTestRunner(checker=_CloseChecker(), optionflags=FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, name


# Other namespaces whose every public callable has an example, but for the names listed
# (which may only shrink: a name that gains an example must leave its list).
OTHER_NAMESPACES = (
    "msfunc",
    "msfunc.numpy",
    "msfunc.scipy.linalg",
    "msfunc.scipy.fft",
    "msfunc.scipy.optimize",
    "msfunc.train",
    "msfunc.dataset",
    "msfunc.nn",
    "msfunc.mint",
    "msfunc.mint.nn",
    "msfunc.mint.nn.functional",
    "msfunc.scipy.special",
)


@pytest.mark.parametrize("path", sorted(OTHER_NAMESPACES))
def test_other_namespaces_have_examples(path):
    module = importlib.import_module(path)
    names = getattr(module, "__all__", None) or [n for n in dir(module) if n[0] != "_"]
    lacking = set()
    for name in names:
        obj = getattr(module, name, None)
        if callable(obj) and not inspect.ismodule(obj):
            doc = inspect.getdoc(obj) or ""
            assert PLACEHOLDER not in doc, f"{path}.{name}"
            if ">>>" not in doc:
                lacking.add(name)
    assert sorted(lacking) == [], f"{path}: no example"


def test_scipy_special_examples_run():
    # jax's functions keep jax's docstrings; msfunc's example closes each (jnp: jax.numpy)
    from msfunc.scipy import _special_examples, special

    assert set(_special_examples.EXAMPLES) == set(special.__all__)
    failed = []
    for name in sorted(special.__all__):
        globs = dict(vars(special), jnp=jnp)
        test = doctest.DocTestParser().get_doctest(
            getattr(special, name).__doc__, globs, f"msfunc.scipy.special.{name}", None, 0
        )
        runner = doctest.DocTestRunner(checker=_CloseChecker(), optionflags=FLAGS)
        runner.run(test, out=lambda text: None)
        if runner.summarize(verbose=False).failed or not test.examples:
            failed.append(name)
    assert failed == []


@pytest.mark.parametrize("table", ["EXAMPLES", "FUNCTIONAL_EXAMPLES"])
def test_mint_examples_run(table):
    # msfunc.mint's and mint.nn.functional's table-built functions carry the examples of
    # msfunc.mint._examples and msfunc.mint.nn._examples
    from msfunc import mint
    from msfunc.mint import _examples
    from msfunc.mint.nn import _examples as _functional_examples

    namespace = mint if table == "EXAMPLES" else mint.nn.functional
    examples = _examples if table == "EXAMPLES" else _functional_examples
    failed = []
    for name in sorted(getattr(examples, table)):
        doc = getattr(namespace, name).__doc__
        test = doctest.DocTestParser().get_doctest(doc, {}, name, None, 0)
        runner = doctest.DocTestRunner(checker=_CloseChecker(), optionflags=FLAGS)
        runner.run(test, out=lambda text: None)
        if runner.summarize(verbose=False).failed or not test.examples:
            failed.append(name)
    assert failed == []
