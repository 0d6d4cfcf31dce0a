"""Flatten a construct body so that every statement makes at most one call or operation."""

import ast

# Expressions pulled out of an argument into their own statement (a name or constant stays).
_EXTRACTED = (ast.Call, ast.BinOp, ast.UnaryOp, ast.Compare, ast.BoolOp, ast.Tuple, ast.List)
_EXTRACTED += (ast.Subscript, ast.Dict)


class Namer:
    """Hands out names no variable of a function uses yet (``x``, ``x_1``, ``x_2`` ...).

    Example:
        >>> from msfunc.rewrite.flattener import Namer
        >>> namer = Namer({"x"})
        >>> namer.unique("x"), namer.unique("x"), namer.unique("y")
        ('x_1', 'x_2', 'y')
    """

    def __init__(self, taken=()):
        self._taken = set(taken)

    def peek(self, name: str) -> str:
        """`name` itself if free, else the first free ``name_N``."""
        result, index = name, 1
        while result in self._taken:
            result = f"{name}_{index}"
            index += 1
        return result

    def unique(self, name: str) -> str:
        """What `peek` gives, then marked taken."""
        result = self.peek(name)
        self._taken.add(result)
        return result

    def take(self, name: str) -> None:
        """Marks `name` as used."""
        self._taken.add(name)


def op_name(op: ast.AST) -> str:
    """``add`` for ast.Add, ``usub`` for ast.USub: the lower-case operator class name."""
    return type(op).__name__.lower()


def var_stem(expr: ast.expr) -> str:
    """The stem of the variable an extracted expression is assigned to."""
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Attribute):
            return f"{func.attr}_var"
        if isinstance(func, ast.Name):
            return f"{func.id}_var"
        return "call_var"
    if isinstance(expr, (ast.BinOp, ast.UnaryOp, ast.BoolOp)):
        return f"{op_name(expr.op)}_var"
    return f"{type(expr).__name__.lower()}_var"


class _Flattener:
    """Pulls the operands of one statement out into assignments, one level deep; the new
    assignments are flattened in turn as the walk reaches them."""

    def __init__(self, namer: Namer):
        self.namer = namer
        self.out: list = []  # the assignments pulled out of the current statement, in order

    def operand(self, expr: ast.expr) -> ast.expr:
        """`expr` itself when simple, else a fresh name assigned from it."""
        if not isinstance(expr, _EXTRACTED):
            return expr
        name = self.namer.unique(var_stem(expr))
        self.out.append(
            ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=expr, lineno=0)
        )
        return ast.Name(id=name, ctx=ast.Load())

    def top(self, expr: ast.expr) -> ast.expr:
        """`expr` with each of its operands made simple."""
        if isinstance(expr, ast.Call):
            func = expr.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, _EXTRACTED):
                func = ast.Attribute(value=self.operand(func.value), attr=func.attr, ctx=ast.Load())
            args = [self.starred(a) for a in expr.args]
            keywords = [ast.keyword(arg=k.arg, value=self.operand(k.value)) for k in expr.keywords]
            return ast.Call(func=func, args=args, keywords=keywords)
        if isinstance(expr, ast.BinOp):
            return ast.BinOp(
                left=self.operand(expr.left), op=expr.op, right=self.operand(expr.right)
            )
        if isinstance(expr, ast.UnaryOp):
            return ast.UnaryOp(op=expr.op, operand=self.operand(expr.operand))
        if isinstance(expr, ast.Compare):
            left = self.operand(expr.left)
            comparators = [self.operand(c) for c in expr.comparators]
            return ast.Compare(left=left, ops=expr.ops, comparators=comparators)
        if isinstance(expr, ast.BoolOp):
            # the later operands run only when the first does not decide: they stay in place
            first, *rest = expr.values
            return ast.BoolOp(op=expr.op, values=[self.operand(first), *rest])
        if isinstance(expr, (ast.Tuple, ast.List)):
            return type(expr)(elts=[self.starred(e) for e in expr.elts], ctx=ast.Load())
        return expr

    def starred(self, expr: ast.expr) -> ast.expr:
        if isinstance(expr, ast.Starred):
            return ast.Starred(value=self.operand(expr.value), ctx=ast.Load())
        return self.operand(expr)

    def statement(self, stmt: ast.stmt) -> list:
        """The assignments pulled out of `stmt` (which now reads their names), in order.

        A while test stays whole: it is evaluated again on every iteration."""
        self.out = []
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            stmt.value = self.top(stmt.value)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            stmt.value = self.top(stmt.value)
        elif isinstance(stmt, ast.Return) and stmt.value is not None:
            stmt.value = self.operand(stmt.value)
        elif isinstance(stmt, ast.If):
            stmt.test = self.operand(stmt.test)
        elif isinstance(stmt, ast.For):
            stmt.iter = self.operand(stmt.iter)
        return self.out


def function_names(func: ast.FunctionDef) -> set:
    """Every name a function's parameters and body mention."""
    names = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    names.update(n.id for n in ast.walk(func) if isinstance(n, ast.Name))
    return names


def flatten_body(body: list, namer: Namer) -> list:
    """`body` rewritten so each statement holds at most one call or operation (the bodies of
    if/for/while statements are left for their own flattening).

    Example:
        >>> import ast
        >>> from msfunc.rewrite.flattener import Namer, flatten_body
        >>> body = ast.parse("y = self.relu(x) * 2").body
        >>> [ast.unparse(s) for s in flatten_body(body, Namer({"x", "y"}))]
        ['relu_var = self.relu(x)', 'y = relu_var * 2']
    """
    # The walk goes from the last statement back to the first, as MindSpore's does, which fixes
    # the names (``x_1``...) the pulled-out values get; each pulled-out assignment is put just
    # before its statement (so the last pulled out comes first) and is flattened next.
    flattener, stmts = _Flattener(namer), list(body)
    index = len(stmts) - 1
    while index >= 0:
        pulled = flattener.statement(stmts[index])
        for assign in pulled:
            stmts.insert(index, assign)
        index += len(pulled) - 1
    return stmts
