"""mindspore.scipy: symmetric eigen-decomposition, triangular and Cholesky solves."""

import numpy as np
from mindspore import Tensor
from mindspore.scipy.linalg import cho_factor, cho_solve, eigh, solve_triangular

a = Tensor(np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], np.float32))
b = Tensor(np.array([1.0, -1.0, 2.0], np.float32))
w, v = eigh(a)
print("eigenvalues", w.asnumpy().tolist())
print("abs_first_vector", np.abs(v.asnumpy()[:, 0]).tolist())
lower = Tensor(np.tril(a.asnumpy()))
print("triangular", solve_triangular(lower, b, lower=True).asnumpy().tolist())
c = cho_factor(a, lower=True)
print("cholesky_solve", cho_solve(c, b).asnumpy().tolist())
