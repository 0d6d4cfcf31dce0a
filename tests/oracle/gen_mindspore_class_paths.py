"""Record where MindSpore defines the classes programs print the type of.

Writes msfunc/compat/mindspore_class_paths.json: {"MnistDataset":
"mindspore.dataset.engine.datasets_vision.MnistDataset", "Tensor": ...}, the module and
name Python shows for ``type(x)`` in MindSpore 2.10, for its Tensor classes and every
Dataset class of ``mindspore.dataset``. Under the ``mindspore`` alias msfunc's classes of
the same name print that path (`msfunc.common.shown_type`).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mindspore_class_paths
"""

import json
import os
import pathlib

import mindspore
import mindspore.dataset as ds
import mindspore.dataset.engine.datasets as engine_datasets

ROOT = pathlib.Path(__file__).resolve().parents[2]
TENSOR_CLASSES = ("Tensor", "Parameter", "COOTensor", "CSRTensor", "RowTensor")

paths = {}
for name in TENSOR_CLASSES:
    cls = getattr(mindspore, name)
    paths[name] = f"{cls.__module__}.{cls.__qualname__}"
for module in (ds, engine_datasets):
    for name in dir(module):
        cls = getattr(module, name)
        if isinstance(cls, type) and issubclass(cls, ds.Dataset) and not name.startswith("_"):
            paths[name] = f"{cls.__module__}.{cls.__qualname__}"
out = ROOT / "msfunc/compat/mindspore_class_paths.json"
tmp = out.with_suffix(".tmp")
tmp.write_text(json.dumps(paths, indent=0, sort_keys=True) + "\n")
os.replace(tmp, out)
print(f"{len(paths)} classes -> {out}")
