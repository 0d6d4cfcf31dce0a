"""Rows of msfunc.ops whose array functions live in ``func_fft.py``."""

from .. import func_fft as f
from ._row import Op

HOME = f
ROWS = (
    Op("fft", f.fft),
    Op("fft2", f.fft2),
    Op("fftn", f.fftn),
    Op("hfft", f.hfft),
    Op("hfft2", f.hfft2),
    Op("hfftn", f.hfftn),
    Op("ifft", f.ifft),
    Op("ifft2", f.ifft2),
    Op("ifftn", f.ifftn),
    Op("ihfft", f.ihfft),
    Op("ihfft2", f.ihfft2),
    Op("ihfftn", f.ihfftn),
    Op("irfft", f.irfft),
    Op("irfft2", f.irfft2),
    Op("irfftn", f.irfftn),
    Op("rfft", f.rfft),
    Op("rfft2", f.rfft2),
    Op("rfftn", f.rfftn),
)
