"""SVD gradient cases, shared by gen_svd_grad_golden.py (real MindSpore) and
tests/ops/test_svd_full_grad.py (msfunc): ``case(ms, ops)`` gives the gradient of a loss of
``ops.svd(x, full_matrices=True)`` that the singular vectors' signs cannot change (squares of
u and v), for shapes whose full factors are unique up to sign (m and n differ by at most 1)."""

import numpy as np

SHAPES = {"tall": (4, 3), "wide": (2, 3), "square": (3, 3), "batch_tall": (2, 3, 2)}


def _inputs(shape):
    rng = np.random.default_rng(sum(shape))
    x = rng.normal(size=shape)
    k = min(shape[-2:])
    ws = rng.normal(size=shape[:-2] + (k,))
    wu = rng.normal(size=shape[:-1] + (shape[-2],))
    wv = rng.normal(size=shape[:-2] + (shape[-1], shape[-1]))
    return x, ws, wu, wv


def _case(shape, dtype):
    def case(ms, ops):
        x, ws, wu, wv = (ms.Tensor(a.astype(dtype)) for a in _inputs(shape))

        def loss(a):
            s, u, v = ops.svd(a, True, True)
            return (s * ws).sum() + (u * u * wu).sum() + (v * v * wv).sum()

        return ms.grad(loss)(x).asnumpy().round(5).tolist()

    return case


CASES = {f"{name}_float64": _case(shape, "float64") for name, shape in SHAPES.items()}
CASES["tall_float32"] = _case(SHAPES["tall"], "float32")
