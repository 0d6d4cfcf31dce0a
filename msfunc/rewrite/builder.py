"""Build a rewrite SymbolTree from a Cell: parse its construct and make one node per statement."""

import ast
import builtins
import inspect
import textwrap
import types
from typing import Any

from msfunc.ops.primitives import Primitive
from msfunc.rewrite.code_context import defines_inner, is_user_object, method_def
from msfunc.rewrite.flattener import Namer, flatten_body, function_names, op_name
from msfunc.rewrite.node import LocalPrim, Node
from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.scoped_value import ScopedValue
from msfunc.rewrite.symbol_tree import SymbolTree


def _construct_owner(cls):
    """The class in `cls`'s MRO whose own code defines construct."""
    for klass in cls.__mro__:
        if "construct" in klass.__dict__:
            return klass
    raise RuntimeError(f"rewrite: {cls.__name__} has no construct method")


def is_builtin_cell(cell) -> bool:
    """True for msfunc's own cells, which rewrite calls as a whole rather than parsing."""
    return type(cell).__module__.split(".")[0] in ("msfunc", "mindspore")


def is_container(obj) -> bool:
    from msfunc import nn

    return isinstance(obj, (nn.SequentialCell, nn.CellList))


def _is_cell(obj) -> bool:
    from msfunc.nn import Cell

    return isinstance(obj, Cell)


def _is_primitive(obj) -> bool:
    return isinstance(obj, Primitive)


def build_tree(network, cache=None) -> SymbolTree:
    """The SymbolTree of `network`'s construct (each call of a sub-network gets its own tree).

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite.builder import build_tree
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.dense = nn.Dense(2, 2)
        ...     def construct(self, x):
        ...         return self.dense(x) * 2
        >>> [str(n.get_node_type()) for n in build_tree(Net()).nodes()][1:]
        ['NodeType.CallCell', 'NodeType.MathOps', 'NodeType.Output']
    """
    if not _is_cell(network):
        raise TypeError(f"rewrite: network must be a Cell, got {type(network).__name__}")
    # `cache` holds the trees being built, so a network reached again from inside its own
    # construct shares the tree rather than recursing forever
    cache = {} if cache is None else cache
    if id(network) in cache:
        return cache[id(network)]
    owner = _construct_owner(type(network))
    construct = owner.__dict__["construct"]
    try:
        source = textwrap.dedent(inspect.getsource(construct))
    except (OSError, TypeError) as err:
        raise RuntimeError(
            f"rewrite: the source of {owner.__name__}.construct cannot be read"
        ) from err
    module = ast.parse(source)
    func = module.body[0]
    if not isinstance(func, ast.FunctionDef):
        raise RuntimeError(f"rewrite: {owner.__name__}.construct is not a plain function")
    func.decorator_list = []
    tree = SymbolTree(network, module)
    cache[id(network)] = tree
    tree.set_ast_root(func)
    tree.namespace = dict(construct.__globals__)
    closure = inspect.getclosurevars(construct)
    tree.namespace.update(closure.nonlocals)
    tree.source_names = function_names(func)
    tree.var_namer = Namer(tree.source_names)
    body = func.body  # adding the inputs rewrites func.body from the (yet empty) node list
    _add_inputs(tree, func)
    _add_body(tree, body, None, cache)
    del cache[id(network)]
    return tree


def _add_body(tree, stmts, flow, cache):
    """Adds the nodes of `stmts` to the tree, or to the body of the ControlFlow node `flow`."""
    if flow is None:
        namer = tree.var_namer
    else:
        # a body is flattened when reached, avoiding the source's names and the variables
        # of the nodes made so far (as MindSpore names them)
        made = [str(t) for n in tree.all_nodes() for t in n.get_targets()]
        namer = Namer({*tree.source_names, *made})
    for flat in flatten_body(stmts, namer):
        if isinstance(flat, (ast.If, ast.For, ast.While)):
            _add_flow(tree, flat, flow, cache)
        else:
            tree.append_origin_field(_node_of(flat, tree, cache), flow)


def _add_flow(tree, stmt, flow, cache):
    """A ControlFlow node for an if/for/while statement's body, another for its else part,
    each holding the nodes of its statements."""
    if isinstance(stmt, ast.For):
        _iterate_cells(tree, stmt, flow, cache)
    kind = type(stmt).__name__.lower()
    test = stmt.iter if isinstance(stmt, ast.For) else stmt.test
    # the statement lists are read first: adding a node rewrites them from the node lists
    parts = [("body", f"{kind}_node", stmt.body)]
    if stmt.orelse:
        parts.append(("orelse", "else_node" if kind == "if" else f"{kind}_else_node", stmt.orelse))
    for field, name, stmts in parts:
        node = Node.create_python_node(
            stmt, name, NodeType.ControlFlow, [ScopedValue.from_ast(test)]
        )
        node._field = field
        tree.append_origin_field(node, flow)
        _add_body(tree, stmts, node, cache)


def _iterate_cells(tree, stmt, flow, cache):
    """``for c in self.cells`` over a CellList or a list of cells: the cells become a
    CellContainer node ``self_cells = self.cells`` and the loop iterates its variable."""
    it = stmt.iter
    if not (
        isinstance(it, ast.Attribute) and isinstance(it.value, ast.Name) and it.value.id == "self"
    ):
        return
    cells: Any = getattr(tree.get_origin_network(), it.attr, None)
    if not (
        is_container(cells)
        or (isinstance(cells, (list, tuple)) and cells and all(_is_cell(c) for c in cells))
    ):
        return
    var = tree.var_namer.unique(f"self_{it.attr}")
    assign = ast.Assign(targets=[ast.Name(id=var, ctx=ast.Store())], value=it, lineno=0)
    target = ScopedValue.create_naming_value(var)
    func = ScopedValue.create_naming_value(it.attr, "self")
    node = Node(NodeType.CellContainer, assign, [target], func, [], {}, f"self.{it.attr}", cells)
    node._value_kind = "raw"  # the statement is kept as written: it reads, not calls, the cells
    node.set_belong_symbol_tree(tree)
    held: Any = cells  # (the checks above narrowed `cells` to a list or tuple)
    cell_list = held.name_cells().values() if is_container(held) else held
    node.node_list = [
        element_node(cell, type(cell).__name__, cache, node, [target], []) for cell in cell_list
    ]
    for index, element in enumerate(node.node_list):
        element._origin_index = index
    node.origin_elements = list(node.node_list)
    tree.append_origin_field(node, flow)
    stmt.iter = ast.Name(id=var, ctx=ast.Load())


def _add_inputs(tree, func):
    args = func.args
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for arg, default in list(zip(positional, defaults))[1:]:
        value = None if default is None else ScopedValue.from_ast(default)
        tree.append_input_node(arg, arg.arg, value)


def _targets_of(stmt):
    """The assigned names, or None when the target is not a name or a tuple of names."""
    if isinstance(stmt, ast.Expr):
        return []
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return None
    target = stmt.targets[0]
    if isinstance(target, ast.Name):
        return [ScopedValue.create_naming_value(target.id)]
    if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
        return [
            ScopedValue.create_naming_value(e.id) for e in target.elts if isinstance(e, ast.Name)
        ]
    return None


def _node_of(stmt, tree, cache):
    if isinstance(stmt, ast.Return):
        values = [] if stmt.value is None else [ScopedValue.from_ast(stmt.value)]
        return Node.create_output_node(stmt, values)
    targets = _targets_of(stmt)
    value = getattr(stmt, "value", None)
    for target in targets or []:
        tree.local_primitives.pop(str(target), None)  # (a name assigned again forgets it)
    if targets is None or value is None:
        return Node.create_python_node(stmt, type(stmt).__name__)
    if isinstance(value, ast.Call):
        return _call_node(stmt, value, targets, tree, cache)
    if isinstance(stmt, ast.Expr):
        return Node.create_python_node(stmt, "Expr")
    return _expression_node(stmt, value, targets)


_MATH = {
    ast.BinOp: ("binop", lambda v: [v.left, v.right]),
    ast.UnaryOp: ("unaryop", lambda v: [v.operand]),
    ast.Compare: ("compare", lambda v: [v.left, *v.comparators]),
    ast.BoolOp: ("boolop", lambda v: list(v.values)),
}


def _expression_node(stmt, value, targets):
    if type(value) in _MATH:
        kind, operands = _MATH[type(value)]
        op = value.ops if isinstance(value, ast.Compare) else value.op
        name = f"{kind}_{op_name(op[0] if isinstance(op, list) else op)}"
        args = [ScopedValue.from_ast(a) for a in operands(value)]
        node = Node(NodeType.MathOps, stmt, targets, None, args, {}, name, None)
        node._value_kind, node._op = kind, op
        return node
    if isinstance(value, (ast.Tuple, ast.List)) and not any(
        isinstance(e, ast.Starred) for e in value.elts
    ):
        kind = "tuple" if isinstance(value, ast.Tuple) else "list"
        args = [ScopedValue.from_ast(e) for e in value.elts]
        node = Node(NodeType.CallMethod, stmt, targets, None, args, {}, kind, None)
        node._value_kind = kind
        return node
    if isinstance(value, (ast.Name, ast.Attribute, ast.Constant)):
        name = {ast.Name: "name_assign", ast.Attribute: "attribute_assign"}.get(
            type(value), "constant_assign"
        )
        node = Node(
            NodeType.CallMethod, stmt, targets, None, [ScopedValue.from_ast(value)], {}, name, None
        )
        node._value_kind = "value"
        return node
    name = f"{type(value).__name__.lower()}_var"
    return Node(
        NodeType.CallMethod, stmt, targets, None, [ScopedValue.from_ast(value)], {}, name, None
    )


def _note_local_primitive(tree, targets, made):
    """Remembers a local variable made by calling the Primitive class `made`
    (``op = ops.Abs()``), so the calls of the variable are primitive calls."""
    if len(targets) == 1 and isinstance(made, type) and issubclass(made, Primitive):
        tree.local_primitives[str(targets[0])] = made


def _resolve(func, tree):
    """(object called, its ScopedValue name, node name, held on self) for a call's func."""
    if isinstance(func, ast.Name) and func.id in tree.local_primitives:
        local = LocalPrim(tree.local_primitives[func.id])
        return local, ScopedValue.create_naming_value(func.id), func.id, False
    if isinstance(func, ast.Name):
        obj = tree.namespace.get(func.id, getattr(builtins, func.id, None))
        return obj, ScopedValue.create_naming_value(func.id), func.id, False
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        scope = func.value.id
        if scope == "self":
            obj = getattr(tree.get_origin_network(), func.attr, None)
            return obj, ScopedValue.create_naming_value(func.attr, scope), func.attr, True
        holder = tree.namespace.get(scope)
        obj = (
            getattr(holder, func.attr, None)
            if isinstance(holder, (types.ModuleType, type))
            else None
        )
        return obj, ScopedValue.create_naming_value(func.attr, scope), func.attr, False
    return None, None, "call", False


def _call_node(stmt, call, targets, tree, cache):
    obj, func_name, name, on_self = _resolve(call.func, tree)
    plain = not any(isinstance(a, ast.Starred) for a in call.args) and all(
        k.arg for k in call.keywords
    )
    args = [ScopedValue.from_ast(a) for a in call.args] if plain else []
    kwargs = {k.arg: ScopedValue.from_ast(k.value) for k in call.keywords} if plain else {}
    if on_self and _is_cell(obj):
        if is_container(obj):
            node_type = NodeType.CellContainer
        else:
            node_type = NodeType.CallCell if is_builtin_cell(obj) else NodeType.Tree
    elif (on_self and _is_primitive(obj)) or isinstance(obj, LocalPrim):
        node_type = NodeType.CallPrimitive
    elif func_name is not None:
        # any other named call, a method or a name rewrite cannot resolve included; a class
        # called makes an object the node does not hold
        node_type = NodeType.CallFunction
        if isinstance(obj, type):
            _note_local_primitive(tree, targets, obj)
            obj = None
    else:
        node_type = NodeType.CallMethod
    if not plain or func_name is None:
        node = Node(node_type, stmt, targets, func_name, [], {}, name, obj)
        node._value_kind = "raw"
        return node
    node = Node(node_type, stmt, targets, func_name, args, kwargs, name, obj)
    if node_type is NodeType.Tree:
        node.symbol_tree = build_tree(obj, cache)
    elif node_type is NodeType.CellContainer:
        node.node_list = container_nodes(obj, tree, cache, node)
    elif on_self and node_type is NodeType.CallFunction:
        _read_method(tree, node, call.func, cache)
    return node


def _read_method(tree, node, func, cache):
    """Reads the body of the network's own method that the CallFunction `node` calls into
    nodes the node holds (its parameters as Input nodes); the generated class writes the
    method from them. A method holding control flow or nested functions stays as written."""
    klass = next((k for k in type(tree.get_origin_network()).__mro__ if func.attr in vars(k)), None)
    method = vars(klass).get(func.attr) if klass is not None else None
    if not (isinstance(method, types.FunctionType) and is_user_object(method)):
        return
    func_def = method_def(klass, func.attr)
    if func_def is None or defines_inner(func_def):
        return
    args = [*func_def.args.posonlyargs, *func_def.args.args][1:]
    if func_def.args.vararg or func_def.args.kwarg or func_def.args.kwonlyargs:
        return
    nodes = [Node.create_input_node(arg, arg.arg) for arg in args]
    for flat in flatten_body(func_def.body, Namer(function_names(func_def))):
        nodes.append(_node_of(flat, tree, cache))
    for inner in nodes:
        inner._flow = node
    node.node_list = nodes
    node.method_def = func_def


def container_nodes(container, tree, cache, owner):
    """One node per cell of a SequentialCell/CellList, in order."""
    namer, result = Namer(), []
    for index, cell in enumerate(container.name_cells().values()):
        result.append(element_node(cell, namer.unique(type(cell).__name__), cache, owner))
        result[-1]._origin_index = index
    owner.origin_elements = list(result)
    return result


def element_node(cell, name, cache, owner, targets=None, args=None):
    """The node of one element `cell` of the container node `owner` (by default it reads and
    writes the container's one value, as ``seq_var = ReLU(x)``)."""
    if is_container(cell):
        node_type = NodeType.CellContainer
    elif _is_primitive(cell):
        node_type = NodeType.CallPrimitive
    else:
        node_type = NodeType.CallCell if is_builtin_cell(cell) else NodeType.Tree
    if targets is None:
        targets = [ScopedValue.create_naming_value(f"{owner.get_name()}_var")]
    if args is None:
        args = [ScopedValue.create_naming_value("x")]
    node = Node(
        node_type, None, targets, ScopedValue.create_naming_value(name), args, {}, name, cell
    )
    node._container = owner
    node.set_belong_symbol_tree(owner.get_belong_symbol_tree())
    if node_type is NodeType.Tree:
        node.symbol_tree = build_tree(cell, cache)
    elif node_type is NodeType.CellContainer:
        node.node_list = container_nodes(cell, None, cache, node)
    return node
