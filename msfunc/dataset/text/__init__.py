"""`msfunc.dataset.text`: MindSpore's `mindspore.dataset.text` (vocabularies, tokenizers,
text transforms) on numpy string arrays, usable in ``dataset.map(operations=...)``.

Normalization uses Python's `unicodedata` (MindSpore uses ICU; the two agree on the
Unicode data both ship) and patterns are Python `re` patterns.
"""

from .script_tokenizer import UnicodeScriptTokenizer
from .sentencepiece import (
    SentencePieceModel,
    SentencePieceTokenizer,
    SentencePieceVocab,
    SPieceTokenizerLoadType,
    SPieceTokenizerOutType,
)
from .tokenizers import (
    BasicTokenizer,
    BertTokenizer,
    CaseFold,
    NormalizeForm,
    NormalizeUTF8,
    PythonTokenizer,
    RegexReplace,
    RegexTokenizer,
    UnicodeCharTokenizer,
    WhitespaceTokenizer,
    WordpieceTokenizer,
)
from .transforms import (
    AddToken,
    Lookup,
    Ngram,
    SlidingWindow,
    ToNumber,
    Truncate,
    TruncateSequencePair,
)
from .vectors import CharNGram, FastText, GloVe, ToVectors, Vectors
from .vocab import Vocab, to_bytes, to_str
from .wikipedia import FilterWikipediaXML

__all__ = [
    "Vocab",
    "to_str",
    "to_bytes",
    "Lookup",
    "Ngram",
    "SlidingWindow",
    "ToNumber",
    "Truncate",
    "TruncateSequencePair",
    "AddToken",
    "NormalizeForm",
    "CaseFold",
    "NormalizeUTF8",
    "RegexReplace",
    "WhitespaceTokenizer",
    "UnicodeCharTokenizer",
    "UnicodeScriptTokenizer",
    "RegexTokenizer",
    "BasicTokenizer",
    "WordpieceTokenizer",
    "BertTokenizer",
    "PythonTokenizer",
    "FilterWikipediaXML",
    "Vectors",
    "GloVe",
    "FastText",
    "CharNGram",
    "ToVectors",
    "SentencePieceModel",
    "SPieceTokenizerOutType",
    "SPieceTokenizerLoadType",
    "SentencePieceVocab",
    "SentencePieceTokenizer",
]
