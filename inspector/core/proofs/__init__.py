"""Anchored inclusion proofs of recall-receipt entries (SPEC C3, C4).

An RFC 6962 inclusion proof on its own proves nothing: anyone can build a one-leaf
tree whose root is its own leaf and write a real receipt id above it.  A proof
therefore has to stand on a signature, and the signature on something the auditor
already trusts.  The proof this module exports (format
``aleth-inspector/receipt-proof/2``) carries:

* the RFC 6962 part (:class:`~inspector.core.verify.merkle.InclusionProof`): the
  receipt's evidence id, the entry, its ordinal, the tree size, the leaf hash, the
  audit path and the root;
* the receipt's signed EvidenceCommit exactly as stored, and its ``receipt.json``
  bytes (base64url), whose hash the evidence's artifact binds;
* the signer's key_id and public key (JWK);
* the receipt's status in the file it came from (recorded, unsigned: information).

:func:`check_proof` recomputes the leaf, the path and the root; checks that the
root is the one inside the signed ``receipt.json``; checks the evidence's id and
its Ed25519 signature with the carried key; and then anchors it: to a memory file
(the receipt must be in it with the same bytes and signer, the file must verify
and the receipt be VALID or VALID_HISTORICAL with a valid receipt view there), or
to a trusted key (the carried key must be it).  With neither, the answer is
"consistent, not anchored".  Whatever the bytes, it returns a
:class:`ProofResult`; it never raises on a proof's content.

Every sentence shown to a person is a registered message template
(:func:`~inspector.core.findings.message`), so it can be translated.

One module per job: :mod:`.format` (the file), :mod:`.export` (making a proof),
:mod:`.keys` (trusted keys), :mod:`.consistency` (the checks that need only the proof),
:mod:`.anchor` (a file or a key vouching for it), :mod:`.check` (the three in order),
:mod:`.result` (the answer); :mod:`.common` holds what the HOM-AIMOS recall proof
(:mod:`inspector.core.hom_proof`) shares with this one.
"""

from __future__ import annotations

from .anchor import anchor_to_store
from .check import check_proof
from .common import (
    MAX_PROOF_BYTES,
    ORDINAL_OUTSIDE,
    OUTCOME_EXIT,
    PROOF_FILE_TOO_LARGE,
    RESULT_SCHEMA,
    ProofError,
    Said,
    read_proof_file,
)
from .export import Export, export_proof, make_proof_from
from .format import (
    PROOF_FORMAT,
    AnchoredProof,
    LegacyProof,
    ProofFormatError,
    key_fingerprint,
    parse_proof,
    write_proof,
)
from .keys import TrustedKey, load_trusted_key
from .result import OUTCOMES, Check, ProofResult

__all__ = [
    "MAX_PROOF_BYTES",
    "ORDINAL_OUTSIDE",
    "OUTCOMES",
    "OUTCOME_EXIT",
    "PROOF_FILE_TOO_LARGE",
    "PROOF_FORMAT",
    "RESULT_SCHEMA",
    "AnchoredProof",
    "Check",
    "Export",
    "LegacyProof",
    "ProofError",
    "ProofFormatError",
    "ProofResult",
    "Said",
    "TrustedKey",
    "anchor_to_store",
    "check_proof",
    "export_proof",
    "key_fingerprint",
    "load_trusted_key",
    "make_proof_from",
    "parse_proof",
    "read_proof_file",
    "write_proof",
]
