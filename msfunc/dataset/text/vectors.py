"""Pre-trained word vectors read from text files (`Vectors`, `GloVe`, `FastText`,
`CharNGram`) and `ToVectors`, which looks tokens up in them, as MindSpore reads and looks
them up (float32 values, the first of a repeated token kept)."""

from __future__ import annotations

import fnmatch
import os
from typing import TYPE_CHECKING

import numpy as np

from .._random import in_pipeline

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Vectors", "GloVe", "FastText", "CharNGram", "ToVectors"]


def _max_vectors(max_vectors, who):
    if max_vectors is None:
        return None
    if isinstance(max_vectors, bool) or not isinstance(max_vectors, (int, np.integer)):
        raise TypeError(f"{who}: `max_vectors` must be an int, got {max_vectors!r}")
    if max_vectors < 0:
        raise ValueError(f"{who}: `max_vectors` must be >= 0, got {max_vectors}")
    return int(max_vectors) or None  # (0 reads them all, as None does)


def _read_vectors(path, max_vectors, who):
    """``(tokens -> row, float32 matrix)`` from a word-vector text file: one token and its
    values a line, separated by spaces; a first line of two fields (a count and a
    dimension) is a header; only the first `max_vectors` vectors are read."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{who}: `file_path` must be a str, got {path!r}")
    if not os.path.isfile(path):
        raise RuntimeError(f"{who}: cannot find the vector file {path!r}")
    rows, table, dim = [], {}, None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f):
            if max_vectors is not None and len(rows) >= max_vectors:
                break
            fields = [p for p in line.rstrip("\r\n").split(" ") if p]
            if not fields:
                continue
            if len(fields) == 2:
                if number == 0:
                    continue  # the "count dimension" header
                raise RuntimeError(f"{who}: token {fields[0]!r} has a vector of one value")
            if dim is None:
                dim = len(fields) - 1
            elif len(fields) - 1 != dim:
                raise RuntimeError(
                    f"{who}: every vector must have the same number of dimensions, "
                    f"got {len(fields) - 1} where the first had {dim}"
                )
            if fields[0] in table:
                continue
            try:
                values = [np.float32(v) for v in fields[1:]]
            except ValueError:
                raise RuntimeError(
                    f"{who}: line {number + 1} holds a value that is not a number"
                ) from None
            table[fields[0]] = len(rows)
            rows.append(values)
    if not rows:
        raise RuntimeError(f"{who}: the vector file {path!r} holds no vectors")
    return table, np.array(rows, np.float32)


class Vectors:
    """Word vectors: one float32 vector per token, read from a text file by `from_file`.

    Args:
        table (dict[str, int]): Each token's row in `matrix`.
        matrix (numpy.ndarray): The float32 vectors, one a row.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "vectors.txt")
        >>> _ = open(path, "w").write("ok 0.5 1.5\\nno 2 3\\n")
        >>> text.ToVectors(text.Vectors.from_file(path))("ok").tolist()
        [0.5, 1.5]
    """

    _NAME = "Vectors"
    _PATTERN = ""  # the file name a named collection insists on

    def __init__(self, table: dict[str, int], matrix: np.ndarray) -> None:
        self._table, self._matrix = table, matrix

    @classmethod
    def from_file(cls, file_path: str, max_vectors: int | None = None):
        """Read the vectors of `file_path` (the first `max_vectors` of them if given and
        not 0). Raises RuntimeError for a missing, empty or ragged file."""
        limit = _max_vectors(max_vectors, cls._NAME)
        if not isinstance(file_path, (str, os.PathLike)):
            raise TypeError(f"{cls._NAME}: `file_path` must be a str, got {file_path!r}")
        name = os.path.basename(os.fspath(file_path))
        if cls._PATTERN and not fnmatch.fnmatch(name, cls._PATTERN):
            raise RuntimeError(
                f"{cls._NAME}: expected a file named {cls._PATTERN!r}, got {file_path}"
            )
        return cls(*_read_vectors(file_path, limit, cls._NAME))

    @property
    def dim(self):
        return self._matrix.shape[1]

    def _vector(self, token, lower_case_backup):
        row = self._table.get(token)
        if row is None and lower_case_backup:
            row = self._table.get(token.lower())
        return None if row is None else self._matrix[row]


class GloVe(Vectors):
    """GloVe's word vectors, read from a file named ``glove.6B.*.txt``.

    Args:
        table (dict[str, int]): Each token's row in `matrix`.
        matrix (numpy.ndarray): The float32 vectors, one a row.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "glove.6B.2d.txt")
        >>> _ = open(path, "w").write("ok 0.5 1.5\\n")
        >>> text.GloVe.from_file(path).dim
        2
    """

    _NAME = "GloVe"
    _PATTERN = "glove.6B.*.txt"


class FastText(Vectors):
    """fastText's word vectors, read from a ``*.vec`` file.

    Args:
        table (dict[str, int]): Each token's row in `matrix`.
        matrix (numpy.ndarray): The float32 vectors, one a row.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "wiki.vec")
        >>> _ = open(path, "w").write("1 2\\nok 0.5 1.5\\n")
        >>> text.FastText.from_file(path).dim
        2
    """

    _NAME = "FastText"
    _PATTERN = "*.vec"


class CharNGram(Vectors):
    """Character n-gram vectors (keys ``{n}gram-{chars}``): a token's vector is the mean of
    its 2-, 3- and 4-grams' vectors, the token framed by ``#BEGIN#`` and ``#END#``.

    Args:
        table (dict[str, int]): Each token's row in `matrix`.
        matrix (numpy.ndarray): The float32 vectors, one a row.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "char.txt")
        >>> _ = open(path, "w").write("2gram-#BEGIN#a 1 2\\n2gram-a#END# 3 4\\n")
        >>> text.ToVectors(text.CharNGram.from_file(path))("a").tolist()
        [2.0, 3.0]
    """

    _NAME = "CharNGram"

    def _vector(self, token, lower_case_backup):
        if lower_case_backup and token not in self._table:
            token = token.lower()
        chars = ["#BEGIN#", *token, "#END#"]
        total, found = np.zeros(self.dim, np.float32), 0
        for n in (2, 3, 4):
            for start in range(len(chars) - n + 1):
                row = self._table.get(f"{n}gram-{''.join(chars[start : start + n])}")
                if row is not None:
                    total += self._matrix[row]
                    found += 1
        return total / np.float32(found) if found else None


class ToVectors:
    """Look tokens up in `vectors`: a vector for each token of a string array, `unk_init`
    (else zeros) for an unknown token. One token gives one vector, n tokens an (n, dim)
    array, as in MindSpore.

    Args:
        vectors (Vectors): The vectors (`Vectors`, `GloVe`, `FastText` or `CharNGram`).
        unk_init (Sequence[float], optional): The vector of an unknown token.
            Default: ``None`` (zeros).
        lower_case_backup (bool): Look an unknown token up again in lower case.
            Default: ``False``.

    Raises:
        TypeError: an argument is not of its type.
        RuntimeError: (on a call) `unk_init` and the vectors differ in length, or the input
            holds no strings.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "vectors.txt")
        >>> _ = open(path, "w").write("ok 0.5 1.5\\n")
        >>> text.ToVectors(text.Vectors.from_file(path), [9, 9], True)(["OK", "x"]).tolist()
        [[0.5, 1.5], [9.0, 9.0]]
    """

    def __init__(
        self,
        vectors: Vectors,
        unk_init: Sequence[float] | None = None,
        lower_case_backup: bool = False,
    ) -> None:
        if not isinstance(vectors, Vectors):
            raise TypeError(f"ToVectors: `vectors` must be a Vectors, got {type(vectors)}")
        if unk_init is not None:
            if not isinstance(unk_init, (list, tuple)) or not all(
                isinstance(v, (int, float, np.number)) and not isinstance(v, bool) for v in unk_init
            ):
                raise TypeError(f"ToVectors: `unk_init` must be a list of numbers, got {unk_init}")
            unk_init = list(unk_init)
        if not isinstance(lower_case_backup, bool):
            raise TypeError(
                f"ToVectors: `lower_case_backup` must be a bool, got {lower_case_backup!r}"
            )
        self.vectors, self.unk_init = vectors, unk_init
        self.lower_case_backup = lower_case_backup

    def __call__(self, tokens):
        tokens = np.asarray(tokens)
        if tokens.dtype.kind == "S" and in_pipeline():
            tokens = np.char.decode(tokens, "utf-8")
        if tokens.dtype.kind != "U":
            raise RuntimeError(f"ToVectors: the tokens must be strings, got dtype {tokens.dtype}")
        if tokens.size == 0:
            raise RuntimeError("ToVectors: the input holds no tokens")
        dim = self.vectors.dim
        if self.unk_init is not None and len(self.unk_init) != dim:
            raise RuntimeError(
                f"ToVectors: `unk_init` has {len(self.unk_init)} values, the vectors {dim}"
            )
        unknown = np.array(self.unk_init if self.unk_init is not None else [0] * dim, np.float32)
        out = []
        for token in tokens.ravel().tolist():
            found = self.vectors._vector(token, self.lower_case_backup)
            out.append(unknown if found is None else found)
        return out[0].copy() if len(out) == 1 else np.stack(out)
