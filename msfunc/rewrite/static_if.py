"""Replace if statements whose test is known before the network runs by the branch taken."""

import ast

from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.scoped_value import ValueType


class _NotStatic(Exception):
    """The value depends on the network's inputs or on a call made while it runs."""


def _static_calls():
    """The functions whose result is known before the network runs."""
    from msfunc import context

    return (context.get_context,)


def _attribute(holder, name):
    """A plain attribute (not a cell, primitive, parameter or tensor) of `holder`."""
    from msfunc.common.tensor import Tensor
    from msfunc.nn import Cell
    from msfunc.ops.primitives import Primitive

    if not hasattr(holder, name):
        raise _NotStatic(name)
    value = getattr(holder, name)
    if isinstance(value, (Cell, Primitive, Tensor)):
        raise _NotStatic(name)
    return value


def _value(tree, nodes, position, value):
    """The Python value of `value` as read at `position` of `nodes`."""
    if value.type is ValueType.ConstantValue:
        return value.value
    if value.type in (ValueType.TupleValue, ValueType.ListValue):
        items = [_value(tree, nodes, position, v) for v in value.value]
        return tuple(items) if value.type is ValueType.TupleValue else items
    if value.type is not ValueType.NamingValue:
        raise _NotStatic(str(value))
    if value.scope == "self":
        return _attribute(tree.get_origin_network(), value.value)
    if value.scope:
        if value.scope not in tree.namespace:
            raise _NotStatic(value.scope)
        return _attribute(tree.namespace[value.scope], value.value)
    for index in range(position - 1, -1, -1):
        node = nodes[index]
        if value.value in [str(t) for t in node.get_targets()]:
            return _node_value(tree, nodes, index, node)
    raise _NotStatic(value.value)  # an input of construct


def _node_value(tree, nodes, position, node):
    """The value the single-target `node` at `position` assigns."""
    args = [_value(tree, nodes, position, a) for a in node.get_args()]
    if node.get_node_type() is NodeType.CallFunction and len(node.get_targets()) == 1:
        if node.get_instance() in _static_calls():
            kwargs = {k: _value(tree, nodes, position, v) for k, v in node.get_kwargs().items()}
            return node.get_instance()(*args, **kwargs)
    if node.get_node_type() is NodeType.MathOps or node._value_kind == "value":
        names = [f"_arg{i}" for i in range(len(args))]
        expr = _with_names(node, names)
        code = compile(ast.fix_missing_locations(ast.Expression(expr)), "<static if>", "eval")
        return eval(code, {}, dict(zip(names, args)))  # noqa: S307 - an operator on known values
    raise _NotStatic(node.get_name())


def _with_names(node, names):
    """`node`'s expression reading the placeholder names `names` for its arguments."""
    args: list[ast.expr] = [ast.Name(id=n, ctx=ast.Load()) for n in names]
    kind, op = node._value_kind, node._op
    if kind == "binop":
        return ast.BinOp(left=args[0], op=op, right=args[1])
    if kind == "unaryop":
        return ast.UnaryOp(op=op, operand=args[0])
    if kind == "compare":
        return ast.Compare(left=args[0], ops=op, comparators=args[1:])
    if kind == "boolop":
        return ast.BoolOp(op=op, values=args)
    if kind == "value":
        return args[0]
    raise _NotStatic(node.get_name())


def flatten_static_ifs(tree, nodes):
    """Puts, in the node list `nodes` of `tree` (and in the bodies it holds), the nodes of the
    branch taken in place of each if statement whose test is known before the network runs.

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite import SymbolTree
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.mode, self.relu, self.tanh = "fast", nn.ReLU(), nn.Tanh()
        ...     def construct(self, x):
        ...         if self.mode == "fast":
        ...             x = self.relu(x)
        ...         else:
        ...             x = self.tanh(x)
        ...         return x
        >>> stree = SymbolTree.create(Net())
        >>> stree.flatten_static_if_control_flow()
        >>> [n.get_name() for n in stree.nodes()]
        ['input_x', 'compare_eq', 'relu', 'return']
    """
    index = 0
    while index < len(nodes):
        node = nodes[index]
        if node.get_node_type() is not NodeType.ControlFlow:
            index += 1
            continue
        stmt = node.get_ast()
        parts = [n for n in nodes if n.get_ast() is stmt]
        try:
            if not isinstance(stmt, ast.If):
                raise _NotStatic(node.get_name())
            test = _value(tree, nodes, index, node.get_args()[0])
        except _NotStatic:
            for part in parts:
                flatten_static_ifs(tree, part.node_list)
            index += len(parts)
            continue
        field = "body" if test else "orelse"
        taken = [n for part in parts if part._field == field for n in part.node_list]
        for part in parts:
            nodes.remove(part)
            tree.forget(part, inner=part._field != field)
        for inner in taken:
            inner._flow = node._flow
        nodes[index:index] = taken
        index += len(taken)  # as MindSpore does, the branch taken is not looked into
    tree.sync_body()
