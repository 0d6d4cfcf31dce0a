"""Docstrings of `primitive_tables.sampling`'s other draws: seeded by their call, by msfunc's
global stream, or candidate samplers."""

__all__ = ["DOCS"]

# The seeds of the primitives that draw from msfunc's global stream whatever they are given.
STREAM_SEEDS = """    seed (int): Accepted for compatibility: msfunc draws from its global stream
        (`msfunc.set_seed`). Default: ``0``.
    seed2 (int): Likewise. Default: ``0``."""

IMPORTS = """    >>> import msfunc as ms
    >>> from msfunc import ops
"""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example.
# Values shown are MindSpore 2.10's (same seeds and calls) or properties every draw has.
DOCS: dict[str, str] = {
    "Gamma": f"""Draws from Gamma distributions of shape `alpha` and rate `beta` (mean
``alpha / beta``). The class form of `ops.gamma`.

Args:
{STREAM_SEEDS}

Inputs:
    shape (tuple[int]): The sample shape, broadcast with `alpha` and `beta`.
    alpha (Tensor): The shape parameters, float.
    beta (Tensor): The rates, float.

Outputs:
    Tensor of `alpha`'s dtype, of the broadcast shape.

Example:
{IMPORTS}    >>> x = ops.Gamma()((1000,), ms.Tensor([4.0]), ms.Tensor([2.0]))
    >>> print(x.shape, round(float(x.mean())))  # the mean is 4 / 2
    (1000,) 2
""",
    "Poisson": f"""Draws from Poisson distributions of mean `mean`. The class form of
`ops.poisson`.

Args:
{STREAM_SEEDS}

Inputs:
    shape (tuple[int]): The sample shape, broadcast with `mean`.
    mean (Tensor): The means, float.

Outputs:
    Tensor of float32 (whole numbers), of the broadcast shape.

Example:
{IMPORTS}    >>> x = ops.Poisson()((1000,), ms.Tensor([3.0]))
    >>> print(x.shape, round(float(x.mean())), bool((x == x.round()).all()))
    (1000,) 3 True
""",
    "MultinomialWithReplacement": """Draws `numsamples` class indices per row with the given
(unnormalized) probabilities, seeded by the call: for a nonzero `seed`, the draws are MindSpore
2.10's (its Philox engine at `seed` and `offset`).

Args:
    numsamples (int): The draws per row.
    replacement (bool): Draw with replacement; without it a class is drawn at most once.
        Default: ``False``.

Inputs:
    x (Tensor): Non-negative weights, shape ``(C,)`` or ``(N, C)``.
    seed (Tensor): The seed, an int64 scalar.
    offset (Tensor): The engine's offset, an int64 scalar.

Outputs:
    Tensor of int64, shape ``(numsamples,)`` or ``(N, numsamples)``.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x, seed, offset = ms.Tensor([[0.2, 0.3, 0.5]]), ms.Tensor(1), ms.Tensor(0)
    >>> print(ops.MultinomialWithReplacement(6, True)(x, seed, offset))
    [[2 0 2 0 0 2]]
""",
    "RandomCategorical": f"""Draws class indices from the softmax of each row of logits, seeded
by the call (its draws for a given seed are MindSpore 2.10's). The class form of
`ops.random_categorical`.

Args:
    dtype (mindspore.dtype): The output dtype: int16, int32 or int64. Default: ``mstype.int64``.

Inputs:
    logits (Tensor): Unnormalized log-probabilities, shape ``(N, C)``.
    num_sample (int): The draws per row.
    seed (int): The seed. Default: ``0``.

Outputs:
    Tensor of `dtype`, shape ``(N, num_sample)``.

Example:
{IMPORTS}    >>> print(ops.RandomCategorical(ms.int64)(ms.Tensor([[0.0, 0.0, 0.0]]), 6, 1))
    [[0 0 0 2 1 1]]
""",
    "Randperm": f"""A random permutation of ``range(n)``, padded with `pad` to `max_length`
(msfunc draws from its global stream).

Args:
    max_length (int): The output length, at least `n`. Default: ``1``.
    pad (int): The padding value. Default: ``-1``.
    dtype (mindspore.dtype): An integer output dtype. Default: ``mstype.int32``.

Inputs:
    n (Tensor): The permutation's length, a 1-element int32 or int64 tensor.

Outputs:
    Tensor of `dtype`, shape ``(max_length,)``.

Example:
{IMPORTS}    >>> perm = ops.Randperm(max_length=5)(ms.Tensor([3], ms.int32)).tolist()
    >>> print(sorted(perm[:3]), perm[3:])
    [0, 1, 2] [-1, -1]
""",
    "RandpermV2": f"""A random permutation of ``range(n)``: MindSpore 2.10's, which depends
only on `seed` and `offset`. The class form of `ops.randperm`.

Args:
    seed (int): The seed, used when `offset` is 0. Default: ``0``.
    offset (int): Seeds the permutation instead of `seed` when not 0. Default: ``0``.
    dtype (mindspore.dtype): The output dtype. Default: ``mstype.int64``.

Inputs:
    n (Union[int, Tensor]): The permutation's length.

Outputs:
    Tensor of `dtype`, shape ``(n,)``.

Example:
{IMPORTS}    >>> print(ops.RandpermV2(seed=1)(ms.Tensor(6)))
    [1 0 2 5 3 4]
""",
    "Bernoulli": f"""Draws 0 or 1 per element of `x`, 1 with probability `p`. The class form
of `ops.bernoulli`.

With `seed` at least 0 the draws are MindSpore 2.10's (its engine at `seed` and `offset`);
``seed=-1`` draws from msfunc's global stream.

Args:
    seed (int): The seed; -1 for a random one. Default: ``-1``.
    offset (int): The engine's offset. Default: ``0``.

Inputs:
    x (Tensor): Gives the output's shape and dtype.
    p (Union[float, Tensor]): The probability of 1: a float, or a tensor broadcast against
        `x`. Default: ``0.5``.

Outputs:
    Tensor of `x`'s shape and dtype.

Example:
{IMPORTS}    >>> print(ops.Bernoulli(seed=1)(ms.Tensor([0.0, 0.0, 0.0, 0.0]), 0.5))
    [0. 1. 0. 1.]
""",
    "LogNormalReverse": f"""Draws from the log-normal distribution ``exp(N(mean, std))``, one
value per element of `input`.

Args:
    mean (float): The mean of the underlying normal. Default: ``1.0``.
    std (float): Its standard deviation. Default: ``2.0``.

Inputs:
    input (Tensor): Gives the output's shape and (float) dtype.

Outputs:
    Tensor of `input`'s shape and dtype, positive.

Example:
{IMPORTS}    >>> x = ops.LogNormalReverse()(ms.Tensor([[0.0, 0.0, 0.0]]))
    >>> print(x.shape, x.dtype == ms.float32, bool((x > 0).all()))
    (1, 3) True True
""",
    "Cauchy": f"""Draws from the Cauchy distribution of location `median` and scale `sigma`;
the call takes no input.

Args:
    size (list[int]): The output shape.
    median (float): The location. Default: ``0.0``.
    sigma (float): The scale. Default: ``1.0``.

Outputs:
    Tensor of float32, of shape `size`.

Example:
{IMPORTS}    >>> x = ops.Cauchy(size=[2, 3])()
    >>> print(x.shape, x.dtype == ms.float32)
    (2, 3) True
""",
    "NonDeterministicInts": f"""Draws random integers (their bits from msfunc's global stream).

Args:
    dtype (mindspore.dtype): The output dtype, int32, int64, uint32 or uint64.
        Default: ``mstype.int64``.

Inputs:
    shape (Tensor): The output shape, a 1-D int32 or int64 tensor.

Outputs:
    Tensor of `dtype`, of shape `shape`.

Example:
{IMPORTS}    >>> x = ops.NonDeterministicInts()(ms.Tensor([2, 2], ms.int32))
    >>> print(x.shape, x.dtype == ms.int64)
    (2, 2) True
""",
}

_SAMPLER_OUTPUTS = """Outputs:
    Tuple of 3 Tensors: the sampled classes (int64, shape ``(num_sampled,)``), the expected
    count of each true class (float32, of `true_classes`'s shape) and of each sampled class
    (float32, shape ``(num_sampled,)``)."""

DOCS["LogUniformCandidateSampler"] = f"""Samples classes for a sampled loss from the log-uniform
(Zipfian) distribution ``P(k) = log((k + 2) / (k + 1)) / log(range_max + 1)``. Each call goes
on with MindSpore 2.10's draws for its seed.

Args:
    num_true (int): The true classes per example. Default: ``1``.
    num_sampled (int): The classes to sample. Default: ``5``.
    unique (bool): Sample without repeats. Default: ``True``.
    range_max (int): The number of classes. Default: ``5``.
    seed (int): The seed; 0 for one from msfunc's global stream. Default: ``0``.

Inputs:
    true_classes (Tensor): int64, shape ``(batch, num_true)``.

{_SAMPLER_OUTPUTS}

Example:
{IMPORTS}    >>> sampler = ops.LogUniformCandidateSampler(1, 3, True, 5, seed=1)
    >>> sampled, true_expected, sampled_expected = sampler(ms.Tensor([[1], [3]]))
    >>> print(sampled)
    [4 1 2]
"""

DOCS["UniformCandidateSampler"] = f"""Samples classes for a sampled loss uniformly from
``range(range_max)``. Its draws for a nonzero seed are MindSpore 2.10's.

Args:
    num_true (int): The true classes per example.
    num_sampled (int): The classes to sample.
    unique (bool): Sample without repeats.
    range_max (int): The number of classes.
    seed (int): The seed; 0 for one from msfunc's global stream. Default: ``0``.
    remove_accidental_hits (bool): Drop sampled classes that are true classes. Default:
        ``False``.

Inputs:
    true_classes (Tensor): int64, shape ``(batch, num_true)``.

{_SAMPLER_OUTPUTS}

Example:
{IMPORTS}    >>> sampler = ops.UniformCandidateSampler(1, 3, True, 5, seed=1)
    >>> sampled, true_expected, sampled_expected = sampler(ms.Tensor([[1], [3]]))
    >>> print(sampled, sampled_expected)  # each of 5 classes: 3 / 5 expected
    [0 2 4] [0.6 0.6 0.6]
"""
