"""The rewrite node: one statement of a construct, with its targets and arguments."""

import ast
import inspect
from collections import OrderedDict
from typing import Any

from msfunc.ops.primitives import Primitive
from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.scoped_value import ScopedValue

_CALL_TYPES = (NodeType.CallCell, NodeType.CallPrimitive, NodeType.CallFunction, NodeType.Tree)
_CALL_TYPES += (NodeType.CellContainer, NodeType.CallModule)


def _as_value(value) -> ScopedValue:
    if isinstance(value, ScopedValue):
        return value
    if isinstance(value, str):
        return ScopedValue.create_naming_value(value)
    raise TypeError(
        f"rewrite: an argument or target must be a ScopedValue or str, got {type(value).__name__}"
    )


def _callee_signature(instance):
    """The signature the call's arguments bind to, or None when it cannot be read."""
    target = getattr(instance, "construct", None) if hasattr(instance, "construct") else instance
    if target is None or not callable(target):
        return None
    try:
        return inspect.signature(target)
    except (TypeError, ValueError):
        return None


def normalize_args(instance, args, kwargs):
    """(names, values) of a call's arguments, named after the callee's parameters where known."""
    signature = _callee_signature(instance)
    params = list(signature.parameters.values()) if signature is not None else []
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    var_positional = next((p for p in params if p.kind is p.VAR_POSITIONAL), None)
    result = OrderedDict()
    for index, arg in enumerate(args):
        if index < len(positional):
            key = positional[index].name
        elif var_positional is not None:
            key = f"{var_positional.name}_{index}"
        elif signature is not None and params:
            raise RuntimeError(
                f"rewrite: {len(args)} positional arguments are too many for {instance!r}"
            )
        else:
            key = f"input_{index}"
        result[key] = arg
    order = {p.name: i for i, p in enumerate(params)}
    for key in sorted(kwargs, key=lambda k: order.get(k, len(order))):
        result[key] = kwargs[key]
    return result


class Node:
    """One statement of a SymbolTree (the implementation behind ``rewrite.Node``).

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite import ScopedValue
        >>> from msfunc.rewrite.node import Node
        >>> x = ScopedValue.create_naming_value("x")
        >>> func = ScopedValue.create_naming_value("relu", "self")
        >>> node = Node.create_call_buildin_op(nn.ReLU(), None, [x], func, [x], {}, "relu")
        >>> import ast; ast.unparse(node.get_ast())
        'x = self.relu(x)'
    """

    def __init__(self, node_type, ast_node, targets, func_name, args, kwargs, name, instance):
        self._node_type = node_type
        self._targets = [_as_value(t) for t in (targets or [])]
        self._func_name = func_name
        self._instance = instance
        self._name = name
        self._args_num = len(args or [])
        self._kwargs_num = len(kwargs or {})
        args = [_as_value(a) for a in (args or [])]
        kwargs = {k: _as_value(v) for k, v in (kwargs or {}).items()}
        if node_type in _CALL_TYPES:
            self._normalized_args = normalize_args(instance, args, kwargs)
        else:
            self._normalized_args = OrderedDict((f"input_{i}", a) for i, a in enumerate(args))
            self._normalized_args.update(kwargs)
        self._normalized_args_keys = list(self._normalized_args)
        self._value_kind = "call" if node_type in _CALL_TYPES else "raw"
        self._op: Any = None  # the operator(s) of a MathOps node
        self._default: Any = None  # an Input node's default value
        self.symbol_tree: Any = None  # a Tree node's sub-tree
        self.node_list: list = []  # a CellContainer node's element nodes
        self.container_edits: list = []  # a CellContainer node's edits, as ``__init__`` lines
        self._origin_index = None  # a parsed container element's index in its container
        self.origin_elements: list = []  # a CellContainer node's element nodes as parsed
        self._ast = ast_node
        self._belong_tree = None  # the SymbolTree holding this node
        self._container = None  # the CellContainer node this node is an element of
        self._flow = None  # the ControlFlow node whose body holds this node
        self._field = "body"  # a ControlFlow node's part of its statement: body or orelse
        self._attributes = {}
        if ast_node is None:
            self.update_ast_node()

    # -- construction -----------------------------------------------------------------
    @classmethod
    def create_call_buildin_op(cls, op, ast_node, targets, func_name, args, kwargs, node_name):
        """A node calling the cell or primitive `op` held as ``func_name``."""
        node_type = NodeType.CallPrimitive if _is_primitive(op) else NodeType.CallCell
        return cls(node_type, ast_node, targets, func_name, args, kwargs, node_name, op)

    @classmethod
    def create_call_function(
        cls, function, ast_node, targets, func_name, args, kwargs, node_name=""
    ):
        """A node calling the plain function `function`."""
        name = node_name or getattr(function, "__name__", "function")
        return cls(
            NodeType.CallFunction, ast_node, targets, func_name, args, kwargs, name, function
        )

    @classmethod
    def create_input_node(cls, ast_node, param_name, default=None, name=""):
        """The Input node of construct's parameter `param_name`."""
        node = cls(
            NodeType.Input,
            ast_node,
            [param_name],
            None,
            [],
            {},
            name or f"input_{param_name}",
            None,
        )
        node._default = default
        return node

    @classmethod
    def create_output_node(cls, ast_node, return_values, name="return"):
        """The Output node returning `return_values`."""
        node = cls(NodeType.Output, ast_node, [], None, return_values, {}, name, None)
        if ast_node is None:
            node.update_ast_node()
        return node

    @classmethod
    def create_python_node(cls, ast_node, name, node_type=NodeType.Python, args=None):
        """A node holding a statement kept as written (control flow, augmented assignment ...)."""
        return cls(node_type, ast_node, [], None, args or [], {}, name, None)

    # -- reading ------------------------------------------------------------------------
    def get_name(self) -> str:
        """The node's unique name in its tree."""
        return self._name

    def set_name(self, name: str) -> None:
        """Renames the node (the tree keeps names unique)."""
        self._name = name

    def get_node_type(self) -> NodeType:
        """The node's NodeType."""
        return self._node_type

    def get_instance(self):
        """The cell, primitive or function the node calls (None for other nodes)."""
        return self._instance

    def get_instance_type(self):
        """The type of the called cell/primitive, the function itself, else NoneType."""
        if self._node_type is NodeType.CallFunction and self._instance is not None:
            return self._instance
        if isinstance(self._instance, LocalPrim):
            return self._instance.prim_obj
        return type(self._instance)

    def get_targets(self) -> list:
        """The values the statement assigns."""
        return list(self._targets)

    def get_func_name(self):
        """The callee as written (``self.conv``), a ScopedValue."""
        return self._func_name

    def get_normalized_args(self) -> OrderedDict:
        """All arguments, keyed by the callee's parameter names."""
        return OrderedDict(self._normalized_args)

    def get_args(self) -> list:
        """The positional arguments."""
        return list(self._normalized_args.values())[: self._args_num]

    def get_kwargs(self) -> dict:
        """The keyword arguments."""
        items = list(self._normalized_args.items())[self._args_num :]
        return dict(items)

    def get_ast(self):
        """The statement this node generates."""
        return self._ast

    def get_belong_symbol_tree(self):
        """The SymbolTree the node is part of."""
        return self._belong_tree

    def set_belong_symbol_tree(self, tree) -> None:
        self._belong_tree = tree

    def get_node_manager(self):
        """What holds the node: its CellContainer or ControlFlow node, else its SymbolTree."""
        return self._container or self._flow or self._belong_tree

    def _neighbour(self, step):
        tree = self._belong_tree
        order = tree.holder_list(self) if tree is not None else []
        index = next((i for i, n in enumerate(order) if n is self), None)
        if index is None or not 0 <= index + step < len(order):
            return None
        return order[index + step]

    @property
    def _next(self):
        """The node after this one in program order."""
        return self._neighbour(1)

    @property
    def _prev(self):
        """The node before this one in program order."""
        return self._neighbour(-1)

    def nodes(self) -> list:
        """The element nodes of a CellContainer node, the body of a ControlFlow node."""
        return list(self.node_list)

    def set_attribute(self, key, value):
        self._attributes[key] = value

    def get_attributes(self):
        return dict(self._attributes)

    def get_attribute(self, key):
        return self._attributes.get(key)

    # -- editing -----------------------------------------------------------------------
    def set_arg(self, arg, index: int) -> None:
        """Replaces the argument at `index` (positional then keyword order)."""
        keys = list(self._normalized_args)
        if not isinstance(index, int) or not 0 <= index < len(keys):
            raise ValueError(
                f"rewrite: argument index {index} is out of range for node {self._name}"
            )
        self._normalized_args[keys[index]] = _as_value(arg)
        self.update_ast_node()

    def append_kwarg(self, kwarg: dict) -> None:
        """Adds keyword arguments ({name: ScopedValue}) to the call."""
        if not isinstance(kwarg, dict):
            raise TypeError(f"rewrite: kwarg must be a dict, got {type(kwarg).__name__}")
        for key, value in kwarg.items():
            if not isinstance(key, str):
                raise TypeError(f"rewrite: a keyword must be a str, got {type(key).__name__}")
            if key not in self._normalized_args:
                self._kwargs_num += 1
            self._normalized_args[key] = _as_value(value)
        self.update_ast_node()
        if self._belong_tree is not None:
            self._belong_tree.sync_body()

    def set_targets(self, targets) -> None:
        self._targets = [_as_value(t) for t in targets]
        self.update_ast_node()

    def set_arg_by_node(self, arg_idx: int, src_node, out_idx=None) -> None:
        """Makes argument `arg_idx` read output `out_idx` of `src_node`."""
        targets = src_node.get_targets()
        if out_idx is None:
            if len(targets) != 1:
                raise RuntimeError(
                    f"rewrite: node {src_node.get_name()} has {len(targets)} outputs; give out_idx"
                )
            out_idx = 0
        if not 0 <= out_idx < len(targets):
            raise RuntimeError(
                f"rewrite: out_idx {out_idx} is out of range for node {src_node.get_name()}"
            )
        self.set_arg(targets[out_idx], arg_idx)

    # -- topology (computed from names, so it follows every edit) --------------------------
    def get_arg_providers(self) -> dict:
        """{argument index: (node, output index)} for arguments another node computes."""
        tree = self._belong_tree
        return {} if tree is None else tree.arg_providers(self)

    def get_target_users(self, index=-1):
        """[(node, argument index)] reading output `index`; all outputs as a dict when -1."""
        tree = self._belong_tree
        users = {} if tree is None else tree.target_users(self)
        if index == -1:
            return users
        return users.get(index, [])

    def get_inputs(self) -> list:
        """The nodes computing this node's arguments, in argument order."""
        return [node for node, _ in self.get_arg_providers().values()]

    def get_users(self) -> list:
        """The nodes reading this node's outputs, in program order."""
        tree = self._belong_tree
        return [] if tree is None else tree.node_users(self)

    # -- code ------------------------------------------------------------------------------
    def _value_ast(self):
        args = [v.to_ast() for v in self.get_args()]
        if self._value_kind == "call":
            keywords = [ast.keyword(arg=k, value=v.to_ast()) for k, v in self.get_kwargs().items()]
            func = (
                self._func_name.to_ast() if self._func_name is not None else ast.Name(id=self._name)
            )
            return ast.Call(func=func, args=args, keywords=keywords)
        if self._value_kind == "binop":
            return ast.BinOp(left=args[0], op=self._op, right=args[1])
        if self._value_kind == "unaryop":
            return ast.UnaryOp(op=self._op, operand=args[0])
        if self._value_kind == "compare":
            return ast.Compare(left=args[0], ops=self._op, comparators=args[1:])
        if self._value_kind == "boolop":
            return ast.BoolOp(op=self._op, values=args)
        if self._value_kind in ("tuple", "list"):
            kind = ast.Tuple if self._value_kind == "tuple" else ast.List
            return kind(elts=args, ctx=ast.Load())
        if self._value_kind == "value":
            return args[0]
        return None

    def update_ast_node(self):
        """Rebuilds the statement from the node's targets and arguments."""
        if self._node_type is NodeType.Output:
            values = [v.to_ast() for v in self.get_args()]
            value = values[0] if len(values) == 1 else ast.Tuple(elts=values, ctx=ast.Load())
            self._ast = _keep(self._ast, ast.Return(value=value))
            return self._ast
        value = self._value_ast()
        if value is None or self._node_type is NodeType.Input:
            return self._ast
        if not self._targets:
            self._ast = _keep(self._ast, ast.Expr(value=value))
            return self._ast
        names: list = [ast.Name(id=str(t), ctx=ast.Store()) for t in self._targets]
        target = names[0] if len(names) == 1 else ast.Tuple(elts=names, ctx=ast.Store())
        self._ast = _keep(self._ast, ast.Assign(targets=[target], value=value))
        return self._ast

    def __repr__(self):
        return f"Node({self._node_type}, {self._name})"


def _keep(old, new):
    """`new`'s fields written into `old` when both are the same kind of statement (callers
    holding the old statement see the edit), else `new`."""
    if old is not None and type(old) is type(new):
        for field in new._fields:
            setattr(old, field, getattr(new, field))
        return ast.fix_missing_locations(old)
    return ast.fix_missing_locations(new)


def _is_primitive(obj) -> bool:
    return isinstance(obj, Primitive)


class LocalPrim(Primitive):
    """Stands for a primitive that construct makes in a local variable and then calls: rewrite
    reads the code without running it, so it knows the primitive's class (`prim_obj`), not the
    object.

    Example:
        >>> from msfunc import ops
        >>> from msfunc.rewrite.node import LocalPrim
        >>> LocalPrim(ops.Abs).prim_obj is ops.Abs
        True
    """

    def __init__(self, prim_obj):
        super().__init__("rewrite_local_prim")
        self.prim_obj = prim_obj
