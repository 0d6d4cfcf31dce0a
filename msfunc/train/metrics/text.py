"""Language metrics: BleuScore (n-gram overlap of translations) and Perplexity."""

from __future__ import annotations

import collections
import math

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["BleuScore", "Perplexity"]


def _ngrams(tokens, max_n):
    """Counts of every n-gram of `tokens`, n from 1 to `max_n`."""
    counts = collections.Counter()
    for n in range(1, max_n + 1):
        for start in range(len(tokens) - n + 1):
            counts[tuple(tokens[start : start + n])] += 1
    return counts


class BleuScore(Metric):
    """BLEU: the geometric mean of clipped n-gram precisions times a brevity penalty.

    Args:
        n_gram (int): The longest n-gram counted, 1 to 4. Default: ``4``.
        smooth (bool): Add one to every precision's numerator and denominator. Default:
            ``False``.

    Example:
        >>> m = BleuScore(n_gram=2)
        >>> m.update([["the", "cat", "sat"]], [[["the", "cat", "sat", "down"]]])
        >>> round(float(m.eval()), 4)  # both precisions 1, shorter than the reference
        0.7165
    """

    def __init__(self, n_gram: int = 4, smooth: bool = False):
        super().__init__()
        if isinstance(n_gram, bool) or not isinstance(n_gram, int):
            raise TypeError(f"BleuScore: `n_gram` must be an int, got {type(n_gram).__name__}")
        if not 1 <= n_gram <= 4:
            raise ValueError(f"BleuScore: `n_gram` must be 1 to 4, got {n_gram}")
        if not isinstance(smooth, bool):
            raise TypeError(f"BleuScore: `smooth` must be a bool, got {type(smooth).__name__}")
        self.n_gram, self.smooth = n_gram, smooth
        self.clear()

    def clear(self):
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._c, self._r = 0.0, 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """Add candidates (token lists) and, for each, a list of reference token lists."""
        self._check_count(inputs, 2)
        candidates, references = inputs
        if len(candidates) != len(references):
            raise ValueError(
                f"BleuScore.update: as many candidates as reference lists are needed, got "
                f"{len(candidates)} and {len(references)}"
            )
        for candidate, refs in zip(candidates, references):
            self._c += len(candidate)
            # the reference length closest to the candidate's (the first of equals)
            self._r += min((len(r) for r in refs), key=lambda n: abs(len(candidate) - n))
            mine = _ngrams(candidate, self.n_gram)
            theirs = collections.Counter()
            for ref in refs:
                theirs |= _ngrams(ref, self.n_gram)
            for gram, count in (mine & theirs).items():
                self._numerator[len(gram) - 1] += count
            for gram, count in mine.items():
                self._denominator[len(gram) - 1] += count
        self._is_update = True

    def eval(self):
        """The BLEU score, a numpy float (0 when some n-gram order has no match)."""
        self._check_updated()
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            precision = (self._numerator + 1) / (self._denominator + 1)
        else:
            precision = self._numerator / self._denominator
        geometric_mean = np.exp(np.sum(np.log(precision) / self.n_gram))
        if self._c > self._r:
            penalty = np.array(1.0)
        else:
            penalty = np.exp(1 - np.array(self._r) / np.array(self._c))
        return penalty * geometric_mean


class Perplexity(Metric):
    """Perplexity: exp of the mean negative log-probability given to the true labels.

    Args:
        ignore_label (int): Positions with this label are left out. Default: ``None``.

    Example:
        >>> import numpy as np
        >>> m = Perplexity(); m.update(np.array([[0.5, 0.5], [0.25, 0.75]]), np.array([0, 1]))
        >>> round(m.eval(), 4)  # exp(-(log .5 + log .75) / 2)
        1.633
    """

    def __init__(self, ignore_label: int | None = None):
        super().__init__()
        if ignore_label is not None and (
            isinstance(ignore_label, bool) or not isinstance(ignore_label, int)
        ):
            raise TypeError(
                f"Perplexity: `ignore_label` must be an int or None, got "
                f"{type(ignore_label).__name__}"
            )
        self.ignore_label = ignore_label
        self.clear()

    def clear(self):
        self._sum_metric, self._num_inst = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add probabilities (..., C) and their labels (one per row of probabilities)."""
        self._check_count(inputs, 2)
        pred = self._convert_data(inputs[0])
        label = self._convert_data(inputs[1])
        if label.size != pred.size / pred.shape[-1]:
            # MindSpore's type for this mismatch: RuntimeError
            raise RuntimeError(
                f"Perplexity.update: one label per row of probabilities is needed, got "
                f"probabilities {pred.shape} and labels {label.shape}"
            )
        label = label.reshape(-1)
        picked = pred.reshape(-1, pred.shape[-1])[np.arange(label.size), label.astype(int)]
        count = picked.size
        if self.ignore_label is not None:
            ignore = label == self.ignore_label
            count -= int(ignore.sum())
            picked = np.where(ignore, 1.0, picked)  # log 1 = 0 adds nothing
        self._sum_metric -= float(np.sum(np.log(np.maximum(1e-10, picked))))
        self._num_inst += count

    def eval(self):
        """The perplexity, a float."""
        if self._num_inst == 0:
            raise RuntimeError("Perplexity.eval: no samples; call update first")
        return math.exp(self._sum_metric / self._num_inst)
