"""The order the verifier reads a directory in (B9: never a choice, always the order of
the file names as bytes), for a container payload and for a directory store with names
and alternates alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.store import Store
from inspector.core.verify.context import Context, VerifyOptions
from inspector.core.verify.parse import entries
from inspector.core.verify.report import Report

# any text, lone surrogates included (a file name read with surrogateescape holds them)
names = st.text(st.characters(codec=None), min_size=1, max_size=6)


def _bytes(name: str) -> bytes:
    return name.encode("utf-8", "surrogatepass")


def _ctx(store: Store) -> Context:
    return Context(store, VerifyOptions(), Report())


@settings(max_examples=400, deadline=None)
@given(st.lists(names, max_size=30))
def test_code_point_order_is_the_order_of_the_utf8_bytes(texts: list[str]) -> None:
    assert [_bytes(t) for t in sorted(texts)] == sorted(_bytes(t) for t in texts)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, st.binary(max_size=4), max_size=20))
def test_a_payload_is_read_in_the_order_of_its_names_as_bytes(found: dict[str, bytes]) -> None:
    files = {f"commits/{n}": d for n, d in found.items()} | {"evidence/x": b"e", "HEAD": b"h"}
    got = list(entries(_ctx(Store(files, origin="ALETH002")), "commits"))
    want = sorted(
        ((p, p, d) for p, d in files.items() if p.startswith("commits/")), key=lambda e: _bytes(e[1])
    )
    assert got == want


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, st.binary(max_size=4), min_size=1, max_size=12), st.data())
def test_a_directory_store_is_read_in_the_order_of_its_file_names_as_bytes(found, data) -> None:
    """Logical paths named by other file names, and alternates of one path: the names decide."""
    paths = [f"commits/{n}" for n in found]
    files = dict(zip(paths, found.values(), strict=True))
    file_names = {p: data.draw(names, label=p) for p in paths}
    alternates = {paths[0]: [(data.draw(names, label="alternate"), b"alt")]}
    store = Store(files, origin="directory", names=file_names, alternates=alternates)
    got = list(entries(_ctx(store), "commits"))
    want = [(p, file_names[p], d) for p, d in files.items()] + [(paths[0], *alternates[paths[0]][0])]
    assert got == sorted(want, key=lambda e: _bytes(e[1]))
