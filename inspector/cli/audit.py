"""``aleth-inspector audit``: verify many memory files in one run (all cores, or a Dask cluster)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, TextIO

EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 3, 5, 130

DESCRIPTION = """\
Audit every memory file under the PATHs (files, folders or fsspec URLs such as s3://…):
sealed .aleth containers, directory stores (a folder with identities/ or HEAD; not searched
further) and HOM-AIMOS bundles (.json). Symbolic links inside the folders are never followed.
Each file gets exactly the report `verify` gives it alone.

Sealed files are unlocked by the rules of --credentials (TOML): the first [[file]] rule whose
`match` glob fits the file applies (`*` within a name, `**` across folders; a pattern without a
leading / matches the end of the path), with passphrase_file, recovery_code_file or
passphrase_env, and optionally checkpoint (relative names are relative to the rules file). A
sealed file no rule unlocks is reported unopenable (no_credential) and the run goes on.
Secrets never appear in the rules file, on a command line or in any output; by default only
the reference (the file name or variable name) is sent to the workers, which read it
themselves.

--since PREVIOUS.json compares with an earlier `audit --format json`: for each file seen
then, its HEAD of then must be an ancestor of today's, counts may not go down and key eras
may only be appended; otherwise rollback_since_last_audit or
history_rewritten_since_last_audit (errors). The summary lists new commits, new eras,
verdict changes, and files added or gone."""

EPILOG = """\
Exit codes: 0 every file passed, 1 a file failed, 2 a file was unopenable (none failed),
5 a file could not be judged (inspector error, --file-timeout, lost worker), 4 a file was
indeterminate, 3 usage (nothing audited), 130 interrupted (Ctrl-C).

Cluster: --scheduler tcp://HOST:8786 or tls://HOST:8786 runs the files on a Dask cluster
(pip install 'aleth-inspector[cluster]' on the client and every worker, same version).
Workers read the files by path (a shared file system) or by URL. TLS settings come from
Dask's configuration (e.g. DASK_DISTRIBUTED__COMM__TLS__CA_FILE, __CLIENT__CERT, __CLIENT__KEY).
--send-secrets sends the secrets themselves instead of references, and only to a tls://
scheduler. Start the Dask workers with one thread each and one worker process per core (the
nthreads and nworkers settings of `dask worker`): each file already uses one core."""


def register(sub) -> None:  # type: ignore[no-untyped-def]
    from ..core.fleet.render import FORMATS
    from .progress import MODES

    p = sub.add_parser(
        "audit",
        help="audit many memory files at once (folders, all cores, a Dask cluster)",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="a file, a folder or a URL to audit")
    p.add_argument("--credentials", metavar="FILE", help="TOML rules: which credential opens which file")
    p.add_argument(
        "--jobs", type=int, metavar="N", help="worker processes on this machine (default: every core)"
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster (tcp://… or tls://…)")
    p.add_argument("--since", metavar="PREVIOUS.json", help="compare with a previous audit (its JSON)")
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="output format (default text): the summary table, one JSON object, SARIF 2.1.0 (one "
        "artifact per file), JUnit XML (one testsuite per file), or an HTML page (the fleet table "
        "linking to each file's report)",
    )
    p.add_argument("--output", metavar="FILE", help="write the output to FILE (mode 0600) instead of stdout")
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
        help="stop verifying a file after S seconds and report it (file_timeout)",
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
    if args.send_secrets:
        from ..core.fleet.audit import check_send_secrets

        try:
            check_send_secrets(args.scheduler)
        except Exception as exc:
            raise _Usage(exc) from exc


def _executor(args: argparse.Namespace) -> Any:
    from ..core.fleet.executors import DaskExecutor, InlineExecutor, LocalExecutor

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
        ex = DaskExecutor(args.scheduler)
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
    from ..core.fleet.audit import AuditOptions, AuditResult, run_audit
    from ..core.fleet.credentials import load_rules
    from ..core.fleet.discover import discover
    from ..core.fleet.since import load_previous

    executor = None
    progress = _Progress(args.progress, sys.stderr, args.lang)
    try:
        try:
            _check_args(args)
            rules = load_rules(args.credentials) if args.credentials else None
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
        )
    except _Usage as exc:
        err = exc.error
        if not isinstance(err, InspectorError):
            err = InspectorError("usage", str(err))
        return _failed(args, AuditResult(inputs=list(args.paths), error=err, error_exit=EXIT_USAGE))
    except KeyboardInterrupt:  # before the files ran (discovery, connecting)
        err = InspectorError("interrupted", "interrupted before any file was audited")
        return _failed(args, AuditResult(inputs=list(args.paths), error=err, error_exit=EXIT_INTERRUPTED))
    except Exception as exc:  # a bug in the inspector: no traceback, exit 5
        import traceback

        from ..core.verify.report import Report

        r = Report.internal_error(exc)
        err = InspectorError("internal_error", r.findings[0].message, found=r.findings[0].found)
        if os.environ.get("ALETH_INSPECTOR_TRACEBACK"):
            traceback.print_exc()
        return _failed(args, AuditResult(inputs=list(args.paths), error=err, error_exit=EXIT_INTERNAL))
    finally:
        progress.clear()
        if executor is not None:
            executor.close()
    return _emit(result, args)


def _failed(args: argparse.Namespace, result: Any) -> int:
    """Nothing was audited: JSON still gets one object; text gets a message on stderr."""
    if args.format == "json":
        return _emit(result, args)
    print(f"aleth-inspector: {result.error.describe()}", file=sys.stderr)
    return int(result.exit_code)
