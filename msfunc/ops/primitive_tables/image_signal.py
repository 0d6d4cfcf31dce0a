"""Primitive classes for windows, STFT, bounding boxes and colour spaces."""

import jax
import jax.numpy as jnp
import numpy as np

from ...common import dtype as mstype
from ...common.tensor import unwrap
from .. import func_spectral as SPEC
from .. import func_vision as V
from ..box_suppression import check_iou_threshold, nms_with_mask
from ..deformable import check_primitive, deformable_offsets
from ..fft_with_size import fft_with_size
from ..roi_align import roi_align
from ._common import sig

__all__ = ["TABLE", "INIT_CHECKS"]

# constructor checks, run by `msfunc.ops.primitives` when a class is made
INIT_CHECKS = {
    "NMSWithMask": check_iou_threshold,
    "DeformableOffsets": check_primitive,
    "ExtractVolumePatches": lambda p: _volume_window(p),
}


def _length(n):
    # a window length arrives as an int or a 0-d / one-element int tensor (HammingWindow's is 1-D)
    return int(np.asarray(unwrap(n)).reshape(-1)[0])


def _volume_window(p):
    """ExtractVolumePatches' window and strides over (D, H, W): 5 ints with 1 for N and C,
    all positive, and `padding` VALID or SAME (any case)."""
    dims = []
    for name in ("kernel_size", "strides"):
        value = getattr(p, name)
        items = tuple(value) if isinstance(value, (tuple, list)) else ()
        if (
            len(items) != 5
            or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in items)
            or items[:2] != (1, 1)
        ):
            raise ValueError(
                f"ExtractVolumePatches: `{name}` must be 5 positive ints starting 1, 1, got "
                f"{value!r}"
            )
        dims.append(items[2:])
    if not isinstance(p.padding, str) or p.padding.upper() not in ("VALID", "SAME"):
        raise ValueError(
            f"ExtractVolumePatches: `padding` must be VALID or SAME, got {p.padding!r}"
        )
    return dims[0], dims[1], p.padding.upper()


def _extract_volume_patches(p, x):
    """Each (kd, kh, kw) window of NCDHW `x` flattened into the channel axis, ordered
    (kd, kh, kw, C) as MindSpore's kernel lays them out."""
    kernel, strides, padding = _volume_window(p)
    x = jnp.asarray(x)
    if x.ndim != 5:
        raise ValueError(f"ExtractVolumePatches: `x` must be 5-D (NCDHW), got shape {x.shape}")
    patches = jax.lax.conv_general_dilated_patches(
        x, kernel, strides, padding, precision=jax.lax.Precision.HIGHEST
    )  # (N, C * kd * kh * kw, D', H', W'), channel-major
    n, c = x.shape[:2]
    out = patches.reshape(n, c, -1, *patches.shape[2:]).swapaxes(1, 2)
    return out.reshape(patches.shape).astype(x.dtype)


def _rgb_to_hsv(p, x):
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    v = jnp.max(x, -1)
    c = v - jnp.min(x, -1)
    safe_c = jnp.where(c > 0, c, 1)
    s = jnp.where(v > 0, c / jnp.where(v > 0, v, 1), 0)
    h = jnp.where(
        v == r, (g - b) / safe_c, jnp.where(v == g, (b - r) / safe_c + 2, (r - g) / safe_c + 4)
    )
    h = jnp.where(c > 0, jnp.mod(h / 6, 1.0), 0)
    return jnp.stack([h, s, v], -1).astype(x.dtype)


def _hsv_to_rgb(p, x):
    h, s, v = x[..., 0], x[..., 1], x[..., 2]

    def f(n):
        k = jnp.mod(n + h * 6, 6)
        return v - v * s * jnp.clip(jnp.minimum(k, 4 - k), 0, 1)

    return jnp.stack([f(5), f(3), f(1)], -1).astype(x.dtype)


TABLE = [
    ("ExtractVolumePatches", sig("kernel_size", "strides", "padding"), _extract_volume_patches),
    (
        "CTCGreedyDecoder",
        sig(merge_repeated=True),
        lambda p, x, seq_len: V.ctc_greedy_decoder(x, seq_len, p.merge_repeated),
    ),
    (
        "BartlettWindow",
        sig(periodic=True, dtype=mstype.float32),
        lambda p, n: SPEC.bartlett_window(_length(n), p.periodic, dtype=p.dtype),
    ),
    (
        "BlackmanWindow",
        sig(periodic=True, dtype=mstype.float32),
        lambda p, n: SPEC.blackman_window(_length(n), p.periodic, dtype=p.dtype),
    ),
    (
        "HammingWindow",
        sig(periodic=True, alpha=0.54, beta=0.46, dtype=mstype.float32),
        lambda p, n: SPEC.hamming_window(_length(n), p.periodic, p.alpha, p.beta, dtype=p.dtype),
    ),
    (
        "STFT",
        sig("n_fft", "hop_length", "win_length", "normalized", "onesided", "return_complex"),
        lambda p, x, window: SPEC.stft(
            x,
            p.n_fft,
            p.hop_length,
            p.win_length,
            window,
            False,
            normalized=p.normalized,
            onesided=p.onesided,
            return_complex=p.return_complex,
        ),
    ),
    (
        "FFTWithSize",
        sig("signal_ndim", "inverse", "real", norm="backward", onesided=True, signal_sizes=()),
        lambda p, x: fft_with_size(
            x, p.signal_ndim, p.inverse, p.real, p.norm, p.onesided, p.signal_sizes
        ),
    ),
    (
        "BoundingBoxEncode",
        sig(means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)),
        lambda p, a, g: V.bounding_box_encode(a, g, p.means, p.stds),
    ),
    (
        "BoundingBoxDecode",
        sig(
            "max_shape", means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016
        ),
        lambda p, a, d: V.bounding_box_decode(a, d, p.max_shape, p.means, p.stds, p.wh_ratio_clip),
    ),
    ("IOU", sig(mode="iou"), lambda p, a, g: V.iou(a, g, p.mode)),
    ("CheckValid", sig(), lambda p, b, m: V.check_valid(b, m)),
    ("NMSWithMask", sig(iou_threshold=0.5), lambda p, b: nms_with_mask(b, p.iou_threshold)),
    (
        "ROIAlign",
        sig("pooled_height", "pooled_width", "spatial_scale", sample_num=2, roi_end_mode=1),
        lambda p, features, rois: roi_align(
            features,
            rois,
            p.pooled_height,
            p.pooled_width,
            p.spatial_scale,
            p.sample_num,
            p.roi_end_mode,
        ),
    ),
    (
        "CropAndResize",
        sig(method="bilinear", extrapolation_value=0.0),
        lambda p, img, boxes, bi, crop_size: V.crop_and_resize(
            img, boxes, bi, crop_size, p.method, p.extrapolation_value
        ),
    ),
    (
        "DeformableOffsets",
        sig(
            "strides",
            "pads",
            "ksize",
            dilations=(1, 1, 1, 1),
            data_format="NCHW",
            deformable_groups=1,
            modulated=True,
        ),
        lambda p, x, offsets: deformable_offsets(
            x,
            offsets,
            p.strides,
            p.pads,
            p.ksize,
            p.dilations,
            p.data_format,
            p.deformable_groups,
            p.modulated,
        ),
    ),
    ("RGBToHSV", sig(), _rgb_to_hsv),
    ("HSVToRGB", sig(), _hsv_to_rgb),
]
