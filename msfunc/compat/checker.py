"""Read MindSpore scripts without running them; list the names msfunc lacks or treats differently.

The script's ``import mindspore...`` statements are followed through the AST: every
name read from a ``mindspore`` module (``ms.nn.Conv3d``, ``from mindspore.train import
Model``, ``P.AllReduce()``) is looked up in msfunc's module tree. Each finding carries
file:line. Names are resolved the way the ``mindspore`` alias resolves them at run time.
"""

import ast
import dataclasses
import importlib

from .alias import MindSporeModule
from .module_tree import MODULE_TREE

__all__ = ["DIFFERENCES", "RUNTIME_FAILURES", "Finding", "check_file", "check_source"]

# msfunc objects that behave deliberately differently from MindSpore (README lists them).
DIFFERENCES = {
    "msfunc.grad": "when every grad_position holds a Python float, the floats are "
    "differentiated (MindSpore returns ())",
    "msfunc.value_and_grad": "when every grad_position holds a Python float, the floats are "
    "differentiated (MindSpore returns ())",
    "msfunc.vmap": "random ops draw different numbers per batch element; writing a "
    "Parameter shared by the batch raises ValueError",
    "msfunc.ops.max": "without an axis, the index is the flattened argmax (MindSpore: 0)",
    "msfunc.ops.min": "without an axis, the index is the flattened argmin (MindSpore: 0)",
    "msfunc.numpy.mean": "the mean of ints is float32 (MindSpore truncates to the int dtype)",
    "msfunc.numpy.unique": "values are sorted (MindSpore 2.10: first-seen order)",
    "msfunc.ops.normal": "samples in float64 when its parameters are float64 (MindSpore: float32)",
    "msfunc.ops.laplace": "samples in float64 when its parameters are float64 (MindSpore: float32)",
    "msfunc.ops.gamma": "samples in float64 when its parameters are float64 (MindSpore: float32)",
    "msfunc.nn.AdaFactor": "parameter groups' own learning rates are used (MindSpore 2.10 fails "
    "at run time there)",
    "msfunc.nn.Momentum": "use_nesterov=True is Nesterov momentum (MindSpore 2.10's CPU kernel "
    "ignores the flag)",
    "msfunc.nn.FTRL": "shrinks by sign(linear) * l1, as documented (MindSpore 2.10's CPU kernel "
    "by l1 whatever the sign)",
    "msfunc.nn.BCELoss": "a per-class weight of shape (C,) broadcasts over the batch (MindSpore "
    "2.10's CPU kernel weights only the first row)",
    "msfunc.nn.MultiheadAttention": "a float attn_mask and a boolean key_padding_mask are added "
    "together, as torch does (MindSpore 2.10 mis-combines them)",
    "msfunc.nn.InstanceNorm1d": "moving_mean/moving_variance are kept for checkpoints but never "
    "updated",
    "msfunc.nn.InstanceNorm2d": "moving_mean/moving_variance are kept for checkpoints but never "
    "updated",
    "msfunc.nn.InstanceNorm3d": "moving_mean/moving_variance are kept for checkpoints but never "
    "updated",
    "msfunc.save_checkpoint": "a zero-size tensor is kept (MindSpore 2.10 drops it on save)",
    "msfunc.load_checkpoint": "crc_check=True on a file saved without a CRC warns (MindSpore is "
    "silent)",
    "msfunc.data_sink": "called inside msfunc.jit it raises ValueError (it takes its batches in "
    "Python on every call)",
    "msfunc.export": "writes serialized StableHLO (file_format='STABLEHLO', or 'MINDIR' into "
    "a .mindir file only msfunc reads); 'AIR' and 'ONNX' raise ValueError",
}


@dataclasses.dataclass(frozen=True)
class Finding:
    """One finding: kind is 'missing', 'unknown', 'module', 'difference' or 'fails' (a call
    that raises at run time, such as ``export(..., file_format="ONNX")``)."""

    file: str
    line: int
    name: str
    kind: str
    message: str

    def __str__(self):
        return f"{self.file}:{self.line}: {self.kind}: {self.name}: {self.message}"


# Arguments that msfunc rejects at run time: (msfunc object, keyword) -> {value: why}.
RUNTIME_FAILURES = {
    ("msfunc.export", "file_format"): {
        fmt: f"file_format={fmt!r} raises ValueError at run time: msfunc writes "
        "file_format='STABLEHLO' or 'MINDIR' (serialized StableHLO; ms.load reads it back)"
        for fmt in ("AIR", "ONNX")
    },
}


def _object(dotted):
    module, _, attr = dotted.rpartition(".")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None


def _difference_notes():
    notes = {}
    for dotted, note in DIFFERENCES.items():
        module, _, attr = dotted.rpartition(".")
        try:
            notes[id(getattr(importlib.import_module(module), attr))] = note
        except (ImportError, AttributeError):
            continue
    return notes


class _Visitor(ast.NodeVisitor):
    def __init__(self, filename):
        self.filename = filename
        self.bound = {}  # local name -> mindspore module path
        self.findings = []
        self.modules = {}
        self.notes = _difference_notes()
        self.noted = set()
        self.objects = {}  # local name -> msfunc object, from ``from mindspore... import``
        self.failures = {
            (id(_object(dotted)), keyword): values
            for (dotted, keyword), values in RUNTIME_FAILURES.items()
        }

    def _module(self, path):
        if path not in self.modules:
            self.modules[path] = MindSporeModule(path)
        return self.modules[path]

    def _report(self, node, name, kind, message):
        self.findings.append(Finding(self.filename, node.lineno, name, kind, message))

    def _check_module_path(self, node, path):
        if path not in MODULE_TREE:
            self._report(node, path, "module", "msfunc does not provide this MindSpore module")
            return False
        return True

    def _check_name(self, node, path, name):
        """Report `path.name`; return the module path it names, if it is one."""
        status, value = self._module(path).resolve(name)
        full = f"{path}.{name}"
        if status == "module":
            return value
        if status in ("missing", "unknown"):
            self._report(node, full, status, value)
        elif id(value) in self.notes and id(value) not in self.noted:
            self.noted.add(id(value))  # a difference is worth saying once per file
            self._report(node, full, "difference", self.notes[id(value)])
        return None

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name != "mindspore" and not alias.name.startswith("mindspore."):
                continue
            if not self._check_module_path(node, alias.name):
                continue
            if alias.asname:
                self.bound[alias.asname] = alias.name
            else:
                self.bound["mindspore"] = "mindspore"

    def visit_ImportFrom(self, node):
        module = node.module or ""
        if node.level or (module != "mindspore" and not module.startswith("mindspore.")):
            return
        if not self._check_module_path(node, module):
            return
        for alias in node.names:
            if alias.name == "*":
                continue
            child = self._check_name(node, module, alias.name)
            if child:
                self.bound[alias.asname or alias.name] = child
            else:
                status, value = self._module(module).resolve(alias.name)
                if status == "ok":
                    self.objects[alias.asname or alias.name] = value

    def _resolve(self, node):
        """The msfunc object a MindSpore expression (``ms.export``, ``export``) names, or None."""
        chain = []
        while isinstance(node, ast.Attribute):
            chain.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        if not chain:
            return self.objects.get(node.id)
        path = self.bound.get(node.id)
        for attr in reversed(chain):
            if path is None:
                return None
            status, value = self._module(path).resolve(attr)
            if status != "module":
                return value if status == "ok" and attr is chain[0] else None
            path = value
        return None

    def visit_Call(self, node):
        target = self._resolve(node.func)
        if target is not None:
            for keyword in node.keywords:
                why = self.failures.get((id(target), keyword.arg), {})
                value = keyword.value
                if (
                    isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value.upper() in why
                ):
                    self._report(
                        node, f"{keyword.arg}={value.value!r}", "fails", why[value.value.upper()]
                    )
        self.generic_visit(node)

    def visit_Attribute(self, node):
        chain, base = [], node
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if isinstance(base, ast.Name) and base.id in self.bound:
            path = self.bound[base.id]
            for attr in reversed(chain):
                path = self._check_name(node, path, attr)
                if path is None:
                    break
            return  # the chain is resolved as a whole; do not visit its inner Attributes
        self.generic_visit(node)


def check_source(source, filename="<string>"):
    """Findings for a script's source text, sorted by line.

    Example:
        >>> src = "import mindspore as ms\\nnet = ms.nn.Conv2dThor(1, 1, 3)\\n"
        >>> [(f.line, f.name, f.kind) for f in check_source(src)]
        [(2, 'mindspore.nn.Conv2dThor', 'missing')]
        >>> src = "import mindspore as ms\\nms.export(n, x, file_name='n', file_format='AIR')\\n"
        >>> [(f.line, f.name, f.kind) for f in check_source(src)]
        [(2, "file_format='AIR'", 'fails'), (2, 'mindspore.export', 'difference')]
    """
    tree = ast.parse(source, filename)
    visitor = _Visitor(filename)
    visitor.visit(tree)
    return sorted(visitor.findings, key=lambda f: (f.line, f.name))


def check_file(path):
    """Findings for the script at `path` (see `check_source`).

    Example:
        >>> import tempfile, os
        >>> with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        ...     _ = f.write("from mindspore import nn\\nnn.Dense(2, 3)\\n")
        >>> check_file(f.name)
        []
        >>> os.remove(f.name)
    """
    with open(path, encoding="utf-8") as f:
        return check_source(f.read(), str(path))
