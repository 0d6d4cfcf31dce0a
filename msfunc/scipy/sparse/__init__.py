"""`msfunc.scipy.sparse`: iterative solvers in `msfunc.scipy.sparse.linalg`."""

from . import linalg

__all__ = ["linalg"]
