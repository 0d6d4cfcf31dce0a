"""Run the corpus of real MindSpore programs (tests/programs/recipes) under msfunc and compare.

Each recipe is data only: which files of which public repository at which commit, the command
that runs the program, the text substitutions and arguments that make it short (few steps, small
or synthetic data), and the regular expressions that pick the logged figures out of its output.
The tool fetches nothing: ``--repos`` names a folder holding the repositories, each either as a
checkout ``DIR/owner+name/`` or as a bare mirror ``DIR/owner+name/repo`` (read with ``git``).
Files are copied into a scratch folder, edited there, and the program runs there, under msfunc
(``python -m msfunc run``) and, with ``--record``, under MindSpore to record its figures.
A ``notebook`` recipe runs a notebook's code cells as one script; a ``markdown`` recipe runs a
documentation page's python blocks, each from its own file and in isolation (a block that
raises prints ``=== block_NNN.py raised TypeError`` and the next block still runs), skipping
the block numbers listed in ``markdown_skip``.

Usage::

    python tools/run_programs.py --repos REPOS            # table of every recipe
    python tools/run_programs.py --repos REPOS --only sciai_deepbsde --show-output
    python tools/run_programs.py --repos REPOS --record --mindspore MINDSPORE_VENV/bin/python
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
# the data writers live beside this file; loaded by path, as tests load this module
_DATA_SPEC = importlib.util.spec_from_file_location(
    "program_data", ROOT / "tools" / "program_data.py"
)
program_data = importlib.util.module_from_spec(_DATA_SPEC)
_DATA_SPEC.loader.exec_module(program_data)
_MARKDOWN_SPEC = importlib.util.spec_from_file_location(
    "program_markdown", ROOT / "tools" / "program_markdown.py"
)
program_markdown = importlib.util.module_from_spec(_MARKDOWN_SPEC)
_MARKDOWN_SPEC.loader.exec_module(program_markdown)
PROGRAMS = ROOT / "tests" / "programs"
RECIPES = PROGRAMS / "recipes"
FIGURES = PROGRAMS / "figures"
RTOL = 1e-5
ATOL = 1e-7

REQUIRED = {
    "name": str,
    "repository": str,
    "commit": str,
    "files": list,
    "workdir": str,
    "entry": str,
    "figures": list,
    "seeded": bool,
}
OPTIONAL = {
    "description": str,
    "args": list,
    "env": dict,
    "substitutions": list,
    "synthetic_files": dict,
    "timeout_s": int,
    "notes": str,
    "pythonpath": list,
    "notebook": str,
    "markdown": str,
    "markdown_skip": list,
    "synthetic_data": list,
    "mindspore_deterministic": bool,
}


class RecipeError(ValueError):
    """A recipe that is not well-formed, or whose substitution no longer applies."""


def validate_recipe(recipe):
    """Check a recipe's fields and types; raise RecipeError naming the first problem.

    >>> validate_recipe({"name": "x"})
    Traceback (most recent call last):
    ...
    run_programs.RecipeError: recipe 'x': missing field 'repository'
    """
    name = recipe.get("name", "?")
    for key in REQUIRED:
        if key not in recipe:
            raise RecipeError(f"recipe {name!r}: missing field {key!r}")
    for key, value in recipe.items():
        kind = REQUIRED.get(key) or OPTIONAL.get(key)
        if kind is None:
            raise RecipeError(f"recipe {name!r}: unknown field {key!r}")
        if not isinstance(value, kind):
            raise RecipeError(f"recipe {name!r}: field {key!r} must be {kind.__name__}")
    if recipe["repository"] != "local" and not re.fullmatch(r"[0-9a-f]{40}", recipe["commit"]):
        raise RecipeError(f"recipe {name!r}: commit must be 40 hex digits")
    for sub in recipe.get("substitutions", []):
        if set(sub) - {"file", "old", "new", "count"} or not {"file", "old", "new"} <= set(sub):
            raise RecipeError(f"recipe {name!r}: a substitution needs file, old, new (and count)")
    if not recipe["figures"]:
        raise RecipeError(f"recipe {name!r}: figures lists no pattern")
    for fig in recipe["figures"]:
        if set(fig) != {"label", "regex"}:
            raise RecipeError(f"recipe {name!r}: a figure needs exactly label and regex")
        if re.compile(fig["regex"]).groups < 1:
            raise RecipeError(f"recipe {name!r}: figure {fig['label']!r} regex has no group")
    if not all(isinstance(a, str) for a in recipe.get("args", [])):
        raise RecipeError(f"recipe {name!r}: args must be strings")
    return recipe


def load_recipes(folder=RECIPES, only=None):
    """Every ``*.json`` recipe in `folder` (validated), sorted by name; `only` filters names."""
    recipes = []
    for path in sorted(pathlib.Path(folder).glob("*.json")):
        recipe = validate_recipe(json.loads(path.read_text()))
        if recipe["name"] != path.stem:
            raise RecipeError(f"recipe file {path.name} holds name {recipe['name']!r}")
        if not only or recipe["name"] in only:
            recipes.append(recipe)
    return recipes


_NUMBER = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(nan|inf)$", re.I)


def parse_figures(output, figure_specs):
    """The logged figures in `output`: ``[(label, value), ...]`` in the order printed.

    Each line is tried against every pattern; every group of every match is one figure.

    >>> specs = [{"label": "loss", "regex": r"loss: (\\S+)"}]
    >>> parse_figures("step 0 loss: 1.5\\nstep 1 loss: [0.25]\\nbye", specs)
    [('loss', 1.5), ('loss', 0.25)]
    """
    compiled = [(f["label"], re.compile(f["regex"])) for f in figure_specs]
    figures = []
    for line in output.splitlines():
        for label, pattern in compiled:
            for match in pattern.finditer(line):
                for group in match.groups():
                    if group is None:
                        continue
                    text = group.strip().strip("[](),")
                    if _NUMBER.match(text):
                        figures.append((label, float(text)))
    return figures


def compare_figures(expected, got, rtol=RTOL, atol=ATOL):
    """``(all_match, first_difference)``: every expected figure printed, equal within rtol.

    >>> compare_figures([("loss", 1.0), ("loss", 0.5)], [("loss", 1.0), ("loss", 0.5000001)])
    (True, None)
    >>> compare_figures([("loss", 1.0), ("loss", 0.5)], [("loss", 1.0), ("loss", 0.6)])
    (False, 'figure 1 (loss): MindSpore 0.5, msfunc 0.6')
    >>> compare_figures([("loss", float("inf"))], [("loss", float("inf"))])
    (True, None)
    >>> compare_figures([("loss", 1.0)], [])
    (False, 'printed 0 of 1 figures')
    """
    for index, ((label, want), (_, have)) in enumerate(zip(expected, got)):
        same = (
            want == have  # (an infinite loss printed by both: inf - inf is NaN)
            or (math.isnan(want) and math.isnan(have))
            or abs(have - want) <= atol + rtol * abs(want)
        )
        if not same:
            return False, f"figure {index} ({label}): MindSpore {want:.8g}, msfunc {have:.8g}"
    if len(got) != len(expected):
        return False, f"printed {len(got)} of {len(expected)} figures"
    return True, None


_EXC_LINE = re.compile(
    r"^([A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning)|[A-Za-z_]"
    r"[\w.]*\.[A-Z]\w+|KeyboardInterrupt|StopIteration)(: ?(.*))?$"
)


def first_failure(output):
    """The exception a Python traceback in `output` ends with, as ``'Type: first line'``.

    >>> first_failure("x\\nTraceback (most recent call last):\\n  File 'a'\\n    f()\\n"
    ...               "ValueError: bad shape\\n  more detail\\n")
    'ValueError: bad shape'
    >>> first_failure("all fine") is None
    True
    """
    lines = output.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Traceback (most recent")]
    if not starts:
        return None
    for line in lines[starts[-1] + 1 :]:
        if line and not line[0].isspace():
            if _EXC_LINE.match(line) or ":" in line:
                return line.strip()[:300]
    return "traceback without an exception line"


# ---------------------------------------------------------------- materialising a program


def _git(git_dir, *args, binary=False):
    out = subprocess.run(["git", f"--git-dir={git_dir}", *args], capture_output=True, check=False)
    if out.returncode:
        raise FileNotFoundError(out.stderr.decode(errors="replace").strip())
    return out.stdout if binary else out.stdout.decode()


def find_source(repos, repository):
    """``("git", git_dir)`` or ``("tree", folder)`` for `repository` under the folder `repos`."""
    if repository == "local":
        return "tree", PROGRAMS / "synthetic"
    base = pathlib.Path(repos) / repository.replace("/", "+")
    for candidate in (base / "repo", base):
        if (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            return "git", candidate
    for candidate in (base, pathlib.Path(repos) / repository.split("/")[1]):
        if candidate.is_dir():
            return "tree", candidate
    raise FileNotFoundError(f"repository {repository} not found under {repos}")


def materialise(recipe, repos, scratch):
    """Copy the recipe's files into `scratch`, write its synthetic files, apply its
    substitutions; returns the list of files that could not be read (absent large blobs)."""
    kind, source = find_source(repos, recipe["repository"])
    scratch = pathlib.Path(scratch)
    missing = []
    for path in recipe["files"]:
        if kind == "tree":
            src = pathlib.Path(source) / path
            dst = scratch / path
            if src.is_dir():
                shutil.copytree(src, dst, dirs_exist_ok=True)
            else:
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)
            continue
        listing = _git(source, "ls-tree", "-r", "-z", recipe["commit"], "--", path)
        entries = [e for e in listing.split("\0") if e]
        if not entries:
            raise FileNotFoundError(f"{path} not in {recipe['repository']}@{recipe['commit']}")
        for entry in entries:
            meta, name = entry.split("\t", 1)
            mode, otype, sha = meta.split()
            if otype != "blob":
                continue
            dst = scratch / name
            dst.parent.mkdir(parents=True, exist_ok=True)
            try:
                dst.write_bytes(_git(source, "cat-file", "blob", sha, binary=True))
            except FileNotFoundError:
                missing.append(name)
    if "notebook" in recipe:
        notebook = scratch / recipe["notebook"]
        script = scratch / recipe["workdir"] / recipe["entry"]
        script.write_text(notebook_to_script(json.loads(notebook.read_text())))
    for spec in recipe.get("synthetic_data", []):
        try:
            program_data.write_synthetic_data(spec, scratch)
        except program_data.SyntheticDataError as exc:
            raise RecipeError(f"recipe {recipe['name']!r}: {exc}") from None
    for name, text in recipe.get("synthetic_files", {}).items():
        dst = scratch / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text(text)
    if "markdown" in recipe:
        # each python block of the page becomes its own file, run in turn by the entry script
        page = (scratch / recipe["markdown"]).read_text()
        skip = recipe.get("markdown_skip", [])
        program_markdown.write_program(page, scratch / recipe["workdir"], recipe["entry"], skip)
    apply_substitutions(recipe, scratch)
    return missing


def notebook_to_script(notebook):
    """A notebook's code cells as one script; shell (``!``) and magic (``%``) lines dropped.

    >>> notebook_to_script({"cells": [{"cell_type": "code", "source": ["!pip x\\n", "a = 1"]},
    ...                               {"cell_type": "markdown", "source": ["# t"]}]})
    'a = 1\\n'
    """
    chunks = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        lines = [line for line in source.splitlines() if not line.lstrip().startswith(("!", "%"))]
        chunks.append("\n".join(lines) + "\n")
    return "".join(chunks)


def apply_substitutions(recipe, scratch):
    """Replace each ``old`` by ``new`` in its file; an ``old`` not found is a RecipeError
    (the program changed upstream, so the recipe no longer says what it ran)."""
    for sub in recipe.get("substitutions", []):
        path = pathlib.Path(scratch) / sub["file"]
        text = path.read_text()
        found = text.count(sub["old"])
        want = sub.get("count", 1)
        if found == 0 or (want and found != want):
            raise RecipeError(
                f"recipe {recipe['name']!r}: {sub['old']!r} occurs {found} times "
                f"in {sub['file']} (expected {want or 'some'})"
            )
        path.write_text(text.replace(sub["old"], sub["new"]))


# ---------------------------------------------------------------- running


def run_program(recipe, repos, python, *, under_msfunc, keep=None, extra_path=()):
    """Run one recipe in a fresh scratch folder; returns a result dict (output included).

    `extra_path` folders go first on the program's ``PYTHONPATH`` (a diagnosis aid: a
    ``sitecustomize.py`` there can stand in for a known gap to show the next failure)."""
    scratch = pathlib.Path(tempfile.mkdtemp(prefix=f"prog_{recipe['name']}_"))
    result = {"name": recipe["name"], "ran_to_end": False, "failure": None, "figures": []}
    try:
        missing = materialise(recipe, repos, scratch)
        result["missing_files"] = missing
        workdir = scratch / recipe["workdir"]
        command = [python]
        if under_msfunc:
            command += ["-m", "msfunc", "run"]
        command += [recipe["entry"], *recipe.get("args", [])]
        env = dict(
            os.environ, GLOG_v="3", PYTHONUNBUFFERED="1", MPLBACKEND="Agg", **recipe.get("env", {})
        )
        # the program's own package folders (scratch-relative), then msfunc for its run
        paths = [str(pathlib.Path(p).resolve()) for p in extra_path]
        paths += [str(scratch / p) for p in recipe.get("pythonpath", [])]
        env["PYTHONPATH"] = os.pathsep.join(paths + ([str(ROOT)] if under_msfunc else []))
        start = time.time()
        try:
            proc = subprocess.run(
                command,
                cwd=workdir,
                env=env,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=recipe.get("timeout_s", 600),
            )
            output, printed = proc.stdout + proc.stderr, proc.stdout
            result["ran_to_end"] = proc.returncode == 0
            if proc.returncode:
                result["failure"] = (
                    first_failure(proc.stderr)
                    or f"exit status {proc.returncode}: {_last_line(output)}"
                )
        except subprocess.TimeoutExpired as exc:
            output, printed = _text(exc.stdout) + _text(exc.stderr), _text(exc.stdout)
            result["failure"] = f"timeout after {recipe.get('timeout_s', 600)} s"
        result["seconds"] = round(time.time() - start, 1)
        result["output"] = output
        # figures come from what the program prints (stdout), never from warnings on stderr
        result["figures"] = parse_figures(printed, recipe["figures"])
    except (FileNotFoundError, RecipeError) as exc:
        result["failure"] = f"setup: {exc}"
        result["output"] = ""
    finally:
        if keep:
            shutil.copytree(scratch, pathlib.Path(keep) / recipe["name"], dirs_exist_ok=True)
        shutil.rmtree(scratch, ignore_errors=True)
    return result


def _text(data):
    if data is None:
        return ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data


def _last_line(output):
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1][:200] if lines else "(no output)"


def load_recorded(name, folder=FIGURES):
    """The MindSpore figures recorded for `name`, or None when none were recorded."""
    path = pathlib.Path(folder) / f"{name}.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    data["figures"] = [tuple(f) for f in data["figures"]]
    return data


def verdict(recipe, result, recorded):
    """One table row: runs to its end? prints MindSpore's figures? first failure."""
    if recorded is None:
        matches = "not recorded"
    elif not recipe.get("mindspore_deterministic", True):
        matches = "n/a: unseeded, MindSpore's own figures vary"
    elif not recorded["ran_to_end"]:
        matches = "MindSpore fails"
    else:
        same, difference = compare_figures(recorded["figures"], result["figures"])
        matches = "yes" if same and result["ran_to_end"] else f"no: {difference or 'did not end'}"
    randomness = "seeded" if recipe["seeded"] else ""
    if not recipe.get("mindspore_deterministic", True):
        randomness = "unseeded"
    return {
        "name": recipe["name"],
        "seeded": randomness,
        "runs": result["ran_to_end"],
        "matches": matches,
        "failure": result["failure"] or "",
    }


def render_table(rows):
    """Markdown table of verdict rows, then the counts.

    >>> print(render_table([{"name": "a", "seeded": "", "runs": True, "matches": "yes",
    ...                      "failure": ""}]))
    | program | seeded | runs to end | prints MindSpore's figures | first failure |
    |---|---|---|---|---|
    | a |  | yes | yes |  |
    <BLANKLINE>
    1 of 1 programs run to their end; 1 of 1 print MindSpore's figures at every logged step.
    """
    out = [
        "| program | seeded | runs to end | prints MindSpore's figures | first failure |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        failure = row["failure"].replace("|", "\\|")
        matches = row["matches"].replace("|", "\\|")
        out.append(
            f"| {row['name']} | {row['seeded']} | "
            f"{'yes' if row['runs'] else 'no'} | {matches} | {failure} |"
        )
    runs = sum(r["runs"] for r in rows)
    same = sum(r["matches"] == "yes" for r in rows)
    out += [
        "",
        f"{runs} of {len(rows)} programs run to their end; {same} of {len(rows)} print "
        "MindSpore's figures at every logged step.",
    ]
    return "\n".join(out)


def record(recipe, result, mindspore_python, folder=FIGURES):
    """Write MindSpore's run of `recipe` (figures, whether it ended) to ``figures/NAME.json``."""
    version = (
        subprocess.run(
            [mindspore_python, "-c", "import mindspore; print(mindspore.__version__)"],
            capture_output=True,
            text=True,
            env=dict(os.environ, GLOG_v="3"),
        )
        .stdout.strip()
        .splitlines()
    )
    deterministic = recipe.get("mindspore_deterministic", True)
    data = {
        "name": recipe["name"],
        "mindspore": version[-1] if version else "?",
        "ran_to_end": result["ran_to_end"],
        "failure": result["failure"],
        "figure_count": len(result["figures"]),
        # an unseeded program's figures differ on every run: only their count is kept
        "figures": [list(f) for f in result["figures"]] if deterministic else [],
    }
    pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
    (pathlib.Path(folder) / f"{recipe['name']}.json").write_text(dump_record(data))
    return data


def dump_record(data):
    """JSON text of a record, one figure per line (small diffs when re-recorded).

    >>> print(dump_record({"name": "a", "figures": [["loss", 0.5]]}))
    {
     "name": "a",
     "figures": [
      ["loss", 0.5]
     ]
    }
    <BLANKLINE>
    """
    head = {k: v for k, v in data.items() if k != "figures"}
    lines = json.dumps(head, indent=1)[:-2].splitlines()
    figures = [" " + json.dumps(f) for f in data["figures"]]
    text = "\n".join(lines) + (",\n" if lines[1:] else "\n") + ' "figures": [\n'
    text += ",\n".join(" " + f for f in figures) + ("\n" if figures else "") + " ]\n}\n"
    return text


def main(argv=None):
    """Command line: run the recipes, print the table (and write results as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repos",
        default=os.environ.get("MSFUNC_PROGRAM_REPOS"),
        required="MSFUNC_PROGRAM_REPOS" not in os.environ,
        help="folder holding the repositories (checkouts or owner+name/repo); "
        "default $MSFUNC_PROGRAM_REPOS",
    )
    parser.add_argument("--recipes", default=str(RECIPES))
    parser.add_argument("--figures", default=str(FIGURES))
    parser.add_argument("--only", nargs="*", help="recipe names to run")
    parser.add_argument("--python", default=sys.executable, help="python that has msfunc's deps")
    parser.add_argument(
        "--record", action="store_true", help="run under MindSpore and write its figures instead"
    )
    parser.add_argument(
        "--mindspore",
        default=os.environ.get("MINDSPORE_PYTHON", "python3"),
        help="MindSpore 2.10's interpreter (default $MINDSPORE_PYTHON)",
    )
    parser.add_argument("--show-output", action="store_true")
    parser.add_argument("--keep", help="copy each scratch folder here after the run")
    parser.add_argument("--json", help="write every result (with output tails) here")
    parser.add_argument(
        "--extra-path",
        action="append",
        default=[],
        help="folder put first on the program's PYTHONPATH (diagnosis only)",
    )
    options = parser.parse_args(argv)
    rows, results = [], []
    for recipe in load_recipes(options.recipes, options.only):
        if recipe["repository"] == "local" and not options.only:
            continue  # the runner's own test program is CI's, not part of the corpus
        if options.record:
            result = run_program(
                recipe, options.repos, options.mindspore, under_msfunc=False, keep=options.keep
            )
            recorded = record(recipe, result, options.mindspore, options.figures)
            print(
                f"{recipe['name']}: MindSpore {'ran' if result['ran_to_end'] else 'FAILED'} "
                f"({result.get('seconds', 0)} s), {len(recorded['figures'])} figures; "
                f"{result['failure'] or ''}",
                flush=True,
            )
        else:
            result = run_program(
                recipe,
                options.repos,
                options.python,
                under_msfunc=True,
                keep=options.keep,
                extra_path=options.extra_path,
            )
            row = verdict(recipe, result, load_recorded(recipe["name"], options.figures))
            rows.append(row)
            print(
                f"{row['name']}: runs={row['runs']} matches={row['matches']} "
                f"({result.get('seconds', 0)} s) {row['failure']}",
                file=sys.stderr,
                flush=True,
            )
        if options.show_output:
            print(result["output"][-6000:])
        result["output_tail"] = result.pop("output")[-4000:]
        results.append(result)
    if rows:
        print(render_table(rows))
    if options.json:
        pathlib.Path(options.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
