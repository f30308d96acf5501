"""A PEP 517 build backend in the standard library alone, so that `pip install` works offline.

pip builds a package in an isolated environment into which it first installs the backend the
package names; setuptools needs `wheel` as well (before setuptools 70.1), and neither can be fetched
on a machine without the package index. This backend needs nothing: it zips src/tpi_client into a
wheel (PEP 427) with its metadata (PEP 566), an sdist (PEP 625), and an editable wheel (PEP 660:
a .pth file naming src/). The version and requirements are read from pyproject.toml.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from typing import Any, Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "tpi_client"
# Fixed timestamps make equal inputs give byte-identical archives.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def _read(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def _project() -> Dict[str, Any]:
    text = _read(os.path.join(ROOT, "pyproject.toml")).decode("utf-8")
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]

    def field(name: str) -> str:
        found = re.search(rf'^{name}\s*=\s*"([^"]*)"', section, re.M)
        if not found:
            raise ValueError(f"pyproject.toml: [project] has no {name}")
        return found.group(1)

    extras = re.findall(
        r'^(\w+)\s*=\s*\["([^"]+)"\]',
        text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0],
        re.M,
    )
    return {
        "name": field("name"),
        "version": field("version"),
        "summary": field("description"),
        "requires_python": field("requires-python"),
        "extras": extras,
    }


def _dist_name(project: Dict[str, Any]) -> str:
    return re.sub(r"[-_.]+", "_", project["name"]).lower() + "-" + project["version"]


def _metadata(project: Dict[str, Any]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['summary']}",
        f"Requires-Python: {project['requires_python']}",
    ]
    for extra, requirement in project["extras"]:
        lines.append(f"Provides-Extra: {extra}")
        lines.append(f'Requires-Dist: {requirement}; extra == "{extra}"')
    readme = os.path.join(ROOT, "README.md")
    body = _read(readme).decode("utf-8") if os.path.exists(readme) else ""
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + body


def _wheel_file() -> str:
    return "Wheel-Version: 1.0\nGenerator: tpi_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _package_files() -> List[Tuple[str, str]]:
    """(path in the wheel, path on disk) of every file of the package, sorted."""
    source = os.path.join(ROOT, "src", PACKAGE)
    found = []
    for directory, subdirectories, files in os.walk(source):
        subdirectories[:] = sorted(d for d in subdirectories if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".typed")):
                disk = os.path.join(directory, name)
                found.append(
                    (os.path.relpath(disk, os.path.join(ROOT, "src")).replace(os.sep, "/"), disk)
                )
    return found


def _write_wheel(directory: str, entries: List[Tuple[str, bytes]]) -> str:
    project = _project()
    dist = _dist_name(project)
    info = f"{dist}.dist-info"
    entries = entries + [
        (f"{info}/METADATA", _metadata(project).encode("utf-8")),
        (f"{info}/WHEEL", _wheel_file().encode("utf-8")),
    ]
    record = []
    for path, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    name = f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            entry = zipfile.ZipInfo(path, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, data)
    return name


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    entries = [(path, _read(disk)) for path, disk in _package_files()]
    return _write_wheel(wheel_directory, entries)


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    pth = (os.path.join(ROOT, "src") + "\n").encode("utf-8")
    return _write_wheel(wheel_directory, [(f"__editable__.{PACKAGE}.pth", pth)])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    project = _project()
    dist = _dist_name(project)
    name = f"{dist}.tar.gz"
    files = ["pyproject.toml", "README.md", "build_backend/tpi_build.py"]
    files += [os.path.relpath(disk, ROOT) for _, disk in _package_files()]
    with tarfile.open(
        os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT
    ) as archive:
        for relative in files:
            disk = os.path.join(ROOT, relative)
            if not os.path.exists(disk):
                continue
            data = _read(disk)
            entry = tarfile.TarInfo(f"{dist}/{relative.replace(os.sep, '/')}")
            entry.size, entry.mtime, entry.mode = len(data), 1577836800, 0o644
            archive.addfile(entry, io.BytesIO(data))
        metadata = _metadata(project).encode("utf-8")
        entry = tarfile.TarInfo(f"{dist}/PKG-INFO")
        entry.size, entry.mtime, entry.mode = len(metadata), 1577836800, 0o644
        archive.addfile(entry, io.BytesIO(metadata))
    return name


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []
