"""Viewers: analysis results written out as the files of a profile's ASCEND_PROFILER_OUTPUT."""
