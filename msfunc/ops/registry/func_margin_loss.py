"""Rows of msfunc.ops whose array functions live in ``func_margin_loss.py``."""

from .. import func_margin_loss as f
from ._row import Op

HOME = f
ROWS = (
    Op("cosine_embedding_loss", f.cosine_embedding_loss),
    Op("hinge_embedding_loss", f.hinge_embedding_loss),
    Op("margin_ranking_loss", f.margin_ranking_loss),
    Op("multi_margin_loss", f.multi_margin_loss),
    Op("multilabel_margin_loss", f.multilabel_margin_loss),
    Op("multilabel_soft_margin_loss", f.multilabel_soft_margin_loss),
    Op("soft_margin_loss", f.soft_margin_loss),
    Op("triplet_margin_loss", f.triplet_margin_loss),
)
