"""The MCP server's transport in-process, over pipes: notifications never reach the
file, requests in flight are bounded, and the pieces that read a hostile line."""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

from inspector.mcp import server
from inspector.mcp.service import MemoryService, Settings

from .conftest import PASSING


class Wire:
    """A server on two pipes, run by ``server.serve`` in a thread; lines in, lines out."""

    def __init__(self, service: MemoryService) -> None:
        in_r, self._in_w = os.pipe()
        self._out_r, out_w = os.pipe()
        self.to_server = os.fdopen(self._in_w, "wb")
        self.from_server = os.fdopen(self._out_r, "rb")
        wire_in, wire_out = os.fdopen(in_r, "rb"), os.fdopen(out_w, "wb")

        def run() -> None:
            try:
                anyio.run(server.serve, server.build_server(service), wire_in, wire_out)
            finally:
                wire_out.close()
                wire_in.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def send(self, message: dict[str, Any] | bytes) -> None:
        line = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.to_server.write(line + b"\n")
        self.to_server.flush()

    def receive(self) -> dict[str, Any]:
        line = self.from_server.readline()
        assert line, "the server closed its output"
        return json.loads(line)

    def request(self, rid: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, **({"params": params} if params else {})})
        return self.receive()

    def close(self) -> None:
        self.to_server.close()
        self.thread.join()
        assert self.from_server.read() == b""  # nothing after the last answer
        self.from_server.close()


@pytest.fixture()
def wire() -> Iterator[tuple[Wire, MemoryService]]:
    service = MemoryService(Settings(PASSING))
    w = Wire(service)
    init = w.request(
        1,
        "initialize",
        {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
    )
    assert init["result"]["protocolVersion"] == "2025-06-18"
    w.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield w, service
    w.close()


def test_notifications_never_touch_the_file(wire):
    w, service = wire
    tool_call = {"name": "memory_context", "arguments": {"limit": 1}}
    for method, params in (
        ("tools/call", tool_call),  # a tool call without an id is a notification: never run
        ("notifications/initialized", None),
        ("notifications/cancelled", {"requestId": 1}),
        ("notifications/progress", {"progressToken": 1, "progress": 1}),
        ("notifications/roots/list_changed", None),
        ("notifications/message", {"level": "info", "data": "x"}),
        ("memory_verify", None),
    ):
        w.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params else {})})
    assert w.request(2, "ping")["result"] == {}
    assert (service.identity_checks, service.verifications) == (0, 0)
    answer = w.request(3, "tools/call", tool_call)
    assert answer["result"]["isError"] is False
    assert (service.identity_checks, service.verifications) == (1, 1)


def test_tools_list_is_served_without_reading_the_file(wire):
    w, service = wire
    listed = w.request(2, "tools/list")["result"]["tools"]
    assert [t["name"] for t in listed] == ["memory_context", "memory_get", "memory_verify", "explain_code"]
    assert all(t["annotations"]["readOnlyHint"] is True for t in listed)
    assert w.request(3, "tools/call", {"name": "explain_code", "arguments": {"code": "VALID"}})["result"]
    assert service.identity_checks == 0


def test_a_request_cancelled_in_flight_frees_its_slot(monkeypatch):
    """A request the client cancels gets no answer; the transport still counts it done.
    With one slot, the ping after it is read only once the cancelled call gave its slot back."""
    monkeypatch.setattr(server, "MAX_IN_FLIGHT", 1)
    service = MemoryService(Settings(PASSING))
    started, release = threading.Event(), threading.Event()

    def held() -> Any:
        started.set()
        release.wait()
        return MemoryService._snapshot(service)

    monkeypatch.setattr(service, "_snapshot", held)
    w = Wire(service)
    params = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"},
    }
    assert w.request(1, "initialize", params)["result"]
    w.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    w.send({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "memory_verify"}})
    assert started.wait()
    w.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5}})
    release.set()
    assert w.request(6, "ping") == {"jsonrpc": "2.0", "id": 6, "result": {}}  # no answer for 5 came first
    w.close()


def test_slots_bound_the_requests_in_flight():
    async def main() -> list[str]:
        slots = server._Slots(2)
        events: list[str] = []
        await slots.take(server._key(1))
        await slots.take(server._key(1))  # a repeated id takes a second slot

        async def third() -> None:
            await slots.take(server._key("x"))
            events.append("third in")

        async with anyio.create_task_group() as tg:
            tg.start_soon(third)
            await anyio.wait_all_tasks_blocked()
            events.append("full")
            slots.give(server._key(1))
        assert slots.open.total() == 2
        slots.give(server._key("never taken"))  # an answer to nothing frees nothing
        assert slots.open.total() == 2
        return events

    assert anyio.run(main) == ["full", "third in"]


@pytest.mark.parametrize(
    "head,expected",
    [
        (b'{"jsonrpc":"2.0","id":42,"method":"x","params":{"pad":"', 42),
        (b'{"method":"x","params":{"id":7,"pad":"aaa"},"id":"abc","jsonrpc"', "abc"),
        (b'{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"id":3', None),
        (b'{"id" : "q\\"uote","method":"', 'q"uote'),
        (b'{"id":{"nested":1}}', None),
        (b'{"id":1.5,', None),
        (b'["id",1]', None),
        (b"garbage", None),
        (b'{"id":', None),
    ],
)
def test_the_id_of_an_oversized_request_comes_from_its_top_level_only(head, expected):
    assert server.find_id(head) == expected


def test_read_line_drops_what_is_over_the_limit_and_keeps_the_framing():
    stream = io.BytesIO(b"short\n" + b"y" * 50 + b"\n" + b"next\n" + b"tail-without-newline")
    assert server.read_line(stream, 10) == (b"short\n", False)
    head, oversized = server.read_line(stream, 10)
    assert oversized and head.startswith(b"y") and len(head) <= server.ID_SCAN
    assert server.read_line(stream, 10) == (b"next\n", False)
    assert server.read_line(stream, 100) == (b"tail-without-newline", False)
    assert server.read_line(stream, 100) == (b"", False)


@pytest.mark.parametrize(
    "line,code",
    [
        (b"{", -32700),
        (b'{"a": NaN}', -32700),
        (b"\xff\xfe", -32700),
        (b"[" * 100_000 + b"]" * 100_000, -32700),
        (b"[]", -32600),
        (b'"text"', -32600),
        (b'{"jsonrpc":"2.0"}', -32600),
        (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600),
    ],
)
def test_lines_that_are_not_json_rpc_are_answered_with_errors(line, code):
    answer = server.classify(line)
    assert isinstance(answer, server.types.JSONRPCError) and answer.error.code == code


def test_while_serving_stdout_carries_protocol_messages_only():
    """A stray print or a write to descriptor 1 inside the server lands on stderr; only the
    private wire reaches the real standard output."""
    import subprocess
    import sys

    code = (
        "import os\n"
        "from inspector.mcp.server import claimed_stdio\n"
        "with claimed_stdio() as (wire_in, wire_out):\n"
        "    print('stray print')\n"
        "    os.write(1, b'raw write\\n')\n"
        "    assert os.read(0, 10) == b''  # descriptor 0 reads nothing: the wire has the input\n"
        "    wire_out.write(wire_in.readline())\n"
        "    wire_out.flush()\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=b'{"jsonrpc":"2.0"}\n', capture_output=True, check=True
    )
    assert out.stdout == b'{"jsonrpc":"2.0"}\n'
    assert b"stray print" in out.stderr and b"raw write" in out.stderr


def test_the_mcp_command_runs_with_core_dumps_off(tmp_path):
    """The server holds a passphrase for as long as it runs: the command line turns core
    dumps off before any command reads a secret (core/process.harden)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from inspector.cli.main import main\n"
        "from inspector.core.process import core_dumps_off\n"
        f"code = main(['mcp', {str(tmp_path)!r}, '--print-config'])\n"
        "print(code, core_dumps_off())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[-1] == "True", out.stdout
