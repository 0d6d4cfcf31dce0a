"""Container Cells: SequentialCell, CellList, CellDict."""

from collections import OrderedDict

from .. import _state
from ..transforms import cell_reads
from .cell import Cell

__all__ = ["SequentialCell", "CellList", "CellDict"]


def _check_cell(value, who):
    if not isinstance(value, Cell):
        raise TypeError(f"{who}: expected a Cell, got {type(value).__name__}")
    return value


class _IndexedCells(Cell):
    """Children stored as attributes '0', '1', ... so names and pytree order follow index."""

    def __init__(self, cells, who, auto_prefix=True):
        super().__init__(auto_prefix=auto_prefix)
        for i, cell in enumerate(cells):
            setattr(self, str(i), _check_cell(cell, who))

    def _items(self):
        fields = cell_reads.fields_of(self)
        keys = [k for k in fields if k.isdigit()]
        cell_reads.note_reads(self, keys)  # (a trace depends on which Cells, not on the rest)
        return [fields[k] for k in keys]

    def __len__(self):
        return len(self._items())

    def __iter__(self):
        return iter(self._items())

    def _keys(self):
        """The attribute names of the items, in order."""
        return [k for k, v in self.__dict__.items() if k.isdigit()]

    def _key_at(self, index):
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(
                f"{type(self).__name__}: index must be an int or slice, got {type(index).__name__}"
            )
        keys = self._keys()
        if not -len(keys) <= index < len(keys):
            raise IndexError(
                f"{type(self).__name__}: index {index} out of range for {len(keys)} cells"
            )
        return keys[index]

    def __getitem__(self, index):
        items = self._items()
        if isinstance(index, slice):
            return type(self)(items[index])
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(
                f"{type(self).__name__}: index must be an int or slice, got {type(index).__name__}"
            )
        return items[index]

    def _param_prefix(self):
        """The prefix the items' Parameter names carry (``'layers.'`` once this list is an
        attribute ``layers``), read off the items' current names as MindSpore does: an
        empty list, or one whose items have no Parameters, has none."""
        for key in self._keys():
            for path, param in self.__dict__[key].parameters_and_names():
                tail = f"{key}.{path}"
                if param.name.endswith(tail):
                    return param.name[: -len(tail)]
                break  # an explicit name says nothing: look at the next item
        return ""

    def _place(self, key, cell):
        """Store `cell` under `key`, its Parameters named after the list's own prefix."""
        prefix = self._param_prefix()
        setattr(self, key, cell)
        if self._auto_prefix and prefix:
            cell.update_parameters_name(f"{prefix}{key}.")

    def __setitem__(self, index, cell):
        """Replace the item at `index` (its Parameters are renamed after the position)."""
        self._place(self._key_at(index), _check_cell(cell, type(self).__name__))

    def __delitem__(self, index):
        """Remove the item(s) at an int or slice `index`."""
        if isinstance(index, slice):
            keys = self._keys()[index]
        else:
            keys = [self._key_at(index)]
        for key in keys:
            object.__delattr__(self, key)
        self._renumber()
        if "_msfunc_watched" in self.__dict__:
            _state.bump_epoch()

    def _renumber(self):
        """Keys back to '0', '1', ... (Parameter names stay as they were, as in MindSpore)."""
        items = self._items()
        for key in self._keys():
            object.__delattr__(self, key)
        for i, c in enumerate(items):
            object.__setattr__(self, str(i), c)

    def append(self, cell):
        """Append a Cell (its Parameters are named after the list's place in its parent)."""
        self._place(str(len(self)), _check_cell(cell, type(self).__name__))
        return self

    def extend(self, cells):
        """Append every Cell of an iterable."""
        for cell in cells:
            self.append(cell)
        return self

    def insert(self, index, cell):
        """Insert a Cell before `index`; it and the Cells after it are named by position."""
        prefix = self._param_prefix()
        items = self._items()
        items.insert(index, _check_cell(cell, type(self).__name__))
        start = next(i for i, c in enumerate(items) if c is cell)
        for key in [k for k in self.__dict__ if k.isdigit()]:
            object.__delattr__(self, key)
        for i, c in enumerate(items):
            object.__setattr__(self, str(i), c)
            if i >= start and self._auto_prefix:
                c.update_parameters_name(f"{prefix}{i}.")
        if "_msfunc_watched" in self.__dict__:
            _state.bump_epoch()


class SequentialCell(_IndexedCells):
    """Cells applied one after another; takes a list or an OrderedDict name -> Cell.

    Args:
        args (Union[Cell, list[Cell], OrderedDict]): The Cells in order: given one by one, as
            one list, or as one dict name -> Cell.

    Inputs:
        x (Any): The first Cell's input.

    Outputs:
        What the last Cell returns.

    Example:
        >>> from msfunc import nn
        >>> seq = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU()])
        >>> [p.name for p in seq.trainable_params()]
        ['0.weight', '0.bias']
    """

    def __init__(self, *args):
        if len(args) == 1 and isinstance(args[0], (dict, OrderedDict)):
            Cell.__init__(self)
            for name, cell in args[0].items():
                setattr(self, name, _check_cell(cell, "SequentialCell"))
            return
        cells = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        super().__init__(cells, "SequentialCell")

    def _items(self):
        return [v for v in self.__dict__.values() if isinstance(v, Cell)]

    def _keys(self):
        return [k for k, v in self.__dict__.items() if isinstance(v, Cell)]

    def _renumber(self):
        """Names given by an OrderedDict stay; only positional names follow the new order."""
        if all(k.isdigit() for k in self._keys()):
            super()._renumber()

    def construct(self, x):
        for cell in self._items():
            x = cell(x)
        return x


def _refuse_cell_dicts(cells):
    # MindSpore builds and extends a CellList only from Cells that are not CellDicts
    for cell in cells:
        if isinstance(cell, CellDict):
            raise TypeError(
                "CellList: an item must not be a CellDict (hold its cells, or "
                "keep the CellDict as an attribute)"
            )


class CellList(_IndexedCells):
    """A list of Cells, registered with names '0', '1', ...

    Example:
        >>> from msfunc import nn
        >>> cells = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)])
        >>> len(cells), [p.name for p in cells.trainable_params()][:2]
        (2, ['0.weight', '0.bias'])
    """

    # msfunc.vmap maps over a CellList as an ensemble of identically built members.
    _msfunc_ensemble = True

    def __init__(self, *args, **kwargs):
        cells = list(args[0]) if args else []
        _refuse_cell_dicts(cells)
        # auto_prefix=False: the items' Parameters keep their names (no '0.' ...)
        super().__init__(cells, "CellList", kwargs.pop("auto_prefix", True))

    def extend(self, cells):
        """Append every Cell of an iterable (a CellDict is refused, as in MindSpore)."""
        cells = list(cells)
        _refuse_cell_dicts(cells)
        return super().extend(cells)

    def __iadd__(self, cells):
        """``cells += [a, b]`` appends every Cell of the iterable."""
        return self.extend(cells)

    def construct(self, *inputs):
        raise NotImplementedError("CellList is a container; call its items instead")


class CellDict(Cell):
    """A dict of Cells, registered under their keys.

    Example:
        >>> from msfunc import nn
        >>> d = nn.CellDict({"a": nn.ReLU()})
        >>> list(d.keys())
        ['a']
    """

    def __init__(self, *args, **kwargs):
        super().__init__()
        if args:
            self.update(args[0])

    def _dict(self):
        return OrderedDict((k, v) for k, v in self.__dict__.items() if isinstance(v, Cell))

    def __getitem__(self, key):
        return self._dict()[key]

    def __setitem__(self, key, cell):
        if not isinstance(key, str):
            raise TypeError(f"CellDict: keys must be str, got {type(key).__name__}")
        if not key or "." in key or (key not in self._dict() and hasattr(self, key)):
            # (as MindSpore: a key names an attribute, so it cannot shadow one)
            raise KeyError(
                f"CellDict: the key {key!r} must be a non-empty name without '.' that is not "
                "already an attribute of the CellDict"
            )
        if isinstance(cell, (CellDict, _IndexedCells)):
            raise TypeError(
                f"CellDict: the value for {key!r} cannot be a container Cell "
                f"({type(cell).__name__}); put its Cells in the CellDict instead"
            )
        setattr(self, key, _check_cell(cell, "CellDict"))

    def __delitem__(self, key):
        object.__delattr__(self, key)

    def __contains__(self, key):
        return key in self._dict()

    def __len__(self):
        return len(self._dict())

    def __iter__(self):
        return iter(self._dict())

    def keys(self):
        return self._dict().keys()

    def values(self):
        return self._dict().values()

    def items(self):
        return self._dict().items()

    def update(self, cells):
        """Add (key, Cell) pairs from a dict or iterable of pairs."""
        pairs = cells.items() if hasattr(cells, "items") else cells
        for key, cell in pairs:
            self[key] = cell

    def pop(self, key):
        cell = self[key]
        del self[key]
        return cell

    def clear(self):
        for key in list(self.keys()):
            del self[key]

    def construct(self, *inputs):
        raise NotImplementedError("CellDict is a container; call its items instead")
