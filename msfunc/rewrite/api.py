"""The public rewrite API: SymbolTree and Node, thin handles over the implementation."""

import inspect

from msfunc.rewrite import codegen, container_edits
from msfunc.rewrite.builder import build_tree, is_builtin_cell, is_container
from msfunc.rewrite.node import Node as NodeImpl
from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.scoped_value import ScopedValue
from msfunc.rewrite.static_if import flatten_static_ifs
from msfunc.rewrite.symbol_tree import SymbolTree as SymbolTreeImpl


def _values(items, what, names=True):
    """`items` as ScopedValues (a str is a variable name when `names`)."""
    if items is None:
        return []
    if not isinstance(items, (list, tuple)):
        raise TypeError(f"rewrite: {what} must be a list, got {type(items).__name__}")
    result = []
    for item in items:
        if isinstance(item, str) and names:
            item = ScopedValue.create_naming_value(item)
        if not isinstance(item, ScopedValue):
            kinds = "a ScopedValue or str" if names else "a ScopedValue"
            raise TypeError(f"rewrite: each of {what} must be {kinds}, got {type(item).__name__}")
        result.append(item)
    return result


def _kwargs(kwargs):
    if kwargs is None:
        return {}
    if not isinstance(kwargs, dict):
        raise TypeError(f"rewrite: kwargs must be a dict, got {type(kwargs).__name__}")
    for key, value in kwargs.items():
        if not isinstance(key, str) or not isinstance(value, ScopedValue):
            raise TypeError("rewrite: kwargs must map str names to ScopedValue values")
    return dict(kwargs)


class Node:
    """A statement of a SymbolTree: a call, an operation, an input or the output.

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite import Node, ScopedValue
        >>> x = ScopedValue.create_naming_value("x")
        >>> node = Node.create_call_cell(nn.ReLU(), ["y"], [x], name="act")
        >>> node.get_name(), str(node.get_targets()[0])
        ('act', 'y')
    """

    def __init__(self, node: NodeImpl):
        if isinstance(node, Node):
            node = node.get_handler()
        if not isinstance(node, NodeImpl):
            raise TypeError(f"rewrite: Node wraps a rewrite node, got {type(node).__name__}")
        self._node = node

    @staticmethod
    def create_call_cell(
        cell, targets, args=None, kwargs=None, name: str = "", is_sub_net: bool = False
    ) -> "Node":
        """A node calling `cell` (held on the network under the node's name)."""
        from msfunc.nn import Cell
        from msfunc.ops.primitives import Primitive

        if not isinstance(cell, (Cell, Primitive)):
            raise TypeError(f"rewrite: cell must be a Cell, got {type(cell).__name__}")
        if not isinstance(name, str):
            raise TypeError(f"rewrite: name must be a str, got {type(name).__name__}")
        targets = _values(targets, "targets")
        args, kwargs = _values(args, "args", names=False), _kwargs(kwargs)
        name = name or type(cell).__name__
        func = ScopedValue.create_naming_value(name, "self")
        if is_container(cell):
            node = NodeImpl(NodeType.CellContainer, None, targets, func, args, kwargs, name, cell)
            from msfunc.rewrite.builder import container_nodes

            node.node_list = container_nodes(cell, None, {}, node)
        elif isinstance(cell, Cell) and (is_sub_net or not is_builtin_cell(cell)):
            node = NodeImpl(NodeType.Tree, None, targets, func, args, kwargs, name, cell)
            node.symbol_tree = build_tree(cell)
        else:
            node = NodeImpl.create_call_buildin_op(cell, None, targets, func, args, kwargs, name)
        return Node(node)

    @staticmethod
    def create_call_function(function, targets, args=None, kwargs=None) -> "Node":
        """A node calling the plain function `function`."""
        if (
            not inspect.isfunction(function)
            and not inspect.isbuiltin(function)
            and not callable(function)
        ):
            raise TypeError(f"rewrite: function must be a function, got {type(function).__name__}")
        targets = _values(targets, "targets")
        args, kwargs = _values(args, "args", names=False), _kwargs(kwargs)
        name = getattr(function, "__name__", "function")
        func = ScopedValue.create_naming_value(name)
        return Node(
            NodeImpl.create_call_function(function, None, targets, func, args, kwargs, name)
        )

    @staticmethod
    def create_input(param_name: str, default=None) -> "Node":
        """An Input node for a new construct parameter."""
        if not isinstance(param_name, str):
            raise TypeError(f"rewrite: param_name must be a str, got {type(param_name).__name__}")
        return Node(NodeImpl.create_input_node(None, param_name, default))

    def get_handler(self) -> NodeImpl:
        """The implementation node."""
        return self._node

    def get_inputs(self) -> list:
        """The nodes computing this node's arguments."""
        return [Node(n) for n in self._node.get_inputs()]

    def get_users(self) -> list:
        """The nodes reading this node's outputs."""
        return [Node(n) for n in self._node.get_users()]

    def set_arg(self, index: int, arg) -> None:
        """Replaces argument `index` with `arg` (a ScopedValue or a variable name)."""
        if not isinstance(index, int):
            raise TypeError(f"rewrite: index must be an int, got {type(index).__name__}")
        if not isinstance(arg, (ScopedValue, str)):
            raise TypeError(f"rewrite: arg must be a ScopedValue or str, got {type(arg).__name__}")
        self._node.set_arg(arg, index)
        self._sync()

    def set_arg_by_node(self, arg_idx: int, src_node: "Node", out_idx=None) -> None:
        """Makes argument `arg_idx` read output `out_idx` of `src_node`."""
        if not isinstance(arg_idx, int):
            raise TypeError(f"rewrite: arg_idx must be an int, got {type(arg_idx).__name__}")
        if not isinstance(src_node, Node):
            raise TypeError(f"rewrite: src_node must be a Node, got {type(src_node).__name__}")
        if out_idx is not None and not isinstance(out_idx, int):
            raise TypeError(f"rewrite: out_idx must be an int, got {type(out_idx).__name__}")
        self._node.set_arg_by_node(arg_idx, src_node.get_handler(), out_idx)
        self._sync()

    def _sync(self):
        tree = self._node.get_belong_symbol_tree()
        if tree is not None:
            tree.sync_body()

    def get_targets(self) -> list:
        """The values the node assigns."""
        return self._node.get_targets()

    def get_name(self) -> str:
        """The node's unique name in its tree."""
        return self._node.get_name()

    def get_node_type(self) -> NodeType:
        """The node's NodeType."""
        return self._node.get_node_type()

    def get_instance_type(self):
        """The type of the called cell or primitive (the function for CallFunction)."""
        return self._node.get_instance_type()

    def get_instance(self):
        """The called cell, primitive or function."""
        return self._node.get_instance()

    def get_args(self) -> list:
        """The positional arguments."""
        return self._node.get_args()

    def get_kwargs(self) -> dict:
        """The keyword arguments."""
        return self._node.get_kwargs()

    def get_symbol_tree(self) -> "SymbolTree | None":
        """The SymbolTree holding this node."""
        tree = self._node.get_belong_symbol_tree()
        return None if tree is None else SymbolTree(tree)

    def get_sub_tree(self) -> "SymbolTree":
        """The SymbolTree of the sub-network a Tree node calls."""
        if self._node.get_node_type() is not NodeType.Tree:
            raise TypeError(
                f"rewrite: node {self.get_name()} is a {self.get_node_type()}, not a Tree node"
            )
        return SymbolTree(self._node.symbol_tree)

    def set_attribute(self, key: str, value):
        self._node.set_attribute(key, value)

    def get_attributes(self) -> dict:
        return self._node.get_attributes()

    def get_attribute(self, key: str):
        return self._node.get_attribute(key)

    def get_arg_providers(self) -> dict:
        """{argument index: (Node, output index)}."""
        return {k: (Node(n), i) for k, (n, i) in self._node.get_arg_providers().items()}

    def get_target_users(self, index=-1):
        """[(Node, argument index)] reading output `index` (all outputs as a dict when -1)."""
        users = self._node.get_target_users(-1)
        wrapped = {k: [(Node(n), i) for n, i in v] for k, v in users.items()}
        return wrapped if index == -1 else wrapped.get(index, [])

    def __eq__(self, other):
        if isinstance(other, Node):
            return self._node is other._node
        if isinstance(other, NodeImpl):
            return self._node is other
        return NotImplemented

    def __hash__(self):
        return id(self._node)

    def __repr__(self):
        return f"Node({self.get_node_type()}, {self.get_name()})"


class _Position:
    """Where `insert` puts a node: before or after `node` of `tree` (or of a container)."""

    def __init__(self, tree, node, before):
        self.tree, self.node, self.before = tree, node, before


class SymbolTree:
    """A network's construct as an editable list of nodes, turned back into a network.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> from msfunc.rewrite import SymbolTree, Node, ScopedValue
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.relu = nn.ReLU()
        ...     def construct(self, x):
        ...         x = self.relu(x)
        ...         return x
        >>> stree = SymbolTree.create(Net())
        >>> relu = stree.get_node("relu")
        >>> x = ScopedValue.create_naming_value("x")
        >>> neg = Node.create_call_cell(nn.Tanh(), ["x"], [x], name="tanh")
        >>> _ = stree.insert(stree.after(relu), neg)
        >>> [n.get_name() for n in stree.nodes()]
        ['input_x', 'relu', 'tanh', 'return']
        >>> net = stree.get_network()
        >>> net(ms.Tensor(np.array([-1.0, 1.0], np.float32))).asnumpy().round(4)
        array([0.    , 0.7616], dtype=float32)
    """

    def __init__(self, handler: SymbolTreeImpl):
        if not isinstance(handler, SymbolTreeImpl):
            raise TypeError(
                f"rewrite: SymbolTree wraps a rewrite symbol tree, got {type(handler).__name__}"
            )
        self._tree = handler

    @classmethod
    def create(cls, network) -> "SymbolTree":
        """The SymbolTree of `network`'s construct."""
        return cls(build_tree(network))

    def get_handler(self) -> SymbolTreeImpl:
        """The implementation tree."""
        return self._tree

    def nodes(self, all_nodes: bool = False):
        """The nodes in program order (with those of sub-trees and containers when `all_nodes`)."""
        if not isinstance(all_nodes, bool):
            raise TypeError(f"rewrite: all_nodes must be a bool, got {type(all_nodes).__name__}")
        if not all_nodes:
            return (Node(n) for n in self._tree.nodes())
        return (Node(n) for n in _all_nodes(self._tree, set()))

    def get_node(self, node_name: str):
        """The node called `node_name`, or None."""
        if not isinstance(node_name, str):
            raise TypeError(f"rewrite: node_name must be a str, got {type(node_name).__name__}")
        node = self._tree.get_node(node_name)
        return None if node is None else Node(node)

    def get_inputs(self) -> list:
        """The Input nodes."""
        return [Node(n) for n in self._tree.get_input_nodes()]

    def _node_of(self, node):
        if isinstance(node, str):
            found = self._tree.get_node(node)
            if found is None:
                raise RuntimeError(f"rewrite: no node called {node} in this SymbolTree")
            return found
        if not isinstance(node, Node):
            raise TypeError(f"rewrite: node must be a Node or str, got {type(node).__name__}")
        return node.get_handler()

    def before(self, node) -> _Position:
        """The position just before `node`."""
        return _Position(self._tree, self._node_of(node), True)

    def after(self, node) -> _Position:
        """The position just after `node`."""
        return _Position(self._tree, self._node_of(node), False)

    def insert(self, position, node: Node) -> Node:
        """Inserts `node` at `position`; returns it."""
        if not isinstance(position, _Position):
            raise TypeError(
                f"rewrite: position must come from before()/after(), got {type(position).__name__}"
            )
        if not isinstance(node, Node):
            raise TypeError(f"rewrite: node must be a Node, got {type(node).__name__}")
        base = position.node
        if base._container is not None:
            container_edits.insert(base._container, base, node.get_handler(), position.before)
            return node
        tree = base.get_belong_symbol_tree() or position.tree
        tree.insert_node(node.get_handler(), base, position.before)
        return node

    def erase(self, node):
        """Removes `node`; returns it."""
        impl = self._node_of(node)
        if impl._container is not None:
            container_edits.erase(impl)
            return Node(impl)
        tree = impl.get_belong_symbol_tree() or self._tree
        return Node(tree.erase_node(impl))

    def replace(self, old_node: Node, new_nodes: list) -> Node:
        """Puts `new_nodes` where `old_node` is; returns the last of them."""
        if not isinstance(old_node, Node):
            raise TypeError(f"rewrite: old_node must be a Node, got {type(old_node).__name__}")
        if not isinstance(new_nodes, list) or not all(isinstance(n, Node) for n in new_nodes):
            raise TypeError("rewrite: new_nodes must be a list of Node")
        impl = old_node.get_handler()
        if impl._container is not None:
            container_edits.replace(impl, [n.get_handler() for n in new_nodes])
            return new_nodes[-1]
        tree = impl.get_belong_symbol_tree() or self._tree
        tree.replace(impl, [n.get_handler() for n in new_nodes])
        return new_nodes[-1]

    def flatten_static_if_control_flow(self) -> None:
        """Replaces each if statement whose test is known before the network runs (constants,
        plain attributes of the network or a class, the context) by the branch it takes."""
        flatten_static_ifs(self._tree, self._tree.own_nodes())

    def set_output(self, index: int, return_value: str) -> Node:
        """Makes output `index` return the variable `return_value`."""
        return Node(self._tree.set_output(index, return_value))

    def dump(self):
        """Prints the nodes, one a line."""
        for node in self._tree.nodes():
            print(node.get_node_type(), node.get_name(), [str(t) for t in node.get_targets()])

    def print_node_tabulate(self, all_nodes: bool = False):
        """Prints the nodes as a table (type, name, code, inputs, users)."""
        from msfunc.rewrite.table import node_table

        print(node_table(self, all_nodes))

    def get_code(self) -> str:
        """The source of the network the tree generates."""
        return codegen.get_code(self._tree)

    def get_network(self):
        """A new network running the edited construct."""
        return codegen.get_network(self._tree)

    def set_saved_file_name(self, file_name: str):
        self._tree.set_saved_file_name(file_name)

    def get_saved_file_name(self):
        return self._tree.get_saved_file_name()

    def save_network_to_file(self):
        self._tree.save_network_to_file()

    def unique_name(self, name: str = "output"):
        """A variable name not used in the construct yet."""
        if not isinstance(name, str):
            raise TypeError(f"rewrite: name must be a str, got {type(name).__name__}")
        return self._tree.unique_name(name)

    def get_origin_network(self):
        """The network the tree was built from."""
        return self._tree.get_origin_network()


def _all_nodes(tree, seen):
    result = []
    for node in tree.nodes():
        result.append(node)
        result.extend(_element_nodes(node, seen))
    return result


def _element_nodes(node, seen):
    result = []
    sub = getattr(node, "symbol_tree", None)
    if node.get_node_type() is NodeType.Tree and sub is not None and id(sub) not in seen:
        seen.add(id(sub))
        result.extend(_all_nodes(sub, seen))
    for element in node.nodes():
        result.append(element)
        result.extend(_element_nodes(element, seen))
    return result
