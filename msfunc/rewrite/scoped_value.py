"""ScopedValue: an argument or target of a rewrite node (a name, a constant, a container)."""

import ast
from enum import Enum
from typing import Any

_CONSTANT_TYPES = (int, float, str, bool, bytes, complex, type(None))


class ValueType(Enum):
    """The kind of value a ScopedValue holds.

    Example:
        >>> from msfunc.rewrite import ScopedValue, ValueType
        >>> ScopedValue.create_naming_value("x").type is ValueType.NamingValue
        True
    """

    ConstantValue = 0
    TupleValue = 20
    ListValue = 21
    DictValue = 22
    NamingValue = 40
    CustomObjValue = 41
    UnsupportedValue = 50


class ScopedValue:
    """A value with an optional scope: ``self.conv`` is the name ``conv`` in scope ``self``.

    Example:
        >>> from msfunc.rewrite import ScopedValue
        >>> str(ScopedValue.create_naming_value("conv", "self"))
        'self.conv'
        >>> ScopedValue.create_variable_value(2).value
        2
    """

    def __init__(self, arg_type: ValueType, scope: str = "", value: Any = None):
        if not isinstance(arg_type, ValueType):
            raise TypeError(
                f"ScopedValue: arg_type must be a ValueType, got {type(arg_type).__name__}"
            )
        if not isinstance(scope, str):
            raise TypeError(f"ScopedValue: scope must be a str, got {type(scope).__name__}")
        self.type = arg_type
        self.scope = scope
        self.value = value

    @classmethod
    def create_variable_value(cls, value) -> "ScopedValue":
        """A constant, or a tuple/list/dict of values, as a ScopedValue."""
        if isinstance(value, _CONSTANT_TYPES):
            return cls(ValueType.ConstantValue, "", value)
        if isinstance(value, tuple):
            return cls(ValueType.TupleValue, "", tuple(cls.create_variable_value(v) for v in value))
        if isinstance(value, list):
            return cls(ValueType.ListValue, "", [cls.create_variable_value(v) for v in value])
        if isinstance(value, dict):
            items = {k: cls.create_variable_value(v) for k, v in value.items()}
            return cls(ValueType.DictValue, "", items)
        if isinstance(value, ScopedValue):
            return cls(ValueType.CustomObjValue, "", value.value)
        return cls(ValueType.CustomObjValue, "", value)

    @classmethod
    def create_naming_value(cls, name: str, scope: str = "") -> "ScopedValue":
        """A variable name, optionally scoped (``scope.name``)."""
        if not isinstance(name, str):
            raise TypeError(f"ScopedValue: name must be a str, got {type(name).__name__}")
        if not isinstance(scope, str):
            raise TypeError(f"ScopedValue: scope must be a str, got {type(scope).__name__}")
        return cls(ValueType.NamingValue, scope, name)

    @staticmethod
    def create_name_values(names, scopes=None) -> list:
        """Naming values for `names`, each with the scope at the same place in `scopes`."""
        if not isinstance(names, (list, tuple)):
            raise TypeError(
                f"ScopedValue: names must be a list or tuple, got {type(names).__name__}"
            )
        if scopes is None:
            scopes = [""] * len(names)
        if not isinstance(scopes, (list, tuple)) or len(scopes) != len(names):
            raise ValueError("ScopedValue: scopes must be a list or tuple as long as names")
        return [ScopedValue.create_naming_value(n, s) for n, s in zip(names, scopes)]

    def to_ast(self) -> ast.expr:
        """The expression this value stands for in generated code."""
        if self.type is ValueType.NamingValue:
            if self.scope:
                return ast.Attribute(
                    value=ast.Name(id=self.scope, ctx=ast.Load()), attr=self.value, ctx=ast.Load()
                )
            return ast.Name(id=self.value, ctx=ast.Load())
        if self.type is ValueType.ConstantValue:
            return ast.Constant(value=self.value)
        if self.type is ValueType.TupleValue:
            return ast.Tuple(elts=[v.to_ast() for v in self.value], ctx=ast.Load())
        if self.type is ValueType.ListValue:
            return ast.List(elts=[v.to_ast() for v in self.value], ctx=ast.Load())
        if self.type is ValueType.DictValue:
            keys: list = [ast.Constant(value=k) for k in self.value]
            return ast.Dict(keys=keys, values=[v.to_ast() for v in self.value.values()])
        # unparsed source text (UnsupportedValue) or an object named by its text
        return ast.parse(str(self.value), mode="eval").body

    @classmethod
    def from_ast(cls, node: ast.expr) -> "ScopedValue":
        """The ScopedValue of a parsed argument expression."""
        if isinstance(node, ast.Name):
            return cls.create_naming_value(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return cls.create_naming_value(node.attr, node.value.id)
        if isinstance(node, ast.Constant):
            return cls(ValueType.ConstantValue, "", node.value)
        if isinstance(node, ast.Tuple):
            return cls(ValueType.TupleValue, "", tuple(cls.from_ast(e) for e in node.elts))
        if isinstance(node, ast.List):
            return cls(ValueType.ListValue, "", [cls.from_ast(e) for e in node.elts])
        return cls(ValueType.UnsupportedValue, "", ast.unparse(node))

    def names(self) -> list:
        """Every unscoped variable name this value reads."""
        if self.type is ValueType.NamingValue:
            return [] if self.scope else [self.value]
        if self.type in (ValueType.TupleValue, ValueType.ListValue):
            return [n for v in self.value for n in v.names()]
        if self.type is ValueType.DictValue:
            return [n for v in self.value.values() for n in v.names()]
        return []

    def __str__(self):
        if self.type is ValueType.NamingValue:
            return f"{self.scope}.{self.value}" if self.scope else str(self.value)
        if self.type is ValueType.ConstantValue:
            return str(self.value)
        if self.type is ValueType.CustomObjValue:
            return f"CustomObj: {self.value}"
        if self.type is ValueType.UnsupportedValue:
            # as MindSpore prints it; the source text stays in .value for code generation
            return "Illegal ValueType: ValueType.UnsupportedValue"
        return ast.unparse(self.to_ast())

    __repr__ = __str__

    def __eq__(self, other):
        if not isinstance(other, ScopedValue):
            return NotImplemented
        return (self.type, self.scope, self.value) == (other.type, other.scope, other.value)

    def __hash__(self):
        try:
            return hash((self.type, self.scope, self.value))
        except TypeError:
            return hash((self.type, self.scope, str(self.value)))
