"""Guard code generation: one Python function per guard plan, returning its key in one pass.

A plan's probes read values along paths (a global, a closure cell, then attributes and
items). Read one by one through chains of small functions, each probe costs about 0.4 µs;
the generated function reads every path once (shared prefixes once in all), in straight-line
code, and keys the common leaves inline (a number or string by value, an object by identity
against the one planned), falling back to `leaf_key` for the rest. It returns the same key
for the same state every time, and a different one whenever a leaf changed.
"""

from __future__ import annotations

from .compile_keys import Identity

__all__ = ["Path", "compile_key"]

# Leaves whose value is their own key when the type is exactly the one planned: equal values
# of one of these types are the same state (`True == 1`, but then the types differ).
_BY_VALUE = (int, str, bytes, bool)
_LITERALS = (str, int, bool, type(None))  # item keys written into the source as they are


class Path:
    """How a probe reaches a value: ``how`` is "const" (``value``), "global" (``value`` is the
    namespace, ``name`` the key), "cell" (``value`` is the cell), "attr", "item" or "entry"
    (``name`` of ``parent``; an entry is read with ``dict.get``); ``in_dict`` says an "attr"
    was found in the object's ``__dict__`` when planned (read from there first, as
    `attribute` does)."""

    __slots__ = ("how", "parent", "name", "value", "in_dict")

    def __init__(self, how, parent=None, name=None, value=None, in_dict=False):
        self.how, self.parent, self.name, self.value = how, parent, name, value
        self.in_dict = in_dict


def attribute(obj, name, missing):
    """`obj`'s attribute `name` as a guard reads it: its own ``__dict__`` first (a Cell's
    ``__getattr__`` is not run), `missing` where there is none."""
    state = getattr(obj, "__dict__", None)
    if state is not None and name in state:
        return state[name]
    return getattr(obj, name, missing)


class _Source:
    """The source of one key function and the objects it closes over."""

    def __init__(self, missing, fallback):
        self.fallback = fallback  # keys a leaf of any kind
        self.lines = []
        self.consts = []
        self.const_ids = {}
        self.vars = {}  # a path's `signature` -> the variable (or constant) holding its value
        self.signatures = {}  # id(Path) -> its signature (Paths live as long as the source)
        self.missing = self.const(missing)

    def const(self, obj):
        hit = self.const_ids.get(id(obj))
        if hit is not None:
            return hit
        name = self.const_ids[id(obj)] = f"c{len(self.consts)}"
        self.consts.append(obj)
        return name

    def literal(self, key):
        return repr(key) if type(key) in _LITERALS else self.const(key)

    def signature(self, path):
        """What tells paths apart: two walks reaching one global make two equal paths."""
        hit = self.signatures.get(id(path))
        if hit is None:
            parent = None if path.parent is None else self.signature(path.parent)
            hit = (path.how, parent, type(path.name), path.name, id(path.value), path.in_dict)
            self.signatures[id(path)] = hit
        return hit

    def value(self, path):
        """The variable holding `path`'s value, its statements emitted once."""
        signature = self.signature(path)
        hit = self.vars.get(signature)
        if hit is not None:
            return hit
        if path.how == "const":
            name = self.const(path.value)
            self.vars[signature] = name
            return name
        parent = self.value(path.parent) if path.parent is not None else None
        var = self.vars[signature] = f"v{len(self.vars)}"
        add, m = self.lines.append, self.missing
        if path.how == "global":
            add(
                f"try:\n    {var} = {self.const(path.value)}[{path.name!r}]\n"
                f"except KeyError:\n    {var} = {m}"
            )
        elif path.how == "cell":
            add(
                f"try:\n    {var} = {self.const(path.value)}.cell_contents\n"
                f"except ValueError:\n    {var} = {m}"
            )
        elif path.how == "attr" and path.in_dict:
            add(
                f"try:\n    {var} = {parent}.__dict__[{path.name!r}]\n"
                f"except Exception:\n    {var} = attribute({parent}, {path.name!r}, {m})"
            )
        elif path.how == "attr":
            add(f"{var} = attribute({parent}, {path.name!r}, {m})")
        elif path.how == "entry":  # (a dict subclass: dict.get, no __missing__ run)
            add(
                f"try:\n    {var} = {self.const(dict.get)}({parent}, "
                f"{self.literal(path.name)}, {m})\n"
                f"except TypeError:\n    {var} = {m}"
            )
        else:
            add(
                f"try:\n    {var} = {parent}[{self.literal(path.name)}]\n"
                f"except (KeyError, IndexError, TypeError):\n    {var} = {m}"
            )
        return var

    def token(self, kind, path, planned):
        """The expression keying one probe."""
        var = self.value(path)
        if kind == "len":
            if type(planned) in (list, tuple, dict):  # (their len never fails)
                return (
                    f"(len({var}) if type({var}) is {self.const(type(planned))} "
                    f"else safe({var}, len))"
                )
            return f"safe({var}, len)"
        if kind != "leaf":
            return f"safe({var}, {self.const(kind)})"  # (a reader over the whole value)
        planned_type = type(planned)
        if planned_type in _BY_VALUE:
            return f"({var} if type({var}) is {self.const(planned_type)} else key({var}))"
        if planned_type is float:  # (not 0.0, -0.0 nor NaN: their keys tell them apart)
            return f"({var} if type({var}) is float and {var} and {var} == {var} else key({var}))"
        if planned is None:
            return f"({var} if {var} is None else key({var}))"
        if Identity(planned) == self.fallback(planned):
            # The planned object itself (held by this function, so its id stays its own):
            # its key made once. Another object is keyed as usual, and never equals it.
            return (
                f"({self.const(Identity(planned))} if {var} is {self.const(planned)} "
                f"else key({var}))"
            )
        return f"key({var})"


def compile_key(probes, key, safe, missing):
    """The key function of `probes` (``(kind, path, planned value)``: kind "leaf" keys the
    value, "len" its length, any other a callable applied to it), compiled once.

    `key` keys any leaf (the fallback), ``safe(value, read)`` applies `read` or gives
    `missing` where the structure changed.

    Example:
        >>> cfg = {"scale": 1.0}
        >>> item = Path("item", Path("const", value=cfg), "scale")
        >>> key = compile_key([("leaf", item, 1.0)], lambda v: ("slow", v), None, object())
        >>> first = key()
        >>> cfg["scale"] = 0.0
        >>> first, key()
        ((1.0,), (('slow', 0.0),))
    """
    source = _Source(missing, key)
    tokens, probed = [], set()
    for kind, path, planned in probes:
        probe = (kind if type(kind) is str else id(kind), source.signature(path))
        if probe not in probed:  # (the same value reached twice is read once)
            probed.add(probe)
            tokens.append(source.token(kind, path, planned))
    body = "\n".join(source.lines).replace("\n", "\n        ")
    names = "".join(f"c{i}, " for i in range(len(source.consts)))  # (never empty)
    text = (
        f"def make(consts, attribute, key, safe):\n"
        f"    ({names}) = consts\n"
        f"    def guard_key():\n"
        f"        {body or 'pass'}\n"
        f"        return ({', '.join(tokens)}{',' if len(tokens) == 1 else ''})\n"
        f"    return guard_key\n"
    )
    namespace = {}
    exec(compile(text, "<msfunc guard>", "exec"), namespace)  # noqa: S102 - our own source
    return namespace["make"](tuple(source.consts), attribute, key, safe)
