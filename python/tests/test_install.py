import os
import subprocess
import sys

import pytest


def test_the_module_imports_from_an_install_prefix(tmp_path):
    build = os.environ.get("SUDOFORGE_BUILD_DIR")
    if not build:
        pytest.skip("SUDOFORGE_BUILD_DIR is not set (run through ctest)")
    prefix = tmp_path / "prefix"
    subprocess.run(
        ["cmake", "--install", build, "--prefix", str(prefix), "--component", "python"],
        check=True,
        capture_output=True,
    )
    site = prefix / os.environ["SUDOFORGE_PYTHON_INSTALL_DIR"]
    for name in ("__init__.py", "__init__.pyi", "py.typed"):
        assert (site / "sudoforge" / name).exists()
    script = (
        "import sudoforge; print(sudoforge.__file__); "
        "print(sudoforge.count(sudoforge.generate(seed=1)[0].givens))"
    )
    # The build tree must not be on the path: only the install prefix.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, check=True, capture_output=True, text=True
    ).stdout.split()
    assert out[0].startswith(str(site))
    assert out[1] == "1"
