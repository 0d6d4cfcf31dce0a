"""Every public function and class a user imports from msfunc is documented and annotated.

The reference pages are built from docstrings (mkdocstrings), so a name is documented when its
docstring has a summary, an ``Args:`` entry for each named parameter (a class: its
constructor's), ``Returns:`` for a function, and an example that runs (``>>>``, not all of it
``+SKIP``); test_doctests.py runs the examples. Annotated means every named parameter and a
function's return carry a type annotation, so pyright and an IDE see the API's types.

There is no allow-list: a new public name comes documented and annotated.
"""

import importlib
import inspect

import pytest

NAMESPACES = (
    "msfunc",
    "msfunc.ops",
    "msfunc.nn",
    "msfunc.numpy",
    "msfunc.scipy.linalg",
    "msfunc.scipy.special",
    "msfunc.scipy.optimize",
    "msfunc.scipy.fft",
    "msfunc.scipy.integrate",
    "msfunc.scipy.sparse",
    "msfunc.mint",
    "msfunc.mint.nn",
    "msfunc.mint.nn.functional",
    "msfunc.mint.optim",
    "msfunc.experimental.optim",
    "msfunc.experimental.optim.lr_scheduler",
    "msfunc.dataset",
    "msfunc.dataset.transforms",
    "msfunc.dataset.vision",
    "msfunc.dataset.text",
    "msfunc.train",
    "msfunc.amp",
    "msfunc.communication",
    "msfunc.mindrecord",
)


def _public_objects():
    """Each public function or class defined in msfunc, once, keyed by where it is defined."""
    found = {}
    for namespace in NAMESPACES:
        module = importlib.import_module(namespace)
        names = getattr(module, "__all__", None) or [
            n for n in dir(module) if not n.startswith("_")
        ]
        for name in names:
            obj = getattr(module, name, None)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            if not getattr(obj, "__module__", "").startswith("msfunc"):
                continue  # re-exported from jax/numpy: documented there
            found.setdefault(f"{obj.__module__}.{obj.__qualname__}", obj)
    return found


def _signature(obj):
    target = obj
    if inspect.isclass(obj):
        if "__init__" not in {k for c in obj.__mro__[:-1] for k in vars(c)}:
            return None  # object's constructor: nothing to document
        target = obj.__init__
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    params = [
        p
        for p in sig.parameters.values()
        if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    return sig, params


def _documented(obj):
    doc = inspect.getdoc(obj) or ""
    lines = doc.splitlines()
    if not lines or not lines[0].strip():
        return False
    examples = [ln for ln in lines if ln.lstrip().startswith(">>>")]
    if not examples or all("+SKIP" in ln for ln in examples):
        return False
    found = _signature(obj)
    if found is None:
        return True
    _, params = found
    if params and "Args:" not in doc:
        return False
    if any(f"{p.name} (" not in doc and f"{p.name}:" not in doc for p in params):
        return False
    return inspect.isclass(obj) or "Returns:" in doc or "Yields:" in doc


def _annotated(obj):
    found = _signature(obj)
    if found is None:
        return True
    sig, params = found
    if any(p.annotation is inspect.Parameter.empty for p in params):
        return False
    return inspect.isclass(obj) or sig.return_annotation is not inspect.Signature.empty


CHECKS = {"documented": _documented, "annotated": _annotated}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_public_api(check):
    objects = _public_objects()
    assert sorted(key for key, obj in objects.items() if not CHECKS[check](obj)) == []


def test_the_walk_sees_the_api():
    objects = _public_objects()
    for key in (
        "msfunc.ops.func_linalg.matmul",
        "msfunc.nn.layer.basic.Dense",
        "msfunc.numpy.ufuncs.abs",
        "msfunc.ops.primitives.ReLU",
    ):
        assert key in objects
    assert _documented(objects["msfunc.ops.func_linalg.matmul"])


def _sample(x: int, scale: float = 1.0) -> int:
    """Scale x.

    Args:
        x (int): the value.
        scale (float): the factor.

    Returns:
        int: the product.

    Example:
        >>> _sample(2)
        2
    """
    return int(x * scale)


def test_the_checks_can_fail():
    assert _documented(_sample) and _annotated(_sample)
    bare = _sample.__doc__
    _sample.__doc__ = bare.replace("        scale (float): the factor.\n", "")
    assert not _documented(_sample)
    _sample.__doc__ = bare.replace(">>> _sample(2)", ">>> _sample(2)  # doctest: +SKIP")
    assert not _documented(_sample)
    _sample.__doc__ = bare
    del _sample.__annotations__["return"]
    assert not _annotated(_sample)


def test_primitive_docs_name_real_primitives():
    from msfunc.ops.primitive_docs import DOCS
    from msfunc.ops.primitive_tables import TABLE

    assert sorted(set(DOCS) - {row[0] for row in TABLE}) == []
