"""`pip install ./packages/client-python` offline: the standard-library build backend's wheel, installed."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = {
    "__init__.py",
    "_transport.py",
    "client.py",
    "errors.py",
    "frames.py",
    "releases.py",
    "schemas.py",
    "py.typed",
}


def backend():
    spec = importlib.util.spec_from_file_location(
        "tpi_build", os.path.join(PACKAGE_DIR, "build_backend", "tpi_build.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Install(unittest.TestCase):
    def test_the_wheel_holds_every_module_py_typed_and_its_metadata(self) -> None:
        with tempfile.TemporaryDirectory() as directory:
            name = backend().build_wheel(directory)
            self.assertEqual(name, "tpi_client-0.1.0-py3-none-any.whl")
            with zipfile.ZipFile(os.path.join(directory, name)) as wheel:
                names = set(wheel.namelist())
                metadata = wheel.read("tpi_client-0.1.0.dist-info/METADATA").decode()
        self.assertTrue({f"tpi_client/{module}" for module in MODULES} <= names, names)
        self.assertIn("Requires-Python: >=3.9", metadata)
        self.assertIn('Requires-Dist: pandas>=1.3; extra == "pandas"', metadata)

    def test_equal_sources_build_byte_identical_wheels(self) -> None:
        with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
            build = backend().build_wheel
            with (
                open(os.path.join(first, build(first)), "rb") as a,
                open(os.path.join(second, build(second)), "rb") as b,
            ):
                self.assertEqual(a.read(), b.read())

    def test_pip_installs_it_with_no_index_and_it_imports(self) -> None:
        if (
            subprocess.run(
                [sys.executable, "-m", "pip", "--version"], capture_output=True
            ).returncode
            != 0
        ):
            self.skipTest(f"pip is not installed for {sys.executable}")
        with tempfile.TemporaryDirectory() as target:
            install = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "install",
                    "--no-index",
                    "--no-deps",
                    "--target",
                    target,
                    PACKAGE_DIR,
                ],
                capture_output=True,
                text=True,
                timeout=300,
                env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
            )
            self.assertEqual(install.returncode, 0, install.stdout + install.stderr)
            probe = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "import tpi_client, sys; print(tpi_client.__file__, tpi_client.__version__)",
                ],
                capture_output=True,
                text=True,
                env={**os.environ, "PYTHONPATH": target},
                cwd=target,
            )
            self.assertEqual(probe.returncode, 0, probe.stderr)
            self.assertTrue(
                probe.stdout.startswith(os.path.join(target, "tpi_client")), probe.stdout
            )
            self.assertTrue(os.path.exists(os.path.join(target, "tpi_client", "py.typed")))


if __name__ == "__main__":
    unittest.main()
