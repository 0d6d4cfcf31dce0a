"""Rows of msfunc.ops whose array functions live in ``func_vision.py``."""

from .. import func_vision as f
from ._row import Op

HOME = f
ROWS = (
    Op("bounding_box_decode", f.bounding_box_decode),
    Op("bounding_box_encode", f.bounding_box_encode),
    Op("check_valid", f.check_valid),
    Op("crop_and_resize", f.crop_and_resize),
    Op("ctc_greedy_decoder", f.ctc_greedy_decoder),
    Op("iou", f.iou),
)
