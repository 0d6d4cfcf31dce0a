"""Graph mode's rule that the Parameters one compiled program uses have distinct names.

MindSpore's graph compiler keys a program's Parameters by name. A Parameter passed as an
argument whose name another Parameter of the call already has (another argument, or one the
program reads) is a ValueError. Among the Parameters the program reads, those the compiled
Cell holds (its ``parameters_and_names``) may share a name; any other one (a global, a
closure's, one held by a Cell the program only calls or by a ParameterTuple whose name the
Cell already lists) whose name another Parameter of the program has is a RuntimeError.
`check_unique_names` applies the rule once per trace with graph semantics, in MindSpore
programs only (msfunc's own programs key nothing by name), and leaves out msfunc's internal
state Parameters (``msfunc.*``: random engines shared by every layer that draws).
"""

from __future__ import annotations

from ..common.parameter import Parameter
from ..context import mindspore_dtype_checks

__all__ = ["check_unique_names"]


def _argument_parameters(args, kwargs):
    found = [a for a in args if isinstance(a, Parameter)]
    found += [v for v in kwargs.values() if isinstance(v, Parameter)]
    return found


def _named_by_the_program(p):
    return not p.name.startswith("msfunc.")


def _is_cell(value):
    return getattr(type(value), "_msfunc_is_cell", False)  # (Cells import the transforms)


def _held_by(fn, args):
    """The ids of the Parameters the Cell that `fn` is a method of (or that it takes first)
    holds."""
    owner = getattr(fn, "__self__", None)
    if not _is_cell(owner) and args and _is_cell(args[0]):
        owner = args[0]
    if owner is None or not _is_cell(owner):
        return frozenset()
    # keyed as graph mode keys them: of two Parameters listed under one key (ParameterTuples
    # holding equally named Parameters list them by name) it holds the first
    by_key = {}
    for key, p in owner.parameters_and_names():
        by_key.setdefault(key, id(p))
    return frozenset(by_key.values())


def check_unique_names(fn, args, kwargs, used):
    """ValueError or RuntimeError (graph mode's) when Parameters of one compiled call share a
    name: `args`/`kwargs` are the call's arguments, `used` the Parameters its trace read.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.context import mindspore_dtype_checks
        >>> _ = mindspore_dtype_checks(True)  # (a MindSpore program)
        >>> a = ms.Parameter(ms.Tensor(1.0), name="w")
        >>> b = ms.Parameter(ms.Tensor(2.0), name="w")
        >>> check_unique_names(lambda x: x, (a,), {}, [b])
        Traceback (most recent call last):
        ...
        ValueError: a Parameter argument, its name 'w' already exists among the Parameters ...
        >>> _ = mindspore_dtype_checks(False)
    """
    if not mindspore_dtype_checks():
        return
    arguments = _argument_parameters(args, kwargs)
    used = [p for p in used if _named_by_the_program(p)]
    if not arguments and len(used) < 2:
        return
    owners = {}  # name -> id of the first Parameter seen with it
    clashing = set()
    for p in (*arguments, *used):
        first = owners.setdefault(p.name, id(p))
        if first != id(p):
            clashing.add(p.name)
    if not clashing:
        return
    for p in arguments:
        if p.name in clashing:
            raise ValueError(
                f"a Parameter argument, its name '{p.name}' already exists among the "
                "Parameters of this compiled call; graph mode needs a unique name for each "
                "Parameter (give it another name)"
            )
    held = _held_by(fn, args)
    for p in used:
        if p.name in clashing and id(p) not in held:
            raise RuntimeError(
                f"a Parameter the compiled program reads, its name '{p.name}' already exists "
                "among its Parameters; graph mode needs a unique name for each Parameter it "
                "does not reach through the compiled Cell's own attributes (set a unique name)"
            )
