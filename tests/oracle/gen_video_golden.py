"""What real MindSpore 2.10 gives for the cases of video_cases.py (read_video,
read_video_timestamps, DecodeVideo on videos synthesised with PyAV). Writes
tests/golden/video.npz: a JSON record (shapes, dtypes, audio sums and first samples, metadata,
timestamps, exception types, the inputs' sha256) and the frames of the reads.

MindSpore's interpreter needs PyAV for the synthesis (``pip install av==18.1.0`` there, the
version msfunc's tests synthesise with, so both write the same bytes). Regenerate with::

    python tests/oracle/run.py video
"""

import json
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore.dataset as ds  # noqa: E402
import mindspore.dataset.vision as vision  # noqa: E402
import video_cases as cases  # noqa: E402

with tempfile.TemporaryDirectory() as folder:
    digests = cases.synthesize(folder)
    record, frames = cases.reads(vision, folder)
    golden = {
        "sha256": digests,
        "reads": record,
        "pipeline": cases.pipeline(ds, vision, folder),
        "failures": cases.failures(vision, folder),
    }
golden = cases.as_json(golden)
here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "golden", "video.npz")
arrays = {f"frames/{key}": value for key, value in frames.items()}
np.savez_compressed(out, record=np.array(json.dumps(golden, sort_keys=True)), **arrays)
print(json.dumps(golden["failures"]), json.dumps(golden["pipeline"]))
print(os.path.getsize(out), "bytes")
