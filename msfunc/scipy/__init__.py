"""`msfunc.scipy`: MindSpore's scipy (linalg, optimize, fft) plus sparse, integrate, special."""

from . import fft, integrate, linalg, optimize, sparse, special

__all__ = ["fft", "integrate", "linalg", "optimize", "sparse", "special"]
