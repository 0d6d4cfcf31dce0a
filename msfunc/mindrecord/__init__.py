"""`msfunc.mindrecord`: MindSpore's MindRecord files (`FileWriter`, `FileReader`, `MindPage`,
the `Cifar10ToMR` converter).

Files written here are read by MindSpore's `MindDataset`/`FileReader` and the other
way round: the data file layout and its SQLite ``.db`` index follow MindSpore's
format (see `msfunc.mindrecord._format`), with msgpack and sqlite3 doing the encoding.
"""

from .cifar10_to_mr import Cifar10ToMR
from .exceptions import *  # noqa: F403  (MindSpore's MindRecord exception classes)
from .exceptions import __all__ as _exceptions
from .page import MindPage
from .reader import FileReader
from .writer import FileWriter

__all__ = ["FileWriter", "FileReader", "MindPage", "Cifar10ToMR", *_exceptions]
