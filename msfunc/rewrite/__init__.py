"""msfunc.rewrite: edit a network's construct as a list of nodes and generate a new network."""

from msfunc.rewrite.api import Node, SymbolTree
from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.pattern_engine import PatternEngine, PatternNode, Replacement, VarNode
from msfunc.rewrite.scoped_value import ScopedValue, ValueType

__all__ = [
    "SymbolTree",
    "Node",
    "NodeType",
    "ScopedValue",
    "ValueType",
    "PatternEngine",
    "PatternNode",
    "VarNode",
    "Replacement",
]
