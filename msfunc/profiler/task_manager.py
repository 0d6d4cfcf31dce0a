"""Analysis work flows: chains of parsers, each chain run in its own process."""

import time
from collections import defaultdict
from multiprocessing import Manager, Process

from .. import log as logger
from .base_parser import BaseParser
from .process_bar import ProcessBar
from .profiler_logger import ProfilerLogger

__all__ = ["TaskManager", "WorkFlow"]


class WorkFlow:
    """A chain of parsers linked through their ``next_parser``: iterating walks it.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.base_parser import DummyParser
        >>> from msfunc.profiler.profiler_logger import ProfilerLogger
        >>> from msfunc.profiler.task_manager import WorkFlow
        >>> ProfilerLogger.init(tempfile.mkdtemp())
        >>> flow = WorkFlow()
        >>> flow.add_parser(DummyParser())
        >>> flow.add_parser(DummyParser())
        >>> len(flow)
        2
    """

    def __init__(self, head_parser=None):
        self.head_parser = head_parser

    def add_parser(self, parser):
        """Appends `parser` at the end of the chain."""
        if not self.head_parser:
            self.head_parser = parser
            return
        last = self.head_parser
        while last.next_parser:
            last = last.next_parser
        last.next_parser = parser

    def __iter__(self):
        parser = self.head_parser
        while parser:
            yield parser
            parser = parser.next_parser

    def __len__(self):
        return sum(1 for _ in self)


class TaskManager:
    """Runs named work flows side by side, one process each; within a flow every parser's
    result is the next one's input (the first gets ``{}``). `cost_time` reports the seconds
    each flow and parser took. Made after `ProfilerLogger.init`.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.base_parser import DummyParser
        >>> from msfunc.profiler.profiler_logger import ProfilerLogger
        >>> from msfunc.profiler.task_manager import TaskManager
        >>> ProfilerLogger.init(tempfile.mkdtemp())
        >>> manager = TaskManager()
        >>> manager.create_flow(DummyParser(), flow_name="noop")
        >>> list(manager.workflows)
        ['noop']
    """

    ROUND_DECIMAL = 2

    def __init__(self):
        self.workflows = defaultdict(WorkFlow)
        self.show_process = defaultdict(bool)
        # made shared (a manager's dict) when the flows' processes start: they fill it in
        self.flows_cost_time = {}
        self._manager = None
        self._logger = ProfilerLogger.get_instance()

    @property
    def cost_time(self):
        """``{flow: {"total_time_seconds": s, "parser_times_seconds": {parser: s}}}``."""
        return dict(self.flows_cost_time)

    def create_flow(self, *parsers, flow_name, show_process=False):
        """Chains `parsers` (each a BaseParser, else ValueError) into the flow `flow_name`;
        no parsers is logged as an error and makes no flow."""
        if not parsers:
            logger.error("No parsers given for the analysis flow %s", flow_name)
            return
        flow = WorkFlow()
        for parser in parsers:
            if not isinstance(parser, BaseParser):
                raise ValueError(
                    f"Each parser of a flow must be a BaseParser, not {type(parser).__name__}"
                )
            flow.add_parser(parser)
        self.workflows[flow_name] = flow
        self.show_process[flow_name] = show_process

    def run(self):
        """Runs every flow in its own process and waits for all of them."""
        started = []
        if self.workflows and isinstance(self.flows_cost_time, dict):
            # a manager process serves the dict to the flows (kept while this object lives)
            self._manager = Manager()
            self.flows_cost_time = self._manager.dict(self.flows_cost_time)
        for name, flow in self.workflows.items():
            process = Process(target=self._run_flow, args=(name, flow))
            process.start()
            started.append((process, name))
            self._logger.info("Analysis flow %s started (pid %s)", name, process.pid)
        for process, name in started:
            process.join()
            self._logger.info("Analysis flow %s ended (pid %s)", name, process.pid)

    def _run_flow(self, flow_name, workflow):
        start = time.perf_counter()
        parser_times = defaultdict(float)
        steps = ProcessBar(workflow, desc="Parsing") if self.show_process[flow_name] else workflow
        data = {}
        parser = None
        try:
            for parser in steps:
                began = time.perf_counter()
                data = parser.parse(data)
                parser_times[type(parser).__name__] = round(
                    time.perf_counter() - began, self.ROUND_DECIMAL
                )
        except Exception as err:  # noqa: BLE001 (one flow's failure must not stop the others)
            logger.error("Analysis step %s failed: %s", type(parser).__name__, err)
            self._logger.error("Analysis flow %s failed: %s", flow_name, err, exc_info=True)
        self.flows_cost_time[flow_name] = {
            "total_time_seconds": round(time.perf_counter() - start, self.ROUND_DECIMAL),
            "parser_times_seconds": parser_times,
        }
