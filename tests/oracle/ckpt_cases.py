"""The values in the cross-framework checkpoint fixtures, shared by MindSpore and msfunc.

Plain numpy (no MindSpore, no msfunc), so both interpreters import it. Floats include
-0.0, infinities and a NaN with a payload, so a load that is not bit-exact shows.
bfloat16 values are given as float32 that bfloat16 holds exactly. No empty tensor: MindSpore
2.10 silently leaves zero-size tensors out of a .ckpt it saves (msfunc keeps them).
"""

import numpy as np

NAN_PAYLOAD = np.array([0x7FC12345], np.uint32).view(np.float32)[0]


def cases():
    """Ordered list of (name, dtype name, numpy values): the fixture's entries."""
    f = [[1.5, -2.25, 3.0e-8], [-0.0, np.inf, NAN_PAYLOAD]]
    return [
        ("net.w_f32", "float32", np.array(f, np.float32)),
        ("net.s_f32", "float32", np.array(-7.125, np.float32)),
        ("net.w_f16", "float16", np.array([[0.5, -1.0e-4], [65504.0, -np.inf]], np.float16)),
        ("net.w_bf16", "bfloat16", np.array([1.0, -2.5, 0.0078125, 2.0**100], np.float32)),
        ("net.w_f64", "float64", np.array([[np.pi], [-1e-300]], np.float64)),
        ("net.i32", "int32", np.array([[-(2**31), 2**31 - 1, 0]], np.int32)),
        ("net.i64", "int64", np.array([2**40 + 3, -5], np.int64)),
        ("net.s_i64", "int64", np.array(-(2**62), np.int64)),
        ("net.u8", "uint8", np.arange(250, 256, dtype=np.uint8).reshape(2, 3)),
        ("net.mask", "bool", np.array([[True, False, True]], np.bool_)),
    ]


# Extra entries saved through `append_dict` (MindSpore: int -> Int64, float -> Float32).
APPEND = {"epoch_num": 3, "lr": 0.5, "use_amp": True, "note": "hello \u2713"}

# A small network: Parameter names and values MindSpore gives nn.Dense / SequentialCell.
DENSE_W1 = np.arange(6, dtype=np.float32).reshape(2, 3) / 8
DENSE_B1 = np.array([0.25, -0.5], np.float32)
DENSE_W2 = np.array([[1.0, -1.0], [0.5, 2.0]], np.float32)
DENSE_B2 = np.array([0.0, 1.0], np.float32)
DENSE_W3 = np.array([[3.0, -0.125]], np.float32)
DENSE_B3 = np.array([0.75], np.float32)

# Encrypted checkpoints: (file tag, enc_mode, key), one per MindSpore cipher and key size.
ENCRYPTIONS = [
    ("gcm", "AES-GCM", bytes(range(16))),
    ("cbc", "AES-CBC", bytes(range(32))),
    ("sm4", "SM4-CBC", bytes(range(16, 32))),
]
