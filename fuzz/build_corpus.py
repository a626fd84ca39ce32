#!/usr/bin/env python3
"""Write the seed corpora of the fuzz targets: ``python fuzz/build_corpus.py OUT_DIR``.

``OUT_DIR/container`` — for ``fuzz_container.py`` (first byte = mode):

* mode 0: every sealed fixture under 256 KiB (``tests/fixtures/alethech-0.9.5/*/*.aleth``,
  ``tests/fixtures/containers/*.aleth``), and ALETH001/ALETH002 files of real stores
  sealed under the target's fixed key (these decrypt, so the payload checks run);
* mode 1: the same stores as header + decrypted payload (the target re-encrypts);
* mode 2: their payloads; mode 3: recovery-code texts.

``OUT_DIR/store`` — for ``fuzz_store.py``: random buffers.  That target reads its input
through hypothesis (a plan of mutations), for which random bytes are valid plans; the
seeds only spare libFuzzer the slow start from an empty input.  Deterministic
(``--seed``), so a corpus can be rebuilt byte for byte.

``OUT_DIR/json`` — for ``fuzz_json.py`` (first byte even: the text alone; odd: spliced
into a signed commit): the texts on which a fast parser and the strict one disagree
(duplicate keys, numbers around ±(2^53−1) in every form, ``1.0``, ``-0.0``, non-BMP and
lone-surrogate keys, escaped colons, ``\\u`` escapes as alethech writes them, nesting at
the limit) and every object file of the alethech corpus.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from pathlib import Path

from common import REPO  # (also puts the repository on sys.path)


def _write(out: Path, data: bytes) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


def container_seeds(out: Path) -> int:
    from fuzz_container import authentic_input, seal_v1_fixed, seal_v2_fixed

    from inspector.core import container as c
    from inspector.core.store import read_directory
    from tests.strategies import all_types_store

    n = 0
    # the sealed fixtures, but not the 3 MiB scale case: libFuzzer's inputs grow to the largest seed
    fixtures = [p for p in sorted((REPO / "tests/fixtures").glob("**/*.aleth")) if p.stat().st_size < 2**18]
    for p in fixtures:
        _write(out, b"\x00" + p.read_bytes())
        n += 1
    stores = [all_types_store().model.to_store()[0].files]
    for name in ("01_basic", "02_evidence", "03_rotation_eras"):
        stores.append(read_directory(REPO / "tests/fixtures/alethech-0.9.5" / name / "store").files)
    stores.append({"HEAD": b"sha256:" + b"0" * 64 + b"\n"})
    for i, files in enumerate(stores):
        sealed = [seal_v1_fixed(files), seal_v2_fixed(files, passphrase_slot=i == 0)]
        for blob in sealed:
            _write(out, b"\x00" + blob)
            _write(out, authentic_input(blob))
            n += 2
        _write(out, b"\x02" + c._payload_bytes(files))
        n += 1
    for code in (
        c.encode_recovery_code(bytes(range(32, 64))),
        c.encode_recovery_code(b"\x00" * 32),
        "aleth-",
    ):
        _write(out, b"\x03" + code.encode())
        n += 1
    return n


def store_seeds(out: Path, count: int, seed: int) -> int:
    rng = random.Random(seed)
    for _ in range(count):
        _write(out, bytes(rng.getrandbits(8) for _ in range(rng.choice([256, 1024, 4096, 12288]))))
    return count


JSON_SEEDS = [
    b'{"a":1,"a":2}', b'{"a":"x:y","a":{"b":1}}', b'{"\\u0061":1,"a":2}', b'{"\\u003a":1,":":2}',
    b'[1.0,-0.0,1e2,0.5,1e-7,5e-324]', b"[9007199254740991,9007199254740992,9007199254740993]",
    b"[9007199254740993.0,9.007199254740993e15,1e+21,1.2345678901234568e+20]", b"[1e400,-1e400,1e-400]",
    b'{"\\ud83d\\ude00":1,"\\ue000":2}', b'{"\\ud800":1}', b'"\\udc00"', b'"caf\\u00e9 \\u2028"',
    b"[" * 64 + b"]" * 64, b"[" * 65 + b"]" * 65, b"\xef\xbb\xbf{}", b'{"a":1,}', b"[01]",
]  # fmt: skip


def json_seeds(out: Path) -> int:
    n = 0
    for text in JSON_SEEDS:
        for mode in (b"\x00", b"\x01"):
            _write(out, mode + text)
            n += 1
    for path in sorted((REPO / "tests/fixtures/alethech-0.9.5").glob("*/store/*/*.json")):
        _write(out, b"\x00" + path.read_bytes())
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--store-seeds", type=int, default=48)
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    n = container_seeds(args.out / "container")
    m = store_seeds(args.out / "store", args.store_seeds, args.seed)
    j = json_seeds(args.out / "json")
    print(f"{n} container seeds, {m} store seeds, {j} json seeds in {args.out}")


if __name__ == "__main__":
    main()
