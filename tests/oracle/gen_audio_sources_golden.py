"""What real MindSpore 2.10's audio readers (YesNo, CMUArctic, GTZAN, LibriTTS, LJSpeech,
SpeechCommands, Tedlium) read from tiny synthetic corpora: columns, dtypes, sample values,
row orders (unshuffled, seeded shuffle, shards, num_samples) and the exception types of bad
arguments. Writes tests/golden/audio_sources.json from audio_sources_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py audio_sources
"""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import audio_sources_cases as cases  # noqa: E402
import mindspore.dataset as ds  # noqa: E402

golden = {}
with tempfile.TemporaryDirectory() as folder:
    cases.write_files(folder)
    for name, case in cases.CASES.items():
        golden[name] = cases.outcome(ds, folder, case)
    golden["__errors__"] = {n: cases.error_of(ds, folder, c) for n, c in cases.BAD.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "audio_sources.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, separators=(",", ":"))
    f.write("\n")
print(json.dumps(golden["__errors__"], indent=1))
