"""`LineReader`: random access to the lines of a text file by line number."""

from __future__ import annotations

import os

__all__ = ["LineReader"]

# (characters a file name may not hold, as MindSpore's file checks refuse them)
_FORBIDDEN = set("\\/:*?\"<>|`&';")


class LineReader:
    """Index a text file's lines once, then read any line by its number (from 1), without
    its line break.

    Args:
        filename (str): The text file.

    Raises:
        TypeError: `filename` is not a str.
        ValueError: the file's name holds a character such as ``*`` or ``|``, or starts or
            ends with a space.
        RuntimeError: the file does not exist or is not a regular file.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "lines.txt")
        >>> _ = open(path, "w").write("first\\nsecond\\r\\nthird")
        >>> reader = ds.LineReader(path)
        >>> len(reader), reader.readline(2), reader[3]
        (3, 'second', 'third')
        >>> reader.close()
    """

    def __init__(self, filename: str) -> None:
        if not isinstance(filename, str):
            raise TypeError(f"LineReader: `filename` must be a str, got {filename!r}")
        name = os.path.basename(os.path.realpath(filename))
        if set(name) & _FORBIDDEN or name.startswith(" ") or name.endswith(" "):
            raise ValueError(f"LineReader: the file name {name!r} holds a character not allowed")
        self.filename = os.path.realpath(filename)
        if not os.path.exists(self.filename):
            raise RuntimeError(f"LineReader: {filename!r} does not exist")
        if not os.path.isfile(self.filename):
            raise RuntimeError(f"LineReader: {filename!r} is not a regular file")
        # the byte offset where each line starts (lines end at b"\n")
        self.offsets = []
        with open(self.filename, "rb") as f:
            start = 0
            for raw in f:
                self.offsets.append(start)
                start += len(raw)
        self._handle = None

    def __getitem__(self, line: int) -> str:
        return self.readline(line)

    def __len__(self) -> int:
        return self.len()

    def __del__(self) -> None:
        self.close()

    def len(self) -> int:
        """The number of lines in the file."""
        return len(self.offsets)

    def readline(self, line: int) -> str:
        """Line number `line` (from 1) without its line break.

        Raises:
            TypeError: `line` is not an int.
            ValueError: `line` is not in [1, number of lines].
        """
        if isinstance(line, bool) or not isinstance(line, int):
            raise TypeError(f"LineReader.readline: `line` must be an int, got {line!r}")
        if not 1 <= line <= len(self.offsets):
            raise ValueError(
                f"LineReader.readline: `line` must be in [1, {len(self.offsets)}], got {line}"
            )
        if self._handle is None:
            self._handle = open(self.filename)  # noqa: SIM115 - kept open across reads
        self._handle.seek(self.offsets[line - 1])
        # (a text-mode read: "\r\n" and a lone "\r" end a line as "\n" does)
        return self._handle.readline().rstrip("\n")

    def close(self) -> None:
        """Close the file (it opens again on the next read)."""
        handle = getattr(self, "_handle", None)
        if handle is not None:
            handle.close()
            self._handle = None
