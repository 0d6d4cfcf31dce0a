"""Rows of msfunc.ops whose array functions live in ``func_spectral.py``."""

from .. import func_spectral as f
from ._row import Op

HOME = f
ROWS = (
    Op("bartlett_window", f.bartlett_window),
    Op("blackman_window", f.blackman_window),
    Op("fftfreq", f.fftfreq),
    Op("fftshift", f.fftshift),
    Op("hamming_window", f.hamming_window),
    Op("hann_window", f.hann_window),
    Op("ifftshift", f.ifftshift),
    Op("kaiser_window", f.kaiser_window),
    Op("rfftfreq", f.rfftfreq),
    Op("stft", f.stft),
)
