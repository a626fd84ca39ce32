"""``aleth-inspector verify``: open, verify, render the report, exit with its code."""

from __future__ import annotations

import argparse
import importlib.util
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import (
    EXIT_CODES_HELP,
    EXIT_OUTPUT_FAILED,
    EXIT_USAGE,
    SECRET_RULES,
    UsageError,
    add_credential_args,
    read_credential,
    refused_write,
)

FORMATS = ("text", "json", "sarif", "junit", "html", "pdf")
PROFILES = ("auto", "alethech", "hom-aimos-v1", "hom-aimos-v2")
MAX_COMPANION = 64 * 1024 * 1024  # a witness or trust context (the reference reads at most 64 MiB)


if TYPE_CHECKING:
    from ..core.opener import Verified


def register(sub) -> None:  # type: ignore[no-untyped-def]
    from ..core.i18n import LANGUAGES
    from .progress import MODES

    v = sub.add_parser(
        "verify",
        help="verify a sealed file or directory store completely",
        description="Open PATH (a .aleth file, a directory store or a HOM-AIMOS bundle), run the complete "
        "verifier and print the report: text for a person, or one JSON object (--json), SARIF, JUnit XML, "
        "HTML or PDF. Without a credential a sealed file asks for its passphrase on the terminal (no echo).",
        epilog=f"{SECRET_RULES} {EXIT_CODES_HELP}",
    )
    v.add_argument("path", metavar="PATH", help="a .aleth file, an alethech store directory or a bundle")
    add_credential_args(v)
    v.add_argument(
        "--checkpoint",
        metavar="F",
        help="external checkpoint JSON to check continuity against (without one, rollback is not detectable)",
    )
    v.add_argument(
        "--emit-checkpoint",
        metavar="OUT",
        help="if the file passes, write a checkpoint signed with its sealed signing key to OUT (a new file)",
    )
    v.add_argument("--format", choices=FORMATS, default=None, help="report format (default: text)")
    v.add_argument("--json", action="store_true", help="print exactly one JSON object (= --format json)")
    v.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the report to FILE (mode 0600: it may hold decrypted content) instead of stdout",
    )
    v.add_argument("--strict", action="store_true", help="warnings fail the verdict too (exit 1)")
    v.add_argument("-q", "--quiet", action="store_true", help="print the verdict line only; no progress")
    v.add_argument(
        "--progress",
        choices=MODES,
        default="auto",
        help="progress on stderr: auto (on a terminal, after a second), off, or json lines",
    )
    v.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N",
        help="worker processes that check the commits and evidence of a large file (default: every "
        "core; 1: all in this process)",
    )
    v.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="language of the text and HTML reports (default: from the environment)",
    )
    v.add_argument(
        "--profile",
        choices=PROFILES,
        default="auto",
        help="how to judge PATH: auto (by its content), alethech, hom-aimos-v1 (a HOM-AIMOS bundle) or "
        "hom-aimos-v2 (HOM-AIMOS v2 portable evidence)",
    )
    v.add_argument(
        "--trust-master",
        metavar="FPR",
        help="HOM-AIMOS: the master key fingerprint you trust; a bundle under any other master fails (for v2 "
        "evidence it is the expected_master_fingerprint the signatures are checked against; without it they "
        "fail EXPECTED_TRUST_ANCHOR_REQUIRED)",
    )
    v.add_argument(
        "--structural-only",
        action="store_true",
        help="HOM-AIMOS v2: run the structural checks alone, for evidence with placeholder keys; the report "
        "then says plainly that no signature was checked",
    )
    v.add_argument(
        "--witness",
        metavar="FILE",
        help="HOM-AIMOS v2: the cryptographic witness of a portable mutation bundle (its JSON file)",
    )
    v.add_argument(
        "--trust-context",
        metavar="FILE",
        help="HOM-AIMOS v2: the trust context of a portable mutation bundle (the v2 recall envelope it was "
        "judged under)",
    )
    v.set_defaults(func=cmd_verify)


def _jobs(text: str) -> int:
    """``--jobs N``: a whole number of processes, at least 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs takes a number of processes, not {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"--jobs must be at least 1, not {n}")
    return n


def processes(args: argparse.Namespace) -> int:
    """Worker processes for one file: ``--jobs``, else every core (the verifier shards
    only a file large enough to gain from it)."""
    jobs = getattr(args, "jobs", None)
    return int(jobs) if jobs else (os.cpu_count() or 1)


def _format(args: argparse.Namespace) -> str:
    fmt = getattr(args, "format", None)
    if getattr(args, "json", False):
        if fmt not in (None, "json"):
            raise UsageError(f"--json and --format {fmt} ask for different formats; give one of them")
        return "json"
    return fmt or "text"


def _inside(child: Path, parent: Path) -> bool:
    try:
        child.resolve().relative_to(parent.resolve())
        return True
    except (ValueError, OSError):
        return False


def _check_target(target: Path, path: Path, what: str) -> None:
    """A file the command will create must not be the input, inside a store, or in a
    directory that does not exist."""
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"directory {parent} of {what} {target} does not exist")
    if target.is_dir():
        raise UsageError(f"{what} {target} is a directory; name a file")
    if path.exists() and (
        (path.is_dir() and _inside(target, path)) or (target.exists() and os.path.samefile(target, path))
    ):
        raise UsageError(f"refusing to write {what} {target} over or into the input {path}")


def _read_checkpoint(spec: str) -> bytes:
    from ..core.emit import MAX_CHECKPOINT_FILE, parse_checkpoint
    from ..core.files import FileTooLarge, NotAFile, read_regular

    try:
        data = read_regular(spec, MAX_CHECKPOINT_FILE)
    except NotAFile as exc:
        raise UsageError(
            f"the checkpoint {spec} is {exc.kind}, not a file; nothing was read from it",
            code="checkpoint_unusable",
        ) from None
    except FileTooLarge:
        data = b""  # no checkpoint is that large: said below
    except (OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
        raise UsageError(f"cannot read the checkpoint {spec}: {reason}", code="checkpoint_unusable") from exc
    if parse_checkpoint(data) is None:
        raise UsageError(
            f"{spec} is not a checkpoint: expected the strict JSON object with type Checkpoint that alethech "
            "or verify --emit-checkpoint writes",
            code="checkpoint_unusable",
        )
    return data


def _read_companion(args: argparse.Namespace, name: str) -> bytes | None:
    """The bytes of ``--witness`` / ``--trust-context`` (a usage error when unreadable)."""
    spec = getattr(args, name, None)
    if not spec:
        return None
    option = "--" + name.replace("_", "-")
    try:
        with open(spec, "rb") as fh:
            data = fh.read(MAX_COMPANION + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {option} {spec}: {exc.strerror or exc}") from exc
    if len(data) > MAX_COMPANION:
        raise UsageError(f"{option} {spec} is larger than {MAX_COMPANION // (1024 * 1024)} MiB")
    return data


def cmd_verify(args: argparse.Namespace) -> int:
    from ..core.i18n import system_language
    from ..core.render.record import complete, utc_now
    from .output import stderr
    from .progress import Progress

    started, t0 = utc_now(), time.perf_counter()
    fmt = _format(args)
    path = Path(args.path)
    output = Path(args.output) if getattr(args, "output", None) else None
    emit_to = Path(args.emit_checkpoint) if getattr(args, "emit_checkpoint", None) else None
    quiet = getattr(args, "quiet", False)
    lang = getattr(args, "lang", None) or system_language()
    if fmt == "pdf":
        if output is None:
            raise UsageError("--format pdf writes a file: give --output FILE")
        if importlib.util.find_spec("PySide6") is None:
            from ..pdf import INSTALL_HINT

            raise UsageError(INSTALL_HINT)
    if output is not None:
        _check_target(output, path, "the report")
    if emit_to is not None:
        _check_target(emit_to, path, "the checkpoint")
        if emit_to.exists():
            raise UsageError(f"{emit_to} already exists; name a new file for the checkpoint")
    checkpoint = _read_checkpoint(args.checkpoint) if getattr(args, "checkpoint", None) else None
    witness = _read_companion(args, "witness")
    trust_context = _read_companion(args, "trust_context")
    credential, secret = read_credential(args, path)
    from ..core import kdf

    if credential is not None and credential.passphrase:
        kdf.prefetch_file(path, credential.passphrase)  # scrypt runs while the verifier loads
    from ..core.opener import explain_failure, open_and_verify_store
    from ..core.verify.engine import VerifyOptions

    mode = getattr(args, "progress", "auto")
    progress = Progress(stderr(), "off" if quiet and mode == "auto" else mode, lang=lang)
    options = VerifyOptions(
        checkpoint=checkpoint,
        checkpoint_name=Path(args.checkpoint).name if checkpoint is not None else "checkpoint",
        progress=progress.update if progress.active else None,
        processes=processes(args),
        strict=getattr(args, "strict", False),
        profile=getattr(args, "profile", "auto"),
        trust_master=getattr(args, "trust_master", None),
        structural_only=getattr(args, "structural_only", False),
        witness=witness,
        trust_context=trust_context,
    )
    try:
        with progress:
            verified = open_and_verify_store(path, credential, options)
    finally:
        kdf.discard()  # a head start the open never asked for (it refused the file first)
    report = verified.report
    explain_failure(report, secret)
    complete(
        report,
        path,
        started_at=started,
        duration_s=time.perf_counter() - t0,
        checkpoint_given=checkpoint is not None,
    )
    status = _emit(verified, emit_to, checkpoint, lang, quiet)
    del verified  # the decrypted store goes as soon as the checkpoint is signed
    _deliver(report, fmt, output, lang=lang, quiet=quiet, strict=options.strict)
    return status if status is not None else report.exit_code


def _emit(
    verified: Verified, out: Path | None, given: bytes | None, lang: str | None, quiet: bool
) -> int | None:
    """Write the checkpoint asked for with --emit-checkpoint, signed from the store just
    judged (None: nothing to say about the exit code; EXIT_USAGE: it was refused)."""
    if out is None:
        return None
    from ..core.emit import emit_checkpoint
    from ..core.errors import InspectorError
    from ..core.i18n import tr
    from ..core.render.safe import escape
    from .messages import NO_CHECKPOINT_WRITTEN, WROTE_CHECKPOINT
    from .output import stderr

    err = stderr()
    report = verified.report
    if report.verdict != "pass":
        print(f"aleth-inspector: {tr(NO_CHECKPOINT_WRITTEN, lang, verdict=report.verdict)}", file=err)
        return None
    if report.profile != "alethech":
        print("aleth-inspector: --emit-checkpoint applies to alethech files only", file=err)
        return EXIT_USAGE
    try:
        done = emit_checkpoint(report, verified.store, out, given=given)
    except InspectorError as exc:
        if exc.code == "write_failed":  # a full disk: the output is lost, not refused
            print(f"aleth-inspector: no checkpoint written: {escape(exc.message)} [output_failed]", file=err)
            return EXIT_OUTPUT_FAILED
        print(f"aleth-inspector: no checkpoint written: {escape(exc.message)}", file=err)
        return EXIT_USAGE
    if not quiet:
        note = tr(WROTE_CHECKPOINT, lang, path=out, sequence=done.sequence, head=done.head)
        print(f"aleth-inspector: {note}", file=err)
    return None


def _deliver(report, fmt: str, output: Path | None, *, lang: str, quiet: bool, strict: bool) -> None:  # type: ignore[no-untyped-def]
    """Render the report and write it, as it is made, to stdout or to ``output``
    (atomically, 0600: a report cut short never takes the name)."""
    from ..core.errors import InspectorError
    from ..core.i18n import tr
    from ..core.render import JSON_LIKE, RenderOptions, render_to
    from ..core.write.safe import atomic_write, atomic_writer
    from .messages import WROTE_REPORT
    from .output import stderr, stdout, terminal_width, use_color

    out = stdout()
    to_terminal = output is None and fmt == "text"
    options = RenderOptions(
        lang=lang,
        width=terminal_width(out) if to_terminal else 80,
        color=use_color(out) if to_terminal else False,
        quiet=quiet,
        strict=strict,
    )
    kind = "json" if fmt in JSON_LIKE else "text"
    if output is None:
        if fmt != "pdf":
            render_to(report, fmt, _StreamSink(out, kind), options)
        return
    try:
        if fmt == "pdf":  # checked before verifying: there is an --output, and Qt
            from ..pdf import render_pdf

            atomic_write(output, render_pdf(report, options), mode=0o600)
        else:
            with atomic_writer(output, mode=0o600) as fh:
                render_to(report, fmt, _FileSink(fh, kind), options)
    except InspectorError as exc:  # a full disk is an output failure (6), a refusal a usage error
        raise refused_write(exc, report.exit_code) from exc
    if not quiet:
        print(f"aleth-inspector: {tr(WROTE_REPORT, lang, format=fmt, path=output)}", file=stderr())


class _StreamSink:
    """Pieces of a report to standard output (escaped for its encoding as JSON or text)."""

    def __init__(self, out, kind: str) -> None:  # type: ignore[no-untyped-def]
        self.write = out.write_json if kind == "json" else out.write


class _FileSink:
    """Pieces of a report to the atomic writer's file, UTF-8 (what it cannot carry escaped)."""

    def __init__(self, fh, kind: str) -> None:  # type: ignore[no-untyped-def]
        self.fh = fh
        self.kind = kind

    def write(self, text: str) -> None:
        from ..core.render.safe import encode

        self.fh.write(encode(text, "utf-8", kind=self.kind))
