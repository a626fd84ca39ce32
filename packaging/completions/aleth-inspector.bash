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
            opts="-h --help --lang"; subs=""; files="" ;;
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
            --root-key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --key) COMPREPLY=(); return ;;
            --reason) COMPREPLY=($(compgen -W "compromise expiry rotation" -- "$cur")); return ;;
            --cutoff) COMPREPLY=(); return ;;
            --new-key-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --json --allow-invalid-input --root-key --key --reason --cutoff --disown --new-key-out"; subs=""; files="1" ;;
        "revoke")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --root-key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --key) COMPREPLY=(); return ;;
            --reason) COMPREPLY=($(compgen -W "compromise expiry rotation" -- "$cur")); return ;;
            --cutoff) COMPREPLY=(); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --json --allow-invalid-input --root-key --key --reason --cutoff --disown"; subs=""; files="1" ;;
        "grant")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --root-key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --role) COMPREPLY=($(compgen -W "housekeeper auditor" -- "$cur")); return ;;
            --key-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --json --allow-invalid-input --root-key --role --key-out"; subs=""; files="1" ;;
        "migrate")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --root-key-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --json --allow-invalid-input --root-key-out"; subs=""; files="1" ;;
        "rekey")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --new-passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --keep-recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --new-recovery-code-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --dry-run --json --allow-invalid-input --new-passphrase-file --keep-recovery-code-file --new-recovery-code-out"; subs=""; files="1" ;;
        "recover")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --new-passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --new-recovery-code-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --dry-run --json --allow-invalid-input --new-passphrase-file --new-recovery-code-out"; subs=""; files="1" ;;
        "label")
            case "$prev" in
            --passphrase-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --passphrase-fd) COMPREPLY=(); return ;;
            --recovery-code-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --memory) COMPREPLY=(); return ;;
            --label) COMPREPLY=($(compgen -W "unverified supported disputed poison_suspect poison_likely poison_confirmed poison_refuted" -- "$cur")); return ;;
            --key) COMPREPLY=($(compgen -f -- "$cur")); return ;;
            --reason) COMPREPLY=(); return ;;
            --evidence) COMPREPLY=(); return ;;
            --confidence) COMPREPLY=(); return ;;
            esac
            opts="-h --help --passphrase-file --passphrase-fd --recovery-code-file -o --output --in-place --no-backup --dry-run --json --allow-invalid-input --memory --label --key --reason --evidence --confidence"; subs=""; files="1" ;;
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
