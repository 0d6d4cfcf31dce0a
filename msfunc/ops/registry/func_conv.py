"""Rows of msfunc.ops whose array functions live in ``func_conv.py``."""

from .. import func_conv as f
from ._row import Op

HOME = f
ROWS = (
    Op("conv1d", f.conv1d),
    Op("conv2d", f.conv2d),
    Op("conv3d", f.conv3d),
    Op("conv3d_transpose", f.conv3d_transpose),
    Op("deformable_conv2d", f.deformable_conv2d),
    Op("conv_transpose2d", f.conv_transpose2d),
    Op("mirror_pad", f.mirror_pad),
    Op("pad", f.pad),
    Op("padding", f.padding),
)
