"""Dataset cases shared by gen_dataset_tutorials_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_tutorials.py (msfunc), from the dataset tutorials' programs:
RandomSelectSubpolicy's checks and seeded draws, the bounds of `num_parallel_workers`,
mindrecord.Cifar10ToMR's files, the biquad filters on a loud recording (the eager tutorial's
BassBiquad on 16-bit samples), RandomColor's blend (the AutoAugment policy's colour step),
the one-consumer rule that the eager tutorial's fresh dataset per example keeps."""

import os

import numpy as np


def _attempt(make):
    """The result of `make()`, or the name of the exception type it raised."""
    try:
        return make()
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__


def _image():
    return np.arange(2 * 3 * 3).reshape(2, 3, 3).astype(np.uint8)


def subpolicy_checks(vision):
    """What RandomSelectSubpolicy accepts when built, and what an eager call gives."""
    v = vision
    policies = {
        "tuple": ((v.Invert(), 0.5),),
        "empty": [],
        "empty_sub": [[]],
        "tuple_sub": [((v.Invert(), 0.5),)],
        "list_item": [[[v.Invert(), 0.5]]],
        "three_item": [[(v.Invert(), 0.5, 1)]],
        "prob_high": [[(v.Invert(), 1.5)]],
        "prob_negative": [[(v.Invert(), -0.1)]],
        "prob_str": [[(v.Invert(), "a")]],
        "prob_int": [[(v.Invert(), 1)]],
    }
    out = {}
    for name, policy in policies.items():
        got = _attempt(lambda policy=policy: v.RandomSelectSubpolicy(policy))
        out[name] = got if isinstance(got, str) else "built"
    always = v.RandomSelectSubpolicy([[(v.Invert(), 1.0), (v.HorizontalFlip(), 1)]])
    out["eager"] = always(_image()).tolist()
    out["eager_list"] = _attempt(lambda: always([1, 2]))
    return out


def subpolicy_draws(ds, vision):
    """Seeded draws of a policy over 12 rows, read by one and by two workers, for two epochs;
    the rows are images that each sub-operation changes in its own way."""
    v = vision
    policy = [
        [(v.Invert(), 0.5), (v.HorizontalFlip(), 0.7)],
        [(v.VerticalFlip(), 0.3)],
        [(v.RandomHorizontalFlip(0.5), 1.0), (v.Invert(), 0.2)],
    ]
    images = np.stack([_image() + 3 * i for i in range(12)])
    out = {}
    for workers in (1, 2):
        d = ds.NumpySlicesDataset({"image": images}, shuffle=False)
        d = d.map(v.RandomSelectSubpolicy(policy), ["image"], num_parallel_workers=workers)
        it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
        out[str(workers)] = [row[0].reshape(-1).tolist() for _ in range(2) for row in it]
    op = v.RandomSelectSubpolicy(policy)
    out["eager"] = [op(_image()).reshape(-1).tolist() for _ in range(3)]
    return out


def _one_row():
    yield (np.array(1),)


def worker_checks(ds, folder):
    """What `num_parallel_workers` values the sources, map, batch and filter and
    config.set_num_parallel_workers take, relative to the CPU count (the optimisation
    tutorial's programs ask for 4 or 8 workers, which MindSpore refuses on a smaller
    machine)."""
    cpus = os.cpu_count()
    values = {"1": 1, "cpus": cpus, "cpus+1": cpus + 1, "0": 0, "-1": -1, "1.5": 1.5}
    values.update({"True": True, "np.int64(1)": np.int64(1), "str": "2", "None": None})

    def base():
        return ds.NumpySlicesDataset([1, 2, 3], shuffle=False)

    users = {
        "map": lambda w: base().map(lambda x: x, num_parallel_workers=w),
        "batch": lambda w: base().batch(2, num_parallel_workers=w),
        "padded_batch": lambda w: base().padded_batch(2, num_parallel_workers=w),
        "filter": lambda w: base().filter(lambda x: True, num_parallel_workers=w),
        "NumpySlicesDataset": lambda w: ds.NumpySlicesDataset([1], num_parallel_workers=w),
        "GeneratorDataset": lambda w: ds.GeneratorDataset(_one_row, ["a"], num_parallel_workers=w),
        "MnistDataset": lambda w: ds.MnistDataset(folder, num_parallel_workers=w),
        "set_num_parallel_workers": ds.config.set_num_parallel_workers,
    }
    before = ds.config.get_num_parallel_workers()
    out = {}
    try:
        for name, use in users.items():
            for label, value in values.items():
                got = _attempt(lambda use=use, value=value: use(value))
                out[f"{name}/{label}"] = got if isinstance(got, str) else "ok"
    finally:
        ds.config.set_num_parallel_workers(before)
    return out


def _cifar_pickle(value):
    """`value` pickled as CIFAR-10's batches are (numpy 1's module names, whichever numpy
    runs: protocol 3 names a global in one newline-ended ``c`` opcode)."""
    import pickle

    return pickle.dumps(value, protocol=3).replace(b"cnumpy._core.", b"cnumpy.core.")


def cifar10_to_mr(mindrecord, folder):
    """Cifar10ToMR over one small training batch and a test batch: every row read back
    (id, label, md5 of the JPEG bytes), and what a missing batch, a `fields` that is not a
    list and a batch that is not a pickle of arrays raise."""
    import hashlib

    rng = np.random.RandomState(7)
    source = os.path.join(folder, "py")
    os.makedirs(source)
    for name, count in (("data_batch_1", 5), ("test_batch", 3)):
        batch = {
            b"data": rng.randint(0, 256, size=(count, 3072)).astype(np.uint8),
            b"labels": [int(v) for v in rng.randint(0, 10, size=count)],
        }
        with open(os.path.join(source, name), "wb") as f:
            f.write(_cifar_pickle(batch))
    target = os.path.join(folder, "cifar10.mindrecord")
    mindrecord.Cifar10ToMR(source, target).transform(["label"])
    out = {}
    for path in (target, target + "_test"):
        rows = mindrecord.FileReader(path).get_next()
        key = os.path.basename(path)
        out[key] = [
            [int(r["id"]), int(r["label"]), hashlib.md5(r["data"]).hexdigest()] for r in rows
        ]
    lonely = os.path.join(folder, "lonely")
    os.makedirs(lonely)
    with open(os.path.join(lonely, "data_batch_1"), "wb") as f:
        f.write(b"")
    out["no_test_batch"] = _attempt(lambda: mindrecord.Cifar10ToMR(lonely, target + "2"))
    convert = mindrecord.Cifar10ToMR(source, os.path.join(folder, "again.mindrecord"))
    out["fields_str"] = _attempt(lambda: convert.transform("label"))
    broken = os.path.join(folder, "broken")
    os.makedirs(broken)
    for name in ("data_batch_1", "test_batch"):
        with open(os.path.join(broken, name), "wb") as f:
            f.write(_cifar_pickle({b"data": os.path.join, b"labels": [1]}))
    bad = mindrecord.Cifar10ToMR(broken, os.path.join(folder, "bad.mindrecord"))
    out["not_arrays"] = _attempt(bad.transform)
    return out


def loud_filters(audio):
    """md5 digests (and the first outputs) of filters over 16-bit-scale float samples, where
    the clamped outputs inside [-1, 1] come from sums of large terms: any other rounding
    order than MindSpore's kernel shows there."""
    import hashlib

    rng = np.random.RandomState(3)
    tone = 0.5 * np.sin(2 * np.pi * 440 * np.arange(4000) / 16000) + 0.1 * rng.randn(4000)
    loud = (np.clip(tone, -1, 1) * 32767).astype(np.int16).astype(np.float32)
    quiet = (rng.randn(2, 300) * 0.3).astype(np.float32)
    filters = {
        "bass": audio.BassBiquad(16000, 10.0),
        "bass_cut": audio.BassBiquad(44100, -6.0, 300.0, 0.5),
        "lowpass": audio.LowpassBiquad(16000, 1500.0, 0.6),
        "biquad": audio.Biquad(0.4, 0.2, 0.1, 1.3, -0.3, 0.2),
        "lfilter": audio.LFilter([1.0, -0.9, 0.2], [0.7, 0.5, 0.3], clamp=False),
    }
    out = {}
    for name, op in filters.items():
        for kind, x in (("loud", loud), ("quiet", quiet), ("quiet64", quiet.astype(np.float64))):
            y = np.ascontiguousarray(op(x))
            out[f"{name}/{kind}"] = [str(y.dtype), hashlib.md5(y).hexdigest()]
    return out


def color_blends(vision):
    """md5 digests of RandomColor at fixed factors over images whose sizes send pixels
    through OpenCV's vector loop and its scalar tail."""
    import hashlib

    rng = np.random.RandomState(0)
    out = {}
    for height, width in ((7, 3), (7, 24), (5, 37), (32, 224)):
        img = rng.randint(0, 256, (height, width, 3)).astype(np.uint8)
        for factor in (0.1, 0.82, 1.54):
            got = np.ascontiguousarray(vision.RandomColor((factor, factor))(img))
            out[f"{height}x{width}/{factor}"] = hashlib.md5(got).hexdigest()
    return out


def _rows(d):
    return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]


def tree_checks(ds):
    """Which iterations MindSpore refuses because a node below the iterated one was given to
    two consumers (ever: one never iterated, or deleted, still counts)."""

    def base():
        return ds.NumpySlicesDataset([1, 2, 3], ["x"], shuffle=False)

    out = {}
    d = base()
    first, second = d.map(lambda x: x + 1), d.map(lambda x: x * 2)
    out["second"] = _attempt(lambda: _rows(second))
    out["first"] = _attempt(lambda: _rows(first))
    out["root"] = _attempt(lambda: _rows(d))
    d = base()
    d.batch(2)
    out["unused_sibling"] = _attempt(lambda: _rows(d.map(lambda x: x)))
    d = base()
    out["zip_self"] = _attempt(lambda: _rows(ds.zip((d, d.rename(["x"], ["y"])))))
    d = base()
    out["concat_self"] = _attempt(lambda: _rows(d + d))
    d = base()
    twice = d.repeat(2)
    out["chain"] = [_attempt(lambda: _rows(d)), _attempt(lambda: _rows(twice))]
    d = base()
    out["split"] = _attempt(lambda: [_rows(p) for p in d.split([2, 1], randomize=False)])
    d = base()
    d.shuffle(2)
    out["dict"] = _attempt(lambda: sorted(next(d.skip(1).create_dict_iterator(output_numpy=True))))
    return out


def outcome(ds, vision, folder, mindrecord, audio):
    """Every case's result, by name, under pipeline seed 1234."""
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(1234)
        return {
            "subpolicy_checks": subpolicy_checks(vision),
            "subpolicy_draws": subpolicy_draws(ds, vision),
            "worker_checks": worker_checks(ds, folder),
            "cifar10_to_mr": cifar10_to_mr(mindrecord, folder),
            "loud_filters": loud_filters(audio),
            "color_blends": color_blends(vision),
            "tree_checks": tree_checks(ds),
        }
    finally:
        ds.config.set_seed(seed)
