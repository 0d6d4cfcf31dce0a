"""The program corpus (tests/programs): recipes are well-formed, and the runner's copying,
editing, parsing and comparison work, checked on the runner's own synthetic program against
the figures real MindSpore 2.10 printed for it (the corpus itself needs fetched code, so it
runs as a tool, not here)."""

import importlib.util
import json
import subprocess
import sys

import pytest
from _paths import REPO

ROOT = REPO
_spec = importlib.util.spec_from_file_location("run_programs", ROOT / "tools" / "run_programs.py")
rp = importlib.util.module_from_spec(_spec)
sys.modules["run_programs"] = rp
_spec.loader.exec_module(rp)

RECIPES = rp.load_recipes()


def test_every_recipe_is_well_formed_and_named_after_its_file():
    assert len(RECIPES) >= 15
    names = [r["name"] for r in RECIPES]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("path", sorted(rp.FIGURES.glob("*.json")), ids=lambda p: p.stem)
def test_recorded_figures_belong_to_a_recipe_and_came_from_mindspore(path):
    data = json.loads(path.read_text())
    assert data["name"] == path.stem
    assert data["name"] in {r["name"] for r in RECIPES}
    assert data["mindspore"].startswith("2.")
    assert all(
        isinstance(label, str) and isinstance(value, float) for label, value in data["figures"]
    )
    # a program MindSpore ran must have left figures to compare, or its failure is named
    assert data["figure_count"] or data["failure"]


def test_validate_refuses_a_malformed_recipe():
    good = dict(RECIPES[0])
    for broken, words in [
        ({**good, "commit": "abc"}, "40 hex"),
        ({**good, "figures": [{"label": "x", "regex": "no group"}]}, "no group"),
        ({**good, "args": [3]}, "strings"),
        ({**good, "extra": 1}, "unknown field"),
    ]:
        with pytest.raises(rp.RecipeError, match=words):
            rp.validate_recipe(broken)


def test_parse_figures_reads_tensor_reprs_and_plain_prints_alike():
    specs = [{"label": "v", "regex": r"(?<![\w.])([-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)(?![\w.])"}]
    mindspore_text = "(Tensor(shape=[], dtype=Float32, value= 2),)\n[ 1.00000000e+00 -3.5e-01]"
    other_text = "(Array(2., dtype=float32),)\n[ 1. -0.35]"
    assert rp.parse_figures(mindspore_text, specs)[-3:] == rp.parse_figures(other_text, specs)
    loss = [{"label": "loss", "regex": r"loss: (\S+)"}]
    assert rp.parse_figures("loss: nan\nloss: [0.5]", loss)[1] == ("loss", 0.5)


def test_compare_figures_uses_rtol_and_reports_the_first_difference():
    expected = [("loss", 2.0), ("loss", 1.0)]
    assert rp.compare_figures(expected, [("loss", 2.0 * (1 + 9e-6)), ("loss", 1.0)])[0]
    same, where = rp.compare_figures(expected, [("loss", 2.0), ("loss", 1.0 + 3e-5)])
    assert not same and where.startswith("figure 1 (loss)")
    assert rp.compare_figures(expected, expected + [("loss", 0.5)]) == (
        False,
        "printed 3 of 2 figures",
    )


def test_first_failure_takes_the_last_traceback_and_its_first_line():
    text = (
        "Traceback (most recent call last):\n  File 'x'\nKeyError: 'a'\n\nDuring handling...\n"
        "Traceback (most recent call last):\n  File 'y', line 3\n    f()\n"
        "mindspore.errors.StateError: changed\n  detail\n"
    )
    assert rp.first_failure(text) == "mindspore.errors.StateError: changed"


def test_materialise_reads_a_bare_mirror_at_the_commit_and_edits_the_copy(tmp_path):
    work = tmp_path / "work"
    (work / "pkg").mkdir(parents=True)
    (work / "pkg" / "train.py").write_text("EPOCHS = 100\nprint('loss: 1.0')\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(work)]
    subprocess.run(git[:5] + ["init", "-q", str(work)], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "x"], check=True)
    commit = subprocess.run(
        git + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    repos = tmp_path / "repos"
    subprocess.run(
        ["git", "clone", "-q", "--bare", str(work), str(repos / "me+prog" / "repo")], check=True
    )
    (work / "pkg" / "train.py").write_text("changed after the commit\n")
    recipe = rp.validate_recipe(
        {
            "name": "p",
            "repository": "me/prog",
            "commit": commit,
            "files": ["pkg"],
            "workdir": "pkg",
            "entry": "train.py",
            "seeded": False,
            "figures": [{"label": "loss", "regex": r"loss: (\S+)"}],
            "substitutions": [{"file": "pkg/train.py", "old": "EPOCHS = 100", "new": "EPOCHS = 2"}],
            "synthetic_data": [{"kind": "mnist", "dir": "pkg/MNIST_Data/train", "count": 3}],
        }
    )
    scratch = tmp_path / "scratch"
    assert rp.materialise(recipe, repos, scratch) == []
    assert (scratch / "pkg" / "train.py").read_text().startswith("EPOCHS = 2\n")
    images = (scratch / "pkg" / "MNIST_Data" / "train" / "train-images-idx3-ubyte").read_bytes()
    assert len(images) == 16 + 3 * 28 * 28 and images[:4] == b"\x00\x00\x08\x03"
    stale = dict(
        recipe, substitutions=[{"file": "pkg/train.py", "old": "EPOCHS = 7", "new": "EPOCHS = 2"}]
    )
    with pytest.raises(rp.RecipeError, match="occurs 0 times"):
        rp.materialise(stale, repos, tmp_path / "again")


def test_the_synthetic_program_prints_mindspores_figures_under_msfunc():
    recipe = next(r for r in RECIPES if r["name"] == "synthetic_regression")
    result = rp.run_program(recipe, repos=None, python=sys.executable, under_msfunc=True)
    recorded = rp.load_recorded("synthetic_regression")
    assert recorded["ran_to_end"] and len(recorded["figures"]) == 5
    row = rp.verdict(recipe, result, recorded)
    assert row == {
        "name": "synthetic_regression",
        "seeded": "",
        "runs": True,
        "matches": "yes",
        "failure": "",
    }, result["output"][-2000:]


def test_synthetic_arrays_are_written_as_the_program_loads_them(tmp_path):
    import numpy as np
    import scipy.io

    arrays = {"x": {"shape": [3, 1], "low": 2, "high": 4}}
    arrays["u"] = {"shape": [2], "dtype": "complex64"}
    for name in ("d.npz", "d.mat"):
        spec = {"kind": "arrays", "dir": "data", "file": name, "seed": 1, "arrays": arrays}
        rp.program_data.write_synthetic_data(spec, tmp_path)
    npz, mat = np.load(tmp_path / "data" / "d.npz"), scipy.io.loadmat(tmp_path / "data" / "d.mat")
    assert npz["x"].shape == (3, 1) and ((npz["x"] >= 2) & (npz["x"] < 4)).all()
    assert npz["u"].dtype == np.complex64 and (npz["u"].imag != 0).all()
    np.testing.assert_array_equal(mat["u"].ravel(), npz["u"])  # one seed, one draw
    recipe = rp.validate_recipe(
        {
            "name": "p",
            "repository": "local",
            "commit": "",
            "files": [],
            "workdir": ".",
            "entry": "x.py",
            "seeded": False,
            "figures": [{"label": "loss", "regex": r"loss: (\S+)"}],
            "synthetic_data": [{"kind": "arrays", "dir": ".", "file": "d.txt", "arrays": arrays}],
        }
    )
    with pytest.raises(rp.RecipeError, match=r"\.npz, \.mat"):
        rp.materialise(recipe, None, tmp_path / "scratch")


_PAGE = """# Page
- A list item's block, fenced with a space and indented:

    ``` python
    import inspect

    def f(x):
        return x + 1

    print(inspect.getsource(f).splitlines()[0], f(1))
    ```

    ```text
    def f(x): 2
    ```

```python
raise TypeError("on purpose")
```

~~~py
print("after the raise")
~~~

```python
print("skipped")
```
"""


def test_markdown_blocks_run_each_from_its_own_file_and_a_raise_does_not_stop_the_page(tmp_path):
    blocks = rp.program_markdown.python_blocks(_PAGE)
    assert len(blocks) == 4  # the text block is no program
    assert blocks[0].startswith("import inspect\n\ndef f(x):\n    return x + 1\n")
    recipe = rp.validate_recipe(
        {
            "name": "p",
            "repository": "local",
            "commit": "",
            "files": [],
            "workdir": "page",
            "entry": "page.py",
            "seeded": False,
            "figures": [{"label": "value", "regex": r"(\d+)$"}],
            "synthetic_files": {"page/page.md": _PAGE},
            "markdown": "page/page.md",
            "markdown_skip": [4],
        }
    )
    scratch = tmp_path / "scratch"
    rp.materialise(recipe, None, scratch)
    assert (scratch / "page" / "block_002.py").read_text() == 'raise TypeError("on purpose")\n'
    out = subprocess.run(
        [sys.executable, "page.py"], cwd=scratch / "page", capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    # the source of a block's function is readable (graph compilers need it)
    assert out.stdout.splitlines() == [
        "=== block_001.py",
        "def f(x): 2",
        "=== block_002.py",
        "=== block_002.py raised TypeError",
        "=== block_003.py",
        "after the raise",
    ]


def test_imdb_and_glove_stand_ins_read_as_the_sentiment_tutorial_reads_them(tmp_path):
    import re
    import tarfile
    import zipfile

    spec = {"kind": "imdb_glove", "dir": "c", "seed": 0, "train": 3, "test": 2, "words": 20}
    rp.program_data.write_synthetic_data(spec, tmp_path)
    with tarfile.open(tmp_path / "c" / "aclImdb_v1.tar.gz") as tar:
        names = tar.getnames()
        pattern = re.compile(r"aclImdb/train/pos/.*\.txt$")
        review = tar.extractfile(next(n for n in names if pattern.match(n))).read()
    assert len(names) == 2 * (3 + 2) and review.endswith(b".\n") and review.split()
    lines = zipfile.ZipFile(tmp_path / "c" / "glove.6B.zip").read("glove.6B.100d.txt")
    rows = [line.split() for line in lines.decode().splitlines()]
    assert len(rows) == 16 and all(len(row) == 101 for row in rows)  # a word and 100 numbers
    assert all(row[0].isalpha() and row[0].islower() for row in rows)


def test_image_folder_stand_in_holds_decodable_jpegs_per_class(tmp_path):
    from PIL import Image

    spec = {"kind": "image_folder", "dir": "d", "classes": ["a", "b"], "count": 2, "size": [6, 9]}
    rp.program_data.write_synthetic_data(spec, tmp_path)
    files = sorted((tmp_path / "d").rglob("*.jpg"))
    assert [f.relative_to(tmp_path / "d").as_posix() for f in files] == [
        "a/0.jpg",
        "a/1.jpg",
        "b/0.jpg",
        "b/1.jpg",
    ]
    with Image.open(files[0]) as image:
        assert image.format == "JPEG" and image.size == (9, 6) and image.mode == "RGB"


def test_synthetic_pictures_sound_and_cifar_pickles_read_back(tmp_path):
    import pickle

    import numpy as np
    import scipy.io.wavfile
    from PIL import Image

    write = rp.program_data.write_synthetic_data
    write({"kind": "images", "dir": "i", "files": {"a/b.JPEG": [5, 7], "c.png": [2, 3]}}, tmp_path)
    assert Image.open(tmp_path / "i" / "a" / "b.JPEG").format == "JPEG"
    assert np.asarray(Image.open(tmp_path / "i" / "c.png")).shape == (2, 3, 3)
    write({"kind": "wav", "dir": "w", "file": "t.wav", "rate": 800, "seconds": 0.5}, tmp_path)
    rate, samples = scipy.io.wavfile.read(tmp_path / "w" / "t.wav")
    assert rate == 800 and samples.dtype == np.int16 and samples.shape == (400,)
    write({"kind": "cifar10_python", "dir": "c", "count": 3}, tmp_path)
    raw = (tmp_path / "c" / "data_batch_5").read_bytes()
    assert b"numpy._core" not in raw  # (MindSpore's reader allows numpy 1's names only)
    batch = pickle.loads(raw, encoding="bytes")
    assert batch[b"data"].shape == (3, 3072) and batch[b"data"].dtype == np.uint8
    assert len(batch[b"labels"]) == 3 and (tmp_path / "c" / "test_batch").is_file()


def test_mindrecord_stand_in_reads_back_as_written(tmp_path):
    import numpy as np

    from msfunc.mindrecord import FileReader

    spec = {
        "kind": "mindrecord",
        "dir": "m",
        "file": "t.mindrecord",
        "count": 3,
        "seed": 2,
        "columns": {
            "a": {"shape": [1, 2, 4], "dtype": "float32", "low": -1, "high": 1},
            "b": {"shape": [3], "dtype": "int32", "low": 0, "high": 9},
        },
    }
    rp.program_data.write_synthetic_data(spec, tmp_path)
    rows = list(FileReader(str(tmp_path / "m" / "t.mindrecord")).get_next())
    rng = np.random.RandomState(2)  # (each row draws its columns in the order listed)
    for row in rows:
        a = rng.uniform(-1, 1, size=(1, 2, 4)).astype(np.float32)
        b = rng.randint(0, 9, size=(3,)).astype(np.int32)
        np.testing.assert_array_equal(row["a"], a)
        np.testing.assert_array_equal(row["b"], b)
    assert len(rows) == 3
