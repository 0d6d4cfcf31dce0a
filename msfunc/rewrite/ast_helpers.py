"""Python-ast helpers of rewrite: find nodes of given types, flatten a network's construct."""

import ast

from msfunc.rewrite.flattener import Namer, flatten_body, function_names


class AstFinder:
    """Finds the nodes of given ast types under one ast node, in source order.

    Args:
        node (ast.AST): The node searched, itself included.

    Example:
        >>> import ast
        >>> from msfunc.rewrite.ast_helpers import AstFinder
        >>> root = ast.parse("a = b.c\\nd = 1")
        >>> [type(n).__name__ for n in AstFinder(root).find_all((ast.Assign, ast.Attribute))]
        ['Assign', 'Attribute', 'Assign']
    """

    def __init__(self, node: ast.AST):
        if not isinstance(node, ast.AST):
            raise TypeError(f"AstFinder: node must be an ast.AST, got {type(node).__name__}")
        self._node = node

    def find_all(self, ast_types) -> list:
        """Every node under the searched one that is an instance of `ast_types` (a type or a
        tuple of types), parents before their children."""
        found = []

        def visit(node):
            if isinstance(node, ast_types):
                found.append(node)
            for child in ast.iter_child_nodes(node):
                visit(child)

        visit(self._node)
        return found


class AstFlattener:
    """Rewrites the construct method of each class in a module's ast so that every statement
    makes at most one call or operation (the form rewrite's nodes take); other functions are
    left as written.

    Example:
        >>> import ast
        >>> from msfunc.rewrite.ast_helpers import AstFlattener
        >>> root = ast.parse("class N:\\n    def construct(self, x):\\n        return f(x) + 1")
        >>> print(ast.unparse(AstFlattener().transform(root).body[0].body[0]))
        def construct(self, x):
            f_var = f(x)
            add_var = f_var + 1
            return add_var
    """

    def transform(self, ast_root, transform_functions=None, stree=None):
        """Flattens, in place, the functions named in `transform_functions` (by default
        ``construct``) of the classes under `ast_root`; returns `ast_root`. `stree` is
        accepted for MindSpore's signature; the names made avoid only the function's own."""
        del stree  # (the function's own names are the ones the new names must avoid)
        names = ["construct"] if transform_functions is None else list(transform_functions)
        for cls in AstFinder(ast_root).find_all(ast.ClassDef):
            for func in cls.body:
                if isinstance(func, ast.FunctionDef) and func.name in names:
                    func.body = flatten_body(func.body, Namer(function_names(func)))
        return ast_root


class AstReplacer:
    """Renames a symbol under one ast node: class names and names (not attributes, arguments
    or function names); `undo_all` restores what the last `replace_all` changed.

    Args:
        node (ast.AST): The node whose subtree is edited in place.

    Example:
        >>> import ast
        >>> from msfunc.rewrite.ast_helpers import AstReplacer
        >>> root = ast.parse("class A:\\n    x = A.a + f(A)")
        >>> replacer = AstReplacer(root)
        >>> replacer.replace_all("A", "B")
        >>> ast.unparse(root).splitlines()
        ['class B:', '    x = B.a + f(B)']
        >>> replacer.undo_all()
        >>> ast.unparse(root).splitlines()[0]
        'class A:'
    """

    def __init__(self, node: ast.AST):
        self._node = node
        self._changed: list = []  # (node, field, old value) of the last replace_all

    def replace_all(self, src: str, dst: str) -> None:
        """Rename every class and name `src` under the node to `dst`.

        Args:
            src (str): The symbol renamed.
            dst (str): Its new name.

        Returns:
            None.
        """
        self._changed = []
        for item in ast.walk(self._node):
            field = "name" if isinstance(item, ast.ClassDef) else "id"
            if isinstance(item, (ast.ClassDef, ast.Name)) and getattr(item, field) == src:
                self._changed.append((item, field, src))
                setattr(item, field, dst)

    def undo_all(self) -> None:
        """Restore the names the last `replace_all` changed.

        Returns:
            None.
        """
        for item, field, old in reversed(self._changed):
            setattr(item, field, old)
        self._changed = []
