"""`RandomSelectSubpolicy`: one sub-policy of (transform, probability) pairs picked at random
per image, each pair's transform applied with its probability, drawn as MindSpore's C++
operation draws (one ``std::mt19937`` per transform, seeded with the pipeline seed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...common.stdlib_random import canonical_double, uniform_int
from .._random import op_engine, unshifted_seeds
from ._checks import is_pil

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["RandomSelectSubpolicy"]


def _checked_policy(policy):
    """The policy as lists of (transform, float probability) pairs, or MindSpore's error:
    TypeError for a container of the wrong type or a probability that is not a number,
    ValueError for an empty list, a pair that is not a 2-tuple, or a probability outside
    [0, 1]."""
    if not isinstance(policy, list):
        raise TypeError(f"RandomSelectSubpolicy: `policy` must be a list, got {type(policy)}")
    if not policy:
        raise ValueError("RandomSelectSubpolicy: `policy` must not be empty")
    checked = []
    for i, sub in enumerate(policy):
        if not isinstance(sub, list):
            raise TypeError(f"RandomSelectSubpolicy: policy[{i}] must be a list, got {type(sub)}")
        if not sub:
            raise ValueError(f"RandomSelectSubpolicy: policy[{i}] must not be empty")
        pairs = []
        for j, pair in enumerate(sub):
            where = f"RandomSelectSubpolicy: policy[{i}][{j}]"
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise ValueError(f"{where} must be a 2-tuple (transform, prob), got {pair!r}")
            op, prob = pair
            if not callable(op):
                raise TypeError(f"{where}: the transform must be callable, got {op!r}")
            if not isinstance(prob, (int, float, np.integer, np.floating)):
                raise TypeError(f"{where}: the prob must be a number, got {prob!r}")
            if not 0 <= prob <= 1:
                raise ValueError(f"{where}: the prob must be in [0, 1], got {prob}")
            pairs.append((op, float(prob)))
        checked.append(pairs)
    return checked


class RandomSelectSubpolicy:
    """Pick one sub-policy of `policy` uniformly at random for each image, then apply each
    of its transforms in order, each with its own probability.

    Args:
        policy (list[list[tuple[Callable, float]]]): The sub-policies: lists of
            ``(transform, prob)`` pairs, `prob` in [0, 1].

    Raises:
        TypeError: `policy` or a sub-policy is not a list, a transform is not callable, or
            a probability is not a number.
        ValueError: `policy` or a sub-policy is empty, a pair is not a 2-tuple, or a
            probability is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> op = vision.RandomSelectSubpolicy([[(vision.Invert(), 1.0)]])
        >>> op(np.array([[[0, 10, 255]]], np.uint8)).tolist()
        [[[255, 245, 0]]]
    """

    def __init__(self, policy: Sequence[Sequence[tuple[Callable[..., Any], float]]]) -> None:
        self.policy = _checked_policy(policy)

    def __call__(self, *images):
        images = tuple(np.asarray(x) if is_pil(x) else x for x in images)
        for x in images:
            if not isinstance(x, np.ndarray):
                raise TypeError(
                    f"RandomSelectSubpolicy: the input must be a numpy array or a PIL image, "
                    f"got {type(x)}"
                )
        # the sub-policy index, then one uniform double per pair compared with `<=`
        engine = op_engine(self)
        sub = self.policy[uniform_int(engine, 0, len(self.policy) - 1)]
        for op, prob in sub:
            if canonical_double(engine) <= prob:
                # the held transforms keep the pipeline seed in every worker, as MindSpore's
                with unshifted_seeds():
                    result = op(*images)
                images = result if isinstance(result, tuple) else (result,)
        return images[0] if len(images) == 1 else images
