"""PatternEngine: find chains or trees of calls by type in a SymbolTree and replace them."""

import abc
from collections import OrderedDict

from msfunc.rewrite.api import Node, SymbolTree
from msfunc.rewrite.node_type import NodeType


class PatternNode:
    """One node of a pattern: a name, the type a matched node calls, and input patterns.

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite import PatternNode
        >>> relu = PatternNode.create_pattern_from_list([nn.Conv2d, nn.ReLU])
        >>> relu.type() is nn.ReLU, relu.get_inputs()[0].type() is nn.Conv2d
        (True, True)
    """

    def __init__(self, pattern_node_name: str, match_type=type(None), inputs=None):
        if not isinstance(pattern_node_name, str):
            raise TypeError(
                f"PatternNode: pattern_node_name must be a str, not {type(pattern_node_name)}"
            )
        self._name = pattern_node_name
        self._type = match_type
        self._inputs = list(inputs) if inputs else []

    @staticmethod
    def from_node(node: Node) -> "PatternNode":
        """A pattern node matching `node`'s type, without inputs."""
        if not isinstance(node, Node):
            raise TypeError(f"PatternNode: node must be a Node, got {type(node).__name__}")
        return PatternNode(node.get_name(), node.get_instance_type())

    @staticmethod
    def create_pattern_from_node(node: Node) -> "PatternNode":
        """A pattern matching `node` and, recursively, the nodes computing its inputs."""
        pattern = PatternNode.from_node(node)
        pattern.set_inputs([PatternNode.create_pattern_from_node(n) for n in node.get_inputs()])
        return pattern

    @staticmethod
    def create_pattern_from_list(type_list) -> "PatternNode":
        """A chain pattern: each type's node feeds the next; the last is the returned root."""
        if not isinstance(type_list, (list, tuple)) or not type_list:
            raise TypeError("PatternNode: type_list must be a non-empty list of types")
        last, used = None, {}
        for match_type in type_list:
            name = getattr(match_type, "__name__", str(match_type))
            count = used.get(name, 0)
            used[name] = count + 1
            pattern = PatternNode(name if count == 0 else f"{name}_{count}", match_type)
            if last is not None:
                pattern.add_input(last)
            last = pattern
        assert last is not None  # type_list is not empty
        return last

    def add_input(self, node):
        """Appends an input pattern."""
        if not isinstance(node, PatternNode):
            raise TypeError(
                f"PatternNode: an input must be a PatternNode, got {type(node).__name__}"
            )
        self._inputs.append(node)

    def set_inputs(self, inputs):
        """Replaces the input patterns."""
        if not isinstance(inputs, list) or not all(isinstance(i, PatternNode) for i in inputs):
            raise TypeError("PatternNode: inputs must be a list of PatternNode")
        self._inputs = list(inputs)

    def match(self, node: Node) -> bool:
        """True when `node` calls this pattern's type."""
        return node.get_instance_type() == self._type

    def get_inputs(self):
        return list(self._inputs)

    def name(self) -> str:
        return self._name

    def type(self):
        return self._type


class VarNode(PatternNode):
    """A pattern node matching any node (a free input of a pattern).

    Example:
        >>> from msfunc.rewrite import VarNode
        >>> VarNode().name()
        'placeholder'
    """

    def __init__(self):
        super().__init__("placeholder")

    def match(self, node: Node) -> bool:
        return node is not None


class Replacement(abc.ABC):
    """Builds the nodes that take a matched pattern's place.

    Example:
        >>> from msfunc.rewrite import Replacement
        >>> class Drop(Replacement):
        ...     def build(self, pattern, is_chain_pattern, matched):
        ...         return []
        >>> Drop()(None, True, {})
        []
    """

    @abc.abstractmethod
    def build(self, pattern: PatternNode, is_chain_pattern: bool, matched: OrderedDict) -> list:
        """The new nodes; `matched` maps pattern names to the matched Nodes."""
        raise NotImplementedError

    def __call__(self, pattern, is_chain_pattern, matched):
        return self.build(pattern, is_chain_pattern, matched)


def _is_chain(pattern) -> bool:
    while pattern.get_inputs():
        if len(pattern.get_inputs()) != 1:
            return False
        pattern = pattern.get_inputs()[0]
    return True


class PatternEngine:
    """Replaces every match of a pattern in a SymbolTree (and its sub-trees) by a Replacement.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> from msfunc.rewrite import Node, PatternEngine, Replacement, SymbolTree
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.relu = nn.ReLU()
        ...     def construct(self, x):
        ...         return self.relu(x)
        >>> class ToTanh(Replacement):
        ...     def build(self, pattern, is_chain_pattern, matched):
        ...         relu = matched[pattern.name()]
        ...         return [Node.create_call_cell(nn.Tanh(), relu.get_targets(), relu.get_args())]
        >>> stree = SymbolTree.create(Net())
        >>> PatternEngine([nn.ReLU], ToTanh()).apply(stree)
        True
        >>> [n.get_name() for n in stree.nodes()]
        ['input_x', 'Tanh', 'return']
    """

    def __init__(self, pattern, replacement: Replacement | None = None):
        if isinstance(pattern, (list, tuple)):
            pattern = PatternNode.create_pattern_from_list(pattern)
        if not isinstance(pattern, PatternNode):
            raise TypeError(
                f"PatternEngine: pattern must be a PatternNode or type list, not {type(pattern)}"
            )
        if replacement is not None and not isinstance(replacement, Replacement):
            raise TypeError(
                f"PatternEngine: replacement must be a Replacement, not {type(replacement)}"
            )
        self._pattern = pattern
        self._replacement = replacement
        self._is_chain = _is_chain(pattern)

    def pattern(self) -> PatternNode:
        return self._pattern

    def apply(self, stree: SymbolTree) -> bool:
        """Replaces each match; True when anything changed."""
        if not isinstance(stree, SymbolTree):
            raise TypeError(
                f"PatternEngine: stree must be a SymbolTree, got {type(stree).__name__}"
            )
        return self._apply_tree(stree, set())

    def _apply_tree(self, stree, seen):
        tree = stree.get_handler()
        if id(tree) in seen:
            return False
        seen.add(id(tree))
        changed = False
        for node in tree.nodes():
            if node.get_belong_symbol_tree() is not tree:
                continue  # erased by an earlier replacement
            changed |= self._apply_inner(node, seen)
            matched = OrderedDict()
            if self._match(self._pattern, Node(node), matched, stree) and _closed(matched, node):
                changed |= self._replace(stree, Node(node), matched)
        return changed

    def _apply_inner(self, node, seen):
        changed = False
        if node.get_node_type() is NodeType.Tree:
            changed |= self._apply_tree(SymbolTree(node.symbol_tree), seen)
        if node.get_node_type() is NodeType.CellContainer:
            changed |= self._apply_container(node, seen)
        return changed

    def _apply_container(self, container, seen):
        """Chain patterns over consecutive elements of a container."""
        changed = False
        for element in list(container.node_list):
            if element not in container.node_list:
                continue
            changed |= self._apply_inner(element, seen)
            chain, pattern = [element], self._pattern
            if not self._is_chain:
                continue
            index = container.node_list.index(element)
            depth = 0
            while pattern.get_inputs():
                pattern, depth = pattern.get_inputs()[0], depth + 1
            patterns = [pattern]
            while len(patterns) <= depth:
                patterns.append(_user_of(self._pattern, patterns[-1]))
            chain = container.node_list[index : index + depth + 1]
            if len(chain) == depth + 1 and all(p.match(Node(n)) for p, n in zip(patterns, chain)):
                matched = OrderedDict((p.name(), Node(n)) for p, n in zip(patterns, chain))
                stree = SymbolTree(container.get_belong_symbol_tree())
                changed |= self._replace(stree, Node(chain[-1]), matched)
        return changed

    def _match(self, pattern, node, matched, stree):
        if isinstance(pattern, VarNode):
            return True
        if not pattern.match(node):
            return False
        if pattern.name() in matched:
            return matched[pattern.name()] == node
        inputs = pattern.get_inputs()
        if inputs:
            node_inputs = node.get_inputs()
            if len(node_inputs) != len(inputs):
                return False
            trial = OrderedDict(matched)
            trial[pattern.name()] = node
            for sub_pattern, sub_node in zip(inputs, node_inputs):
                if not self._match(sub_pattern, sub_node, trial, stree):
                    return False
            matched.clear()
            matched.update(trial)
            return True
        matched[pattern.name()] = node
        return True

    def _replace(self, stree, root, matched):
        if self._replacement is None:
            return False
        new_nodes = self._replacement(self._pattern, self._is_chain, matched)
        if not new_nodes:
            return False
        stree.replace(root, list(new_nodes))
        for node in matched.values():
            if node != root and _still_in(node):
                stree.erase(node)
        return True


def _closed(matched, root):
    """True when only the root of a match is read outside it (the others can be erased)."""
    inside = [n.get_handler() for n in matched.values()]
    for node in inside:
        if node is root:
            continue
        if any(all(user is not n for n in inside) for user in node.get_users()):
            return False
    return True


def _user_of(root, pattern):
    """The pattern node of a chain that takes `pattern` as its input."""
    node = root
    while node.get_inputs() and node.get_inputs()[0] is not pattern:
        node = node.get_inputs()[0]
    return node


def _still_in(node):
    impl = node.get_handler()
    if impl._container is not None:
        return impl in impl._container.node_list
    return impl.get_belong_symbol_tree() is not None
