"""Eager results of the vision transforms by family (conversion, geometry on image stacks,
pixel values, colour spaces, image helpers) and the exception type of each refused input,
from real MindSpore 2.10 (tests/golden/dataset_vision.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_vision

Each case is a function ``case(ms)`` of the framework module returning a list of arrays;
`tests/dataset/test_dataset_vision.py` runs the same with msfunc. An entry of ``REFUSED``
builds and calls a transform on bad input; the golden value is the exception's class name.
No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np
from gen_vision_streams import _images, _pipeline

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_vision.npz"
)


def _img(h=5, w=6, channels=3, salt=0):
    return _images(n=1, h=h, w=w, channels=channels, salt=40 + salt)[0]


def _convert(ms):
    vision = ms.dataset.vision
    img = _img()
    return [
        vision.ToTensor()(img),
        vision.ToTensor(np.float64)(img[:, :, 0]),
        vision.ToTensor("int32")(img * 0 + 255),
        vision.ToTensor()(img.astype(np.float32) / 3),
        vision.NormalizePad([10.0, 20.0, 30.0], [2.0, 3.0, 4.0], "float16", False)(
            img.transpose(2, 0, 1)
        ),
        vision.Normalize([10.0], [3.0])(np.stack([img, img])),
        vision.HWC2CHW()(img),
        vision.HWC2CHW()(img[:, :, 0]),
        vision.ToType(np.int16)(img),
    ]


def _geometry(ms):
    vision = ms.dataset.vision
    stack = _images(n=2, h=4, w=5, channels=3, salt=41)
    five = stack.reshape((1,) + stack.shape)
    return [
        vision.HorizontalFlip()(stack),
        vision.VerticalFlip()(five),
        vision.HorizontalFlip()(_img()[:, :, 0]),
        vision.Resize((3, 7))(stack),
        vision.Resize((6, 3), vision.Inter.NEAREST)(five),
        vision.Rotate(90)(stack),
        vision.Crop((1, 2), (3, 2))(_img()),
        vision.Pad(2, fill_value=(5, 6, 7))(_img()),
        vision.Pad([1, 2], padding_mode=vision.Border.EDGE)(_img()),
        vision.Pad([1, 2, 3, 1], padding_mode=vision.Border.REFLECT)(_img()),
        vision.Pad(2, padding_mode=vision.Border.SYMMETRIC)(_img()[:, :, 0]),
        vision.RandomHorizontalFlip(1.0)(stack),
        vision.RandomVerticalFlip(1.0)(stack[0]),
    ]


def _pixels(ms):
    vision = ms.dataset.vision
    img = _img(h=8, w=8, salt=2)
    ramp = np.arange(256, dtype=np.uint8).reshape(16, 16)
    return [
        vision.Invert()(img),
        vision.Invert()(img.astype(np.float32)),
        vision.Solarize(100)(img),
        vision.Solarize((40, 90))(img),
        vision.Solarize(128.5)(img.astype(np.float32)),
        vision.Posterize(3)(img),
        vision.Posterize(8)(img),
        vision.AdjustGamma(2.2, 1.1)(ramp),
        vision.AdjustGamma(0.5)(ramp),
        vision.AdjustGamma(0.7, 0.9)(img),
        vision.AdjustGamma(1.5, 1.2)(img.astype(np.float32) / 255),
    ]


def _cutout(ms):
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(11)
    images = _images(n=4, h=7, w=9, channels=3, salt=43)
    out = _pipeline(ms, [vision.CutOut(3, num_patches=2)], 1, images)
    ms.dataset.config.set_seed(12)
    chw = np.ascontiguousarray(images.transpose(0, 3, 1, 2))
    return out + _pipeline(ms, [vision.CutOut(2, is_hwc=False)], 1, chw)


def _affine(ms):
    vision = ms.dataset.vision
    img = _img(h=7, w=9, salt=5)
    out = [
        vision.Affine(30, [0.5, 0.5], 1.0, [0, 0])(img),
        vision.Affine(-45, [0.1, -0.2], 1.3, [10, -5], vision.Inter.BILINEAR, (9, 8, 7))(img),
        vision.Affine(12.5, [0, 0.3], 0.8, 20, vision.Inter.BICUBIC, 4)(img[:, :, 0]),
        vision.Affine(60, [-0.2, 0.1], 1.1, 0, vision.Inter.BILINEAR)(img.astype(np.float32)),
    ]
    ms.dataset.config.set_seed(13)
    ops = [vision.RandomAffine(40, (-0.2, 0.3, -0.1, 0.1), (0.7, 1.2), (-10, 10, -5, 5))]
    out += _pipeline(ms, ops, 1, _images(n=4, h=6, w=8, channels=3, salt=45))
    ms.dataset.config.set_seed(14)
    ops = [vision.RandomAffine((10, 30), resample=vision.Inter.BILINEAR, fill_value=(1, 2, 3))]
    return out + _pipeline(ms, ops, 1, _images(n=3, h=5, w=7, channels=3, salt=46))


def _patches(ms):
    vision = ms.dataset.vision
    img = _img(h=7, w=9, salt=6)
    out = list(vision.SlicePatches(2, 4)(img))
    out += list(vision.SlicePatches(3, 2, vision.SliceMode.DROP)(img[:, :, 0]))
    out += list(vision.SlicePatches(2, 2, fill_value=9)(img))
    return out + [
        vision.PadToSize((10, 12))(img),
        vision.PadToSize(11, offset=(1, 2), fill_value=(3, 4, 5))(img),
        vision.PadToSize((9, 10), padding_mode=vision.Border.REFLECT)(img[:, :, 0]),
        vision.Erase(1, 2, 3, 4, (10, 20, 30))(img),
        vision.Erase(0, 0, 2, 2, 7.5)(img.astype(np.float32)),
    ]


def _to_pil(ms):
    vision = ms.dataset.vision
    img = _img(h=3, w=4, salt=7)
    images = [img, img[:, :, :1], img[:, :, :2], np.dstack([img, img[:, :, 0]])]
    images += [img[:, :, 0].astype(t) for t in (np.int16, np.uint16, np.float64, np.int8)]
    images.append(img[:, :, 0] > 128)
    out = []
    for image in images:
        pil = vision.ToPIL()(image)
        out += [np.array(pil.mode), np.array(pil.size), np.asarray(pil)]
    return out


def _random_pixels(ms):
    vision = ms.dataset.vision
    images = _images(n=4, h=6, w=7, channels=3, salt=47)
    out = []
    for seed, ops in enumerate(
        (
            [vision.RandomSolarize((20, 200))],
            [vision.RandomPosterize((2, 7))],
            [vision.RandomColor((0.2, 1.8))],
        )
    ):
        ms.dataset.config.set_seed(20 + seed)
        out += _pipeline(ms, ops, 1, images)
    return out


def _sharpness(ms):
    """(msfunc's 3 x 3 smoothing rounds a few pixels one unit away from OpenCV's)"""
    vision = ms.dataset.vision
    images = _images(n=4, h=6, w=7, channels=3, salt=47)
    out = [
        vision.AdjustSharpness(0.3)(images[0]),
        vision.AdjustSharpness(1.8)(images[1]),
        vision.AdjustSharpness(2.5)(images[2][:, :, 0]),
    ]
    ms.dataset.config.set_seed(23)
    out += _pipeline(ms, [vision.RandomSharpness((0.1, 1.9))], 1, images)
    ms.dataset.config.set_seed(24)
    return out + _pipeline(ms, [vision.RandomAdjustSharpness(1.7, 0.5)], 1, images)


def _colour_adjust(ms):
    vision = ms.dataset.vision
    images = _images(n=4, h=5, w=6, channels=3, salt=48)
    img = images[0]
    out = [
        vision.AdjustBrightness(1.7)(img),
        vision.AdjustBrightness(0.4)(img.astype(np.float32) / 255),
        vision.AdjustContrast(0.3)(img),
        vision.AdjustContrast(1.6)(img.astype(np.float32) / 255),
        vision.AdjustSaturation(1.9)(img),
        vision.AdjustSaturation(0.2)(img.astype(np.float32) / 255),
    ]
    for seed, ops in enumerate(
        (
            [vision.RandomColorAdjust(brightness=(0.5, 1.5), contrast=0.4)],
            [vision.RandomColorAdjust(saturation=(0.2, 1.8), brightness=0.3, contrast=(0.6, 1.2))],
        )
    ):
        ms.dataset.config.set_seed(30 + seed)
        out += _pipeline(ms, ops, 1, images)
    return out


def _hue(ms):
    vision = ms.dataset.vision
    images = _images(n=4, h=5, w=6, channels=3, salt=49)
    out = [vision.AdjustHue(0.2)(images[0]), vision.AdjustHue(-0.45)(images[1])]
    ms.dataset.config.set_seed(33)
    ops = [vision.RandomColorAdjust(brightness=0.2, hue=0.3)]
    return out + _pipeline(ms, ops, 1, images)


def _batch_mix(ms):
    vision = ms.dataset.vision
    images = _images(n=4, h=6, w=7, channels=3, salt=50)
    labels = np.eye(4, dtype=np.int32)[[0, 2, 1, 3]]
    out = []
    cases = (
        [vision.CutMixBatch(vision.ImageBatchFormat.NHWC)],
        [vision.CutMixBatch(vision.ImageBatchFormat.NHWC, alpha=0.4, prob=0.7)],
        [vision.MixUpBatch()],
        [vision.MixUpBatch(alpha=0.3)],
    )
    for seed, ops in enumerate(cases):
        ms.dataset.config.set_seed(40 + seed)
        d = ms.dataset.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
        d = d.batch(4).map(operations=ops, input_columns=["image", "label"])
        for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
            out += [row[0], row[1]]
    ms.dataset.config.set_seed(44)
    chw = np.ascontiguousarray(images.transpose(0, 3, 1, 2))
    op = vision.CutMixBatch(vision.ImageBatchFormat.NCHW, alpha=2.0)
    d = ms.dataset.NumpySlicesDataset({"image": chw, "label": labels}, shuffle=False)
    d = d.batch(4).map(operations=[op], input_columns=["image", "label"])
    for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out += [row[0], row[1]]
    return out


def _pil_crops(ms):
    from PIL import Image

    vision = ms.dataset.vision
    img = Image.fromarray(_img(h=7, w=8, salt=8))
    crops = list(vision.FiveCrop((3, 4))(img)) + list(vision.TenCrop(3)(img))
    crops += list(vision.TenCrop((4, 5), use_vertical_flip=True)(img))
    return [np.asarray(c) for c in crops]


def _resize_crops(ms):
    import io

    from PIL import Image

    vision = ms.dataset.vision
    img = _img(h=9, w=11, salt=9)
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG")
    encoded = np.frombuffer(buf.getvalue(), np.uint8)
    boxes = np.array([[1, 2, 3, 4], [0.5, 1.5, 5, 2]], np.float32)
    out = [
        vision.ResizedCrop(1, 2, 5, 6, (7, 4))(img),
        vision.ResizedCrop(0, 0, 4, 4, 6, vision.Inter.NEAREST)(img),
        *vision.ResizeWithBBox((5, 14))(img, boxes.copy()),  # (MindSpore scales them in place)
        *vision.ResizeWithBBox(6, vision.Inter.NEAREST)(img, boxes.copy()),
    ]
    # (RandomCropDecodeResize's windows are not MindSpore's draws: its shapes only)
    decoded = vision.RandomCropDecodeResize((5, 6), scale=(0.3, 0.9))(encoded)
    return out + [np.array(decoded.shape)]


def _blur(ms):
    """(msfunc rounds float sums; OpenCV's 8-bit fixed point may land a unit away)"""
    vision = ms.dataset.vision
    img = _img(h=8, w=9, salt=10)
    return [
        vision.GaussianBlur(3)(img),
        vision.GaussianBlur((5, 3), 1.5)(img),
        vision.GaussianBlur(7, (0.8, 2.0))(img[:, :, 0]),
        vision.GaussianBlur(9)(img),
    ]


def _float_blur(ms):
    """(float32 sums in another order: within a unit in the last place or so)"""
    vision = ms.dataset.vision
    img = _img(h=8, w=9, salt=10).astype(np.float32) / 255
    return [vision.GaussianBlur(3)(img), vision.GaussianBlur((5, 3), 1.5)(img)]


def _perspective(ms):
    from PIL import Image

    vision = ms.dataset.vision
    img = _img(h=9, w=11, salt=11)
    start = [[0, 0], [10, 0], [10, 8], [0, 8]]
    end = [[1, 2], [9, 0], [10, 7], [2, 8]]
    out = [
        vision.Perspective(start, end)(img),
        vision.Perspective(start, end, vision.Inter.NEAREST)(img),
        vision.Perspective(end, start, vision.Inter.BICUBIC)(img[:, :, 0]),
        np.asarray(vision.Perspective(start, end)(Image.fromarray(img))),
        vision.Perspective(start, end)(img.astype(np.float32) / 255),
    ]
    ms.dataset.config.set_seed(60)
    op = vision.RandomPerspective(0.6, 0.7)
    return out + [np.asarray(op(Image.fromarray(img))) for _ in range(4)]


def _colour_spaces(ms):
    util = ms.dataset.vision.py_transforms_util
    rgb = np.random.RandomState(44).rand(2, 4, 5, 3)
    rgb[0, 0, 0] = (0.5, 0.5, 0.5)  # grey: hue and saturation 0
    rgb[0, 0, 1] = (0.0, 0.0, 0.0)
    rgb[0, 0, 2] = (0.2, 0.9, 0.9)  # green and blue tie for the maximum
    hsv = util.rgb_to_hsvs(rgb, True)
    return [
        hsv,
        util.hsv_to_rgbs(hsv, True),
        util.rgb_to_hsvs(rgb[0].transpose(2, 0, 1), False),
        util.hsv_to_rgbs(hsv[1].transpose(2, 0, 1), False),
    ]


def _helpers(ms):
    vision = ms.dataset.vision
    return [
        np.array(vision.get_image_size(_img())),
        np.array(vision.get_image_num_channels(_img())),
        np.array(vision.get_image_num_channels(_img()[:, :, 0])),
        np.array([int(m) for m in vision.Inter]),
        np.array([m.name for m in vision.Inter]),
    ]


# compared within one unit (see `_sharpness`)
WITHIN_ONE = {"sharpness": _sharpness, "blur": _blur}

CASES = {
    "convert": _convert,
    "geometry": _geometry,
    "pixels": _pixels,
    "cutout": _cutout,
    "affine": _affine,
    "patches": _patches,
    "to_pil": _to_pil,
    "random_pixels": _random_pixels,
    "colour_adjust": _colour_adjust,
    "hue": _hue,
    "batch_mix": _batch_mix,
    "pil_crops": _pil_crops,
    "resize_crops": _resize_crops,
    "float_blur": _float_blur,
    "perspective": _perspective,
    "colour_spaces": _colour_spaces,
    "helpers": _helpers,
}

_BAD = np.zeros((4,), np.uint8)
REFUSED = {
    "resize_float_size": lambda v: v.Resize(4.5),
    "resize_negative": lambda v: v.Resize((-3, 4)),
    "resize_rank1": lambda v: v.Resize(3)(_BAD),
    "flip_list_image": lambda v: v.HorizontalFlip()([[1, 2], [3, 4]]),
    "random_flip_rank1": lambda v: v.RandomHorizontalFlip(1.0)(_BAD),
    "random_vertical_flip_rank4": lambda v: v.RandomVerticalFlip(1.0)(np.zeros((1, 2, 2, 3))),
    "rotate_str_degrees": lambda v: v.Rotate("60"),
    "rotate_rank1": lambda v: v.Rotate(30)(_BAD),
    "hwc2chw_rank4": lambda v: v.HWC2CHW()(np.zeros((1, 2, 2, 3), np.uint8)),
    "normalize_lengths": lambda v: v.Normalize([1.0, 2.0], [1.0]),
    "normalize_std_zero": lambda v: v.Normalize([1.0], [0.0]),
    "normalize_pad_dtype_value": lambda v: v.NormalizePad([1.0], [1.0], dtype="int32"),
    "normalize_pad_dtype_type": lambda v: v.NormalizePad([1.0], [1.0], dtype=1),
    "normalize_pad_rank4": lambda v: v.NormalizePad([1.0], [1.0])(np.zeros((1, 2, 2, 1))),
    "to_tensor_int64": lambda v: v.ToTensor()(np.zeros((2, 2, 3), np.int64)),
    "to_tensor_rank4": lambda v: v.ToTensor()(np.zeros((1, 2, 2, 3), np.uint8)),
    "to_tensor_type": lambda v: v.ToTensor(output_type="junk"),
    "invert_rank2": lambda v: v.Invert()(np.zeros((2, 2), np.uint8)),
    "invert_tuple": lambda v: v.Invert()((10,)),
    "solarize_range": lambda v: v.Solarize(300),
    "solarize_order": lambda v: v.Solarize((9, 1)),
    "solarize_str": lambda v: v.Solarize("a"),
    "posterize_float_bits": lambda v: v.Posterize(2.5),
    "posterize_bits_range": lambda v: v.Posterize(9),
    "posterize_float_image": lambda v: v.Posterize(3)(np.zeros((2, 2, 3), np.float32)),
    "gamma_negative": lambda v: v.AdjustGamma(-1.0),
    "gamma_str_gain": lambda v: v.AdjustGamma(1.0, "b"),
    "gamma_four_channels": lambda v: v.AdjustGamma(0.5)(np.zeros((2, 2, 4), np.uint8)),
    "cutout_length": lambda v: v.CutOut(0),
    "cutout_too_large": lambda v: v.CutOut(5)(np.zeros((3, 3, 3), np.uint8)),
    "affine_degrees_list": lambda v: v.Affine([15.0], [0, 0], 1.0, 0),
    "affine_translate_range": lambda v: v.Affine(0, [2, 0], 1.0, 0),
    "affine_scale_zero": lambda v: v.Affine(0, [0, 0], 0.0, 0),
    "affine_shear_length": lambda v: v.Affine(0, [0, 0], 1.0, [1, 2, 3]),
    "affine_resample_type": lambda v: v.Affine(0, [0, 0], 1.0, 0, resample=1),
    "random_affine_negative": lambda v: v.RandomAffine(-3),
    "random_affine_translate": lambda v: v.RandomAffine(3, translate=(-2, 1)),
    "random_affine_scale_order": lambda v: v.RandomAffine(3, scale=(2, 1)),
    "random_affine_shear_size": lambda v: v.RandomAffine(3, shear=(1, 2, 3)),
    "random_affine_degrees_size": lambda v: v.RandomAffine([1, 2, 3]),
    "slice_zero": lambda v: v.SlicePatches(0, 2),
    "slice_mode_type": lambda v: v.SlicePatches(2, 2, 1),
    "slice_fill": lambda v: v.SlicePatches(2, 2, v.SliceMode.PAD, -1),
    "slice_too_many": lambda v: v.SlicePatches(5, 1)(np.zeros((3, 3), np.uint8)),
    "pad_to_size_float": lambda v: v.PadToSize(3.5),
    "pad_to_size_empty": lambda v: v.PadToSize(()),
    "pad_to_size_small": lambda v: v.PadToSize(2)(np.zeros((3, 3), np.uint8)),
    "pad_to_size_offset": lambda v: v.PadToSize(10, offset="5"),
    "erase_top": lambda v: v.Erase(-1, 0, 1, 1),
    "erase_value": lambda v: v.Erase(0, 0, 1, 1, (1, 2)),
    "erase_inplace": lambda v: v.Erase(0, 0, 1, 1, 0, 1),
    "erase_box": lambda v: v.Erase(0, 0, 5, 1)(np.zeros((3, 3, 3), np.uint8)),
    "to_pil_list": lambda v: v.ToPIL()([[1, 2]]),
    "to_pil_rank4": lambda v: v.ToPIL()(np.zeros((2, 2, 4, 3), np.uint8)),
    "to_pil_channels": lambda v: v.ToPIL()(np.zeros((2, 2, 5), np.uint8)),
    "to_pil_float_rgb": lambda v: v.ToPIL()(np.zeros((2, 2, 3), np.float32)),
    "to_pil_int64": lambda v: v.ToPIL()(np.zeros((2, 2), np.int64)),
    "read_video_name_type": lambda v: v.read_video(0),
    "read_video_start": lambda v: v.read_video("missing.avi", -1),
    "read_video_end_type": lambda v: v.read_video("missing.avi", 0, "9"),
    "read_video_end_order": lambda v: v.read_video("missing.avi", 5, 1),
    "read_video_unit": lambda v: v.read_video("missing.avi", pts_unit="min"),
    "read_video_missing": lambda v: v.read_video("missing.avi"),
    "read_video_directory": lambda v: v.read_video(os.path.dirname(GOLDEN_PATH)),
    "timestamps_unit_type": lambda v: v.read_video_timestamps("missing.avi", 0),
    "timestamps_unit": lambda v: v.read_video_timestamps("missing.avi", "min"),
    "timestamps_missing": lambda v: v.read_video_timestamps("missing.avi"),
    "decode_video_type": lambda v: v.DecodeVideo()("abc"),
    "decode_video_rank2": lambda v: v.DecodeVideo()(np.zeros((2, 2), np.uint8)),
    "decode_video_float": lambda v: v.DecodeVideo()(np.zeros((4,), np.float32)),
    "decode_video_empty": lambda v: v.DecodeVideo()(np.zeros((0,), np.uint8)),
    "random_solarize_list": lambda v: v.RandomSolarize([0, 9]),
    "random_solarize_order": lambda v: v.RandomSolarize((9, 0)),
    "random_posterize_range": lambda v: v.RandomPosterize(0),
    "random_posterize_float": lambda v: v.RandomPosterize((1.5, 2)),
    "random_color_number": lambda v: v.RandomColor(0.5),
    "random_color_order": lambda v: v.RandomColor((1.5, 0.5)),
    "random_color_gray": lambda v: v.RandomColor()(np.zeros((2, 2), np.uint8)),
    "random_sharpness_size": lambda v: v.RandomSharpness((0.1, 0.5, 0.9)),
    "adjust_sharpness_negative": lambda v: v.AdjustSharpness(-1.0),
    "random_adjust_sharpness_prob": lambda v: v.RandomAdjustSharpness(1.0, 1.5),
    "random_adjust_sharpness_str": lambda v: v.RandomAdjustSharpness("1"),
    "color_adjust_negative": lambda v: v.RandomColorAdjust(brightness=-1),
    "color_adjust_order": lambda v: v.RandomColorAdjust(contrast=(2, 1)),
    "color_adjust_size": lambda v: v.RandomColorAdjust(saturation=(1, 2, 3)),
    "color_adjust_hue": lambda v: v.RandomColorAdjust(hue=0.7),
    "color_adjust_float64": lambda v: v.RandomColorAdjust(contrast=0.5)(np.zeros((2, 2, 3))),
    "color_adjust_gray": lambda v: v.RandomColorAdjust(contrast=0.5)(np.zeros((2, 2), np.uint8)),
    "adjust_hue_range": lambda v: v.AdjustHue(0.7),
    "adjust_brightness_negative": lambda v: v.AdjustBrightness(-0.1),
    "uniform_augment_many": lambda v: v.UniformAugment([v.Invert()], 2),
    "uniform_augment_zero": lambda v: v.UniformAugment([v.Invert()], 0),
    "uniform_augment_float": lambda v: v.UniformAugment([v.Invert()], 1.5),
    "cutmix_alpha": lambda v: v.CutMixBatch(v.ImageBatchFormat.NHWC, alpha=0),
    "cutmix_prob": lambda v: v.CutMixBatch(v.ImageBatchFormat.NHWC, prob=1.5),
    "cutmix_format": lambda v: v.CutMixBatch("NHWC"),
    "cutmix_batch_sizes": lambda v: v.CutMixBatch(v.ImageBatchFormat.NHWC)(
        np.zeros((3, 4, 4, 3), np.uint8), np.eye(2, dtype=np.int32)
    ),
    "cutmix_str_labels": lambda v: v.CutMixBatch(v.ImageBatchFormat.NHWC)(
        np.zeros((2, 4, 4, 3), np.uint8), np.array([["a"], ["b"]])
    ),
    "mixup_alpha": lambda v: v.MixUpBatch(-1.0),
    "mixup_str_labels": lambda v: v.MixUpBatch()(
        np.zeros((2, 4, 4, 3), np.uint8), np.array([["a"], ["b"]])
    ),
    "ten_crop_size_list": lambda v: v.TenCrop([2, 3, 4]),
    "ten_crop_negative": lambda v: v.TenCrop(-2),
    "ten_crop_flip_type": lambda v: v.TenCrop(2, 1),
    "five_crop_numpy": lambda v: v.FiveCrop(2)(np.zeros((4, 4, 3), np.uint8)),
    "hwc2chw_two_inputs": lambda v: v.HWC2CHW()(np.zeros((2, 2, 3)), np.zeros((2, 2, 3))),
    "rotate_two_inputs": lambda v: v.Rotate(30)(np.zeros((2, 2, 3)), np.zeros((2, 2, 3))),
    "rotation_bicubic_five": lambda v: v.RandomRotation((90, 90), resample=v.Inter.BICUBIC)(
        np.zeros((6, 4, 5), np.float32)
    ),
    "affine_bicubic_five": lambda v: v.Affine(10, [0, 0], 1.0, 0, v.Inter.BICUBIC)(
        np.zeros((6, 4, 5), np.float32)
    ),
    "resized_crop_outside": lambda v: v.ResizedCrop(5, 5, 4, 4, 2)(np.zeros((6, 6, 3), np.uint8)),
    "resized_crop_top": lambda v: v.ResizedCrop(-1, 0, 4, 4, 2),
    "resized_crop_inter": lambda v: v.ResizedCrop(0, 0, 4, 4, 2, "bilinear"),
    "resize_bbox_inter": lambda v: v.ResizeWithBBox(4, interpolation="nearest"),
    "resize_bbox_size": lambda v: v.ResizeWithBBox(-4),
    "crop_decode_resize_size": lambda v: v.RandomCropDecodeResize(-2),
    "crop_decode_resize_scale": lambda v: v.RandomCropDecodeResize(2, scale=(0.9, 0.1)),
    "blur_even": lambda v: v.GaussianBlur(4),
    "blur_float_size": lambda v: v.GaussianBlur(3.0),
    "blur_size_length": lambda v: v.GaussianBlur([3, 3, 3]),
    "blur_sigma_negative": lambda v: v.GaussianBlur(3, -1.0),
    "blur_sigma_str": lambda v: v.GaussianBlur(3, "1"),
    "perspective_points": lambda v: v.Perspective([[0, 0]], [[0, 0]]),
    "perspective_float_points": lambda v: v.Perspective([[0.5, 0]] * 4, [[0, 0]] * 4),
    "random_perspective_scale": lambda v: v.RandomPerspective(1.5),
    "random_perspective_int_prob": lambda v: v.RandomPerspective(0.5, 1),
    "random_perspective_numpy": lambda v: v.RandomPerspective(0.5, 1.0)(
        np.zeros((4, 4, 3), np.uint8)
    ),
    "resize_inter_none": lambda v: v.Resize(4, None),
    "resize_bbox_inter_none": lambda v: v.ResizeWithBBox(4, None),
    "crop_outside": lambda v: v.Crop((2, 2), 3)(np.zeros((4, 4, 3), np.uint8)),
    "pad_negative": lambda v: v.Pad(-1),
    "image_size_rank1": lambda v: v.get_image_size(_BAD),
    "image_size_list": lambda v: v.get_image_size([1, 2]),
    "hsv_rank2": lambda v: v.py_transforms_util.rgb_to_hsvs(np.zeros((2, 3)), True),
}


def run_case(ms, name):
    return [np.asarray(v) for v in {**CASES, **WITHIN_ONE}[name](ms)]


def refused(ms, name):
    """The class name of the exception the bad input raises ("" when none is raised)."""
    import importlib

    vision = ms.dataset.vision
    importlib.import_module(vision.__name__ + ".py_transforms_util")
    try:
        REFUSED[name](vision)
    except Exception as error:  # noqa: BLE001 - its type is the golden value
        return type(error).__name__
    return ""


def main():
    import mindspore as ms
    import mindspore.dataset  # noqa: F401
    import mindspore.dataset.vision  # noqa: F401

    arrays = {}
    for name in {**CASES, **WITHIN_ONE}:
        for i, value in enumerate(run_case(ms, name)):
            arrays[f"{name}/{i}"] = value
    for name in REFUSED:
        arrays[f"refused/{name}"] = np.array(refused(ms, name))
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
