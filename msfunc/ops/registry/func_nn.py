"""Rows of msfunc.ops whose array functions live in ``func_nn.py``."""

from .. import func_nn as f
from ._row import Op

HOME = f
ROWS = (
    Op("bias_add", f.bias_add),
    Op("bidense", f.bidense),
    Op("dense", f.dense),
    Op("dropout", f.dropout),
    Op("dropout1d", f.dropout1d),
    Op("dropout2d", f.dropout2d),
    Op("dropout3d", f.dropout3d),
    Op("embedding", f.embedding),
    Op("flash_attention_score", f.flash_attention_score),
    Op("one_hot", f.one_hot),
    Op("rotary_position_embedding", f.rotary_position_embedding),
    Op("sequence_mask", f.sequence_mask),
)
