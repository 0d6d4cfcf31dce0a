"""Shared pieces of the msfunc.numpy value tests: hypothesis settings and strategies, closeness."""

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

SETTINGS = settings(max_examples=10, deadline=None)


SHAPES = st.just((2, 3))  # one shape: one compile per function


def floats(lo=-3.0, hi=3.0, shape=SHAPES):
    lo, hi = float(np.float32(lo)), float(np.float32(hi))
    elements = st.floats(lo, hi, width=32, allow_subnormal=False)
    return hnp.arrays(np.float32, shape, elements=elements)


def close(ours, ref, rtol=1e-5, atol=1e-5):
    dt = np.complex128 if np.iscomplexobj(ours) or np.iscomplexobj(ref) else np.float64
    np.testing.assert_allclose(
        np.asarray(ours, dt), np.asarray(ref, dt), rtol=rtol, atol=atol, equal_nan=True
    )
