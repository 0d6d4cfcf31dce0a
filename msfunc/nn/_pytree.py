"""How a Cell flattens into a JAX pytree: its whole subtree at once, so shared Parameters stay one.

A Cell's children are the unique Parameters and arrays of its subtree, in
attribute order; its aux data is a *skeleton* recording where each one sits
(and where the same Parameter or sub-Cell appears again), plus every other
attribute. Rebuilding from the skeleton therefore gives one fresh Parameter box
for a Parameter that appeared twice (a network and its optimizer), and equal
skeletons for identically built Cells. Non-array attributes are compared by a
snapshot of their value taken when the Cell is flattened, so a list or dict
changed in place no longer matches a cached trace.
"""

import functools
import operator
import types
import weakref

import jax
import numpy as np

from ..common.parameter import Parameter, ParameterTuple
from ..common.tensor import Tensor

# Attribute names starting with this prefix hold per-instance caches (compiled
# functions ...) that are neither state nor structure.
CACHE_PREFIX = "_msfunc_"

_PARAM, _ARRAY, _CELL, _CELL_REF, _PTUPLE, _SEQ, _DICT, _STATIC = range(8)

# Most Cell attributes are numbers, strings, flags and None: static, and their own snapshot.
# Telling them apart by exact type first keeps flattening (once per jax.jit call per Cell
# argument) cheap.
_SCALARS = frozenset((bool, int, float, complex, str, type(None)))


def _is_cell(value):
    return getattr(type(value), "_msfunc_is_cell", False)


def is_dynamic(value):
    """True for values that are pytree children of a Cell (state, not structure)."""
    if isinstance(value, (Tensor, jax.Array, np.ndarray, ParameterTuple)) or _is_cell(value):
        return True
    if type(value) in (list, tuple):
        return any(is_dynamic(v) for v in value)
    if type(value) is dict:
        return any(is_dynamic(v) for v in value.values())
    return False


def snapshot(value, depth=0):
    """A hashable snapshot of a non-array attribute value, compared by value.

    Containers are compared item by item; a Python function by its code and the
    values it closes over (two optimizers built alike hold equal update rules).
    """
    kind = type(value)
    if depth > 4:
        return ("id", id(value))
    if kind in (list, tuple) or (isinstance(value, tuple) and hasattr(value, "_fields")):
        return (kind, tuple(snapshot(v, depth + 1) for v in value))
    if kind is dict:
        return (dict, tuple((k, snapshot(v, depth + 1)) for k, v in value.items()))
    if kind in (set, frozenset):
        return (kind, frozenset(snapshot(v, depth + 1) for v in value))
    if kind is types.FunctionType:
        cells = tuple(
            snapshot(c.cell_contents, depth + 1) if _filled(c) else None
            for c in value.__closure__ or ()
        )
        return ("function", value.__code__, cells, snapshot(value.__defaults__, depth + 1))
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return value


def _filled(cell):
    try:
        cell.cell_contents  # noqa: B018 - an empty closure cell raises
    except ValueError:
        return False
    return True


def is_mutable(value):
    """True for attribute values that can change in place (lists, dicts, sets)."""
    return type(value) in (list, dict, set)


class StaticFields:
    """The non-array attributes of a Cell, compared by their snapshot at flatten time."""

    __slots__ = ("items", "_key", "fixed", "_hash", "rebuild")

    def __init__(self, items, key=None, fixed=False):
        self.items = items
        # For a root Cell's fields: the compiled rebuild of its skeleton (see _rebuilder);
        # None until a second unflatten asks, False where the skeleton cannot be compiled.
        self.rebuild = None
        # `key`: the snapshot when the caller has taken it (`_Flattener.cell`).
        self._key = tuple((k, snapshot(v)) for k, v in items) if key is None else key
        # Whether the Cell's attributes can only change by rebinding (see _remember);
        # not part of equality: it follows from the items.
        self.fixed = fixed
        self._hash = None

    def __eq__(self, other):
        if not isinstance(other, StaticFields):
            return False
        try:
            return bool(self._key == other._key)
        except Exception:  # noqa: BLE001 - values without a usable == compare unequal
            return False

    def __hash__(self):
        # JAX hashes the aux data of every Cell argument on every jax.jit call: compute once
        # (the key is the snapshot taken at flatten time and never changes).
        if self._hash is None:
            self._hash = hash(tuple((k, _hash_or_type(v)) for k, v in self._key))
        return self._hash


def _hash_or_type(value):
    try:
        return hash(value)
    except TypeError:
        return hash(type(value))


class _Flattener:
    """Encodes one Cell subtree into (children, keys, skeleton)."""

    def __init__(self):
        self.children, self.keys = [], []
        self.index = {}  # id(param or array) -> child position
        self.cells = {}  # id(cell) -> cell number
        self.records = []  # (cell, attribute names, values) by cell number, for _remember
        self.fixed = True  # whether every Cell's attributes are fixed (see _remember)

    def leaf(self, value, path):
        i = self.index.get(id(value))
        if i is None:
            i = self.index[id(value)] = len(self.children)
            self.children.append(value)
            self.keys.append(path)
        return i

    def encode(self, value, path):
        if isinstance(value, Parameter):
            return (_PARAM, self.leaf(value, path))
        if isinstance(value, (Tensor, jax.Array, np.ndarray)):
            return (_ARRAY, self.leaf(value, path))
        if _is_cell(value):
            return self.cell(value, path)
        if isinstance(value, ParameterTuple):
            return (_PTUPLE, tuple(self.encode(p, f"{path}.{i}") for i, p in enumerate(value)))
        if type(value) in (list, tuple) and is_dynamic(value):
            return (
                _SEQ,
                type(value),
                tuple(self.encode(v, f"{path}.{i}") for i, v in enumerate(value)),
            )
        if type(value) is dict and is_dynamic(value):
            return (_DICT, tuple((k, self.encode(v, f"{path}.{k}")) for k, v in value.items()))
        return (_STATIC, StaticFields((("value", value),)))

    def cell(self, cell, path):
        number = self.cells.get(id(cell))
        if number is not None:
            if number == 0:  # the root held in its own subtree: the memo would keep it alive
                self.fixed = False
            return (_CELL_REF, number)
        number = self.cells[id(cell)] = len(self.cells)
        record = [cell, None, None]
        self.records.append(record)
        order, dynamic, static, snapshots = [], [], [], []
        fixed = True
        for key, value in cell.__dict__.items():
            if key.startswith(CACHE_PREFIX):
                continue
            order.append(key)
            if type(value) in _SCALARS:
                static.append((key, value))
                snapshots.append((key, value))
                continue
            fixed = fixed and _fixed(value)
            if is_dynamic(value):
                dynamic.append((key, self.encode(value, f"{path}.{key}" if path else key)))
            else:
                static.append((key, value))
                snapshots.append((key, snapshot(value)))
        order = tuple(order)
        record[1:] = _fields(cell)
        self.records[number] = tuple(record)
        self.fixed = self.fixed and fixed
        return (
            _CELL,
            type(cell),
            number,
            order,
            tuple(dynamic),
            StaticFields(tuple(static), tuple(snapshots), fixed),
        )


# -- the last flatten of a Cell, kept while nothing in its subtree was rebound ----------------
# A Cell that JAX rebuilds (each step of a jax.jit training loop returns new ones) is flattened
# again on the next call; remembering the result for its root makes that flatten a check that
# every Cell of the subtree still holds the very objects it held (identity, attribute by
# attribute). Only subtrees whose attributes cannot change in place are remembered: numbers,
# strings, None, arrays and Tensors (their values are leaves, read afresh), Cells,
# ParameterTuples and tuples of those; a list, dict, set or any other object (a function's
# closure, an optimizer's schedule) can change without a rebinding, so such a subtree is
# flattened in full every time. The memo is kept here, not in the Cell's __dict__ (adding a
# key there could break a loop over its attributes), and dropped with the Cell.
_MEMOS = {}  # id(root Cell) -> (weak reference to it, records, children, aux)


def _fields(cell):
    """Every attribute name and value of `cell`, caches included: comparing them by identity
    against a record is a few C-level passes (a cache added since only costs one full flatten)."""
    d = cell.__dict__
    return tuple(d), tuple(d.values())


def _fixed(value):
    """True when `value` cannot change what a flatten gives without being rebound."""
    if type(value) in _SCALARS or _is_cell(value):
        return True
    if isinstance(value, (Tensor, jax.Array, np.ndarray, ParameterTuple)):
        return True
    return type(value) is tuple and all(_fixed(v) for v in value)


def _forget(key, ref, memos=_MEMOS):
    # `memos` bound here: at interpreter exit the module's globals may already be gone when
    # the last Cells are collected.
    entry = memos.get(key)
    if entry is not None and entry[0] is ref:
        del memos[key]


def _remember(root, records, children, aux):
    """Keep (children, aux) for `root` with `records`: (cell, attribute names, values) of
    every Cell in its subtree; `records` None (a Cell not fixed) forgets what was kept."""
    key = id(root)
    entry = _MEMOS.get(key)
    ref = entry[0] if entry is not None and entry[0]() is root else None
    if records is None:
        if ref is not None:
            del _MEMOS[key]
        return
    if ref is None:
        ref = weakref.ref(root, functools.partial(_forget, key))
    records[0] = (None,) + tuple(records[0][1:])  # the root itself: not held
    _MEMOS[key] = (ref, records, tuple(children), aux)


def _remembered(root):
    entry = _MEMOS.get(id(root))
    if entry is None or entry[0]() is not root:
        return None
    _, records, children, aux = entry
    for cell, keys, values in records:
        d = (root if cell is None else cell).__dict__
        if tuple(d) != keys or not all(map(operator.is_, d.values(), values)):
            return None
    return children, aux


def _flatten(cell):
    memo = _remembered(cell)
    if memo is not None:
        return memo
    flat = _Flattener()
    skeleton = flat.cell(cell, "")
    children, aux = flat.children, (tuple(flat.keys), skeleton)
    records = flat.records if flat.fixed else None
    _remember(cell, records, children, aux)
    return children, aux


def flatten_cell(cell):
    return _flatten(cell)


def flatten_cell_with_keys(cell):
    children, aux = _flatten(cell)
    return [(jax.tree_util.GetAttrKey(k), c) for k, c in zip(aux[0], children)], aux


def _decode(node, children, cells, records):
    tag = node[0]
    if tag in (_PARAM, _ARRAY):
        return children[node[1]]
    if tag == _CELL_REF:
        if node[1] == 0:  # the root held in its own subtree (see _Flattener.cell)
            records.append((-1, None, False))
        return cells[node[1]]
    if tag == _CELL:
        _, cls, number, order, dynamic, static = node
        cell = object.__new__(cls)
        cells[number] = cell
        values = dict(static.items)
        for key, sub in dynamic:
            values[key] = _decode(sub, children, cells, records)
        values = [values[key] for key in order]
        cell.__dict__.update(zip(order, values))
        records.append((number, (cell, order, tuple(values)), static.fixed))
        return cell
    if tag == _PTUPLE:
        # tuple.__new__: JAX may rebuild with placeholders in the Parameters' places.
        return tuple.__new__(
            ParameterTuple, (_decode(sub, children, cells, records) for sub in node[1])
        )
    if tag == _SEQ:
        return node[1](_decode(sub, children, cells, records) for sub in node[2])
    if tag == _DICT:
        return {k: _decode(sub, children, cells, records) for k, sub in node[1]}
    return node[1].items[0][1]


def unflatten_cell(aux, children):
    _, skeleton = aux
    root_fields = skeleton[5]
    rebuild = root_fields.rebuild
    if rebuild:
        return rebuild(children, aux)
    if rebuild is None:
        # The same skeleton unflattened twice (a jax.jit call's output, each step of a loop):
        # worth compiling. Its first use decodes generically, so one-off trees (jax.tree.map
        # over a fresh flatten) never pay for compiling.
        root_fields.rebuild = _FIRST_USE
    elif rebuild is _FIRST_USE:
        root_fields.rebuild = _rebuilder(skeleton) or False
        if root_fields.rebuild:
            return root_fields.rebuild(children, aux)
    children = list(children)
    decoded = []
    root = _decode(skeleton, children, {}, decoded)
    fixed = all(flag for _, _, flag in decoded)
    _remember(
        root, [r for _, r, _ in sorted(decoded, key=_first)] if fixed else None, children, aux
    )
    return root


class _FirstUse:
    """Marks a skeleton unflattened once: truthy checks must not mistake it for a rebuild."""

    def __bool__(self):
        return False


_FIRST_USE = _FirstUse()


class _Unsupported(Exception):
    """A skeleton the compiled rebuild does not cover (the root held in its own subtree)."""


class _Source:
    """Python source that rebuilds one skeleton: what `_decode` does, unrolled."""

    def __init__(self):
        self.constants, self.lines, self.cells = [], [], []

    def expr(self, node):
        tag = node[0]
        if tag in (_PARAM, _ARRAY):
            return f"ch[{node[1]}]"
        if tag == _CELL_REF:
            if node[1] == 0:
                raise _Unsupported
            return f"c{node[1]}"
        if tag == _CELL:
            return self.cell(node)
        if tag == _PTUPLE:
            return f"tuple_new({self.const(ParameterTuple)}, ({self.items(node[1])}))"
        if tag == _SEQ:
            if node[1] is list:
                return f"[{self.items(node[2])}]"
            if node[1] is tuple:
                return f"({self.items(node[2])})"
            return f"{self.const(node[1])}(({self.items(node[2])}))"
        if tag == _DICT:
            pairs = ", ".join(f"{self.const(k)}: {self.expr(sub)}" for k, sub in node[1])
            return "{" + pairs + "}"
        return self.const(node[1].items[0][1])

    def items(self, nodes):
        """The expressions of `nodes` as the inside of a tuple display."""
        return "".join(f"{self.expr(sub)}, " for sub in nodes)

    def cell(self, node):
        _, cls, number, order, dynamic, static = node
        name = f"c{number}"
        # Every attribute in order from a template (the static values, a placeholder where a
        # child goes), then the children written over their placeholders: copying one dict
        # and a few stores is the cheapest rebuild that keeps the attribute order.
        statics = dict(static.items)
        template = {key: statics.get(key) for key in order}
        self.lines.append(f"{name} = new({self.const(cls)})")
        fields = f"d{number}"
        self.lines.append(f"{fields} = {name}.__dict__")
        self.lines.append(f"{fields}.update({self.const(template)})")
        for key, sub in dynamic:
            value = self.expr(sub)  # may add a sub-Cell's lines first
            self.lines.append(f"{fields}[{self.const(key)}] = {value}")
        self.cells.append((number, name, order, static.fixed))
        return name

    def const(self, value):
        if type(value) is str:
            return repr(value)  # a literal in the code: no lookup
        self.constants.append(value)
        return f"K[{len(self.constants) - 1}]"


def _rebuilder(skeleton):
    """A function (children, aux) -> Cell equal to `_decode`'s rebuild of `skeleton`, with the
    subtree remembered as `unflatten_cell` does; None where the skeleton is not covered.

    Rebuilding a Cell is most of what a ``jax.jit`` call over Cells costs beyond the
    computation (each call returns new Cells: the parameters and an optimizer's state), so the
    decoding is unrolled once into straight-line code, as `dataclasses` does for __init__.
    """
    source = _Source()
    try:
        root = source.expr(skeleton)
    except _Unsupported:
        return None
    cells = sorted(source.cells)
    if all(fixed for *_, fixed in cells):
        records = ", ".join(
            f"({name}, {source.const(order)}, tuple({name}.__dict__.values()))"
            for _, name, order, _ in cells
        )
        remember = f"remember({root}, [{records}], ch, aux)"
    else:
        remember = f"remember({root}, None, ch, aux)"
    body = "\n    ".join([*source.lines, remember, f"return {root}"])
    namespace = {
        "K": tuple(source.constants),
        "new": object.__new__,
        "tuple_new": tuple.__new__,
        "remember": _remember,
    }
    # Bound as defaults: locals are the fastest names to read.
    signature = "ch, aux, K=K, new=new, tuple_new=tuple_new, remember=remember"
    exec(f"def rebuild({signature}):\n    {body}\n", namespace)  # noqa: S102 - source built above
    return namespace["rebuild"]


def _first(item):
    return item[0]


def register(cls):
    """Register a Cell subclass as a pytree node."""
    jax.tree_util.register_pytree_with_keys(
        cls, flatten_cell_with_keys, unflatten_cell, flatten_func=flatten_cell
    )
