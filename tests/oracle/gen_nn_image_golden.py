"""Golden values from real MindSpore 2.10 for the image, unpooling, fractional pooling, channel
shuffle, LPPool and padding Cells (tests/golden/nn_image.json).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_image

Each case is a function ``case(ms, nn, mk)`` returning a tensor or a tuple of tensors: the same
text runs MindSpore here (graph mode, where MindSpore's image Cells work) and msfunc in
``tests/nn/test_nn_image_golden.py``. ``mk`` makes deterministic numpy inputs. Cases named
``err_*`` record only the exception type MindSpore raises. This module must not import
MindSpore or msfunc at top level: the msfunc test imports it.
"""

import json
import os
import sys
import zlib

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_image.json"
)


def make_input(case_name, index, shape, kind="u"):
    """A deterministic numpy input: 'u' uniform [0, 1) float32, 'f' normal float32,
    'u8' uint8 0..255, 'perm<K>' distinct ints < K along the last axis (int64)."""
    rng = np.random.default_rng(zlib.crc32(f"{case_name}/{index}".encode()))
    if kind == "u":
        return rng.uniform(size=shape).astype(np.float32)
    if kind == "f":
        return rng.normal(size=shape).astype(np.float32)
    if kind == "u8":
        return rng.integers(0, 256, size=shape).astype(np.uint8)
    if kind.startswith("perm"):
        k = int(kind[4:])
        rows = [rng.permutation(k)[: shape[-1]] for _ in range(int(np.prod(shape[:-1])))]
        return np.asarray(rows, np.int64).reshape(shape)
    raise ValueError(kind)


def _pair(mk, shape, noise=0.1, kind="u"):
    """Two images: a random one and a noisy copy of it (so similarities are neither 0 nor 1)."""
    a = mk(shape, kind)
    return a, np.clip(a + noise * mk(shape, "f"), 0.0, 1.0).astype(a.dtype)


def _loss_cell(ms, nn, inner):
    """A Cell summing `inner`'s output over its two image inputs, for a gradient."""

    class SumOf(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = inner

        def construct(self, a, b):
            return self.inner(a, b).sum()

    return SumOf()


# --------------------------------------------------------------------------- cases
def ssim_default(ms, nn, mk):
    a, b = _pair(mk, (2, 3, 16, 16))
    return nn.SSIM()(ms.Tensor(a), ms.Tensor(b))


def ssim_params_f16(ms, nn, mk):
    a, b = _pair(mk, (1, 2, 9, 10))
    net = nn.SSIM(max_val=2, filter_size=4, filter_sigma=0.8, k1=0.02, k2=0.05)
    return net(ms.Tensor(a.astype(np.float16)), ms.Tensor(b.astype(np.float16)))


def ssim_grad(ms, nn, mk):
    a, b = _pair(mk, (1, 2, 8, 9), noise=0.3)
    net = _loss_cell(ms, nn, nn.SSIM(filter_size=5, filter_sigma=1.0))
    return ms.grad(net)(ms.Tensor(a), ms.Tensor(b))


def msssim_float(ms, nn, mk):
    a, b = _pair(mk, (2, 2, 16, 16))
    return nn.MSSSIM(power_factors=(0.2, 0.3, 0.5), filter_size=3)(ms.Tensor(a), ms.Tensor(b))


def msssim_uint8(ms, nn, mk):
    a = mk((1, 2, 16, 18), "u8")
    b = np.clip(a + 30.0 * mk((1, 2, 16, 18), "f"), 0, 255).astype(np.uint8)
    net = nn.MSSSIM(max_val=255, power_factors=[0.4, 0.6], filter_size=5, filter_sigma=1.0)
    return net(ms.Tensor(a), ms.Tensor(b))


def msssim_grad(ms, nn, mk):
    a, b = _pair(mk, (1, 1, 12, 12), noise=0.3)
    net = _loss_cell(ms, nn, nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=3))
    return ms.grad(net)(ms.Tensor(a), ms.Tensor(b))


def psnr_float(ms, nn, mk):
    a, b = _pair(mk, (2, 3, 5, 4))
    return nn.PSNR(max_val=2.0)(ms.Tensor(a), ms.Tensor(b))


def psnr_uint8(ms, nn, mk):
    a, b = mk((2, 1, 4, 4), "u8"), mk((2, 1, 4, 4), "u8")
    return nn.PSNR(max_val=255)(ms.Tensor(a), ms.Tensor(b))


def psnr_grad(ms, nn, mk):
    a, b = _pair(mk, (1, 2, 3, 3))
    return ms.grad(_loss_cell(ms, nn, nn.PSNR()))(ms.Tensor(a), ms.Tensor(b))


def central_crop_3d(ms, nn, mk):
    return nn.CentralCrop(0.3)(ms.Tensor(mk((2, 7, 9))))


def central_crop_4d(ms, nn, mk):
    return nn.CentralCrop(0.55)(ms.Tensor(mk((1, 2, 5, 6))))


def image_gradients(ms, nn, mk):
    return nn.ImageGradients()(ms.Tensor(mk((2, 2, 3, 4), "f")))


def image_gradients_one_row(ms, nn, mk):
    return nn.ImageGradients()(ms.Tensor(np.arange(6, dtype=np.int32).reshape(1, 2, 1, 3)))


def channel_shuffle_4d(ms, nn, mk):
    return nn.ChannelShuffle(3)(ms.Tensor(mk((2, 6, 2, 3))))


def channel_shuffle_5d_int(ms, nn, mk):
    return nn.ChannelShuffle(2)(ms.Tensor(np.arange(32, dtype=np.int32).reshape(1, 4, 2, 2, 2)))


def max_unpool1d(ms, nn, mk):
    x, idx = mk((2, 3, 4), "f"), mk((2, 3, 4), "perm9")
    return nn.MaxUnpool1d(3, stride=2)(ms.Tensor(x), ms.Tensor(idx))


def max_unpool2d_padding(ms, nn, mk):
    x, idx = mk((1, 2, 3, 3), "f"), mk((1, 2, 9), "perm16").reshape(1, 2, 3, 3)
    return nn.MaxUnpool2d((2, 2), (2, 2), 1)(ms.Tensor(x), ms.Tensor(idx))


def max_unpool2d_output_size(ms, nn, mk):
    x, idx = mk((2, 2, 2), "f"), mk((2, 4), "perm25").reshape(2, 2, 2)
    return nn.MaxUnpool2d(2)(ms.Tensor(x), ms.Tensor(idx.astype(np.int32)), (5, 5))


def max_unpool3d(ms, nn, mk):
    x, idx = mk((1, 1, 2, 2, 2), "f"), mk((1, 1, 8), "perm27").reshape(1, 1, 2, 2, 2)
    return nn.MaxUnpool3d(2, 1)(ms.Tensor(x), ms.Tensor(idx))


def frac_pool2d_size(ms, nn, mk):
    samples = ms.Tensor(np.array([[[0.3, 0.7], [0.9, 0.1]]], np.float32).repeat(2, 0))
    net = nn.FractionalMaxPool2d(
        2, output_size=(3, 4), return_indices=True, _random_samples=samples
    )
    return net(ms.Tensor(mk((2, 2, 7, 9))))


def frac_pool2d_ratio_unbatched(ms, nn, mk):
    samples = ms.Tensor(np.array([[[0.25, 0.6]]], np.float32))
    net = nn.FractionalMaxPool2d((3, 2), output_ratio=(0.5, 0.4), _random_samples=samples)
    return net(ms.Tensor(mk((1, 8, 10))))


def frac_pool3d(ms, nn, mk):
    samples = ms.Tensor(np.array([[[0.2, 0.5, 0.9], [0.6, 0.0, 0.4]]], np.float32))
    net = nn.FractionalMaxPool3d(
        (2, 2, 1), output_size=(2, 3, 3), return_indices=True, _random_samples=samples
    )
    return net(ms.Tensor(mk((1, 2, 5, 6, 7))))


def lp_pool1d_unbatched(ms, nn, mk):
    return nn.LPPool1d(norm_type=2, kernel_size=2, stride=1)(ms.Tensor(mk((3, 5))))


def constant_pad2d_short(ms, nn, mk):
    return nn.ConstantPad2d((0, 1), 0.5)(ms.Tensor(mk((1, 2, 3, 4))))


def constant_pad3d_short_negative(ms, nn, mk):
    return nn.ConstantPad3d((1, 0, -1, 2), -1.0)(ms.Tensor(mk((1, 2, 3, 4))))


def zero_pad2d_short(ms, nn, mk):
    return nn.ZeroPad2d((1, 2))(ms.Tensor(mk((2, 3, 4))))


def reflection_pad2d_short(ms, nn, mk):
    return nn.ReflectionPad2d((1, 2))(ms.Tensor(mk((2, 3, 4))))


def reflection_pad1d_two_dims(ms, nn, mk):
    return nn.ReflectionPad1d((1, 2, 1, 0))(ms.Tensor(mk((1, 3, 4))))


ERRORS = {
    "err_ssim_max_val_str": lambda ms, nn, mk: nn.SSIM("1"),
    "err_ssim_k1_int": lambda ms, nn, mk: nn.SSIM(k1=1),
    "err_ssim_sigma_int": lambda ms, nn, mk: nn.SSIM(filter_sigma=1),
    "err_ssim_size_bool": lambda ms, nn, mk: nn.SSIM(filter_size=True),
    "err_ssim_float64": lambda ms, nn, mk: nn.SSIM()(
        ms.Tensor(mk((1, 1, 12, 12)).astype(np.float64)),
        ms.Tensor(mk((1, 1, 12, 12)).astype(np.float64)),
    ),
    "err_ssim_too_small": lambda ms, nn, mk: nn.SSIM()(
        ms.Tensor(mk((1, 1, 8, 8))), ms.Tensor(mk((1, 1, 8, 8)))
    ),
    "err_ssim_3d": lambda ms, nn, mk: nn.SSIM()(
        ms.Tensor(mk((1, 12, 12))), ms.Tensor(mk((1, 12, 12)))
    ),
    "err_ssim_shape": lambda ms, nn, mk: nn.SSIM()(
        ms.Tensor(mk((1, 1, 12, 12))), ms.Tensor(mk((1, 1, 12, 13)))
    ),
    "err_msssim_int32": lambda ms, nn, mk: nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=3)(
        ms.Tensor(np.ones((1, 1, 8, 8), np.int32)), ms.Tensor(np.ones((1, 1, 8, 8), np.int32))
    ),
    "err_msssim_power_factors_float": lambda ms, nn, mk: nn.MSSSIM(power_factors=0.5),
    "err_psnr_dtype": lambda ms, nn, mk: nn.PSNR()(
        ms.Tensor(mk((1, 1, 2, 2))), ms.Tensor(mk((1, 1, 2, 2)).astype(np.float16))
    ),
    "err_psnr_max_val_list": lambda ms, nn, mk: nn.PSNR([1.0]),
    "err_image_gradients_3d": lambda ms, nn, mk: nn.ImageGradients()(ms.Tensor(mk((2, 3, 4)))),
    "err_central_crop_2d": lambda ms, nn, mk: nn.CentralCrop(0.5)(ms.Tensor(mk((4, 4)))),
    "err_central_crop_above_one": lambda ms, nn, mk: nn.CentralCrop(1.5),
    "err_channel_shuffle_float": lambda ms, nn, mk: nn.ChannelShuffle(2.0),
    "err_channel_shuffle_zero": lambda ms, nn, mk: nn.ChannelShuffle(0),
    "err_unpool_output_size_list": lambda ms, nn, mk: nn.MaxUnpool2d(2)(
        ms.Tensor(mk((1, 1, 2, 2))), ms.Tensor(np.array([[[[0, 3], [8, 15]]]])), [4, 4]
    ),
    "err_unpool_output_size_far": lambda ms, nn, mk: nn.MaxUnpool2d(2)(
        ms.Tensor(mk((1, 1, 2, 2))), ms.Tensor(np.array([[[[0, 3], [8, 15]]]])), (6, 6)
    ),
    "err_unpool_indices_float": lambda ms, nn, mk: nn.MaxUnpool2d(2)(
        ms.Tensor(mk((1, 1, 2, 2))), ms.Tensor(mk((1, 1, 2, 2)))
    ),
    "err_unpool_kernel_float": lambda ms, nn, mk: nn.MaxUnpool2d(2.0)(
        ms.Tensor(mk((1, 1, 2, 2))), ms.Tensor(np.array([[[[0, 3], [8, 15]]]]))
    ),
    "err_unpool_padding_negative": lambda ms, nn, mk: nn.MaxUnpool2d(2, 2, -1)(
        ms.Tensor(mk((1, 1, 2, 2))), ms.Tensor(np.array([[[[0, 3], [8, 15]]]]))
    ),
    "err_lp_pool2d_unbatched": lambda ms, nn, mk: nn.LPPool2d(1, 2, 1)(ms.Tensor(mk((2, 3, 4)))),
    "err_constant_pad1d_four": lambda ms, nn, mk: nn.ConstantPad1d((1, 1, 1, 1), 0.0),
    "err_constant_pad2d_odd": lambda ms, nn, mk: nn.ConstantPad2d((1, 1, 1), 0.0),
    "err_constant_pad2d_list": lambda ms, nn, mk: nn.ConstantPad2d([1, 1], 0.0),
    "err_constant_pad_value_str": lambda ms, nn, mk: nn.ConstantPad1d(1, "0"),
    "err_reflection_pad_list": lambda ms, nn, mk: nn.ReflectionPad2d([1, 1]),
    "err_reflection_pad_negative": lambda ms, nn, mk: nn.ReflectionPad1d((-1, 1)),
}

CASES = {
    name: fn
    for name, fn in globals().items()
    if callable(fn)
    and getattr(fn, "__module__", None) == __name__
    and not name.startswith(("_", "make_", "run_", "main"))
}
CASES.update(ERRORS)


def _to_list(value):
    if isinstance(value, (tuple, list)):
        return [_to_list(v) for v in value]
    arr = value.asnumpy() if hasattr(value, "asnumpy") else np.asarray(value)
    return {
        "shape": list(arr.shape),
        "dtype": str(arr.dtype),
        "v": [None if not np.isfinite(v) else float(v) for v in arr.astype(np.float64).ravel()],
    }


def run_case(ms, nn, name):
    """Run case `name` with framework `ms`; a json-able record of its output."""
    counter = iter(range(100))

    def mk(shape, kind="u"):
        return make_input(name, next(counter), shape, kind)

    return {"out": _to_list(CASES[name](ms, nn, mk))}


def main():
    import mindspore as ms
    from mindspore import nn

    # MindSpore's image Cells only run in graph mode (pynative fails on a scalar cast)
    ms.set_context(mode=ms.GRAPH_MODE)
    golden = {"__meta__": {"mindspore": ms.__version__}}
    for name in CASES:
        try:
            golden[name] = run_case(ms, nn, name)
        except Exception as exc:  # noqa: BLE001 - a MindSpore failure is recorded, not fatal
            golden[name] = {"error": type(exc).__name__}
            if not name.startswith("err_"):
                print(f"{name}: {type(exc).__name__}: {str(exc)[:300]}", file=sys.stderr)
        if name.startswith("err_") and "error" not in golden[name]:
            print(f"{name}: MindSpore raised nothing", file=sys.stderr)
    with open(GOLDEN_PATH + ".tmp", "w") as f:
        json.dump(golden, f, separators=(",", ":"))
    os.replace(GOLDEN_PATH + ".tmp", GOLDEN_PATH)
    print(f"wrote {len(CASES)} cases to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
