"""Shared test set-up: each test starts in PYNATIVE_MODE with a fixed seed."""

import pytest

import msfunc as ms


@pytest.fixture(autouse=True)
def _fresh_context():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)
