"""A program minimizing a network's loss with `scipy.optimize.minimize(method="LBFGS")` over
a Cell that assigns the flat point into the network's Parameters (as SciAI's LbfgsOptimizer
does), shared by the oracle (gen_minimize_parameters_golden.py) and the test
(tests/scipy/test_minimize_parameters.py)."""

import numpy as np


def run(ms):
    """The minimizer's result and the Parameters after it, as JSON values."""
    from mindspore import Parameter, Tensor, nn, ops
    from mindspore.scipy.optimize import minimize

    class Fit(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([[0.5], [-0.25]], np.float32)), name="w")
            self.b = Parameter(Tensor(np.array([0.1], np.float32)), name="b")
            self.x = Tensor(
                np.array([[1.0, 2.0], [0.5, -1.0], [-1.5, 0.25], [2.0, 1.0]], np.float32)
            )
            self.y = Tensor(np.array([[1.0], [0.0], [-2.0], [3.0]], np.float32))

        def construct(self):
            return ((ops.matmul(self.x, self.w) + self.b - self.y) ** 2).mean()

    class Flat(nn.Cell):
        def __init__(self, f, params):
            super().__init__()
            self.f, self.params, self.assign = f, params, ops.Assign()
            self.sizes = [0, 2, 3]

        def construct(self, x):
            self.assign(self.params[0], x[0:2].reshape((2, 1)))
            self.assign(self.params[1], x[2:3].reshape((1,)))
            out = self.f()
            if isinstance(out, tuple):
                out = ops.concat([o.ravel() for o in out])
            return out

    net = Fit()
    params = list(net.trainable_params())
    grad_fn = ops.grad(net, grad_position=None, weights=params)
    x0 = ops.concat([p.ravel() for p in params])
    res = minimize(
        Flat(net, params), x0, method="LBFGS", jac=Flat(grad_fn, params), options=dict(maxiter=5)
    )
    return {
        "x": res.x.asnumpy().tolist(),
        "fun": float(res.fun),
        "nit": int(res.nit),
        "nfev": int(res.nfev),
        "w": net.w.asnumpy().ravel().tolist(),
        "b": net.b.asnumpy().tolist(),
    }
