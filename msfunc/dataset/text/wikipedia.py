"""`FilterWikipediaXML`: Wikipedia markup reduced to lowercase words, as MindSpore's kernel."""

from __future__ import annotations

import re
import string

import numpy as np

from .tokenizers import _strings

# MindSpore's kernel keeps its (pattern, replacement) rules in an ordered map, so they apply
# in the patterns' code-unit order, not in the order the cleaning script they come from
# lists them: digits are spelled out before the markup rules, the case rules come before
# the rule that keeps only a-z, and the rule for 'R' deletes it (kept: it is what MindSpore
# prints). Each replacement is followed by trimming the ends' whitespace.
_RULES = {
    r"<.*>": "",
    r"&amp;": "&",
    r"&lt;": "<",
    r"&gt;": ">",
    r"<ef[^<]*<\/ef>": "",
    r"<[^>]*>": "",
    r"\[http:[^] ]*": "[",
    r"\|thumb": "",
    r"\|left": "",
    r"\|right": "",
    r"\|\d+px": "",
    r"\[\[image:[^\[\]]*\|": "",
    r"\[\[category:([^|\]]*)[^]]*\]\]": r"[[\1]]",
    r"\[\[[a-z\-]*:[^\]]*\]\]": "",
    r"\[\[[^\|\]]*\|": "[[",
    r"\{\{[^\}]*\}\}": "",
    r"\{[^\}]*\}": "",
    r"\[": "",
    r"\]": "",
    r"&[^;]*;": " ",
    **{upper: ("" if upper == "R" else upper.lower()) for upper in string.ascii_uppercase},
    **{
        digit: f" {name} "
        for digit, name in zip(
            "0123456789", "zero one two three four five six seven eight nine".split()
        )
    },
    r"[^a-z\n]+": " ",
    r"\n ": "",
    r"\s+": " ",
    r"\n\s*\n": "\n",
}
_ORDERED = [(re.compile(p), r) for p, r in sorted(_RULES.items())]


def _filter(text: str) -> str:
    if "#redirect" in text or "#REDIRECT" in text:
        return ""
    for pattern, replacement in _ORDERED:
        text = pattern.sub(replacement, text).strip()
    return text


class FilterWikipediaXML:
    """Reduce Wikipedia XML text to lowercase words: markup, links and references removed,
    digits spelled out, everything else a single space; a page holding ``#redirect`` becomes
    empty. As MindSpore's kernel, only an array's first string is filtered (the others come
    back empty), and an uppercase 'R' is dropped rather than lowered.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import text
        >>> text.FilterWikipediaXML()(np.array(["Welcome to [[Paris|the city]] in 1999"]))
        array(['welcome to paris the city in one nine nine nine'], dtype='<U47')
    """

    def __call__(self, x):
        x = _strings(x, "FilterWikipediaXML")
        out = [""] * x.size
        if x.size:
            out[0] = _filter(x.ravel()[0])
        return np.array(out, dtype=str).reshape(x.shape)
