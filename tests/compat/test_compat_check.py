"""``python -m msfunc check``: calls that fail at run time are flagged; no stale notes."""

import jax

from msfunc.compat.checker import check_source
from msfunc.compat.cli import main


def test_export_to_a_mindspore_format_is_flagged(tmp_path, capsys):
    script = tmp_path / "export_net.py"
    script.write_text(
        "import mindspore as ms\n"
        "from mindspore import export\n"
        "ms.export(net, x, file_name='a', file_format='MINDIR')\n"
        "export(net, x, file_name='b', file_format='onnx')\n"
        "ms.export(net, x, file_name='c', file_format='STABLEHLO')\n"
    )
    assert main(["check", str(script)]) == 1
    lines = [line for line in capsys.readouterr().out.splitlines() if ": fails: " in line]
    # MINDIR is written (msfunc's program in a .mindir file); ONNX fails at run time
    assert [line.split(": ")[0].rsplit(":", 1)[1] for line in lines] == ["4"]
    assert all("STABLEHLO" in line for line in lines)


def test_tensor_has_no_stale_64_bit_note():
    # 64-bit types are on (as in MindSpore): a Tensor is no longer reported as differing
    assert jax.config.jax_enable_x64
    assert check_source("import mindspore as ms\nt = ms.Tensor(1)\n") == []
