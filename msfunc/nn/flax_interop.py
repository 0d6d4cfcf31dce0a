"""Flax NNX inside msfunc and msfunc inside Flax.

`FlaxCell(module)` makes an ``nnx.Module`` a Cell: each of its nnx Variables becomes an
msfunc Parameter named by its path (``kernel``, ``lin.bias``, ``bn.mean``), so msfunc's
optimizers train the ``nnx.Param``s, checkpoints and ``parameters_dict()`` list them, and
state the module writes while running (BatchNorm statistics, dropout RNG counters) is
committed like any Cell state, also under ``jit``, ``grad`` and ``data_sink``.
`CellModule(cell)` goes the other way: an ``nnx.Module`` running a Cell, whose Parameters are
``nnx.Param`` (trainable) or ``nnx.BatchStat`` (the rest) variables, for Flax training code.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from .._state import Frame, read, write
from ..common.parameter import Parameter
from ..common.tensor import unwrap
from .cell import ATTRIBUTE_ADAPTERS, Cell

if TYPE_CHECKING:
    from flax import nnx

__all__ = ["FlaxCell", "CellModule", "as_cell"]


def _nnx():
    from flax import nnx

    return nnx


def as_cell(value):
    """`value` as a Cell if it is a Flax NNX module (wrapped in a FlaxCell), else unchanged.

    Cheap for everything else: flax is only consulted when it has been imported.

    Example:
        >>> from flax import nnx
        >>> cell = as_cell(nnx.Linear(2, 3, rngs=nnx.Rngs(0)))
        >>> sorted(cell.parameters_dict())
        ['bias', 'kernel']
        >>> as_cell(5)
        5
    """
    nnx = sys.modules.get("flax.nnx")
    if nnx is not None and isinstance(value, nnx.Module) and not isinstance(value, CellModule):
        return FlaxCell(value)
    return value


ATTRIBUTE_ADAPTERS.append(as_cell)


def _path_name(key_path):
    """'lin.kernel' from a State leaf's key path (the trailing '.value' dropped)."""
    parts = []
    for k in key_path:
        if isinstance(k, jax.tree_util.DictKey):
            parts.append(str(k.key))
        elif isinstance(k, jax.tree_util.SequenceKey):
            parts.append(str(k.idx))
    return ".".join(parts)


class FlaxCell(Cell):
    """A Cell running a Flax NNX module; its Variables are this Cell's Parameters.

    ``nnx.Param`` variables are trainable Parameters; every other variable (BatchStat,
    RNG keys and counters) is a non-trainable Parameter. ``set_train(True)`` runs the module
    in training mode (``module.train()``), otherwise in evaluation mode (``module.eval()``).

    Args:
        module (flax.nnx.Module): The module run; its Variables become this Cell's Parameters.

    Inputs:
        inputs (Any): What the module's ``__call__`` takes.

    Outputs:
        What the module returns (JAX arrays, as Flax gives them).

    Example:
        >>> import msfunc as ms
        >>> from flax import nnx
        >>> cell = FlaxCell(nnx.Linear(2, 1, rngs=nnx.Rngs(0)))
        >>> cell.kernel.shape, cell(ms.Tensor([[1.0, 2.0]])).shape
        ((2, 1), (1, 1))
    """

    _msfunc_returns_tensors = False  # a Flax module returns what Flax returns: arrays

    def __init__(self, module: nnx.Module):
        nnx = _nnx()
        if not isinstance(module, nnx.Module):
            raise TypeError(
                f"FlaxCell: `module` must be a flax.nnx.Module, got {type(module).__name__}"
            )
        super().__init__()
        graphdef, state = nnx.split(module)
        leaves, treedef = jax.tree_util.tree_flatten_with_path(state)
        kinds = [type(var) for _, var in nnx.to_flat_state(state)]
        if len(kinds) != len(leaves):
            raise ValueError(
                "FlaxCell: could not match the module's variables to its state "
                "leaves (a variable holding a pytree of arrays is not supported)"
            )
        # Structure (not caches): kept when jax.tree rebuilds this Cell.
        object.__setattr__(self, "_flax_structure", (graphdef, treedef))
        names, key_impls = [], []
        for (path, value), kind in zip(leaves, kinds):
            name = _path_name(path)
            # RNG keys are held as their raw uint32 data, so checkpoints can store them.
            impl = None
            if jnp.issubdtype(value.dtype, jax.dtypes.prng_key):
                impl, value = jax.random.key_impl(value), jax.random.key_data(value)
            key_impls.append(impl)
            # A dotted attribute name is fine for a Parameter: it is its path in the module.
            setattr(
                self, name, Parameter(value, name=name, requires_grad=issubclass(kind, nnx.Param))
            )
            names.append(name)
        object.__setattr__(self, "_flax_names", tuple(names))
        object.__setattr__(self, "_flax_key_impls", tuple(key_impls))

    @property
    def module(self):
        """An nnx.Module holding the current Parameter values (a fresh merge)."""
        nnx = _nnx()
        graphdef, treedef = self._flax_structure
        return nnx.merge(graphdef, jax.tree.unflatten(treedef, self._values()))

    def _values(self):
        return [
            read(getattr(self, n))
            if impl is None
            else jax.random.wrap_key_data(read(getattr(self, n)), impl=impl)
            for n, impl in zip(self._flax_names, self._flax_key_impls)
        ]

    def construct(self, *args, **kwargs):
        nnx = _nnx()
        graphdef, treedef = self._flax_structure
        values = self._values()
        module = nnx.merge(graphdef, jax.tree.unflatten(treedef, values))
        if self.training:
            module.train()
        else:
            module.eval()
        args, kwargs = unwrap(args), unwrap(kwargs)
        out = module(*args, **kwargs)
        _, new_state = nnx.split(module)
        for name, impl, old, new in zip(
            self._flax_names, self._flax_key_impls, values, jax.tree.leaves(new_state)
        ):
            if new is not old:
                write(getattr(self, name), new if impl is None else jax.random.key_data(new))
        return out


class _CellRef:
    """Holds a Cell as static data of an nnx.Module (hashed by identity)."""

    __slots__ = ("cell",)

    def __init__(self, cell):
        self.cell = cell

    def __hash__(self):
        return id(self.cell)

    def __eq__(self, other):
        return isinstance(other, _CellRef) and other.cell is self.cell


def _variable_name(name):
    return "p_" + name.replace(".", "__")


def _module_base():
    return _nnx().Module


class _LazyModuleMeta(type):
    """Build the real CellModule class (an nnx.Module subclass) on first use, so importing
    msfunc does not import flax."""

    _cls = None

    def _real(cls):
        if cls._cls is None:
            nnx = _nnx()

            class CellModule(nnx.Module):
                __doc__ = _CELL_MODULE_DOC

                def __init__(self, cell):
                    if not isinstance(cell, Cell):
                        raise TypeError(
                            f"CellModule: `cell` must be a Cell, got {type(cell).__name__}"
                        )
                    self.cell_ref = _CellRef(cell)
                    params = list(cell.get_parameters())
                    self.param_names = tuple(p.name for p in params)
                    for p in params:
                        kind = nnx.Param if p.requires_grad else nnx.BatchStat
                        setattr(self, _variable_name(p.name), kind(read(p)))

                @property
                def cell(self):
                    return self.cell_ref.cell

                def __call__(self, *args, **kwargs):
                    cell = self.cell_ref.cell
                    params = list(cell.get_parameters())
                    variables = [getattr(self, _variable_name(p.name)) for p in params]
                    lifted = {id(p): v.get_value() for p, v in zip(params, variables)}
                    with Frame(lifted, owner="CellModule") as frame:
                        out = cell(*args, **kwargs)
                    by_id = {id(p): v for p, v in zip(params, variables)}
                    for p, value in frame.written():
                        if id(p) in by_id:
                            by_id[id(p)].set_value(jnp.asarray(value))
                        else:
                            write(p, value)
                    return unwrap(out, pytrees=True)  # Flax code expects arrays

            cls._cls = CellModule
        return cls._cls

    def __call__(cls, *args, **kwargs):
        return cls._real()(*args, **kwargs)

    def __instancecheck__(cls, obj):
        return cls._cls is not None and isinstance(obj, cls._cls)


_CELL_MODULE_DOC = """An nnx.Module running an msfunc Cell: the Cell's trainable Parameters are
    ``nnx.Param`` variables (named ``p_<name with '.' as '__'>``), the others
    ``nnx.BatchStat``; the Cell reads them through an msfunc state frame, and what it writes
    (BatchNorm statistics) is stored back into the variables.

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> from flax import nnx
        >>> m = CellModule(ms.nn.Dense(2, 1, "ones", "zeros"))
        >>> grads = nnx.grad(lambda m, x: m(x).sum())(m, jnp.ones((1, 2)))
        >>> grads["p_weight"][...].tolist()
        [[1.0, 1.0]]
    """


class CellModule(metaclass=_LazyModuleMeta):
    __doc__ = _CELL_MODULE_DOC
