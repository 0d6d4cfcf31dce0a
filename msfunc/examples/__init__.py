"""Runnable examples: ``python -m msfunc.examples.quickstart``."""
