"""Gradients with respect to complex inputs follow MindSpore's convention, the conjugate of
JAX's pullback of the conjugated cotangent: tests/golden/complex_grad.json
(tests/oracle/gen_complex_grad_golden.py)."""

import json

import numpy as np
from _paths import TESTS

import msfunc as ms
from msfunc import ops
from msfunc.ops.composite import GradOperation

GOLDEN = json.loads((TESTS / "golden" / "complex_grad.json").read_text())


def _complex(pair):
    return np.asarray(pair[0], np.float32) + 1j * np.asarray(pair[1], np.float32)


Z = ms.Tensor(_complex(GOLDEN["z"]).astype(np.complex64))


def test_real_valued_functions_of_complex_inputs():
    w = ms.Tensor(_complex(GOLDEN["w"]).astype(np.complex64))
    got = GradOperation()(lambda x: ops.abs(x))(Z)
    np.testing.assert_allclose(got.asnumpy(), _complex(GOLDEN["abs"]), rtol=1e-6)
    got = GradOperation()(lambda x: ops.real(ops.matmul(w, x.reshape(2, 1))))(Z)
    np.testing.assert_allclose(got.asnumpy(), _complex(GOLDEN["real_matmul"]), rtol=1e-6)


def test_holomorphic_function_with_a_complex_sensitivity():
    sens = ms.Tensor(_complex(GOLDEN["sens"]).astype(np.complex64))
    got = GradOperation(sens_param=True)(lambda x: ops.exp(x))(Z, sens)
    np.testing.assert_allclose(got.asnumpy(), _complex(GOLDEN["exp_sens"]), rtol=1e-5)
    # dout * conj(f'(z)), written out
    want = sens.asnumpy() * np.conj(np.exp(Z.asnumpy()))
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5)
