"""MindDataset row orders: cases shared by gen_mindrecord_order_golden.py (MindSpore) and
tests/dataset/test_mindrecord_order.py (msfunc).

Four MindRecord files of 10, 7, 4 and 3 rows hold a "label" equal to the row's position
(file after file), so a pass's labels are the row positions it reads; a padded row reads
-1. Each case is MindDataset's arguments (a sampler as a nested spec), read for two passes
of one iterator under dataset seed 1234, shards dealt by block when "block" is set.
"""

import os

COUNTS = (10, 7, 4, 3)
SEED = 1234


def write_files(FileWriter, folder):
    """The four files (MindSpore's or msfunc's FileWriter); returns their paths."""
    paths, total = [], 0
    for count in COUNTS:
        path = os.path.join(folder, f"part{count}.mindrecord")
        w = FileWriter(path)
        w.add_schema({"label": {"type": "int32"}, "name": {"type": "string"}}, "order")
        w.add_index(["label"])
        w.write_raw_data([{"label": total + i, "name": f"r{total + i}"} for i in range(count)])
        w.commit()
        paths.append(path)
        total += count
    return paths


def _mode(ds, value):
    return ds.Shuffle(value) if isinstance(value, str) else value


def make_sampler(ds, spec):
    """The sampler a spec names: {"kind": ..., "args": {...}, "child": spec}."""
    args = dict(spec.get("args", {}))
    if "shuffle" in args:
        args["shuffle"] = _mode(ds, args["shuffle"])
    make = {
        "random": ds.RandomSampler,
        "distributed": ds.DistributedSampler,
        "sequential": ds.SequentialSampler,
        "subset": ds.SubsetSampler,
        "subset_random": ds.SubsetRandomSampler,
        "pk": getattr(ds, "PKSampler", None),
    }[spec["kind"]]
    sampler = make(**args)
    if "child" in spec:
        sampler.add_child(make_sampler(ds, spec["child"]))
    return sampler


def passes(ds, paths, case, epochs=2):
    """The labels of `epochs` passes of one iterator over the case's MindDataset."""
    if case.get("block"):
        os.environ["MS_DEV_MINDRECORD_SHARD_BY_BLOCK"] = "true"
    else:
        os.environ.pop("MS_DEV_MINDRECORD_SHARD_BY_BLOCK", None)
    ds.config.set_seed(SEED)
    kwargs = {k: case[k] for k in ("num_shards", "shard_id", "num_samples") if k in case}
    if "shuffle" in case:
        kwargs["shuffle"] = _mode(ds, case["shuffle"])
    if "sampler" in case:
        kwargs["sampler"] = make_sampler(ds, case["sampler"])
    if case.get("padded"):
        kwargs.update(
            columns_list=["label", "name"],
            padded_sample=case.get("padded_sample", {"label": -1, "name": "pad"}),
            num_padded=case["padded"],
        )
    data = ds.MindDataset(paths, **kwargs)
    it = data.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    out = [[int(row["label"]) for row in it] for _ in range(epochs)]
    os.environ.pop("MS_DEV_MINDRECORD_SHARD_BY_BLOCK", None)
    return {"size": int(data.get_dataset_size()), "passes": out}


def outcome(ds, paths, case):
    """`passes`, or the type of the error it raises."""
    try:
        return passes(ds, paths, case)
    except (RuntimeError, ValueError, TypeError) as error:
        os.environ.pop("MS_DEV_MINDRECORD_SHARD_BY_BLOCK", None)
        return {"error": type(error).__name__}


def _cases():
    cases = {}
    for block in (False, True):
        tag = "block" if block else "stride"
        for shuffle in (None, False, "global", "partial", "files", "infile"):
            cases[f"{tag}-{shuffle}"] = {"shuffle": shuffle, "block": block}
            for shards, shard in ((3, 1), (5, 4)):
                cases[f"{tag}-{shuffle}-{shards}.{shard}"] = {
                    "shuffle": shuffle,
                    "num_shards": shards,
                    "shard_id": shard,
                    "block": block,
                }
        cases[f"{tag}-partial-3.2-samples"] = {
            "shuffle": "partial",
            "num_shards": 3,
            "shard_id": 2,
            "num_samples": 5,
            "block": block,
        }
        cases[f"{tag}-padded-5.4"] = {
            "shuffle": False,
            "num_shards": 5,
            "shard_id": 4,
            "padded": 1,
            "block": block,
        }
        cases[f"{tag}-padded-global-4.3"] = {
            "shuffle": "global",
            "num_shards": 4,
            "shard_id": 3,
            "padded": 4,
            "block": block,
        }
        cases[f"{tag}-padded-partial-4.3"] = {
            "shuffle": "partial",
            "num_shards": 4,
            "shard_id": 3,
            "padded": 4,
            "block": block,
        }
    cases["global-samples"] = {"shuffle": True, "num_samples": 9}
    cases["partial-samples"] = {"shuffle": "partial", "num_samples": 9}
    cases["false-samples"] = {"shuffle": False, "num_samples": 9}
    cases["global-3.0-samples"] = {
        "shuffle": "global",
        "num_shards": 3,
        "shard_id": 0,
        "num_samples": 4,
    }
    for mode in (None, "global", "partial", "files", "infile"):
        args = {} if mode is None else {"shuffle": mode}
        cases[f"random-{mode}"] = {"sampler": {"kind": "random", "args": args}}
    cases["random-replacement"] = {
        "sampler": {"kind": "random", "args": {"replacement": True, "num_samples": 12}}
    }
    cases["random-samples"] = {"sampler": {"kind": "random", "args": {"num_samples": 12}}}
    for mode in (True, False, "partial", "files", "infile"):
        cases[f"distributed-{mode}"] = {
            "sampler": {
                "kind": "distributed",
                "args": {"num_shards": 4, "shard_id": 2, "shuffle": mode},
            }
        }
    cases["distributed-offset"] = {
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 5, "shard_id": 1, "shuffle": False, "offset": 2},
        }
    }
    cases["distributed-samples"] = {
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 3, "shard_id": 0, "shuffle": True, "num_samples": 3},
        }
    }
    cases["sequential"] = {"sampler": {"kind": "sequential", "args": {"start_index": 5}}}
    cases["sequential-samples"] = {
        "sampler": {"kind": "sequential", "args": {"start_index": 20, "num_samples": 8}}
    }
    cases["subset"] = {"sampler": {"kind": "subset", "args": {"indices": [3, 0, 22, -2, 3]}}}
    cases["subset-random"] = {
        "sampler": {"kind": "subset_random", "args": {"indices": [1, 4, 9, 16, 23, 2]}}
    }
    cases["sequential-over-random"] = {
        "sampler": {
            "kind": "sequential",
            "args": {"num_samples": 6},
            "child": {"kind": "random", "args": {}},
        }
    }
    cases["random-over-sequential"] = {
        "sampler": {
            "kind": "random",
            "args": {},
            "child": {"kind": "sequential", "args": {"start_index": 2, "num_samples": 9}},
        }
    }
    cases["distributed-over-random"] = {
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 2, "shard_id": 1, "shuffle": False},
            "child": {"kind": "random", "args": {}},
        }
    }
    cases["infile-samples"] = {"shuffle": "infile", "num_samples": 5}
    cases["random-over-distributed"] = {
        "sampler": {
            "kind": "random",
            "args": {},
            "child": {"kind": "distributed", "args": {"num_shards": 3, "shard_id": 1}},
        }
    }
    cases["subset-over-sequential"] = {
        "sampler": {
            "kind": "subset",
            "args": {"indices": [0, 5, 2]},
            "child": {"kind": "sequential", "args": {"start_index": 4}},
        }
    }
    cases["distributed-offset-shuffled"] = {
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 5, "shard_id": 1, "shuffle": True, "offset": 2},
        }
    }
    cases["distributed-infile-padded"] = {
        "padded": 4,
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 4, "shard_id": 1, "shuffle": "infile"},
        },
    }
    cases["chain-partial-child"] = {  # (refused by add_child)
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 2, "shard_id": 1, "shuffle": "partial"},
            "child": {"kind": "random", "args": {"shuffle": "partial"}},
        }
    }
    cases["chain-infile-parent"] = {
        "sampler": {
            "kind": "distributed",
            "args": {"num_shards": 2, "shard_id": 1, "shuffle": "infile"},
            "child": {"kind": "random", "args": {"shuffle": "global"}},
        }
    }
    # each label its own class: the classes come in text order ("0", "1", "10", ...)
    cases["pk"] = {"sampler": {"kind": "pk", "args": {"num_val": 2}}}
    cases["pk-shuffle-samples"] = {
        "sampler": {"kind": "pk", "args": {"num_val": 2, "shuffle": True, "num_samples": 9}}
    }
    cases["padded-array-value"] = {
        "shuffle": False,
        "num_shards": 5,
        "shard_id": 4,
        "padded": 1,
        "padded_sample": {"label": [1, 2], "name": "pad"},
    }
    cases["padded-uneven"] = {"shuffle": False, "num_shards": 5, "shard_id": 4, "padded": 2}
    cases["padded-chain"] = {
        "padded": 1,
        "sampler": {
            "kind": "sequential",
            "args": {},
            "child": {"kind": "random", "args": {}},
        },
    }
    return cases


CASES = _cases()


def _plain(value):
    if isinstance(value, bytes):
        return value.decode("latin-1")
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


def save_types(ds, FileReader, folder):
    """Dataset.save of columns MindRecord has no type of its own for (uint64, bool,
    float16) and of a bytes column read back by MindDataset: the schema and the rows
    FileReader reads from the saved file."""
    import numpy as np

    def rows():
        for i in range(2):
            yield (
                np.array(2**40 + i, np.uint64),
                np.array([1, 2**40], np.uint64),
                np.array(i == 0),
                np.array([1.5, i], np.float16),
                np.array(f"s{i}"),
                np.array(b"b%d" % i),
            )

    first = os.path.join(folder, "first.mindrecord")
    ds.GeneratorDataset(rows, ["u", "ua", "t", "h", "s", "b"], shuffle=False).save(first)
    again = os.path.join(folder, "again.mindrecord")
    ds.MindDataset(first, shuffle=False).save(again)  # (its bytes come as 1-element arrays)
    out = {}
    for path in (first, again):
        reader = FileReader(path)
        out[os.path.basename(path)] = {
            "schema": reader.schema(),
            "rows": [{k: _plain(v) for k, v in r.items()} for r in reader.get_next()],
        }
        reader.close()

    def ragged():
        yield (np.zeros((2, 1), np.int32),)
        yield (np.zeros((2, 2), np.int32),)

    try:
        ds.GeneratorDataset(ragged, ["r"], shuffle=False).save(os.path.join(folder, "r.mr"))
    except Exception as error:  # noqa: BLE001  (the type is what is recorded)
        out["ragged"] = type(error).__name__
    return out


def empty_field(ds, FileWriter, folder):
    """MindDataset over an array field left empty in every row: the shapes it reports and
    the shapes of the arrays it yields (an empty one's value is not recorded: MindSpore's
    is whatever its buffer held)."""
    import numpy as np

    path = os.path.join(folder, "empty.mindrecord")
    w = FileWriter(path)
    w.add_schema(
        {
            "k": {"type": "int32"},
            "v": {"type": "int64", "shape": [-1]},
            "w": {"type": "int32", "shape": [-1]},
        }
    )
    empty = np.array([], np.int64)
    w.write_raw_data([{"k": k, "v": empty, "w": np.arange(k + 1, dtype=np.int32)} for k in (0, 1)])
    w.commit()
    data = ds.MindDataset(path, shuffle=False)
    rows = data.create_dict_iterator(num_epochs=1, output_numpy=True)
    return {
        "output_shapes": data.output_shapes(),
        "shapes": [[list(r[c].shape) for c in ("k", "v", "w")] for r in rows],
    }


def bad_files(ds, FileWriter, folder):
    """The error type MindDataset raises over files it cannot read: a file with no index
    (.db), files of different schemas or page sizes, an empty file, a renamed file (its
    header names the old name), a file that is not there."""

    def write(name, schema):
        path = os.path.join(folder, name)
        w = FileWriter(path)
        w.add_schema(schema)
        w.write_raw_data([{k: 1 for k in schema}])
        w.commit()
        return path

    def error(files):
        try:
            data = ds.MindDataset(files)
            list(data.create_tuple_iterator(num_epochs=1, output_numpy=True))
        except Exception as e:  # noqa: BLE001  (the type is what is recorded)
            return type(e).__name__
        return None

    lone = write("lone.mindrecord", {"a": {"type": "int32"}})
    os.remove(lone + ".db")
    one = write("one.mindrecord", {"a": {"type": "int32"}})
    other = write("other.mindrecord", {"b": {"type": "int64"}})
    empty = os.path.join(folder, "empty.mindrecord")
    open(empty, "wb").close()
    open(empty + ".db", "wb").close()
    renamed = write("renamed.mindrecord", {"a": {"type": "int32"}})
    os.rename(renamed, renamed + "_new")
    big = os.path.join(folder, "big_pages.mindrecord")
    w = FileWriter(big)
    w.set_page_size(1 << 26)
    w.add_schema({"a": {"type": "int32"}})
    w.write_raw_data([{"a": 1}])
    w.commit()
    garbage = write("garbage_db.mindrecord", {"a": {"type": "int32"}})
    with open(garbage + ".db", "w") as f:
        f.write("not a database")
    return {
        "garbage_index": error(garbage),
        "no_index": error(lone),
        "schemas": error([one, other]),
        "empty": error(empty),
        "renamed": error(renamed + "_new"),
        "page_sizes": error([one, big]),
        "missing": error(os.path.join(folder, "nowhere.mindrecord")),
    }


def reader_after_close(FileReader, FileWriter, folder):
    """FileReader rows read in full, then after `close` (MindSpore reads none)."""
    path = os.path.join(folder, "closing.mindrecord")
    w = FileWriter(path)
    w.add_schema({"a": {"type": "int32"}})
    w.write_raw_data([{"a": i} for i in range(3)])
    w.commit()
    reader = FileReader(path)
    first = [row["a"] for row in reader.get_next()]
    reader.close()
    return {"first": first, "after_close": [row["a"] for row in reader.get_next()]}


def mind_page(MindPage, FileWriter, folder, FileReader):
    """MindPage over one file: the candidate fields, the categories of two fields, pages
    of rows by id and by name, and the error types of pages that are not there (and of
    MindPage and FileReader over a file that is not there)."""
    import numpy as np

    path = os.path.join(folder, "pages.mindrecord")
    w = FileWriter(path)
    w.add_schema(
        {
            "name": {"type": "string"},
            "label": {"type": "int32"},
            "data": {"type": "bytes"},
            "v": {"type": "float32", "shape": [2]},
        }
    )
    w.add_index(["name", "label"])
    labels = [5, 13, 2, 13, 822, 5, 2, 13]
    w.write_raw_data(
        [
            {"name": f"n{i % 3}", "label": labels[i], "data": b"x%d" % i, "v": np.full(2, i, "f")}
            for i in range(8)
        ]
    )
    w.commit()
    page = MindPage(path)
    out = {"fields": page.candidate_fields}

    def rows(got):
        return [{k: _plain(v) for k, v in r.items()} for r in got]

    page.category_field = "label"
    out["label_info"] = page.read_category_info()
    out["by_id"] = [rows(page.read_at_page_by_id(0, p, 2)) for p in (0, 1)]
    out["by_name"] = rows(page.read_at_page_by_name("2", 0, 5))
    page.category_field = "name"
    out["name_info"] = page.read_category_info()
    errors = []
    for call in (
        lambda: page.read_at_page_by_id(9, 0, 1),
        lambda: page.read_at_page_by_name("zz", 0, 1),
        lambda: page.read_at_page_by_id(0, 9, 1),
    ):
        try:
            call()
            errors.append(None)
        except Exception as error:  # noqa: BLE001  (the type is what is recorded)
            errors.append(type(error).__name__)
    out["errors"] = errors
    for name, make in (("reader_missing", FileReader), ("page_missing", MindPage)):
        try:
            make(os.path.join(folder, "nowhere.mindrecord"))
        except Exception as error:  # noqa: BLE001  (the type is what is recorded)
            out[name] = type(error).__name__
    return out
