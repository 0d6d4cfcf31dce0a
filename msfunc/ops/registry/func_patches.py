"""Rows of msfunc.ops whose array functions live in ``func_patches.py``."""

from .. import func_patches as f
from ._row import Op

HOME = f
ROWS = (
    Op("channel_shuffle", f.channel_shuffle),
    Op("col2im", f.col2im, methods=("col2im",)),
    Op("fold", f.fold, methods=("fold",)),
    Op("pixel_shuffle", f.pixel_shuffle),
    Op("pixel_unshuffle", f.pixel_unshuffle),
    Op("unfold", f.unfold, methods=("unfold",)),
)
