"""msfunc.scipy.special against SciPy."""

import numpy as np
import scipy.special as ss

import msfunc as ms
from msfunc.scipy import special


def test_special_forwards():
    x = np.linspace(0.1, 3.0, 7).astype(np.float32)
    np.testing.assert_allclose(special.gammaln(x), ss.gammaln(x), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(
        special.erf(ms.Parameter(ms.Tensor(x), name="e")), ss.erf(x), rtol=1e-5
    )
    np.testing.assert_allclose(special.logsumexp(x), ss.logsumexp(x), rtol=1e-5)
    assert "digamma" in special.__all__
