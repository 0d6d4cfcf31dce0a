"""msfunc.dataset: pipelines checked against plain numpy, file sources against the arrays
written into their fixtures, determinism, real parallelism and clear failures."""

import os
import pickle
import threading
import time

import numpy as np
import pytest

import msfunc as ms
import msfunc.dataset as ds
from msfunc.dataset import transforms, vision


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    ds.config._settings["seed"] = None
    yield
    ds.config._settings["seed"] = None


def _numbers(dataset, column=0):
    return [
        r[column].tolist() for r in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]


def _augmented(workers, seed=3):
    ds.config.set_seed(seed)
    images = np.arange(12 * 6 * 6 * 3, dtype=np.uint8).reshape(12, 6, 6, 3)
    d = ds.NumpySlicesDataset({"image": images, "label": np.arange(12)})
    d = d.map(
        [
            vision.RandomCrop(4, padding=1),
            vision.RandomHorizontalFlip(),
            vision.Rescale(1 / 255, 0.0),
            vision.HWC2CHW(),
        ],
        ["image"],
        num_parallel_workers=workers,
    )
    return d.shuffle(5).batch(4)


def test_pipeline_values_against_numpy():
    x = np.arange(20, dtype=np.float32).reshape(10, 2)
    d = ds.NumpySlicesDataset({"x": x, "y": np.arange(10)}, shuffle=False)
    d = d.map(lambda v: v * 2 + 1, ["x"]).skip(1).take(7).batch(3, drop_remainder=True)
    got = list(d.create_tuple_iterator(output_numpy=True))
    want = (x * 2 + 1)[1:7].reshape(2, 3, 2)
    np.testing.assert_array_equal(np.stack([g[0] for g in got]), want)
    np.testing.assert_array_equal(np.stack([g[1] for g in got]), np.arange(1, 7).reshape(2, 3))
    assert d.get_dataset_size() == 2 and d.get_batch_size() == 3
    assert d.output_shapes() == [[3, 2], [3]] and d.output_types() == [np.float32, np.int64]
    # Default iterators hand out Tensors; dict iterators name the columns.
    row = next(d.create_dict_iterator())
    assert isinstance(row["x"], ms.Tensor) and list(row) == ["x", "y"]


def test_generator_sources_iterable_and_random_access():
    class Squares:
        def __getitem__(self, i):
            return np.array([i, i * i])

        def __len__(self):
            return 6

    d = ds.GeneratorDataset(Squares(), "v", shuffle=False, num_parallel_workers=2)
    assert _numbers(d) == [[i, i * i] for i in range(6)]
    shuffled = _numbers(ds.GeneratorDataset(Squares(), ["v"]))  # random access: shuffled
    assert sorted(map(tuple, shuffled)) == [(i, i * i) for i in range(6)]
    g = ds.GeneratorDataset(lambda: ((np.float32(i), i) for i in range(4)), ["a", "b"])
    assert g.get_dataset_size() == 4 and _numbers(g, 1) == [0, 1, 2, 3]
    # an iterable source is read in its own order whatever `shuffle` says (as MindSpore 2.10);
    # a sampler or shards need a random-access one
    source = lambda: (np.int32(i) for i in range(5))  # noqa: E731
    assert _numbers(ds.GeneratorDataset(source, ["a"], shuffle=True)) == [0, 1, 2, 3, 4]
    for arg in ({"sampler": ds.SequentialSampler()}, {"num_shards": 2, "shard_id": 0}):
        with pytest.raises(ValueError, match="random-access"):
            ds.GeneratorDataset(source, ["a"], **arg)


def test_chain_operations_against_python_lists():
    def make(n, name="x", k=1):
        return ds.NumpySlicesDataset({name: np.arange(n) * k}, shuffle=False)

    assert _numbers(make(3).repeat(2)) == [0, 1, 2, 0, 1, 2]
    assert _numbers(make(3) + make(2, k=10)) == [0, 1, 2, 0, 10]
    z = make(4).zip(make(3, "y", 5)).rename("y", "w").project(["w", "x"])
    assert z.get_col_names() == ["w", "x"] and _numbers(z) == [0, 5, 10]
    ds.config.set_seed(3)  # (MindSpore's parts are disjoint only under a set seed)
    first, second = make(10).split([0.6, 0.4])  # randomized under the seed, disjoint, complete
    a, b = _numbers(first), _numbers(second)
    assert len(a) == 6 and sorted(a + b) == list(range(10))
    ds.config.set_seed(11)
    again = [_numbers(p) for p in make(10).split([6, 4])]
    ds.config.set_seed(11)
    assert [_numbers(p) for p in make(10).split([6, 4])] == again
    with pytest.raises(RuntimeError, match="add up"):
        make(10).split([3, 3])
    with pytest.raises(ValueError, match="share column"):
        make(2).zip(make(2))
    with pytest.raises(ValueError, match="not among"):
        make(2).project(["nope"])


def test_epochs_and_num_epochs():
    # (20 rows: two independent shuffles agree by chance once in 20!, not once in 720)
    it = ds.NumpySlicesDataset({"x": np.arange(20)}).create_tuple_iterator(num_epochs=2)
    epochs = [[int(r[0]) for r in it] for _ in range(2)]
    assert sorted(epochs[0]) == sorted(epochs[1]) == list(range(20))
    assert epochs[0] != epochs[1]  # each epoch is reshuffled
    with pytest.raises(RuntimeError, match="num_epochs"):  # num_epochs=2: a third is an error
        next(it)


def test_shards_partition_the_data():
    d = [ds.NumpySlicesDataset({"x": np.arange(10)}, num_shards=3, shard_id=i) for i in range(3)]
    ms.set_seed(5)
    parts = [_numbers(s) for s in d]
    assert [len(p) for p in parts] == [4, 4, 4]  # ceil(10/3), wrapped round
    assert set(sum(parts, [])) == set(range(10))
    with pytest.raises(ValueError, match="shard_id"):
        ds.NumpySlicesDataset({"x": np.arange(4)}, num_shards=2, shard_id=2)


def test_deterministic_under_seed_whatever_the_thread_timing():
    # (the worker count itself changes the images, as in MindSpore: test_vision_streams)
    def run(workers):
        return [b[0].tolist() for b in _augmented(workers).create_tuple_iterator(output_numpy=True)]

    one, two = run(1), run(2)
    assert run(1) == one and run(2) == two
    other = [b[0].tolist() for b in _augmented(1, seed=4).create_tuple_iterator(output_numpy=True)]
    assert other != one
    # Without a dataset seed, msfunc.set_seed decides.
    orders = []
    for _ in range(2):
        ms.set_seed(9)
        orders.append(_numbers(ds.NumpySlicesDataset({"x": np.arange(8)})))
    assert orders[0] == orders[1] and orders[0] != list(range(8))


def test_parallel_workers_overlap_and_keep_order():
    lock, running, most = threading.Lock(), [0], [0]

    def slow(x):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.03)  # releases the GIL, as numpy and file reads do
        with lock:
            running[0] -= 1
        return x * 2

    d = ds.NumpySlicesDataset({"x": np.arange(16)}, shuffle=False)
    got = _numbers(d.map(slow, ["x"], num_parallel_workers=2))
    assert got == [2 * i for i in range(16)]
    # calls overlapped (measured as concurrency, not time: the suite runs on busy machines)
    assert most[0] > 1


def test_failures_name_the_sample():
    def boom(x):
        if x == 3:
            raise KeyError("bad value")
        return x

    d = ds.NumpySlicesDataset({"x": np.arange(8)}, shuffle=False)
    with pytest.raises(RuntimeError, match=r"boom failed on column\(s\) \['x'\] of sample 3"):
        _numbers(d.map(boom, ["x"], num_parallel_workers=2))
    ragged = ds.GeneratorDataset(lambda: (np.zeros(n) for n in (2, 2, 3)), ["v"])
    with pytest.raises(RuntimeError, match="column 'v' of sample 2 has shape"):
        _numbers(ragged.batch(3))

    def gen():
        yield np.zeros(1)
        raise OSError("disk gone")

    with pytest.raises(RuntimeError, match="source raised at sample 1: OSError"):
        _numbers(ds.GeneratorDataset(gen, ["v"]).map(lambda v: v, num_parallel_workers=2))

    class Flaky:
        def __getitem__(self, i):
            if i == 5:
                raise ValueError("corrupt")
            time.sleep(0.005)
            return np.array(i)

        def __len__(self):
            return 40

    start = time.perf_counter()
    with pytest.raises(RuntimeError, match="sample 5"):
        _numbers(ds.GeneratorDataset(Flaky(), ["v"], shuffle=False, num_parallel_workers=2))
    assert time.perf_counter() - start < 5  # no waiting on the other workers' queue


def test_padded_batch():
    d = ds.GeneratorDataset(lambda: (np.ones(n, np.int32) for n in (1, 3)), ["v"])
    got = _numbers(d.padded_batch(2, pad_info={"v": ([4], 7)}))
    assert got == [[[1, 7, 7, 7], [1, 1, 1, 7]]]


@pytest.mark.parametrize("source", ["MnistDataset", "FashionMnistDataset", "KMnistDataset"])
def test_mnist_idx_files(tmp_path, source):
    # (Fashion-MNIST and KMNIST keep MNIST's file names and layout)
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, (5, 28, 28), dtype=np.uint8)
    labels = np.array([3, 1, 4, 1, 5], np.uint8)
    header = np.array([0x0803, 5, 28, 28], ">u4").tobytes()
    (tmp_path / "train-images-idx3-ubyte").write_bytes(header + images.tobytes())
    (tmp_path / "train-labels-idx1-ubyte").write_bytes(
        np.array([0x0801, 5], ">u4").tobytes() + labels.tobytes()
    )
    d = getattr(ds, source)(str(tmp_path), usage="train", shuffle=False)
    rows = list(d.create_tuple_iterator(output_numpy=True))
    assert d.get_col_names() == ["image", "label"] and len(rows) == 5
    np.testing.assert_array_equal(np.stack([r[0] for r in rows]), images[..., None])
    assert [int(r[1]) for r in rows] == labels.tolist() and rows[0][1].dtype == np.uint32
    with pytest.raises(RuntimeError, match="t10k"):  # (checked when sized, as MindSpore)
        getattr(ds, source)(str(tmp_path), usage="test").get_dataset_size()


@pytest.mark.parametrize("layout", ["bin", "py"])
def test_cifar10_batches(tmp_path, layout):
    rng = np.random.default_rng(1)
    chw = rng.integers(0, 256, (3, 3, 32, 32), dtype=np.uint8)
    labels = np.array([7, 0, 9], np.uint8)
    if layout == "bin":
        records = np.concatenate([labels[:, None], chw.reshape(3, -1)], axis=1)
        (tmp_path / "test_batch.bin").write_bytes(records.tobytes())
    else:
        with open(tmp_path / "test_batch", "wb") as f:
            pickle.dump({b"data": chw.reshape(3, -1), b"labels": labels.tolist()}, f)
    d = ds.Cifar10Dataset(str(tmp_path), usage="test", shuffle=False)
    rows = list(d.create_tuple_iterator(output_numpy=True))
    np.testing.assert_array_equal(np.stack([r[0] for r in rows]), chw.transpose(0, 2, 3, 1))
    assert [int(r[1]) for r in rows] == [7, 0, 9]


def test_image_folder(tmp_path):
    arrays = {}
    for cls, count in (("cat", 2), ("dog", 1)):
        (tmp_path / cls).mkdir()
        for i in range(count):
            arrays[(cls, i)] = np.full((3, 2, 3), len(arrays), np.uint8)
            np.save(tmp_path / cls / f"{i}.npy", arrays[(cls, i)])
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, decode=True)
    rows = list(d.create_tuple_iterator(output_numpy=True))
    assert [int(r[1]) for r in rows] == [0, 0, 1] and d.num_classes() == 2
    np.testing.assert_array_equal(rows[2][0], arrays[("dog", 0)])
    raw = ds.ImageFolderDataset(str(tmp_path), shuffle=False).map(vision.Decode(), ["image"])
    np.testing.assert_array_equal(
        next(raw.create_tuple_iterator(output_numpy=True))[0], arrays[("cat", 0)]
    )


def test_random_vision_ops():
    img = np.arange(4 * 4, dtype=np.uint8).reshape(4, 4, 1)
    crops = {vision.RandomCrop(2)(img).tobytes() for _ in range(40)}
    assert len(crops) > 3  # several windows
    windows = {img[t : t + 2, s : s + 2].tobytes() for t in range(3) for s in range(3)}
    assert crops <= windows
    full = np.pad(img, ((2, 2), (2, 2), (0, 0)), constant_values=9)
    padded_windows = {full[t : t + 4, s : s + 4].tobytes() for t in range(5) for s in range(5)}
    crop = vision.RandomCrop(4, padding=2, fill_value=9)
    assert all(crop(img).tobytes() in padded_windows for _ in range(10))
    flips = [vision.RandomHorizontalFlip()(img)[0, 0, 0] for _ in range(40)]
    assert {0, 3} == set(flips)
    with pytest.raises(ValueError, match="size"):
        vision.Resize(0)
    with pytest.raises(TypeError, match="num_classes|labels"):
        transforms.OneHot(3)(np.array(0.5))


def test_pipeline_benchmark_runs():
    from benchmarks import bench_dataset

    rows = bench_dataset.run(quick=True)
    assert {(r["loader"], r["workers"]) for r in rows} >= {
        ("msfunc.dataset", 1),
        ("msfunc.dataset", min(4, os.cpu_count() or 1)),
    }
    assert all(r["samples_per_s"] > 0 for r in rows)
