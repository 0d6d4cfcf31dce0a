"""`Cifar10ToMR`: CIFAR-10's python batches into MindRecord files (train and ``_test``), each
image a JPEG encoded as MindSpore's converter encodes it (OpenCV's libjpeg at quality 95, which
Pillow's encoder reproduces byte for byte)."""

from __future__ import annotations

import io
import os
import pickle

import numpy as np

from .exceptions import PathNotExistsError
from .writer import FileWriter, check_file_name

__all__ = ["Cifar10ToMR"]

_SCHEMA = {"id": {"type": "int64"}, "label": {"type": "int64"}, "data": {"type": "bytes"}}


class _ArraysOnly(pickle.Unpickler):
    """Unpickles numpy arrays and plain values only, as MindSpore's reader does: any other
    global makes the file invalid. (numpy 2's module name is taken too: MindSpore's own
    numpy 1 could not have written such a file.)"""

    def find_class(self, module, name):
        if module in ("numpy.core.multiarray", "numpy._core.multiarray") and name == "_reconstruct":
            from numpy._core.multiarray import _reconstruct

            return _reconstruct
        if module == "numpy":
            return getattr(np, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a CIFAR-10 batch")


def _load_batch(path):
    with open(path, "rb") as f:
        raw = f.read()
    try:
        return _ArraysOnly(io.BytesIO(raw), encoding="bytes").load()
    except (pickle.UnpicklingError, UnicodeDecodeError):
        raise RuntimeError(f"{path} is not a CIFAR-10 python batch") from None
    except Exception:
        raise RuntimeError(f"{path} could not be unpickled as a CIFAR-10 python batch") from None


def _jpeg(image):
    """One HWC RGB uint8 image as OpenCV's ``imencode('.jpeg')`` encodes it (quality 95)."""
    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(image, "RGB").save(out, format="JPEG", quality=95)
    return out.getvalue()


class Cifar10ToMR:
    """Convert CIFAR-10's python version (a folder of ``data_batch_*`` and ``test_batch``
    pickles) into two MindRecord files: `destination` (the training images) and
    `destination` + ``_test``, with columns ``id``, ``label`` (int64) and ``data`` (the image
    as JPEG bytes).

    Batches are read in the folder's listing order, as MindSpore reads them.

    Args:
        source (str): The folder of CIFAR-10's python batches.
        destination (str): The MindRecord file to write (its folder must exist).

    Raises:
        ValueError: `source` or `destination` is not a valid path name.
        PathNotExistsError: `source` holds no ``data_batch_*`` or no ``test_batch`` file.

    Example:
        >>> import os, pickle, tempfile, numpy as np
        >>> from msfunc.mindrecord import Cifar10ToMR, FileReader
        >>> folder = tempfile.mkdtemp()
        >>> for name in ("data_batch_1", "test_batch"):
        ...     batch = {b"data": np.zeros((2, 3072), np.uint8), b"labels": [3, 4]}
        ...     with open(os.path.join(folder, name), "wb") as f:
        ...         pickle.dump(batch, f)
        >>> target = os.path.join(folder, "cifar10.mindrecord")
        >>> Cifar10ToMR(folder, target).transform()
        >>> [row["label"] for row in FileReader(target + "_test").get_next()]
        [3, 4]
    """

    def __init__(self, source: str, destination: str) -> None:
        check_file_name(source, "Cifar10ToMR")
        names = os.listdir(source)
        if not any(name.startswith("data_batch_") for name in names):
            raise PathNotExistsError(f"Cifar10ToMR: no data_batch_* file in {source}")
        if not any(name.startswith("test_batch") for name in names):
            raise PathNotExistsError(f"Cifar10ToMR: no test_batch file in {source}")
        check_file_name(destination, "Cifar10ToMR")
        self.source, self.destination = source, destination

    def _load(self):
        train_images, train_labels, test = [], [], None
        for name in os.listdir(self.source):
            path = os.path.join(os.path.realpath(self.source), name)
            if name.startswith("data_batch"):
                batch = _load_batch(path)
                train_images.append(np.asarray(batch[b"data"]).reshape(-1, 3, 32, 32))
                train_labels.append(list(batch[b"labels"]))
            elif name.startswith("test_batch"):
                batch = _load_batch(path)
                test = (np.asarray(batch[b"data"]).reshape(-1, 3, 32, 32), batch[b"labels"])
        if test is None:  # (checked on construction; gone since)
            raise PathNotExistsError(f"Cifar10ToMR: no test_batch file in {self.source}")
        train = (np.concatenate(train_images), np.array(train_labels).reshape(-1))
        return train, (test[0], np.array(test[1]).reshape(-1))

    def transform(self, fields: list[str] | None = None) -> None:
        """Write the two MindRecord files; `fields` (a list of ``id``/``label``) become
        index fields, as `FileWriter.add_index` takes them.

        Raises:
            ValueError: `fields` is given but not a list.
            RuntimeError: a batch is not a CIFAR-10 pickle.
        """
        if fields and not isinstance(fields, list):
            raise ValueError(f"Cifar10ToMR: `fields` must be None or a list, got {fields!r}")
        train, test = self._load()
        for path, (images, labels), desc in (
            (self.destination, train, "img_train"),
            (self.destination + "_test", test, "img_test"),
        ):
            pixels = images.transpose(0, 2, 3, 1).astype(np.uint8)
            rows = [
                {"id": i, "data": _jpeg(image), "label": int(labels[i])}
                for i, image in enumerate(pixels)
            ]
            writer = FileWriter(path, 1)
            writer.add_schema(dict(_SCHEMA), desc)
            if fields and isinstance(fields, list):
                writer.add_index(fields)
            writer.write_raw_data(rows)
            writer.commit()
