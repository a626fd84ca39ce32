"""``aleth-inspector audit``: verify many memory files in one run (all cores, or a Dask
cluster), remember them in a fleet ledger; ``audit ack`` acknowledges a ledger's alarm."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any, TextIO

from ..core.findings import message
from .common import Parser

EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 3, 5, 130
ACKNOWLEDGED = message("Acknowledged {kinds} of {identity} (by {by}, {at}).")

DESCRIPTION = """\
Audit every memory file under the PATHs (files, folders or fsspec URLs such as s3://…):
sealed .aleth containers, directory stores (a folder with identities/ or HEAD; not searched
further) and HOM-AIMOS bundles (.json). Symbolic links inside the folders are never followed;
named pipes, sockets and devices are listed as skipped, never read. Each file gets exactly
the report `verify --format json` gives it alone, with the same credential and checkpoint;
what the fleet adds (the comparison with --since and the ledger, alarms) sits beside it.

Sealed files are unlocked by the rules of --credentials (TOML): the first [[file]] rule whose
`match` glob fits the file applies (`*` within a name, `**` across folders; a pattern without a
leading / matches the end of the path), with passphrase_file, recovery_code_file or
passphrase_env (a list: the current credential first, older ones after, tried only when the
current one does not unlock the file), optionally checkpoint and id (the file's identity in
the ledger); relative names are relative to the rules file, which may also name the
`ledger`. A sealed file no rule unlocks is reported unopenable (no_credential) and the run
goes on. Secrets never appear in the rules file, on a command line or in any output; by
default only the reference (the file name or variable name) is sent to the workers, which
read it themselves.

--ledger LEDGER keeps, per file (its path relative to the audited folder, however the folder
is spelled, or its rule's id), the high-water mark of what was ever seen verified: HEAD,
commit and evidence counts, key eras, control chain, stored checkpoints. A rollback, a fork
or another memory in a file's place opens an alarm (ledger_rollback, ledger_fork,
ledger_replaced), and a file no longer found one (ledger_gone); an alarm stays open and fails
the audit every night until acknowledged with `audit ack FILE --reason TEXT`. A night
without a reading (unopenable, not checked) changes nothing; growth, rotation, re-key and
reseal never alarm. --since PREVIOUS.json compares with one earlier `audit --format json`,
read-only: rollback_since_last_audit, history_rewritten_since_last_audit."""

EPILOG = """\
Exit codes: 0 every file passed, 1 a file failed, a ledger alarm is open or a file of --since
is gone, 2 a file was unopenable (none failed), 5 a file could not be judged (inspector
error, --file-timeout, lost worker), 4 a file was indeterminate, 3 usage (nothing audited),
6 the report could not be written (a full disk: output_failed), 7 the audit is incomplete (the
Dask scheduler was lost, or no worker was alive for --cluster-grace seconds: the files not
checked are listed), 130 interrupted (Ctrl-C), 143 stopped by SIGTERM.
Interrupted or stopped, the audit cancels its running tasks, waits a few seconds for them,
and writes the partial report (to --output atomically); its worker processes never outlive it.

Per-file timeout: by default 60 s plus 3 s per MiB of the file (a store: of its files),
about ten times what verifying costs; --file-timeout S sets one for every file.

Cluster: --scheduler tcp://HOST:8786 or tls://HOST:8786 runs the files on a Dask cluster
(pip install 'aleth-inspector[cluster]' on the client and every worker, same version).
Workers read the files by path (a shared file system) or by URL; a worker that cannot read
files the others read is reported (worker_cannot_read) and its files are verified elsewhere.
TLS settings come from Dask's configuration (e.g. DASK_DISTRIBUTED__COMM__TLS__CA_FILE,
__CLIENT__CERT, __CLIENT__KEY). --send-secrets sends the secrets themselves instead of
references, and only to a tls:// scheduler. Start the Dask workers with one thread each and
one worker process per core (the nthreads and nworkers settings of `dask worker`): each file
already uses one core.

audit ack FILE --reason TEXT closes FILE's open alarms in the ledger (--ledger, or the
ledger of --credentials), recording who (--by, default user@host), when and why."""

ACK_DESCRIPTION = """\
Acknowledge the open alarms of one file of the fleet ledger: FILE is its identity as the audit
prints it, or its path. The acknowledgement is recorded with who (--by, default user@host), when
and why (--reason, required). An acknowledged rollback, fork or replaced memory makes the file's
latest reading its new high-water mark; an acknowledged gone file is retired (no longer expected).
Exit codes: 0 acknowledged, 3 usage (no such file, no open alarm, no ledger)."""


class _AuditParser(Parser):
    """``audit PATH...`` and ``audit ack FILE …`` on one command: ``ack`` as the first
    word is the subcommand (a folder named ack: write ./ack).  A usage error answers in
    the command's own terms: with ``--format json``, one ``aleth-inspector/audit/2``
    object with an ``error`` member (never a single-file report)."""

    ack: argparse.ArgumentParser
    _json = False

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def]
        args = list(sys.argv[1:] if args is None else args)
        self._json = _wants_json(args)
        parser: argparse.ArgumentParser = self
        if args and args[0] == "ack":
            parser = self.ack
            parser._json = self._json  # type: ignore[attr-defined]
            namespace, extra = parser.parse_known_args(args[1:], namespace)
        else:
            namespace, extra = super().parse_known_args(args, namespace)
        if extra:  # said here, in the audit's terms, not by the top-level parser
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return namespace, extra

    def _get_positional_actions(self):  # type: ignore[no-untyped-def]
        # the ack subparser is listed for --help and completions, never parsed as a PATH
        return [a for a in super()._get_positional_actions() if not isinstance(a, argparse._SubParsersAction)]

    def error(self, message: str):  # type: ignore[no-untyped-def]
        _usage_exit(self, message, self._json)


class _AckParser(Parser):
    _json = False

    def error(self, message: str):  # type: ignore[no-untyped-def]
        from ..core.errors import InspectorError

        if self._json:
            _ack_error_json(InspectorError("usage_error", message))
        print(self.format_usage().strip(), file=sys.stderr)
        print(f"aleth-inspector: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _wants_json(args: list[str]) -> bool:
    for i, a in enumerate(args):
        if a in ("--format=json", "--json") or (a == "--format" and args[i + 1 : i + 2] == ["json"]):
            return True
    return False


def _usage_exit(parser: argparse.ArgumentParser, message: str, json_out: bool) -> None:
    """Say what is wrong with the command line (the audit's JSON when JSON was asked for)
    and exit 3."""
    from ..core.errors import InspectorError
    from ..core.fleet.audit import AuditResult
    from ..core.fleet.render import render
    from .output import stdout

    err = InspectorError("usage_error", message, expected=parser.format_usage().strip())
    if json_out:
        with contextlib.suppress(OSError):
            stdout().write_json(render(AuditResult(error=err, error_exit=EXIT_USAGE), "json"))
    print(parser.format_usage().strip(), file=sys.stderr)
    print(f"aleth-inspector: error: {message}", file=sys.stderr)
    raise SystemExit(EXIT_USAGE)


def register(sub) -> None:  # type: ignore[no-untyped-def]
    from ..core.render import FORMATS  # the fleet report: every format of one report (no fleet import)
    from .progress import MODES

    p = sub.add_parser(
        "audit",
        help="audit many memory files at once (folders, all cores, a Dask cluster), with a fleet ledger",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s PATH [PATH ...] [options]\n       %(prog)s ack FILE --reason TEXT [options]",
    )
    p.__class__ = _AuditParser  # the ack subcommand beside the PATHs (see _AuditParser)
    p.add_argument("paths", nargs="+", metavar="PATH", help="a file, a folder or a URL to audit")
    p.add_argument("--credentials", metavar="FILE", help="TOML rules: which credential opens which file")
    p.add_argument(
        "--ledger",
        metavar="FILE",
        help="the fleet ledger (SQLite; created if missing): marks and alarms kept from night to night "
        "(default: the rules file's ledger, if any)",
    )
    p.add_argument(
        "--jobs", type=int, metavar="N", help="worker processes on this machine (default: every core)"
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster (tcp://… or tls://…)")
    p.add_argument(
        "--cluster-grace",
        type=float,
        metavar="S",
        help="stop (exit 7) when the scheduler is unreachable, or no worker is alive, for S seconds "
        "(default 120)",
    )
    p.add_argument("--since", metavar="PREVIOUS.json", help="compare with a previous audit (its JSON)")
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="output format (default text): the summary table, one JSON object, SARIF 2.1.0 (one "
        "artifact per file), JUnit XML (one testsuite per file), or an HTML page (the fleet table "
        "linking to each file's report)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the output to FILE (mode 0600; checked before any work) instead of stdout",
    )
    p.add_argument("--strict", action="store_true", help="warnings fail a file too")
    p.add_argument(
        "--detail",
        choices=("full", "summary"),
        default="full",
        help="full: each report as verify gives it; summary: without the per-commit maps (for fleets "
        "too large to hold every commit's status in memory)",
    )
    p.add_argument(
        "--file-timeout",
        type=float,
        metavar="S",
        help="stop verifying a file after S seconds and report it (file_timeout); default: 60 s plus "
        "3 s per MiB of the file",
    )
    p.add_argument(
        "--send-secrets",
        action="store_true",
        help="send the secrets themselves to the workers (refused unless the scheduler is tls://)",
    )
    p.add_argument(
        "--progress",
        choices=MODES,
        default="auto",
        help="progress on stderr: auto (a live line on a terminal), off, or json lines",
    )
    p.add_argument("--lang", choices=("en", "es", "fr"), help="language of the text summary")
    p.set_defaults(func=cmd_audit)

    acts = p.add_subparsers(dest="audit_command", metavar="ack", title="acknowledging an alarm")
    a = acts.add_parser(
        "ack",
        help="acknowledge the open alarms of one file of the fleet ledger",
        description=ACK_DESCRIPTION,
        prog="aleth-inspector audit ack",
    )
    a.__class__ = _AckParser
    a.add_argument("file", metavar="FILE", help="the file's identity as the audit prints it, or its path")
    a.add_argument("--reason", required=True, metavar="TEXT", help="why the alarm is acknowledged")
    a.add_argument("--ledger", metavar="FILE", help="the fleet ledger")
    a.add_argument("--credentials", metavar="FILE", help="the rules file whose ledger to use")
    a.add_argument("--by", metavar="NAME", help="who acknowledges (default: user@host)")
    a.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    a.set_defaults(func=cmd_ack)
    p.ack = a


class _Usage(Exception):
    def __init__(self, error: Any) -> None:
        super().__init__(str(error))
        self.error = error


def _usage(code: str, message: str, **kw: Any) -> _Usage:
    from ..core.errors import InspectorError

    return _Usage(InspectorError(code, message, **kw))


def _check_args(args: argparse.Namespace) -> None:
    if args.jobs is not None and args.jobs < 1:
        raise _usage("usage", f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs is not None and args.scheduler:
        raise _usage("usage", "--jobs sizes local runs; a Dask cluster's size is its workers'")
    if args.file_timeout is not None and not args.file_timeout > 0:
        raise _usage("usage", f"--file-timeout must be a positive number of seconds, not {args.file_timeout}")
    if args.cluster_grace is not None and not args.cluster_grace > 0:
        raise _usage(
            "usage", f"--cluster-grace must be a positive number of seconds, not {args.cluster_grace}"
        )
    if args.cluster_grace is not None and not args.scheduler:
        raise _usage("usage", "--cluster-grace applies to a Dask cluster (--scheduler)")
    if args.send_secrets:
        from ..core.fleet.audit import check_send_secrets

        try:
            check_send_secrets(args.scheduler)
        except Exception as exc:
            raise _Usage(exc) from exc
    if args.output:
        _check_output(args.output, args.paths)


def _check_output(output: str, paths: list[str]) -> None:
    """``--output`` must be writable before anything is audited (not found only after an
    hour of work): its folder exists and is writable, it is not a folder, and it is not
    one of the audited files or inside an audited folder."""
    from pathlib import Path

    target = Path(output)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise _usage("usage", f"the folder {parent} of --output {output} does not exist")
    if target.is_dir():
        raise _usage("usage", f"--output {output} is a folder; name a file")
    if not os.access(parent, os.W_OK):
        raise _usage("usage", f"the folder {parent} of --output {output} is not writable")
    for p in paths:
        if "://" in p or not os.path.exists(p):
            continue
        q = Path(p)
        inside = q.is_dir() and str(target.resolve()).startswith(str(q.resolve()).rstrip("/") + "/")
        if inside and _is_under_store(target, q):
            raise _usage("usage", f"--output {output} would be written inside a memory store under {p}")
        if target.exists() and os.path.samefile(target, q):
            raise _usage("usage", f"--output {output} is the audited file {p}")


def _writable(output: str) -> bool:
    from pathlib import Path

    parent = Path(output).parent if str(Path(output).parent) else Path(".")
    return parent.is_dir() and not Path(output).is_dir() and os.access(parent, os.W_OK)


def _is_under_store(target: Any, root: Any) -> bool:
    from ..core.fleet.discover import is_store_dir

    folder = target.resolve().parent
    root = root.resolve()
    while True:
        if is_store_dir(folder):
            return True
        if folder == root or folder.parent == folder:
            return False
        folder = folder.parent


def _open_ledger(spec: str | None, rules: Any) -> Any:
    from ..core.fleet.ledger import Ledger

    spec = spec or (rules.ledger if rules is not None else None)
    return Ledger.open(spec) if spec else None


def _executor(args: argparse.Namespace) -> Any:
    from ..core.fleet.executors import DEFAULT_GRACE_S, DaskExecutor, InlineExecutor, LocalExecutor

    if not args.scheduler:
        jobs = args.jobs or os.cpu_count() or 1
        return InlineExecutor() if jobs == 1 else LocalExecutor(jobs)
    try:
        import distributed  # noqa: F401  (only to give a clear message when it is missing)
    except ImportError as exc:
        raise _usage(
            "cluster_missing",
            "--scheduler needs the Dask client: pip install 'aleth-inspector[cluster]'",
        ) from exc
    try:
        ex = DaskExecutor(args.scheduler, grace=args.cluster_grace or DEFAULT_GRACE_S)
    except (OSError, TimeoutError, ValueError) as exc:
        raise _usage("scheduler_unreachable", f"cannot reach the scheduler {args.scheduler}: {exc}") from exc
    from .. import __version__

    versions = ex.versions()
    other = {v for v in versions.values() if v != __version__}
    if other:
        ex.close()
        raise _usage(
            "worker_version_mismatch",
            f"the workers run aleth-inspector {', '.join(sorted(other))}, this client {__version__}: "
            "every file must be judged by the same code",
        )
    return ex


class _Progress:
    """The live line (a terminal) or JSON lines on stderr."""

    def __init__(self, mode: str, stream: TextIO, lang: str | None) -> None:
        self.stream = stream
        self.lang = lang
        tty = hasattr(stream, "isatty") and stream.isatty()
        self.mode = "json" if mode == "json" else ("line" if mode == "auto" and tty else "off")
        self.t0 = time.perf_counter()
        self.last = 0.0
        self.failed = 0
        self.shown = False

    def __call__(self, entry: Any, done: int, total: int) -> None:
        from ..core.fleet.render import progress_json, progress_line

        if entry.verdict != "pass":
            self.failed += 1
        elapsed = time.perf_counter() - self.t0
        try:
            if self.mode == "json":
                self.stream.write(
                    progress_json(done, total, self.failed, elapsed, entry.target.display) + "\n"
                )
                self.stream.flush()
            elif self.mode == "line" and (elapsed - self.last >= 0.1 or done == total):
                self.last = elapsed
                self.stream.write("\r\033[K" + progress_line(done, total, self.failed, elapsed, self.lang))
                self.stream.flush()
                self.shown = True
        except (OSError, UnicodeEncodeError):
            self.mode = "off"  # a progress line is never worth failing the audit

    def clear(self) -> None:
        if self.shown:
            try:
                self.stream.write("\r\033[K")
                self.stream.flush()
            except OSError:
                pass


class _Signals:
    """SIGTERM during the run stops it as Ctrl-C does (raises
    :class:`~inspector.core.fleet.audit.Terminated` in the main thread); afterwards, while
    the report is written, SIGTERM and SIGINT are only noted, so the report is complete."""

    def __init__(self) -> None:
        self.noted: str | None = None
        self._old: dict[int, Any] = {}
        self.active = threading.current_thread() is threading.main_thread()

    @contextlib.contextmanager
    def running(self) -> Iterator[None]:
        from ..core.fleet.audit import Terminated

        def terminate(signum: int, frame: Any) -> None:
            raise Terminated()

        with self._handlers({signal.SIGTERM: terminate}):
            yield

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        def note(signum: int, frame: Any) -> None:
            self.noted = "SIGTERM" if signum == signal.SIGTERM else "SIGINT"

        with self._handlers({signal.SIGTERM: note, signal.SIGINT: note}):
            yield

    @contextlib.contextmanager
    def _handlers(self, handlers: dict[int, Any]) -> Iterator[None]:
        if not self.active:
            yield
            return
        old = {s: signal.signal(s, h) for s, h in handlers.items()}
        try:
            yield
        finally:
            for s, h in old.items():
                signal.signal(s, h)


def _emit(result: Any, args: argparse.Namespace) -> int:
    """Write the result where it goes (stdout, or ``--output`` atomically with mode 0600);
    the exit code of the audit (a write failure of ``--output`` is a usage error: the
    auditor gets no record)."""
    from ..core.errors import InspectorError
    from ..core.fleet.render import render
    from ..core.i18n import system_language
    from ..core.render import JSON_LIKE
    from ..core.render.safe import encode
    from .output import stdout, terminal_width

    lang = args.lang or system_language()
    kind = "json" if args.format in JSON_LIKE else "text"
    if args.output:
        from ..core.write.safe import atomic_write

        text = render(result, args.format, width=120, lang=lang)
        try:
            atomic_write(args.output, encode(text, "utf-8", kind=kind), mode=0o600)
        except InspectorError as exc:
            print(f"aleth-inspector: {exc.describe()}", file=sys.stderr)
            return EXIT_USAGE
        return int(result.exit_code)
    out = stdout()  # escapes what its encoding cannot carry; a closed pipe ends the output quietly
    width = terminal_width(out) if out.isatty() else 100
    text = render(result, args.format, width=width, lang=lang)
    (out.write_json if kind == "json" else out.write)(text)
    out.flush()
    return int(result.exit_code)


def cmd_audit(args: argparse.Namespace) -> int:
    from ..core.errors import InspectorError
    from ..core.fleet.audit import AuditOptions, AuditResult, Terminated, run_audit
    from ..core.fleet.credentials import load_rules
    from ..core.fleet.discover import discover
    from ..core.fleet.since import load_previous

    executor = ledger = None
    progress = _Progress(args.progress, sys.stderr, args.lang)
    signals = _Signals()
    try:
        with signals.running():
            try:
                _check_args(args)
                rules = load_rules(args.credentials) if args.credentials else None
                ledger = _open_ledger(args.ledger, rules)
                previous = load_previous(args.since) if args.since else None
                discovery = discover(args.paths)
                if not discovery.targets:
                    raise _usage(
                        "nothing_to_audit",
                        "no memory file (.aleth, directory store, HOM-AIMOS bundle) under "
                        + ", ".join(args.paths),
                    )
                executor = _executor(args)
            except InspectorError as exc:
                raise _Usage(exc) from exc
            try:
                result = run_audit(
                    discovery,
                    rules=rules,
                    options=AuditOptions(
                        strict=args.strict,
                        file_timeout=args.file_timeout,
                        send_secrets=args.send_secrets,
                        detail=args.detail,
                    ),
                    executor=executor,
                    previous=previous,
                    inputs=args.paths,
                    on_result=progress,
                    ledger=ledger,
                )
            except InspectorError as exc:  # raised only before any work (two files, one identity)
                raise _Usage(exc) from exc
    except _Usage as exc:
        err = exc.error
        if not isinstance(err, InspectorError):
            err = InspectorError("usage", str(err))
        return _failed(args, AuditResult(inputs=list(args.paths), error=err, error_exit=EXIT_USAGE))
    except KeyboardInterrupt as exc:  # before the files ran (discovery, connecting)
        term = isinstance(exc, Terminated)
        err = InspectorError("interrupted", "stopped before any file was audited")
        return _failed(args, AuditResult(inputs=list(args.paths), error=err, error_exit=143 if term else 130))
    except Exception as exc:  # a bug in the inspector: no traceback, exit 5
        import traceback

        from ..core.verify.report import Report

        r = Report.internal_error(exc)
        err = InspectorError("internal_error", r.findings[0].message, found=r.findings[0].found)
        if os.environ.get("ALETH_INSPECTOR_TRACEBACK"):
            traceback.print_exc()
        return _failed(args, AuditResult(inputs=list(args.paths), error=err, error_exit=EXIT_INTERNAL))
    finally:
        with signals.writing():
            progress.clear()
            if executor is not None:
                executor.close()
            if ledger is not None:
                ledger.close()
    with signals.writing():
        code = _emit(result, args)
    if signals.noted is not None and code not in (EXIT_USAGE,):
        return 143 if signals.noted == "SIGTERM" else 130
    return code


def _failed(args: argparse.Namespace, result: Any) -> int:
    """Nothing was audited: JSON still gets one object (in --output if it can be written,
    else on stdout); text gets a message on stderr."""
    if args.format == "json":
        usable = args.output and _writable(args.output)
        _emit(result, args if usable else argparse.Namespace(**{**vars(args), "output": None}))
        return int(result.exit_code)
    print(f"aleth-inspector: {result.error.describe()}", file=sys.stderr)
    return int(result.exit_code)


def _ack_error_json(exc: Any) -> None:
    import json

    from .output import stdout

    doc = {"acknowledged": None, "error": {"code": exc.code, "message": exc.message}}
    with contextlib.suppress(OSError):
        stdout().write_json(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def cmd_ack(args: argparse.Namespace) -> int:
    """``audit ack FILE --reason TEXT``: close the file's open alarms in the ledger."""
    import json

    from ..core.errors import InspectorError
    from ..core.fleet.credentials import load_rules
    from ..core.i18n import system_language, tr
    from .output import stdout

    try:
        rules = load_rules(args.credentials) if args.credentials else None
        ledger = _open_ledger(args.ledger, rules)
        if ledger is None:
            raise InspectorError(
                "usage", "audit ack needs the ledger: --ledger FILE, or --credentials naming one"
            )
        with ledger:
            ack = ledger.acknowledge(args.file, args.reason, by=args.by)
    except InspectorError as exc:
        if args.format == "json":
            _ack_error_json(exc)
        print(f"aleth-inspector: {exc.describe()}", file=sys.stderr)
        return EXIT_USAGE
    if args.format == "json":
        doc = {"acknowledged": ack.to_json(), "error": None}
        stdout().write_json(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    else:
        text = tr(
            ACKNOWLEDGED,
            system_language(),
            kinds=", ".join(ack.alarms),
            identity=ack.identity,
            by=ack.by,
            at=ack.at,
        )
        stdout().write(text + "\n")
    return 0
