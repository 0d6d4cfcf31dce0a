"""msfunc.nn.probability: probability distributions and bijectors."""

from . import distribution

__all__ = ["distribution"]
