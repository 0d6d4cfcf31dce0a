"""The registry of a process's live dataset iterators (MindSpore's ``dataset.engine.iterators``).

Every iterator a dataset creates is listed in `ITERATORS_LIST` by weak reference and leaves it
when collected; `_cleanup` stops those still alive (test fixtures call it after each test).

Example:
    >>> import numpy as np
    >>> from msfunc.dataset import NumpySlicesDataset
    >>> ITERATORS_LIST.clear()
    >>> it = NumpySlicesDataset(np.arange(3), column_names=["x"]).create_tuple_iterator()
    >>> len(ITERATORS_LIST)
    1
    >>> del it
    >>> ITERATORS_LIST
    []
"""

import weakref

__all__ = ["ITERATORS_LIST"]

ITERATORS_LIST = []
_cleanup_requested = False


def track(iterator):
    """List `iterator` until it is garbage collected."""

    def forget(ref):
        try:
            ITERATORS_LIST.remove(ref)
        except ValueError:  # already cleared by hand
            pass

    ITERATORS_LIST.append(weakref.ref(iterator, forget))


def _cleanup():
    """Stop every live iterator (newest first), releasing the epochs they hold."""
    global _cleanup_requested
    _cleanup_requested = True
    for ref in reversed(list(ITERATORS_LIST)):
        iterator = ref()
        if iterator is not None:
            iterator.stop()


def _unset_iterator_cleanup():
    global _cleanup_requested
    _cleanup_requested = False


def check_iterator_cleanup():
    """Whether `_cleanup` ran since the last `_unset_iterator_cleanup`."""
    return _cleanup_requested
