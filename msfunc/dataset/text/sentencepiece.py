"""SentencePiece subword models (`SentencePieceVocab`, trained from files or a dataset) and
`SentencePieceTokenizer`, on the `sentencepiece` library (the library MindSpore builds in;
a newer release, whose unigram trainer can pick other pieces than MindSpore's)."""

from __future__ import annotations

import io
import os
from enum import IntEnum
from typing import TYPE_CHECKING

import numpy as np

from .._random import in_pipeline

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

__all__ = [
    "SentencePieceModel",
    "SPieceTokenizerOutType",
    "SPieceTokenizerLoadType",
    "SentencePieceVocab",
    "SentencePieceTokenizer",
]


class SentencePieceModel(IntEnum):
    """The subword algorithm a `SentencePieceVocab` is trained with.

    Example:
        >>> SentencePieceModel.BPE.value
        1
    """

    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerOutType(IntEnum):
    """What `SentencePieceTokenizer` outputs: the pieces (``STRING``) or their ids (``INT``).

    Example:
        >>> SPieceTokenizerOutType.INT.value
        1
    """

    STRING = 0
    INT = 1


class SPieceTokenizerLoadType(IntEnum):
    """Where a tokenizer's model comes from: a model file or a trained vocab.

    Example:
        >>> SPieceTokenizerLoadType.MODEL.value
        1
    """

    FILE = 0
    MODEL = 1


def _train(
    sentences: Iterable[str] | None, files, vocab_size, character_coverage, model_type, params
):
    who = "SentencePieceVocab"
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, (int, np.integer)):
        raise TypeError(f"{who}: `vocab_size` must be an int, got {vocab_size!r}")
    if vocab_size < 1:
        raise ValueError(f"{who}: `vocab_size` must be positive, got {vocab_size}")
    if isinstance(character_coverage, bool) or not isinstance(character_coverage, (int, float)):
        raise TypeError(f"{who}: `character_coverage` must be a number, got {character_coverage!r}")
    if not isinstance(model_type, SentencePieceModel):
        raise TypeError(f"{who}: `model_type` must be a SentencePieceModel, got {model_type!r}")
    if not isinstance(params, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in params.items()
    ):
        raise TypeError(f"{who}: `params` must be a dict of str to str, got {params!r}")
    import sentencepiece

    model = io.BytesIO()
    options = {
        "vocab_size": int(vocab_size),
        "character_coverage": float(character_coverage),
        "model_type": model_type.name.lower(),
        "minloglevel": "2",  # (quiet, as MindSpore's training is)
        **params,
    }
    source = {"input": ",".join(files)} if sentences is None else {"sentence_iterator": sentences}
    try:
        sentencepiece.SentencePieceTrainer.train(model_writer=model, **source, **options)
    except (RuntimeError, OSError, ValueError) as error:
        raise RuntimeError(f"{who}: training failed: {error}") from None
    return SentencePieceVocab(model.getvalue())


class SentencePieceVocab:
    """A trained SentencePiece model (its serialized bytes), made by `from_file` or
    `from_dataset`, saved by `save_model`.

    Args:
        model (bytes): The serialized SentencePiece model.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "corpus.txt")
        >>> _ = open(path, "w").write("hello world\\nhello there\\n" * 4)
        >>> vocab = text.SentencePieceVocab.from_file(
        ...     [path], 20, 1.0, text.SentencePieceModel.CHAR, {})
        >>> text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.STRING)("he").tolist()
        ['▁', 'h', 'e']
    """

    def __init__(self, model: bytes) -> None:
        self.model = model

    @classmethod
    def from_file(
        cls,
        file_path: Sequence[str],
        vocab_size: int,
        character_coverage: float,
        model_type: SentencePieceModel,
        params: Mapping[str, str],
    ) -> SentencePieceVocab:
        """Train on the lines of the text files `file_path` (a list of paths); `params`
        are more SentencePiece training options (str values)."""
        if not isinstance(file_path, list) or not all(isinstance(p, str) for p in file_path):
            raise TypeError(
                f"SentencePieceVocab: `file_path` must be a list of str, got {file_path!r}"
            )
        for path in file_path:
            if not os.path.isfile(path):
                raise RuntimeError(f"SentencePieceVocab: cannot find the file {path!r}")
        return _train(None, file_path, vocab_size, character_coverage, model_type, params)

    @classmethod
    def from_dataset(
        cls,
        dataset,
        col_names: Sequence[str],
        vocab_size: int,
        character_coverage: float,
        model_type: SentencePieceModel,
        params: Mapping[str, str],
    ) -> SentencePieceVocab:
        """Train on the strings of the columns `col_names` of `dataset`."""
        if not isinstance(col_names, list) or not all(isinstance(c, str) for c in col_names):
            raise TypeError(
                f"SentencePieceVocab: `col_names` must be a list of str, got {col_names!r}"
            )
        sentences = []
        for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
            for name in col_names:
                values = np.asarray(row[name]).ravel().tolist()
                sentences += [v.decode() if isinstance(v, bytes) else str(v) for v in values]
        return _train(iter(sentences), None, vocab_size, character_coverage, model_type, params)

    @staticmethod
    def save_model(vocab: SentencePieceVocab, path: str, filename: str) -> None:
        """Write `vocab`'s model to the file `filename` in the folder `path`."""
        if not isinstance(vocab, SentencePieceVocab):
            raise TypeError(
                f"SentencePieceVocab: `vocab` must be a SentencePieceVocab, got {vocab!r}"
            )
        if not os.path.isdir(path):
            raise RuntimeError(f"SentencePieceVocab: {path!r} is not a folder")
        with open(os.path.join(path, filename), "wb") as f:
            f.write(vocab.model)


class SentencePieceTokenizer:
    """Split a string into SentencePiece pieces (or their ids, int32) with a trained
    `SentencePieceVocab` or a model file.

    Args:
        mode (Union[str, SentencePieceVocab]): A model file's path, or a vocab.
        out_type (SPieceTokenizerOutType): Pieces or ids.

    Raises:
        TypeError: an argument is not of its type.
        RuntimeError: (on a call) the model file cannot be read, or the input is not one
            string.

    Example:
        >>> from msfunc.dataset import text
        >>> text.SentencePieceTokenizer("m.model", text.SPieceTokenizerOutType.INT).out_type.name
        'INT'
    """

    def __init__(self, mode: str | SentencePieceVocab, out_type: SPieceTokenizerOutType) -> None:
        if not isinstance(mode, (str, SentencePieceVocab)):
            raise TypeError(
                f"SentencePieceTokenizer: `mode` must be a path or a vocab, got {mode!r}"
            )
        if not isinstance(out_type, SPieceTokenizerOutType):
            raise TypeError(
                "SentencePieceTokenizer: `out_type` must be a SPieceTokenizerOutType, "
                f"got {out_type!r}"
            )
        self.mode, self.out_type = mode, out_type
        self._processor = None

    def _model(self):
        if self._processor is None:
            import sentencepiece

            if isinstance(self.mode, SentencePieceVocab):
                proto = self.mode.model
            else:
                try:
                    with open(self.mode, "rb") as f:
                        proto = f.read()
                except OSError as error:
                    raise RuntimeError(
                        f"SentencePieceTokenizer: cannot read the model: {error}"
                    ) from None
            self._processor = sentencepiece.SentencePieceProcessor(model_proto=proto)
        return self._processor

    def __call__(self, text):
        text = np.asarray(text)
        if text.dtype.kind == "S" and in_pipeline():
            text = np.char.decode(text, "utf-8")
        if text.dtype.kind != "U" or text.ndim != 0:
            raise RuntimeError(
                "SentencePieceTokenizer: the input must be one string, "
                f"got {text.dtype} {text.shape}"
            )
        if self.out_type == SPieceTokenizerOutType.INT:
            return np.array(self._model().encode(str(text)), np.int32)
        return np.array(self._model().encode(str(text), out_type=str), dtype=str)
