"""Reads by a computed name: ``getattr(obj, name)``, ``obj.__dict__[key]``, which a guard plan
cannot foresee (it reads the attributes a function's code names).

A guard plan probes the attributes whose names appear in the code it reaches; an attribute
read through a name held in a variable may be any other one, so such code is run eagerly.
The check reads the bytecode: a ``getattr``/``hasattr`` call whose name argument is one
string constant, or ``__dict__`` subscripted by one, is as good as ``obj.name``; any other
use (a variable, an expression, a branch inside the call, ``__dict__.items()``) is not.
"""

from __future__ import annotations

import dis
import types

__all__ = ["computed_name_read"]

_BY_NAME = frozenset(("getattr", "hasattr"))
_LOADS = frozenset(("LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_FAST"))
_CALLS = frozenset(("PRECALL", "CALL"))
_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)


def computed_name_read(code):
    """What in `code` (or its nested code) reads state by a computed name, or None.

    Example:
        >>> def by_constant(obj):
        ...     return getattr(obj, "scale", 1.0) * obj.__dict__["shift"]
        >>> def by_variable(obj, name):
        ...     return getattr(obj, name)
        >>> computed_name_read(by_constant.__code__) is None
        True
        >>> computed_name_read(by_variable.__code__)
        'it reads an attribute by a computed name (getattr)'
    """
    instructions = list(dis.get_instructions(code))
    for i, ins in enumerate(instructions):
        if ins.opname in _LOADS and ins.argval in _BY_NAME:
            if not _constant_name_argument(instructions, i):
                return f"it reads an attribute by a computed name ({ins.argval})"
        elif ins.opname in ("LOAD_ATTR", "LOAD_METHOD") and ins.argval == "__dict__":
            following = instructions[i + 1 : i + 3]
            if [f.opname for f in following] != ["LOAD_CONST", "BINARY_SUBSCR"] or type(
                following[0].argval
            ) is not str:
                return "it reads __dict__ other than by a constant key"
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            reason = computed_name_read(const)
            if reason is not None:
                return reason
    return None


def _constant_name_argument(instructions, start):
    """Whether the call of the function loaded at `start` passes a string constant as its
    second argument. The stack is followed from the load: the call is the first one found
    when exactly its arguments are on the stack (a call nested in an argument finds more);
    a jump, an unknown effect or a call with * arguments is not followed (not constant)."""
    depth = 0
    after = []  # the stack depth after each instruction following the load
    for ins in instructions[start + 1 :]:
        if ins.opname in _CALLS and depth == ins.arg and ins.arg in (2, 3):
            break
        if ins.opcode in _JUMPS or ins.opname in ("CALL_FUNCTION_EX", "KW_NAMES", "RETURN_VALUE"):
            return False
        try:
            depth += (
                dis.stack_effect(ins.opcode, ins.arg)
                if ins.opcode >= dis.HAVE_ARGUMENT
                else dis.stack_effect(ins.opcode)
            )
        except ValueError:
            return False
        after.append((ins, depth))
    else:
        return False
    # The name is the instruction that brought the stack from 1 to 2 for the last time;
    # a third argument (a default) then stays above it until the call.
    for k in range(len(after) - 1, -1, -1):
        ins, depth = after[k]
        before = after[k - 1][1] if k else 0
        if before == 1 and depth == 2:
            rest = after[k + 1 :]
            name_alone = all(d >= 3 for _, d in rest)
            return ins.opname == "LOAD_CONST" and type(ins.argval) is str and name_alone
    return False
