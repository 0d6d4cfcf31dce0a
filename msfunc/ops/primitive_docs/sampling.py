"""Docstrings of the primitive classes generated from `primitive_tables.sampling`."""

from .sampling_distributions import DOCS as _MORE

__all__ = ["DOCS"]

# The seeds of the primitives that draw MindSpore's own numbers.
SEEDS = """    seed (int): The primitive's seed. Default: ``0``.
    seed2 (int): Its second seed. With both 0 msfunc draws from its global stream
        (`msfunc.set_seed`), where MindSpore seeds the kernel at random. Default: ``0``."""

# What a seeded primitive of `SEEDS` draws.
EXACT = """Seeded (`seed` or `seed2` not 0), it draws what MindSpore 2.10's CPU kernel draws,
and each call goes on where the previous one stopped."""

IMPORTS = """    >>> import msfunc as ms
    >>> from msfunc import ops
"""


def _float_draws(summary, example):
    """The docstring of a seeded primitive that draws float32 numbers of a given shape:
    `summary`, then the sections such primitives share, then `example` (after the imports)."""
    return f"""{summary}

{EXACT}

Args:
{SEEDS}

Inputs:
    shape (tuple[int]): The output shape.

Outputs:
    Tensor of float32, of shape `shape`.

Example:
{IMPORTS}{example}"""


# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
# The seeded examples' values are MindSpore 2.10's (its CPU kernels, same seeds and calls).
DOCS: dict[str, str] = {
    "StandardNormal": _float_draws(
        """Draws from the standard normal distribution N(0, 1). The class form of
`ops.standard_normal`.""",
        """    >>> print(ops.StandardNormal(seed=1, seed2=2)((2, 2)))
    [[ 0.56446624  1.3602391 ]
     [-0.8978909  -1.761744  ]]
""",
    ),
    "StandardLaplace": _float_draws(
        """Draws from the standard Laplace distribution (location 0, scale 1).
The class form of `ops.standard_laplace`.""",
        """    >>> print(ops.StandardLaplace(seed=1, seed2=2)((3,)))
    [ 0.77013946  0.25213912 -0.40831047]
""",
    ),
    "UniformReal": _float_draws(
        "Draws uniformly from [0, 1).",
        """    >>> draw = ops.UniformReal(seed=1, seed2=2)
    >>> print(draw((2,)), draw((2,)))  # the second call goes on
    [0.2787379  0.49353698] [0.3562354  0.73168355]
""",
    ),
    "UniformInt": f"""Draws integers uniformly from [`minval`, `maxval`).

{EXACT}

Args:
{SEEDS}

Inputs:
    shape (tuple[int]): The output shape.
    minval (Tensor): The lowest value, an int32 scalar.
    maxval (Tensor): One past the highest value, an int32 scalar.

Outputs:
    Tensor of int32, of shape `shape`.

Example:
{IMPORTS}    >>> low, high = ms.Tensor(0, ms.int32), ms.Tensor(10, ms.int32)
    >>> print(ops.UniformInt(seed=1, seed2=2)((4,), low, high))
    [0 2 7 4]
""",
    "RandomGamma": f"""Draws from Gamma(`alpha`, 1), `shape` samples for each alpha. The class
form of `ops.random_gamma`.

{EXACT}

Args:
{SEEDS}

Inputs:
    shape (Tensor): The sample shape, a 1-D int32 or int64 tensor.
    alpha (Tensor): The shape parameters, float.

Outputs:
    Tensor of `alpha`'s dtype, of shape ``shape + alpha.shape``.

Example:
{IMPORTS}    >>> print(ops.RandomGamma(seed=1, seed2=2)(ms.Tensor([3], ms.int32), ms.Tensor([2.0])))
    [[0.3561859]
     [1.0441701]
     [1.8044789]]
""",
    "RandomPoisson": f"""Draws from Poisson(`rate`), `shape` samples for each rate. The class form
of `ops.random_poisson`.

{EXACT}

Args:
{SEEDS}
    dtype (mindspore.dtype): The output dtype: int64, int32, float16, float32 or float64.
        Default: ``mstype.int64``.

Inputs:
    shape (Tensor): The sample shape, a 1-D int32 or int64 tensor.
    rate (Tensor): The rates, float.

Outputs:
    Tensor of `dtype`, of shape ``shape + rate.shape``.

Example:
{IMPORTS}    >>> shape, rate = ms.Tensor([3], ms.int32), ms.Tensor([4.0])
    >>> print(ops.RandomPoisson(seed=1, seed2=2)(shape, rate))
    [[3]
     [1]
     [1]]
""",
    "Multinomial": f"""Draws class indices with the given (unnormalized) probabilities, with
replacement. The class form of `ops.multinomial`.

{EXACT}

Args:
{SEEDS}
    dtype (mindspore.dtype): The output dtype, int32 or int64. Default: ``mstype.int32``.

Inputs:
    x (Tensor): Non-negative weights, shape ``(C,)`` or ``(N, C)``.
    num_samples (int): The draws per row.

Outputs:
    Tensor of `dtype`, shape ``(num_samples,)`` or ``(N, num_samples)``.

Example:
{IMPORTS}    >>> print(ops.Multinomial(seed=1, seed2=2)(ms.Tensor([0.2, 0.3, 0.5]), 4))
    [2 2 1 1]
""",
    "RandomShuffle": f"""Shuffles a tensor along its first axis. The class form of
`ops.shuffle`.

{EXACT}

Args:
{SEEDS}

Inputs:
    x (Tensor): The tensor to shuffle.

Outputs:
    Tensor of `x`'s shape and dtype.

Example:
{IMPORTS}    >>> print(ops.RandomShuffle(seed=1, seed2=2)(ms.Tensor([1.0, 2.0, 3.0, 4.0])))
    [1. 3. 2. 4.]
""",
    "RandomChoiceWithMask": f"""Picks up to `count` positions where a bool tensor is true, in
random order; the mask tells which of the `count` rows are real picks (the rest pad with 0).

{EXACT}

Args:
    count (int): The number of picks. Default: ``256``.
{SEEDS}

Inputs:
    input_x (Tensor): A bool tensor of 1 to 5 dimensions.

Outputs:
    Tuple of 2 Tensors: the indices (int32, shape ``(count, input_x.ndim)``) and the mask
    (bool, shape ``(count,)``).

Example:
{IMPORTS}    >>> choose = ops.RandomChoiceWithMask(count=2, seed=1, seed2=2)
    >>> index, mask = choose(ms.Tensor([True, False, True, True]))
    >>> print(index.tolist(), mask)
    [[0], [3]] [ True  True]
""",
    "TruncatedNormal": f"""Draws from N(0, 1) truncated to [-2, 2] (draws beyond are redrawn).

{EXACT}

Args:
    dtype (mindspore.dtype): The output dtype: float16, float32 or float64.
        Default: ``mstype.float32``.
{SEEDS}

Inputs:
    shape (Tensor): The output shape, a 1-D int32 or int64 tensor.

Outputs:
    Tensor of `dtype`, of shape `shape`.

Example:
{IMPORTS}    >>> print(ops.TruncatedNormal(seed=1, seed2=2)(ms.Tensor([1, 3], ms.int32)))
    [[-1.3713126  1.7887708  0.2618214]]
""",
    "ParameterizedTruncatedNormal": f"""Draws from normal distributions, one per batch row,
truncated to [`min`, `max`].

{EXACT}

Args:
{SEEDS}

Inputs:
    shape (Tensor): The output shape ``(batch, ...)``, a 1-D int32 or int64 tensor.
    mean (Tensor): The means, shape ``(batch,)`` or ``(1,)``.
    stdevs (Tensor): The standard deviations, of `mean`'s shape.
    min (Tensor): The lower bounds, of `mean`'s shape.
    max (Tensor): The upper bounds, of `mean`'s shape.

Outputs:
    Tensor of `mean`'s dtype, of shape `shape`.

Example:
{IMPORTS}    >>> draw = ops.ParameterizedTruncatedNormal(seed=1, seed2=2)
    >>> shape, mean, std = ms.Tensor([1, 3], ms.int32), ms.Tensor([0.0]), ms.Tensor([1.0])
    >>> print(draw(shape, mean, std, ms.Tensor([-1.0]), ms.Tensor([1.0])))
    [[ 0.22286344  0.41076875 -0.03685528]]
""",
    **_MORE,
}
