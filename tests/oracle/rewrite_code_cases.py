"""The code mindspore.rewrite generates around a network's classes, shared by
gen_rewrite_code_golden.py (real MindSpore) and tests/rewrite/test_rewrite_code.py (msfunc):
sub-network wrapping lines of ``__init__``, the class's other methods, the program's functions
the code calls (repeated, or imported when they hold a nested function), the origin module's
imports, and primitives made in a local variable. Each case is ``case(ms, nn, ops, rw)``
returning plain data."""

import importlib.util
import os
import re
import sys
import tempfile

import numpy as np

OTHER_SOURCE = """
from fractions import Fraction as Kind


class Other(nn.Cell):
    def construct(self, x):
        x = x + float(Kind(1, 2))
        return x
"""

NET_SOURCE = """
import math
from decimal import Decimal as Kind
try:
    import json
except ImportError:
    json = None


def scale(x):
    return x * 2


def ping(x, n):
    if n > 0:
        return pong(x, n - 1)
    return x


def pong(x, n):
    return ping(x + 1, n)


def wrapped(x):
    def inner(y):
        return y - 1
    return inner(x)


class Leaf(nn.Cell):
    def __init__(self, kind):
        super().__init__()
        self.act = nn.ReLU() if kind else nn.Tanh()

    def construct(self, x):
        return self.act(x)


class Mid(nn.Cell):
    def __init__(self, deep):
        super().__init__()
        if deep:
            self.net = Holder()
        else:
            self.net = Leaf(True)

    def construct(self, x):
        x = self.net(x)
        return x


class Holder(nn.Cell):
    def __init__(self):
        super().__init__()
        self.leaf = Leaf(False)

    def construct(self, x):
        x = self.leaf(x)
        return x


class Top(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Mid(False)
        self.b = Mid(True)
        self.c = Mid(False)
        self.d = self.pick(Leaf(True))

    def construct(self, x):
        x = self.a(x)
        x = self.b(x)
        x = self.a(x)
        x = self.c(x)
        x = self.d(x)
        x = scale(x)
        x = self.shift(x)
        x = ping(x, 2)
        x = wrapped(x)
        return x

    def shift(self, x: int) -> int:
        return x - 0.5

    def pick(self, cell: nn.Cell):
        return cell


class Clash(nn.Cell):
    def __init__(self):
        super().__init__()
        self.other = Other()

    def construct(self, x):
        x = self.other(x)
        x = x + float(Kind("1.5"))
        return x


def keep(func):
    return func


def drop(**checks):
    return keep


class Decorated(nn.Cell):
    @keep
    @drop(size=int)
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU()

    @keep
    def construct(self, x):
        return self.twice(self.relu(x))

    @drop()
    @keep
    def twice(self, x):
        return x * 2


class Methods(nn.Cell):
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU()
        self.abs = ops.Abs()
        self.leaf = Leaf(False)

    def construct(self, x):
        x = self.helper(x, 2)
        return x

    def helper(self, x, k):
        x = self.leaf(self.abs(x) - k)
        return x * k


class LocalOp(nn.Cell):
    def construct(self, x):
        op = ops.Abs()
        x = op(x)
        op = scale
        x = op(x)
        return x
"""


def _load(name, source, **names):
    """Module `name` of `source` with `names` set on it; rewrite reads the source of its
    networks, so it is a real file."""
    if name not in sys.modules:
        path = os.path.join(tempfile.mkdtemp(), name + ".py")
        with open(path, "w") as f:
            f.write(source)
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        vars(module).update(names)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _module(ms, nn, ops):
    """The module of the networks (Clash's sub-network from another module)."""
    other = _load("rewrite_code_case_other", OTHER_SOURCE, nn=nn)
    return _load("rewrite_code_case_net", NET_SOURCE, nn=nn, ops=ops, Other=other.Other)


def _plain(line):
    """`line` without the numbers rewrite appends to names it makes unique."""
    return re.sub(r"(Opt|[a-z])_\d+\b", r"\1", line.strip())


def _lines(code, pattern):
    return sorted(_plain(line) for line in code.splitlines() if re.search(pattern, line))


def _x():
    return np.linspace(-1.5, 1.5, 6, dtype=np.float32).reshape(2, 3)


def case_code(ms, nn, ops, rw):
    """The classes, wrapping lines, methods, functions and imports of Top's generated code,
    and the generated network's output."""
    net = _module(ms, nn, ops).Top()
    stree = rw.SymbolTree.create(net)
    code = stree.get_code()
    x = ms.Tensor(_x())
    return {
        "classes": _lines(code, r"^class "),
        "wrapping": _lines(code, r"^\s+self\.\w+ = \w+Opt\w*\(self\.\w+\)"),
        "methods": _lines(code, r"^    def (?!__init__|construct)"),
        "functions": _lines(code, r"^def "),
        "imports": [code.count(s) for s in ("import math\n", "import json\n", "import wrapped\n")],
        "out": stree.get_network()(x).asnumpy().round(5).tolist(),
        "origin": net(x).asnumpy().round(5).tolist(),
    }


def case_name_clash(ms, nn, ops, rw):
    """A class name two modules import for different classes: the later module's code reads
    it under a new name (the lines compared in sorted order: MindSpore writes each class's
    imports before it, msfunc all imports first)."""
    net = _module(ms, nn, ops).Clash()
    stree = rw.SymbolTree.create(net)
    code = stree.get_code()
    x = ms.Tensor(_x())
    return {
        "lines": sorted(line.strip() for line in code.splitlines() if "Kind" in line),
        "out": stree.get_network()(x).asnumpy().round(5).tolist(),
        "origin": net(x).asnumpy().round(5).tolist(),
    }


def case_decorators(ms, nn, ops, rw):
    """The decorators of __init__, construct and other methods in the written code, less the
    ones named in ClassDefParser's denied list. (MindSpore's generated network does not
    import the module's decorator functions, so it is not run.)"""
    import importlib

    # (MindSpore's class lives in parsers.class_def_parser, msfunc's in parsers; both
    # packages answer parsers.ClassDefParser)
    parser = importlib.import_module(rw.__name__ + ".parsers").ClassDefParser
    denied = parser.denied_function_decorator_list
    parser.denied_function_decorator_list = ["drop"]
    try:
        code = rw.SymbolTree.create(_module(ms, nn, ops).Decorated()).get_code()
    finally:
        parser.denied_function_decorator_list = denied
    return {"lines": [line.strip() for line in code.splitlines() if re.match(r"\s+(@|def )", line)]}


def case_inserted_function(ms, nn, ops, rw):
    """A call of ops.add inserted through the API: the written code imports it once (from
    the framework's own module, whose path differs between the two) and calls it; the
    generated network's output."""
    net = _module(ms, nn, ops).Holder()
    stree = rw.SymbolTree.create(net)
    leaf = stree.get_node("leaf")
    x = rw.ScopedValue.create_naming_value("x")
    added = rw.Node.create_call_function(function=ops.add, targets=["x"], args=[x, x])
    stree.insert(stree.after(leaf), added)
    code = stree.get_code()
    inputs = ms.Tensor(_x())
    return {
        "counts": [code.count("import add\n"), code.count("x = add(x, x)")],
        "out": stree.get_network()(inputs).asnumpy().round(5).tolist(),
        "origin": net(inputs).asnumpy().round(5).tolist(),
    }


def case_method_body(ms, nn, ops, rw):
    """A method construct calls is a CallFunction node holding its body's nodes (found by
    get_node, belonging to the tree); a cell inserted in the body shows in the written method
    and in the generated network's output."""
    net = _module(ms, nn, ops).Methods()
    stree = rw.SymbolTree.create(net)
    helper = stree.get_node("helper")
    body = [rw.Node(n) for n in helper.get_handler().nodes()]
    rows = [[n.get_name(), str(n.get_node_type())] for n in body]
    belong = [n.get_symbol_tree().get_handler() is stree.get_handler() for n in body]
    found = stree.get_node("leaf")
    tree_found = found is not None and found.get_handler().symbol_tree is not None
    abs_node = stree.get_node("abs")
    x = abs_node.get_targets()
    tanh = rw.Node.create_call_cell(nn.Tanh(), x, x, name="tanh")
    stree.insert(stree.after(abs_node), tanh)
    code = stree.get_code()
    lines = code.splitlines()
    start = next(i for i, line in enumerate(lines) if "def helper" in line)
    indent = len(lines[start]) - len(lines[start].lstrip())
    method = [lines[start].strip()]
    for line in lines[start + 1 :]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        method += [line.strip()] if line.strip() else []
    inputs = ms.Tensor(_x())
    return {
        "rows": rows,
        "belong": belong,
        "tree_found": tree_found,
        "method": method,
        "out": stree.get_network()(inputs).asnumpy().round(5).tolist(),
    }


def case_separate_trees(ms, nn, ops, rw):
    """Each call of a sub-network gets its own tree: an edit of one call's tree makes its own
    class."""
    stree = rw.SymbolTree.create(_module(ms, nn, ops).Top())
    first = stree.get_node("a").get_handler().symbol_tree
    second = stree.get_node("a_1").get_handler().symbol_tree
    first.erase_node(first.get_node("net"))
    code = stree.get_code()
    return {
        "same": first is second,
        "classes": _lines(code, r"^class "),
        "distinct_mid": len(re.findall(r"^class MidOpt", code, re.M)),
    }


def case_local_primitive(ms, nn, ops, rw):
    """A primitive made in a local variable and then called: the call's node type and the
    type it names; the variable assigned again names a function. (The generated network is
    not run: MindSpore's resolves names from the module's imports, and this module's ``ops``
    is injected.)"""
    stree = rw.SymbolTree.create(_module(ms, nn, ops).LocalOp())
    rows = []
    for node in stree.nodes():
        kind = node.get_instance_type()
        rows.append(
            [
                node.get_name(),
                str(node.get_node_type()),
                getattr(kind, "__name__", None),
                isinstance(node.get_instance(), ops.Primitive),
            ]
        )
    return {"nodes": rows}


HELPER_SOURCE = """
class Net:
    def __init__(self):
        self.a = f(g(1))

    def construct(self, x, y):
        x = self.conv(x + 1) * y.sum()
        x, y = self.pair(-x, [y, 2])
        return x + 3

    def helper(self, x):
        return x + 1 + 2
"""


def case_ast_helpers(ms, nn, ops, rw):
    """rewrite's AstFinder (types found, in order) and AstFlattener (construct flattened,
    other methods left) on a parsed class."""
    import ast
    import importlib

    helpers = importlib.import_module(rw.__name__ + ".ast_helpers")
    found = helpers.AstFinder(ast.parse(HELPER_SOURCE)).find_all((ast.Assign, ast.Attribute))
    root = helpers.AstFlattener().transform(ast.parse(HELPER_SOURCE))
    return {
        "found": [type(n).__name__ for n in found],
        "flat": [line for line in ast.unparse(root).splitlines() if line.strip()],
    }


CASES = {
    "ast_helpers": case_ast_helpers,
    "code": case_code,
    "name_clash": case_name_clash,
    "decorators": case_decorators,
    "inserted_function": case_inserted_function,
    "method_body": case_method_body,
    "separate_trees": case_separate_trees,
    "local_primitive": case_local_primitive,
}
