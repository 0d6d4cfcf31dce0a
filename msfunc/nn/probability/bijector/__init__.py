"""msfunc.nn.probability.bijector: invertible transforms as Cells."""

from .bijector import Bijector
from .transforms import Exp, GumbelCDF, Invert, PowerTransform, ScalarAffine, Softplus

__all__ = ["Bijector", "Exp", "GumbelCDF", "Invert", "PowerTransform", "ScalarAffine", "Softplus"]
