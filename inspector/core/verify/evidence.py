"""Evidence references and artifacts (SPEC B5, B9): every ``evidence_refs`` entry
resolves (to an evidence or a stored checkpoint), every declared artifact is
present and matches its hash and size."""

from __future__ import annotations

from ..findings import Severity, message
from ..keys import sha256_id
from .context import Context

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

M_REF_MISSING = message("provenance.evidence_refs names {ref}, which is not in the store.")
M_ARTIFACT_NO_HASH = message("Artifact {name} declares no hash.")
M_ARTIFACT_MISSING = message("Artifact {name} ({hash}) is not in the store.")
M_ARTIFACT_HASH = message("Artifact {name}: expected bytes hashing to {hash}, found {actual}.")
M_ARTIFACT_SIZE = message("Artifact {name}: declared size {declared}, found {size} bytes.")
M_ORPHAN = message("This artifact is referenced by no evidence.")


def check_evidence(ctx: Context) -> None:
    cited_ok = set(ctx.evidence) | {o.stored_id for o in ctx.checkpoints}
    for cid, o in ctx.commits.items():
        if o.malformed is not None:
            continue
        for ref in o.evidence_refs:
            if ref not in cited_ok:
                ctx.add("evidence_missing", W, "commit", cid, M_REF_MISSING, (ref,), ref=ref)
    declared: set[str] = set()
    for eid, o in ctx.evidence.items():
        if o.malformed is not None:
            continue
        for art in o.get("artifacts"):
            h = art.get("hash")
            name = art.get("name") if type(art.get("name")) is str else "(unnamed)"
            if type(h) is not str:
                ctx.add("artifact_missing", E, "evidence", eid, M_ARTIFACT_NO_HASH, name=name)
                continue
            declared.add(h)
            data = ctx.store.artifact(h)
            if data is None:
                ctx.add("artifact_missing", E, "evidence", eid, M_ARTIFACT_MISSING, (h,), name=name, hash=h)
                continue
            actual = sha256_id(data)
            if actual != h:
                ctx.add(
                    "artifact_hash_mismatch",
                    E,
                    "evidence",
                    eid,
                    M_ARTIFACT_HASH,
                    (h,),
                    name=name,
                    hash=h,
                    actual=actual,
                    expected=h,
                    found=actual,
                )
            elif "size" in art and art.get("size") != len(data):
                ctx.add(
                    "artifact_hash_mismatch",
                    E,
                    "evidence",
                    eid,
                    M_ARTIFACT_SIZE,
                    (h,),
                    name=name,
                    declared=art.get("size"),
                    size=len(data),
                )
    for path, _ in ctx.store.list("artifacts"):
        h = path.split("/", 1)[1]
        if h not in declared:
            ctx.add("orphan_artifact", INFO, "store", h, M_ORPHAN)
