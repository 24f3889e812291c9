"""The real path: the embedded default GGUF model on a few chunks of a real book, offline."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CRIME_EPUB

from saadi_desktop.library import import_book
from saadi_desktop.llm import LLMError, open_llm
from saadi_desktop.llm.base import COPY_RUN, Message
from saadi_desktop.llm.default_model import DEFAULT_MODEL_BYTES, default_model_path
from saadi_desktop.llm.llama import LlamaCppLLM
from saadi_desktop.state.builder import build_state
from saadi_desktop.state.replay import replay_book
from saadi_desktop.store import BookDB
from saadi_desktop.store import state as store

MODELS = Path.home() / ".cache" / "saadi-desktop-tests" / "models"


@pytest.fixture(scope="module")
def default_model() -> Path:
    """Assembled once from the installed part packages (and kept between test runs)."""
    return default_model_path(MODELS)


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a network connection was attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    yield


def test_default_model_is_verified_and_uses_its_own_chat_template(default_model: Path) -> None:
    assert default_model.stat().st_size == DEFAULT_MODEL_BYTES
    llm = LlamaCppLLM(default_model, n_ctx=2048)
    assert llm.template_source == "gguf"
    tokens = llm.render([{"role": "system", "content": "S"}, {"role": "user", "content": "U"}])
    prompt = llm._llama.detokenize(tokens, special=True).decode()
    assert prompt.startswith("<|im_start|>system\nS<|im_end|>")
    assert prompt.endswith("<|im_start|>assistant\n")


@pytest.mark.slow
def test_real_model_indexes_two_chunks_offline(
    default_model: Path, library: Path, no_network: None
) -> None:
    path = import_book(CRIME_EPUB).info.path
    llm = LlamaCppLLM(default_model)
    with BookDB.open(path) as db:
        report = build_state(db, llm, limit=2)
        calls = store.calls(db)
        records = store.records(db)
        links = store.links(db)
        text = db.text()
    assert report.chunks_done == 2 and report.failed == []
    assert [c.kind for c in calls] == ["update", "update"]
    assert calls[1].cached_tokens > 100  # the first passage is reused from the KV cache
    assert records and links
    folded = " ".join(text.casefold().split())
    for record in records:  # grounding: every name and alias occurs in the book's text
        for form in (record.name, *record.aliases):
            assert " ".join(form.casefold().split()) in folded
    with BookDB.open(path) as db:  # the raw answers are kept, and replay rebuilds the same memory
        assert len(store.answers(db)) == 2
        before = _memory_rows(db)
        replay_book(db)
        assert _memory_rows(db) == before


def _memory_rows(db: BookDB) -> dict[str, list[tuple[object, ...]]]:
    return {
        table: db.db.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3").fetchall()
        for table in ("entities", "aliases", "descriptions", "links")
    }


def test_the_cheap_grammar_check_answers_as_the_full_grammar_does(default_model: Path) -> None:
    """Checking only the best token against the grammar (and the whole vocabulary only when it
    is refused) must give exactly llama.cpp's answer with the grammar applied to every token."""
    from llama_cpp.llama_grammar import LlamaGrammar

    from saadi_desktop.state import answer

    llm = LlamaCppLLM(default_model, n_ctx=1024)
    messages: list[Message] = [
        {"role": "user", "content": "Rodion met Lizaveta, the old woman's sister, at the "
         "Haymarket.\nList: 1 Rodion (person), 2 Lizaveta (new).\nOne line per entity: "
         "number | aliases | note, or + name | type."},
    ]  # fmt: skip
    grammar = answer.grammar([1, 2])
    cheap = llm.complete(messages, grammar=grammar, max_tokens=40)
    full = llm._llama.create_completion(
        prompt=llm.render(messages), max_tokens=40, temperature=0.0, top_k=1,
        repeat_penalty=llm.repeat_penalty, seed=0,
        grammar=LlamaGrammar.from_string(grammar, verbose=False),
    )  # fmt: skip
    assert cheap.text == full["choices"][0]["text"]
    assert cheap.timings["grammar_full"] < cheap.generated_tokens  # most tokens took the cheap path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d, real: d / "missing.gguf", "no such model file"),
        (lambda d, real: _write(d / "notes.gguf", b"hello, not a model" * 10), "not a GGUF"),
        (lambda d, real: _write(d / "cut.gguf", real.read_bytes()[: 40 << 20]), "cannot load"),
    ],
    ids=["missing", "not-gguf", "truncated"],
)
def test_bad_model_files_fail_clearly_before_any_work(
    make: object, message: str, tmp_path: Path, default_model: Path
) -> None:
    path = make(tmp_path, default_model)  # type: ignore[operator]
    with pytest.raises(LLMError, match=message) as caught:
        open_llm(str(path))
    assert path.name in str(caught.value)


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.slow
def test_real_model_reranks_a_small_pool(default_model: Path, no_network: None) -> None:
    from saadi_desktop.search.rerank import Reducer

    texts = [
        "The rain fell on the roofs of the town all night, and the river rose by the bridge.",
        "Raskolnikov took the axe from the porter's room, hid it under his coat in a loop of "
        "cloth, and climbed the stairs to the old pawnbroker's flat.",
        "Razumihin laughed and poured more tea; the students argued about a lecture until dawn.",
    ]
    reduction = Reducer(LlamaCppLLM(default_model, n_ctx=2048)).reduce(
        "Where did Raskolnikov hide the axe?", [0, 1, 2], texts
    )
    assert reduction.ranking[0] == 1 and sorted(reduction.ranking) == [0, 1, 2]
    assert reduction.cost.calls == 1 and reduction.cost.failed_windows == 0


@pytest.mark.slow
def test_real_model_call_can_be_interrupted(default_model: Path) -> None:
    """Pause, cancel and closing the app cut a running generation short."""
    import threading

    llm = LlamaCppLLM(default_model, n_ctx=1024)
    timer = threading.Timer(3.0, llm.interrupt)
    timer.start()
    completion = llm.complete(
        [{"role": "user", "content": "Count from 1 to 400, separated by commas."}],
        schema=None,
        max_tokens=600,
    )
    timer.join()
    # cut short: before its 600 tokens (on a loaded machine the interrupt may even arrive while
    # the prompt is still being read, and then no token is generated at all)
    assert completion.generated_tokens < 600 and not completion.truncated
    again = llm.complete([{"role": "user", "content": "Say yes."}], schema=None, max_tokens=4)
    assert again.generated_tokens > 0  # the next call is not stopped by the old request


def test_real_model_stops_as_soon_as_it_copies_a_text_to_avoid(default_model: Path) -> None:
    """A fold answer that repeats an earlier summary is refused anyway: the backend stops it at
    its first COPY_RUN tokens in a row of that summary instead of generating the whole copy."""
    llm = LlamaCppLLM(default_model, n_ctx=1024)
    earlier = (
        "Elizabeth and her sisters walk to Meryton, where they meet the officers of the militia "
        "and hear that Mr. Bingley has taken Netherfield Park for the whole of the winter season, "
        "and that he will bring twelve ladies and seven gentlemen with him to the next assembly."
    )
    messages: list[Message] = [
        {"role": "user", "content": f"Repeat this sentence exactly, word for word:\n{earlier}"}
    ]
    whole = llm.complete(messages, max_tokens=120)
    assert " ".join(whole.text.split()) == earlier and not whole.copied
    stopped = llm.complete(messages, max_tokens=120, avoid=[earlier])
    assert stopped.copied and not stopped.truncated
    assert COPY_RUN <= stopped.generated_tokens < whole.generated_tokens
    assert earlier.startswith(stopped.text.strip())
