"""``mindspore.profiler.schedule``: which steps of a training loop a profiler records.

A schedule numbers the steps from 0: ``skip_first`` steps are left out, then cycles of
``wait`` idle steps, ``warmup`` steps with the profiler running but unsaved, and
``active`` recorded steps, the last of which saves the cycle's trace; ``repeat`` cycles
(0: for as long as the loop runs).
"""

import enum

from .. import log

__all__ = ["ProfilerAction", "Schedule", "schedule"]


class ProfilerAction(enum.Enum):
    """What the profiler does at a step.

    Example:
        >>> from msfunc.profiler.schedule import ProfilerAction
        >>> ProfilerAction.RECORD_AND_SAVE.value
        3
    """

    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


def _count(name, value, least):
    """`value` when it is an int of at least `least`; otherwise a warning and `least`."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= least:
        return value
    log.warning(
        f"schedule: {name} must be an int >= {least}, got {value!r} "
        f"({type(value).__name__}); {least} is used instead."
    )
    return least


class Schedule:
    """The step plan of a profiler (keyword arguments only, as in MindSpore).

    An argument that is not an int, or is below its least value (1 for ``active``, 0 for
    the others), is replaced by that least value with a warning, as MindSpore does.

    Example:
        >>> from msfunc.profiler import schedule
        >>> plan = schedule(wait=1, warmup=1, active=2, repeat=1)
        >>> [plan(step).name for step in range(5)]
        ['NONE', 'WARM_UP', 'RECORD', 'RECORD_AND_SAVE', 'NONE']
    """

    def __init__(self, *, wait, active, warmup=0, repeat=0, skip_first=0):
        self.wait = wait
        self.active = active
        self.warmup = warmup
        self.repeat = repeat
        self.skip_first = skip_first
        self._check_params()

    def _check_params(self):
        self.wait = _count("wait", self.wait, 0)
        self.active = _count("active", self.active, 1)
        self.warmup = _count("warmup", self.warmup, 0)
        self.repeat = _count("repeat", self.repeat, 0)
        self.skip_first = _count("skip_first", self.skip_first, 0)
        if self.warmup == 0:
            log.warning("schedule: no warmup steps; the first recorded step may be slower.")

    def __call__(self, step):
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        cycle = self.wait + self.warmup + self.active
        if self.repeat > 0 and step // cycle >= self.repeat:
            return ProfilerAction.NONE
        position = step % cycle
        if position < self.wait:
            return ProfilerAction.NONE
        if position < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        if position < cycle - 1:
            return ProfilerAction.RECORD
        return ProfilerAction.RECORD_AND_SAVE

    def to_dict(self):
        """The five counts by name.

        Example:
            >>> from msfunc.profiler import schedule
            >>> schedule(wait=0, active=1).to_dict()["active"]
            1
        """
        return {
            "wait": self.wait,
            "active": self.active,
            "warmup": self.warmup,
            "repeat": self.repeat,
            "skip_first": self.skip_first,
        }

    def __repr__(self):
        counts = ", ".join(f"{key}={value}" for key, value in self.to_dict().items())
        return f"Schedule({counts})"


schedule = Schedule  # (MindSpore's public name is the lower-case one)


def default_plan():
    """The plan of a profiler given no schedule: every step recorded (made without the
    no-warmup warning, which is for plans a program chose).

    Example:
        >>> from msfunc.profiler.schedule import default_plan
        >>> default_plan()
        Schedule(wait=0, active=1, warmup=0, repeat=0, skip_first=0)
    """
    plan = object.__new__(Schedule)
    plan.wait, plan.active, plan.warmup, plan.repeat, plan.skip_first = 0, 1, 0, 0, 0
    return plan
