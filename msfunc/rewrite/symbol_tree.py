"""The rewrite SymbolTree: a construct's statements as an ordered, editable list of nodes."""

import ast
import os

from msfunc.rewrite.flattener import Namer
from msfunc.rewrite.node import Node
from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.scoped_value import ScopedValue, ValueType


class SymbolTree:
    """The nodes of one network's construct, in program order (behind ``rewrite.SymbolTree``).

    Producers and users of a value are found from variable names each time they are asked
    for, so they always follow the edits.

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite.builder import build_tree
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.relu = nn.ReLU()
        ...     def construct(self, x):
        ...         return self.relu(x)
        >>> [n.get_name() for n in build_tree(Net()).nodes()]
        ['input_x', 'relu', 'return']
    """

    def __init__(self, origin_network, module_ast=None):
        self._origin_network = origin_network
        self._module_ast = module_ast
        self._class_ast = None
        self._init_func_ast = None
        self._root_ast = None
        self._order: list = []  # every node in program order
        self._nodes: dict = {}  # name -> node
        self._node_namer = Namer()
        self.var_namer = Namer()
        self.source_names: set = set()  # every name the source construct mentions
        self._saved_file_name = "./network_define.py"
        self.namespace: dict = {}  # names the generated construct reads
        self.inserted_cells: list = []  # names of the cells insertions put on the network
        self.local_primitives: dict = {}  # local variable -> the Primitive class it was made of
        self.class_name = type(origin_network).__name__

    # -- setup, as the builder does it ---------------------------------------------------
    def set_class_ast(self, ast_node):
        self._class_ast = ast_node

    def set_init_func_ast(self, ast_node):
        self._init_func_ast = ast_node

    def set_ast_root(self, ast_node):
        self._root_ast = ast_node

    def get_ast_root(self):
        return self._root_ast

    def get_origin_network(self):
        """The network the tree was built from."""
        return self._origin_network

    def append_input_node(self, ast_arg, param_name, default=None):
        """Adds the Input node of construct's parameter `param_name`."""
        node = Node.create_input_node(ast_arg, param_name, default)
        self.var_namer.take(param_name)
        return self._add(node, len(self._input_nodes()))

    def append_origin_field(self, node, flow=None):
        """Adds `node` (parsed from the source) at the end of the tree or of `flow`'s body."""
        node._flow = flow
        return self._add(node, len(self.holder_list(node)))

    # -- reading ---------------------------------------------------------------------------
    def nodes(self):
        """Every node in program order."""
        return list(self._order)

    def own_nodes(self):
        """The tree's own node list itself, for edits that rearrange it."""
        return self._order

    def get_node(self, name):
        """The node called `name` (in a control-flow body or a container too), or None."""
        return self._nodes.get(name)

    def holder_list(self, node):
        """The list `node` sits in: the body of its ControlFlow node (or of the CallFunction
        node of a method), else the tree's own nodes."""
        return node._flow.node_list if node._flow is not None else self._order

    def all_nodes(self):
        """Every node in program order, control-flow bodies included."""
        result = []

        def visit(nodes):
            for node in nodes:
                result.append(node)
                if node.get_node_type() in (NodeType.ControlFlow, NodeType.CallFunction):
                    visit(node.node_list)  # (a CallFunction node holds a method's body)

        visit(self._order)
        return result

    def _input_nodes(self):
        return [n for n in self._order if n.get_node_type() is NodeType.Input]

    def get_input_nodes(self):
        """The Input nodes, in parameter order."""
        return self._input_nodes()

    def get_return_node(self):
        return next((n for n in self._order if n.get_node_type() is NodeType.Output), None)

    # -- topology ---------------------------------------------------------------------------
    def _position(self, node):
        for index, item in enumerate(self.holder_list(node)):
            if item is node:
                return index
        return -1

    def arg_providers(self, node):
        position = self._position(node)
        if position < 0:
            return {}
        result = {}
        for index, arg in enumerate(node.get_normalized_args().values()):
            if arg.type is not ValueType.NamingValue or arg.scope:
                continue
            for earlier in reversed(self.holder_list(node)[:position]):
                targets = [str(t) for t in earlier.get_targets()]
                if arg.value in targets:
                    result[index] = (earlier, targets.index(arg.value))
                    break
        return result

    def target_users(self, node):
        position = self._position(node)
        result = {}
        if position < 0:
            return result
        for out, target in enumerate(node.get_targets()):
            users = result.setdefault(out, [])
            for later in self.holder_list(node)[position + 1 :]:
                for index, arg in enumerate(later.get_normalized_args().values()):
                    if (
                        arg.type is ValueType.NamingValue
                        and not arg.scope
                        and arg.value == str(target)
                    ):
                        users.append((later, index))
                if str(target) in [str(t) for t in later.get_targets()]:
                    break
        return result

    def node_users(self, node):
        seen = []
        for users in self.target_users(node).values():
            for user, _ in users:
                if all(user is not s for s in seen):
                    seen.append(user)
        return sorted(seen, key=self._position)

    def get_node_users(self, node):
        """[(user node, argument index)] over all outputs of `node`."""
        return [pair for users in self.target_users(node).values() for pair in users]

    def get_node_inputs(self, node):
        """The nodes computing `node`'s arguments."""
        return [n for n, _ in self.arg_providers(node).values()]

    # -- editing ------------------------------------------------------------------------------
    def _add(self, node, index):
        self.register(node)
        self.holder_list(node).insert(index, node)
        for target in node.get_targets():
            self.var_namer.take(str(target))
        self._attach(node)
        self.sync_body()
        return node

    def register(self, node):
        """Gives `node` (and a container's elements) a name unique in the tree, findable by
        get_node."""
        name = self._node_namer.unique(node.get_name() or "node")
        node.set_name(name)
        self._nodes[name] = node
        node.set_belong_symbol_tree(self)
        if node.get_node_type() in (NodeType.CellContainer, NodeType.CallFunction):
            for element in node.node_list:
                self.register(element)

    def forget(self, node, inner=True):
        """Drops `node` (and, when `inner`, the nodes it holds) from the names get_node finds."""
        if self._nodes.get(node.get_name()) is node:
            del self._nodes[node.get_name()]
        node.set_belong_symbol_tree(None)
        for held in node.node_list if inner else []:
            self.forget(held)

    def _attach(self, node):
        """Puts the cell or primitive an inserted node calls on the network (``self.NAME``)."""
        func = node.get_func_name()
        if node.get_node_type() in (NodeType.CallCell, NodeType.CallPrimitive, NodeType.Tree):
            if func is not None and func.scope == "self" and node.get_instance() is not None:
                held = getattr(self._origin_network, func.value, None)
                if held is not node.get_instance():
                    setattr(self._origin_network, func.value, node.get_instance())

    def insert_node(self, new_node, base_node, before_node: bool):
        """Inserts `new_node` before or after `base_node`; returns it."""
        position = self._position(base_node)
        if position < 0:
            raise RuntimeError(f"rewrite: node {base_node.get_name()} is not in this SymbolTree")
        if before_node and base_node.get_node_type() is NodeType.Input:
            raise RuntimeError("rewrite: nothing can be inserted before an Input node")
        if not before_node and base_node.get_node_type() is NodeType.Output:
            raise RuntimeError("rewrite: nothing can be inserted after the Output node")
        new_node = self._prepare_new(new_node)
        if new_node.get_node_type() is NodeType.Input:
            self._add_parameter(new_node)
        new_node._flow = base_node._flow
        return self._add(new_node, position if before_node else position + 1)

    def _add_parameter(self, node):
        """A new Input node becomes construct's last parameter (None its default if not given)."""
        if not isinstance(self._root_ast, ast.FunctionDef):
            return
        name = str(node.get_targets()[0])
        arguments = self._root_ast.args
        arguments.args.append(ast.arg(arg=name))
        default = node._default
        arguments.defaults.append(default.to_ast() if default is not None else ast.Constant(None))

    def _prepare_new(self, node):
        """A call node made by the API: it calls ``self.<its unique name>``."""
        if node.get_node_type() in (NodeType.CallCell, NodeType.CallPrimitive, NodeType.Tree):
            name = self._node_namer.peek(node.get_name() or "cell")
            node.set_name(name)
            node._func_name = ScopedValue.create_naming_value(name, "self")
            node.update_ast_node()
            self.inserted_cells.append(name)
        return node

    def erase_node(self, node):
        """Removes `node`; returns it."""
        position = self._position(node)
        if position < 0:
            raise RuntimeError(f"rewrite: node {node.get_name()} is not in this SymbolTree")
        del self.holder_list(node)[position]
        # a CellContainer's elements stay findable by name after it is erased, as in MindSpore
        # (a control-flow node's body goes with it)
        self.forget(node, inner=node.get_node_type() is not NodeType.CellContainer)
        self.sync_body()
        return node

    def replace(self, old_node, new_nodes):
        """Puts `new_nodes` where `old_node` is; returns the last of them."""
        if not new_nodes:
            raise ValueError("rewrite: replace needs at least one new node")
        for new_node in new_nodes:
            self.insert_node(new_node, old_node, True)
        self.erase_node(old_node)
        return new_nodes[-1]

    def set_node_arg(self, node, index, arg):
        node.set_arg(arg, index)
        self.sync_body()

    def set_node_arg_by_node(self, dst_node, arg_idx, src_node, out_idx=None):
        dst_node.set_arg_by_node(arg_idx, src_node, out_idx)
        self.sync_body()

    def set_node_target(self, node, index, target):
        """Renames output `index` of `node` to `target`."""
        targets = node.get_targets()
        if not 0 <= index < len(targets):
            raise ValueError(
                f"rewrite: target index {index} is out of range for node {node.get_name()}"
            )
        targets[index] = (
            ScopedValue.create_naming_value(target) if isinstance(target, str) else target
        )
        node.set_targets(targets)
        self.var_namer.take(str(targets[index]))
        self.sync_body()

    def set_output(self, index, return_value):
        output = self.get_return_node()
        if output is None:
            raise RuntimeError("rewrite: the SymbolTree has no Output node")
        output.set_arg(ScopedValue.create_naming_value(return_value), index)
        self.sync_body()
        return output

    def unique_name(self, name="output"):
        """A variable name not used in this construct yet."""
        return self.var_namer.unique(name)

    @staticmethod
    def statements_of(nodes):
        """The statements of `nodes` (a construct's or a method's body)."""
        return _statements(nodes)

    def sync_body(self):
        """Writes the nodes' statements back into construct's ast body."""
        if isinstance(self._root_ast, ast.FunctionDef):
            self._root_ast.body = _statements(self._order) or [ast.Pass()]

    # -- saving ------------------------------------------------------------------------------
    def set_saved_file_name(self, file_name: str):
        if not isinstance(file_name, str):
            raise TypeError(f"rewrite: file_name must be a str, got {type(file_name).__name__}")
        self._saved_file_name = file_name if file_name.endswith(".py") else file_name + ".py"

    def get_saved_file_name(self):
        return self._saved_file_name

    def save_network_to_file(self):
        from msfunc.rewrite.codegen import get_code

        with open(os.path.abspath(self._saved_file_name), "w", encoding="utf-8") as f:
            f.write(get_code(self))


def _statements(nodes):
    """The statements of `nodes`; an if/for/while written once, its body and else part
    rebuilt from the ControlFlow nodes left of it (an erased part becomes ``pass``, or
    disappears for an else)."""
    out = []
    for node in nodes:
        stmt = node.get_ast()
        if node.get_node_type() is NodeType.Input or stmt is None:
            continue
        if node.get_node_type() is NodeType.ControlFlow:
            if any(s is stmt for s in out):
                continue
            parts = {n._field: n for n in nodes if n.get_ast() is stmt}
            body, orelse = parts.get("body"), parts.get("orelse")
            stmt.body = (_statements(body.node_list) if body else []) or [ast.Pass()]
            stmt.orelse = (_statements(orelse.node_list) or [ast.Pass()]) if orelse else []
        out.append(stmt)
    return out
