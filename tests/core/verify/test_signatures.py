"""Signatures (``inspector.core.verify.signatures``): a commit verifies with the key its era
names and with no other; a flipped signature byte is INVALID_SIGNATURE, whatever the
number of worker processes."""

from __future__ import annotations

import json

import pytest

from inspector.core.keys import KeyPair, b64url, decode_signature
from inspector.core.objects import build_object
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.verify.report import Status
from inspector.core.verify.signatures import check_one
from inspector.core.write.builder import StoreWriter, dump, stepping_clock


@pytest.fixture
def written() -> tuple[StoreWriter, str]:
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "one"})
    return w, w.commit({"text": "two"})["commit_id"]


def test_check_one_finds_the_key_that_signed_and_no_other(written) -> None:
    w, cid = written
    path = f"commits/{cid}.json"
    obj = build_object(path, json.loads(w.store.files[path]), "commit")
    assert w.agent_key is not None
    signer = w.agent_key.raw_public
    stranger = KeyPair.generate().raw_public
    assert check_one(obj, [stranger, signer]) == signer
    assert check_one(obj, [stranger]) is None and check_one(obj, []) is None


@pytest.mark.parametrize("processes", [1, 2])
def test_a_flipped_signature_byte_is_an_invalid_signature(written, processes: int) -> None:
    w, cid = written
    path = f"commits/{cid}.json"
    doc = json.loads(w.store.files[path])
    sig = bytearray(decode_signature(doc["signature"]))
    sig[0] ^= 1
    doc["signature"] = b64url(bytes(sig))
    w.store.files[path] = dump(doc)
    r = verify(w.store, VerifyOptions(processes=processes))
    assert r.commits[cid] is Status.INVALID_SIGNATURE and r.verdict == "fail"
    assert all(s.ok for c, s in r.commits.items() if c != cid)
