"""What msfunc answers for a MindSpore name it does not provide: a clear UnsupportedError.

`mindspore_names()` holds the public names real MindSpore 2.10 has at each module path
(recorded by tests/oracle/gen_mindspore_names.py); `ALTERNATIVES` says what to use
instead where msfunc has another way. `MissingName` stands in for such a name when a
``from mindspore.x import Name`` statement asks for it, so the import succeeds and the
UnsupportedError comes where the name is used (called, subclassed, read).
"""

import functools
import json
import pathlib

from ..errors import UnsupportedError

__all__ = [
    "ALTERNATIVES",
    "MissingName",
    "mindspore_names",
    "missing_attribute",
    "unsupported_message",
]

# Where msfunc has another way to do what a missing MindSpore name does.
ALTERNATIVES = {
    "Model": "write the training step with msfunc.value_and_grad and msfunc.jit "
    "(docs/getting-started.md: 'The fusion paradigm in 15 lines'), or nn.TrainOneStepCell",
    "LossMonitor": "print the loss returned by your train step",
    "TimeMonitor": "time your train step with time.perf_counter",
    "export": "jax.export on a msfunc.jit-compiled function",
    "load": "jax.export.deserialize",
    "load_mindir": "jax.export.deserialize",
    "GraphCell": "jax.export.deserialize(...).call",
    "ms_function": "msfunc.jit",
    "ms_class": "msfunc.jit on the methods",
    "set_auto_parallel_context": "jax.sharding (msfunc runs data-parallel through JAX)",
    "build_train_network": "nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)",
    "DynamicLossScaleManager": "train in float32 (loss scaling is not needed on CPU/GPU/TPU)",
    "FixedLossScaleManager": "train in float32 (loss scaling is not needed on CPU/GPU/TPU)",
}

_NAMES_FILE = pathlib.Path(__file__).with_name("mindspore_names.json")

# Private MindSpore names that scripts and MindSpore's own tests reach for (the recorded
# lists hold public names only).
PRIVATE_NAMES = {
    "mindspore": ("_no_grad",),
    "mindspore.common.api": (
        "_CellGraphExecutor",
        "_JitExecutor",
        "_cell_graph_executor",
        "_pynative_executor",
    ),
}


@functools.cache
def mindspore_names():
    """{module path: frozenset of public names} of real MindSpore 2.10.

    Example:
        >>> from msfunc.compat.unsupported import mindspore_names
        >>> "Dense" in mindspore_names()["mindspore.nn"]
        True
    """
    with open(_NAMES_FILE, encoding="utf-8") as f:
        recorded = json.load(f)
    return {
        path: frozenset(names) | frozenset(PRIVATE_NAMES.get(path, ()))
        for path, names in recorded.items()
    }


def unsupported_message(path, name, reason=None):
    """The message of the UnsupportedError for ``path.name``.

    Example:
        >>> from msfunc.compat.unsupported import unsupported_message
        >>> unsupported_message("mindspore.train", "Model").split(";")[0]
        'mindspore.train.Model is not supported by msfunc yet'
    """
    message = f"{path}.{name} is not supported by msfunc yet"
    if reason:
        message += f": {reason}"
    alternative = ALTERNATIVES.get(name)
    if alternative and (not reason or alternative not in reason):
        message += f"; alternative: {alternative}"
    return message


class MissingName:
    """Stands in for a MindSpore name msfunc lacks; using it raises UnsupportedError.

    Example:
        >>> from msfunc.compat.unsupported import MissingName
        >>> Model = MissingName("mindspore.train", "Model")
        >>> try:
        ...     Model(None)
        ... except NotImplementedError as err:
        ...     print(str(err).split(";")[0])
        mindspore.train.Model is not supported by msfunc yet
    """

    def __init__(self, path, name, reason=None, message=None):
        message = message or unsupported_message(path, name, reason)
        object.__setattr__(self, "_message", message)
        object.__setattr__(self, "__name__", name)
        object.__setattr__(self, "__qualname__", name)
        object.__setattr__(self, "__module__", path)

    def _fail(self, *args, **kwargs):
        raise UnsupportedError(self._message)

    __call__ = _fail
    __mro_entries__ = _fail  # class Net(MissingName): ...
    __instancecheck__ = _fail
    __subclasscheck__ = _fail
    __getitem__ = _fail
    __iter__ = _fail

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)  # keep copy/pickle/inspect probes quiet
        raise UnsupportedError(self._message)

    def __setattr__(self, attr, value):
        raise UnsupportedError(self._message)

    def __repr__(self):
        return f"<unsupported {self.__module__}.{self.__name__}>"


def missing_attribute(package, name):
    """A module ``__getattr__`` body: import submodule `name`, else raise for the missing name.

    `package` is a msfunc package whose MindSpore twin is ``mindspore`` + the rest of
    its dotted name. A MindSpore name raises UnsupportedError, any other AttributeError.

    Example:
        >>> from msfunc.compat.unsupported import missing_attribute
        >>> try:
        ...     missing_attribute("msfunc", "Model")
        ... except NotImplementedError as err:
        ...     print(str(err).split(";")[0])
        msfunc.Model is not supported by msfunc yet
    """
    import importlib

    if not name.isidentifier():
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{name}":
            raise
    path = "mindspore" + package[len("msfunc") :]
    if name in mindspore_names().get(path, ()):
        raise UnsupportedError(unsupported_message(package, name))
    raise AttributeError(f"module {package!r} has no attribute {name!r}")
