"""The node table ``SymbolTree.print_node_tabulate`` prints."""

import ast


def _row(node):
    statement = node.get_ast()
    code = ast.unparse(statement) if isinstance(statement, ast.AST) else ""
    if node.get_node_type().name == "Input":
        code = ", ".join(str(t) for t in node.get_targets())
    providers = [[i, (n.get_name(), o)] for i, (n, o) in node.get_arg_providers().items()]
    users = [[i, [(n.get_name(), a) for n, a in u]] for i, u in node.get_target_users(-1).items()]
    first_line = code.splitlines()[0] if code else ""
    return [str(node.get_node_type()), node.get_name(), first_line, str(providers), str(users)]


def node_table(stree, all_nodes=False) -> str:
    """One row per node: type, name, code, argument providers, output users.

    Example:
        >>> from msfunc import nn
        >>> from msfunc.rewrite import SymbolTree
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.relu = nn.ReLU()
        ...     def construct(self, x):
        ...         return self.relu(x)
        >>> node_table(SymbolTree.create(Net())).splitlines()[3].split()[:3]
        ['NodeType.CallCell', 'relu', 'relu_var']
    """
    rows = [_row(n.get_handler()) for n in stree.nodes(all_nodes)]
    header = ["node type", "name", "codes", "arg providers", "target users"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells):
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])
