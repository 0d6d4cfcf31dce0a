"""Text transforms on numpy arrays: Lookup, Ngram, SlidingWindow, ToNumber, Truncate,
TruncateSequencePair and AddToken, with MindSpore's semantics."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from .tokenizers import _strings, _vocab_lookup

if TYPE_CHECKING:
    from numpy.typing import DTypeLike

    from .vocab import Vocab

__all__ = [
    "Lookup",
    "Ngram",
    "SlidingWindow",
    "ToNumber",
    "Truncate",
    "TruncateSequencePair",
    "AddToken",
]


def _dtype(data_type, who):
    try:
        return np.dtype(data_type)
    except TypeError:
        raise TypeError(f"{who}: `data_type` must be a dtype, got {data_type!r}") from None


def _positive(value, who, arg):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{who}: `{arg}` must be a positive int, got {value!r}")
    return int(value)


def _rank(x, ranks, who):
    x = np.asarray(x)
    if x.ndim not in ranks:
        raise ValueError(
            f"{who}: expected an array of rank {' or '.join(map(str, ranks))}, got shape {x.shape}"
        )
    return x


class Lookup:
    """Token strings to their ids in `vocab` (any shape); an unknown token maps to the id
    of `unknown_token`, or raises when that is None.

    Args:
        vocab (Vocab): The token table.
        unknown_token (Union[str, None]): Token whose id unknown tokens get; ``None`` makes an
            unknown token an error. Default: ``None``.
        data_type (Union[dtype, type]): Integer dtype of the ids. Default: ``numpy.int32``.

    Raises:
        TypeError: `vocab` is not a `Vocab`.
        ValueError: `unknown_token` is not in `vocab`.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> vocab = text.Vocab.from_list(["a", "b"], ["<unk>"])
        >>> text.Lookup(vocab, "<unk>")(np.array(["b", "zz"])).tolist()
        [2, 0]
    """

    def __init__(
        self, vocab: Vocab, unknown_token: str | None = None, data_type: DTypeLike = np.int32
    ) -> None:
        self.vocab = _vocab_lookup(vocab, "Lookup")
        if unknown_token is not None and unknown_token not in vocab:
            raise ValueError(f"Lookup: `unknown_token` {unknown_token!r} is not in the vocab")
        self.unknown_id = None if unknown_token is None else vocab.tokens_to_ids(unknown_token)
        self.data_type = _dtype(data_type, "Lookup")
        if self.data_type.kind not in "iu":
            raise TypeError(f"Lookup: `data_type` must be an integer dtype, got {data_type!r}")

    def __call__(self, x):
        x = _strings(x, "Lookup")
        ids = []
        for token in x.ravel().tolist():
            i = self.vocab.tokens_to_ids(token)
            if i == -1:
                if self.unknown_id is None:
                    raise ValueError(
                        f"Lookup: {token!r} is not in the vocab and no `unknown_token` is given"
                    )
                i = self.unknown_id
            ids.append(i)
        return np.array(ids, self.data_type).reshape(x.shape)


class Ngram:
    """The n-grams of a 1-D string array for each n of `n`, joined by `separator`; the
    sequence is first padded with up to n - 1 of the `left_pad`/`right_pad` tokens
    ``(token, width)``. An n longer than the padded sequence yields one ''.

    Args:
        n (Union[int, list[int]]): The n-gram sizes, positive.
        left_pad (tuple[str, int]): Token put before the sequence and how many times at most.
            Default: ``('', 0)``.
        right_pad (tuple[str, int]): Token put after the sequence and how many times at most.
            Default: ``('', 0)``.
        separator (str): String joining the tokens of an n-gram. Default: ``' '``.

    Raises:
        TypeError: `n` is not an int or a list of ints, or a pad is not ``(str, int)``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.Ngram([1, 2], right_pad=("</s>", 1))(np.array(["a", "b"])).tolist()
        ['a', 'b', 'a b', 'b </s>']
    """

    def __init__(
        self,
        n: int | list[int],
        left_pad: tuple[str, int] = ("", 0),
        right_pad: tuple[str, int] = ("", 0),
        separator: str = " ",
    ) -> None:
        ns = [n] if isinstance(n, int) else list(n) if isinstance(n, (list, tuple)) else None
        if not ns:
            raise TypeError(f"Ngram: `n` must be an int or a list of int, got {n!r}")
        self.n = [_positive(v, "Ngram", "n") for v in ns]
        for name, pad in (("left_pad", left_pad), ("right_pad", right_pad)):
            if not (
                isinstance(pad, tuple)
                and len(pad) == 2
                and isinstance(pad[0], str)
                and isinstance(pad[1], int)
                and pad[1] >= 0
            ):
                raise TypeError(f"Ngram: `{name}` must be (str, non-negative int), got {pad!r}")
        self.left_pad, self.right_pad, self.separator = left_pad, right_pad, separator

    def __call__(self, x):
        tokens = _rank(_strings(x, "Ngram"), (1,), "Ngram").tolist()
        out = []
        for n in self.n:
            seq = (
                [self.left_pad[0]] * min(self.left_pad[1], n - 1)
                + tokens
                + [self.right_pad[0]] * min(self.right_pad[1], n - 1)
            )
            grams = [self.separator.join(seq[i : i + n]) for i in range(len(seq) - n + 1)]
            out += grams or [""]
        return np.array(out, dtype=str)


class SlidingWindow:
    """Windows of `width` consecutive elements of a 1-D array (shape (n - width + 1,
    width); an empty array when it is shorter than `width`).

    Args:
        width (int): Window length, positive.
        axis (int): Axis to slide along: 0 or -1 (the input is 1-D). Default: ``0``.

    Raises:
        TypeError: `width` or `axis` is not an int.
        ValueError: `width` is not positive.
        RuntimeError: when applied, `axis` is neither 0 nor -1, or the input is not 1-D.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.SlidingWindow(2)(np.array([1, 2, 3])).tolist()
        [[1, 2], [2, 3]]
    """

    def __init__(self, width: int, axis: int = 0) -> None:
        for arg, value in (("width", width), ("axis", axis)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"SlidingWindow: `{arg}` must be an int, got {value!r}")
        self.width = _positive(width, "SlidingWindow", "width")
        self.axis = int(axis)  # (MindSpore checks it when the operation runs)

    def __call__(self, x):
        if self.axis not in (0, -1):
            raise RuntimeError(
                f"SlidingWindow: `axis` must be 0 or -1 (1-D input), got {self.axis}"
            )
        x = np.asarray(x)
        if x.ndim != 1:
            raise RuntimeError(f"SlidingWindow: expected a 1-D array, got shape {x.shape}")
        if x.shape[0] < self.width:
            return np.array([], dtype=x.dtype)
        return np.lib.stride_tricks.sliding_window_view(x, self.width).copy()


_INT_PREFIX = re.compile(r"\s*[+-]?\d+")
_FLOAT_PREFIX = re.compile(
    r"\s*[+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)"
    r"(?:[pP][+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
    r"|(?i:infinity|inf|nan))"
)


class ToNumber:
    """Parse strings into numbers of `data_type`, each from its longest numeric prefix
    (as C's strtoll/strtod: '12abc' is 12, '1e3' as an int is 1).

    A string without a number raises RuntimeError, as does a value the type cannot hold:
    beyond an integer type's range; for a float type an infinity, a magnitude above its
    largest finite value, or a nonzero one below its smallest normal (float16 parses as
    float32 first, as MindSpore's kernel does). NaN is kept.

    Args:
        data_type (Union[dtype, str]): Numeric dtype of the result.

    Raises:
        TypeError: `data_type` is not numeric.

    Example:
        >>> import numpy as np, msfunc as ms
        >>> from msfunc.dataset import text
        >>> text.ToNumber(ms.int32)(np.array(["1", "-20"])).tolist()
        [1, -20]
    """

    def __init__(self, data_type: DTypeLike) -> None:
        self.data_type = _dtype(data_type, "ToNumber")
        if self.data_type.kind not in "iuf":
            raise TypeError(f"ToNumber: `data_type` must be a numeric dtype, got {data_type!r}")

    def _out_of_range(self, s):
        return RuntimeError(f"ToNumber: {s!r} is out of the range of {self.data_type}")

    def _parse(self, s):
        kind = self.data_type.kind
        m = (_INT_PREFIX if kind in "iu" else _FLOAT_PREFIX).match(s)
        if m is None:
            raise RuntimeError(f"ToNumber: {s!r} does not start with a number")
        text = m.group().strip()
        if kind in "iu":
            value, info = int(text), np.iinfo(self.data_type)
            if not info.min <= value <= info.max:
                raise self._out_of_range(s)
            return value
        value = float.fromhex(text) if "x" in text.lower() else float(text)
        if np.isnan(value):
            return self.data_type.type(value)
        # the C parse (strtof for float16 and float32, strtod for float64) fails on overflow
        # and underflow; an infinity is refused as well
        parsed = np.finfo(np.float64 if self.data_type == np.float64 else np.float32)
        largest, smallest = float(np.finfo(self.data_type).max), float(parsed.smallest_normal)
        if np.isinf(value) or abs(value) > largest or 0 < abs(value) < smallest:
            raise self._out_of_range(s)
        return self.data_type.type(value)

    def __call__(self, *columns):
        if len(columns) != 1:  # one column in, one out
            raise RuntimeError(f"ToNumber: takes one array, got {len(columns)}")
        x = _strings(columns[0], "ToNumber")
        values = [self._parse(s) for s in x.ravel().tolist()]
        return np.array(values, self.data_type).reshape(x.shape)


class Truncate:
    """Keep the first `max_seq_len` elements along the last axis of a 1-D or 2-D array.

    Args:
        max_seq_len (int): Most elements kept, positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.Truncate(2)(np.array([[1, 2, 3], [4, 5, 6]])).tolist()
        [[1, 2], [4, 5]]
    """

    def __init__(self, max_seq_len: int) -> None:
        self.max_seq_len = _positive(max_seq_len, "Truncate", "max_seq_len")

    def __call__(self, x):
        return _rank(x, (1, 2), "Truncate")[..., : self.max_seq_len].copy()


class TruncateSequencePair:
    """Shorten two 1-D arrays until their lengths sum to at most `max_length`, one element
    at a time from the end of the longer (the second when they are as long).

    Args:
        max_length (int): Most elements in both arrays together, positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> a, b = text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6]))
        >>> a.tolist(), b.tolist()
        ([1, 2], [4, 5])
    """

    def __init__(self, max_length: int) -> None:
        self.max_length = _positive(max_length, "TruncateSequencePair", "max_length")

    def __call__(self, a, b):
        a = _rank(a, (1,), "TruncateSequencePair")
        b = _rank(b, (1,), "TruncateSequencePair")
        la, lb = len(a), len(b)
        while la + lb > self.max_length:
            if la > lb:
                la -= 1
            else:
                lb -= 1
        return a[:la].copy(), b[:lb].copy()


class AddToken:
    """Put `token` before (``begin=True``) or after a 1-D string array.

    Args:
        token (str): The token to add.
        begin (bool): Put it first, else last. Default: ``True``.

    Raises:
        TypeError: `token` is not a str or `begin` not a bool.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.AddToken("[CLS]")(np.array(["a", "b"])).tolist()
        ['[CLS]', 'a', 'b']
    """

    def __init__(self, token: str, begin: bool = True) -> None:
        if not isinstance(token, str) or not isinstance(begin, bool):
            raise TypeError(
                f"AddToken: expected a str `token` and a bool `begin`, got {token!r}, {begin!r}"
            )
        self.token, self.begin = token, begin

    def __call__(self, x):
        tokens = _strings(_rank(x, (1,), "AddToken"), "AddToken").tolist()
        return np.array([self.token] + tokens if self.begin else tokens + [self.token], dtype=str)
