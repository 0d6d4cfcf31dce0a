"""`mindspore.dataset.text` scenarios shared by gen_text_golden.py and test_dataset_text.py.

Each scenario `name(ms, ds, text, T, rec)` is a plain MindSpore program (`ms` is the
framework module, `ds` its dataset package, `T` its dataset.transforms); the oracle runs
it with MindSpore 2.10, the test with msfunc, and `rec(key, value)` records results.

Not covered, MindSpore 2.10 bugs: BasicTokenizer/BertTokenizer with ``lower_case=True`` and
``preserve_unused_token=True`` on a text holding ``[CLS]``-like words repeats parts of the text.
"""

import os
import tempfile

import numpy as np


def encode(value):
    """numpy results as json: dtype ('str' for text), shape and values; tuples as lists."""
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, np.ndarray) and value.dtype.kind == "S":
        return {
            "dtype": "bytes",
            "shape": list(value.shape),
            "data": [b.hex() for b in value.ravel().tolist()],
        }
    if isinstance(value, np.ndarray):
        kind = "str" if value.dtype.kind == "U" else str(value.dtype)
        return {"dtype": kind, "shape": list(value.shape), "data": value.tolist()}
    if isinstance(value, dict):
        return {k: encode(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [encode(v) for v in value]
    return value


def attempt(fn, *args):
    """fn(*args) encoded, or "error" when it raises (MindSpore's exception types differ)."""
    try:
        return encode(fn(*args))
    except Exception:  # noqa: BLE001
        return "error"


def raised(fn, *args):
    """fn(*args) encoded, or the name of the exception it raises (the types must agree)."""
    try:
        return encode(fn(*args))
    except Exception as exc:  # noqa: BLE001
        return type(exc).__name__


def vocabularies(ms, ds, text, T, rec):
    v = text.Vocab.from_list(["home", "world", "the", "a"], ["<pad>", "<unk>"], True)
    rec("from_list", v.vocab())
    rec("from_list_special_last", text.Vocab.from_list(["b", "a"], ["<pad>"], False).vocab())
    rec(
        "tokens_to_ids",
        [
            v.tokens_to_ids("world"),
            v.tokens_to_ids(["home", "xx"]),
            v.tokens_to_ids(np.array(["a", "the"])),
        ],
    )
    rec(
        "ids_to_tokens",
        [v.ids_to_tokens(2), v.ids_to_tokens([0, 5, 99]), v.ids_to_tokens(np.array([1, 3]))],
    )
    rec("from_list_duplicate", attempt(text.Vocab.from_list, ["a", "a"]))
    rec("from_dict", text.Vocab.from_dict({"x": 3, "y": 0}).ids_to_tokens([0, 3]))
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "vocab.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write("hello,1\nworld,2\n\nfoo bar,3\nbaz\n")
        rec("from_file_lines", text.Vocab.from_file(path).vocab())
        rec("from_file_delimited", text.Vocab.from_file(path, ",", 3, ["<unk>"], False).vocab())
    corpus = ["the cat sat on the mat", "the dog ate the cat food", "a b a"]
    data = ds.NumpySlicesDataset(corpus, column_names=["text"], shuffle=False)
    data = data.map(operations=text.WhitespaceTokenizer(), input_columns=["text"])
    rec(
        "from_dataset",
        text.Vocab.from_dataset(data, ["text"], special_tokens=["<pad>", "<unk>"]).vocab(),
    )
    rec(
        "from_dataset_range",
        text.Vocab.from_dataset(
            data, freq_range=(2, 3), top_k=3, special_tokens=["<s>"], special_first=False
        ).vocab(),
    )
    rec("from_dataset_rare", text.Vocab.from_dataset(data, freq_range=(None, 1)).vocab())
    rec("from_dataset_top", text.Vocab.from_dataset(data, top_k=2).vocab())


def lookups(ms, ds, text, T, rec):
    v = text.Vocab.from_list(["a", "b", "<unk>"])
    rec("lookup", text.Lookup(v, "<unk>")(np.array(["a", "zz", "b"])))
    rec("lookup_int64_2d", text.Lookup(v, "<unk>", ms.int64)(np.array([["a", "q"], ["b", "a"]])))
    rec("lookup_scalar", text.Lookup(v)(np.array("b")))
    rec("lookup_missing", attempt(text.Lookup(v), np.array(["zz"])))


def tokenizers(ms, ds, text, T, rec):
    rec("whitespace", text.WhitespaceTokenizer()("  Hello   world\tfoo\nbar "))
    rec("whitespace_offsets", text.WhitespaceTokenizer(True)("Hé  there 中"))
    rec("whitespace_empty", text.WhitespaceTokenizer()("   "))
    rec("unicode_char", text.UnicodeCharTokenizer()("aé中 b"))
    rec("unicode_char_offsets", text.UnicodeCharTokenizer(True)("aé中"))
    sample = "Hello, World! Ça va? 中文abc  x $5+3=8 <tag> it's 1.5 ｆｉ\u00ad\u200bz\x07!"
    rec("basic", text.BasicTokenizer()(sample))
    rec("basic_lower", text.BasicTokenizer(lower_case=True)(sample))
    rec(
        "basic_lower_plain",
        text.BasicTokenizer(lower_case=True, preserve_unused_token=False)(
            "[CLS] HÉllo\u0000\u200b x\u00adyz ﬁ ß [MASK]"
        ),
    )
    rec("basic_keep_whitespace", text.BasicTokenizer(keep_whitespace=True)("a b  c\t,d"))
    rec(
        "basic_unused",
        text.BasicTokenizer()("[CLS] Hi [unused1] [SEP] [MASK] [UNK] [PAD] [foo] [unused12x]"),
    )
    rec("basic_nfkc", text.BasicTokenizer(normalization_form=text.NormalizeForm.NFKC)("ﬁ ｆ ①"))
    rec("basic_offsets", text.BasicTokenizer(keep_whitespace=True, with_offsets=True)("Hé, 中x"))
    rec(
        "basic_lower_offsets",
        text.BasicTokenizer(lower_case=True, with_offsets=True)("HÉllo wörld!"),
    )
    rec("basic_empty", text.BasicTokenizer()("  "))
    vocab = text.Vocab.from_list(
        [
            "[UNK]",
            "[CLS]",
            "want",
            "##want",
            "##ed",
            "wa",
            "un",
            "runn",
            "##ing",
            "i",
            "like",
            "!",
            "中",
        ]
    )
    words = np.array(["unwanted", "running", "xyz", "wanted"])
    rec("wordpiece", text.WordpieceTokenizer(vocab)(words))
    rec("wordpiece_offsets", text.WordpieceTokenizer(vocab, with_offsets=True)(words))
    rec("wordpiece_keep_unknown", text.WordpieceTokenizer(vocab, unknown_token="")(words))
    rec("wordpiece_long", text.WordpieceTokenizer(vocab, max_bytes_per_token=4)(words))
    rec("bert", text.BertTokenizer(vocab)(np.array("I like running! 中国 [CLS] unwanted")))
    rec("bert_lower", text.BertTokenizer(vocab, lower_case=True)(np.array("I LIKE running!")))
    rec(
        "bert_offsets",
        text.BertTokenizer(vocab, lower_case=True, with_offsets=True)(np.array("i like running")),
    )
    rec("python_tokenizer", text.PythonTokenizer(lambda s: s.split("-"))(np.array("a-b-c")))
    rec("regex_tokenizer", text.RegexTokenizer(r"\s+|,", ",", True)("a, b  c"))
    rec("case_fold", text.CaseFold()(np.array(["ÀB Straße", "ﬁ\u00ad"])))
    rec(
        "normalize",
        [
            text.NormalizeUTF8(form)("ｆｉé①")
            for form in (
                text.NormalizeForm.NFC,
                text.NormalizeForm.NFKC,
                text.NormalizeForm.NFD,
                text.NormalizeForm.NFKD,
            )
        ],
    )
    rec(
        "regex_replace",
        [text.RegexReplace("a+", "X")("caaab aa"), text.RegexReplace("a+", "X", False)("caaab aa")],
    )


def sequences(ms, ds, text, T, rec):
    tokens = np.array(["a", "b", "c"])
    rec(
        "sliding_window",
        [
            text.SlidingWindow(2)(np.array([1, 2, 3, 4])),
            text.SlidingWindow(3, -1)(np.array(["a", "b", "c", "d"])),
            text.SlidingWindow(5)(np.array([1, 2, 3])),
        ],
    )
    rec("sliding_window_2d", attempt(text.SlidingWindow(2), np.array([[1, 2, 3]])))
    rec(
        "ngram",
        [
            text.Ngram(2)(tokens),
            text.Ngram([1, 3], ("_", 1), ("_", 1), "-")(tokens),
            text.Ngram(4)(tokens),
            text.Ngram([2, 1], ("<", 2), (">", 1))(tokens[:2]),
            text.Ngram(2, separator="+")(tokens[:1]),
        ],
    )
    numbers = np.array(["1", "-2", "30", " 12", "12abc", "1e3", "+7", "0x10", "-0"])
    rec(
        "to_number",
        [
            text.ToNumber(ms.int64)(numbers),
            text.ToNumber(ms.float64)(numbers),
            text.ToNumber(ms.int32)(np.array([["1", "2"], ["3", "4"]])),
            text.ToNumber(ms.int8)(np.array(["-128", "127"])),
            text.ToNumber(ms.float32)(np.array(["1.5", "2e3", ".25"])),
        ],
    )
    rec(
        "to_number_bad",
        [
            attempt(text.ToNumber(ms.int32), np.array(["abc"])),
            attempt(text.ToNumber(ms.uint8), np.array(["300"])),
            attempt(text.ToNumber(ms.float16), np.array(["1e10"])),
        ],
    )
    rec(
        "truncate",
        [
            text.Truncate(2)(tokens),
            text.Truncate(2)(np.array([[1, 2, 3], [4, 5, 6]])),
            text.Truncate(5)(np.array([1, 2])),
        ],
    )
    rec(
        "truncate_pair",
        [
            text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6])),
            text.TruncateSequencePair(5)(np.array(["a"]), np.array(["b", "c", "d", "e", "f"])),
        ],
    )
    rec("add_token", [text.AddToken("[CLS]")(tokens), text.AddToken("[SEP]", False)(tokens)])
    rec(
        "pad_end",
        [
            T.PadEnd([5], 0)(np.array([1, 2, 3])),
            T.PadEnd([2], 0)(np.array([1, 2, 3])),
            T.PadEnd([2, 4])(np.array([[1, 2, 3]])),
            T.PadEnd([4], "<pad>")(tokens[:2]),
            T.PadEnd([3])(tokens[:1]),
        ],
    )
    rec("to_str_bytes", [text.to_str(np.array([b"ab", b"c"])), text.to_bytes(np.array(["é"]))])


def pipeline(ms, ds, text, T, rec):
    corpus = ["the cat sat", "the dog ate the cat food", "a"]
    data = ds.NumpySlicesDataset(corpus, column_names=["text"], shuffle=False)
    data = data.map(operations=text.WhitespaceTokenizer(), input_columns=["text"])
    vocab = text.Vocab.from_dataset(data, columns=["text"], special_tokens=["<pad>", "<unk>"])
    ids = data.map(
        operations=[text.Lookup(vocab, "<unk>"), text.Truncate(4), T.PadEnd([4], 0)],
        input_columns=["text"],
    )
    rec("ids", [row[0] for row in ids.create_tuple_iterator(output_numpy=True, num_epochs=1)])
    offsets = ds.NumpySlicesDataset(["Hi there", "x"], column_names=["t"], shuffle=False)
    offsets = offsets.map(
        operations=text.WhitespaceTokenizer(True),
        input_columns=["t"],
        output_columns=["token", "start", "end"],
    )
    rec(
        "offset_columns",
        {
            "names": offsets.get_col_names(),
            "rows": [
                list(row) for row in offsets.create_tuple_iterator(output_numpy=True, num_epochs=1)
            ],
        },
    )
    grams = ds.NumpySlicesDataset(["a b c d"], column_names=["t"], shuffle=False).map(
        operations=[text.WhitespaceTokenizer(), text.Ngram(2), text.AddToken("<s>")],
        input_columns=["t"],
    )
    tokens = ds.NumpySlicesDataset(["a b c", "d e"], column_names=["t"], shuffle=False).map(
        operations=text.WhitespaceTokenizer(), input_columns=["t"]
    )
    rec(
        "padded_text_batch",
        [
            row[0]
            for row in tokens.padded_batch(2, pad_info={}).create_tuple_iterator(
                output_numpy=True, num_epochs=1
            )
        ],
    )
    rec("ngram_column", next(grams.create_dict_iterator(output_numpy=True, num_epochs=1))["t"])


def edges(ms, ds, text, T, rec):
    """Argument forms and refusals: a built Vocab's lookups of one-element and 0-d inputs,
    an unbuilt one's, ToNumber's float ranges, PadEnd on bytes, text kernels on bytes."""
    v = text.Vocab.from_list(["w1", "w2", "w3"], special_tokens=["<unk>"], special_first=True)
    rec(
        "vocab_forms",
        [
            raised(v.tokens_to_ids, np.array("w1")),
            raised(v.tokens_to_ids, ["w2"]),
            raised(v.tokens_to_ids, ("w1", "w2")),
            raised(v.tokens_to_ids, 999),
            raised(v.ids_to_tokens, np.array(2)),
            raised(v.ids_to_tokens, np.array(-1)),
            raised(v.ids_to_tokens, [3]),
            raised(v.ids_to_tokens, np.int64(2)),
            raised(v.ids_to_tokens, -2),
            raised(v.ids_to_tokens, "abc"),
        ],
    )
    unbuilt = text.Vocab()
    rec("vocab_unbuilt", [raised(unbuilt.tokens_to_ids, "a"), raised(unbuilt.ids_to_tokens, 1)])
    rows = []
    for dtype in (ms.float16, ms.float32, ms.float64):
        for value in ("inf", "-inf", "nan", "1e-300", "65519", "65504", "3.5e38", "1e309"):
            rows.append(raised(text.ToNumber(dtype), np.array([value])))
    rec("to_number_ranges", rows)
    rec("to_number_columns", raised(text.ToNumber(ms.int8), np.array(["1"]), np.array(["2"])))
    rec(
        "pad_end_kinds",
        [
            raised(T.PadEnd([3]), np.array([b"1", b"2"])),
            raised(T.PadEnd([3], "z"), np.array([b"a"])),
            raised(T.PadEnd([3], b"z"), np.array(["a"])),
            raised(T.PadEnd([3], "z"), np.array([1])),
            raised(T.PadEnd([3], 1), np.array(["a"])),
        ],
    )
    words = b"Hello World"
    rec(
        "bytes_eagerly",
        [
            raised(text.CaseFold(), words),
            raised(text.WhitespaceTokenizer(), np.array(words)),
            raised(text.RegexReplace("o", "0"), np.array([words])),
            raised(text.ToNumber(ms.int32), np.array([b"1"])),
            raised(text.Ngram([2]), np.array([b"a", b"b"])),
            raised(text.PythonTokenizer(str.split), np.array(words)),
        ],
    )
    wiki = text.FilterWikipediaXML()
    rec(
        "filter_wikipedia_xml",
        [
            wiki(np.array([page]))
            for page in (
                "Rome and RIVER 42",
                "#redirect [[X]]",
                "a &amp; b &lt;tag&gt; c",
                "[[Image:a.png|thumb|left|200px|A caption]] end",
                "[[Category:Cities|Paris]] {{Infobox|a=b}} text",
                "line one\n\n line two\nthree",
            )
        ]
        + [wiki(np.array(["AB", "CD"]))],
    )


SCENARIOS = [vocabularies, lookups, tokenizers, sequences, pipeline, edges]
