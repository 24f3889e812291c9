"""The OpenAI-compatible backend: the same builder loop against a server on loopback."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import make_epub
from test_builder import smart_reply, story

from saadi_desktop.library import import_book
from saadi_desktop.llm import LLMError, open_llm
from saadi_desktop.state.builder import build_state
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store


class FakeServer(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict[str, Any]]] = []

    def do_GET(self) -> None:
        self._reply({"data": [{"id": "local-model"}]})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeServer.requests.append(body)
        text = smart_reply(body["messages"])
        self._reply(
            {
                "choices": [{"message": {"content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 120, "completion_tokens": 30,
                          "prompt_tokens_details": {"cached_tokens": 80}},
            }
        )  # fmt: skip

    def _reply(self, data: dict[str, Any]) -> None:
        payload = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture
def server() -> Iterator[str]:
    httpd = HTTPServer(("127.0.0.1", 0), FakeServer)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_builder_runs_against_an_openai_compatible_server(
    server: str, tmp_path: Path, library: Path
) -> None:
    path = import_book(make_epub(tmp_path / "s.epub", story(2)), chunk_words=30).info.path
    llm = open_llm(server)
    assert llm.model_id == f"local-model@{server}/v1"
    with BookDB.open(path) as db:
        report = build_state(db, llm, limit=3)
        calls = store.calls(db)
        names = {r.name for r in store.records(db)}
    assert report.chunks_done == 3 and names >= {"Alyona Ivanovna", "Rodion"}
    assert (calls[0].prompt_tokens, calls[0].cached_tokens, calls[0].generated_tokens) == (
        40,
        80,
        30,
    )
    sent = FakeServer.requests[-1]
    assert sent["temperature"] == 0.0 and sent["grammar"].startswith("root ::= ")
    assert sent["messages"][0]["role"] == "system"


def test_an_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(LLMError, match=r"model server at http://127\.0\.0\.1:9/v1 failed"):
        open_llm("http://127.0.0.1:9")
