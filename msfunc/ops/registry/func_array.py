"""Rows of msfunc.ops whose array functions live in ``func_array.py``."""

from .. import func_array as f
from ._row import Op

HOME = f
ROWS = (
    Op("broadcast_to", f.broadcast_to),
    Op("expand", f.expand),
    Op("expand_as", f.expand_as),
    Op("expand_dims", f.expand_dims),
    Op("flatten", f.flatten),
    Op("fliplr", f.fliplr, methods=("fliplr",)),
    Op("flipud", f.flipud, methods=("flipud",)),
    Op("moveaxis", f.moveaxis, methods=("moveaxis",)),
    Op("movedim", f.movedim, methods=("movedim",)),
    Op("permute", f.permute),
    Op("ravel", f.ravel, methods=("ravel",)),
    Op("reshape", f.reshape),
    Op("squeeze", f.squeeze),
    Op("swapaxes", f.swapaxes, methods=("swapaxes",)),
    Op("swapdims", f.swapdims, methods=("swapdims",)),
    Op("t", f.t),
    Op("transpose", f.transpose),
    Op("type_as", f.type_as),
    Op("unsqueeze", f.unsqueeze),
    Op("view_as", f.view_as),
    Op("view_as_real", f.view_as_real),
)
