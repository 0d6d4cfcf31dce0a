"""AOT custom-kernel scenarios shared by gen_custom_aot_golden.py (MindSpore) and msfunc's test.

`KERNEL` is a small C++ source with kernels of MindSpore's AOT signature: ``SubTwice``
(out = a - 2 b, float32), ``SumProd`` (two outputs: a + b and a * b) and ``Affine``, which
reads attributes through `extra` (Init, workspace, InferShape). `build` compiles
it with g++ into a shared library; each scenario `case(ms, ops, library, rec)` builds
``ops.Custom(..., func_type="aot")`` ops on it and records their outputs or error types.
"""

import os
import subprocess

import numpy as np

KERNEL = r"""
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

static int64_t count(int ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < ndim; ++d) n *= shape[d];
  return n;
}

extern "C" int SubTwice(int nparam, void **params, int *ndims, int64_t **shapes,
                        const char **dtypes, void *stream, void *extra) {
  if (nparam != 3 || std::strcmp(dtypes[0], "float32") != 0) return 1;
  const float *a = static_cast<const float *>(params[0]);
  const float *b = static_cast<const float *>(params[1]);
  float *out = static_cast<float *>(params[2]);
  for (int64_t i = 0, n = count(ndims[2], shapes[2]); i < n; ++i) out[i] = a[i] - 2.0f * b[i];
  return 0;
}

extern "C" int SumProd(int nparam, void **params, int *ndims, int64_t **shapes,
                       const char **dtypes, void *stream, void *extra) {
  if (nparam != 4) return 1;
  const float *a = static_cast<const float *>(params[0]);
  const float *b = static_cast<const float *>(params[1]);
  float *sum = static_cast<float *>(params[2]);
  float *prod = static_cast<float *>(params[3]);
  for (int64_t i = 0, n = count(ndims[0], shapes[0]); i < n; ++i) {
    sum[i] = a[i] + b[i];
    prod[i] = a[i] * b[i];
  }
  return 0;
}

// The object MindSpore passes as `extra`: its virtual functions in order, then a workspace
// vector and a kernel-data pointer (the layout kernels compile against).
class KernelState {
 public:
  virtual ~KernelState() = default;
  float scale = 0;
  std::vector<float> shift;
  int64_t axis = 0;
  bool flip = false;
};

class Extra {
 public:
  virtual ~Extra() = default;
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
  KernelState *state = nullptr;
};

// out = (flip ? -a : a) * scale + shift[axis], through a workspace of the input's size;
// InferShape drops the last dimension when axis is 1 (it sums rows then)
extern "C" int AffineInit(int *ndims, int64_t **shapes, const char **dtypes, Extra *extra) {
  auto *state = new KernelState;
  state->scale = extra->GetAttrFloat("scale");
  state->shift = extra->GetAttrFloatVec("shift");
  state->axis = extra->GetAttrInt("axis");
  state->flip = extra->GetAttrBool("flip");
  extra->workspace = {static_cast<size_t>(count(ndims[0], shapes[0])) * sizeof(float)};
  extra->state = state;
  return 0;
}

extern "C" std::vector<int64_t> AffineInferShape(int *ndims, int64_t **shapes, Extra *extra) {
  if (extra->GetAttrInt("axis") == 1) return {shapes[0][0]};
  return std::vector<int64_t>(shapes[0], shapes[0] + ndims[0]);
}

extern "C" int Affine(int nparam, void **params, int *ndims, int64_t **shapes,
                      const char **dtypes, void *stream, void *extra_void) {
  auto *state = static_cast<Extra *>(extra_void)->state;
  const float *a = static_cast<const float *>(params[0]);
  float *out = static_cast<float *>(params[1]);
  float *work = static_cast<float *>(params[2]);
  int64_t n = count(ndims[0], shapes[0]);
  for (int64_t i = 0; i < n; ++i) {
    work[i] = (state->flip ? -a[i] : a[i]) * state->scale + state->shift[state->axis];
  }
  if (state->axis == 1) {
    int64_t cols = shapes[0][1];
    for (int64_t r = 0; r < shapes[0][0]; ++r) {
      out[r] = 0;
      for (int64_t c = 0; c < cols; ++c) out[r] += work[r * cols + c];
    }
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = work[i];
  }
  return 0;
}

extern "C" int Refuse(int nparam, void **params, int *ndims, int64_t **shapes,
                      const char **dtypes, void *stream, void *extra) {
  return 3;
}
"""

A = np.arange(6, dtype=np.float32).reshape(2, 3)
B = np.full((2, 3), 0.5, np.float32)


def build(folder):
    """Compile `KERNEL` in `folder`; the shared library's path."""
    source = os.path.join(folder, "kernels.cc")
    with open(source, "w") as f:
        f.write(KERNEL)
    library = os.path.join(folder, "kernels.so")
    # (with the string layout MindSpore compiles kernel sources with)
    flags = ["-std=c++17", "-shared", "-fPIC", "-D_GLIBCXX_USE_CXX11_ABI=0"]
    subprocess.run(["g++", *flags, "-o", library, source], check=True)
    return library


def _raised(call):
    try:
        call()
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__
    return None


def _values(out):
    if isinstance(out, (tuple, list)):
        return [type(out).__name__, [o.asnumpy().tolist() for o in out]]
    return ["Tensor", out.asnumpy().tolist()]


def outputs(ms, ops, library, rec):
    """One output (a shape, and a list of one shape), two outputs, infer functions; both modes."""
    x, y = ms.Tensor(A), ms.Tensor(B)
    found = {}
    for mode in ("GRAPH_MODE", "PYNATIVE_MODE"):
        ms.set_context(mode=getattr(ms, mode))
        sub = ops.Custom(f"{library}:SubTwice", (2, 3), ms.float32, "aot")
        sub_list = ops.Custom(f"{library}:SubTwice", ((2, 3),), (ms.float32,), "aot")
        infer = ops.Custom(f"{library}:SubTwice", lambda a, b: a, lambda a, b: a, "aot")
        two = ops.Custom(f"{library}:SumProd", ((2, 3), (2, 3)), (ms.float32,) * 2, "aot")
        found[mode] = [_values(op(x, y)) for op in (sub, sub_list, infer, two)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rec("outputs", found)


def errors(ms, ops, library, rec):
    """The exception types of bad `func`s and of a kernel that returns non-zero."""
    x, y = ms.Tensor(A), ms.Tensor(B)
    shape, dtype = (2, 3), ms.float32
    found = {
        "not_str": _raised(lambda: ops.Custom(None, shape, dtype, "aot")),
        "int": _raised(lambda: ops.Custom(3, shape, dtype, "aot")),
        "bare_name_no_shape": _raised(lambda: ops.Custom("SubTwice", None, dtype, "aot")),
        "bare_name_with_shape": _raised(lambda: ops.Custom("SubTwice", shape, dtype, "aot")),
        "bare_name_infer": _raised(lambda: ops.Custom("SubTwice", lambda a, b: a, dtype, "aot")),
        "three_parts": _raised(lambda: ops.Custom("a:b:c", None, dtype, "aot")),
        "kernel_fails": _raised(
            lambda: ops.Custom(f"{library}:Refuse", shape, dtype, "aot")(x, y).asnumpy()
        ),
    }
    rec("errors", found)


def registration(ms, ops, library, rec):
    """CustomRegOp's record and DataType's pairs."""
    dt = ops.DataType
    info = (
        ops.CustomRegOp("SubTwice")
        .input(0, "a", "required")
        .input(1, "b")
        .output(0, "out", "required")
        .attr("scale", "required", "float", value=0.5)
        .dtype_format(dt.F32_Default, dt.F32_Default, dt.F32_Default)
        .dtype_format(dt.F16_None, dt.I32_NCHW, dt.None_None)
        .target("CPU")
        .get_op_info()
    )
    info["dtype_format"] = [[list(p) for p in row] for row in info["dtype_format"]]
    bad = {
        "name_int": _raised(lambda: ops.CustomRegOp(3)),
        "input_index_str": _raised(lambda: ops.CustomRegOp("x").input("a")),
        "target_int": _raised(lambda: ops.CustomRegOp("x").target(3)),
    }
    rec("registration", [info, bad])


def attributes(ms, ops, library, rec):
    """A kernel reading its attributes through `extra` in its Init function (registered
    values, and values passed after the inputs), with a workspace and an InferShape."""
    x = ms.Tensor(A)
    found = {}
    for axis in (0, 1):
        info = (
            ops.CustomRegOp(f"affine_{axis}")
            .input(0, "a")
            .output(0, "out")
            .dtype_format(ops.DataType.None_None, ops.DataType.None_None)
            .attr("scale", "required", "float")
            .attr("shift", "required", "all", value=[1.5, -2.0])
            .attr("axis", "required", "all", value=axis)
            .attr("flip", "required", "bool")
            .target("CPU")
            .get_op_info()
        )
        affine = ops.Custom(f"{library}:Affine", None, ms.float32, "aot", reg_info=info)
        found[f"axis{axis}"] = [_values(affine(x, 0.5, False)), _values(affine(x, 2.0, True))]
    rec("attributes", found)


SCENARIOS = (outputs, errors, registration, attributes)
