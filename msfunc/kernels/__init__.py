"""msfunc's compute kernels: the batched small solve (native C++ on CPU, pure-JAX elsewhere).

- `small_solve`: the solve itself, its kernel choice and its gradient rules;
- `small_solve_tiny`, `small_solve_blocked`: the pure-JAX elimination kernels;
- `small_solve_native`: the C++ kernel (``csrc/small_solve.cc``) called through XLA's FFI;
- `native`: builds, caches and loads the C++ kernels (``native.status("small_solve")``);
- `build`: ``python -m msfunc.kernels.build`` compiles them ahead of the first call.
"""
