// Batched LU solve with partial pivoting for many small systems, an XLA FFI CPU kernel.
//
// kLanes systems are solved together: each group is copied into a scratch block laid
// out [row][column][lane], so every step of the elimination is a loop over the
// lanes that the compiler turns into SIMD instructions. The pivot is the first
// row of largest magnitude (LAPACK's getf2 rule); rows are swapped from the pivot
// column onwards; the multipliers are row * (1 / pivot) as in getf2. Lanes past
// the end of the batch are padded with identity systems.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// An AVX2+FMA clone beside the baseline one on x86-64 Linux (chosen at load time):
// FMA also gives LAPACK's rounding in the updates.
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__)
#define MSFUNC_MULTIVERSION __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MSFUNC_MULTIVERSION
#endif

namespace {

// one AVX2 register of float32 (16 lanes measured no faster at n = 8..32)
constexpr int kLanes = 8;

template <typename T>
MSFUNC_MULTIVERSION
void SolveGroup(const T* a, const T* b, T* x, int64_t n, int64_t k, int64_t count, T* m) {
  const int64_t f = n + k;
  auto at = [&](int64_t i, int64_t j) { return m + (i * f + j) * kLanes; };
  for (int64_t w = 0; w < kLanes; ++w) {
    if (w < count) {
      const T* aw = a + w * n * n;
      const T* bw = b + w * n * k;
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < n; ++j) at(i, j)[w] = aw[i * n + j];
        for (int64_t j = 0; j < k; ++j) at(i, n + j)[w] = bw[i * k + j];
      }
    } else {
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < f; ++j) at(i, j)[w] = T(i == j);
    }
  }
  for (int64_t c = 0; c < n; ++c) {
    int32_t piv[kLanes];
    T best[kLanes];
    const T* col = at(c, c);
    for (int w = 0; w < kLanes; ++w) {
      piv[w] = static_cast<int32_t>(c);
      best[w] = std::fabs(col[w]);
    }
    for (int64_t i = c + 1; i < n; ++i) {
      const T* v = at(i, c);
      for (int w = 0; w < kLanes; ++w) {
        const T mag = std::fabs(v[w]);
        const bool more = mag > best[w];
        best[w] = more ? mag : best[w];
        piv[w] = more ? static_cast<int32_t>(i) : piv[w];
      }
    }
    for (int w = 0; w < kLanes; ++w) {
      if (piv[w] == c) continue;
      T* top = at(c, c) + w;
      T* other = at(piv[w], c) + w;
      for (int64_t j = 0; j < f - c; ++j) std::swap(top[j * kLanes], other[j * kLanes]);
    }
    T inv[kLanes];
    const T* prow = at(c, 0);
    for (int w = 0; w < kLanes; ++w) inv[w] = T(1) / prow[c * kLanes + w];
    for (int64_t i = c + 1; i < n; ++i) {
      T* row = at(i, 0);
      T l[kLanes];
      for (int w = 0; w < kLanes; ++w) l[w] = row[c * kLanes + w] * inv[w];
      for (int64_t j = c + 1; j < f; ++j) {
        T* dst = row + j * kLanes;
        const T* src = prow + j * kLanes;
        for (int w = 0; w < kLanes; ++w) dst[w] -= l[w] * src[w];
      }
    }
  }
  // back substitution, right-hand sides in place
  for (int64_t j = n - 1; j >= 0; --j) {
    const T* diag = at(j, j);
    for (int64_t r = 0; r < k; ++r) {
      T* xj = at(j, n + r);
      for (int w = 0; w < kLanes; ++w) xj[w] /= diag[w];
      for (int64_t i = 0; i < j; ++i) {
        T* dst = at(i, n + r);
        const T* u = at(i, j);
        for (int w = 0; w < kLanes; ++w) dst[w] -= u[w] * xj[w];
      }
    }
  }
  for (int64_t w = 0; w < count; ++w) {
    T* xw = x + w * n * k;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t r = 0; r < k; ++r) xw[i * k + r] = at(i, n + r)[w];
  }
}

// Work shared by the calling thread and the tasks it schedules on XLA's pool. It
// lives on the heap: a task that starts after the work is done only reads `next`.
template <typename T>
struct SharedWork {
  const T* a;
  const T* b;
  T* x;
  int64_t n, k, batch;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> active{0};

  void Run() {
    active.fetch_add(1);
    std::vector<T> scratch;
    for (int64_t g = next.fetch_add(kLanes); g < batch; g = next.fetch_add(kLanes)) {
      if (scratch.empty()) scratch.resize(static_cast<size_t>(n * (n + k) * kLanes));
      const int64_t count = std::min<int64_t>(kLanes, batch - g);
      SolveGroup<T>(a + g * n * n, b + g * n * k, x + g * n * k, n, k, count, scratch.data());
    }
    active.fetch_sub(1);
  }
};

// Below this much work (multiply-adds) one thread is faster than waking others.
constexpr int64_t kParallelWork = int64_t{1} << 21;

template <ffi::DataType DT>
ffi::Error Solve(ffi::ThreadPool pool, ffi::Buffer<DT> a, ffi::Buffer<DT> b,
                 ffi::ResultBuffer<DT> x) {
  using T = ffi::NativeType<DT>;
  auto ad = a.dimensions();
  auto bd = b.dimensions();
  if (ad.size() < 2 || bd.size() != ad.size()) {
    return ffi::Error::InvalidArgument("small_solve: a must be (..., n, n), b (..., n, k)");
  }
  const int64_t n = ad[ad.size() - 1];
  const int64_t k = bd[bd.size() - 1];
  if (ad[ad.size() - 2] != n || bd[bd.size() - 2] != n) {
    return ffi::Error::InvalidArgument("small_solve: shapes of a and b do not match");
  }
  int64_t batch = 1;
  for (size_t i = 0; i + 2 < ad.size(); ++i) {
    if (ad[i] != bd[i]) return ffi::Error::InvalidArgument("small_solve: batch shapes differ");
    batch *= ad[i];
  }
  if (batch == 0 || n == 0 || k == 0) return ffi::Error::Success();
  auto work = std::make_shared<SharedWork<T>>();
  work->a = a.typed_data();
  work->b = b.typed_data();
  work->x = x->typed_data();
  work->n = n;
  work->k = k;
  work->batch = batch;
  const int64_t groups = (batch + kLanes - 1) / kLanes;
  int64_t helpers = 0;
  if (batch * n * n * (n + k) >= kParallelWork) {
    helpers = std::min<int64_t>(pool.num_threads(), groups) - 1;
  }
  for (int64_t t = 0; t < helpers; ++t) pool.Schedule([work] { work->Run(); });
  work->Run();
  // every group has been claimed; wait for the tasks still solving theirs
  while (work->active.load() != 0) std::this_thread::yield();
  return ffi::Error::Success();
}

}  // namespace

// One exported handler per element type; XLA passes the intra-op thread pool first.
#define MSFUNC_SOLVE_HANDLER(symbol, type)                                        \
  XLA_FFI_DEFINE_HANDLER_SYMBOL(symbol, Solve<ffi::DataType::type>,               \
                                ffi::Ffi::Bind()                                  \
                                    .Ctx<ffi::ThreadPool>()                       \
                                    .Arg<ffi::Buffer<ffi::DataType::type>>()      \
                                    .Arg<ffi::Buffer<ffi::DataType::type>>()      \
                                    .Ret<ffi::Buffer<ffi::DataType::type>>());

MSFUNC_SOLVE_HANDLER(MsfuncSmallSolveF32, F32)
MSFUNC_SOLVE_HANDLER(MsfuncSmallSolveF64, F64)
