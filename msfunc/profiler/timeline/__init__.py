"""Profiler records turned into Chrome trace-event json: events, lanes, creators, assembly."""
