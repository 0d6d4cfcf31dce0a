"""Rows of msfunc.ops whose array functions live in ``func_loss.py``."""

from .. import func_loss as f
from ._row import Op

HOME = f
ROWS = (
    Op("binary_cross_entropy", f.binary_cross_entropy),
    Op("binary_cross_entropy_with_logits", f.binary_cross_entropy_with_logits),
    Op("cross_entropy", f.cross_entropy),
    Op("ctc_loss", f.ctc_loss),
    Op("gaussian_nll_loss", f.gaussian_nll_loss),
    Op("huber_loss", f.huber_loss),
    Op("kl_div", f.kl_div),
    Op("l1_loss", f.l1_loss),
    Op("mse_loss", f.mse_loss),
    Op("mse_loss_ext", f.mse_loss_ext),
    Op("nll_loss", f.nll_loss),
    Op("smooth_l1_loss", f.smooth_l1_loss),
)
