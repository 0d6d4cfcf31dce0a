"""A ``raise`` in code compiled with graph semantics reaches the caller as MindSpore 2.10's graph
mode raises it (its type, or RuntimeError for ``Exception`` and unsupported types), while
PyNative code raises as Python does (tests/golden/graph_raise.json, from the cases of
tests/oracle/graph_raise_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("graph_raise_cases").CASES
_GOLDEN = golden("graph_raise")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]


def test_library_exceptions_keep_their_type():
    # only the program's own raise statements are mapped: an error raised inside a library
    # the compiled code calls keeps its type
    import os

    @msfunc.jit
    def stat_missing(x):
        os.stat("/nonexistent/path/for/msfunc")
        return x

    with pytest.raises(FileNotFoundError):
        stat_missing(msfunc.Tensor(1.0))


def test_an_installed_package_raises_as_itself_from_another_environment(tmp_path):
    # a package found through another environment's site-packages (a path entry) is library
    # code: its own exception leaves a trace unchanged (JAX's TracerBoolConversionError there
    # is what sends a function with tensor-valued control flow to the converter)
    from msfunc.transforms import graph_raise

    other = tmp_path / "env" / "lib" / "python3" / "site-packages" / "pkg.py"
    other.parent.mkdir(parents=True)
    other.write_text("def fail():\n    raise UserWarning('library')\n")
    namespace = {}
    exec(compile(other.read_text(), str(other), "exec"), namespace)
    try:
        namespace["fail"]()
    except UserWarning as exc:
        assert graph_raise.graph_exception(exc) is exc
    program = tmp_path / "program.py"
    program.write_text("def fail():\n    raise UserWarning('program')\n")
    exec(compile(program.read_text(), str(program), "exec"), namespace)
    try:
        namespace["fail"]()
    except UserWarning as exc:
        assert type(graph_raise.graph_exception(exc)) is RuntimeError
