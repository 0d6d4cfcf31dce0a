"""msfunc's import graph has no cycle, function-level imports included (read from the source)."""

import ast
import importlib
import pathlib
import subprocess
import sys
import threading

import pytest

import msfunc

ROOT = pathlib.Path(msfunc.__file__).parent


def _module_name(path):
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules():
    return {_module_name(p): p for p in ROOT.rglob("*.py")}


def _resolve(current, is_package, level, name):
    """The absolute module named by a (possibly relative) import inside `current`."""
    if level == 0:
        return name
    base = current.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def import_graph():
    """module -> set of msfunc modules it imports (anywhere in the file)."""
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node.level, node.module or "")
                # `from pkg import mod` imports the module pkg.mod; `from mod import x` imports mod.
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target.startswith("msfunc") and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def find_cycle(graph):
    """One import cycle as a list of modules, or None."""
    state, stack = {}, []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt == "msfunc":
                continue  # the top-level package only re-exports: importing it is not a layer
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if state.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if state.get(node) is None:
            found = visit(node)
            if found:
                return found
    return None


def test_import_graph_has_no_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


# -- layering: no package imports a higher one (function-level imports included) -----------
# msfunc's packages bottom up, as the code imports them (DESIGN.md, "The layers"). A package
# may import its own layer and the ones below; a module new to the table must be placed.
LAYERS = {
    # 0: the state frame, JAX's private API and the trace-position queries, errors, settings
    "_x64": 0,
    "_lazy": 0,
    "_jax_private": 0,
    "_state": 0,
    "_graph_forbidden": 0,  # (context's functions refuse graph mode through it)
    "errors": 0,
    "log": 0,  # (MindSpore's logger: checkpoint loading and the profiler use it)
    "context": 0,
    "device_manager": 0,  # (records the device choice in context's settings)
    # 1: Tensor, Parameter, dtypes, seed, initializers
    "common": 1,
    # 2: services on Tensors that the transforms use (native kernels, device meshes, the
    # datasets data_sink reads, collectives)
    "kernels": 2,
    "parallel": 2,
    "dataset": 2,
    "mindrecord": 2,
    "communication": 2,
    "transforms": 3,
    "ops": 4,
    "numpy": 4,
    "scipy": 4,
    "nn": 5,
    "amp": 6,
    "boost": 6,  # (MindSpore's training helpers: gradient accumulation over nn's optimizers)
    "loss_scaler": 6,
    "mint": 6,
    "experimental": 6,
    "train": 6,
    "rewrite": 6,  # (builds on nn's Cell and ops' Primitive)
    "safeguard": 6,  # (rewrites checkpoints with train's serialization)
    # the MindSpore alias, examples, the command line and the top-level package
    "compat": 7,
    "multiprocessing": 7,  # (carries the MindSpore alias of compat to child processes)
    "examples": 7,
    "profiler": 7,  # (logs through MindSpore's logger, msfunc.log)
    "device_context": 7,  # (checks arguments with compat's MindSpore validators)
    "hal": 7,  # (re-exports compat.runtime's memory queries)
    "utils": 7,  # (logs through MindSpore's logger, msfunc.log)
    "__main__": 7,
    "msfunc": 7,
}

# (importer, imported) module pairs allowed to break the layering for now, with the reason.
LAYERING_EXCEPTIONS = {
    # MindSpore's Philox generator sits in ops (the samplers' home); initializers draw from it.
    ("msfunc.common.init_streams", "msfunc.ops.philox"): "initializers -> Philox streams",
    # set_seed also seeds the dataset pipeline, as MindSpore's does (imported on call).
    ("msfunc.common.seed", "msfunc.dataset.config"): "set_seed -> the dataset seed",
    # WaitedDSCallback is a training Callback as well as a dataset one, as in MindSpore.
    ("msfunc.dataset.callback", "msfunc.train.callback._callback"): "WaitedDSCallback",
    # Tensor.register_hook reuses the HookBackward identity of ops (imported on call).
    ("msfunc.common.tensor_hooks", "msfunc.ops.hooks"): "Tensor hooks -> HookBackward",
    # mint's registry decorators reuse the constexpr of the MindSpore alias.
    ("msfunc.mint._composed", "msfunc.compat.constexpr"): "mint -> compat's constexpr",
    # Tensor methods whose MindSpore form differs from the op build on ops (imported on first
    # call); the methods that are plain twins are installed by msfunc.ops from its registry.
    ("msfunc.common.tensor_methods_cast", "msfunc.ops"): "Tensor methods -> ops",
    ("msfunc.common.tensor_methods_index", "msfunc.ops"): "Tensor methods -> ops",
    ("msfunc.common.tensor_methods_reduce", "msfunc.ops"): "Tensor methods -> ops",
    ("msfunc.common.tensor_methods_shape", "msfunc.ops"): "Tensor methods -> ops",
    # graph_flags (jit's MindSpore options: JitConfig, syntax levels) imports only context:
    # it belongs under transforms/ and moves there with the rewrite of jit_compile.
    ("msfunc.transforms.jit_api", "msfunc.compat.graph_flags"): "jit options",
    ("msfunc.nn.cell", "msfunc.compat.graph_flags"): "jit options",
}


def package_of(module):
    """The layer-table key of an msfunc module: its top-level package or module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "msfunc"


def layer_violations(graph, layers):
    """(importer, imported) pairs where a module imports a module of a higher layer."""
    return sorted(
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if layers[package_of(target)] > layers[package_of(module)]
    )


def test_every_package_has_a_layer():
    unplaced = {package_of(m) for m in import_graph()} - set(LAYERS)
    assert not unplaced, f"place these in LAYERS: {sorted(unplaced)}"


def test_no_package_imports_a_higher_layer():
    found = layer_violations(import_graph(), LAYERS)
    new = [pair for pair in found if pair not in LAYERING_EXCEPTIONS]
    assert not new, "imports of a higher layer: " + ", ".join(f"{a} -> {b}" for a, b in new)
    stale = set(LAYERING_EXCEPTIONS) - set(found)
    assert not stale, f"drop these from LAYERING_EXCEPTIONS, they are gone: {sorted(stale)}"


def test_the_layer_check_finds_an_upward_import():
    graph = {"msfunc.common.a": {"msfunc.nn.b"}, "msfunc.nn.b": {"msfunc.common.a"}}
    assert layer_violations(graph, LAYERS) == [("msfunc.common.a", "msfunc.nn.b")]


# -- JAX's private API has one home --------------------------------------------------------
JAX_PRIVATE_HOME = "msfunc._jax_private"
# Modules still importing jax._src themselves until they move to msfunc._jax_private
# (temporary: empty this set, then delete it).
JAX_PRIVATE_PENDING = set()


def imports_jax_private(path):
    """Whether the source at `path` imports ``jax._src`` anywhere (functions included)."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        if any(name == "jax._src" or name.startswith("jax._src.") for name in names):
            return True
    return False


def test_only_one_module_imports_jax_src():
    users = {name for name, path in _modules().items() if imports_jax_private(path)}
    assert users - JAX_PRIVATE_PENDING == {JAX_PRIVATE_HOME}
    stale = JAX_PRIVATE_PENDING - users
    assert not stale, f"drop these from JAX_PRIVATE_PENDING, they moved: {sorted(stale)}"


def test_the_jax_src_check_finds_each_spelling(tmp_path):
    for source, expected in [
        ("from jax._src import core", True),
        ("import jax._src.core as c", True),
        ("def f():\n    from jax._src.array import ArrayImpl", True),
        ("from jax import numpy", False),
    ]:
        path = tmp_path / "m.py"
        path.write_text(source)
        assert imports_jax_private(path) is expected, source


# -- import msfunc stays cheap -------------------------------------------------------------
# Libraries msfunc uses in a few functions only: imported there, on first use (together they
# once doubled msfunc's own import time). benchmarks/ times the import against `import jax`.
ON_FIRST_USE = (
    "scipy.special",
    "optax",
    "malt",
    "google.protobuf",
    "jax.extend",
    "msfunc.numpy",
    "msfunc.scipy",
    "msfunc.ops.primitive_docs",  # the generated primitive classes' docstrings
    "msfunc.kernels",  # native and small-system kernels, jitted at import
    # msfunc's own names read from their modules on first use (msfunc._lazy)
    "msfunc.ops.primitive_tables",
    "msfunc.nn.layer.basic",
    "msfunc.nn.optim",
    "msfunc.train.model",
)


def test_import_msfunc_leaves_the_first_use_imports_for_later():
    code = (
        "import gc, sys\n"
        "gc.freeze()\n"  # a program's frozen objects stay frozen (msfunc thaws none)
        "import msfunc\n"
        "from msfunc.ops import primitives\n"
        f"print([m for m in {ON_FIRST_USE!r} if m in sys.modules])\n"
        "print([n for n in primitives.GENERATED if n in vars(primitives)])\n"
        "print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "print(msfunc.numpy.__name__, msfunc.scipy.__name__, 'scipy' in dir(msfunc))\n"
        "print(msfunc.ops.Add is primitives.Add, 'Add' in dir(msfunc.ops))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT.parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert run.stdout.split("\n")[:5] == [
        "[]",
        "[]",
        "True True",
        "msfunc.numpy msfunc.scipy True",
        "True True",
    ], run.stdout


def test_a_name_two_threads_read_at_once_is_one_object_for_both():
    from msfunc._lazy import on_first_read

    namespace = {"__name__": "demo"}
    both_loading = threading.Barrier(2, timeout=30)

    def load(name):
        both_loading.wait()  # each thread makes its own object
        return object()

    getattr_, _ = on_first_read(namespace, {"x"}, load)
    got = []
    threads = [threading.Thread(target=lambda: got.append(getattr_("x"))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 2 and got[0] is got[1] is namespace["x"]


# Packages that read their names from their modules on first use (msfunc._lazy.reexport): the
# table of homes (`_HOMES`, per module `_MODULES`) must list each module's public names.
REEXPORTING = ("msfunc", "msfunc.nn", "msfunc.nn.layer", "msfunc.nn.loss", "msfunc.train")


@pytest.mark.parametrize("name", REEXPORTING)
def test_names_read_on_first_use_come_from_their_homes(name):
    package = importlib.import_module(name)
    for attr in package.__all__ if hasattr(package, "__all__") else dir(package):
        assert getattr(package, attr) is not None, attr  # each listed name can be read
    homes = getattr(package, "_HOMES", {})
    for attr, home in homes.items():
        assert getattr(package, attr) is getattr(importlib.import_module(home, name), attr)
    for module, names in getattr(package, "_MODULES", {}).items():
        assert tuple(importlib.import_module(f"{name}.{module}").__all__) == names, module


# -- one boundary between Tensors and arrays --------------------------------------------------
# Tensors become arrays through common.tensor.unwrap and arrays Tensors through
# common.tensor.wrap; the converters these two replaced must not come back under their names.
RETIRED_CONVERTERS = {
    "wrap_tree",
    "unwrap_tree",
    "unwrap_containers",
    "unwrap_args",
    "unwrap_seq",
    "unwrap_index",
    "_unwrap_arg",
    "arr",
    "raw",
}
CONVERTER_NAMES = RETIRED_CONVERTERS | {"wrap", "unwrap"}
# numpy.unwrap is mindspore.numpy's phase unwrapping, not a converter.
CONVERTER_HOMES = {"msfunc.common.tensor", "msfunc.numpy.calculus"}


def converter_misuse(name, path):
    """The module-level converter definitions outside their home, and the uses of retired
    names, in the source at `path`."""
    found = []
    tree = ast.parse(path.read_text(), str(path))
    for node in tree.body:
        if (
            isinstance(node, ast.FunctionDef)
            and node.name in CONVERTER_NAMES
            and name not in CONVERTER_HOMES
        ):
            found.append(f"{name} defines {node.name}")
    for node in ast.walk(tree):
        used = (
            node.id
            if isinstance(node, ast.Name)
            else node.attr
            if isinstance(node, ast.Attribute)
            else None
        )
        if used in RETIRED_CONVERTERS - {"arr", "raw"}:
            found.append(f"{name}:{node.lineno} uses {used}")
    return found


def test_tensors_and_arrays_convert_in_one_place():
    found = [f for name, path in _modules().items() for f in converter_misuse(name, path)]
    assert not found, found


def test_the_converter_check_finds_a_stray_converter(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("from x import wrap_tree\n\ndef unwrap(t):\n    return wrap_tree(t)\n")
    assert converter_misuse("msfunc.ops.m", path) == [
        "msfunc.ops.m defines unwrap",
        "msfunc.ops.m:4 uses wrap_tree",
    ]
    assert converter_misuse("msfunc.common.tensor", tmp_path / "m.py") == [
        "msfunc.common.tensor:4 uses wrap_tree"
    ]
