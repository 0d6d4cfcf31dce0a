"""Generate source code and a new network class from an edited rewrite SymbolTree."""

import ast
import copy
import itertools
import textwrap

from msfunc.rewrite import container_edits
from msfunc.rewrite.code_context import (
    ImportBlock,
    called_functions,
    class_methods,
    kept_decorators,
    method_decorators,
    rename_names,
    strip_annotations,
)
from msfunc.rewrite.node_type import NodeType

_HEADER = "from msfunc import nn\n"
_serial = itertools.count()


def _is_user_class(klass) -> bool:
    """True for a class the program defines (not msfunc's, MindSpore's or Python's own)."""
    return klass.__module__.split(".")[0] not in ("msfunc", "mindspore", "builtins")


def _opt_bases(klass) -> list:
    """The parents of `klass`'s generated class: the generated class of each base the program
    defines, and ``nn.Cell`` when a base is one of msfunc's cells."""
    from msfunc.nn import Cell

    names = [f"{b.__name__}Opt" for b in klass.__bases__ if _is_user_class(b)]
    if any(issubclass(b, Cell) and not _is_user_class(b) for b in klass.__bases__):
        names.append("nn.Cell")
    return names


def _user_ancestors(klass) -> list:
    """The program's classes `klass` derives from, each after its own bases."""
    found = []

    def visit(k):
        for base in k.__bases__:
            if _is_user_class(base) and base not in found:
                visit(base)
                found.append(base)

    visit(klass)
    return found


def _class_vars(klass) -> list:
    """Names of `klass`'s own class attributes that are not its methods."""
    result = []
    for name, value in vars(klass).items():
        if name.startswith(("__", "_msfunc")):  # Python's and msfunc's own class attributes
            continue
        if isinstance(value, (staticmethod, classmethod, property)):
            continue
        qualname = getattr(value, "__qualname__", "")
        if callable(value) and qualname.startswith(klass.__qualname__ + "."):
            continue
        result.append(name)
    return result


def _header(name, klass) -> str:
    return f"class {name}({', '.join([klass.__name__, *_opt_bases(klass)])}):\n"


def _class_source(tree, class_name, replay=None, renames=None) -> str:
    """The generated class: copies the origin network's attributes (and its class attributes
    onto the new class), then runs the edited construct. With `replay` (sub-tree id -> class
    name) its ``__init__`` also replays the edits of the containers, as MindSpore writes them;
    get_network builds fresh containers instead (the lines would edit the origin's in place).
    `renames` (module -> {name: new name}) renames the names the written code imports under
    another name."""
    klass = type(tree.get_origin_network())
    lines = [
        "def __init__(self, obj):",
        "    nn.Cell.__init__(self)",
        "    for key, value in obj.__dict__.items():",
        "        object.__setattr__(self, key, value)",
    ]
    lines += [f"    self.__class__.{v} = obj.__class__.{v}" for v in _class_vars(klass)]
    # the cells insertions put on the origin network, named as the construct calls them
    lines += [f"    self.{name} = obj.{name}" for name in dict.fromkeys(tree.inserted_cells)]
    if replay is not None:
        lines += [f"    {line}" for line in container_edits.init_lines(tree, replay)]
    renamed = (renames or {}).get(klass.__module__)
    construct = rename_names(copy.deepcopy(tree.get_ast_root()), renamed)
    construct.name = "construct"
    body = "\n".join(lines) + "\n\n" + ast.unparse(ast.fix_missing_locations(construct))
    if replay is not None:
        # the written code repeats the class's other methods and the decorators of __init__
        # and construct; the generated network inherits the methods not read as nodes (their
        # code may read names only the class body defines) and runs without the decorators
        # (they were written for the origin's signatures)
        init = "".join(f"@{ast.unparse(d)}\n" for d in method_decorators(klass, "__init__"))
        construct.decorator_list = method_decorators(klass, "construct")
        read = _read_methods(tree, renamed, keep_decorators=True)
        written = [read.pop(m.name, None) or rename_names(m, renamed) for m in class_methods(klass)]
        methods = written + list(read.values())
        body = init + "\n".join(lines) + "\n\n" + ast.unparse(ast.fix_missing_locations(construct))
    else:
        # the methods read as nodes run as edited; the others are inherited
        methods = list(_read_methods(tree, renamed, keep_decorators=False).values())
    body += "".join("\n\n" + ast.unparse(ast.fix_missing_locations(m)) for m in methods)
    return _header(class_name, klass) + textwrap.indent(body, "    ") + "\n"


def _read_methods(tree, renamed, keep_decorators) -> dict:
    """{name: FunctionDef} of the methods whose bodies `tree` holds as nodes (the first call
    of each), written from the nodes."""
    result = {}
    for node in tree.all_nodes():
        func_def = getattr(node, "method_def", None)
        if func_def is None or func_def.name in result:
            continue
        method = copy.deepcopy(func_def)
        method.body = copy.deepcopy(tree.statements_of(node.node_list)) or [ast.Pass()]
        method = strip_annotations(method)
        if keep_decorators:
            method = kept_decorators(method)
        else:
            method.decorator_list = []
        result[func_def.name] = rename_names(method, renamed)
    return result


def _base_sources(tree, emitted) -> list:
    """The generated classes of the program's base classes not emitted yet."""
    result = []
    for base in _user_ancestors(type(tree.get_origin_network())):
        name = f"{base.__name__}Opt"
        if name not in emitted:
            emitted.add(name)
            result.append(_header(name, base) + "    pass\n")
    return result


def _subtrees(tree):
    """Every distinct SymbolTree under `tree`'s Tree nodes (containers included), depth first."""
    found = []

    def visit(nodes):
        for node in nodes:
            sub = getattr(node, "symbol_tree", None)
            if (
                node.get_node_type() is NodeType.Tree
                and sub is not None
                and all(sub is not f for f in found)
            ):
                visit(sub.nodes())
                found.append(sub)
            # a container's erased sub-networks too: its __init__ lines name their classes
            visit(node.nodes() + [e for e in node.origin_elements if e not in node.nodes()])

    visit(tree.nodes())
    return found


def _classes(tree, replay=False, renames=None):
    """[(tree, class name, source)] for `tree` and its sub-trees (the source holding the
    generated base classes first); equal code shares one class."""
    result, by_source, names, emitted, named = [], {}, set(), set(), {}
    for sub in [*_subtrees(tree), tree]:
        base = sub.class_name
        body = _class_source(sub, f"{base}Opt", named if replay else None, renames)
        if body in by_source:
            named[id(sub)] = by_source[body]
            result.append((sub, by_source[body], None))
            continue
        name, index = f"{base}Opt", 1
        while name in names:
            name, index = f"{base}Opt_{index}", index + 1
        names.add(name)
        named[id(sub)] = name
        text = _class_source(sub, name, named if replay else None, renames)
        source = "\n\n".join([*_base_sources(sub, emitted), text])
        by_source[body] = name
        result.append((sub, name, source))
    return result


def _importable(obj) -> bool:
    return "<locals>" not in obj.__qualname__


def _context(trees):
    """(the imports the generated classes of `trees` need: each origin module's own imports,
    then the origin classes, the functions and classes the API inserted calls of, and the
    functions not repeated; the program's functions they
    call, repeated; the names imported under another name, by module)."""
    block, functions = ImportBlock(), {}
    for sub in trees:
        klass = type(sub.get_origin_network())
        for k in [*_user_ancestors(klass), klass]:
            block.add_module(k.__module__)
            if _importable(k):
                block.add_line(f"from {k.__module__} import {k.__name__}")
        called_functions([sub.get_ast_root(), *class_methods(klass)], sub.namespace, functions)
        # what the API inserted comes from its own module
        for name, obj in _functions_of(sub).items():
            module, own = getattr(obj, "__module__", None), getattr(obj, "__name__", None)
            if module and own and _importable(obj):
                alias = "" if own == name else f" as {name}"
                block.add_line(f"from {module} import {own}{alias}")
    for func, func_ast in functions.items():
        block.add_module(func.__module__)
        if func_ast is None:
            block.add_line(f"from {func.__module__} import {func.__name__}")
    defs = [
        ast.unparse(rename_names(d, block.renames.get(f.__module__))) + "\n"
        for f, d in functions.items()
        if d is not None
    ]
    imports = ["\n".join(block.lines) + "\n"] if block.lines else []
    return imports + defs, block.renames


def get_code(tree) -> str:
    """The source of the classes `tree` generates (sub-networks first), after the imports and
    the program's functions they need."""
    context, renames = _context([*_subtrees(tree), tree])
    classes = [c for c in _classes(tree, replay=True, renames=renames) if c[2] is not None]
    parts = [_HEADER, *context]
    parts.extend(source for _, _, source in classes)
    return "\n\n".join(parts) + "\n"


def get_network(tree):
    """A new network object running `tree`'s edited construct with the origin's cells."""
    made = {}
    for sub, name, source in _classes(tree):
        if source is not None:
            made.update(_compile_class(sub, name, source, made))
        sub._generated_class = made[name]
    return _instantiate(tree, {})


def _compile_class(tree, name, source, made):
    """{name: class} of the classes `source` defines, run where the origin's construct runs."""
    from msfunc import nn

    namespace = dict(tree.namespace)
    namespace.update(made)
    for klass in _user_ancestors(type(tree.get_origin_network())):
        namespace[klass.__name__] = klass
    namespace.update(_functions_of(tree))
    namespace[tree.class_name] = type(tree.get_origin_network())
    namespace["nn"] = nn
    filename = f"<msfunc.rewrite {name} {next(_serial)}>"
    before = set(namespace)
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the code is generated here
    return {k: v for k, v in namespace.items() if k not in before or k == name}


def _functions_of(tree):
    """Functions the API inserted as CallFunction nodes, by the name the code calls them."""
    result = {}
    for node in tree.all_nodes():
        func = node.get_func_name()
        if node.get_node_type() is NodeType.CallFunction and func is not None and not func.scope:
            if node.get_instance() is not None and func.value not in tree.namespace:
                result[func.value] = node.get_instance()
    return result


def _instantiate(tree, done):
    if id(tree) in done:
        return done[id(tree)]
    network = tree._generated_class(tree.get_origin_network())
    done[id(tree)] = network
    for node in tree.all_nodes():
        func = node.get_func_name()
        if func is None or func.scope != "self":
            continue
        if node.get_node_type() is NodeType.Tree:
            object.__setattr__(network, func.value, _instantiate(node.symbol_tree, done))
        elif node.get_node_type() is NodeType.CellContainer:
            object.__setattr__(network, func.value, _container(node, done))
    return network


def _container(node, done):
    cells = []
    for element in node.nodes():
        if element.get_node_type() is NodeType.Tree:
            cells.append(_instantiate(element.symbol_tree, done))
        elif element.get_node_type() is NodeType.CellContainer:
            cells.append(_container(element, done))
        else:
            cells.append(element.get_instance())
    # A container renames its children's Parameters after their new keys; the cells are the
    # origin network's, so their names are put back.
    names = [(p, p.name) for cell in cells for p in cell.get_parameters()] if cells else []
    container = type(node.get_instance())(cells)
    for param, name in names:
        param.name = name
    return container
