"""The core's own writer (``inspector.core.write.builder``): what it writes verifies and
opens in alethech 0.9.5; ids are the digest of the content; a clock makes files
reproducible; a commit without a signing key is refused."""

from __future__ import annotations

import json

import pytest

from inspector.core.canonical import canonical
from inspector.core.errors import OperationError
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.write.builder import StoreWriter, dump, sign_fields, stepping_clock
from inspector.core.write.directory import write_directory

from ...conftest import alethech_cli


def test_a_stepping_clock_is_reproducible() -> None:
    a, b = stepping_clock("2026-01-05T09:00:00.000Z", 250), stepping_clock("2026-01-05T09:00:00.000Z", 250)
    first = [a() for _ in range(5)]
    assert first == [b() for _ in range(5)]
    assert first[0] == "2026-01-05T09:00:00.250Z" and first[4] == "2026-01-05T09:00:01.250Z"


def test_a_signed_object_s_id_is_its_content_digest() -> None:
    key = KeyPair.generate()
    fields = {"type": "Thing", "version": 1, "x": "é"}
    obj = sign_fields(fields, key)
    assert obj["commit_id"] == sha256_id(canonical(fields))
    assert json.loads(dump(obj)) == obj  # the file bytes hold exactly the object


def test_what_it_writes_verifies_and_alethech_reads_it(tmp_path) -> None:
    w = StoreWriter.create(clock=stepping_clock())
    first = w.commit({"text": "one"})
    ev = w.evidence(tool="web.fetch", artifacts=[("page.txt", b"fetched")])
    second = w.commit({"text": "two"}, evidence_refs=[ev["commit_id"]])
    assert second["parents"] == [first["commit_id"]] and w.head == second["commit_id"]
    r = verify(w.store)
    assert r.verdict == "pass" and r.counts["commits"] == 3 and r.counts["evidence"] == 1  # with genesis
    cp = w.checkpoint(sequence=4)
    assert cp["sequence"] == 4 and cp["head_commit_id"] == w.head
    assert verify(w.store, VerifyOptions(checkpoint=dump(cp))).checkpoint["state"] == "verified"
    out = write_directory(w.store, tmp_path / "s")
    proc = alethech_cli("--store", out, "verify")
    assert proc.exit_code == 0, proc.output


def test_no_signing_key_no_commit() -> None:
    w = StoreWriter.create(clock=stepping_clock())
    w.revoke(w.active[0]["key_id"], reason="compromise")
    assert w.agent_key is None
    with pytest.raises(OperationError) as err:
        w.commit({"text": "after the revocation"})
    assert err.value.code == "no_signing_key"
