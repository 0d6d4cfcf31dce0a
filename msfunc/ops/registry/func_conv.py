"""Rows of msfunc.ops whose array functions live in ``func_conv.py``."""

from .. import func_conv as f
from ._row import Op

HOME = f
ROWS = (
    Op("channel_shuffle", f.channel_shuffle),
    Op("col2im", f.col2im, methods=("col2im",)),
    Op("conv1d", f.conv1d),
    Op("conv2d", f.conv2d),
    Op("conv3d", f.conv3d),
    Op("conv3d_transpose", f.conv3d_transpose),
    Op("conv_transpose2d", f.conv_transpose2d),
    Op("fold", f.fold, methods=("fold",)),
    Op("mirror_pad", f.mirror_pad),
    Op("pad", f.pad),
    Op("padding", f.padding),
    Op("pixel_shuffle", f.pixel_shuffle),
    Op("pixel_unshuffle", f.pixel_unshuffle),
    Op("unfold", f.unfold, methods=("unfold",)),
)
