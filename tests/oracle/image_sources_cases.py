"""Image dataset reader cases shared by gen_image_sources_golden.py (real MindSpore 2.10) and
tests/dataset/test_image_sources.py (msfunc): each reader's folder layout (tiny PNG files
made from fixed arrays), the rows it reads (shuffle off, seeded shuffle, shards,
num_samples, usages, decode) and the exception types of bad arguments."""

import hashlib
import os

import numpy as np
from image_sources_layouts import LAYOUTS, write_layout  # (beside this file on sys.path)

_ORDERS = {
    "plain": (1, {"shuffle": False}),
    "shuffled": (5, {}),
    "shard1_of_2": (1, {"num_shards": 2, "shard_id": 1, "shuffle": False}),
    "shuffled_shard0_of_2": (3, {"num_shards": 2, "shard_id": 0}),
    "three": (1, {"shuffle": False, "num_samples": 3}),
    "decoded": (1, {"shuffle": False, "decode": True, "num_samples": 2}),
}

# (readers of arrays: no decode)
_ARRAY_ORDERS = {k: v for k, v in _ORDERS.items() if k != "decoded"}

# reader -> case name -> (dataset seed, keyword arguments)
CASES = {
    "LSUNDataset": {
        **_ORDERS,
        "train": (1, {"shuffle": False, "usage": "train"}),
        "valid": (1, {"shuffle": False, "usage": "valid"}),
        "test": (1, {"shuffle": False, "usage": "test"}),
        "classes": (1, {"shuffle": False, "usage": "all", "classes": ["tower", "kitchen"]}),
    },
    "OmniglotDataset": {**_ORDERS, "evaluation": (1, {"shuffle": False, "background": False})},
    "SUN397Dataset": dict(_ORDERS),
    "Caltech256Dataset": dict(_ORDERS),
    "Food101Dataset": {
        **_ORDERS,
        "train": (1, {"shuffle": False, "usage": "train"}),
        "test": (1, {"shuffle": False, "usage": "test"}),
    },
    "LFWDataset": {
        **_ORDERS,
        **{
            f"{task}_{usage}": (1, {"shuffle": False, "task": task, "usage": usage})
            for task in ("people", "pairs")
            for usage in ("train", "test", "10fold", "all")
        },
        "original": (1, {"shuffle": False, "usage": "test", "image_set": "original"}),
        "deepfunneled": (1, {"shuffle": False, "usage": "test", "image_set": "deepfunneled"}),
    },
    "Places365Dataset": {
        **_ORDERS,
        "large": (1, {"shuffle": False, "small": False}),
        "challenge": (1, {"shuffle": False, "usage": "train-challenge"}),
        "val": (1, {"shuffle": False, "usage": "val"}),
    },
    "SBUDataset": dict(_ORDERS),
    # ("@name": the file `name` of the reader's folder)
    "FlickrDataset": {
        k: (seed, {**kw, "annotation_file": "@captions.token"}) for k, (seed, kw) in _ORDERS.items()
    },
    "DIV2KDataset": {
        **_ORDERS,
        "valid": (1, {"shuffle": False, "usage": "valid"}),
        "all": (1, {"shuffle": False, "usage": "all"}),
        "unknown3": (1, {"shuffle": False, "downgrade": "unknown", "scale": 3}),
        "mild": (1, {"shuffle": False, "downgrade": "mild", "scale": 4}),
        "wild": (1, {"shuffle": False, "downgrade": "wild", "scale": 4}),
        "x8": (1, {"shuffle": False, "scale": 8}),
    },
    "RenderedSST2Dataset": {
        **_ORDERS,
        **{u: (1, {"shuffle": False, "usage": u}) for u in ("train", "val", "test", "all")},
    },
    "Flowers102Dataset": {
        **_ORDERS,
        **{u: (1, {"shuffle": False, "usage": u}) for u in ("train", "valid", "test")},
        "segmentation": (1, {"shuffle": False, "task": "Segmentation", "usage": "test"}),
    },
    "Caltech101Dataset": {
        **_ORDERS,
        "annotation": (1, {"shuffle": False, "target_type": "annotation"}),
        "all": (1, {"shuffle": False, "target_type": "all"}),
    },
    "QMnistDataset": {
        **_ARRAY_ORDERS,
        **{u: (1, {"shuffle": False, "usage": u}) for u in ("train", "test", "nist")},
        "full_labels": (1, {"shuffle": False, "usage": "train", "compat": False}),
    },
    "EMnistDataset": {
        **{k: (seed, {**kw, "name": "letters"}) for k, (seed, kw) in _ARRAY_ORDERS.items()},
        "train": (1, {"shuffle": False, "name": "letters", "usage": "train"}),
        "mnist": (1, {"shuffle": False, "name": "mnist"}),
    },
    "SemeionDataset": dict(_ARRAY_ORDERS),
    "STL10Dataset": {
        **_ARRAY_ORDERS,
        **{
            u: (1, {"shuffle": False, "usage": u})
            for u in ("train", "unlabeled", "train+unlabeled")
        },
    },
    "SVHNDataset": {
        **_ARRAY_ORDERS,
        **{u: (1, {"shuffle": False, "usage": u}) for u in ("train", "test", "extra")},
    },
    "WIDERFaceDataset": {
        **_ORDERS,
        **{u: (1, {"shuffle": False, "usage": u}) for u in ("train", "valid", "test")},
    },
    "PhotoTourDataset": {
        **{k: (seed, {**kw, "name": "liberty"}) for k, (seed, kw) in _ARRAY_ORDERS.items()},
        "test": (1, {"shuffle": False, "name": "liberty", "usage": "test"}),
        "test_shuffled": (2, {"name": "liberty", "usage": "test"}),
    },
    "CityscapesDataset": {
        **_ORDERS,
        "semantic": (1, {"shuffle": False, "task": "semantic"}),
        "color_val": (1, {"shuffle": False, "task": "color", "usage": "val"}),
        "all": (1, {"shuffle": False, "usage": "all"}),
        "polygon": (1, {"shuffle": False, "usage": "all", "task": "polygon"}),
        "coarse_all": (1, {"shuffle": False, "quality_mode": "coarse", "usage": "all"}),
        "coarse_extra": (1, {"shuffle": False, "quality_mode": "coarse", "usage": "train_extra"}),
    },
    "SBDataset": {
        **_ORDERS,
        "segmentation": (1, {"shuffle": False, "task": "Segmentation"}),
        **{u: (1, {"shuffle": False, "usage": u}) for u in ("train", "val", "train_noval")},
    },
    # (two workers named: the rows of the files come from the workers in turn, and the
    # default count differs, msfunc's 1 against MindSpore's min(8, cpus))
    "USPSDataset": {
        **{k: (seed, {**kw, "num_parallel_workers": 2}) for k, (seed, kw) in _ARRAY_ORDERS.items()},
        "train": (1, {"shuffle": False, "usage": "train"}),
        "test": (1, {"shuffle": False, "usage": "test"}),
        "one_worker": (1, {"shuffle": False, "num_parallel_workers": 1}),
    },
}

_BAD_COMMON = {
    "decode_int": {"decode": 1},
    "shuffle_int": {"shuffle": 1},
    "shard_without_id": {"num_shards": 2},
    "shard_id_str": {"num_shards": 2, "shard_id": "0"},
    "shard_id_out": {"num_shards": 2, "shard_id": 2},
    "workers_zero": {"num_parallel_workers": 0},
    "sampler_and_shuffle": {"shuffle": False, "sampler": "sequential"},
}

_BAD_NO_DECODE = {k: v for k, v in _BAD_COMMON.items() if k != "decode_int"}

# reader -> bad case name -> keyword arguments (raised when the dataset is made)
BAD = {
    "LSUNDataset": {
        **_BAD_COMMON,
        "usage_bad": {"usage": "bad"},
        "usage_int": {"usage": 1},
        "classes_str": {"classes": "tower"},
        "classes_unknown": {"classes": ["foo"]},
    },
    "OmniglotDataset": {**_BAD_COMMON, "background_int": {"background": 1}},
    "SUN397Dataset": dict(_BAD_COMMON),
    "Caltech256Dataset": dict(_BAD_COMMON),
    "Food101Dataset": {**_BAD_COMMON, "usage_valid": {"usage": "valid"}, "usage_int": {"usage": 3}},
    "LFWDataset": {
        **_BAD_COMMON,
        "task_all": {"task": "all"},
        "usage_many": {"usage": "many"},
        "image_set_all": {"image_set": "all"},
    },
    "Places365Dataset": {
        **_BAD_COMMON,
        "usage_test": {"usage": "test"},
        "small_int": {"small": 1},
    },
    "SBUDataset": dict(_BAD_COMMON),
    "FlickrDataset": {
        **{k: {**kw, "annotation_file": "@captions.token"} for k, kw in _BAD_COMMON.items()},
        "annotation_missing": {"annotation_file": "@none.token"},
        "annotation_int": {"annotation_file": 3},
    },
    "DIV2KDataset": {
        **_BAD_COMMON,
        "usage_test": {"usage": "test"},
        "usage_none": {"usage": None},
        "scale_5": {"scale": 5},
        "scale_str": {"scale": "2"},
        "mild_2": {"downgrade": "mild", "scale": 2},
        "unknown_8": {"downgrade": "unknown", "scale": 8},
        "downgrade_int": {"downgrade": 1},
    },
    "RenderedSST2Dataset": {**_BAD_COMMON, "usage_valid": {"usage": "valid"}},
    "Flowers102Dataset": {
        **_BAD_COMMON,
        "usage_bad": {"usage": "bad"},
        "task_bad": {"task": "Detection"},
        "task_int": {"task": 1},
    },
    "Caltech101Dataset": {
        **_BAD_COMMON,
        "target_bad": {"target_type": "box"},
        "target_int": {"target_type": 1},
    },
    "QMnistDataset": {
        **_BAD_NO_DECODE,
        "usage_bad": {"usage": "bad"},
        "compat_int": {"compat": 1},
    },
    "EMnistDataset": {
        **{k: {**kw, "name": "mnist"} for k, kw in _BAD_NO_DECODE.items()},
        "name_bad": {"name": "bad"},
        "name_none": {"name": None},
        "usage_valid": {"name": "mnist", "usage": "valid"},
    },
    "SemeionDataset": dict(_BAD_NO_DECODE),
    "STL10Dataset": {**_BAD_NO_DECODE, "usage_bad": {"usage": "bad"}, "usage_int": {"usage": 1}},
    "SVHNDataset": {**_BAD_NO_DECODE, "usage_bad": {"usage": "bad"}},
    "WIDERFaceDataset": {**_BAD_COMMON, "usage_bad": {"usage": "bad"}, "usage_int": {"usage": 1}},
    "PhotoTourDataset": {
        **{k: {**kw, "name": "liberty"} for k, kw in _BAD_NO_DECODE.items()},
        "name_bad": {"name": "rome"},
        "usage_bad": {"name": "liberty", "usage": "valid"},
    },
    "CityscapesDataset": {
        **_BAD_COMMON,
        "usage_bad": {"usage": "bad"},
        "quality_bad": {"quality_mode": "bad"},
        "task_bad": {"task": "bad"},
        "task_int": {"task": 1},
        "coarse_test": {"quality_mode": "coarse", "usage": "test"},
        "fine_extra": {"usage": "train_extra"},
    },
    "SBDataset": {
        **_BAD_COMMON,
        "usage_bad": {"usage": "bad"},
        "task_bad": {"task": "bad"},
        "task_int": {"task": 1},
    },
    "USPSDataset": {**_BAD_NO_DECODE, "usage_bad": {"usage": "bad"}},
}


def write_files(folder, reader):
    """Write `reader`'s layout under `folder` and return `folder`."""
    files, texts = LAYOUTS[reader]
    write_layout(folder, files, texts)
    return folder


def _names(folder):
    """md5 of each file's bytes -> its path relative to `folder`."""
    names = {}
    for parent, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(parent, name)
            with open(path, "rb") as f:
                names[hashlib.md5(f.read()).hexdigest()] = os.path.relpath(path, folder)
    return names


def _cell(value, names):
    value = np.asarray(value)
    if value.dtype == np.uint8 and value.ndim == 1:
        return names.get(hashlib.md5(value.tobytes()).hexdigest(), f"? {value.size} bytes")
    if value.dtype.kind == "U":
        return [str(value), "str"]
    if value.size > 64:  # (a whole image: its shape, dtype and a digest of its pixels)
        digest = hashlib.md5(np.ascontiguousarray(value).tobytes()).hexdigest()[:16]
        return [list(value.shape), str(value.dtype), digest]
    return [value.tolist(), str(value.dtype)]


def _in_folder(kwargs, folder):
    """`kwargs` with each ``"@name"`` made the path of `name` in `folder`."""
    return {
        k: os.path.join(folder, v[1:]) if isinstance(v, str) and v.startswith("@") else v
        for k, v in kwargs.items()
    }


def outcome(ds, folder, reader, case):
    """The columns and rows (an image as its file's relative path, or its decoded pixels)."""
    seed, kwargs = case
    ds.config.set_seed(seed)
    data = getattr(ds, reader)(folder, **_in_folder(kwargs, folder))
    names = _names(folder)
    rows = [
        [_cell(v, names) for v in row]
        for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]
    return {"columns": data.get_col_names(), "rows": rows}


def error_of(ds, folder, reader, kwargs):
    """The exception type name the reader raises for `kwargs` (None: none)."""
    kwargs = _in_folder(kwargs, folder)
    if kwargs.get("sampler") == "sequential":
        kwargs["sampler"] = ds.SequentialSampler()
    try:
        getattr(ds, reader)(folder, **kwargs)
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
