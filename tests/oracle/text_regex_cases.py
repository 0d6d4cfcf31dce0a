"""RegexReplace/RegexTokenizer cases with Unicode property classes (\\p{...}, ICU syntax in
MindSpore), shared by gen_text_regex_golden.py (real MindSpore 2.10) and
tests/dataset/test_text_regex.py (msfunc)."""

import numpy as np

LINES = ["Hello World", "北京欢迎您!Welcome", "12￥+36￥=?", "tab\tand\u200bzero-width"]
REPLACE = [(r"\p{Ll}", "_"), (r"\p{Cc}|\p{Cf}|\s+", ""), (r"\p{Lu}\p{Ll}+", "W")]
TOKENIZE = [
    (r"\p{Han}", r"\p{Han}"),
    (r"[\p{P}|\p{S}]+", r"[\p{P}|\p{S}]+"),
    (r"[\p{P}|\p{S}]+", ""),
    (r"[\p{N}]+", ""),
]


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return np.asarray(value).tolist()


def outcome(text):
    """Every line through every replacement and tokenizer (tokens with offsets)."""
    return {
        "replace": [[_plain(text.RegexReplace(p, r)(line)) for line in LINES] for p, r in REPLACE],
        "tokenize": [
            [_plain(text.RegexTokenizer(d, k, with_offsets=True)(line)) for line in LINES]
            for d, k in TOKENIZE
        ],
    }
