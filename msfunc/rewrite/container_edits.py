"""Edits of a CellContainer node's elements, and the ``__init__`` lines that replay them."""

from msfunc.rewrite.node_type import NodeType
from msfunc.rewrite.scoped_value import ScopedValue


def _attr(container):
    """``blocks`` for a container the network holds as ``self.blocks``, else None."""
    func = container.get_func_name()
    return func.value if func is not None and func.scope == "self" else None


def _index(container, element):
    return next(i for i, n in enumerate(container.node_list) if n is element)


def insert(container, base, new, before):
    """Puts the element node `new` before or after `base`; its cell goes on the network under
    the node's (unique) name, as the generated ``__init__`` reads it.

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite import SymbolTree, Node
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.blocks = nn.CellList([nn.ReLU()])
        ...     def construct(self, x):
        ...         for block in self.blocks:
        ...             x = block(x)
        ...         return x
        >>> stree = SymbolTree.create(Net())
        >>> relu = stree.get_node("ReLU")
        >>> _ = stree.insert(stree.after(relu), Node.create_call_cell(nn.Tanh(), ["x"], name="t"))
        >>> [n.get_name() for n in stree.get_node("self.blocks").get_handler().nodes()]
        ['ReLU', 't']
    """
    index = _index(container, base) + (0 if before else 1)
    new._container = container
    tree = base.get_belong_symbol_tree()
    if tree is not None:
        tree.register(new)
        name = new.get_name()
        new._func_name = ScopedValue.create_naming_value(name, "self")
        if new.get_instance() is not None:
            setattr(tree.get_origin_network(), name, new.get_instance())
        attr = _attr(container)
        if attr is not None:
            container.container_edits.append(f"self.{attr}.insert({index}, self.{name})")
    container.node_list.insert(index, new)


def erase(element):
    """Removes the element node `element` from its container."""
    container = element._container
    index = _index(container, element)
    del container.node_list[index]
    if _attr(container) is not None:
        container.container_edits.append(f"del self.{_attr(container)}[{index}]")
    tree = element.get_belong_symbol_tree()
    if tree is not None:
        tree.forget(element)


def replace(element, new_nodes):
    """Puts the element nodes `new_nodes` after `element`, then removes it."""
    base = element
    for new in new_nodes:
        insert(element._container, base, new, False)
        base = new
    erase(element)


def init_lines(tree, class_names):
    """The ``__init__`` lines of `tree`'s generated class, one per call node in program order:
    each parsed sub-network the network holds wrapped in its generated class (`class_names`:
    sub-tree id -> name; a sub-network called twice is wrapped twice, as MindSpore writes it),
    and for a container each parsed element (erased ones too), then the edits made to the
    elements, in order."""
    lines = []
    for node in tree.all_nodes():
        if node.get_node_type() is NodeType.Tree:
            func, name = node.get_func_name(), class_names.get(id(node.symbol_tree))
            if func is not None and func.scope == "self" and name is not None:
                lines.append(f"self.{func.value} = {name}(self.{func.value})")
            continue
        attr = _attr(node) if node.get_node_type() is NodeType.CellContainer else None
        if attr is None:
            continue
        for element in node.origin_elements:
            index, sub = element._origin_index, element.symbol_tree
            if element.get_node_type() is NodeType.Tree and index is not None:
                name = class_names.get(id(sub))
                if name is not None:
                    lines.append(f"self.{attr}[{index}] = {name}(self.{attr}[{index}])")
        lines.extend(node.container_edits)
    return lines
