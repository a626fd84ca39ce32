"""End to end: the MCP SDK's own stdio client against a real ``aleth-inspector mcp``
process.  Each protocol version the SDK speaks, the tool list, every tool on the demo
(which passes and holds poisoned memories), a file with a dark commit under both
policies, a file that changes between calls and then disappears, and raw malformed
and oversized requests (JSON-RPC errors, and the server keeps serving).

A few processes only: one server per scenario, directory stores where the passphrase
is not the point (the demo is sealed: one scrypt, in its server)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from inspector.mcp.server import MAX_REQUEST_BYTES

from .conftest import DARK, DARK_COMMIT, DEMO, DEMO_PASSPHRASE, OK, PASSING, ROOT, SEALED, SEALED_PASSPHRASE

TOOL_NAMES = ["memory_context", "memory_get", "memory_verify", "explain_code"]


@asynccontextmanager
async def _session(args: list[str], version: str, errlog: Any) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "inspector", "mcp", *args], cwd=str(ROOT)
    )
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        if version in MODERN_PROTOCOL_VERSIONS:
            await session.discover()
        else:
            result = await session.send_request(
                types.InitializeRequest(
                    params=types.InitializeRequestParams(
                        protocol_version=version,
                        capabilities=types.ClientCapabilities(),
                        client_info=types.Implementation(name="aleth-inspector-tests", version="0"),
                    )
                ),
                types.InitializeResult,
            )
            session.adopt(result)
            await session.send_notification(types.InitializedNotification())
        yield session


@dataclass
class Client:
    """A connected SDK client, driven synchronously from the test."""

    portal: BlockingPortal
    session: ClientSession
    errlog: Path

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> tuple[dict[str, Any], bool]:
        result = self.portal.call(self.session.call_tool, name, arguments or {})
        assert [c.type for c in result.content] == ["text"]
        payload = json.loads(result.content[0].text)  # the content is JSON data
        if result.structured_content is not None:
            assert result.structured_content == payload
        return payload, result.is_error

    def tools(self) -> list[types.Tool]:
        return self.portal.call(self.session.list_tools).tools

    def log(self) -> str:
        return self.errlog.read_text(encoding="utf-8", errors="replace")


@contextmanager
def connected(tmp: Path, *args: object, version: str = HANDSHAKE_PROTOCOL_VERSIONS[-1]) -> Iterator[Client]:
    errlog = tmp / "server-stderr.txt"
    with (
        errlog.open("w", encoding="utf-8") as err,
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(_session([str(a) for a in args], version, err)) as session,
    ):
        yield Client(portal, session, errlog)


# ---- the protocol ------------------------------------------------------------------------


@pytest.mark.parametrize("version", [*HANDSHAKE_PROTOCOL_VERSIONS, *MODERN_PROTOCOL_VERSIONS])
def test_each_protocol_version_lists_and_calls_the_tools(version, tmp_path):
    with connected(tmp_path, PASSING, version=version) as c:
        assert c.session.protocol_version == version
        tools = c.tools()
        assert [t.name for t in tools] == TOOL_NAMES
        for t in tools:
            assert t.annotations is not None and t.annotations.read_only_hint is True
            assert t.annotations.destructive_hint is False
            assert t.input_schema["additionalProperties"] is False
            assert "data" in (t.description or "") or t.name in ("memory_verify", "explain_code")
        verdict, is_error = c.call("memory_verify")
        assert not is_error and verdict["verdict"] == "pass"
        assert verdict["file"]["format"] == "directory"


# ---- every tool on the demo ------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Iterator[Client]:
    with connected(tmp_path_factory.mktemp("demo"), DEMO, "--passphrase-file", DEMO_PASSPHRASE) as c:
        yield c


def test_demo_context_serves_proven_memories_and_counts_the_poisoned(demo):
    ctx, is_error = demo.call("memory_context", {"limit": 1000})
    assert not is_error and next(iter(ctx)) == "verdict" and ctx["verdict"] == "pass"
    assert ctx["withheld"]["total"] > 0
    assert set(ctx["withheld"]["by_reason"]) <= {
        "untrusted_label:poison_suspect",
        "untrusted_label:poison_likely",
        "untrusted_label:poison_confirmed",
    }
    assert ctx["returned"] == ctx["matched"] == len(ctx["entries"])
    for e in ctx["entries"]:
        assert e["status"] in OK and e["mutmem"]["label_rank"] < 3 and e["key_era"]["key_id"]
        assert isinstance(e["content"], dict)
    # the demo's injected instructions are withheld (SPEC C2), never served
    assert "ignore prior instructions" not in json.dumps(ctx).lower()
    payroll, _ = demo.call("memory_context", {"query": "payroll", "limit": 3})
    assert payroll["returned"] == 3 and all("payroll" in json.dumps(e).lower() for e in payroll["entries"])


def test_demo_get_verify_and_explain(demo):
    ctx, _ = demo.call("memory_context", {"limit": 1})
    (newest,) = ctx["entries"]
    got, is_error = demo.call("memory_get", {"id": newest["id"]})
    assert not is_error and got["served"] and got["memory"]["content"] == newest["content"]
    assert "weight_trajectory" in got and "label_chain" in got and "receipts" in got

    verdict, _ = demo.call("memory_verify")
    import hashlib

    assert verdict["file"]["sha256"] == hashlib.sha256(DEMO.read_bytes()).hexdigest()
    assert (
        verdict["memories"]["served"] + verdict["memories"]["withheld"]["total"]
        == verdict["memories"]["total"]
    )
    assert len(verdict["key_eras"]) == verdict["key_eras_total"] >= 3

    explained, _ = demo.call("explain_code", {"code": "poison_admitted"})
    assert explained["found"] and explained["kind"] == "finding_code"


def test_bad_arguments_and_unknown_tools(demo):
    payload, is_error = demo.call("memory_context", {"limit": 5000, "passphrase": "demo"})
    assert is_error and "unknown argument(s): passphrase" in payload["error"] and "limit" in payload["error"]
    from mcp.shared.exceptions import MCPError

    with pytest.raises(MCPError) as exc:
        demo.call("read_file", {"path": "/etc/passwd"})
    assert exc.value.error.code == types.INVALID_PARAMS
    # and the server goes on answering
    assert demo.call("memory_verify")[0]["verdict"] == "pass"


def test_a_sealed_file_never_shows_its_secret(tmp_path):
    secret = tmp_path / "passphrase.txt"
    secret.write_text(SEALED_PASSPHRASE + "\n", encoding="utf-8")
    with connected(tmp_path, SEALED, "--passphrase-file", secret) as c:
        answers = [c.call(tool)[0] for tool in ("memory_context", "memory_verify")]
        answers.append(c.call("memory_verify", {"detail": "full"})[0])
        assert answers[0]["verdict"] == "pass" and answers[0]["file"]["format"] == "ALETH002"
        for text in (json.dumps(answers), c.log()):
            assert SEALED_PASSPHRASE not in text
        assert "verified" in c.log()


# ---- a failing file under both policies ----------------------------------------------------------


def test_dark_commit_strict_serves_nothing(tmp_path):
    with connected(tmp_path, DARK) as c:
        ctx, is_error = c.call("memory_context")
        assert not is_error and ctx["verdict"] == "fail" and ctx["served"] is False
        assert ctx["worst_findings"][0]["code"] == "not_in_proven_pre_rotation_history"
        got, _ = c.call("memory_get", {"id": DARK_COMMIT})
        assert got["verdict"] == "fail" and got["served"] is False and "content" not in json.dumps(got)


def test_dark_commit_serve_valid_serves_the_rest_verdict_first(tmp_path):
    with connected(tmp_path, DARK, "--policy", "serve-valid") as c:
        ctx, _ = c.call("memory_context", {"limit": 100})
        assert next(iter(ctx)) == "verdict" and ctx["verdict"] == "fail" and "FAILS" in ctx["warning"]
        ids = [e["id"] for e in ctx["entries"]]
        assert ids and DARK_COMMIT not in ids
        assert ctx["withheld"]["by_reason"] == {"status:NOT_IN_PROVEN_PRE_ROTATION_HISTORY": 1}
        dark, _ = c.call("memory_get", {"id": DARK_COMMIT})
        assert dark["served"] is False and "content" not in dark["memory"]


# ---- a file that changes, then goes -----------------------------------------------------------


def test_a_file_that_changes_between_calls_then_disappears(tmp_path):
    store = Path(shutil.copytree(PASSING, tmp_path / "store"))
    with connected(tmp_path, store) as c:
        first, _ = c.call("memory_context")
        assert first["verdict"] == "pass" and first["entries"]
        commit = store / "commits" / (first["entries"][-1]["id"].replace(":", "%3A") + ".json")
        original = commit.read_bytes()
        commit.write_bytes(original.replace(b'"content": {', b'"content": {"x": 1, ', 1))
        changed, _ = c.call("memory_context")
        assert changed["verdict"] == "fail" and changed["served"] is False
        assert {g["code"] for g in changed["worst_findings"]} >= {"digest_mismatch"}
        commit.write_bytes(original)
        again, _ = c.call("memory_context")
        assert again["verdict"] == "pass" and again["entries"] == first["entries"]
        shutil.rmtree(store)
        gone, _ = c.call("memory_context")
        assert gone["verdict"] == "unopenable" and gone["served"] is False
        assert "cannot be opened" in gone["reason"]
        assert c.call("explain_code", {"code": "not_found"})[0]["found"]
        assert c.log().count("verified") == 4  # once per state of the file, before the answer


# ---- raw JSON-RPC: malformed and oversized requests ---------------------------------------------


def test_malformed_and_oversized_requests_get_json_rpc_errors_and_the_server_keeps_serving(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "inspector", "mcp", str(PASSING)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=(tmp_path / "stderr.txt").open("wb"),
        cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def send(line: bytes) -> None:
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()

    def receive() -> dict[str, Any]:
        line = proc.stdout.readline()
        assert line.endswith(b"\n"), line
        return json.loads(line)  # every line on stdout is one JSON-RPC message

    def request(rid: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        send(json.dumps(msg).encode())
        return receive()

    try:
        init = request(
            1,
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        )
        assert init["result"]["protocolVersion"] == "2025-06-18"
        send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')

        send(b"this is not json")
        assert receive() == {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32700, "message": "Parse error: the line is not JSON"},
        }
        send(b'{"jsonrpc":"2.0","id":2,"method":')
        assert receive()["error"]["code"] == -32700
        send(b'[{"jsonrpc":"2.0","id":3,"method":"ping"}]')
        assert receive()["error"]["code"] == -32600
        send(b'{"jsonrpc":"1.0","id":4,"method":"ping"}')
        bad = receive()
        assert bad["id"] == 4 and bad["error"]["code"] == -32600
        send(b'{"id":5,"jsonrpc":"2.0","method":"ping","params":{"pad":"' + b"x" * MAX_REQUEST_BYTES + b'"}}')
        big = receive()
        assert big["id"] == 5 and big["error"]["code"] == -32600 and "larger than" in big["error"]["message"]
        send(
            b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"memory_verify","arguments":{"x":1}}}'
        )
        refused = receive()
        assert refused["id"] == 6 and refused["result"]["isError"] is True
        unknown = request(7, "no/such/method")
        assert unknown["error"]["code"] == -32601

        # notifications get no answer and touch nothing: the next answer is the ping's
        send(b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}')
        send(b'{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}')
        assert request(8, "ping") == {"jsonrpc": "2.0", "id": 8, "result": {}}

        ok = request(9, "tools/call", {"name": "memory_verify", "arguments": {}})
        assert ok["id"] == 9 and ok["result"]["isError"] is False
        assert json.loads(ok["result"]["content"][0]["text"])["verdict"] == "pass"
    finally:
        proc.stdin.close()
        assert proc.wait() == 0  # the end of input ends the server cleanly
        proc.stdout.close()
