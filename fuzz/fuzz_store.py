#!/usr/bin/env python3
"""Atheris target: the store verifier, structure-aware and re-signed.

Seeds are real stores with their private keys: every alethech 0.9.5 fixture
(``tests/fixtures/alethech-0.9.5/*/store``, keys from ``store/keys/*.key``), the MutMem
fixture (``tests/fixtures/mutmem/valid_basic``, role keys from ``keys/*.pem``), the demo
(``inspector.core.demo.build_demo()``; every key it generates is captured) and the
all-types store of ``tests/strategies.py``.  Each input is read by hypothesis
(``fuzz_one_input``) as a plan: which seed, which objects, which paths, which hostile
values, then the strategies re-sign every changed object with its own key (through the
core's ``sign_fields``) and carry new ids into everything that names them, so the deep
rules run on the hostile value.

Two ways to verify, chosen per input (``FUZZ_FS=mixed``, the default; ``only`` or
``never`` to force one):

* **in memory** — ``verify(store)``: any exception, a verdict that is not the judgement
  of the findings, a report that does not serialise, more than ``FUZZ_CPU_S`` seconds of
  processor time (``FUZZ_INPUT_CPU_S`` for the whole input) or a peak RSS above
  ``FUZZ_RSS_MB`` is a crash;
* **on disk** — the store is written to a temporary directory with file-system tricks
  (directories and files linked out of the store, links inside it, dangling and looping
  links, two names that decode to one logical path, stray files, a name that is not
  UTF-8, a FIFO) and read with ``read_directory`` + ``verify`` under an audit hook: a file
  or directory opened whose real path lies outside the store (a link followed), any
  write or change in the directory, or a duplicate name not reported as
  ``duplicate_object`` (SPEC B9) is a crash too.  ``StoreError`` (unopenable) is an
  answer.

Known defects (``common.KNOWN``) are counted, not reported, unless ``FUZZ_KNOWN=crash``.

Run: ``python fuzz/fuzz_store.py CORPUS_DIR [libFuzzer flags]`` (see README.md).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import common
from common import REPO, Crash

CPU_S = common.env_float("FUZZ_CPU_S", 20.0)  # instrumented code runs several times slower
INPUT_CPU_S = common.env_float("FUZZ_INPUT_CPU_S", 60.0)  # the whole input: plan, signing, disk, verify
RSS_MB = common.env_float("FUZZ_RSS_MB", 1536.0)
FS_MODE = os.environ.get("FUZZ_FS", "mixed")
LONG = int(common.env_float("FUZZ_LONG", 20_000))

SEEDS: list[Any] = []


# --------------------------------------------------------------------------- seeds


def demo_model() -> Any:
    """The demo store with every key ``build_demo()`` generated (captured as it runs)."""
    from inspector.core import demo
    from inspector.core.keys import KeyPair
    from tests.strategies import SignedStore

    captured: list[KeyPair] = []
    original = KeyPair.__dict__["generate"]

    def generate(cls: type[KeyPair]) -> KeyPair:
        key = original.__func__(cls)
        captured.append(key)
        return key

    KeyPair.generate = classmethod(generate)  # type: ignore[method-assign,assignment]
    try:
        d = demo.build_demo()
    finally:
        KeyPair.generate = original  # type: ignore[method-assign]
    return SignedStore(d.store.files, captured, name="demo", external=d.checkpoint)


def load_seeds(*, demo: bool = True) -> list[Any]:
    from inspector.core.canonical import JsonError, loads_strict
    from inspector.core.store import read_directory
    from tests.strategies import SignedStore, all_types_store, fixture_keys

    seeds = [all_types_store().model]
    if demo:
        seeds.append(demo_model())
    dirs = sorted((REPO / "tests/fixtures/alethech-0.9.5").glob("*/store"))
    dirs.append(REPO / "tests/fixtures/mutmem/valid_basic/store")
    for d in dirs:
        external = None
        cp = d.parent / "checkpoint.json"
        if cp.is_file():
            try:
                external, _ = loads_strict(cp.read_bytes())
            except JsonError:
                external = None
        seeds.append(
            SignedStore(read_directory(d).files, fixture_keys(d), name=d.parent.name, external=external)
        )
    return seeds


# --------------------------------------------------------------------------- in memory


def check_in_memory(store: Any, options: Any) -> None:
    from tests.strategies import check_answer

    check_answer(store, options, cpu_seconds=CPU_S)
    common.check_rss(RSS_MB)


# --------------------------------------------------------------------------- on disk

WRITE_EVENTS = {
    "os.remove",
    "os.rename",
    "os.rmdir",
    "os.mkdir",
    "os.symlink",
    "os.link",
    "os.truncate",
    "os.chmod",
    "os.chown",
    "os.utime",
    "shutil.copyfile",
    "shutil.copymode",
    "shutil.copystat",
    "shutil.move",
    "shutil.rmtree",
}
READ_EVENTS = {"open", "os.scandir", "os.listdir", "glob.glob", "os.walk"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Recorder:
    """Sees, through an audit hook, every file or directory the code under test opens,
    lists or changes inside ``tmp`` while active."""

    active: Recorder | None = None

    def __init__(self, store_root: Path, tmp_root: Path) -> None:
        self.store = os.path.realpath(store_root) + os.sep
        self.tmp = os.path.realpath(tmp_root) + os.sep
        self.outside: list[str] = []
        self.writes: list[str] = []
        self.busy = False

    def __enter__(self) -> Recorder:
        Recorder.active = self
        return self

    def __exit__(self, *exc: object) -> None:
        Recorder.active = None

    def see(self, event: str, args: tuple[Any, ...]) -> None:
        if not args or isinstance(args[0], int):
            return
        try:
            path = os.fsdecode(os.fspath(args[0]))
        except (TypeError, ValueError):
            return
        absolute = os.path.abspath(path)
        real = os.path.realpath(absolute)
        if not (absolute + os.sep).startswith(self.tmp) and not (real + os.sep).startswith(self.tmp):
            return  # an import or the like, not the store
        write = event in WRITE_EVENTS
        if event == "open":
            mode, flags = (args[1] if len(args) > 1 else None), (args[2] if len(args) > 2 else 0)
            write = bool(isinstance(mode, str) and set(mode) & set("wax+")) or bool(
                isinstance(flags, int) and flags & _WRITE_FLAGS
            )
        if write:
            self.writes.append(f"{event} {absolute!r}")
        elif not (real + os.sep).startswith(self.store):
            self.outside.append(f"{event} {absolute!r} -> {real!r}")


def _audit(event: str, args: tuple[Any, ...]) -> None:
    rec = Recorder.active
    if rec is None or rec.busy or (event not in READ_EVENTS and event not in WRITE_EVENTS):
        return
    rec.busy = True
    try:
        rec.see(event, args)
    finally:
        rec.busy = False


def snapshot(root: Path) -> dict[str, tuple[int, int, str]]:
    """Every entry under ``root`` (links not followed): mode, size, content hash."""
    out: dict[str, tuple[int, int, str]] = {}
    for dirpath, dirnames, filenames in os.walk(os.fsencode(root), followlinks=False):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            digest = ""
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as fh:
                    digest = hashlib.sha256(fh.read()).hexdigest()
            elif stat.S_ISLNK(st.st_mode):
                digest = os.fsdecode(os.readlink(p))
            out[os.fsdecode(p)] = (st.st_mode, st.st_size if stat.S_ISREG(st.st_mode) else 0, digest)
    return out


def _safe_parts(physical: str) -> list[str] | None:
    parts = physical.split("/")
    if any(p in ("", ".", "..") or "\x00" in p for p in parts):
        return None
    return parts


def write_physical(store: Any, base: Path) -> None:
    """The store as alethech lays it out on disk (names percent-encoded); files whose
    name cannot exist on a file system (NUL, not encodable, ``..``) are left out."""
    from inspector.core.store import ALL_DIRS, logical_to_physical

    base.mkdir()
    for d in (*ALL_DIRS, "keys"):
        (base / d).mkdir()
    for path, data in store.files.items():
        parts = _safe_parts(logical_to_physical(path))
        if parts is None:
            continue
        try:
            target = os.path.join(os.fsencode(base), *(os.fsencode(p) for p in parts))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "xb") as fh:
                fh.write(data)
        except (OSError, UnicodeEncodeError):
            continue


POISON_COMMIT = b'{"type": "MemoryCommit", "commit_id": "sha256:' + b"e" * 64 + b'"}'
TRICKS = (
    "dir_link_out",
    "file_link_out",
    "top_link_out",
    "file_link_in",
    "dangling_link",
    "loop_link",
    "dup_name",
    "dup_name_lower",
    "non_utf8_name",
    "stray",
    "subdir",
    "fifo",
)


def _claims_an_id(data: bytes) -> bool:
    """Whether ``data`` holds an object that claims an id of its own (SPEC B9: two files
    holding objects with the same id are duplicates).  The verifier's own reading
    decides: the id does not come from the file's name exactly when two names give the
    same bytes the same id (bytes that do not parse, or name no id, are named by their
    file)."""
    from inspector.core.objects import parse_object

    ids = {parse_object(f"commits/{n}.json", data, "commit").stored_id for n in ("a", "b")}
    return len(ids) == 1


def _object_files(base: Path, directory: str) -> list[Path]:
    d = base / directory
    if d.is_symlink() or not d.is_dir():
        return []
    return sorted(p for p in d.iterdir() if p.is_file() and not p.is_symlink() and p.name.endswith(".json"))


def apply_trick(data: Any, trick: str, base: Path, outside: Path) -> bool:
    """Apply one trick; returns True when SPEC B9 requires a ``duplicate_object``."""
    from hypothesis import strategies as st

    dirs = [
        "commits",
        "evidence",
        "identities",
        "control_events",
        "migrations",
        "checkpoints",
        "artifacts",
        "keys",
    ]
    if trick == "dir_link_out":
        d = data.draw(st.sampled_from(dirs), label="linked dir")
        src = base / d
        if src.is_symlink() or not src.is_dir():
            return False
        dest = outside / d
        shutil.move(src, dest)
        # content that would change the verdict if it were read through the link
        (dest / ("sha256%3A" + "e" * 64 + (".json" if d != "artifacts" else ""))).write_bytes(POISON_COMMIT)
        os.symlink(dest, src)
    elif trick == "file_link_out":
        (outside / "poison.json").write_bytes(POISON_COMMIT)
        d = data.draw(st.sampled_from(["commits", "evidence", "identities", "control_events"]), label="dir")
        if (base / d).is_dir() and not (base / d).is_symlink():
            os.symlink(outside / "poison.json", base / d / ("sha256%3A" + "e" * 64 + ".json"))
    elif trick == "top_link_out":
        name = data.draw(
            st.sampled_from(["HEAD", "root_authority.json", "keys/signing.key"]), label="top file"
        )
        src = base / name
        if src.is_symlink() or not src.parent.is_dir() or src.parent.is_symlink():
            return False
        stand_in = outside / name.replace("/", "_")
        stand_in.write_bytes(b"sha256:" + b"e" * 64 + b"\n" if name == "HEAD" else POISON_COMMIT)
        if src.exists():
            src.unlink()
        os.symlink(stand_in, src)
    elif trick == "file_link_in":
        sources = _object_files(base, "evidence") + _object_files(base, "commits")
        if sources and (base / "commits").is_dir() and not (base / "commits").is_symlink():
            src = data.draw(st.sampled_from(sources), label="link target")
            os.symlink(os.path.relpath(src, base / "commits"), base / "commits" / "sha256%3Alinked.json")
    elif trick == "dangling_link":
        if (base / "commits").is_dir() and not (base / "commits").is_symlink():
            os.symlink(outside / "missing.json", base / "commits" / "dangling.json")
    elif trick == "loop_link":
        if (base / "evidence").is_dir() and not (base / "evidence").is_symlink():
            os.symlink("loop.json", base / "evidence" / "loop.json")
    elif trick in ("dup_name", "dup_name_lower"):
        d = data.draw(
            st.sampled_from(["commits", "evidence", "control_events", "identities"]), label="dup dir"
        )
        files = [p for p in _object_files(base, d) if "%3A" in p.name]
        if not files:
            return False
        victim = data.draw(st.sampled_from(files), label="dup victim")
        twin = victim.name.replace("%3A", ":") if trick == "dup_name" else victim.name.replace("%3A", "%3a")
        # the same object in other bytes, or something unreadable: either way both files
        # must be read and the clash reported, whichever the file system lists first
        content = victim.read_bytes() + b"\n" if data.draw(st.booleans(), label="dup content") else b"{}"
        (base / d / twin).write_bytes(content)
        return True
    elif trick == "non_utf8_name":
        files = _object_files(base, "commits")
        if files:
            # a second file holding the same object: SPEC B9 wants both read, duplicate_object
            target = os.fsencode(base / "commits") + b"/\xff\xfe.json"
            copied = data.draw(st.sampled_from(files), label="copied").read_bytes()
            with open(target, "xb") as fh:
                fh.write(copied)
            return _claims_an_id(copied)  # a copy of bytes that hold no object holds no id twice
    elif trick == "stray":
        for rel, content in (
            (".DS_Store", b"\x00\x00\x00\x01Bud1"),
            ("notes.txt", b"hi"),
            ("extra/x.json", b"{}"),
        ):
            (base / rel).parent.mkdir(exist_ok=True)
            (base / rel).write_bytes(content)
        if (base / "commits").is_dir() and not (base / "commits").is_symlink():
            for name in ("x.json~", "x.bak", "Thumbs.db", ".json"):
                (base / "commits" / name).write_bytes(POISON_COMMIT)
    elif trick == "subdir":
        if (base / "commits").is_dir() and not (base / "commits").is_symlink():
            sub = base / "commits" / "nested.json"
            sub.mkdir(exist_ok=True)
            (sub / "sha256%3Ainner.json").write_bytes(POISON_COMMIT)
    elif trick == "fifo" and (base / "commits").is_dir() and not (base / "commits").is_symlink():
        os.mkfifo(base / "commits" / "sha256%3Apipe.json")
    return False


def check_on_disk(data: Any, store: Any, options: Any) -> None:
    from hypothesis import strategies as st

    from inspector.core.errors import StoreError
    from inspector.core.store import read_directory
    from tests.strategies import check_answer

    tricks = data.draw(st.lists(st.sampled_from(TRICKS), min_size=1, max_size=3, unique=True), label="tricks")
    with tempfile.TemporaryDirectory(prefix="aleth-fuzz-") as tmp:
        root = Path(tmp)
        base, outside = root / "store", root / "outside"
        write_physical(store, base)
        outside.mkdir()
        expect_duplicate = False
        for trick in tricks:
            expect_duplicate |= apply_trick(data, trick, base, outside)
        before = snapshot(root)
        report = None
        with Recorder(base, root) as rec:
            try:
                opened = read_directory(base)
            except StoreError:
                opened = None
            if opened is not None:
                report = check_answer(opened, options, cpu_seconds=CPU_S)
        if rec.writes or snapshot(root) != before:
            raise Crash("oracle: write_during_verify", f"tricks {tricks}: {rec.writes[:3]}")
        if rec.outside:
            raise Crash("oracle: link_followed", f"tricks {tricks}: {rec.outside[:3]}")
        if expect_duplicate and report is not None and "duplicate_object" not in report.codes():
            raise Crash("oracle: duplicate_dropped", f"tricks {tricks}: no duplicate_object finding")
    common.check_rss(RSS_MB)


# --------------------------------------------------------------------------- the target


def build_test() -> Any:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.strategies import mutated_stores

    @settings(database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_input(data: st.DataObject) -> None:
        seed = data.draw(st.sampled_from(SEEDS), label="seed")
        store, options = data.draw(mutated_stores(seed, None, long=LONG), label="store")
        on_disk = FS_MODE == "only" or (FS_MODE == "mixed" and data.draw(st.integers(0, 3), label="fs") == 0)
        t0 = time.process_time()  # processor time: a busy machine does not make a crash
        try:
            if on_disk:
                check_on_disk(data, store, options)
            else:
                check_in_memory(store, options)
            spent = time.process_time() - t0
            if spent > INPUT_CPU_S:
                raise Crash("budget: time", f"{spent:.1f} s of processor time (budget {INPUT_CPU_S} s)")
        except Exception as exc:  # every exception is a crash, unless already filed
            common.known_or_raise(exc)

    return one_input


def main() -> None:
    import atheris

    with atheris.instrument_imports(include=["inspector"]):
        import inspector.core.canonical
        import inspector.core.keys
        import inspector.core.objects
        import inspector.core.store
        import inspector.core.verify.authority
        import inspector.core.verify.engine
        import inspector.core.verify.graph
        import inspector.core.verify.identity
        import inspector.core.verify.merkle
        import inspector.core.verify.mutmem  # noqa: F401
    sys.addaudithook(_audit)
    SEEDS.extend(load_seeds(demo=os.environ.get("FUZZ_DEMO", "1") != "0"))
    test = build_test()
    atheris.Setup(sys.argv, lambda data: test.hypothesis.fuzz_one_input(data))
    atheris.Fuzz()


if __name__ == "__main__":
    main()
