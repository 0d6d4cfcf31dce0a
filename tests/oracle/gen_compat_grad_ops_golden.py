"""Generate tests/golden/compat_grad_ops.npz from real MindSpore 2.10's gradient primitives
(``ops.operations._grad_ops``, and ``ops.auto_generate`` for those only generated there).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py compat_grad_ops

Each case is (primitive name, constructor kwargs, call inputs); the npz holds the inputs
(``CASE/in0`` ...) and MindSpore's outputs (``CASE/out0`` ...), and ``cases`` lists the
names and kwargs as JSON so tests/compat/test_compat_grad_ops.py replays the same calls on msfunc.
"""

import json
import os
import sys

import numpy as np

rng = np.random.RandomState(7)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


IMG = f32(2, 3, 4, 4)
IMG6 = f32(1, 2, 6, 6)
UNIT = f32(5, lo=-0.9, hi=0.9)
POS = f32(5, lo=1.2, hi=3.0)
DOUT5 = f32(5)

CASES = [
    ("ReluGrad", {}, [f32(3, 4), f32(3, 4)]),
    ("ReLU6Grad", {}, [f32(3, 4), f32(3, 4, lo=-2, hi=8)]),
    ("BiasAddGrad", {}, [f32(2, 3, 4)]),
    ("BiasAddGrad", {"data_format": "NHWC"}, [f32(2, 3, 4)]),
    ("MaxPoolGrad", {"kernel_size": 2, "strides": 2}, [IMG, None, f32(2, 3, 2, 2)]),
    (
        "MaxPoolGrad",
        {"kernel_size": 3, "strides": 2, "pad_mode": "SAME"},
        [IMG6, None, f32(1, 2, 3, 3)],
    ),
    ("MaxPoolGradWithArgmax", {"kernel_size": 2, "strides": 2}, [IMG, f32(2, 3, 2, 2), None]),
    ("AvgPoolGrad", {"kernel_size": 2, "strides": 1}, [IMG, None, f32(2, 3, 3, 3)]),
    (
        "AvgPoolGrad",
        {"kernel_size": 3, "strides": 2, "pad_mode": "SAME"},
        [IMG6, None, f32(1, 2, 3, 3)],
    ),
    (
        "BatchNormGrad",
        {"is_training": True},
        [f32(2, 3, 2, 2), IMG[:, :, :2, :2].copy(), f32(3, lo=0.5, hi=2), None, None, None],
    ),
    (
        "BatchNormGrad",
        {"is_training": False, "epsilon": 1e-3},
        [
            f32(2, 3, 2, 2),
            IMG[:, :, :2, :2].copy(),
            f32(3, lo=0.5, hi=2),
            f32(3),
            f32(3, lo=0.5, hi=2),
            f32(3),
        ],
    ),
    ("ResizeBilinearGrad", {}, [f32(1, 2, 5, 3), IMG6[:, :, :3, :4].copy()]),
    ("ResizeBilinearGrad", {"align_corners": True}, [f32(1, 2, 5, 3), IMG6[:, :, :3, :4].copy()]),
    (
        "ResizeBilinearGrad",
        {"half_pixel_centers": True},
        [f32(1, 2, 2, 7), IMG6[:, :, :3, :4].copy()],
    ),
    (
        "Conv2DBackpropFilter",
        {"out_channel": 4, "kernel_size": 3},
        [f32(2, 4, 2, 2), IMG, (4, 3, 3, 3)],
    ),
    (
        "CdistGrad",
        {"p": 3.0},
        [f32(2, 3, 4), f32(2, 3, 2), f32(2, 4, 2), f32(2, 3, 4, lo=0.5, hi=2.0)],
    ),
    ("CdistGrad", {"p": 1.0}, [f32(3, 4), f32(3, 2), f32(4, 2), f32(3, 4, lo=0.5, hi=2.0)]),
    ("ACosGrad", {}, [UNIT, DOUT5]),
    ("AsinGrad", {}, [UNIT, DOUT5]),
    ("AtanGrad", {}, [UNIT * 3, DOUT5]),
    (
        "AtanGrad",
        {},
        [
            (UNIT + 0.5j * POS).astype(np.complex64),  # conjugate derivative
            (DOUT5 - 1j * UNIT).astype(np.complex64),
        ],
    ),
    ("AcoshGrad", {}, [POS, DOUT5]),
    ("AsinhGrad", {}, [UNIT * 2, DOUT5]),
    ("SqrtGrad", {}, [POS, DOUT5]),
    ("RsqrtGrad", {}, [POS, DOUT5]),
    ("TanhGrad", {}, [UNIT, DOUT5]),
    ("SigmoidGrad", {}, [UNIT * 0.5 + 0.5, DOUT5]),
    ("ReciprocalGrad", {}, [POS, DOUT5]),
    ("InvGrad", {}, [POS, DOUT5]),
    ("EluGrad", {}, [f32(2, 3, lo=-3, hi=3), f32(2, 3, lo=-0.99, hi=2)]),
    ("EluGrad", {}, [f32(6).astype(np.float16), f32(6, lo=-0.99, hi=2).astype(np.float16)]),
    ("DropoutGrad", {"keep_prob": 0.7}, [f32(2, 3, lo=-20, hi=20), (f32(2, 3) > 0) * 1.0]),
    (
        "DropoutGrad",
        {"keep_prob": 0.7},
        [f32(6, lo=-20, hi=20).astype(np.float16), ((f32(6) > 0) * 1.0).astype(np.float16)],
    ),
    (
        "DropoutGrad",
        {"keep_prob": 0.3},
        [f32(6, lo=-20, hi=20).astype(np.float64), (f32(6) > 0).astype(np.float32)],
    ),
]


def _fill_batch_norm(inputs):
    """Training BatchNormGrad takes the batch statistics BatchNorm saved (biased variance)."""
    dout, x, scale, mean, var, reserve = inputs
    if mean is None:
        mean, var = x.mean((0, 2, 3)), x.var((0, 2, 3))
        reserve = var
    return [dout, x, scale, mean, var, reserve]


def main(out_path, cases=None):
    """Run `cases` (default: `CASES`) under MindSpore and write their inputs and outputs."""
    cases = CASES if cases is None else cases
    import mindspore as ms
    from mindspore import Tensor
    from mindspore.ops import auto_generate as gen
    from mindspore.ops import operations as P
    from mindspore.ops.operations import _grad_ops as G

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    arrays, index = {}, []
    for i, (name, kwargs, inputs) in enumerate(cases):
        if name == "BatchNormGrad":
            inputs = _fill_batch_norm(inputs)
        if name in ("MaxPoolGrad", "AvgPoolGrad"):  # `out` is the forward output
            fwd = getattr(P, name[:-4])(**kwargs)
            inputs = [inputs[0], fwd(Tensor(inputs[0])).asnumpy(), inputs[2]]
        if name == "MaxPoolGradWithArgmax":  # argmax as MaxPoolWithArgmax gives it
            fwd = P.MaxPoolWithArgmax(**kwargs)
            inputs = [inputs[0], inputs[1], fwd(Tensor(inputs[0]))[1].asnumpy()]
        op = (getattr(G, name, None) or getattr(gen, name))(**kwargs)
        args = [Tensor(a) if isinstance(a, np.ndarray) else a for a in inputs]
        out = op(*args)
        outs = out if isinstance(out, tuple) else (out,)
        key = f"c{i:02d}"
        for j, a in enumerate(inputs):
            arrays[f"{key}/in{j}"] = np.asarray(a)
        for j, o in enumerate(outs):
            arrays[f"{key}/out{j}"] = o.asnumpy()
        index.append(
            {"key": key, "name": name, "kwargs": kwargs, "n_in": len(inputs), "n_out": len(outs)}
        )
    arrays["cases"] = np.array(json.dumps(index))
    tmp = out_path + ".tmp.npz"
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, out_path)
    print(f"wrote {len(index)} cases to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "golden", "compat_grad_ops.npz")
    main(sys.argv[1] if len(sys.argv) > 1 else default)
