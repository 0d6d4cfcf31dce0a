"""Text tokenizers and normalizers on numpy string arrays, as `mindspore.dataset.text` has them.

Tokenizers take one string (a str or a 0-d array) and return a 1-D str array (``['']``
when there is no token); with ``with_offsets=True`` also the uint32 start and end
*byte* offsets (UTF-8) of each token in the (normalized) text, as MindSpore does.
Unicode data comes from Python's `unicodedata`; patterns are Python `re` patterns.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from typing import TYPE_CHECKING

import numpy as np
import regex

from .._random import in_pipeline

if TYPE_CHECKING:
    from collections.abc import Callable

    from .vocab import Vocab

__all__ = [
    "NormalizeForm",
    "CaseFold",
    "NormalizeUTF8",
    "RegexReplace",
    "WhitespaceTokenizer",
    "UnicodeCharTokenizer",
    "RegexTokenizer",
    "BasicTokenizer",
    "WordpieceTokenizer",
    "BertTokenizer",
    "PythonTokenizer",
]


class NormalizeForm(enum.IntEnum):
    """Unicode normalization forms (NONE: leave the text as it is).

    Example:
        >>> from msfunc.dataset import text
        >>> text.NormalizeForm.NFKC.name, int(text.NormalizeForm.NFKC)
        ('NFKC', 2)
    """

    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


# (MindSpore's text kernels take bytes columns in a pipeline but refuse bytes in a call of
# their own)
_BYTES_EAGERLY = "{}: called on its own, the input type must be string (str), got bytes"


def _text(x, who, bytes_eagerly=False):
    """One string from a str, bytes or 0-d array (bytes only inside a pipeline, as `_strings`,
    unless `bytes_eagerly`: PythonTokenizer decodes them in either case)."""
    if isinstance(x, np.ndarray):
        if x.ndim != 0:
            raise ValueError(f"{who}: expected one string (a 0-d array), got shape {x.shape}")
        x = x.item()
    if isinstance(x, bytes):
        if not (bytes_eagerly or in_pipeline()):
            raise RuntimeError(_BYTES_EAGERLY.format(who))
        x = x.decode("utf-8")
    if not isinstance(x, str):
        raise TypeError(f"{who}: expected a string, got {type(x).__name__}")
    return x


def _strings(x, who):
    """A str array from a str, a list of str or a str/bytes array (any shape); bytes only
    inside a pipeline (a column of strings), not in a call of its own, as MindSpore."""
    x = np.asarray(x)
    if x.dtype.kind == "S":
        if not in_pipeline():
            raise RuntimeError(_BYTES_EAGERLY.format(who))
        x = np.char.decode(x, "utf-8")
    if x.dtype.kind != "U":
        raise TypeError(f"{who}: expected strings, got dtype {x.dtype}")
    return x


def _map_strings(fn, x, who):
    x = _strings(x, who)
    flat = [fn(s) for s in x.ravel().tolist()]
    return np.array(flat, dtype=str).reshape(x.shape) if flat else x.copy()


def _tokens(spans, text, with_offsets):
    """The output of a tokenizer: tokens (and byte offsets) from character spans of `text`."""
    if not spans:
        spans = [(0, 0)]  # MindSpore yields one empty token for an empty result
    tokens = np.array([text[a:b] for a, b in spans], dtype=str)
    if not with_offsets:
        return tokens
    byte_at = np.concatenate([[0], np.cumsum([len(c.encode()) for c in text])]).astype(np.uint32)
    starts = np.array([byte_at[a] for a, _ in spans], np.uint32)
    ends = np.array([byte_at[b] for _, b in spans], np.uint32)
    return tokens, starts, ends


# -- normalizers --------------------------------------------------------------------------
_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def nfkc_casefold(s):
    """Unicode's NFKC_Casefold mapping (what MindSpore's CaseFold applies): default-ignorable
    characters removed, then case folding under NFKC."""
    s = _IGNORABLE.sub("", s)
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", s).casefold())


class CaseFold:
    """Fold case (NFKC_Casefold: 'ß' becomes 'ss', ligatures split, ignorables dropped).

    Example:
        >>> from msfunc.dataset import text
        >>> text.CaseFold()("Straße ﬁ").tolist()
        'strasse fi'
    """

    def __call__(self, x):
        return _map_strings(nfkc_casefold, x, "CaseFold")


class NormalizeUTF8:
    """Apply a Unicode normalization form to every string.

    Args:
        normalize_form (Union[NormalizeForm, int]): The form; ``NormalizeForm.NONE`` leaves
            the text unchanged. Default: ``NormalizeForm.NFKC``.

    Example:
        >>> from msfunc.dataset import text
        >>> text.NormalizeUTF8(text.NormalizeForm.NFKC)("ｆｉ").tolist()
        'fi'
    """

    def __init__(self, normalize_form: NormalizeForm | int = NormalizeForm.NFKC) -> None:
        self.normalize_form = NormalizeForm(normalize_form)

    def __call__(self, x):
        form = self.normalize_form
        return _map_strings(
            lambda s: s if form is NormalizeForm.NONE else unicodedata.normalize(form.name, s),
            x,
            "NormalizeUTF8",
        )


class RegexReplace:
    """Replace matches of `pattern` by `replace` (every match, or the first only).

    Args:
        pattern (str): Regular expression to find (Python's syntax, with Unicode properties
            such as ``\\p{Han}``).
        replace (str): Replacement (may refer to groups, as in ``re.sub``).
        replace_all (bool): Replace every match, else only the first. Default: ``True``.

    Example:
        >>> from msfunc.dataset import text
        >>> text.RegexReplace("a+", "-")("caaab aa").tolist()
        'c-b -'
    """

    def __init__(self, pattern: str, replace: str, replace_all: bool = True) -> None:
        # `regex` reads the Unicode properties (\p{Han}, \p{Ll}) of MindSpore's ICU patterns
        self.pattern, self.replace = regex.compile(pattern), replace
        self.count = 0 if replace_all else 1

    def __call__(self, x):
        return _map_strings(
            lambda s: self.pattern.sub(self.replace, s, self.count), x, "RegexReplace"
        )


# -- tokenizers ---------------------------------------------------------------------------
class _Tokenizer:
    def __init__(self, with_offsets: bool = False) -> None:
        if not isinstance(with_offsets, bool):
            raise TypeError(
                f"{type(self).__name__}: `with_offsets` must be a bool, got {with_offsets!r}"
            )
        self.with_offsets = with_offsets

    def __call__(self, x):
        s = self._prepare(_text(x, type(self).__name__))
        return _tokens(self._spans(s), s, self.with_offsets)

    def _prepare(self, s):
        return s


class WhitespaceTokenizer(_Tokenizer):
    """Split on runs of whitespace.

    Args:
        with_offsets (bool): Also return the start and end byte offsets of each token.
            Default: ``False``.

    Raises:
        TypeError: `with_offsets` is not a bool.

    Example:
        >>> from msfunc.dataset import text
        >>> text.WhitespaceTokenizer()("  Hello   world ").tolist()
        ['Hello', 'world']
    """

    def _spans(self, s):
        return [m.span() for m in re.finditer(r"\S+", s)]


class UnicodeCharTokenizer(_Tokenizer):
    """One token per character (whitespace included).

    Args:
        with_offsets (bool): Also return the start and end byte offsets of each token.
            Default: ``False``.

    Raises:
        TypeError: `with_offsets` is not a bool.

    Example:
        >>> from msfunc.dataset import text
        >>> text.UnicodeCharTokenizer()("aé b").tolist()
        ['a', 'é', ' ', 'b']
    """

    def _spans(self, s):
        return [(i, i + 1) for i in range(len(s))]


def _delimited_spans(s, delimiters, keep):
    """Spans of the text between `delimiters` matches, plus the matches `keep` accepts."""
    spans, start = [], 0
    for m in delimiters:
        if m.start() > start:
            spans.append((start, m.start()))
        if m.end() > m.start() and keep(m):
            spans.append(m.span())
        start = m.end()
    if start < len(s):
        spans.append((start, len(s)))
    return spans


class RegexTokenizer(_Tokenizer):
    """Split at matches of `delim_pattern`; a match that `keep_delim_pattern` matches
    whole is kept as a token.

    Args:
        delim_pattern (str): Regular expression of the delimiters (Python's syntax, with
            Unicode properties such as ``\\p{P}``).
        keep_delim_pattern (str): Delimiters matching this whole are kept as tokens; ``''``
            keeps none. Default: ``''``.
        with_offsets (bool): Also return the start and end byte offsets of each token.
            Default: ``False``.

    Example:
        >>> from msfunc.dataset import text
        >>> text.RegexTokenizer(r"\\s+|,", ",")("a, b  c").tolist()
        ['a', ',', 'b', 'c']
    """

    def __init__(
        self, delim_pattern: str, keep_delim_pattern: str = "", with_offsets: bool = False
    ) -> None:
        super().__init__(with_offsets)
        self.delim = regex.compile(delim_pattern)  # (Unicode properties, as RegexReplace)
        self.keep = regex.compile(keep_delim_pattern) if keep_delim_pattern else None

    def _spans(self, s):
        keep = (
            (lambda m: self.keep.fullmatch(m.group()) is not None)
            if self.keep
            else (lambda m: False)
        )
        return _delimited_spans(s, self.delim.finditer(s), keep)


_CJK = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B820, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)
_UNUSED = re.compile(r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]")
_UNUSED_WORDS = re.compile(r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]")


def _split_off(c):
    """A character BasicTokenizer makes a token of its own: ASCII punctuation and symbols,
    Unicode punctuation, CJK ideographs."""
    o = ord(c)
    return (
        33 <= o <= 47
        or 58 <= o <= 64
        or 91 <= o <= 96
        or 123 <= o <= 126
        or unicodedata.category(c).startswith("P")
        or any(a <= o <= b for a, b in _CJK)
    )


class BasicTokenizer(_Tokenizer):
    """BERT's basic tokenization: optional case folding with accents stripped (or a
    normalization form), control characters to spaces, then split at whitespace, with
    punctuation and CJK characters as tokens of their own. With `preserve_unused_token`
    ``[CLS]``, ``[SEP]``, ``[UNK]``, ``[PAD]``, ``[MASK]`` and ``[unusedN]`` stay whole
    (and unfolded). (With ``lower_case=True`` MindSpore 2.10 repeats parts of a text that
    holds such words; msfunc gives the tokens that option describes.)

    Args:
        lower_case (bool): Fold case and strip accents (NFD, combining marks removed).
            Default: ``False``.
        keep_whitespace (bool): Keep whitespace runs as tokens. Default: ``False``.
        normalization_form (NormalizeForm): Form applied when not `lower_case`.
            Default: ``NormalizeForm.NONE``.
        preserve_unused_token (bool): Keep BERT's special tokens whole. Default: ``True``.
        with_offsets (bool): Also return the start and end byte offsets of each token.
            Default: ``False``.

    Raises:
        TypeError: a flag is not a bool.

    Example:
        >>> from msfunc.dataset import text
        >>> text.BasicTokenizer(lower_case=True)("Héllo, World! 中文").tolist()
        ['hello', ',', 'world', '!', '中', '文']
    """

    def __init__(
        self,
        lower_case: bool = False,
        keep_whitespace: bool = False,
        normalization_form: NormalizeForm = NormalizeForm.NONE,
        preserve_unused_token: bool = True,
        with_offsets: bool = False,
    ) -> None:
        super().__init__(with_offsets)
        for name, value in (
            ("lower_case", lower_case),
            ("keep_whitespace", keep_whitespace),
            ("preserve_unused_token", preserve_unused_token),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"BasicTokenizer: `{name}` must be a bool, got {value!r}")
        self.lower_case, self.keep_whitespace = lower_case, keep_whitespace
        self.normalization_form = NormalizeForm(normalization_form)
        self.preserve_unused_token = preserve_unused_token

    def _prepare(self, s):
        if self.lower_case:
            if self.preserve_unused_token:  # fold around the special words, not inside them
                parts, start = [], 0
                for m in _UNUSED_WORDS.finditer(s):
                    parts += [nfkc_casefold(s[start : m.start()]), m.group()]
                    start = m.end()
                s = "".join(parts) + nfkc_casefold(s[start:])
            else:
                s = nfkc_casefold(s)
            s = "".join(
                c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn"
            )
        elif self.normalization_form is not NormalizeForm.NONE:
            s = unicodedata.normalize(self.normalization_form.name, s)
        return "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in s)

    def _spans(self, s):
        spans, word, i, n = [], 0, 0, len(s)
        while i < n:
            m = _UNUSED.match(s, i) if self.preserve_unused_token and s[i] == "[" else None
            if m is not None:
                end, keep = m.end(), True
            elif s[i].isspace():
                end = i + 1
                while end < n and s[end].isspace():
                    end += 1
                keep = self.keep_whitespace
            elif _split_off(s[i]):
                end, keep = i + 1, True
            else:
                i += 1
                continue
            if i > word:
                spans.append((word, i))
            if keep:
                spans.append((i, end))
            i = word = end
        if word < n:
            spans.append((word, n))
        return spans


def _vocab_lookup(vocab, who):
    from .vocab import Vocab

    if not isinstance(vocab, Vocab):
        raise TypeError(f"{who}: `vocab` must be a text.Vocab, got {type(vocab).__name__}")
    return vocab


class WordpieceTokenizer(_Tokenizer):
    """Split each token into the longest pieces found in `vocab` (pieces after the first
    carry `suffix_indicator`); a token with no such split, or longer than
    `max_bytes_per_token`, becomes `unknown_token` (itself when that is '').

    Args:
        vocab (Vocab): The word pieces.
        suffix_indicator (str): Prefix marking a piece that continues a word.
            Default: ``'##'``.
        max_bytes_per_token (int): Longer tokens (in UTF-8 bytes) become `unknown_token`.
            Default: ``100``.
        unknown_token (str): Token for words with no split; ``''`` keeps the word.
            Default: ``'[UNK]'``.
        with_offsets (bool): Also return the start and end byte offsets of each piece.
            Default: ``False``.

    Raises:
        TypeError: `vocab` is not a `Vocab`.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> vocab = text.Vocab.from_list(["un", "##want", "##ed", "[UNK]"])
        >>> text.WordpieceTokenizer(vocab)(np.array(["unwanted", "xyz"])).tolist()
        ['un', '##want', '##ed', '[UNK]']
    """

    def __init__(
        self,
        vocab: Vocab,
        suffix_indicator: str = "##",
        max_bytes_per_token: int = 100,
        unknown_token: str = "[UNK]",
        with_offsets: bool = False,
    ) -> None:
        super().__init__(with_offsets)
        self.vocab = _vocab_lookup(vocab, type(self).__name__)
        self.suffix_indicator, self.unknown_token = suffix_indicator, unknown_token
        self.max_bytes_per_token = int(max_bytes_per_token)

    def _pieces(self, word):
        """[(piece, char start, char end)] of one word (end None: see below)."""
        unknown = [(self.unknown_token or word, 0, len(word))]
        if len(word.encode()) > self.max_bytes_per_token and self.unknown_token:
            # MindSpore's quirk: a word too long to split ends as many bytes after its start
            # as the unknown token holds (None: `_split` measures the token)
            return [(self.unknown_token, 0, None)]
        if len(word.encode()) > self.max_bytes_per_token:
            return unknown
        pieces, start = [], 0
        while start < len(word):
            for end in range(len(word), start, -1):
                piece = word[start:end] if start == 0 else self.suffix_indicator + word[start:end]
                if piece in self.vocab:
                    pieces.append((piece, start, end))
                    break
            else:
                return unknown
            start = end
        return pieces

    def __call__(self, x):
        words = _strings(x, type(self).__name__).ravel().tolist()
        return self._split(words, [0] * len(words))

    def _split(self, words, word_starts):
        tokens, starts, ends = [], [], []
        for word, base in zip(words, word_starts):
            for piece, a, b in self._pieces(word):
                tokens.append(piece)
                starts.append(base + len(word[:a].encode()))
                ends.append(base + len((piece if b is None else word[:b]).encode()))
        out = np.array(tokens or [""], dtype=str)
        if not self.with_offsets:
            return out
        return out, np.array(starts or [0], np.uint32), np.array(ends or [0], np.uint32)


class BertTokenizer(WordpieceTokenizer):
    """`BasicTokenizer` then `WordpieceTokenizer` (offsets refer to the normalized text).

    Args:
        vocab (Vocab): The word pieces.
        suffix_indicator (str): Prefix marking a piece that continues a word.
            Default: ``'##'``.
        max_bytes_per_token (int): Longer tokens (in UTF-8 bytes) become `unknown_token`.
            Default: ``100``.
        unknown_token (str): Token for words with no split; ``''`` keeps the word.
            Default: ``'[UNK]'``.
        lower_case (bool): Fold case and strip accents first. Default: ``False``.
        keep_whitespace (bool): Keep whitespace runs as tokens. Default: ``False``.
        normalization_form (NormalizeForm): Form applied when not `lower_case`.
            Default: ``NormalizeForm.NONE``.
        preserve_unused_token (bool): Keep BERT's special tokens whole. Default: ``True``.
        with_offsets (bool): Also return the start and end byte offsets of each piece.
            Default: ``False``.

    Example:
        >>> from msfunc.dataset import text
        >>> vocab = text.Vocab.from_list(["i", "like", "runn", "##ing", "!", "[UNK]"])
        >>> text.BertTokenizer(vocab, lower_case=True)("I like running!").tolist()
        ['i', 'like', 'runn', '##ing', '!']
    """

    def __init__(
        self,
        vocab: Vocab,
        suffix_indicator: str = "##",
        max_bytes_per_token: int = 100,
        unknown_token: str = "[UNK]",
        lower_case: bool = False,
        keep_whitespace: bool = False,
        normalization_form: NormalizeForm = NormalizeForm.NONE,
        preserve_unused_token: bool = True,
        with_offsets: bool = False,
    ) -> None:
        super().__init__(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets)
        self.basic = BasicTokenizer(
            lower_case, keep_whitespace, normalization_form, preserve_unused_token, True
        )

    def __call__(self, x):
        words, starts, _ = self.basic(x)
        return self._split(words.tolist(), starts.tolist())


class PythonTokenizer:
    """Tokenize with a Python function from str to a list of str.

    Args:
        tokenizer (Callable[[str], list[str]]): The function.

    Raises:
        TypeError: `tokenizer` is not callable.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.PythonTokenizer(lambda s: s.split("-"))(np.array("a-b")).tolist()
        ['a', 'b']
    """

    def __init__(self, tokenizer: Callable[[str], list[str]]) -> None:
        if not callable(tokenizer):
            raise TypeError(f"PythonTokenizer: `tokenizer` must be callable, got {tokenizer!r}")
        self.tokenizer = tokenizer

    def __call__(self, x):
        if not isinstance(x, np.ndarray):
            raise TypeError(
                f"PythonTokenizer: the input must be a numpy array, got {type(x).__name__}"
            )
        return np.array(self.tokenizer(_text(x, "PythonTokenizer", bytes_eagerly=True)), dtype=str)
