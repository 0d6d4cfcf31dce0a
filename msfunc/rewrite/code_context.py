"""What generated network code needs beside its classes: imports, methods, called functions."""

import ast
import copy
import functools
import inspect
import sys
import textwrap
import types

_OWN_PACKAGES = ("msfunc", "mindspore", "builtins")


def is_user_object(obj) -> bool:
    """True for a class or function the program defines (not msfunc's, MindSpore's or
    Python's own)."""
    return str(getattr(obj, "__module__", "builtins")).split(".")[0] not in _OWN_PACKAGES


@functools.lru_cache(maxsize=256)
def _cached_source(obj):
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(obj)))
    except (OSError, TypeError, SyntaxError):
        return None


def _parsed_source(obj):
    """The parsed source of a module, class or function (a copy the caller may edit), or None
    when it cannot be read."""
    return copy.deepcopy(_cached_source(obj))


def _is_import(stmt) -> bool:
    if isinstance(stmt, ast.ImportFrom):
        return stmt.module != "__future__"
    if isinstance(stmt, ast.Import):
        return True
    # ``try: import a / except ImportError: import b`` chooses between imports
    return isinstance(stmt, ast.Try) and all(
        _is_import(s) for s in [*stmt.body, *stmt.orelse, *stmt.finalbody]
    )


def _absolute(stmt, package):
    """`stmt` with its relative ``from . import`` made absolute from `package`."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = (package or "").split(".")
            base = parts[: len(parts) - node.level + 1]
            node.module = ".".join([p for p in base if p] + ([node.module] if node.module else []))
            node.level = 0
    return stmt


def _import_statements(module_name):
    """(module, its top-level import statements as asts, relative ones made absolute)."""
    module = sys.modules.get(module_name)
    tree = _parsed_source(module) if module is not None else None
    if tree is None:
        return module, []
    package = getattr(module, "__package__", None)
    return module, [_absolute(s, package) for s in tree.body if _is_import(s)]


def module_imports(module_name) -> list:
    """The top-level import statements of module `module_name`, as source lines, relative
    imports made absolute (a module whose source cannot be read gives none).

    Example:
        >>> from msfunc.rewrite.code_context import module_imports
        >>> module_imports("msfunc.rewrite.code_context")[:2]
        ['import ast', 'import copy']
    """
    return [ast.unparse(s) for s in _import_statements(module_name)[1]]


_MISSING = object()


class ImportBlock:
    """The import lines of several modules' code put in one file: a name a later module
    binds to another object than an earlier one did is imported under a new name
    (``Tensor`` as ``Tensor_1``), recorded in `renames` (module name -> {name: new name}).

    Example:
        >>> from msfunc.rewrite.code_context import ImportBlock
        >>> block = ImportBlock()
        >>> block.add_module("msfunc.rewrite.code_context")
        >>> block.lines[:2], block.renames
        (['import ast', 'import copy'], {})
    """

    def __init__(self):
        self.lines: list = []
        self.renames: dict = {}
        self._bound: dict = {}  # name -> the object the block's imports bind to it

    def add_line(self, line):
        if line not in self.lines:
            self.lines.append(line)

    def add_module(self, module_name):
        """Adds the import statements of module `module_name`."""
        module, statements = _import_statements(module_name)
        for stmt in statements:
            for node in ast.walk(stmt):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    # (a try statement's imports are alternatives: they are kept as written)
                    self._bind(node, module, module_name, rename=stmt is node)
            self.add_line(ast.unparse(stmt))

    def _bind(self, node, module, module_name, rename):
        for alias in node.names:
            # ``import a.b`` binds ``a``; giving it another name would bind ``a.b`` instead
            if alias.name == "*" or (isinstance(node, ast.Import) and "." in alias.name):
                continue
            name = alias.asname or alias.name
            obj = getattr(module, name, _MISSING)
            held = self._bound.setdefault(name, obj)
            if held is obj or obj is _MISSING or held is _MISSING or not rename:
                continue
            new, index = f"{name}_1", 1
            while new in self._bound:
                index += 1
                new = f"{name}_{index}"
            alias.asname = new
            self._bound[new] = obj
            self.renames.setdefault(module_name, {})[name] = new


def rename_names(node, renames):
    """`node` (an ast, edited in place) with each variable named in `renames` renamed;
    returns it."""
    if renames:
        for item in ast.walk(node):
            if isinstance(item, ast.Name) and item.id in renames:
                item.id = renames[item.id]
    return node


def strip_annotations(func):
    """`func` (a FunctionDef) without its parameter annotations (the return one stays, as
    MindSpore writes it)."""
    args = func.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
        if arg is not None:
            arg.annotation = None
    return func


def kept_decorators(func):
    """`func` (a FunctionDef) without the decorators ClassDefParser denies; returns it."""
    from msfunc.rewrite.parsers import ClassDefParser

    denied = ClassDefParser.denied_function_decorator_list
    func.decorator_list = [
        d
        for d in func.decorator_list
        if ast.unparse(d.func if isinstance(d, ast.Call) else d) not in denied
    ]
    return func


def method_def(klass, name):
    """The FunctionDef (a copy) of the method `name` defined in `klass`'s own source, or None.

    Example:
        >>> from msfunc.rewrite.code_context import method_def
        >>> from msfunc.rewrite.node import Node
        >>> method_def(Node, "get_name").args.args[0].arg
        'self'
    """
    tree = _parsed_source(klass)
    if tree is None or not tree.body or not isinstance(tree.body[0], ast.ClassDef):
        return None
    for stmt in tree.body[0].body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            return stmt
    return None


def defines_inner(func_ast) -> bool:
    """True when a function holds a nested function, lambda or class, or control flow:
    rewrite keeps such a function as written rather than reading it as nodes."""
    return _defines_inner(func_ast) or any(
        isinstance(n, (ast.If, ast.For, ast.While, ast.Try, ast.With))
        for stmt in func_ast.body
        for n in ast.walk(stmt)
    )


def method_decorators(klass, name) -> list:
    """The decorators (asts) of `klass`'s own method `name` as written, less the denied ones.

    Example:
        >>> from msfunc.rewrite.code_context import method_decorators
        >>> from msfunc.rewrite.node import Node
        >>> [ast.unparse(d) for d in method_decorators(Node, "create_call_function")]
        ['classmethod']
    """
    func = method_def(klass, name)
    return [] if func is None else kept_decorators(func).decorator_list


def class_methods(klass) -> list:
    """The FunctionDefs of `klass`'s own methods other than ``__init__`` and construct, as
    written but without parameter annotations and denied decorators (the generated class
    repeats them).

    Example:
        >>> from msfunc.rewrite.code_context import class_methods
        >>> from msfunc.rewrite.symbol_tree import SymbolTree
        >>> [ast.unparse(f).splitlines()[0] for f in class_methods(SymbolTree)][:2]
        ['def set_class_ast(self, ast_node):', 'def set_init_func_ast(self, ast_node):']
    """
    tree = _parsed_source(klass)
    if tree is None or not tree.body or not isinstance(tree.body[0], ast.ClassDef):
        return []
    return [
        kept_decorators(strip_annotations(stmt))
        for stmt in tree.body[0].body
        if isinstance(stmt, ast.FunctionDef) and stmt.name not in ("__init__", "construct")
    ]


def _is_plain_function(obj) -> bool:
    """A program's module-level Python function (a nested one cannot be imported by name)."""
    return (
        isinstance(obj, types.FunctionType)
        and is_user_object(obj)
        and obj.__qualname__ == obj.__name__
    )


def _defines_inner(func_ast) -> bool:
    """True when a function holds a nested function, lambda or class: such a function is
    imported rather than repeated, as its inner code is not rewritten."""
    return any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
        for stmt in func_ast.body
        for n in ast.walk(stmt)
    )


def called_functions(bodies, namespace, found):
    """Adds to `found` (function -> its FunctionDef, or None when it is imported instead) the
    program's functions that the statements `bodies` call by name (resolved in `namespace`),
    then the functions those call, each after the ones it calls.

    Example:
        >>> import ast, textwrap
        >>> from msfunc.rewrite.code_context import called_functions
        >>> found = {}
        >>> called_functions([ast.parse("y = dedent(x)")], {"dedent": textwrap.dedent}, found)
        >>> [(f.__name__, d.name) for f, d in found.items()]
        [('dedent', 'dedent')]
    """
    for body in bodies:
        for node in ast.walk(body):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            func = namespace.get(node.func.id)
            if not _is_plain_function(func) or func in found:
                continue
            parsed = _parsed_source(func)
            func_ast = parsed.body[0] if parsed is not None and parsed.body else None
            if not isinstance(func_ast, ast.FunctionDef) or _defines_inner(func_ast):
                found[func] = None
                continue
            found[func] = None  # marks it seen while the functions it calls are looked for
            called_functions([func_ast], func.__globals__, found)
            del found[func]
            func_ast.decorator_list = []
            found[func] = strip_annotations(func_ast)
