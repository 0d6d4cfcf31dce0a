"""One timeline lane (a trace process): its events by phase and thread, names and flow ends."""

from collections import defaultdict

from ..trace_constants import EventConstant

__all__ = ["TimelineEventPool"]


class TimelineEventPool:
    """The events of the lane `pid`, filed by phase (complete, instant and counter events by
    thread id; meta events in order), the names its meta events give the lane and its
    threads, and flow ends waiting to be paired (by flow key).

    Example:
        >>> from msfunc.profiler.timeline.event_pool import TimelineEventPool
        >>> from msfunc.profiler.timeline.events import CompleteEvent, MetaEvent
        >>> pool = TimelineEventPool(7)
        >>> pool.add_event(MetaEvent({"name": "process_name", "args": {"name": "lane"}}))
        >>> pool.add_event(CompleteEvent({"name": "op", "tid": 3}))
        >>> pool.name, pool.get_all_tids(), [e.name for e in pool.get_all_events()]
        ('lane', {3}, ['process_name', 'op'])
    """

    def __init__(self, pid):
        self.pid = pid
        self.name = ""
        self.complete_event = defaultdict(list)
        self.instance_event = defaultdict(list)
        self.counter_event = defaultdict(list)
        self.meta_event = []
        self.start_to_end_events_pairs = {}
        self.tid_to_name = {}
        self.name_to_tid = {}

    def _by_thread(self):
        """The per-thread tables in output order."""
        return (self.complete_event, self.instance_event, self.counter_event)

    def add_event(self, event):
        """Files `event` by its phase (an unknown phase is dropped)."""
        table = {
            EventConstant.COMPLETE_EVENT: self.complete_event,
            EventConstant.INSTANT_EVENT: self.instance_event,
            EventConstant.COUNTER_EVENT: self.counter_event,
        }.get(event.ph)
        if table is not None:
            table[event.tid].append(event)
        elif event.ph == EventConstant.META_EVENT:
            self.meta_event.append(event)
            self._handle_meta_event(event)

    def _handle_meta_event(self, event):
        """Takes the lane's name, or a thread's name (when both tid and name are set)."""
        if event.name == EventConstant.PROCESS_NAME:
            self.name = event.args.get("name", "")
        elif event.name == EventConstant.THREAD_NAME:
            thread_name = event.args.get("name", "")
            if event.tid is not None and thread_name:
                self.tid_to_name[event.tid] = thread_name
                self.name_to_tid[thread_name] = event.tid

    def _flow_ends(self, flow_key):
        return self.start_to_end_events_pairs.setdefault(flow_key, {"start": [], "end": []})

    def add_start_event(self, flow_key, event):
        """Records `event` as a start of the flow `flow_key`."""
        self._flow_ends(flow_key)["start"].append(event)

    def add_end_event(self, flow_key, event):
        """Records `event` as an end of the flow `flow_key`."""
        self._flow_ends(flow_key)["end"].append(event)

    @staticmethod
    def _flatten(table):
        return [event for events in table.values() for event in events]

    def get_complete_events(self):
        """All complete events, thread by thread."""
        return self._flatten(self.complete_event)

    def get_instant_events(self):
        """All instant events, thread by thread."""
        return self._flatten(self.instance_event)

    def get_counter_events(self):
        """All counter events, thread by thread."""
        return self._flatten(self.counter_event)

    def get_all_events(self):
        """Meta events first, then complete, instant and counter events."""
        return self.meta_event + [e for table in self._by_thread() for e in self._flatten(table)]

    def get_start_to_end_flow_pairs(self):
        """``{flow key: {"start": [...], "end": [...]}}``."""
        return self.start_to_end_events_pairs

    def get_events_by_tid(self, tid):
        """The complete, instant and counter events of thread `tid`."""
        return [e for table in self._by_thread() for e in table.get(tid, [])]

    def get_events_by_name(self, name):
        """The events of the thread a meta event named `name` ([] for an unknown name)."""
        tid = self.name_to_tid.get(name)
        return [] if tid is None else self.get_events_by_tid(tid)

    def get_all_tids(self):
        """The ids of the threads holding events."""
        return {tid for table in self._by_thread() for tid in table}

    def get_all_events_with_trace_format(self):
        """Every event (in `get_all_events` order) as a Chrome trace-event dict."""
        return [event.to_trace_format() for event in self.get_all_events()]
