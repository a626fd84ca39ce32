"""The code table of the alethech profile: every finding code the opener, the
verifier (SPEC Parts A–D, revision 3) and the command line can put in a report,
with what it means, why it matters and what to do.

``aleth-inspector explain CODE``, ``docs/codes.md``, the SARIF rules and the GUI's
Detail pane read these entries through :mod:`inspector.core.codes`.  Each text is
a registered message template, so the translation catalogues cover them.
The other profiles' tables are beside this one (``hom_aimos.py``, ``audit.py``).
"""

from __future__ import annotations

from ..findings import Severity, message
from .registry import CodeInfo, register

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

# ---------------------------------------------------------------- opening the input
register(
    "not_found",
    E,
    "The path does not exist",
    "Nothing exists at the path that was given, so there is nothing to verify.",
    "A typo or a moved file would otherwise look like a verification result.",
    "Check the path (and the current directory) and run the command again.",
)
register(
    "unreadable",
    E,
    "The file cannot be read",
    "The operating system refused to read the file, or a folder or file of a directory store (permissions, a "
    "device error or a vanished mount).",
    "The inspector cannot judge bytes it cannot read.",
    "Check the file's permissions and the storage it lives on, then run the command again.",
)
register(
    "too_large",
    E,
    "Larger than the format allows",
    "The file, its header or one of its entries is larger than alethech accepts (a sealed file is at "
    "most 512 MiB, a header 16 KiB, one entry 100 MiB, 100,000 entries).",
    "Such a file is refused by alethech, so it is not a valid memory file whatever it contains.",
    "Check that this is the file you meant; a file this large was not written by alethech.",
)
register(
    "bad_magic",
    E,
    "Not a sealed .aleth file",
    "The file does not start with ALETH001 or ALETH002, so it is not a sealed alethech container.",
    "Another kind of file, or a container whose first bytes were damaged, cannot be opened.",
    "Give the .aleth file itself, or a directory store; restore the file from a backup if it was damaged.",
)
register(
    "unsupported_version",
    E,
    "Container version not supported",
    "The file starts like an alethech container but with a version other than ALETH001 or ALETH002.",
    "Its layout is unknown to this inspector, so nothing in it can be checked.",
    "Use an inspector release that supports this version, or ask the writer which tool made the file.",
)
register(
    "truncated",
    E,
    "The file is cut short",
    "The file ends before its structure says it should (inside the magic, the header or the encrypted "
    "payload).",
    "A partial copy or download cannot be decrypted or verified.",
    "Copy or download the file again and compare its size with the original.",
)
register(
    "invalid_header",
    E,
    "Container header is invalid",
    "The container's header is not the strict JSON object of the fields alethech writes.",
    "The header holds the parameters needed to decrypt the file; a damaged header makes it unopenable.",
    "Restore the file from a backup; the header cannot be repaired without knowing the original.",
)
register(
    "non_canonical_header",
    E,
    "Container header is not canonical",
    "The header is valid JSON but not byte-exact RFC 8785 canonical JSON, as alethech always writes it.",
    "The header is authenticated with the payload; a rewritten header means another tool changed the file.",
    "Restore the file written by alethech; do not let other tools re-save the container.",
)
register(
    "credential_required",
    E,
    "A passphrase or recovery code is needed",
    "The file is sealed and no passphrase or recovery code was given, and there was no terminal to ask "
    "for one.",
    "A sealed file can only be verified after it is decrypted.",
    "Give --passphrase-file F (or - for standard input), --passphrase-fd N, --recovery-code-file F, or set "
    "ALETH_PASSPHRASE_FILE.",
)
register(
    "credential_unreadable",
    E,
    "The credential file cannot be read",
    "The file, descriptor, standard input or environment variable named for the passphrase or recovery "
    "code could not be read as UTF-8 text (in a fleet audit: where the file was verified).",
    "Without the secret the sealed file cannot be opened, so it was not audited.",
    "Check the path, permissions or variable; the file must hold the secret as UTF-8 text (one trailing "
    "newline is removed). On a cluster a credential reference is resolved on the worker.",
)
register(
    "empty_passphrase",
    E,
    "The passphrase is empty",
    "The passphrase given is empty; alethech never seals a file with an empty passphrase.",
    "An empty passphrase file is usually a mistake in the command or the script.",
    "Put the passphrase in the file (one trailing newline is removed, nothing else).",
)
register(
    "wrong_passphrase",
    E,
    "The passphrase does not unlock the file",
    "No unlock slot of the file opens with the passphrase given.",
    "Without the right secret the file cannot be verified; it says nothing about the file's integrity.",
    "Check the passphrase (a byte-order mark, trailing spaces or an older passphrase are common causes) or "
    "use the recovery code.",
)
register(
    "invalid_recovery_code",
    E,
    "Not a valid recovery code",
    "The recovery code given is not of the form aleth-recovery-v1:… with 32 bytes, or it opens no slot.",
    "Without a valid code the file cannot be opened this way.",
    "Copy the whole recovery code again, or use the passphrase instead.",
)
register(
    "no_recovery_slot",
    E,
    "The file has no recovery slot",
    "The file was sealed without a recovery code (an ALETH001 file, or ALETH002 without a recovery slot).",
    "A recovery code cannot open it, whatever the code.",
    "Use the passphrase.",
)
register(
    "authentication_failed",
    E,
    "The encrypted payload fails authentication",
    "The key was right but the AES-GCM tag of the payload does not verify: the ciphertext or the header was "
    "changed.",
    "A container whose bytes changed after sealing cannot be trusted or decrypted.",
    "Restore the file from a backup; report the damage to whoever holds the original.",
)
register(
    "invalid_payload",
    E,
    "The decrypted payload is invalid",
    "The payload decrypted but is not the strict canonical JSON map of files alethech writes.",
    "The payload would be refused by alethech too; its files cannot be read reliably.",
    "Restore the file from a backup, or ask the writer which tool sealed it.",
)
register(
    "invalid_payload_path",
    E,
    "Payload path not allowed",
    "The payload names a file outside the paths alethech allows (for example ../ or keys/root.key).",
    "A hostile path could make a naive tool write outside the store, or leak a key that is never sealed.",
    "Do not extract this file with other tools; restore it from a trusted source.",
)
register(
    "not_a_store",
    E,
    "Not an alethech store",
    "The directory does not hold an alethech store (no HEAD, identities or commits), or cannot be read "
    "as one.",
    "There is nothing to verify in it.",
    "Point the inspector at the store directory itself (the folder that holds HEAD and commits/).",
)

# ---------------------------------------------------------------- JSON and object shape
register(
    "invalid_json",
    E,
    "Not strict JSON",
    "The object is not valid UTF-8 strict JSON, or a string in it is not valid Unicode (a lone surrogate).",
    "An object that does not parse has no verifiable content; its status is MALFORMED.",
    "Restore the object from a backup; an object that alethech wrote always parses.",
)
register(
    "duplicate_json_key",
    E,
    "Duplicate key in a JSON object",
    "A JSON object in the file has the same key twice.",
    "Parsers disagree about which value wins, so the value that was signed and the value that is shown "
    "can differ.",
    "Treat the object as tampered; restore it from a trusted copy.",
)
register(
    "non_finite_number",
    E,
    "NaN or Infinity in JSON",
    "A number in the object is NaN or Infinity, which canonical JSON (RFC 8785) cannot represent.",
    "Such an object has no canonical bytes, so its id and signature cannot be checked.",
    "Treat the object as damaged or forged; restore it from a trusted copy.",
)
register(
    "integer_out_of_range",
    E,
    "Integer too large",
    "A number in the object lies outside ±(2^53−1), where JSON numbers lose precision, in any written form "
    "(9007199254740993, 9007199254740993.0, 9.007199254740993e15).",
    "Different readers would see different values for the same bytes.",
    "Treat the object as damaged or forged; restore it from a trusted copy.",
)
register(
    "json_too_deep",
    E,
    "JSON nested too deeply",
    "The object nests arrays or objects deeper than the limit (64 levels).",
    "Deep nesting is a denial-of-service pattern and no alethech object needs it.",
    "Treat the object as hostile; restore it from a trusted copy.",
)
register(
    "malformed_object",
    E,
    "Object of the wrong shape",
    "The JSON parses but is not an object of the expected type (a field is missing, or has the wrong type).",
    "Rules cannot be applied to an object whose fields are not what the format says; its status is "
    "MALFORMED.",
    "Restore the object from a backup, or find out which tool wrote it.",
)
register(
    "malformed_field",
    E,
    "Field of the wrong type or size",
    "A field of the object has the wrong type, size or value (the finding names the field path); the object "
    "is MALFORMED or the field is ignored, as the format says.",
    "Rules only ever see well-typed values; a wrong value is reported instead of being guessed at.",
    "Restore the object from a trusted copy, or report the tool that wrote the field.",
)
register(
    "unsigned_field",
    W,
    "Field outside the signature",
    "The object has a field that its signature does not cover, or a signed field was absent and filled with "
    "its default.",
    "Anyone can change an unsigned field without breaking the signature, so its value proves nothing.",
    "Do not rely on the field's value; find out which tool added it.",
)

# ---------------------------------------------------------------- objects and history
register(
    "digest_mismatch",
    E,
    "Id does not match the content",
    "The object's stored id is not the SHA-256 of its canonical content: it was changed after it was made.",
    "Everything that refers to the object by id now points at different content.",
    "Treat the object as tampered; restore the store from a trusted copy.",
)
register(
    "signature_invalid",
    E,
    "Signature does not verify",
    "The Ed25519 signature does not verify with the key the object names.",
    "The object was not written by that key, or was changed after signing.",
    "Treat the object as forged or damaged; do not rely on its content.",
)
register(
    "unknown_identity",
    E,
    "Signed for an unknown identity",
    "The object claims an agent_id that belongs to no identity of this store.",
    "Nothing vouches for whoever signed it.",
    "Find out where the object came from; it does not belong to this memory.",
)
register(
    "unknown_key",
    E,
    "Signed by a key never granted",
    "The key that signed the object was never granted by the root-signed control chain of this store (or "
    "only by an event that took no effect), or it is a legacy key signing under the v2 agent_id.",
    "A key the root never authorised can be anyone's.",
    "Treat the object as foreign or forged; check the control chain for an invalid event.",
)
register(
    "key_used_before_grant",
    E,
    "Key used before it was granted",
    "A commit signed by a key lies inside the history that the key's own grant cut off, as if signed "
    "before the key existed.",
    "A key cannot have signed history that was closed before it was granted: the commit was back-dated.",
    "Treat the commit as forged; find out who holds that key.",
)
register(
    "not_in_proven_pre_rotation_history",
    E,
    "Signed by a revoked key outside its proven era",
    "The object is signed by a revoked key and the file does not prove it existed before the revocation's "
    "cutoff (or the key was revoked as compromised).",
    "Anyone holding the old key could have made it after the rotation.",
    "Do not rely on the object; if the revocation was routine, ask the owner to anchor such evidence before "
    "rotating.",
)
register(
    "evidence_unanchored",
    W,
    "Evidence signed by a retired key, not anchored",
    "Evidence or a stored checkpoint signed by a key that was later rotated routinely is not cited by any "
    "commit inside the key's proven history.",
    "The file cannot place it before the rotation, so it may have been made afterwards with the old key.",
    "Rely on it only if you trust the rotation was routine; owners avoid this by anchoring before rotating.",
)
register(
    "parent_missing",
    E,
    "Parent commit missing",
    "A commit names a parent that is not in the store.",
    "History was removed or never copied; what the commit builds on cannot be checked.",
    "Restore the missing commits from a complete copy of the store.",
)
register(
    "dag_cycle",
    E,
    "Cycle in the commit history",
    "Commits name each other as parents in a cycle, which honest hash-linked history cannot produce.",
    "A cycle means ids were forged or objects substituted.",
    "Treat the commits on the cycle as forged.",
)
register(
    "head_invalid",
    E,
    "HEAD is missing or wrong",
    "HEAD is missing although the store has commits, or names something that is not a commit of the store.",
    "Without a valid HEAD the current state of the memory is undefined.",
    "Restore HEAD from a trusted copy of the store.",
)
register(
    "unreachable_commit",
    W,
    "Commit not reachable from HEAD",
    "The commit is not an ancestor of HEAD.",
    "It is not part of the current history: an abandoned branch, or something placed beside the history.",
    "Check whether the branch was meant to be merged; it does not affect the current state.",
)
register(
    "evidence_missing",
    W,
    "Cited evidence missing",
    "A commit cites an evidence id that is not in the store.",
    "The claim the commit makes about that evidence cannot be checked.",
    "Restore the evidence from a complete copy of the store.",
)
register(
    "artifact_missing",
    E,
    "Artifact missing",
    "An evidence record lists an artifact whose bytes are not in the store.",
    "What the evidence says a tool produced cannot be checked.",
    "Restore the artifacts from a complete copy of the store.",
)
register(
    "artifact_hash_mismatch",
    E,
    "Artifact bytes changed",
    "An artifact's bytes do not hash to the value its signed evidence records.",
    "The evidence no longer describes the bytes in the store: they were changed or replaced.",
    "Treat the artifact as tampered; restore it from a trusted copy.",
)
register(
    "orphan_artifact",
    INFO,
    "Artifact no evidence lists",
    "The store holds an artifact that no evidence record lists.",
    "Nothing signed vouches for it; it is ignored.",
    "Nothing to do unless you expected evidence for it.",
)

# ---------------------------------------------------------------- identity and control chain
register(
    "root_authority_invalid",
    E,
    "Root authority invalid",
    "The root authority record does not parse, its id or self-signature is wrong, or its ids do not derive "
    "from its key.",
    "Every key of the store is trusted through the root; without a valid root no key can be.",
    "Treat the store as untrusted; restore root_authority.json from a trusted copy.",
)
register(
    "identity_invalid",
    E,
    "Identity record invalid",
    "An identity or migration record is malformed, its ids do not derive from its keys, or the store has a "
    "root authority but no identity record.",
    "Identities say which keys speak for the agent; an invalid one cannot vouch for any.",
    "Restore the identity record from a trusted copy.",
)
register(
    "identity_signature_invalid",
    E,
    "Identity record not signed by the root",
    "The identity record's root signature does not verify.",
    "An identity record anyone can write cannot say which keys are trusted.",
    "Treat the record as forged; trust only the keys the control chain grants.",
)
register(
    "identity_control_event_mismatch",
    E,
    "Identity record disagrees with the control chain",
    "The identity record lists a revoked key as active, or a cutoff different from the revocation event's.",
    "The record and the root-signed chain tell different stories about who may sign.",
    "Trust the control chain; ask the owner to re-sign the identity record.",
)
register(
    "identity_record_stale",
    W,
    "Identity record behind the control chain",
    "A key the control chain granted is missing from the identity record.",
    "Tools that read only the record will not know the key.",
    "Ask the owner to re-sign the identity record after the last control event.",
)
register(
    "control_chain_invalid",
    E,
    "Control chain broken",
    "A root-signed control event breaks the chain: a sequence gap, a wrong previous hash, or an event that "
    "cannot apply.",
    "From the first invalid event on, grants take no effect, so keys granted later are unknown.",
    "Find out who wrote the event; restore the control chain from a trusted copy.",
)
register(
    "control_event_signature_invalid",
    E,
    "Control event not signed by the root",
    "A file in control_events/ is not signed by this store's root: its signature does not verify, its id "
    "does not match its content, it names another root, or it cannot be read.",
    "Anyone could write such a file: it is not an event of the chain, takes no sequence number and applies "
    "nothing.",
    "Treat the file as forged and remove it; the genuine chain is judged without it.",
)
register(
    "control_event_unknown_type",
    E,
    "Control event of an unknown type",
    "A root-signed control event has an event_type outside key_grant, key_rotation, key_revoke and "
    "migration.",
    "Its meaning is unknown, so it applies nothing and, like any invalid event, no grant after it takes "
    "effect.",
    "Ask the owner which tool wrote the event; restore the control chain from a trusted copy.",
)
register(
    "control_event_missing",
    E,
    "Revoking control event missing",
    "The root-signed identity record revokes a key by a control event that is not a root-signed event of "
    "the store.",
    "Deleting the tail of a chain must not un-revoke a key: the record's revocation still applies at its "
    "cutoff.",
    "Find out who removed the event; restore the control chain from a trusted copy.",
)
register(
    "missing_cutoff_head",
    E,
    "Revocation without a valid cutoff",
    "A revocation has no cutoff_head, or its cutoff names no commit of this store.",
    "Without the cutoff no commit of the revoked key can be proven to predate the revocation.",
    "Ask the owner to revoke with an explicit cutoff commit.",
)
register(
    "migration_signature_invalid",
    E,
    "Migration record signatures invalid",
    "A migration record's legacy or root signature does not verify.",
    "The migration is what binds a legacy identity to the root; a forged one binds nothing.",
    "Treat the migration as forged; commits of that legacy identity are not bound to this store.",
)
register(
    "public_key_reused",
    E,
    "Public key granted twice",
    "A control event grants a public key that is already active under some key_id, that was ever revoked, "
    "or that is the root's own key.",
    "One public key has one era: a second grant could dodge a revocation or move a cutoff.",
    "Treat the event as invalid; a new key pair is needed for a new grant.",
)
register(
    "migration_missing",
    E,
    "Legacy key granted without a migration record",
    "A key_grant brings a legacy public key into the chain without naming a valid migration record for it.",
    "Only a migration signed by both the legacy key and the root binds a legacy identity to this store.",
    "Treat the grant as invalid; the owner must migrate the legacy identity properly.",
)
register(
    "identity_unbound",
    E,
    "Legacy identity not bound to the root",
    "The store has a root authority, and a legacy identity in it is bound by no valid migration record.",
    "Its commits do not belong to this store's root; they are UNKNOWN_IDENTITY.",
    "Find out where the identity came from; migrate it if it is really the agent's.",
)
register(
    "identity_ambiguous",
    E,
    "More than one legacy identity",
    "A store without a root authority holds more than one legacy identity.",
    "Only one identity can speak for a v0.1 store; commits of the others are UNKNOWN_IDENTITY.",
    "Remove the foreign identity, or migrate the store to a root-governed identity.",
)
register(
    "signing_key_invalid",
    W,
    "Sealed signing key unreadable",
    "The sealed signing key (keys/signing.key) is not a readable Ed25519 private key.",
    "The owner cannot add commits with it, and a checkpoint cannot be emitted.",
    "Ask the owner to restore or rotate the signing key.",
)
register(
    "signing_key_inactive",
    W,
    "Sealed signing key not active",
    "The sealed signing key (keys/signing.key) is not the private key of an active key of the identity.",
    "New commits signed with it would be unknown or outside their era.",
    "Ask the owner to rotate the agent key so that the sealed key is the active one.",
)

# ---------------------------------------------------------------- files of a directory store
register(
    "duplicate_object",
    E,
    "Object stored twice",
    "Two files decode to the same logical path (in artifacts/ too), or hold objects with the same id.",
    "Which copy a tool reads could depend on the order files are listed in; the verdict must not. The "
    "object is the copy that hashes to its id; another copy is never read as it.",
    "Remove the copy that should not be there, after checking which one alethech wrote.",
)
register(
    "stray_file",
    INFO,
    "File that is not part of the store",
    "A file or link in the store is not an object alethech reads (for example .DS_Store, a backup copy or a "
    "symbolic link); it was ignored.",
    "Stray files are never read, and links are never followed out of the store.",
    "Remove the file if it does not belong there; nothing else to do.",
)
register(
    "file_name_mismatch",
    W,
    "File name names another id",
    "An object is stored under a file name that does not encode its id; it was read under its real id.",
    "Tools that look objects up by file name would find the wrong one.",
    "Rename the file to the id it holds, or remove the copy.",
)

# ---------------------------------------------------------------- checkpoints
register(
    "checkpoint_signature_invalid",
    E,
    "Checkpoint not valid",
    "A checkpoint does not parse, its id does not match its content, it names no signer, or its signature "
    "does not verify with the key it names.",
    "A checkpoint is only evidence of an earlier state if the agent's key signed it.",
    "Use a checkpoint emitted by the agent (or by verify --emit-checkpoint) and kept outside the file.",
)
register(
    "checkpoint_head_missing",
    E,
    "Checkpoint head missing",
    "The commit the checkpoint recorded as HEAD is not in the store.",
    "History that existed when the checkpoint was made has been removed or rewritten: a rollback.",
    "Compare with a backup taken at the checkpoint; treat the current file as rolled back.",
)
register(
    "checkpoint_count_regression",
    E,
    "Fewer objects than the checkpoint counted",
    "The store holds fewer commits or evidence records than the checkpoint counted.",
    "Records were deleted after the checkpoint was made.",
    "Compare with a backup taken at the checkpoint; find out what was removed.",
)
register(
    "checkpointed_evidence_missing",
    E,
    "Checkpointed evidence removed",
    "With an external checkpoint: a commit inside the checkpoint's history cites evidence or a stored "
    "checkpoint that the store no longer holds.",
    "The checkpoint covered that evidence; counts padded with other objects prove nothing.",
    "Compare with a backup taken at the checkpoint; find out what was removed.",
)
register(
    "checkpoint_continuity_failed",
    E,
    "History does not continue from the checkpoint",
    "The checkpoint's head is not an ancestor of the current HEAD.",
    "The presented history is not a continuation of the one checkpointed: a rollback or a rewritten branch.",
    "Treat the current history as rewritten; compare with the checkpointed copy.",
)
register(
    "no_checkpoint",
    INFO,
    "No checkpoint given",
    "No external checkpoint was given, so only integrity was verified, not continuity.",
    "Without a checkpoint kept outside the file, an old but complete history verifies like the current one.",
    "Keep a checkpoint from each audit (verify --emit-checkpoint) and give it next time with --checkpoint.",
)
register(
    "checkpoint_unusable",
    E,
    "The checkpoint file cannot be used",
    "The file given with --checkpoint cannot be read, is not strict JSON, or is not a checkpoint object.",
    "A checkpoint that cannot be read says nothing about the memory file; no verdict was given.",
    "Give the checkpoint JSON file that alethech or verify --emit-checkpoint wrote.",
)

# ---------------------------------------------------------------- MutMem (SPEC C) and privacy (SPEC D)
register(
    "mutmem_rule_violation",
    E,
    "Weight update breaks the rule",
    "A weight transition's new weight does not follow the update rule from its own old weight, or its eta, "
    "rewards or counts are out of range.",
    "A weight that does not follow the rule was set by hand, not earned from outcomes.",
    "Treat the memory's weight as untrustworthy; find out who signed the record.",
)
register(
    "mutmem_noop_transition",
    E,
    "Weight transition that changes nothing",
    "A weight transition has the same new and old weight (also when it has no outcomes or all counts are "
    "zero).",
    "The writer refuses such records; one in the file was made by another tool.",
    "Find out which tool wrote the record.",
)
register(
    "mutmem_weight_out_of_range",
    E,
    "Weight out of range",
    "A weight lies outside 100…3000 milli (0.1 to 3.0).",
    "The update rule clips every weight into that range; a weight outside it was not computed.",
    "Treat the memory's weight as untrustworthy.",
)
register(
    "mutmem_chain_fork",
    E,
    "Weight or label chain forks",
    "Two records of one memory's chain name the same previous record.",
    "Chains are append-only; a fork means two histories of the same memory's weight or label.",
    "Find out which record is genuine; treat the memory's state as disputed.",
)
register(
    "mutmem_genesis_invalid",
    E,
    "More than one start of a chain",
    "Two records of one memory's chain both claim to be its first.",
    "A chain has one genesis; a second one starts a competing history.",
    "Find out which record is genuine.",
)
register(
    "mutmem_chain_discontinuity",
    E,
    "Chain does not link up",
    "A record's old weight is not the previous record's new weight, or its previous record is not a record "
    "of the same chain inside its history.",
    "Records were removed, reordered or spliced in from elsewhere.",
    "Treat the memory's weight or label history as incomplete.",
)
register(
    "mutmem_commitment_mismatch",
    E,
    "Transition commitment does not match",
    "A weight transition's commitment does not match the record's content.",
    "The commitment is what can be checked away from the file; a mismatch means the record was changed.",
    "Treat the record as tampered.",
)
register(
    "mutmem_commitment_signature_invalid",
    E,
    "Commitment signature invalid",
    "A weight transition's commitment signature does not verify with the record's key.",
    "The commitment was not made by the housekeeper that signed the record.",
    "Treat the record as forged.",
)
register(
    "mutmem_role_unauthorized",
    E,
    "Key without the role for this record",
    "A weight or label record is signed by a key whose role may not write it (agent keys write neither; "
    "only auditors write verdict labels).",
    "Authority comes from the role the root granted; a record outside it has none.",
    "Ignore the record's effect; find out who signed it.",
)
register(
    "mutmem_label_evidence_missing",
    E,
    "Verdict label without evidence",
    "A verdict label (supported, disputed, poison_confirmed, poison_refuted) cites no evidence that "
    "resolves to a valid evidence record.",
    "A verdict must rest on evidence that can be checked.",
    "Ask the auditor to cite the evidence the verdict rests on.",
)
register(
    "mutmem_target_invalid",
    E,
    "Record about an invalid target",
    "A weight or label record names a target that is missing, not a plain memory, not in its history, or "
    "has an unknown label or a confidence out of range.",
    "The record's effect cannot be placed on any memory.",
    "Find out which tool wrote the record.",
)
register(
    "receipt_root_mismatch",
    E,
    "Receipt root does not recompute",
    "The RFC 6962 root of a recall receipt's entries is not the root the receipt states.",
    "The entries were changed, added, removed or reordered after the receipt was made.",
    "Treat the receipt as tampered.",
)
register(
    "receipt_projection_mismatch",
    E,
    "Receipt entry differs from the memory's state",
    "A receipt entry's weight or label differs from that memory's state at the receipt's head.",
    "The receipt misreports what the agent knew when it recalled the memory.",
    "Treat the receipt as untrue for that entry.",
)
register(
    "receipt_ordinal_invalid",
    E,
    "Receipt entries out of order",
    "A receipt's ordinals are not 0…n−1, it has more entries than k, lacks a head, or is not a recall "
    "receipt at all.",
    "The order of recall is part of what the receipt proves.",
    "Treat the receipt as malformed.",
)
register(
    "receipt_hash_mismatch",
    E,
    "Receipt does not match its evidence",
    "The receipt's artifact is missing or fails its hash, or the evidence's input/output hashes do not "
    "match the receipt.",
    "The signed evidence no longer vouches for the receipt's bytes.",
    "Treat the receipt as tampered.",
)
register(
    "poison_admitted",
    E,
    "Untrusted memory recalled",
    "A recall receipt discloses a memory that was labelled untrusted (poison suspected or worse) at the "
    "receipt's head.",
    "The agent used a memory it had reason to distrust.",
    "Review the answers built on that recall.",
)
register(
    "receipt_scope",
    INFO,
    "What a receipt proves",
    "A recall receipt proves which memories were disclosed, in which order; not that nothing else existed.",
    "Reading a receipt as proof of completeness would overstate it.",
    "Nothing to do; keep the limit in mind when citing receipts.",
)
register(
    "unredacted_private_region",
    W,
    "Private region not redacted",
    "Stored content still holds a <private>…</private> region that should have been replaced by [REDACTED] "
    "(also when its opener is written with JSON escapes).",
    "Text meant to stay private is in the file for anyone who can open it.",
    "Ask the owner to redact the content; share the file with care until then.",
)

# ---------------------------------------------------------------- the inspector itself
register(
    "stale_backup_old_credentials",
    W,
    "Leftover copy opens with the old secret",
    "Beside the file lies a copy left by an interrupted re-key or recovery, which the old passphrase or "
    "recovery code still opens.",
    "A re-key is done because the old secret may have leaked; the leftover undoes it.",
    "Delete the leftover file the finding names, once you have checked that the main file opens.",
)
register(
    "internal_error",
    E,
    "The inspector failed",
    "An unexpected error inside the inspector stopped the work; this is a bug, not a verdict on the file.",
    "No verdict was reached, so the file is neither passed nor failed.",
    "Report the bug with this finding (exception and place); run again after updating the inspector.",
)
register(
    "usage_error",
    E,
    "The command line is not valid",
    "The arguments given are not valid for the command, so nothing was verified.",
    "A usage error is never a verdict on a file.",
    "Run the command with --help and correct the arguments.",
)
register(
    "interrupted",
    W,
    "Interrupted",
    "The work was interrupted (Ctrl-C or a signal) before it finished; no verdict was reached.",
    "An interrupted run says nothing about the file.",
    "Run the command again and let it finish.",
)

# ---------------------------------------------------------------- object statuses (SPEC B1)
# Not finding codes: the one status each commit, evidence and checkpoint gets.  The same
# entry shape, so `aleth-inspector explain VALID_HISTORICAL` and the MCP server's
# explain_code read them like a code.


def _status(name: str, severity: Severity, title: str, meaning: str, why: str, action: str) -> None:
    STATUSES[name] = CodeInfo(
        name, severity, message(title), message(meaning), message(why), message(action), "status"
    )


STATUSES: dict[str, CodeInfo] = {}
_status(
    "VALID",
    INFO,
    "Valid",
    "Signed by a key that is active now; its id matches its content and the signature verifies.",
    "Only VALID and VALID_HISTORICAL objects are proven to come from the file's keys.",
    "Nothing to do.",
)
_status(
    "VALID_HISTORICAL",
    INFO,
    "Valid (historical)",
    "Signed by a key that was later revoked, and inside the history that the revocation's cutoff closes: "
    "it belongs to that key's proven era.",
    "A rotation does not void what the old key signed before it; only what lies outside that history is "
    "suspect.",
    "Nothing to do; its key era says which key signed it and where that key's history ends.",
)
_status(
    "NOT_IN_PROVEN_PRE_ROTATION_HISTORY",
    E,
    "Outside the revoked key's proven history (dark)",
    "Signed by a revoked key, outside the history that the revocation's cutoff closes.",
    "Anyone holding the old key could have made it after the rotation.",
    "Do not rely on it; find out who still holds the revoked key (see not_in_proven_pre_rotation_history).",
)
_status(
    "DIGEST_MISMATCH",
    E,
    "Content changed after signing",
    "Its content no longer hashes to its stored id: it was changed after it was signed.",
    "What is shown is not what was signed.",
    "Restore the object from a trusted copy (see digest_mismatch).",
)
_status(
    "INVALID_SIGNATURE",
    E,
    "Signature does not verify",
    "The signature does not verify with the key the object names.",
    "Nothing proves that the named key signed it.",
    "Treat it as forged or damaged (see signature_invalid).",
)
_status(
    "MISSING_PARENT",
    E,
    "A parent is missing",
    "A parent it names is not in the file.",
    "History was removed or never copied, so its ancestry cannot be proven.",
    "Restore the missing commit from a trusted copy (see parent_missing).",
)
_status(
    "UNKNOWN_KEY",
    E,
    "Signed by an unknown key",
    "Signed by a key that the root-signed control chain never granted, or used before the rotation that "
    "granted it.",
    "No root-signed statement authorises its signer.",
    "Treat it as forged unless the key's grant is found (see unknown_key and key_used_before_grant).",
)
_status(
    "UNKNOWN_IDENTITY",
    E,
    "Claims an unknown identity",
    "It claims an agent identity that the file does not hold or does not bind to its root.",
    "No identity of the file vouches for its signer.",
    "See unknown_identity and identity_unbound.",
)
_status(
    "MALFORMED",
    E,
    "Not readable",
    "It cannot be read as strict JSON of its type.",
    "An object that cannot be read cannot be verified.",
    "See the JSON finding on it (invalid_json, duplicate_json_key, …).",
)
