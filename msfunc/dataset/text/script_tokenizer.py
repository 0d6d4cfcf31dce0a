"""`UnicodeScriptTokenizer`: split text where the Unicode script changes (Latin, Han, Cyrillic
...) and between whitespace and the rest. Scripts come from fontTools' Unicode Scripts table
(MindSpore asks ICU the same question)."""

from __future__ import annotations

from .tokenizers import _Tokenizer

__all__ = ["UnicodeScriptTokenizer"]

# Characters Python counts as whitespace that Unicode's White_Space property does not.
_NOT_WHITE_SPACE = frozenset("\x1c\x1d\x1e\x1f")


def _script_of():
    try:
        from fontTools.unicodedata import script
    except ImportError:
        raise ImportError(
            "UnicodeScriptTokenizer: the Unicode script table comes from fontTools, which is "
            "not installed: pip install fonttools"
        ) from None
    return script


class UnicodeScriptTokenizer(_Tokenizer):
    """Split a string into runs of one Unicode script, whitespace runs apart; the whitespace
    runs are dropped unless `keep_whitespace`.

    Args:
        keep_whitespace (bool): Keep the whitespace runs as tokens. Default: ``False``.
        with_offsets (bool): Also return the start and end byte offsets of each token.
            Default: ``False``.

    Raises:
        TypeError: `keep_whitespace` or `with_offsets` is not a bool.
        RuntimeError: when applied, the input is not a string.

    Example:
        >>> from msfunc.dataset import text
        >>> text.UnicodeScriptTokenizer()("Hello 世界, мир").tolist()
        ['Hello', '世界', ',', 'мир']
    """

    def __init__(self, keep_whitespace: bool = False, with_offsets: bool = False) -> None:
        if not isinstance(keep_whitespace, bool):
            raise TypeError(
                f"UnicodeScriptTokenizer: `keep_whitespace` must be a bool, got {keep_whitespace!r}"
            )
        super().__init__(with_offsets)
        self.keep_whitespace = keep_whitespace

    def _spans(self, s):
        script = _script_of()
        spans, start, last = [], 0, ("", False)  # (script, whitespace) of the run so far
        for i, char in enumerate(s):
            kind = (script(char), char.isspace() and char not in _NOT_WHITE_SPACE)
            if i > start and kind != last:
                if self.keep_whitespace or not last[1]:
                    spans.append((start, i))
                start = i
            last = kind
        if len(s) > start and (self.keep_whitespace or not last[1]):
            spans.append((start, len(s)))
        return spans
