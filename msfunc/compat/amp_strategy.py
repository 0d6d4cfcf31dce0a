"""MindSpore's mixed-precision strategies (``mindspore._c_expression.amp``): a strategy names
a level, a low-precision dtype and the ops cast down (white list) or kept in float32 (black
list), and says how each op's inputs are treated; pushed strategies form a stack. As in
MindSpore, pushing one by hand does not change how ops compute (``amp.auto_mixed_precision``
does that).

Example:
    >>> import msfunc as ms
    >>> s = create_amp_strategy(AmpLevel.AmpAuto, ms.float16, [("MatMul", [0, 1])], [("Log", [])])
    >>> info = get_prim_cast_strategy_info(s, "MatMul")
    >>> info.strategy == PrimCastStrategy.AmpDoCast, info.dtype == ms.float16, info.arg_pos
    (True, True, [0, 1])
    >>> get_prim_cast_strategy_info(s, "Pad").strategy == PrimCastStrategy.AmpIgnore
    True
"""

from __future__ import annotations

import enum
import logging

__all__ = [
    "AmpLevel",
    "AmpStrategy",
    "PrimCastStrategy",
    "PrimCastStrategyInfo",
    "AutoPromoteList",
    "SetDtypeList",
    "SetDtypeOptList",
    "create_amp_strategy",
    "push_amp_strategy",
    "pop_amp_strategy",
    "get_curr_amp_strategy",
    "get_prim_cast_strategy_info",
]

_log = logging.getLogger("msfunc.amp")


class AmpLevel(enum.IntEnum):
    """The mixed-precision levels."""

    AmpO0 = 0
    AmpO1 = 1
    AmpO2 = 2
    AmpO3 = 3
    AmpAuto = 4


class PrimCastStrategy(enum.IntEnum):
    """What happens to an op's inputs under a strategy."""

    AmpIgnore = 0
    AmpDoCast = 1
    AmpSetDtype = 2
    AmpSetDtypeOpt = 3
    AmpAutoPromote = 4


# ops whose float inputs are promoted to their widest type at the "auto" level (MindSpore's list)
AutoPromoteList = [
    (name, [])
    for name in (
        "Addcdiv",
        "Addcmul",
        "Cross",
        "_PyboostCrossPrim",
        "GridSampler2D",
        "GridSampler3D",
        "BiasAdd",
        "AddN",
        "Dot",
        "Concat",
    )
]
SetDtypeList = []
SetDtypeOptList = []


class AmpStrategy:
    """A level, a low-precision dtype, and the (op name, argument positions) lists."""

    def __init__(self, amp_level, amp_dtype, white_list, black_list):
        self._level, self._dtype = amp_level, amp_dtype
        self._white = [(name, list(pos)) for name, pos in white_list]
        self._black = [(name, list(pos)) for name, pos in black_list]

    def get_amp_level(self):
        return self._level

    def get_amp_dtype(self):
        return self._dtype

    def get_white_list(self):
        return list(self._white)

    def get_black_list(self):
        return list(self._black)


class PrimCastStrategyInfo:
    """An op's treatment: ``strategy``, the ``dtype`` cast to, the ``arg_pos`` concerned."""

    def __init__(self, strategy, dtype, arg_pos):
        self.strategy, self.dtype, self.arg_pos = strategy, dtype, list(arg_pos)


def _check_level(level):
    if not isinstance(level, AmpLevel):
        raise TypeError(f"amp strategy: `amp_level` must be an AmpLevel, got {level!r}")
    return level


def create_amp_strategy(amp_level, amp_dtype, white_list, black_list):
    """A new AmpStrategy (not pushed)."""
    return AmpStrategy(_check_level(amp_level), amp_dtype, white_list, black_list)


def get_prim_cast_strategy_info(amp_strategy, op_name):
    """How `amp_strategy` treats the op named `op_name`, by level: O1 casts the white list to
    the low dtype; O2 casts every op to it except the black list (float32); O3 casts every op;
    "auto" casts the white list down, the black list to float32 and promotes a few ops'
    inputs to their widest float; O0 leaves every op alone."""
    from ..common import dtype as mstype

    level, low = amp_strategy.get_amp_level(), amp_strategy.get_amp_dtype()
    white = dict(amp_strategy.get_white_list())
    black = dict(amp_strategy.get_black_list())
    cast, ignore = PrimCastStrategy.AmpDoCast, PrimCastStrategy.AmpIgnore
    if level in (AmpLevel.AmpO1, AmpLevel.AmpAuto) and op_name in white:
        return PrimCastStrategyInfo(cast, low, white[op_name])
    if level in (AmpLevel.AmpO2, AmpLevel.AmpAuto) and op_name in black:
        return PrimCastStrategyInfo(cast, mstype.float32, black[op_name])
    if level in (AmpLevel.AmpO2, AmpLevel.AmpO3):
        return PrimCastStrategyInfo(cast, low, [])
    if level == AmpLevel.AmpAuto and any(name == op_name for name, _ in AutoPromoteList):
        return PrimCastStrategyInfo(PrimCastStrategy.AmpAutoPromote, mstype.float32, [])
    return PrimCastStrategyInfo(ignore, mstype.float32, [])


# the pushed strategies, innermost last
_STACK = []


def push_amp_strategy(amp_level, amp_dtype, white_list, black_list):
    """Make a new strategy the current one."""
    _STACK.append(create_amp_strategy(amp_level, amp_dtype, white_list, black_list))


def pop_amp_strategy():
    """Drop the current strategy (a warning when none is pushed)."""
    if not _STACK:
        _log.warning("pop_amp_strategy: no amp strategy is pushed")
        return
    _STACK.pop()


def get_curr_amp_strategy():
    """The current strategy, or None."""
    return _STACK[-1] if _STACK else None
