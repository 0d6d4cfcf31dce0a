"""Saved graphs: the IR of each program graph mode compiles, written where ``save_graphs`` asks.

MindSpore writes its compiler's IR after each pass when ``set_context(save_graphs=...)`` or the
``MS_DEV_SAVE_GRAPHS`` environment variable asks. msfunc writes its own compiler's stages
under MindSpore's file naming (``NN_<stage>_<counter>.ir``, the counter running over the
process): ``bootstrap`` (the Python source traced), ``type_inference`` (the traced jaxpr,
every value typed), ``validate`` (the StableHLO module handed to XLA; both list the source
locations of the operations, `graph_locations`) and ``backend_pass``
(XLA's optimised HLO). Level 2 adds XLA's HLO after each of its passes
(``hwopt_<pass>_<counter>.ir``); level 3 adds each of those as a Graphviz ``.dot`` file.

The environment variables are read from the process environment, as MindSpore's C++ reads
them (so ``os.unsetenv`` takes effect): ``MS_DEV_SAVE_GRAPHS`` (level), ``_PATH``,
``MS_DEV_DUMP_IR_PASSES`` (comma-separated parts of the file names to keep) and
``MS_DEV_DUMP_IR_INTERVAL`` (keep every n-th file of the counter).
"""

from __future__ import annotations

import ctypes
import inspect
import os
import re
import tempfile
import textwrap
from typing import NamedTuple

from .. import context
from .graph_locations import source_locations

# The process-wide file counter (each file name's last number) and the compiled graphs so far
# (the number in each file's entry line).
_COUNTER = [0]
_GRAPHS = [0]
_XLA_DUMP = re.compile(r"^module_\d+\.[^.]+\.(\d+)\.(.+)\.(txt|dot)$")

try:
    _LIBC = ctypes.CDLL(None)
    _LIBC.getenv.restype = ctypes.c_char_p
    _LIBC.getenv.argtypes = [ctypes.c_char_p]
except (OSError, AttributeError):  # (no C library to ask: Python's copy of the environment)
    _LIBC = None


def process_env(name: str) -> str | None:
    """The process environment's value of `name` (None when unset), as C's ``getenv`` sees it:
    ``os.unsetenv`` removes a variable there while ``os.environ`` keeps its copy.

    Example:
        >>> import os
        >>> os.environ["MSFUNC_DOC_VAR"] = "1"
        >>> os.unsetenv("MSFUNC_DOC_VAR")
        >>> print(process_env("MSFUNC_DOC_VAR"), os.environ["MSFUNC_DOC_VAR"])
        None 1
        >>> del os.environ["MSFUNC_DOC_VAR"]
    """
    if _LIBC is None:
        return os.environ.get(name)
    value = _LIBC.getenv(name.encode())
    return None if value is None else value.decode(errors="replace")


class Settings(NamedTuple):
    """What to save: `level` 1-3, the folder, name parts to keep (empty: all), interval."""

    level: int
    path: str
    passes: tuple[str, ...]
    interval: int


def _int(text, default):
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def settings() -> Settings | None:
    """The save-graphs settings now in force, or None when graphs are not saved; the
    environment variables take precedence over `set_context`'s ``save_graphs`` options.

    Example:
        >>> import msfunc as ms
        >>> ms.set_context(save_graphs=False)
        >>> print(settings())
        None
    """
    env_level = process_env("MS_DEV_SAVE_GRAPHS")
    if env_level is not None:
        level = _int(env_level, 0)
    else:
        level = int(context.get_context("save_graphs") or 0)
    if level <= 0:
        return None
    path = process_env("MS_DEV_SAVE_GRAPHS_PATH") or context.get_context("save_graphs_path")
    passes = tuple(p.strip() for p in (process_env("MS_DEV_DUMP_IR_PASSES") or "").split(","))
    interval = max(_int(process_env("MS_DEV_DUMP_IR_INTERVAL"), 1), 1)
    return Settings(min(level, 3), path, tuple(p for p in passes if p), interval)


class _Writer:
    """Numbers and writes one compile's files, keeping those the settings select."""

    def __init__(self, config, entry):
        self.config = config
        self.entry = entry
        os.makedirs(config.path, exist_ok=True)

    def _kept(self, stem, counter):
        config = self.config
        if (counter + 1) % config.interval:
            return False
        return not config.passes or any(part in stem for part in config.passes)

    def write(self, stem, text, dot=None):
        """`text` as ``<stem>_<counter>.ir`` (and `dot` as ``.dot``), if selected."""
        counter = _COUNTER[0]
        _COUNTER[0] += 1
        if not self._kept(stem, counter):
            return
        name = os.path.join(self.config.path, f"{stem}_{counter:04d}")
        with open(name + ".ir", "w", encoding="utf-8") as out:
            out.write(f"# IR entry: @{self.entry}\n{text}")
        if dot is not None and self.config.level >= 3:
            with open(name + ".dot", "w", encoding="utf-8") as out:
                out.write(dot)


def graph_name(fn) -> str:
    """`fn`'s name in the saved files: module and qualified name, with underscores.

    Example:
        >>> graph_name(graph_name)
        'msfunc_transforms_graph_dump_graph_name'
    """
    module = getattr(fn, "__module__", None) or ""
    qualname = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", "graph")
    return re.sub(r"[^0-9A-Za-z_]", "_", f"{module}_{qualname}")


def _source(fn):
    try:
        return textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):  # (built in, or defined where no source file is)
        return f"# no Python source available for {fn!r}\n"


def dump(config: Settings, fn, program, args) -> None:
    """Write the stages of `program` (a ``jax.jit`` function) compiled for `args`, the
    program that runs `fn`, as `config` selects.

    Example:
        >>> import jax, jax.numpy as jnp, os, tempfile
        >>> folder = tempfile.mkdtemp()
        >>> square = lambda x: x * x
        >>> dump(Settings(1, folder, ("validate",), 1), square, jax.jit(square), (jnp.ones(2),))
        >>> [name.split("_")[1] for name in os.listdir(folder)]
        ['validate']
    """
    _GRAPHS[0] += 1
    fn = inspect.unwrap(fn)  # (a Cell's construct under @jit: the function it compiles)
    writer = _Writer(config, f"{graph_name(fn)}_{_GRAPHS[0]}")
    traced = program.trace(*args)
    writer.write("00_bootstrap", _source(fn))
    where = "\n".join(["", "# Source locations:", *source_locations(traced.jaxpr.jaxpr, fn), ""])
    writer.write("01_type_inference", f"{traced.jaxpr}\n{where}")
    lowered = traced.lower()
    writer.write("02_validate", lowered.as_text() + where)
    if config.level < 2:
        writer.write("03_backend_pass", lowered.compile().as_text())
        return
    with tempfile.TemporaryDirectory() as folder:
        options = {
            "xla_dump_to": folder,
            "xla_dump_hlo_pass_re": ".*",
            "xla_dump_hlo_as_text": True,
            "xla_dump_hlo_as_dot": config.level >= 3,
        }
        compiled = lowered.compile(compiler_options=options)
        writer.write("03_backend_pass", compiled.as_text())
        _write_passes(writer, folder)


def _write_passes(writer, folder):
    """XLA's HLO after each of its passes (``hwopt_...``), with its graph when it drew one."""
    passes = {}
    for name in os.listdir(folder):
        found = _XLA_DUMP.match(name)
        if found:
            step, what, kind = found.groups()
            passes.setdefault((int(step), what), {})[kind] = os.path.join(folder, name)
    for (step, what), files in sorted(passes.items()):
        if "txt" not in files:
            continue
        with open(files["txt"], encoding="utf-8") as text:
            hlo = text.read()
        dot = None
        if "dot" in files:
            with open(files["dot"], encoding="utf-8") as graph:
                dot = graph.read()
        label = re.sub(r"[^0-9A-Za-z_]", "_", what.split(".before_")[0])
        writer.write(f"hwopt_{step:04d}_{label}", hlo, dot)
