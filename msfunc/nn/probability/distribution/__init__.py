"""msfunc.nn.probability.distribution: probability distributions as Cells."""

from .continuous import Cauchy, Gumbel, Logistic, LogNormal, Normal, Uniform
from .density_only import HalfNormal, Laplace, StudentT
from .discrete import Bernoulli, Categorical, Geometric, Poisson
from .distribution import Distribution
from .gamma_family import Beta, Exponential, Gamma
from .transformed_distribution import TransformedDistribution

__all__ = [
    "Distribution",
    "Normal",
    "Bernoulli",
    "Uniform",
    "Exponential",
    "Categorical",
    "Geometric",
    "Poisson",
    "Gamma",
    "Beta",
    "LogNormal",
    "Logistic",
    "Cauchy",
    "Gumbel",
    "Laplace",
    "HalfNormal",
    "StudentT",
    "TransformedDistribution",
]
