"""The ``AotExtra`` object MindSpore's AOT kernels read their attributes from, built by msfunc.

A kernel compiled against MindSpore's ``custom_aot_extra.h`` receives a pointer to an
``AotExtra`` as its last argument and may export ``<name>Init`` (which reads attributes with
``extra->Attr<T>(name)``, asks for workspace buffers and keeps kernel data) and
``<name>InferShape`` (the output shape). `_SHIM` implements that class with the same object
layout (vtable order, then the workspace vector and the kernel-data pointer) and plain C
entry points; it is compiled with g++ on first use.

Example:
    >>> extra = AotExtra({"scale": ("float", 0.5), "pads": ("listFloat", [1.0, 2.0])})
    >>> extra.workspace_sizes()
    []
    >>> extra.close()
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import subprocess
import tempfile
from typing import Any

__all__ = ["ABI_FLAGS", "AotExtra", "attributes", "infer_shape"]

# MindSpore compiles kernel sources with libstdc++'s pre-C++11 string layout, so kernels built
# for it pass such strings (AotExtra's attribute names): msfunc builds with the same layout
ABI_FLAGS = ("-D_GLIBCXX_USE_CXX11_ABI=0",)

_SHIM = r"""
#include <cstdint>
#include <map>
#include <string>
#include <vector>

class KernelData {
 public:
  virtual ~KernelData() = default;
};

// Same virtual functions in the same order, and the same data members, as the AotExtra
// class kernels compile against: the kernel's inline code reads the members directly.
class ExtraLayout {
 public:
  virtual ~ExtraLayout() = default;
  virtual bool HasAttr(std::string name) = 0;
  virtual bool GetAttrBool(std::string name) = 0;
  virtual int64_t GetAttrInt(std::string name) = 0;
  virtual float GetAttrFloat(std::string name) = 0;
  virtual std::string GetAttrStr(std::string name) = 0;
  virtual std::vector<int64_t> GetAttrIntVec(std::string name) = 0;
  virtual std::vector<float> GetAttrFloatVec(std::string name) = 0;
  virtual std::vector<std::vector<int64_t>> GetAttrInt2DVec(std::string name) = 0;
  virtual std::vector<std::vector<float>> GetAttrFloat2DVec(std::string name) = 0;
  std::vector<size_t> workspace;
  KernelData *kernel_data{nullptr};
};

class Extra : public ExtraLayout {
 public:
  std::map<std::string, std::vector<std::vector<double>>> numbers;
  std::map<std::string, std::string> strings;
  bool HasAttr(std::string name) override { return numbers.count(name) || strings.count(name); }
  bool GetAttrBool(std::string name) override { return First(name) != 0; }
  int64_t GetAttrInt(std::string name) override { return static_cast<int64_t>(First(name)); }
  float GetAttrFloat(std::string name) override { return static_cast<float>(First(name)); }
  std::string GetAttrStr(std::string name) override { return strings[name]; }
  std::vector<int64_t> GetAttrIntVec(std::string name) override {
    return Cast<int64_t>(Row(name));
  }
  std::vector<float> GetAttrFloatVec(std::string name) override { return Cast<float>(Row(name)); }
  std::vector<std::vector<int64_t>> GetAttrInt2DVec(std::string name) override {
    std::vector<std::vector<int64_t>> out;
    for (auto &row : numbers[name]) out.push_back(Cast<int64_t>(row));
    return out;
  }
  std::vector<std::vector<float>> GetAttrFloat2DVec(std::string name) override {
    std::vector<std::vector<float>> out;
    for (auto &row : numbers[name]) out.push_back(Cast<float>(row));
    return out;
  }

 private:
  std::vector<double> Row(const std::string &name) {
    auto &rows = numbers[name];
    return rows.empty() ? std::vector<double>() : rows[0];
  }
  double First(const std::string &name) {
    auto row = Row(name);
    return row.empty() ? 0.0 : row[0];
  }
  template <typename T>
  static std::vector<T> Cast(const std::vector<double> &row) {
    return std::vector<T>(row.begin(), row.end());
  }
};

typedef std::vector<int64_t> (*InferShape)(int *, int64_t **, ExtraLayout *);

extern "C" {
void *msfunc_extra_new() { return new Extra(); }
void msfunc_extra_add_row(void *extra, const char *name, const double *values, int count) {
  static_cast<Extra *>(extra)->numbers[name].emplace_back(values, values + count);
}
void msfunc_extra_set_str(void *extra, const char *name, const char *value) {
  static_cast<Extra *>(extra)->strings[name] = value;
}
int msfunc_extra_workspace_count(void *extra) {
  return static_cast<int>(static_cast<Extra *>(extra)->workspace.size());
}
size_t msfunc_extra_workspace_size(void *extra, int index) {
  return static_cast<Extra *>(extra)->workspace[index];
}
void msfunc_extra_free(void *extra) {
  auto *object = static_cast<Extra *>(extra);
  delete object->kernel_data;
  delete object;
}
int msfunc_infer_shape(void *fn, int *ndims, int64_t **shapes, void *extra, int64_t *out,
                       int capacity) {
  std::vector<int64_t> shape = reinterpret_cast<InferShape>(fn)(
      ndims, shapes, static_cast<ExtraLayout *>(extra));
  for (int i = 0; i < static_cast<int>(shape.size()) && i < capacity; ++i) out[i] = shape[i];
  return static_cast<int>(shape.size());
}
}
"""


@functools.cache
def _shim() -> ctypes.CDLL:
    """The compiled `_SHIM`, kept in the temporary directory under its source's hash (built
    once per machine; a build goes to a private name first, so concurrent builds are safe)."""
    digest = hashlib.sha256((_SHIM + " ".join(ABI_FLAGS)).encode()).hexdigest()[:16]
    built = os.path.join(tempfile.gettempdir(), f"msfunc_aot_extra_{digest}.so")
    if not os.path.isfile(built):
        folder = tempfile.mkdtemp(prefix="msfunc_aot_extra_")
        source, private = os.path.join(folder, "extra.cc"), os.path.join(folder, "extra.so")
        with open(source, "w") as f:
            f.write(_SHIM)
        command = [
            "g++",
            "-std=c++17",
            "-O2",
            "-shared",
            "-fPIC",
            *ABI_FLAGS,
            "-o",
            private,
            source,
        ]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            detail = getattr(exc, "stderr", None) or str(exc)
            raise RuntimeError(f"Custom: compiling the AotExtra support failed:\n{detail}") from exc
        os.replace(private, built)
    lib = ctypes.CDLL(built)
    lib.msfunc_extra_new.restype = ctypes.c_void_p
    lib.msfunc_extra_workspace_size.restype = ctypes.c_size_t
    return lib


def attributes(reg_info: Any, values: list) -> dict:
    """{name: (type, value)} of `reg_info`'s attributes (a `CustomRegOp` record): each takes
    its registered value, or the next of `values` (the extra call arguments) if it has none."""
    entries = reg_info.get("attr", []) if isinstance(reg_info, dict) else []
    given = list(values)
    result = {}
    for entry in entries:
        if "value" in entry:
            result[entry["name"]] = (entry.get("type", "all"), entry["value"])
        elif given:
            result[entry["name"]] = (entry.get("type", "all"), given.pop(0))
    return result


def _rows(value):
    """An attribute value as rows of numbers (a scalar: one row of one)."""
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (list, tuple)) for v in value):
            return [[float(x) for x in row] for row in value]
        return [[float(x) for x in value]]
    return [[float(value)]]


class AotExtra:
    """An ``AotExtra`` object holding attributes, for one kernel launch (see the module
    docstring).

    Args:
        attrs (dict): ``{name: (type, value)}`` as `attributes` gives.
    """

    def __init__(self, attrs: dict) -> None:
        self._lib = _shim()
        self.pointer = ctypes.c_void_p(self._lib.msfunc_extra_new())
        for name, (_, value) in attrs.items():
            if isinstance(value, str):
                self._lib.msfunc_extra_set_str(self.pointer, name.encode(), value.encode())
                continue
            for row in _rows(value):
                array = (ctypes.c_double * max(len(row), 1))(*row)
                self._lib.msfunc_extra_add_row(
                    self.pointer, name.encode(), array, ctypes.c_int(len(row))
                )

    def workspace_sizes(self) -> list:
        """The workspace buffers' sizes in bytes the kernel's Init asked for."""
        count = self._lib.msfunc_extra_workspace_count(self.pointer)
        return [
            int(self._lib.msfunc_extra_workspace_size(self.pointer, ctypes.c_int(i)))
            for i in range(count)
        ]

    def close(self) -> None:
        """Free the object and the kernel data its Init kept."""
        if self.pointer is not None:
            self._lib.msfunc_extra_free(self.pointer)
            self.pointer = None


def infer_shape(function: Any, shapes: list, extra: AotExtra) -> tuple:
    """The output shape the kernel's ``<name>InferShape`` gives for the inputs' `shapes`."""
    lib = _shim()
    dims = [(ctypes.c_int64 * max(len(s), 1))(*s) for s in shapes]
    pointer = ctypes.POINTER(ctypes.c_int64)
    out = (ctypes.c_int64 * 16)()
    count = lib.msfunc_infer_shape(
        ctypes.cast(function, ctypes.c_void_p),
        (ctypes.c_int * len(shapes))(*[len(s) for s in shapes]),
        (pointer * len(shapes))(*[ctypes.cast(d, pointer) for d in dims]),
        extra.pointer,
        out,
        ctypes.c_int(16),
    )
    return tuple(int(d) for d in out[: min(count, 16)])
