"""Files behind a URL (``inspector.core.fleet.source``): a directory store or a sealed file
on any fsspec file system gets the same report as on disk; one that cannot be reached is
an unopenable report, never an exception."""

from __future__ import annotations

import fsspec
import pytest

from inspector.core.container import Credential
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import VerifyOptions

from ...conftest import ALETHECH
from ..hom_aimos import builder as hom
from .conftest import comparable

SEALED = ALETHECH / "01_basic" / "memory.aleth"
CRED = Credential(passphrase="basalt-żółw-yarrow-6077")


@pytest.fixture
def memfs():
    fs = fsspec.filesystem("memory")
    base = "/fleet-source-test"
    store = ALETHECH / "03_rotation_eras" / "store"
    for p in store.rglob("*"):
        if p.is_file():
            fs.pipe(f"{base}/store/{p.relative_to(store).as_posix()}", p.read_bytes())
    fs.pipe(f"{base}/m.aleth", SEALED.read_bytes())
    fs.pipe(f"{base}/b.json", hom.encode(hom.valid_cognitive()))
    try:
        yield base
    finally:
        fs.rm(base, recursive=True)


def test_a_store_and_a_sealed_file_behind_a_url_are_judged_as_on_disk(memfs) -> None:
    from inspector.core.fleet.source import open_and_verify_url

    opts = VerifyOptions()
    remote = open_and_verify_url(f"memory://{memfs}/store", None, opts)
    local = open_and_verify(ALETHECH / "03_rotation_eras" / "store")
    assert remote.verdict == local.verdict == "pass" and remote.commits == local.commits
    sealed = open_and_verify_url(f"memory://{memfs}/m.aleth", CRED, opts)
    on_disk = open_and_verify(SEALED, CRED)
    # the same judgement; only where the bytes were read from differs
    assert comparable(sealed.to_json()) | {"input": None} == comparable(on_disk.to_json()) | {"input": None}
    assert sealed.input["path"] == f"memory://{memfs}/m.aleth"
    assert sealed.input["sha256"] == on_disk.input["sha256"]
    bundle = open_and_verify_url(f"memory://{memfs}/b.json", None, opts)
    assert bundle.profile == "hom-aimos-v1" and bundle.verdict == "pass"


def test_what_cannot_be_reached_is_an_unopenable_report(memfs) -> None:
    from inspector.core.fleet.source import open_and_verify_url, read_bytes

    r = open_and_verify_url(f"memory://{memfs}/missing.aleth", CRED, VerifyOptions())
    assert r.verdict == "unopenable" and r.findings[0].code == "unreadable"
    assert r.input["path"] == f"memory://{memfs}/missing.aleth"
    r = open_and_verify_url("nosuchscheme://x/y", None, VerifyOptions())
    assert r.verdict == "unopenable"
    assert read_bytes(f"memory://{memfs}/m.aleth", 8) == SEALED.read_bytes()[:9]
