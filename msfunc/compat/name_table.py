"""Every public name of MindSpore 2.10 with what msfunc does for it: supported, differs, missing.

The documentation's "Coming from MindSpore" tables are generated from `name_statuses` when
the site is built, so they follow the code: a name is *supported* when the ``mindspore``
alias resolves it to an msfunc object, *differs* when that object carries a note in
`msfunc.compat.checker.DIFFERENCES` (what ``python -m msfunc check`` reports), and
*missing* otherwise, with the reason or the alternative that msfunc's error gives.
"""

import importlib

from ..errors import UnsupportedError
from .alias import MindSporeModule
from .checker import _difference_notes
from .coverage import NAMESPACES, _public
from .unsupported import mindspore_names

__all__ = ["name_statuses", "namespaces"]

_MINT = {
    "mindspore.mint": "msfunc.mint",
    "mindspore.mint.nn": "msfunc.mint.nn",
    "mindspore.mint.nn.functional": "msfunc.mint.nn.functional",
    "mindspore.mint.optim": "msfunc.mint.optim",
}


def namespaces():
    """The MindSpore namespaces the tables cover, in order.

    Example:
        >>> namespaces()[:3]
        ('mindspore', 'mindspore.nn', 'mindspore.ops')
    """
    return tuple(NAMESPACES) + tuple(_MINT)


def _why(message, path, name):
    # the error's text after "mindspore.x.Name is not supported by msfunc yet[: ;]"
    for head in (
        f"{path}.{name} is not supported by msfunc yet",
        f"{path}.{name} is not supported",
    ):
        if message.startswith(head):
            return message[len(head) :].lstrip(":; ") or "not yet"
    return message


def _mint_names(path):
    from ..mint._coverage import reference_names

    module = importlib.import_module(_MINT[path])
    for name in reference_names()[path]:
        try:
            yield name, "ok", getattr(module, name)
        except (AttributeError, UnsupportedError) as exc:
            yield name, "missing", str(exc)


def _module_names(path):
    module = MindSporeModule(path)
    api = set(_public(path, mindspore_names()[path]))
    for name in sorted(n for n in mindspore_names()[path] if n.isidentifier() and n[0] != "_"):
        status, value = module.resolve(name)
        if name not in api and status != "module":
            # a helper the MindSpore module imports from elsewhere (typing, numpy, __future__)
            status, value = "helper", "imported by MindSpore's module from elsewhere; not its API"
        yield name, status, value


def name_statuses(path):
    """``[(name, status, note)]`` for MindSpore 2.10's public names at `path`, sorted.

    status is "supported", "differs" (note: how) or "missing" (note: why, or what to use).

    Example:
        >>> rows = {name: (status, note) for name, status, note in name_statuses("mindspore")}
        >>> rows["grad"][0], rows["Tensor"]
        ('differs', ('supported', ''))
        >>> rows["load_mindir"]
        ('missing', 'alternative: jax.export.deserialize')
    """
    notes = _difference_notes()
    names = _mint_names(path) if path in _MINT else _module_names(path)
    rows = []
    for name, status, value in names:
        if status in ("ok", "module"):
            note = notes.get(id(value)) if status == "ok" else None
            rows.append((name, "differs", note) if note else (name, "supported", ""))
        elif status == "helper":
            rows.append((name, "missing", value))
        else:  # "missing", or "unknown": a re-exported helper MindSpore's module carries
            rows.append((name, "missing", _why(str(value), path, name)))
    return sorted(rows, key=lambda row: row[0].lower())
