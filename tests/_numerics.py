"""MindSpore programs' CPU kernel numerics (`msfunc.context.mindspore_cpu_numerics`) switched
on for a block, as the `mindspore` alias switches them on for a whole program."""

import contextlib

from msfunc import context


@contextlib.contextmanager
def mindspore_numerics():
    """The block runs with MindSpore's CPU numerics; the setting before it comes back after."""
    saved = context.mindspore_cpu_numerics()
    context.mindspore_cpu_numerics(True)
    try:
        yield
    finally:
        context.mindspore_cpu_numerics(saved)
