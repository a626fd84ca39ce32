# bash completion for aleth-inspector 0.1.0
# Generated from the program's argparse definitions (aleth-inspector completion bash).
_aleth_inspector() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    local cmd="" opts="" subs="" files="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "$cmd ${COMP_WORDS[i]}" in
            " verify") cmd="verify" ;;
            " audit") cmd="audit" ;;
            "audit ack") cmd="audit ack" ;;
            " explain") cmd="explain" ;;
            " demo") cmd="demo" ;;
            " receipt") cmd="receipt" ;;
            "receipt prove") cmd="receipt prove" ;;
            "receipt check") cmd="receipt check" ;;
            " rotate") cmd="rotate" ;;
            " revoke") cmd="revoke" ;;
            " grant") cmd="grant" ;;
            " migrate") cmd="migrate" ;;
            " rekey") cmd="rekey" ;;
            " recover") cmd="recover" ;;
            " label") cmd="label" ;;
            " gui") cmd="gui" ;;
            " mcp") cmd="mcp" ;;
            " completion") cmd="completion" ;;
        esac
    done
    case "$cmd" in
        "")
            opts="-h --help --version"; subs="verify audit explain demo receipt rotate revoke grant migrate rekey recover label gui mcp completion"; files="" ;;
        "verify")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --checkpoint) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --emit-checkpoint) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --format) COMPREPLY=($(compgen -W "text json sarif junit html pdf" -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --progress) COMPREPLY=($(compgen -W "auto off json" -- "$cur")); return ;;
            --jobs) COMPREPLY=(); return ;;
            --lang) COMPREPLY=($(compgen -W "en es fr" -- "$cur")); return ;;
            --profile) COMPREPLY=($(compgen -W "auto alethech hom-aimos-v1 hom-aimos-v2" -- "$cur")); return ;;
            --trust-master) COMPREPLY=(); return ;;
            --witness) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --trust-context) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file --checkpoint --emit-checkpoint --format --json -o --output --strict -q --quiet --progress --jobs --lang --profile --trust-master --structural-only --witness --trust-context"; subs=""; files="1" ;;
        "audit")
            case "$prev" in
            --credentials) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --ledger) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --jobs) COMPREPLY=(); return ;;
            --scheduler) COMPREPLY=(); return ;;
            --cluster-grace) COMPREPLY=(); return ;;
            --since) COMPREPLY=(); return ;;
            --format) COMPREPLY=($(compgen -W "text json sarif junit html" -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --detail) COMPREPLY=($(compgen -W "full summary" -- "$cur")); return ;;
            --file-timeout) COMPREPLY=(); return ;;
            --progress) COMPREPLY=($(compgen -W "auto off json" -- "$cur")); return ;;
            --lang) COMPREPLY=($(compgen -W "en es fr" -- "$cur")); return ;;
            esac
            opts="-h --help --credentials --ledger --jobs --scheduler --cluster-grace --since --format -o --output --strict --detail --file-timeout --send-secrets --progress --lang"; subs="ack"; files="1" ;;
        "audit ack")
            case "$prev" in
            --reason) COMPREPLY=(); return ;;
            --ledger) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --credentials) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --by) COMPREPLY=(); return ;;
            --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
            esac
            opts="-h --help --reason --ledger --credentials --by --format"; subs=""; files="1" ;;
        "explain")
            case "$prev" in
            --lang) COMPREPLY=($(compgen -W "en es fr" -- "$cur")); return ;;
            esac
            opts="-h --help --lang"; subs="artifact_hash_mismatch artifact_missing audit_incomplete authentication_failed bad_magic checkpoint_continuity_failed checkpoint_count_regression checkpoint_head_missing checkpoint_signature_invalid checkpoint_unusable checkpointed_evidence_missing control_chain_invalid control_event_missing control_event_signature_invalid control_event_unknown_type credential_required credential_unreadable dag_cycle digest_mismatch duplicate_json_key duplicate_object empty_passphrase evidence_missing evidence_unanchored file_name_mismatch file_timeout head_invalid history_rewritten_since_last_audit hom.ACTOR_CERTIFICATE_SIGNATURE_INVALID hom.ACTOR_REQUEST_SIGNATURE_INVALID hom.AUTHORITY_MUTATION_BINDING_INVALID hom.COMMAND_HASH_MISMATCH hom.CONTENT_STATE_BINDING_INVALID hom.DECISION_HASH_MALFORMED hom.ENVELOPE_COMMITMENT_INVALID hom.EPISTEMIC_BINDING_INVALID hom.EPISTEMIC_PROJECTION_BINDING_INVALID hom.EVENT_RECEIPT_BINDING_INVALID hom.EVENT_RECEIPT_COMMITMENT_INVALID hom.EXPECTED_TRUST_ANCHOR_REQUIRED hom.GRANT_COMMITMENT_INVALID hom.GRANT_NOT_EFFECTIVE hom.GRANT_SCOPE_MISMATCH hom.HOUSEKEEPER_CERTIFICATE_SIGNATURE_INVALID hom.HOUSEKEEPER_EVENT_SIGNATURE_INVALID hom.HOUSEKEEPER_IDENTITY_INVALID hom.HOUSEKEEPER_OCCURRENCE_SIGNATURE_INVALID hom.HOUSEKEEPER_REVOCATION_STATE_INVALID hom.HOUSEKEEPER_SYSTEM_PRINCIPAL_INVALID hom.IDENTITY_CERTIFICATE_BINDING_INVALID hom.IDENTITY_EPOCH_INVALID hom.IDENTITY_SCOPE_MISMATCH hom.MASTER_GRANT_SIGNATURE_INVALID hom.MERKLE_ENTRY_BINDING_INVALID hom.MERKLE_ROOT_MISMATCH hom.MUTATION_BUNDLE_COMMITMENT_INVALID hom.MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID hom.MUTATION_CRYPTOGRAPHIC_WITNESS_REQUIRED hom.MUTATION_CRYPTOGRAPHIC_WITNESS_SCOPE_INVALID hom.MUTATION_NOOP_TERMINAL_INVALID hom.MUTATION_OBSERVATION_TERMINAL_INVALID hom.MUTATION_OUTCOME_EVENT_INVALID hom.MUTATION_OUTCOME_EVENT_SIGNATURE_INVALID hom.MUTATION_OUTCOME_SCHEMA_INVALID hom.MUTATION_PROJECTION_BINDING_INVALID hom.MUTATION_PROJECTION_HASH_INVALID hom.MUTATION_PROVENANCE_SIGNATURE_INVALID hom.MUTATION_RECALL_BINDING_INVALID hom.MUTATION_TERMINAL_KIND_INVALID hom.MUTATION_TERMINAL_SIGNATURE_INVALID hom.MUTATION_TRANSITION_HASH_INVALID hom.MUTATION_TRANSITION_PROVENANCE_INVALID hom.MUTATION_TRANSITION_SIGNATURE_INVALID hom.MUTATION_VALENCE_BINDING_INVALID hom.MUTATION_VALENCE_SIGNATURE_INVALID hom.OBJECT_SCHEMA_INVALID hom.OCCURRENCE_BINDING_INVALID hom.OCCURRENCE_NATIVE_BODY_INVALID hom.PROVENANCE_BINDING_INVALID hom.RECEIPT_EVIDENCE_BINDING_INVALID hom.REQUEST_BODY_HASH_MISMATCH hom.REQUEST_CONTEXT_INVALID hom.REQUEST_RECEIPT_BINDING_INVALID hom.REQUEST_RECEIPT_COMMITMENT_INVALID hom.RESULT_CARDINALITY_INVALID hom.RESULT_IDENTITY_BINDING_INVALID hom.RETURN_PROJECTION_BINDING_INVALID hom.REVOCATION_EVENT_BINDING_INVALID hom.REVOCATION_STATE_INVALID hom.SECURITY_CLOSURE_BINDING_INVALID hom.TRUST_ANCHOR_KEY_MISMATCH hom.TRUST_ROOT_MISMATCH hom.baseline_binding_invalid hom.baseline_chain_anchor_invalid hom.baseline_event_binding_invalid hom.baseline_event_epoch_invalid hom.baseline_event_event_proof_hash_mismatch hom.baseline_event_event_proof_malformed hom.baseline_event_event_proof_version hom.baseline_event_malformed_input hom.baseline_event_missing hom.baseline_event_sig_invalid hom.baseline_hash_invalid hom.baseline_signature_invalid hom.baseline_terminal_weight_mismatch hom.bundle_json_malformed hom.bundle_kind_unknown hom.bundle_size_limit hom.canonical_json_depth_limit hom.canonical_json_integer_out_of_range hom.canonical_json_non_finite_number hom.cert_epoch_invalid hom.cert_expired hom.cert_malformed hom.cert_not_yet_valid hom.cert_schema hom.cert_sig_invalid hom.certificate_authority_missing hom.cognitive_evidence_bundle_identity_invalid hom.cognitive_evidence_bundle_invalid hom.cognitive_evidence_bundle_schema_invalid hom.cognitive_evidence_epoch_invalid hom.cognitive_evidence_event_duplicate hom.cognitive_evidence_event_identity_epoch_invalid hom.cognitive_evidence_event_identity_mismatch hom.cognitive_evidence_event_stream_invalid hom.cognitive_evidence_identity_epoch_invalid hom.cognitive_evidence_identity_invalid hom.cognitive_evidence_master_fingerprint_mismatch hom.cognitive_evidence_memory_content_invalid hom.cognitive_evidence_memory_order_invalid hom.cognitive_evidence_memory_weight_invalid hom.cognitive_evidence_number_invalid hom.cognitive_evidence_sql_count_invalid hom.cognitive_evidence_sql_record_invalid hom.cognitive_projection_cycle hom.cognitive_projection_disconnected hom.cognitive_projection_fork hom.cognitive_projection_genesis_invalid hom.continuity_break hom.default_chain_anchor_invalid hom.event_ledger_certificate_invalid hom.event_ledger_certificate_issuer_invalid hom.event_ledger_chain_link_invalid hom.event_ledger_identity_mismatch hom.event_ledger_proof_invalid hom.event_mutation_invalid hom.event_previous_invalid hom.event_time_invalid hom.expected_master_fingerprint hom.identity_epoch_mismatch hom.identity_revoked_before_signature hom.json_duplicate_key hom.json_non_finite hom.master_fingerprint hom.master_key_invalid hom.portable_evidence_malformed hom.projection_display_invalid hom.projection_hash_invalid hom.provenance_canonical_json_depth_limit hom.provenance_canonical_json_integer_out_of_range hom.provenance_canonical_json_non_finite_number hom.provenance_cert_expired hom.provenance_cert_malformed hom.provenance_cert_not_yet_valid hom.provenance_cert_schema hom.provenance_cert_sig_invalid hom.provenance_certificate_authority_missing hom.provenance_elevated_provenance_requires_form4 hom.provenance_event_type_invalid hom.provenance_malformed_input hom.provenance_mutation_hash_mismatch hom.provenance_provenance_genesis_shape_invalid hom.provenance_provenance_malformed_input hom.provenance_provenance_time_invalid hom.provenance_request_signature_form_invalid hom.provenance_revocation_malformed_input hom.provenance_revocation_master_mismatch hom.provenance_revocation_revocation_body_invalid hom.provenance_revocation_revocation_hash_mismatch hom.provenance_revocation_revocation_proof_malformed hom.provenance_revocation_sig_invalid hom.provenance_sig_invalid hom.provenance_signature_invalid hom.provenance_signed_body_content_hash_mismatch hom.provenance_signed_body_event_type_mismatch hom.provenance_signed_body_missing hom.provenance_signed_chain_claim_invalid hom.provenance_signed_device_claim_mismatch hom.provenance_signer_certificate_fingerprint_mismatch hom.provenance_signer_certificate_row_mismatch hom.provenance_signer_revoked_before_evidence hom.public_key_invalid hom.recall_bundle_schema_invalid hom.recall_command_invalid hom.recall_corpus_intended_n_invalid hom.recall_corpus_member_invalid hom.recall_corpus_root_mismatch hom.recall_corpus_schema_invalid hom.recall_event_binding_invalid hom.recall_event_body_invalid hom.recall_event_previous_hash_invalid hom.recall_event_receipt_schema_invalid hom.recall_event_signature_invalid hom.recall_integer_invalid hom.recall_mandatory_evidence_missing hom.recall_memory_id_invalid hom.recall_query_or_identifier_required hom.recall_receipt_cryptographic_binding_invalid hom.recall_receipt_epistemic_binding_invalid hom.recall_receipt_evidence_count_mismatch hom.recall_receipt_memory_binding_invalid hom.recall_receipt_schema_invalid hom.recall_request_context_invalid hom.recall_request_identity_invalid hom.recall_request_schema_invalid hom.recall_request_signature_invalid hom.recall_scope_binding_invalid hom.recall_trust_anchor_missing hom.recall_trust_anchor_schema_invalid hom.recall_unknown_field hom.recall_verifier_internal_failure hom.reference_reason hom.revocation_malformed_input hom.revocation_master_mismatch hom.revocation_revocation_body_invalid hom.revocation_revocation_hash_mismatch hom.revocation_revocation_proof_malformed hom.revocation_sig_invalid hom.self_issued_certificate hom.sql_portable_parity_mismatch hom.structural_only hom.terminal_weight_mismatch hom.transition_signature_invalid hom.unattested_initial_weight hom.untrusted_master hom.verifier_internal_failure identity_ambiguous identity_control_event_mismatch identity_invalid identity_record_stale identity_signature_invalid identity_unbound integer_out_of_range internal_error interrupted invalid_header invalid_json invalid_payload invalid_payload_path invalid_recovery_code json_too_deep key_used_before_grant ledger_fork ledger_gone ledger_replaced ledger_rollback malformed_field malformed_object migration_missing migration_signature_invalid missing_cutoff_head mutmem_chain_discontinuity mutmem_chain_fork mutmem_commitment_mismatch mutmem_commitment_signature_invalid mutmem_genesis_invalid mutmem_label_evidence_missing mutmem_noop_transition mutmem_role_unauthorized mutmem_rule_violation mutmem_target_invalid mutmem_weight_out_of_range no_checkpoint no_credential no_recovery_slot non_canonical_header non_finite_number not_a_file not_a_store not_found not_in_proven_pre_rotation_history opened_with_older_credential orphan_artifact output_failed parent_missing poison_admitted public_key_reused receipt_hash_mismatch receipt_ordinal_invalid receipt_projection_mismatch receipt_root_mismatch receipt_scope rollback_since_last_audit root_authority_invalid signature_invalid signing_key_inactive signing_key_invalid stale_backup_old_credentials stray_file too_large truncated unknown_identity unknown_key unreachable_commit unreadable unredacted_private_region unsigned_field unsupported_version usage_error worker_cannot_read worker_lost wrong_passphrase VALID VALID_HISTORICAL NOT_IN_PROVEN_PRE_ROTATION_HISTORY DIGEST_MISMATCH INVALID_SIGNATURE MISSING_PARENT UNKNOWN_KEY UNKNOWN_IDENTITY MALFORMED"; files="" ;;
        "demo")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file"; subs=""; files="1" ;;
        "receipt")
            opts="-h --help"; subs="prove check"; files="" ;;
        "receipt prove")
            case "$prev" in
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help -o --output --passphrase-file --passphrase-fd --recovery-code-file"; subs=""; files="1" ;;
        "receipt check")
            case "$prev" in
            --file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --trusted-key) COMPREPLY=(); return ;;
            --trust-master) COMPREPLY=(); return ;;
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --file --trusted-key --trust-master --passphrase-file --passphrase-fd --recovery-code-file --json"; subs=""; files="1" ;;
        "rotate")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --root-key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --key) COMPREPLY=(); return ;;
            --reason) COMPREPLY=($(compgen -W "compromise expiry rotation" -- "$cur")); return ;;
            --cutoff) COMPREPLY=(); return ;;
            --new-key-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --plan-out --plan --json --root-key --key --reason --cutoff --disown --new-key-out"; subs=""; files="1" ;;
        "revoke")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --root-key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --key) COMPREPLY=(); return ;;
            --reason) COMPREPLY=($(compgen -W "compromise expiry rotation" -- "$cur")); return ;;
            --cutoff) COMPREPLY=(); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --plan-out --plan --json --root-key --key --reason --cutoff --disown --grant-agent"; subs=""; files="1" ;;
        "grant")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --root-key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --role) COMPREPLY=($(compgen -W "housekeeper auditor agent" -- "$cur")); return ;;
            --key-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --plan-out --plan --json --root-key --role --key-out"; subs=""; files="1" ;;
        "migrate")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --root-key-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --plan-out --plan --json --root-key-out"; subs=""; files="1" ;;
        "rekey")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --new-passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --keep-recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --new-recovery-code-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --dry-run --plan-out --plan --json --new-passphrase-file --keep-recovery-code-file --new-recovery-code-out"; subs=""; files="1" ;;
        "recover")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --new-passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --new-recovery-code-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --dry-run --plan-out --plan --json --new-passphrase-file --new-recovery-code-out"; subs=""; files="1" ;;
        "label")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --plan-out) COMPREPLY=(); return ;;
            --plan) COMPREPLY=(); return ;;
            --memory) COMPREPLY=(); return ;;
            --label) COMPREPLY=($(compgen -W "unverified supported disputed poison_suspect poison_likely poison_confirmed poison_refuted" -- "$cur")); return ;;
            --key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --reason) COMPREPLY=(); return ;;
            --evidence) COMPREPLY=(); return ;;
            --confidence) COMPREPLY=(); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --plan-out --plan --json --memory --label --key --reason --evidence --confidence"; subs=""; files="1" ;;
        "gui")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --checkpoint) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --screenshot) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --geometry) COMPREPLY=(); return ;;
            --lang) COMPREPLY=($(compgen -W "en es fr" -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file --checkpoint --screenshot --geometry --lang"; subs=""; files="1" ;;
        "mcp")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --checkpoint) COMPREPLY=(); return ;;
            --trust-master) COMPREPLY=(); return ;;
            --policy) COMPREPLY=($(compgen -W "strict serve-valid" -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file --checkpoint --trust-master --policy --print-config"; subs=""; files="1" ;;
        "completion")
            opts="-h --help"; subs="bash zsh fish"; files="" ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    else
        COMPREPLY=($(compgen -W "$subs" -- "$cur"))
        [[ -n "$files" ]] && COMPREPLY+=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -o bashdefault -F _aleth_inspector aleth-inspector
