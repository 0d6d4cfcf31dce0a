"""msfunc.nn.probability: probability distributions and bijectors."""

from . import bijector, distribution

__all__ = ["bijector", "distribution"]
