"""Generate source code and a new network class from an edited rewrite SymbolTree."""

import ast
import copy
import itertools

from msfunc.rewrite.node_type import NodeType

_HEADER = "from msfunc import nn\n"
_serial = itertools.count()


def _class_def(tree, class_name, base_name) -> ast.ClassDef:
    """``class <class_name>(<base_name>, nn.Cell)``: copies the origin network's attributes,
    then runs the edited construct."""
    init = ast.parse(
        "def __init__(self, obj):\n"
        "    nn.Cell.__init__(self)\n"
        "    for key, value in obj.__dict__.items():\n"
        "        object.__setattr__(self, key, value)\n"
    ).body[0]
    construct = copy.deepcopy(tree.get_ast_root())
    construct.name = "construct"
    bases: list = [ast.Name(id=base_name), ast.parse("nn.Cell", mode="eval").body]
    class_def = ast.ClassDef(
        name=class_name, bases=bases, keywords=[], body=[init, construct], decorator_list=[]
    )
    return ast.fix_missing_locations(class_def)


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
            visit(node.nodes())

    visit(tree.nodes())
    return found


def _classes(tree):
    """[(tree, class name, source)] for `tree` and its sub-trees; equal code shares one class."""
    result, by_source, names = [], {}, set()
    for sub in [*_subtrees(tree), tree]:
        base = sub.class_name
        body = ast.unparse(_class_def(sub, f"{base}Opt", base))
        if body in by_source:
            result.append((sub, by_source[body], None))
            continue
        name, index = f"{base}Opt", 1
        while name in names:
            name, index = f"{base}Opt_{index}", index + 1
        names.add(name)
        source = ast.unparse(_class_def(sub, name, base))
        by_source[body] = name
        result.append((sub, name, source))
    return result


def get_code(tree) -> str:
    """The source of the classes `tree` generates (sub-networks first)."""
    parts = [_HEADER]
    parts.extend(source for _, _, source in _classes(tree) if source is not None)
    return "\n\n".join(parts) + "\n"


def get_network(tree):
    """A new network object running `tree`'s edited construct with the origin's cells."""
    made = {}
    for sub, name, source in _classes(tree):
        if source is not None:
            made[name] = _compile_class(sub, name, source)
        sub._generated_class = made[name]
    return _instantiate(tree, {})


def _compile_class(tree, name, source):
    from msfunc import nn

    namespace = dict(tree.namespace)
    namespace.update(_functions_of(tree))
    namespace[tree.class_name] = type(tree.get_origin_network())
    namespace["nn"] = nn
    filename = f"<msfunc.rewrite {name} {next(_serial)}>"
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the code is generated here
    return namespace[name]


def _functions_of(tree):
    """Functions the API inserted as CallFunction nodes, by the name the code calls them."""
    result = {}
    for node in tree.nodes():
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
    for node in tree.nodes():
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
