"""Cifar100Dataset cases shared by gen_cifar100_golden.py (real MindSpore 2.10, which
needs full-size files: 50000 train and 10000 test records) and
tests/dataset/test_cifar100_source.py (msfunc, which writes the first records only):
pixel layout, labels, dtypes and the order of the files for usage 'all'."""

import os

import numpy as np

RECORDS = {"train.bin": 50000, "test.bin": 10000}
ROWS = 3  # rows compared from the start of each usage


def write_files(folder, count=None):
    """The binary files, record i of each made by a fixed formula (`count` records each,
    or the full sizes)."""
    for name, full in RECORDS.items():
        i = np.arange(count or full)
        shift = 5 if name == "test.bin" else 0
        records = (i[:, None] * 7 + np.arange(3074)[None, :] * 3 + shift) % 251
        records = records.astype(np.uint8)
        records[:, 0] = (i + (3 if name == "test.bin" else 0)) % 20
        records[:, 1] = (i * 7 + 1) % 100
        records.tofile(os.path.join(folder, name))
    return folder


def outcome(ds, folder, usage):
    """The first rows of `usage`: image shape, dtype, a few pixels and their sum, labels."""
    data = ds.Cifar100Dataset(folder, usage=usage, shuffle=False, num_samples=ROWS)
    rows = []
    for image, coarse, fine in data.create_tuple_iterator(output_numpy=True):
        rows.append(
            [list(image.shape), str(image.dtype), image[0, :3, :].tolist(), int(image.sum())]
            + [int(coarse), int(fine), str(coarse.dtype), list(fine.shape)]
        )
    return {"columns": data.get_col_names(), "rows": rows}
