"""CSVDataset cases shared by gen_csv_golden.py (real MindSpore 2.10) and
tests/dataset/test_csv_source.py (msfunc): quoting, typed columns, headers, delimiters,
worker interleave, shards, shuffles, a record that fails mid-file, and the exception
types of bad arguments."""

import os

FILES = {
    "a.csv": '1,"x,y",2.5\n\n3,"say ""hi""",\n5,"two\nlines",7\n',
    "b.csv": "10,u,1.5\n20,v,2.5\n",
    "head.csv": "id|name\n1|one\n2|two\n",
    "bad.csv": "1,a,2\n2,b,3\nx,c,4\n4,d,5\n",
}
NAMES = ["n", "s", "f"]

# name -> (dataset seed, file names, CSVDataset keyword arguments)
CASES = {
    "typed_ok": (
        1,
        ["b.csv"],
        {"column_defaults": [0, "", 0.0], "column_names": NAMES, "shuffle": False},
    ),
    "typed_empty_float_fails": (
        1,
        ["a.csv"],
        {"column_defaults": [0, "", 9.5], "column_names": NAMES, "shuffle": False},
    ),
    "strings": (
        1,
        ["a.csv", "b.csv"],
        {"column_names": NAMES, "shuffle": False, "num_parallel_workers": 1},
    ),
    "two_workers": (
        1,
        ["a.csv", "b.csv"],
        {"column_names": NAMES, "shuffle": False, "num_parallel_workers": 2},
    ),
    "header_and_delim": (1, ["head.csv"], {"field_delim": "|", "shuffle": False}),
    "shard1_of_2": (
        1,
        ["a.csv", "b.csv"],
        {
            "column_names": NAMES,
            "shuffle": False,
            "num_shards": 2,
            "shard_id": 1,
            "num_parallel_workers": 1,
        },
    ),
    "global": (3, ["a.csv", "b.csv"], {"column_names": NAMES, "num_parallel_workers": 1}),
    "fails_mid_file": (
        1,
        ["bad.csv"],
        {
            "column_defaults": [0, "", 0],
            "column_names": NAMES,
            "shuffle": False,
            "num_parallel_workers": 1,
        },
    ),
}

BAD = {
    "delim_int": {"field_delim": 3},
    "delim_two_chars": {"field_delim": "ab"},
    "defaults_nested": {"column_defaults": [[1]]},
    "shuffle_int": {"shuffle": 3},
}


def write_files(folder):
    for name, text in FILES.items():
        with open(os.path.join(folder, name), "w", newline="") as f:
            f.write(text)
    return folder


def outcome(ds, folder, case):
    """The rows read (values and dtypes; None when the pass fails, as how many rows come
    before the failure depends on MindSpore's prefetching), the size and the error's type."""
    seed, names, kwargs = case
    ds.config.set_seed(seed)
    data = ds.CSVDataset([os.path.join(folder, n) for n in names], **kwargs)
    rows, error = [], None
    try:
        for row in data.create_tuple_iterator(output_numpy=True):
            rows.append(
                [v.item() if v.dtype.kind != "U" else str(v) for v in row]
                + [str(v.dtype) if v.dtype.kind != "U" else "str" for v in row]
            )
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        error = type(e).__name__
    return {
        "columns": data.get_col_names(),
        "size": data.get_dataset_size(),
        "rows": None if error else rows,
        "error": error,
    }


def error_of(ds, folder, kwargs):
    """The exception type name CSVDataset raises for `kwargs` (None: none)."""
    try:
        ds.CSVDataset(os.path.join(folder, "b.csv"), column_names=NAMES, **kwargs)
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
