"""Word vectors read from small synthetic files (Vectors, GloVe, FastText, CharNGram) and
looked up with ToVectors, eager and in a pipeline, from real MindSpore 2.10
(tests/golden/text_vectors.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py text_vectors

Each case is a function ``case(ms, folder)`` of the framework module and a folder holding
the files `write_files` makes, returning a list of arrays;
`tests/dataset/test_text_vectors.py` runs the same with msfunc. An entry of ``REFUSED``
is a call that fails; the golden value is the exception's class name. No top-level import
of MindSpore or msfunc (the test imports this module).
"""

import os
import sys
import tempfile

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "text_vectors.npz"
)

FILES = {
    # a repeated token (the first is kept), values needing float32 rounding
    "plain.txt": (
        "apple 0.1 0.2 -0.3\nBanana 1.5 2.25 3.125\napple 9 9 9\nx 1e-3 0.333333333333 7\n"
    ),
    # a "count dimension" header and a trailing space
    "header.txt": "4 3\napple 0.1 0.2 -0.3\nbanana 1.5 2.25 3.125 \nCherry 0.5 0.5 0.5\n",
    "one_value.txt": "apple 0.1 0.2 -0.3\nbad 0.5\n",
    "ragged.txt": "apple 0.1 0.2 -0.3\nb 1 2\n",
    "empty.txt": "",
    "glove.6B.3d.txt": "apple 0.1 0.2 -0.3\nbanana 1 2 3\n",
    "wiki.vec": "2 3\napple 0.1 0.2 -0.3\nbanana 1 2 3\n",
    "grams.txt": (
        "1gram-a 0.1 0.2\n2gram-#BEGIN#a 0.3 0.7\n2gram-ab 1.1 -0.4\n3gram-#BEGIN#ab 0.25 0.5\n"
        "2gram-b#END# 0.125 0.375\n4gram-#BEGIN#ab#END# 2 3\n2gram-#BEGIN#A 5 5\n2gram-Ab 7 7\n"
        "3gram-abc 0.1 0.3\n2gram-bc 0.7 0.9\n2gram-c#END# 0.11 0.13\n2gram-#BEGIN#x 1.0 1.0\n"
    ),
}

# a corpus for SentencePiece training (BPE, CHAR and WORD train as in MindSpore; its
# bundled library's unigram trainer picks other pieces than today's, so UNIGRAM is not here)
_WORDS = "the quick brown fox jumps over a lazy dog while seven wizards hex bold jackals".split()
FILES["corpus.txt"] = (
    "\n".join(
        " ".join(_WORDS[(i * 7 + k * 3) % len(_WORDS)] for k in range(3 + i % 5)) for i in range(60)
    )
    + "\n"
)
SENTENCES = ["the quick fox", "seven lazy wizards jump", "hex", "unknown words zq"]

TOKENS = ["apple", "banana", "Banana", "BANANA", "x", "", "Cherry", "cherry"]
GRAMS = ["a", "ab", "AB", "Ab", "abc", "ABC", "x", "X", "", "zz"]


def write_files(folder):
    for name, body in FILES.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(body)


def _each(ms, vectors, tokens, **kwargs):
    to_vectors = ms.dataset.text.ToVectors(vectors, **kwargs)
    return [to_vectors(token) for token in tokens]


def _vectors(ms, folder):
    text = ms.dataset.text
    out = []
    for name in ("plain.txt", "header.txt"):
        for limit in (None, 0, 1, 2):
            vectors = text.Vectors.from_file(os.path.join(folder, name), max_vectors=limit)
            out += _each(ms, vectors, TOKENS)
    plain = text.Vectors.from_file(os.path.join(folder, "plain.txt"))
    out += _each(ms, plain, ["Apple", "BANANA", "banana"], lower_case_backup=True)
    out += _each(ms, plain, ["nope", "apple"], unk_init=[7, 8.5, 9])
    out.append(text.ToVectors(plain)(np.array(["apple", "x", "q"])))
    out.append(text.ToVectors(plain)(np.array([["apple"], ["x"]])))
    out.append(text.ToVectors(plain)(np.array(["apple"])))
    short = text.Vectors.from_file(os.path.join(folder, "one_value.txt"), max_vectors=1)
    out += _each(ms, short, ["apple"])
    return out


def _named(ms, folder):
    text = ms.dataset.text
    glove = text.GloVe.from_file(os.path.join(folder, "glove.6B.3d.txt"))
    fast = text.FastText.from_file(os.path.join(folder, "wiki.vec"), max_vectors=1)
    return _each(ms, glove, ["apple", "banana"]) + _each(ms, fast, ["apple", "banana"])


def _grams(ms, folder):
    text = ms.dataset.text
    path = os.path.join(folder, "grams.txt")
    grams = text.CharNGram.from_file(path)
    out = _each(ms, grams, GRAMS)
    out += _each(ms, grams, GRAMS, lower_case_backup=True)
    out += _each(ms, grams, GRAMS, unk_init=[-1, -2], lower_case_backup=True)
    out += _each(ms, text.CharNGram.from_file(path, max_vectors=3), GRAMS)
    return out


def _pipeline(ms, folder):
    text = ms.dataset.text
    plain = text.Vectors.from_file(os.path.join(folder, "plain.txt"))
    d = ms.dataset.NumpySlicesDataset(
        {"text": np.array([["apple", "x"], ["q", "Banana"]])}, shuffle=False
    )
    d = d.map(operations=text.ToVectors(plain, unk_init=[1, 2, 3]), input_columns=["text"])
    return [row[0] for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def _pieces(ms, folder):
    text = ms.dataset.text
    corpus = os.path.join(folder, "corpus.txt")
    out = []
    for model, size in (("BPE", 40), ("CHAR", 25), ("WORD", 12)):
        vocab = text.SentencePieceVocab.from_file(
            [corpus], size, 0.9995, text.SentencePieceModel[model], {}
        )
        for kind in (text.SPieceTokenizerOutType.STRING, text.SPieceTokenizerOutType.INT):
            tokenizer = text.SentencePieceTokenizer(vocab, kind)
            out += [tokenizer(sentence) for sentence in SENTENCES]
    text.SentencePieceVocab.save_model(vocab, folder, "word.model")
    tokenizer = text.SentencePieceTokenizer(
        os.path.join(folder, "word.model"), text.SPieceTokenizerOutType.STRING
    )
    out += [tokenizer(sentence) for sentence in SENTENCES]
    d = ms.dataset.TextFileDataset(corpus, shuffle=False)
    vocab = text.SentencePieceVocab.from_dataset(
        d, ["text"], 30, 1.0, text.SentencePieceModel.BPE, {"max_sentencepiece_length": "4"}
    )
    d = ms.dataset.NumpySlicesDataset({"text": SENTENCES}, shuffle=False)
    tokenizer = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.STRING)
    d = d.map(operations=tokenizer, input_columns=["text"])
    return out + [row[0] for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]


CASES = {
    "vectors": _vectors,
    "named": _named,
    "grams": _grams,
    "pipeline": _pipeline,
    "pieces": _pieces,
}


def _from(name):
    return lambda text, folder: text.Vectors.from_file(os.path.join(folder, name))


REFUSED = {
    "one_value": _from("one_value.txt"),
    "ragged": _from("ragged.txt"),
    "empty": _from("empty.txt"),
    "missing": _from("missing.txt"),
    "glove_name": lambda text, folder: text.GloVe.from_file(os.path.join(folder, "plain.txt")),
    "fast_text_name": lambda text, folder: text.FastText.from_file(
        os.path.join(folder, "glove.6B.3d.txt")
    ),
    "max_vectors_negative": lambda text, folder: text.Vectors.from_file(
        os.path.join(folder, "plain.txt"), max_vectors=-1
    ),
    "max_vectors_float": lambda text, folder: text.Vectors.from_file(
        os.path.join(folder, "plain.txt"), max_vectors=1.0
    ),
    "unk_init_length": lambda text, folder: text.ToVectors(
        _from("plain.txt")(text, folder), unk_init=[1, 2]
    )("apple"),
    "lower_case_backup_str": lambda text, folder: text.ToVectors(
        _from("plain.txt")(text, folder), lower_case_backup="True"
    ),
    "float_token": lambda text, folder: text.ToVectors(_from("plain.txt")(text, folder))(1.0),
    "pieces_path_str": lambda text, folder: text.SentencePieceVocab.from_file(
        os.path.join(folder, "corpus.txt"), 20, 1.0, text.SentencePieceModel.BPE, {}
    ),
    "pieces_out_type": lambda text, folder: text.SentencePieceTokenizer("m.model", "int"),
    "pieces_two_strings": lambda text, folder: text.SentencePieceTokenizer(
        text.SentencePieceVocab.from_file(
            [os.path.join(folder, "corpus.txt")], 20, 1.0, text.SentencePieceModel.CHAR, {}
        ),
        text.SPieceTokenizerOutType.INT,
    )(np.array(["a", "b"])),
    "no_tokens": lambda text, folder: text.ToVectors(_from("plain.txt")(text, folder))(
        np.array([], dtype=str)
    ),
}


def run_case(ms, name, folder):
    return [np.asarray(v) for v in CASES[name](ms, folder)]


def refused(ms, name, folder):
    """The class name of the exception the bad input raises ("" when none is raised)."""
    try:
        REFUSED[name](ms.dataset.text, folder)
    except Exception as error:  # noqa: BLE001 - its type is the golden value
        return type(error).__name__
    return ""


def main():
    import mindspore as ms
    import mindspore.dataset  # noqa: F401
    import mindspore.dataset.text  # noqa: F401

    arrays = {}
    with tempfile.TemporaryDirectory() as folder:
        write_files(folder)
        for name in CASES:
            for i, value in enumerate(run_case(ms, name, folder)):
                arrays[f"{name}/{i}"] = value
        for name in REFUSED:
            arrays[f"refused/{name}"] = np.array(refused(ms, name, folder))
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
