"""mindspore.common.file_system's registration helpers (the basic back end; no MindIO)."""

import os

from msfunc.compat.file_system import (
    FileSystem,
    _register_basic_file_system,
    _register_mindio_file_system,
)


def test_basic_registration_gives_open_and_keeps_the_backend_name(tmp_path):
    fs = FileSystem()
    fs.create = fs.open = None
    fs.backend = "other"
    assert _register_basic_file_system(fs) is True
    assert (fs.create, fs.create_args, fs.open, fs.open_args) == (open, ("ab",), open, ("rb",))
    assert fs.backend == "other"
    path = os.path.join(tmp_path, "f.bin")
    for chunk in (b"ab", b"cd"):  # create appends
        with fs.create(path, *fs.create_args) as f:
            f.write(chunk)
    with fs.open(path, *fs.open_args) as f:
        assert f.read() == b"abcd"


def test_mindio_registration_refuses_and_changes_nothing():
    fs = FileSystem()
    before = dict(vars(fs))
    assert _register_mindio_file_system(fs) is False
    assert vars(fs) == before
