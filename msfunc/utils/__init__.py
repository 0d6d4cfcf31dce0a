"""``msfunc.utils`` (mindspore.utils): checks of a distributed run's communication order.

Example:
    >>> from msfunc.utils import comm_exec_order_check
    >>> comm_exec_order_check(1)
    Traceback (most recent call last):
    ...
    TypeError: comm_exec_order_check: action must be a str, got int
"""

from .execution_order import comm_exec_order_check, runtime_execution_order_check

__all__ = ["comm_exec_order_check", "runtime_execution_order_check"]
