"""Rows of msfunc.ops whose array functions live in ``func_loss.py``."""

from .. import func_loss as f
from ._row import Op

HOME = f
ROWS = (
    Op("binary_cross_entropy", f.binary_cross_entropy),
    Op("binary_cross_entropy_with_logits", f.binary_cross_entropy_with_logits),
    Op("cosine_embedding_loss", f.cosine_embedding_loss),
    Op("cross_entropy", f.cross_entropy),
    Op("ctc_loss", f.ctc_loss),
    Op("gaussian_nll_loss", f.gaussian_nll_loss),
    Op("hinge_embedding_loss", f.hinge_embedding_loss),
    Op("huber_loss", f.huber_loss),
    Op("kl_div", f.kl_div),
    Op("l1_loss", f.l1_loss),
    Op("margin_ranking_loss", f.margin_ranking_loss),
    Op("mse_loss", f.mse_loss),
    Op("mse_loss_ext", f.mse_loss_ext),
    Op("multi_margin_loss", f.multi_margin_loss),
    Op("multilabel_margin_loss", f.multilabel_margin_loss),
    Op("multilabel_soft_margin_loss", f.multilabel_soft_margin_loss),
    Op("nll_loss", f.nll_loss),
    Op("smooth_l1_loss", f.smooth_l1_loss),
    Op("soft_margin_loss", f.soft_margin_loss),
    Op("triplet_margin_loss", f.triplet_margin_loss),
)
