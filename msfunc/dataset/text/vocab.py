"""`Vocab` (token <-> id tables built from a list, a file, a dict or a dataset) and
`to_str`/`to_bytes`."""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["Vocab", "to_str", "to_bytes"]


def _str_list(value, who, arg, allow_none=True):
    if value is None and allow_none:
        return []
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{who}: `{arg}` must be a list of str, got {value!r}")
    return list(value)


def _no_duplicates(words, who, arg):
    seen = set()
    for w in words:
        if w in seen:
            raise ValueError(f"{who}: `{arg}` holds {w!r} twice")
        seen.add(w)


def _with_specials(words, special_tokens, special_first, who):
    specials = _str_list(special_tokens, who, "special_tokens")
    _no_duplicates(specials, who, "special_tokens")
    if not isinstance(special_first, bool):
        raise TypeError(f"{who}: `special_first` must be a bool, got {special_first!r}")
    clash = sorted(set(specials) & set(words))
    if clash:
        raise ValueError(f"{who}: {clash} are both special tokens and words")
    ordered = specials + words if special_first else words + specials
    return {w: i for i, w in enumerate(ordered)}


def _freq_bounds(freq_range, who):
    """(min, max) of `freq_range` (None: unbounded): TypeError unless a tuple, ValueError
    unless 2 ints or None with 0 <= min <= max."""
    if freq_range is None:
        return None, None
    if not isinstance(freq_range, tuple):
        raise TypeError(f"{who}: `freq_range` must be a tuple (min, max), got {freq_range!r}")
    if len(freq_range) != 2:
        raise ValueError(f"{who}: `freq_range` must hold 2 values (min, max), got {freq_range!r}")
    low, high = freq_range
    if any(
        b is not None and (isinstance(b, bool) or not isinstance(b, int) or b < 0)
        for b in (low, high)
    ):
        raise ValueError(
            f"{who}: `freq_range` bounds must be non-negative ints or None, got {freq_range!r}"
        )
    if low is not None and high is not None and low > high:
        raise ValueError(f"{who}: `freq_range` must have min <= max, got {freq_range!r}")
    return low, high


class Vocab:
    """A table from tokens to ids (0, 1, ... in the order the builder gives).

    Build one with `from_list`, `from_file`, `from_dict` or `from_dataset`; the
    special tokens go first (ids 0, 1, ...) unless ``special_first=False``.

    Args:
        table (Union[dict[str, int], None]): Token to id mapping; ``None`` starts empty.
            Default: ``None``.

    Example:
        >>> from msfunc.dataset import text
        >>> vocab = text.Vocab.from_list(["hello", "world"], ["<pad>", "<unk>"])
        >>> vocab.tokens_to_ids(["world", "nope"]), vocab.ids_to_tokens(2)
        ([3, -1], 'hello')
    """

    def __init__(self, table: Mapping[str, int] | None = None) -> None:
        # ``Vocab()`` holds no table: its lookups raise RuntimeError until a builder made it
        self._ids = None if table is None else dict(table)
        self._tokens = None if table is None else {i: w for w, i in dict(table).items()}

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        """A Vocab of `word_list` in order (no duplicates), with `special_tokens` added."""
        words = _str_list(word_list, "Vocab.from_list", "word_list", allow_none=False)
        _no_duplicates(words, "Vocab.from_list", "word_list")
        return cls(_with_specials(words, special_tokens, special_first, "Vocab.from_list"))

    @classmethod
    def from_file(
        cls, file_path, delimiter="", vocab_size=None, special_tokens=None, special_first=True
    ):
        """A Vocab of a file's lines in order: each line's text before `delimiter` (the whole
        line when it is empty), the first `vocab_size` of them.

        Example:
            >>> import os, tempfile
            >>> from msfunc.dataset import text
            >>> path = os.path.join(tempfile.mkdtemp(), "vocab.txt")
            >>> _ = open(path, "w").write("cat,12\\ndog,7\\n")
            >>> text.Vocab.from_file(path, ",", special_tokens=["<unk>"]).vocab()
            {'<unk>': 0, 'cat': 1, 'dog': 2}
        """
        who = "Vocab.from_file"
        if not isinstance(file_path, str):
            raise TypeError(f"{who}: `file_path` must be a str, got {file_path!r}")
        if not isinstance(delimiter, str):
            raise TypeError(f"{who}: `delimiter` must be a str, got {delimiter!r}")
        if (
            vocab_size is not None
            and (isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or vocab_size < 1)
            and vocab_size != -1
        ):
            raise ValueError(
                f"{who}: `vocab_size` must be a positive int or None, got {vocab_size!r}"
            )
        with open(file_path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the newline ending the last line starts no line
        words = [line.split(delimiter, 1)[0] if delimiter else line for line in lines]
        if vocab_size not in (None, -1):
            words = words[:vocab_size]
        _no_duplicates(words, who, "file_path")
        return cls(_with_specials(words, special_tokens, special_first, who))

    @classmethod
    def from_dict(cls, word_dict):
        """A Vocab of the given ``{token: id}`` pairs."""
        if not isinstance(word_dict, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in word_dict.items()
        ):
            raise TypeError(
                f"Vocab.from_dict: `word_dict` must be a dict of str to int, got {word_dict!r}"
            )
        if any(v < 0 for v in word_dict.values()):
            raise ValueError("Vocab.from_dict: ids must be non-negative")
        return cls(word_dict)

    @classmethod
    def from_dataset(
        cls,
        dataset,
        columns=None,
        freq_range=None,
        top_k=None,
        special_tokens=None,
        special_first=True,
    ):
        """A Vocab of the tokens in `columns` of `dataset` (all columns by default), most
        frequent first (ties in code-point order), kept when their count lies within
        `freq_range` ``(min, max)`` (None: unbounded), then the `top_k` first.

        Example:
            >>> import msfunc.dataset as ds
            >>> from msfunc.dataset import text
            >>> data = ds.NumpySlicesDataset(["a b b", "c b a"], ["t"], shuffle=False)
            >>> data = data.map(text.WhitespaceTokenizer(), ["t"])
            >>> text.Vocab.from_dataset(data, ["t"], special_tokens=["<pad>"]).vocab()
            {'<pad>': 0, 'b': 1, 'a': 2, 'c': 3}
        """
        who = "Vocab.from_dataset"
        # (MindSpore's order of checks: a single column's type, freq_range, top_k)
        if columns is not None and not isinstance(columns, (list, str)):
            raise TypeError(f"{who}: `columns` must be a str or a list of str, got {columns!r}")
        low, high = _freq_bounds(freq_range, who)
        if top_k is not None and (isinstance(top_k, bool) or not isinstance(top_k, int)):
            raise TypeError(f"{who}: `top_k` must be an int or None, got {top_k!r}")
        if top_k is not None and top_k < 1:
            raise ValueError(f"{who}: `top_k` must be a positive int or None, got {top_k!r}")
        names = dataset.get_col_names()
        columns = (
            names
            if columns is None
            else _str_list([columns] if isinstance(columns, str) else columns, who, "columns")
        )
        missing = [c for c in columns if c not in names]
        if missing:
            raise ValueError(f"{who}: `columns` {missing} are not among {names}")
        counts = collections.Counter()
        for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
            for c in columns:
                counts.update(str(t) for t in np.asarray(row[c]).ravel().tolist())
        specials = set(_str_list(special_tokens, who, "special_tokens"))
        ranked = sorted((w for w in counts if w not in specials), key=lambda w: (-counts[w], w))
        ranked = [
            w
            for w in ranked
            if (low is None or counts[w] >= low) and (high is None or counts[w] <= high)
        ]
        return cls(_with_specials(ranked[:top_k], special_tokens, special_first, who))

    def vocab(self):
        """The table as ``{token: id}``."""
        return dict(self._table("vocab"))

    def _table(self, who):
        if self._ids is None:
            raise RuntimeError(
                f"Vocab.{who}: this Vocab holds no table yet; build it with from_list, "
                "from_dict, from_file or from_dataset"
            )
        return self._ids

    def tokens_to_ids(self, tokens):
        """The id of a token (-1 when absent), or a list of them for a list or 1-D array (a
        one-element list gives its id alone, as MindSpore's does).

        Example:
            >>> from msfunc.dataset import text
            >>> vocab = text.Vocab.from_list(["a", "b"])
            >>> vocab.tokens_to_ids(["b", "z"]), vocab.tokens_to_ids(["b"])
            ([1, -1], 1)
        """
        table = self._table("tokens_to_ids")
        if isinstance(tokens, np.ndarray) and tokens.ndim <= 1:
            tokens = tokens.tolist()
        if isinstance(tokens, str):
            return table.get(tokens, -1)
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise TypeError(
                f"Vocab.tokens_to_ids: `tokens` must be a str, a list of str or a 1-D "
                f"array of them, got {tokens!r}"
            )
        ids = [table.get(t, -1) for t in tokens]
        return ids[0] if len(ids) == 1 else ids

    def ids_to_tokens(self, ids):
        """The token of an id ('' when absent), or a list of them for a list or 1-D array (a
        one-element list gives its token alone, as MindSpore's does).

        Example:
            >>> from msfunc.dataset import text
            >>> vocab = text.Vocab.from_list(["a", "b"])
            >>> vocab.ids_to_tokens([1, 7]), vocab.ids_to_tokens(0)
            (['b', ''], 'a')
        """
        self._table("ids_to_tokens")  # (an unbuilt Vocab raises)
        is_int = lambda i: isinstance(i, (int, np.integer)) and not isinstance(i, bool)
        from_array = isinstance(ids, np.ndarray) and ids.ndim <= 1
        values = ids.tolist() if from_array else ids
        single = isinstance(values, int) and not isinstance(values, bool)
        values = [values] if single else values
        if not isinstance(values, list) or not all(is_int(i) for i in values):
            raise TypeError(
                f"Vocab.ids_to_tokens: `ids` must be an int, a list of int or a 1-D "
                f"array of them, got {ids!r}"
            )
        # (an array's negative ids read as absent, as MindSpore's do)
        if not from_array and any(i < 0 for i in values):
            raise ValueError(f"Vocab.ids_to_tokens: ids must be non-negative, got {ids!r}")
        tokens = [(self._tokens or {}).get(int(i), "") for i in values]
        return tokens[0] if len(tokens) == 1 else tokens

    def __len__(self):
        return len(self._ids or ())

    def __contains__(self, token):
        return token in (self._ids or ())


def to_str(array: np.ndarray, encoding: str = "utf8") -> np.ndarray:
    """Decode an array of bytes into an array of str.

    Args:
        array (numpy.ndarray): Bytes (``S``) array.
        encoding (str): Text encoding. Default: ``'utf8'``.

    Returns:
        numpy.ndarray of str, of `array`'s shape.

    Raises:
        ValueError: `array` is not a numpy array.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.to_str(np.array([b"ab", b"c"])).tolist()
        ['ab', 'c']
    """
    if not isinstance(array, np.ndarray):
        raise ValueError(f"to_str: `array` must be a numpy array, got {type(array).__name__}")
    return np.char.decode(array, encoding)


def to_bytes(array: np.ndarray, encoding: str = "utf8") -> np.ndarray:
    """Encode an array of str into an array of bytes.

    Args:
        array (numpy.ndarray): String (``U``) array.
        encoding (str): Text encoding. Default: ``'utf8'``.

    Returns:
        numpy.ndarray of bytes, of `array`'s shape.

    Raises:
        ValueError: `array` is not a numpy array.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.to_bytes(np.array(["ab"])).tolist()
        [b'ab']
    """
    if not isinstance(array, np.ndarray):
        raise ValueError(f"to_bytes: `array` must be a numpy array, got {type(array).__name__}")
    return np.char.encode(array, encoding)
