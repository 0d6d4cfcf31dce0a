"""The action table of a scheduled profiler: what moving from one step's action to the
next does to the trace (MindSpore's ``mindspore.profiler.profiler_action_controller``).

From NONE a warm-up prepares the directory and a recorded step starts the trace; the
last recorded step (RECORD_AND_SAVE) stops it, writes it and hands it to
``on_trace_ready``; stopping the profiler (next action None) ends whatever is running.
"""

import functools

from .. import log
from .schedule import ProfilerAction

__all__ = ["ProfilerActionController"]

NONE, WARM_UP, RECORD, SAVE = (
    ProfilerAction.NONE,
    ProfilerAction.WARM_UP,
    ProfilerAction.RECORD,
    ProfilerAction.RECORD_AND_SAVE,
)


class ProfilerActionController:
    """Runs the steps for each (previous action, current action) pair.

    Example:
        >>> from msfunc.profiler.action_controller import ProfilerActionController
        >>> from msfunc.profiler.interface import ProfilerInterface
        >>> from msfunc.profiler.schedule import ProfilerAction
        >>> controller = ProfilerActionController(ProfilerInterface(), None)
        >>> steps = controller.action_map[(ProfilerAction.NONE, ProfilerAction.RECORD)]
        >>> [step.__name__ for step in steps]
        ['init', 'start']
    """

    def __init__(self, prof_interface, on_trace_ready=None):
        self.prof_interface = prof_interface
        self.on_trace_ready = on_trace_ready
        self.action_map = self._init_action_map()

    def _trace_ready(self):
        if callable(self.on_trace_ready):
            self.on_trace_ready()

    def _init_action_map(self):
        p = self.prof_interface

        def warn(text):
            return functools.partial(log.warning, f"Profiler schedule: {text}")

        save = [p.stop, p.finalize, self._trace_ready, p.clear]
        return {
            (NONE, NONE): [],
            (NONE, WARM_UP): [p.init],
            (NONE, RECORD): [p.init, p.start],
            (NONE, SAVE): [p.init, p.start],
            (WARM_UP, NONE): [
                warn("warm-up steps are followed by idle ones, nothing is kept"),
                p.start,
                p.stop,
                p.finalize,
                p.clear,
            ],
            (WARM_UP, WARM_UP): [],
            (WARM_UP, RECORD): [p.start],
            (WARM_UP, SAVE): [p.start],
            (RECORD, NONE): [
                warn("recording ended before its saving step, nothing is kept"),
                p.stop,
                p.finalize,
                p.clear,
            ],
            (RECORD, WARM_UP): [
                warn("recording ended before its saving step, nothing is kept"),
                p.stop,
                p.finalize,
                p.clear,
            ],
            (RECORD, RECORD): [],
            (RECORD, SAVE): [],
            (SAVE, NONE): list(save),
            (SAVE, WARM_UP): [*save, p.init],
            (SAVE, RECORD): [*save, p.init, p.start],
            (SAVE, SAVE): [*save, p.init, p.start],
            (WARM_UP, None): [
                warn("stopped during warm-up, no trace is written"),
                p.finalize,
                p.clear,
                p.delete_dir,
            ],
            (RECORD, None): [
                warn("stopped while recording, the trace holds a partial cycle"),
                *save,
            ],
            (SAVE, None): [warn("stopped before the cycle finished"), *save],
        }

    def transit_action(self, prev_action, current_action):
        """Run the steps of the move from `prev_action` to `current_action`."""
        for step in self.action_map.get((prev_action, current_action), ()):
            step()
