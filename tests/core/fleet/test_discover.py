"""Discovery: what a fleet audit finds under the PATHs it is given."""

from __future__ import annotations

import os
import shutil

import pytest

from inspector.core.errors import InspectorError
from inspector.core.fleet.discover import discover, hom_bundle_kind, is_hom_bundle

from ...conftest import ALETHECH
from ..hom_aimos import builder as hom


@pytest.fixture
def tree(tmp_path):
    """A folder with every kind of file, noise, nested stores and symbolic links."""
    root = tmp_path / "fleet"
    (root / "agents" / "billing").mkdir(parents=True)
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", root / "agents" / "billing" / "b-1.aleth")
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", root / "agents" / "a.ALETH")
    shutil.copytree(ALETHECH / "03_rotation_eras" / "store", root / "agents" / "store-eras")
    # a .aleth file inside a directory store is part of that store, not another target
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", root / "agents" / "store-eras" / "inner.aleth")
    # a store recognised by HEAD alone
    (root / "headonly").mkdir()
    (root / "headonly" / "HEAD").write_text("sha256:00\n")
    (root / "bundles").mkdir()
    hom.write(root / "bundles" / "cog.json", hom.valid_cognitive())
    hom.write(root / "bundles" / "recall.json", hom.indeterminate_recall())
    # JSON that mentions hom.aimos. but is not a bundle (its top-level schema, not format.schema)
    hom.write(root / "bundles" / "manifest.json", hom.not_a_bundle())
    (root / "bundles" / "plain.json").write_text('{"format": {"schema": "other"}}')
    (root / "notes.txt").write_text("hello")
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", outside / "secret.aleth")
    os.symlink(outside / "secret.aleth", root / "link-out.aleth")
    os.symlink(outside, root / "link-dir")
    os.symlink(root / "agents" / "a.ALETH", root / "link-in.aleth")
    return root


def test_finds_each_kind_once_in_a_stable_order(tree):
    d = discover([str(tree)])
    found = [(t.display.removeprefix(str(tree) + "/"), t.kind) for t in d.targets]
    assert found == [
        ("agents/a.ALETH", "sealed"),
        ("agents/billing/b-1.aleth", "sealed"),
        ("agents/store-eras", "directory"),
        ("bundles/cog.json", "hom-aimos"),
        ("bundles/recall.json", "hom-aimos"),
        ("headonly", "directory"),
    ]
    assert all(os.path.isabs(t.location) for t in d.targets)


def test_symbolic_links_are_never_followed_and_are_listed(tree):
    d = discover([str(tree)])
    rel = [os.path.relpath(t.location, tree) for t in d.targets]
    assert not any("secret" in r or "link" in r for r in rel), rel
    skipped = {s.display.removeprefix(str(tree) + "/"): s.reason for s in d.skipped}
    assert set(skipped) == {"link-dir", "link-in.aleth", "link-out.aleth"}
    assert all("symbolic link" in r for r in skipped.values())


def test_a_path_named_explicitly_is_followed_and_kept_whatever_its_name(tree, tmp_path):
    odd = tmp_path / "odd.bin"
    odd.write_bytes(b"ALETH002 not really")
    d = discover([str(tree / "link-out.aleth"), str(odd), str(tree / "agents" / "store-eras")])
    assert [(t.display, t.kind) for t in d.targets] == [
        (str(tree / "link-out.aleth"), "file"),
        (str(odd), "file"),
        (str(tree / "agents" / "store-eras"), "directory"),
    ]


def test_display_keeps_the_spelling_of_a_relative_path(tree, monkeypatch):
    monkeypatch.chdir(tree.parent)
    d = discover(["fleet/agents"])
    assert [t.display for t in d.targets] == [
        "fleet/agents/a.ALETH",
        "fleet/agents/billing/b-1.aleth",
        "fleet/agents/store-eras",
    ]
    assert d.targets[0].location == str(tree / "agents" / "a.ALETH")


def test_overlapping_paths_give_each_file_once(tree):
    d = discover([str(tree / "agents"), str(tree), str(tree / "agents" / "a.ALETH")])
    locations = [t.location for t in d.targets]
    assert len(locations) == len(set(locations)) == 6


def test_a_missing_path_stops_the_run(tmp_path):
    with pytest.raises(InspectorError) as err:
        discover([str(tmp_path / "nope")])
    assert err.value.code == "not_found"


def test_file_url_is_a_local_path(tree):
    d = discover([(tree / "agents").as_uri()])
    assert [t.kind for t in d.targets] == ["sealed", "sealed", "directory"]
    assert d.targets[0].location == str(tree / "agents" / "a.ALETH")


def test_url_discovery_through_fsspec():
    import fsspec

    fs = fsspec.filesystem("memory")
    base = "/fleet-discovery"
    fs.pipe(f"{base}/x/one.aleth", (ALETHECH / "01_basic" / "memory.aleth").read_bytes())
    fs.pipe(f"{base}/x/store/HEAD", b"sha256:00\n")
    fs.pipe(f"{base}/x/store/commits/c.json", b"{}")
    fs.pipe(f"{base}/b.json", hom.encode(hom.valid_cognitive()))
    fs.pipe(f"{base}/m.json", hom.encode(hom.not_a_bundle()))
    try:
        d = discover([f"memory://{base}"])
        assert [(t.location, t.kind) for t in d.targets] == [
            (f"memory://{base}/b.json", "hom-aimos"),
            (f"memory://{base}/x/one.aleth", "sealed"),
            (f"memory://{base}/x/store", "directory"),
        ]
        assert all(t.remote for t in d.targets)
    finally:
        fs.rm(base, recursive=True)


def test_hom_detection_decides_on_format_schema_only(tmp_path):
    bundles = {
        "cognitive": hom.valid_cognitive(),
        "recall_corpus": hom.corpus([hom.recall("R-1", 1)]),
        "recall": hom.indeterminate_recall(),
    }
    for kind, doc in bundles.items():
        assert hom_bundle_kind(hom.encode(doc)) == kind
        assert is_hom_bundle(hom.write(tmp_path / f"{kind}.json", doc))
    assert hom_bundle_kind(hom.encode(hom.not_a_bundle())) is None
    assert hom_bundle_kind(b'{"format": {"schema": 7}}') is None
    assert hom_bundle_kind(b"[" * 100000) is None  # hostile: never an exception
    assert hom_bundle_kind(b"\xff\xfe") is None
    assert not is_hom_bundle(ALETHECH / "01_basic" / "memory.aleth")
