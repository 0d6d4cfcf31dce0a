"""Text-corpus reader cases shared by gen_text_corpus_golden.py (real MindSpore 2.10) and
tests/dataset/test_text_corpus_sources.py (msfunc): tiny synthetic corpora, the rows each
reader gives for each usage, shuffle mode and seed, num_samples, shards and workers, and the
exception types of bad arguments."""

import json
import os


def _lines(tag, n):
    # empty lines, blank-looking lines and a kept "\r" between numbered rows
    out = []
    for i in range(n):
        out.append(f"{tag} {i} <unk>")
        if i % 3 == 1:
            out.append("")
        if i == 2:
            out.append("  ")
    return "\n".join(out) + "\r\n" + "\n"


def _csv(tag, n, fields):
    rows = []
    for i in range(n):
        values = [f'"{tag}{i}"', f'"t, {i}"', f'"a ""q"" \\n {i}"', f"plain {i}"][:fields]
        if i == 1:
            values[-1] = '"two\nlines"'
        rows.append(",".join(values))
    return "\n".join(rows[:2]) + "\n\n" + "\n".join(rows[2:]) + "\n"


def _sentences(tag, sizes, sep):
    # sentences of `sizes` tokens, each ended by a blank line but the file's last; fields
    # separated by runs of `sep`
    return (
        "\n\n".join(
            "\n".join(
                (sep * (1 + i % 3)).join([f"{tag}{k}.{i}", f"P{i}", f"C{k}"]) for i in range(n)
            )
            for k, n in enumerate(sizes)
        )
        + "\n"
    )


def _tsv(tag, n, test):
    head = "index\tsentence" if test else "sentence\tlabel"
    rows = [f"{i}\t{tag} {i} , it 's" if test else f"{tag} {i} , it 's \t{i % 2}" for i in range(n)]
    return head + "\n" + "\n".join(rows[:2]) + "\n\n" + "\n".join(rows[2:]) + "\n"


def _parallel(tag, lang, n):
    lines = [f"{tag} {lang} {i}" for i in range(n)]
    lines[2] = "" if lang == "de" else lines[2] + "\r"
    return "\n".join(lines) + "\n"


def _clue(rows):
    return "\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n\n"


_CLUE_PAIR = [{"sentence1": f"句{i}", "sentence2": f"b{i}", "label": str(i % 2)} for i in range(5)]
_CLUE = {
    "afqmc_train.json": _CLUE_PAIR[:3],
    "afqmc_train2.json": _CLUE_PAIR[3:] + [{**_CLUE_PAIR[0], "label": 7, "extra": "x"}],
    "afqmc_test.json": [{"id": i, "sentence1": "a", "sentence2": f"{i}"} for i in range(3)],
    "tnews.json": [
        {"label": "101", "label_desc": "news", "sentence": "s", "keywords": "k,w"},
        {"label": "102", "label_desc": "sport", "sentence": "t", "keywords": ""},
    ],
    "tnews_test.json": [{"id": 4, "sentence": "s", "keywords": "k"}],
    "iflytek.json": [{"label": "1", "label_des": "app", "sentence": "s"}],
    "iflytek_test.json": [{"id": 3, "sentence": "q"}],
    "cmnli.json": [{"sentence1": "a", "sentence2": "b", "label": "neutral"}],
    "wsc.json": [
        {
            "target": {"span1_index": 0, "span1_text": "x", "span2_index": 4, "span2_text": "y"},
            "idx": i,
            "text": f"t{i}",
            "label": "true",
        }
        for i in range(2)
    ],
    "csl.json": [
        {"id": 7, "abst": "a", "keyword": ["k1", "k2"], "label": "1"},
        {"id": 8, "abst": "b", "keyword": [], "label": "0"},
    ],
    "missing_key.json": [{"sentence1": "a", "sentence2": "b"}],
}


def _squad(tag, articles, version):
    def qa(k, p, q):
        answers = [{"text": f"a{q}", "answer_start": q}, {"text": "b", "answer_start": 9}]
        return {
            "id": f"{tag}{k}{p}{q}",
            "question": f"{tag} {k}.{p}.{q}?",
            "answers": [] if q == 2 else answers[: 1 + q % 2],
        }

    paragraphs = [
        [
            {"context": f"{tag} {k}.{p}", "qas": [qa(k, p, q) for q in range(3 - p)]}
            for p in range(2)
        ]
        for k in range(articles)
    ]
    data = [{"title": f"{tag}{k}", "paragraphs": ps} for k, ps in enumerate(paragraphs)]
    return json.dumps({"version": version, "data": data})


def _tags(lang, n):
    lines = ["<url>http://x</url>", "<title>T</title>"]
    for i in range(n):
        lines.append(f"  {lang} talk {i} &amp; more " if i % 2 else f"{lang} talk {i}")
        if i == 1:
            lines.append(" <speaker>S</speaker>")
    return "\n".join(lines + ["<reviewer></reviewer>"]) + "\n"


def _xml(lang, name, n):
    segs = "".join(f'<seg id="{i}"> {lang} {name} {i} &amp; x  </seg>\n' for i in range(n))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<mteval>\n<srcset setid="s" srclang="l">\n'
        f'<doc docid="1" genre="lectures">\n<title>T</title>\n{segs}</doc>\n</srcset>\n</mteval>\n'
    )


def _iwslt(folder, prefix, src, tgt, sets, n):
    files = {}
    for lang in (src, tgt):
        files[f"{folder}/train.tags.{src}-{tgt}.{lang}"] = _tags(lang, n)
        for k, name in enumerate(sets):
            files[f"{folder}/{prefix}.{name}.{src}-{tgt}.{lang}.xml"] = _xml(lang, name, 2 + k)
    return files


def _review(i, label):
    return f"first line {i}\n{label} review {i}\r\n\n" if i % 2 else f"{label} {i}"


FOLDERS = {
    "ptb": {f"ptb.{u}.txt": _lines(u, n) for u, n in (("train", 9), ("test", 4), ("valid", 5))},
    "wiki": {
        f"wiki.{u}.tokens": _lines(" = " + u, n)
        for u, n in (("train", 8), ("test", 3), ("valid", 4))
    },
    "enwik9": {"enwik9": _lines("<w>", 12) + "\n\nlast"},
    "csv3": {"train.csv": _csv("R", 7, 3), "test.csv": _csv("E", 4, 3)},
    "csv4": {"train.csv": _csv("R", 6, 4), "test.csv": _csv("E", 3, 4)},
    "csv2": {"train.csv": _csv("R", 5, 2), "test.csv": _csv("E", 4, 2)},
    "conll": {
        "train.txt": _sentences("r", [2, 1, 3, 2, 2], " "),
        "test.txt": _sentences("e", [1, 3, 1], " ") + "\n",
    },
    "udpos": {
        "en-ud-tag.v2.train.txt": _sentences("r", [3, 1, 2, 2], "\t") + "\n",
        "en-ud-tag.v2.test.txt": _sentences("e", [2, 2], "\t"),
        "en-ud-tag.v2.dev.txt": _sentences("v", [1, 2, 1], "\t") + "\n",
    },
    "sst2": {
        "train.tsv": _tsv("tr", 7, False),
        "dev.tsv": _tsv("dv", 3, False),
        "test.tsv": _tsv("te", 4, True),
    },
    "multi30k": {
        f"{folder}/{name}.{lang}": _parallel(name, lang, n)
        for folder, name, n in (
            ("training", "train", 7),
            ("validation", "val", 4),
            ("mmt16_task1_test", "test", 5),
        )
        for lang in ("en", "de")
    },
    "clue": {name: _clue(rows) for name, rows in _CLUE.items()},
    "squad": {
        "train-v1.1.json": _squad("r", 2, "1.1"),
        "train-v2.0.json": _squad("s", 1, "v2.0"),
        "dev-v2.0.json": _squad("d", 1, "v2.0"),
    },
    "iwslt16": {
        **_iwslt(
            "texts/de/en/de-en", "IWSLT16.TED", "de", "en", ["dev2010", "tst2013", "tst2014"], 6
        ),
        **_iwslt("texts/en/fr/en-fr", "IWSLT16.TED", "en", "fr", ["tst2013", "tst2014"], 3),
    },
    "iwslt17": _iwslt(
        "texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo",
        "IWSLT17.TED",
        "it",
        "en",
        ["dev2010", "tst2010"],
        4,
    ),
    "imdb": {
        **{
            f"{u}/{lab}/{name}": _review(i, lab)
            for u in ("train", "test")
            for lab in ("pos", "neg")
            for i, name in enumerate(
                ["1.txt", "10.txt", "2.txt", "b.md"][: 3 if u == "test" else 4]
            )
        },
        "train/unsup/0.txt": "not read",
    },
}

LINE_READERS = {
    "PennTreebankDataset": "ptb",
    "WikiTextDataset": "wiki",
    "CoNLL2000Dataset": "conll",
    "UDPOSDataset": "udpos",
}
CSV_READERS = {
    "AGNewsDataset": "csv3",
    "AmazonReviewDataset": "csv3",
    "DBpediaDataset": "csv3",
    "SogouNewsDataset": "csv3",
    "YahooAnswersDataset": "csv4",
    "YelpReviewDataset": "csv2",
}

# name -> (dataset seed, reader, folder, keyword arguments)
CASES = {}
for _reader, _folder in {**LINE_READERS, **CSV_READERS}.items():
    _usages = ["train", "test", "all"] + (["valid"] if _folder in ("ptb", "wiki", "udpos") else [])
    for _usage in _usages:
        CASES[f"{_reader}-{_usage}"] = (1, _reader, _folder, {"usage": _usage, "shuffle": False})
    _all = {"usage": "all", "num_parallel_workers": 2}
    CASES[f"{_reader}-one_worker"] = (
        1,
        _reader,
        _folder,
        {**_all, "shuffle": False, "num_parallel_workers": 1},
    )
    CASES[f"{_reader}-files"] = (4, _reader, _folder, {**_all, "shuffle": "FILES"})
    CASES[f"{_reader}-global"] = (7, _reader, _folder, {**_all, "shuffle": "GLOBAL"})
    CASES[f"{_reader}-default"] = (3, _reader, _folder, {**_all, "num_parallel_workers": 1})
    CASES[f"{_reader}-samples"] = (
        1,
        _reader,
        _folder,
        {**_all, "shuffle": False, "num_samples": 3},
    )
    CASES[f"{_reader}-shard"] = (
        1,
        _reader,
        _folder,
        {**_all, "shuffle": False, "num_shards": 3, "shard_id": 2},
    )
    CASES[f"{_reader}-shard_global"] = (
        2,
        _reader,
        _folder,
        {**_all, "num_shards": 2, "shard_id": 1},
    )
for _reader in ("CoNLL2000Dataset", "UDPOSDataset"):
    # shards cut sentences where their runs of token lines start and end
    for _shard in range(4):
        CASES[f"{_reader}-shard{_shard}_of_4"] = (
            1,
            _reader,
            LINE_READERS[_reader],
            {"shuffle": False, "num_shards": 4, "shard_id": _shard, "num_parallel_workers": 1},
        )
for _usage in ("train", "dev", "test"):
    CASES[f"SST2Dataset-{_usage}"] = (1, "SST2Dataset", "sst2", {"usage": _usage, "shuffle": False})
for _name, _kw in {
    "default": {},
    "global": {"usage": "train", "shuffle": True, "num_parallel_workers": 2},
    "samples": {"num_samples": 4, "shuffle": False},
    "shard": {"usage": "train", "num_shards": 3, "shard_id": 1, "shuffle": False},
    "shard_global": {"usage": "train", "num_shards": 2, "shard_id": 0},
}.items():
    CASES[f"SST2Dataset-{_name}"] = (9, "SST2Dataset", "sst2", _kw)
for _name, _kw in {
    "all": {"usage": "all", "shuffle": False},
    "all_de_en": {"usage": "all", "shuffle": False, "language_pair": ["de", "en"]},
    "one_worker": {"usage": "all", "shuffle": False, "num_parallel_workers": 1},
    "train": {"usage": "train", "shuffle": False},
    "valid": {"usage": "valid", "shuffle": False, "language_pair": ("de", "en")},
    "test": {"usage": "test", "shuffle": False},
    "default": {"num_parallel_workers": 2},
    "global": {"shuffle": True, "num_parallel_workers": 1},
    "samples": {"num_samples": 5, "shuffle": False},
    "shard": {"num_shards": 3, "shard_id": 2, "shuffle": False, "num_parallel_workers": 1},
    "shard_global": {"num_shards": 2, "shard_id": 1, "num_parallel_workers": 2},
}.items():
    CASES[f"Multi30kDataset-{_name}"] = (10, "Multi30kDataset", "multi30k", _kw)
for _name, (_files, _kw) in {
    "afqmc": ("afqmc_train*.json", {"shuffle": False}),
    "afqmc_eval": ("afqmc_train.json", {"usage": "eval", "shuffle": False}),
    "afqmc_test": ("afqmc_test.json", {"usage": "test", "shuffle": False}),
    "afqmc_one_worker": ("afqmc_train*.json", {"shuffle": False, "num_parallel_workers": 1}),
    "afqmc_global": ("afqmc_train*.json", {"shuffle": True, "num_parallel_workers": 2}),
    "afqmc_files": ("afqmc_train*.json", {"shuffle": "FILES", "num_parallel_workers": 2}),
    "afqmc_shard": (
        "afqmc_train*.json",
        {"shuffle": False, "num_shards": 2, "shard_id": 1, "num_parallel_workers": 2},
    ),
    "afqmc_samples": ("afqmc_train*.json", {"num_samples": 2, "shuffle": False}),
    "tnews": ("tnews.json", {"task": "TNEWS", "shuffle": False}),
    "tnews_test": ("tnews_test.json", {"task": "TNEWS", "usage": "test", "shuffle": False}),
    "iflytek": ("iflytek.json", {"task": "IFLYTEK", "usage": "eval", "shuffle": False}),
    "iflytek_test": ("iflytek_test.json", {"task": "IFLYTEK", "usage": "test"}),
    "cmnli": ("cmnli.json", {"task": "CMNLI", "shuffle": False}),
    "wsc": ("wsc.json", {"task": "WSC", "shuffle": False}),
    "wsc_test": ("wsc.json", {"task": "WSC", "usage": "test", "shuffle": False}),
    "csl": ("csl.json", {"task": "CSL", "shuffle": False}),
    "csl_test": ("csl.json", {"task": "CSL", "usage": "test", "shuffle": False}),
}.items():
    CASES[f"CLUEDataset-{_name}"] = (11, "CLUEDataset", os.path.join("clue", _files), _kw)
for _name, _kw in {
    "train": {"usage": "train", "shuffle": False},
    "dev": {"usage": "dev", "shuffle": False},
    "all": {"shuffle": False, "num_parallel_workers": 2},
    "one_worker": {"shuffle": False, "num_parallel_workers": 1},
    "global": {"num_parallel_workers": 2},
    "files": {"shuffle": "FILES", "num_parallel_workers": 1},
    "samples": {"num_samples": 4, "shuffle": False, "num_parallel_workers": 1},
    "shard": {"num_shards": 3, "shard_id": 1, "shuffle": False, "num_parallel_workers": 2},
}.items():
    CASES[f"SQuADDataset-{_name}"] = (12, "SQuADDataset", "squad", _kw)
_DE_EN = {"language_pair": ["de", "en"], "num_parallel_workers": 2}
for _name, _kw in {
    "train": {**_DE_EN, "usage": "train", "shuffle": False},
    "valid": {**_DE_EN, "usage": "valid", "shuffle": False},
    "valid_dev2010": {**_DE_EN, "usage": "valid", "valid_set": "dev2010", "shuffle": False},
    "test": {**_DE_EN, "usage": "test", "shuffle": False},
    "all": {**_DE_EN, "shuffle": False},
    "all_one_worker": {**_DE_EN, "shuffle": False, "num_parallel_workers": 1},
    "all_en_fr": {"usage": "all", "language_pair": ("en", "fr"), "shuffle": False},
    "global": {**_DE_EN},
    "files": {**_DE_EN, "shuffle": "FILES"},
    "samples": {**_DE_EN, "num_samples": 5, "shuffle": False},
    "shard": {**_DE_EN, "num_shards": 3, "shard_id": 1, "shuffle": False},
}.items():
    CASES[f"IWSLT2016Dataset-{_name}"] = (13, "IWSLT2016Dataset", "iwslt16", _kw)
for _name, _kw in {
    "all": {"language_pair": ["it", "en"], "shuffle": False, "num_parallel_workers": 2},
    "valid": {"usage": "valid", "language_pair": ["it", "en"], "shuffle": False},
    "global": {"language_pair": ["it", "en"], "num_parallel_workers": 2},
}.items():
    CASES[f"IWSLT2017Dataset-{_name}"] = (14, "IWSLT2017Dataset", "iwslt17", _kw)
CASES["PennTreebankDataset-infile"] = (
    8,
    "PennTreebankDataset",
    "ptb",
    {"usage": "all", "shuffle": "INFILE", "num_parallel_workers": 2},
)
for _name, _kw in {
    "plain": {"shuffle": False},
    "one_worker": {"shuffle": False, "num_parallel_workers": 1},
    "global": {"shuffle": True, "num_parallel_workers": 2},
    "samples": {"shuffle": False, "num_samples": 4, "num_parallel_workers": 2},
    "shard": {"shuffle": False, "num_shards": 3, "shard_id": 1, "num_parallel_workers": 2},
}.items():
    CASES[f"EnWik9Dataset-{_name}"] = (
        5,
        "EnWik9Dataset",
        "enwik9",
        {"num_parallel_workers": 2, **_kw},
    )
for _name, _kw in {
    "all": {"shuffle": False},
    "train": {"usage": "train", "shuffle": False},
    "test": {"usage": "test", "shuffle": False},
    "random": {},
    "samples": {"num_samples": 5},
    "shard": {"num_shards": 3, "shard_id": 1, "shuffle": False},
    "shard_random": {"num_shards": 2, "shard_id": 0},
    "pk_sampler": {"sampler": "pk"},
}.items():
    CASES[f"IMDBDataset-{_name}"] = (6, "IMDBDataset", "imdb", _kw)

# name -> (reader, folder, keyword arguments): the exception type MindSpore raises
BAD = {
    "dir_int": ("PennTreebankDataset", None, {"dataset_dir": 3}),
    "dir_missing": ("WikiTextDataset", None, {"dataset_dir": "/no/such/folder"}),
    "usage_bad": ("PennTreebankDataset", "ptb", {"usage": "dev"}),
    "usage_int": ("AGNewsDataset", "csv3", {"usage": 1}),
    "csv_usage_valid": ("YelpReviewDataset", "csv2", {"usage": "valid"}),
    "shuffle_int": ("SogouNewsDataset", "csv3", {"shuffle": 3}),
    "samples_negative": ("EnWik9Dataset", "enwik9", {"num_samples": -1}),
    "samples_str": ("DBpediaDataset", "csv3", {"num_samples": "2"}),
    "shards_alone": ("YahooAnswersDataset", "csv4", {"num_shards": 2}),
    "shard_id_alone": ("AmazonReviewDataset", "csv3", {"shard_id": 0}),
    "shard_id_big": ("WikiTextDataset", "wiki", {"num_shards": 2, "shard_id": 2}),
    "shards_zero": ("PennTreebankDataset", "ptb", {"num_shards": 0, "shard_id": 0}),
    "workers_float": ("EnWik9Dataset", "enwik9", {"num_parallel_workers": 1.5}),
    "workers_zero": ("YelpReviewDataset", "csv2", {"num_parallel_workers": 0}),
    "sst2_usage_all": ("SST2Dataset", "sst2", {"usage": "all"}),
    "multi30k_usage": ("Multi30kDataset", "multi30k", {"usage": "dev"}),
    "multi30k_pair_str": ("Multi30kDataset", "multi30k", {"language_pair": "en"}),
    "multi30k_pair_bad": ("Multi30kDataset", "multi30k", {"language_pair": ["en", "fr"]}),
    "multi30k_shuffle_files": ("Multi30kDataset", "multi30k", {"shuffle": "FILES"}),
    "clue_task": ("CLUEDataset", "clue/cmnli.json", {"task": "XX"}),
    "clue_task_int": ("CLUEDataset", "clue/cmnli.json", {"task": 1}),
    "clue_usage": ("CLUEDataset", "clue/cmnli.json", {"usage": "dev"}),
    "clue_files_int": ("CLUEDataset", None, {"dataset_files": 3}),
    "clue_files_none": ("CLUEDataset", None, {"dataset_files": "/no/such/*.json"}),
    "clue_missing_key": ("CLUEDataset", "clue/missing_key.json", {}),
    "squad_usage": ("SQuADDataset", "squad", {"usage": "test"}),
    "squad_missing": ("SQuADDataset", "csv2", {"usage": "dev"}),
    "iwslt_pair_str": ("IWSLT2016Dataset", "iwslt16", {"language_pair": "de"}),
    "iwslt_pair_bad": ("IWSLT2016Dataset", "iwslt16", {"language_pair": ["de", "fr"]}),
    "iwslt_valid_set": ("IWSLT2016Dataset", "iwslt16", {"valid_set": "tst2099"}),
    "iwslt_test_set_int": ("IWSLT2016Dataset", "iwslt16", {"test_set": 1}),
    "iwslt_usage": ("IWSLT2017Dataset", "iwslt17", {"usage": "dev"}),
    "iwslt17_pair_bad": ("IWSLT2017Dataset", "iwslt17", {"language_pair": ["en", "en"]}),
    "enwik9_cut_utf8": ("EnWik9Dataset", "enwik9_cut", {"shuffle": False}),
    "imdb_usage": ("IMDBDataset", "imdb", {"usage": "unsup"}),
    "imdb_shuffle": ("IMDBDataset", "imdb", {"shuffle": 1}),
    "imdb_dir": ("IMDBDataset", None, {"dataset_dir": "/no/such/folder"}),
    "imdb_sampler_and_shuffle": ("IMDBDataset", "imdb", {"shuffle": True, "sampler": "random"}),
    "imdb_shards_alone": ("IMDBDataset", "imdb", {"num_shards": 2}),
}


def write_folders(root):
    for folder, files in FOLDERS.items():
        for name, text in files.items():
            path = os.path.join(root, folder, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
    # a corpus file cut inside a UTF-8 character
    os.makedirs(os.path.join(root, "enwik9_cut"), exist_ok=True)
    with open(os.path.join(root, "enwik9_cut", "enwik9"), "wb") as f:
        f.write("<page>\nüb".encode()[:-2] + b"\n")
    for folder in ("imdb/train/pos", "imdb/train/neg", "imdb/test/pos", "imdb/test/neg"):
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    return root


def _kwargs(ds, kwargs):
    kwargs = dict(kwargs)
    if isinstance(kwargs.get("shuffle"), str):
        kwargs["shuffle"] = getattr(ds.Shuffle, kwargs["shuffle"])
    if kwargs.get("sampler") == "random":
        kwargs["sampler"] = ds.RandomSampler()
    if kwargs.get("sampler") == "pk":
        kwargs["sampler"] = ds.PKSampler(2, shuffle=False)
    return kwargs


def outcome(ds, root, case):
    """The columns, their dtypes, the size and the rows (each value as str) of a case; two
    epochs where the rows are shuffled (the files' order changes from one epoch to the next)."""
    seed, reader, folder, kwargs = case
    ds.config.set_seed(seed)
    # the readers deal their files to the default worker count when given none (MindSpore's
    # default is min(8, CPUs)): pinned to 2, so the rows do not depend on the machine
    workers = ds.config.get_num_parallel_workers()
    ds.config.set_num_parallel_workers(DEFAULT_WORKERS)
    try:
        return _outcome(ds, os.path.join(root, folder), reader, kwargs)
    finally:
        ds.config.set_num_parallel_workers(workers)


DEFAULT_WORKERS = 2


def _outcome(ds, path, reader, kwargs):
    data = getattr(ds, reader)(path, **_kwargs(ds, kwargs))
    # (the size before iterating: MindSpore 2.10 recounts it from the rows after two epochs)
    size = data.get_dataset_size()
    epochs, dtypes = [], set()
    passes = 1 if kwargs.get("shuffle") is False else 2
    iterator = data.create_tuple_iterator(output_numpy=True, num_epochs=passes)
    for _ in range(passes):
        rows = [list(row) for row in iterator]
        dtypes.update(
            tuple("str" if v.dtype.kind == "U" else v.dtype.name for v in row) for row in rows
        )
        epochs.append([[str(v) for v in row] for row in rows])
    return {
        "columns": data.get_col_names(),
        "dtypes": [list(d) for d in sorted(dtypes)],
        "size": size,
        "rows": epochs,
    }


def error_of(ds, root, bad):
    """The exception type name a bad case raises, made and iterated (None: none)."""
    reader, folder, kwargs = bad
    kwargs = _kwargs(ds, kwargs)
    where = [] if folder is None else [os.path.join(root, folder)]
    try:
        data = getattr(ds, reader)(*where, **kwargs)
        for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1):
            pass
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
