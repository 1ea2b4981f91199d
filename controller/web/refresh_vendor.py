"""Refresh the vendored browser MQTT client: `python controller/web/refresh_vendor.py [--version X]`.

The spectator page must work on a Pi with no internet access, so the npm `mqtt` package's browser ESM
bundle is kept in the repository (static/vendor/mqtt/) with its licence, and manifest.json records the
version and a sha256 for every vendored file (tests/web/test_vendor.py checks them). This script is the
only way the files get there: `npm pack` fetches the package tarball from the npm registry into a
temporary directory, and the bundle and licence are copied out of it. The pinned version lives here, in
PINNED_VERSION; asking for another version rewrites that line too, so the pin and the manifest agree.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "mqtt"
PINNED_VERSION = "5.16.0"
SCRIPT = Path(__file__).resolve()      # pin() rewrites its PINNED_VERSION line
STATIC_DIR = SCRIPT.parent / "static"
VENDOR_DIR = STATIC_DIR / "vendor"
MANIFEST = VENDOR_DIR / "manifest.json"
# package path inside the tarball -> path under vendor/
VENDORED_FILES = {"package/dist/mqtt.esm.js": "mqtt/mqtt.esm.js", "package/LICENSE.md": "mqtt/LICENSE.md"}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_pack(version: str, into: Path) -> Path:
    """Download `mqtt@version` as a tarball into `into` with the npm client; returns the tarball."""
    out = subprocess.run(["npm", "pack", f"{PACKAGE}@{version}", "--pack-destination", str(into), "--json"],
                         check=True, capture_output=True, text=True, cwd=into)
    name = json.loads(out.stdout)[0]["filename"]
    return into / name


def unpack(tarball: Path, into: Path) -> Path:
    with tarfile.open(tarball, "r:gz") as tar:
        tar.extractall(into, filter="data")      # the data filter refuses links and paths outside `into`
    return into


def write_manifest(version: str, vendor_dir: Path = VENDOR_DIR) -> dict:
    files = {rel: sha256(vendor_dir / rel) for rel in sorted(VENDORED_FILES.values())}
    doc = {"package": PACKAGE, "version": version, "files": files}
    (vendor_dir / "manifest.json").write_text(json.dumps(doc, indent=2) + "\n")
    return doc


def pin(version: str, script: Path = SCRIPT) -> None:
    """Rewrite PINNED_VERSION in this file, so the next refresh (and the test) use the new version."""
    text = script.read_text()
    new = re.sub(r'^PINNED_VERSION = "[^"]*"$', f'PINNED_VERSION = "{version}"', text, count=1, flags=re.M)
    if new != text:
        script.write_text(new)


def refresh(version: str, vendor_dir: Path = VENDOR_DIR) -> dict:
    with tempfile.TemporaryDirectory(prefix="soccerboard-vendor-") as tmp:
        work = Path(tmp)
        root = unpack(npm_pack(version, work), work)
        meta = json.loads((root / "package" / "package.json").read_text())
        if meta.get("name") != PACKAGE or meta.get("version") != version:
            raise RuntimeError(f"npm gave {meta.get('name')}@{meta.get('version')}, not {PACKAGE}@{version}")
        for src, dst in VENDORED_FILES.items():
            target = vendor_dir / dst
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / src, target)
    return write_manifest(version, vendor_dir)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Re-download the vendored mqtt.js browser bundle with npm pack.")
    parser.add_argument("--version", default=PINNED_VERSION, help=f"mqtt version (default: the pin, {PINNED_VERSION})")
    args = parser.parse_args(argv)
    try:
        doc = refresh(args.version)
    except (subprocess.CalledProcessError, OSError, RuntimeError, KeyError, ValueError) as e:
        detail = getattr(e, "stderr", None) or e
        print(f"refresh_vendor: {detail}", file=sys.stderr)
        return 1
    if args.version != PINNED_VERSION:
        pin(args.version)
    for rel, digest in doc["files"].items():
        print(f"{digest}  vendor/{rel}")
    print(f"{PACKAGE} {doc['version']} vendored in {VENDOR_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
