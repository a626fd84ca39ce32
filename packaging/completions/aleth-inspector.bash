# bash completion for aleth-inspector 0.1.0
# Generated from the program's argparse definitions (aleth-inspector completion bash).
_aleth_inspector() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    local cmd="" opts="" subs="" files="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "$cmd ${COMP_WORDS[i]}" in
            " verify") cmd="verify" ;;
            " audit") cmd="audit" ;;
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
            --profile) COMPREPLY=($(compgen -W "auto alethech hom-aimos-v1" -- "$cur")); return ;;
            --trust-master) COMPREPLY=(); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file --checkpoint --emit-checkpoint --format --json -o --output --strict -q --quiet --progress --jobs --lang --profile --trust-master"; subs=""; files="1" ;;
        "audit")
            case "$prev" in
            --credentials) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --jobs) COMPREPLY=(); return ;;
            --scheduler) COMPREPLY=(); return ;;
            --since) COMPREPLY=(); return ;;
            --format) COMPREPLY=($(compgen -W "text json sarif junit html" -- "$cur")); return ;;
            --output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --detail) COMPREPLY=($(compgen -W "full summary" -- "$cur")); return ;;
            --file-timeout) COMPREPLY=(); return ;;
            --progress) COMPREPLY=($(compgen -W "auto off json" -- "$cur")); return ;;
            --lang) COMPREPLY=($(compgen -W "en es fr" -- "$cur")); return ;;
            esac
            opts="-h --help --credentials --jobs --scheduler --since --format --output --strict --detail --file-timeout --send-secrets --progress --lang"; subs=""; files="1" ;;
        "explain")
            case "$prev" in
            --lang) COMPREPLY=($(compgen -W "en es fr" -- "$cur")); return ;;
            esac
            opts="-h --help --lang"; subs="artifact_hash_mismatch artifact_missing authentication_failed bad_magic checkpoint_continuity_failed checkpoint_count_regression checkpoint_head_missing checkpoint_signature_invalid checkpoint_unusable checkpointed_evidence_missing control_chain_invalid control_event_missing control_event_signature_invalid control_event_unknown_type credential_required credential_unreadable dag_cycle digest_mismatch duplicate_json_key duplicate_object empty_passphrase evidence_missing evidence_unanchored file_name_mismatch file_timeout head_invalid history_rewritten_since_last_audit hom.baseline_binding_invalid hom.baseline_cert_expired hom.baseline_cert_not_yet_valid hom.baseline_certificate_fingerprint_mismatch hom.baseline_certificate_invalid hom.baseline_certificate_issuer_invalid hom.baseline_certificate_signature_invalid hom.baseline_event_missing hom.baseline_hash_mismatch hom.baseline_revocation_invalid hom.baseline_schema_invalid hom.baseline_signature_invalid hom.baseline_signer_certificate_row_mismatch hom.baseline_signer_revoked_before_evidence hom.baseline_signer_role_invalid hom.bundle_kind_unknown hom.canonical_json_depth_limit hom.canonical_json_duplicate_key hom.canonical_json_invalid hom.canonical_json_non_finite_number hom.canonical_json_size_limit hom.canonical_json_unsafe_integer hom.cognitive_evidence_bundle_schema_invalid hom.cognitive_evidence_event_identity_epoch_invalid hom.cognitive_evidence_master_fingerprint_mismatch hom.cognitive_evidence_memory_content_invalid hom.cognitive_evidence_memory_order_invalid hom.cognitive_evidence_sql_parity_mismatch hom.cognitive_projection_cycle hom.cognitive_projection_disconnected hom.cognitive_projection_duplicate hom.cognitive_projection_fork hom.cognitive_projection_genesis_invalid hom.command_hash_not_recomputed hom.continuity_break hom.event_ledger_binding_invalid hom.event_ledger_certificate_invalid hom.event_ledger_content_hash_mismatch hom.event_ledger_link_invalid hom.event_ledger_schema_invalid hom.event_ledger_signature_invalid hom.initial_weight_anchor_invalid hom.master_fingerprint hom.projection_display_invalid hom.projection_hash_mismatch hom.projection_schema_invalid hom.provenance_cert_expired hom.provenance_cert_not_yet_valid hom.provenance_certificate_fingerprint_mismatch hom.provenance_certificate_invalid hom.provenance_certificate_issuer_invalid hom.provenance_certificate_signature_invalid hom.provenance_event_type_invalid hom.provenance_genesis_invalid hom.provenance_mutation_hash_mismatch hom.provenance_revocation_invalid hom.provenance_schema_invalid hom.provenance_signature_invalid hom.provenance_signed_body_content_hash_mismatch hom.provenance_signed_body_event_type_mismatch hom.provenance_signer_certificate_row_mismatch hom.provenance_signer_revoked_before_evidence hom.provenance_signer_role_invalid hom.provenance_tier_form_invalid hom.recall_corpus_intended_n_invalid hom.recall_corpus_member_bundle_invalid hom.recall_corpus_member_invalid hom.recall_corpus_root_invalid hom.recall_corpus_schema_invalid hom.recall_event_receipt_binding_invalid hom.recall_event_receipt_certificate_invalid hom.recall_event_receipt_signature_invalid hom.recall_evidence_bundle_schema_invalid hom.recall_mandatory_evidence_missing hom.recall_receipt_cryptographic_binding_invalid hom.recall_receipt_epistemic_binding_invalid hom.recall_receipt_evidence_count_invalid hom.recall_receipt_memory_binding_invalid hom.recall_receipt_schema_invalid hom.recall_request_certificate_invalid hom.recall_request_command_invalid hom.recall_request_context_invalid hom.recall_request_signature_invalid hom.recall_scope_invalid hom.recall_trust_anchor_invalid hom.self_issued_certificate hom.terminal_weight_mismatch hom.transition_hash_mismatch hom.transition_signature_invalid hom.unattested_initial_weight hom.unsupported_signature_form hom.untrusted_master identity_ambiguous identity_control_event_mismatch identity_invalid identity_record_stale identity_signature_invalid identity_unbound integer_out_of_range internal_error interrupted invalid_header invalid_json invalid_payload invalid_payload_path invalid_recovery_code json_too_deep key_used_before_grant malformed_field malformed_object migration_missing migration_signature_invalid missing_cutoff_head mutmem_chain_discontinuity mutmem_chain_fork mutmem_commitment_mismatch mutmem_commitment_signature_invalid mutmem_genesis_invalid mutmem_label_evidence_missing mutmem_noop_transition mutmem_role_unauthorized mutmem_rule_violation mutmem_target_invalid mutmem_weight_out_of_range no_checkpoint no_credential no_recovery_slot non_canonical_header non_finite_number not_a_file not_a_store not_found not_in_proven_pre_rotation_history orphan_artifact output_failed parent_missing poison_admitted public_key_reused receipt_hash_mismatch receipt_ordinal_invalid receipt_projection_mismatch receipt_root_mismatch receipt_scope rollback_since_last_audit root_authority_invalid signature_invalid signing_key_inactive signing_key_invalid stale_backup_old_credentials stray_file too_large truncated unknown_identity unknown_key unreachable_commit unreadable unredacted_private_region unsigned_field unsupported_version usage_error worker_lost wrong_passphrase VALID VALID_HISTORICAL NOT_IN_PROVEN_PRE_ROTATION_HISTORY DIGEST_MISMATCH INVALID_SIGNATURE MISSING_PARENT UNKNOWN_KEY UNKNOWN_IDENTITY MALFORMED"; files="" ;;
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
