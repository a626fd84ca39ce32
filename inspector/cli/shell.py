"""Shell completion (bash, zsh, fish) and a man page, generated from the argparse
definitions, so they always list the options ``--help`` lists.

``aleth-inspector completion bash|zsh|fish`` prints a script;
``packaging/gen_shell_files.py`` writes the packaged copies and the man page
(a test keeps them equal to what this module generates).
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field

from .. import __version__

PROG = "aleth-inspector"
# Options whose value is a path (completed with file names); other valued options
# complete nothing unless they have choices.
_PATH_METAVARS = {"F", "FILE", "OUT", "PEM", "OUT.aleth", "OUT.png", "PROOF_FILE", "PATH", "FILE_OR_DIR"}


@dataclass
class Option:
    flags: list[str]
    help: str
    takes_value: bool
    metavar: str | None = None
    choices: list[str] | None = None

    @property
    def is_path(self) -> bool:
        return self.takes_value and self.choices is None and (self.metavar or "") in _PATH_METAVARS


@dataclass
class Command:
    path: list[str]
    parser: argparse.ArgumentParser
    help: str = ""
    options: list[Option] = field(default_factory=list)
    positionals: list[tuple[str, bool, list[str] | None]] = field(
        default_factory=list
    )  # metavar, path?, choices
    subcommands: dict[str, Command] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return " ".join([PROG, *self.path])

    def walk(self) -> list[Command]:
        out = [self]
        for child in self.subcommands.values():
            out.extend(child.walk())
        return out


def _clean(text: str | None) -> str:
    return " ".join((text or "").split())


def describe(parser: argparse.ArgumentParser, path: list[str] | None = None, help_: str = "") -> Command:
    """The tree of commands, options and positionals of ``parser``."""
    cmd = Command(path or [], parser, _clean(help_))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, child in action.choices.items():
                cmd.subcommands[name] = describe(child, [*cmd.path, name], helps.get(name) or "")
        elif action.option_strings:
            if action.help == argparse.SUPPRESS:
                continue
            metavar = action.metavar if isinstance(action.metavar, str) else None
            cmd.options.append(
                Option(
                    list(action.option_strings),
                    _clean(action.help),
                    action.nargs != 0,
                    metavar or (action.dest.upper() if action.nargs != 0 else None),
                    [str(c) for c in action.choices] if action.choices else None,
                )
            )
        else:
            metavar = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
            choices = [str(c) for c in action.choices] if action.choices else None
            words = getattr(action, "completion_words", None)  # e.g. explain: every code and status
            if choices is None and callable(words):
                choices = [str(w) for w in words()]
            is_path = choices is None and (metavar in _PATH_METAVARS or metavar.endswith("FILE"))
            cmd.positionals.append((metavar, is_path, choices))
    return cmd


def _short(text: str, limit: int = 70) -> str:
    text = text.split(". ")[0].rstrip(".")
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------- bash
def bash(root: Command) -> str:
    fn = "_aleth_inspector"
    cases = []
    for cmd in root.walk():
        key = " ".join(cmd.path)
        valued = [o for o in cmd.options if o.takes_value]
        prev_cases = []
        for o in valued:
            flags = "|".join(o.flags)
            if o.choices:
                words = " ".join(o.choices)
                prev_cases.append(
                    f'            {flags}) COMPREPLY=($(compgen -W "{words}" -- "$cur")); return ;;'
                )
            elif o.is_path:
                prev_cases.append(f'            {flags}) COMPREPLY=($(compgen -f -- "$cur")); return ;;')
            else:
                prev_cases.append(f"            {flags}) COMPREPLY=(); return ;;")
        flags = " ".join(f for o in cmd.options for f in o.flags)
        words = " ".join([*cmd.subcommands, *(c for _, _, choices in cmd.positionals for c in choices or ())])
        files = "1" if any(is_path for _, is_path, _ in cmd.positionals) else ""
        body = [f'        "{key}")']
        if prev_cases:
            body += ['            case "$prev" in', *prev_cases, "            esac"]
        body.append(f'            opts="{flags}"; subs="{words}"; files="{files}" ;;')
        cases.append("\n".join(body))
    nested = [
        f'            "{" ".join(cmd.path[:-1])} {cmd.path[-1]}") cmd="{" ".join(cmd.path)}" ;;'
        if len(cmd.path) > 1
        else f'            " {cmd.path[0]}") cmd="{cmd.path[0]}" ;;'
        for cmd in root.walk()
        if cmd.path
    ]
    return "\n".join(
        [
            f"# bash completion for {PROG} {__version__}",
            "# Generated from the program's argparse definitions (aleth-inspector completion bash).",
            f"{fn}() {{",
            '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
            '    local cmd="" opts="" subs="" files="" i',
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            '        case "$cmd ${COMP_WORDS[i]}" in',
            *nested,
            "        esac",
            "    done",
            '    case "$cmd" in',
            *cases,
            "    esac",
            '    if [[ "$cur" == -* ]]; then',
            '        COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
            "    else",
            '        COMPREPLY=($(compgen -W "$subs" -- "$cur"))',
            '        [[ -n "$files" ]] && COMPREPLY+=($(compgen -f -- "$cur"))',
            "    fi",
            "}",
            f"complete -o filenames -o bashdefault -F {fn} {PROG}",
            "",
        ]
    )


# ---------------------------------------------------------------- zsh
def _zsh_text(text: str) -> str:
    return re.sub(r"[\[\]:'\\`$]", "", _short(text))


def _zsh_fn(cmd: Command) -> str:
    return "_aleth_inspector" + "".join(f"_{re.sub(r'[^a-z0-9]', '_', p)}" for p in cmd.path)


def zsh(root: Command) -> str:
    funcs = []
    for cmd in root.walk():
        specs = []
        for o in cmd.options:
            action = ""
            if o.takes_value:
                label = _zsh_text(o.metavar or "value")
                if o.choices:
                    action = f":{label}:({' '.join(o.choices)})"
                elif o.is_path:
                    action = f":{label}:_files"
                else:
                    action = f":{label}: "
            desc = _zsh_text(o.help)
            if len(o.flags) > 1:
                excl = " ".join(o.flags)
                specs.append(f"'({excl})'{{{','.join(o.flags)}}}'[{desc}]{action}'")
            else:
                specs.append(f"'{o.flags[0]}[{desc}]{action}'")
        if cmd.subcommands:
            specs += ["'1: :->command'", "'*:: :->args'"]
        else:
            for i, (metavar, is_path, choices) in enumerate(cmd.positionals, 1):
                action = f"({' '.join(choices)})" if choices else ("_files" if is_path else " ")
                specs.append(f"'{i}:{_zsh_text(metavar)}:{action}'")
        lines = [
            f"{_zsh_fn(cmd)}() {{",
            "    local context state state_descr line",
            "    typeset -A opt_args",
        ]
        lines.append("    _arguments -C \\\n        " + " \\\n        ".join(specs))
        if cmd.subcommands:
            values = " ".join(f"'{name}[{_zsh_text(c.help)}]'" for name, c in cmd.subcommands.items())
            lines += [
                "    case $state in",
                f"        command) _values 'command' {values} ;;",
                "        args)",
                "            case $line[1] in",
                *(f"                {name}) {_zsh_fn(c)} ;;" for name, c in cmd.subcommands.items()),
                "            esac ;;",
                "    esac",
            ]
        lines.append("}")
        funcs.append("\n".join(lines))
    return "\n".join(
        [
            f"#compdef {PROG}",
            f"# zsh completion for {PROG} {__version__}",
            "# Generated from the program's argparse definitions (aleth-inspector completion zsh).",
            "",
            "\n\n".join(funcs),
            "",
            f'{_zsh_fn(root)} "$@"',
            "",
        ]
    )


# ---------------------------------------------------------------- fish
def _fish_text(text: str) -> str:
    return _short(text).replace("\\", "").replace("'", "\\'")


def fish(root: Command) -> str:
    lines = [
        f"# fish completion for {PROG} {__version__}",
        "# Generated from the program's argparse definitions (aleth-inspector completion fish).",
        f"complete -c {PROG} -f",
    ]
    for cmd in root.walk():
        if cmd.path:
            cond = "; and ".join(f"__fish_seen_subcommand_from {p}" for p in cmd.path)
        else:
            cond = "__fish_use_subcommand"
        for name, child in cmd.subcommands.items():
            sub_cond = cond
            if cmd.path:
                sub_cond = f"{cond}; and not __fish_seen_subcommand_from {' '.join(cmd.subcommands)}"
            lines.append(f"complete -c {PROG} -n '{sub_cond}' -a {name} -d '{_fish_text(child.help)}'")
        if cmd.path and any(is_path for _, is_path, _ in cmd.positionals):
            lines.append(f"complete -c {PROG} -n '{cond}' -F")
        for _, _, choices in cmd.positionals:
            if cmd.path and choices:
                lines.append(f"complete -c {PROG} -n '{cond}' -a '{' '.join(choices)}'")
        for o in cmd.options:
            parts = [f"complete -c {PROG} -n '{cond}'"]
            for flag in o.flags:
                parts.append(f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}")
            if o.choices:
                parts.append(f"-x -a '{' '.join(o.choices)}'")
            elif o.is_path:
                parts.append("-r -F")
            elif o.takes_value:
                parts.append("-x")
            parts.append(f"-d '{_fish_text(o.help)}'")
            lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- man page
def _roff(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(c if c.isascii() else f"\\[u{ord(c):04X}]" for c in text)
    return "\n".join(("\\&" + ln if ln[:1] in (".", "'") else ln) for ln in text.split("\n"))


def manpage(root: Command, environment: list[tuple[str, str]], exit_codes: str) -> str:
    parser = root.parser
    out = [
        f'.TH ALETH\\-INSPECTOR 1 "" "{PROG} {__version__}" "User Commands"',
        ".SH NAME",
        f"{PROG} \\- {_roff('verify, explore and author alethech agent-memory files')}",
        ".SH SYNOPSIS",
        f".B {PROG}",
        "\\fICOMMAND\\fR [\\fIOPTIONS\\fR] ...",
        ".br",
        f".B {PROG}",
        "\\fIFILE\\fR",
        ".SH DESCRIPTION",
        _roff(_clean(parser.description)),
        ".SH OPTIONS",
    ]
    for o in root.options:
        out += [".TP", ", ".join(f"\\fB{_roff(f)}\\fR" for f in o.flags), _roff(o.help)]
    out.append(".SH COMMANDS")
    for cmd in root.walk():
        if not cmd.path:
            continue
        out.append(f'.SS "{_roff(cmd.name)}"')
        out.append(_roff(_clean(cmd.parser.format_usage()).replace("usage: ", "")))
        out.append(".PP")
        out.append(_roff(_clean(cmd.parser.description or cmd.help)))
        for o in cmd.options:
            if o.flags == ["-h", "--help"]:
                continue
            flags = ", ".join(f"\\fB{_roff(f)}\\fR" for f in o.flags)
            value = f" \\fI{_roff(o.metavar)}\\fR" if o.takes_value and o.metavar else ""
            if o.choices:
                value = f" {{{_roff(','.join(o.choices))}}}"
            out += [".TP", flags + value, _roff(o.help)]
        if cmd.parser.epilog:
            out += [".PP", _roff(_clean(cmd.parser.epilog))]
    out += [".SH EXIT STATUS", _roff(exit_codes), ".SH ENVIRONMENT"]
    for name, text in environment:
        out += [".TP", f"\\fB{_roff(name)}\\fR", _roff(text)]
    out += [
        ".SH SEE ALSO",
        _roff(f"{PROG} explain CODE; the user's guide and docs/codes.md of the project."),
        "",
    ]
    return "\n".join(out)


ENVIRONMENT = [
    ("ALETH_PASSPHRASE_FILE", "A file holding the passphrase, read when no credential option is given."),
    ("NO_COLOR", "When set to a non-empty value, the text report is never coloured."),
    ("LANGUAGE, LC_ALL, LC_MESSAGES, LANG", "The language of the text and HTML reports (en, es, fr)."),
    ("COLUMNS", "The width of the text report on a terminal."),
    ("ALETH_INSPECTOR_TRACEBACK", "When set, a crash also prints the Python traceback."),
]
