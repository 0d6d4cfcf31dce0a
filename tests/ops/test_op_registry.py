"""msfunc.ops's registry: each functional op is one row, published under its name with its twins."""

import ast
import inspect
import pkgutil
from pathlib import Path

import msfunc
from msfunc import ops
from msfunc.common.tensor_methods import METHODS
from msfunc.ops import primitives
from msfunc.ops.registry import AREAS, ROWS


def test_rows_are_exactly_the_public_names_of_their_module():
    func_modules = {
        m.name for m in pkgutil.iter_modules(ops.__path__) if m.name.startswith("func_")
    }
    assert {area.HOME.__name__.rsplit(".", 1)[1] for area in AREAS} == func_modules
    for area in AREAS:
        names = [row.name for row in area.ROWS]
        assert len(names) == len(set(names)), area.__name__
        assert set(names) == set(area.HOME.__all__), area.__name__
        assert all(getattr(area.HOME, row.name) is row.impl for row in area.ROWS)
    assert len({row.name for row in ROWS}) == len(ROWS)


def test_each_public_op_is_its_rows_array_function_taking_tensors():
    for row in ROWS:
        public = getattr(ops, row.name)
        inner = getattr(public, "__wrapped__", None)
        if getattr(inner, "_msfunc_compiled_op", False):  # (compiled_rows.COMPILED_OPS)
            inner = inner.__wrapped__
        assert public is row.impl or inner is row.impl, row.name
        assert public._msfunc_tensor_function, row.name
    out = ops.float_power(msfunc.Tensor([2.0]), 2)
    assert isinstance(out, msfunc.Tensor) and out.tolist() == [4.0]


def test_every_other_name_of_ops_is_a_primitive_or_imported_by_name():
    tree = ast.parse(Path(inspect.getfile(ops)).read_text())
    imported = {
        a.asname or a.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for a in node.names
    }
    rest = set(ops.__all__) - {row.name for row in ROWS} - set(primitives.__all__)
    assert rest and rest <= imported, sorted(rest - imported)


def test_tensor_twins_call_their_rows_op():
    twins = 0
    for row in ROWS:
        for name in row.methods:
            method = msfunc.Tensor.__dict__[name]
            if name in METHODS:  # a family method with MindSpore's own form takes precedence
                assert method is METHODS[name]
                continue
            assert method._twin_of is getattr(ops, row.name), name
            twins += 1
    assert twins > 200
    assert msfunc.Tensor.__dict__["bitwise_not"]._twin_of is ops.invert


def test_mint_functions_each_call_an_op_of_the_registry():
    from msfunc import mint
    from msfunc.mint.nn import functional

    published = {id(getattr(ops, row.name)) for row in ROWS}
    made = [(mint, name) for name in mint._MINT.names]
    made += [(functional, name) for name in functional._MADE.names]
    assert len(made) > 150
    for module, name in made:
        fn = getattr(module, name)
        fn = getattr(fn, "_msfunc_target", fn)  # (mint hides its target from introspection)
        target = inspect.unwrap(fn, stop=lambda f: id(f) in published)
        assert id(target) in published, f"{module.__name__}.{name}"
    assert mint.gather(msfunc.Tensor([[1.0, 2.0]]), 1, msfunc.Tensor([[1, 0]])).tolist() == [
        [2.0, 1.0]
    ]
