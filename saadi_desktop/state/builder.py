"""The SAADI state builder: the model reads the book once, in order.

For each chunk: recall → update → ground and merge → link → fold → commit (one transaction with
the cursor). A crash or a cancel at any moment resumes at the next chunk.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from saadi_desktop.llm.base import LLM, Completion, LLMError, Message
from saadi_desktop.state import answer, prompts
from saadi_desktop.state.answer import MalformedOutput
from saadi_desktop.state.headlines import (
    as_list,
    common_words,
    first_sentence,
    fold_problem,
    headline_problem,
)
from saadi_desktop.state.history import Fold, Frontier, Unit, finish, frontier_after, push
from saadi_desktop.state.keys import node_keys, passage_keys, quote, stand_in
from saadi_desktop.state.memory import Change
from saadi_desktop.state.replay import (
    answers_complete,
    book_text,
    read_names,
    replay_book,
    restore,
    run_names,
)
from saadi_desktop.store import BookDB, StoredChunk
from saadi_desktop.store import state as store
from saadi_desktop.store.lock import builder_lock
from saadi_desktop.tasks import Cancelled, ProgressCallback, StopCheck, ignore, never


@dataclass
class BuildReport:
    chunks_done: int = 0
    calls: int = 0  # all calls, retries included
    retries: int = 0  # second attempts after a malformed answer (not in the planned count)
    failed: list[int] = field(default_factory=list)
    ungrounded: int = 0
    refused: int = 0  # proposals the identity rules turned down
    summaries_ungrounded: int = 0  # fold answers that named someone the text does not
    headlines_refused: int = 0  # passage headlines the rules refused (the key sentence stands)
    seconds: float = 0.0
    finished: bool = False
    call_log: list[store.CallRow] = field(default_factory=list)
    completions: list[tuple[str, Completion]] = field(default_factory=list)  # (kind, answer)
    chunk_tokens: list[int] = field(default_factory=list)  # per update: the chunk's own tokens
    record_tokens: list[int] = field(default_factory=list)  # per update: the recalled records


class _Book:
    """What the loop reads of a book, loaded once: the indexed chunks, their text and names,
    the summary tree so far (passages' headlines and folds)."""

    def __init__(self, db: BookDB) -> None:
        self.canonical = db.text()
        self.chunks: list[StoredChunk] = store.indexed_chunks(db)
        self.texts = [self.canonical[c.start : c.end] for c in self.chunks]
        self.index_of = {c.seq: i for i, c in enumerate(self.chunks)}
        self.common = common_words(self.canonical)
        self.nodes: dict[tuple[int, int], store.SummaryRow] = {  # (level, first index) -> node
            (s.level, self.index_of[s.first_chunk]): s
            for s in store.summaries(db, passages=True)
            if not s.provisional and s.first_chunk in self.index_of
        }

    def passage(self, index: int) -> prompts.Passage:
        return prompts.Passage(index + 1, self.texts[index])

    def span(self, unit: Unit) -> tuple[int, int]:
        return self.chunks[unit.first].start, self.chunks[unit.last].end

    def headline(self, unit: Unit) -> str:
        """The unit's headline as a prompt shows it: a list's lines run together and cut to a
        fold's length; '' for a passage with none."""
        node = self.nodes.get((unit.level, unit.first))
        if node is None or node.form == "extract":
            return ""
        text = " ".join(node.text.split())
        cut = text.split()[: answer.FOLD_WORDS]
        return text if len(cut) == len(text.split()) else " ".join(cut) + " …"

    def said(self, unit: Unit) -> str:
        """What the model's words say of the unit, whole (a list's lines); '' for none."""
        node = self.nodes[(unit.level, unit.first)]
        return "" if node.form == "extract" else node.text

    def line(self, unit: Unit) -> str:
        """The unit's line in a list: its headline, or the book's words in quotes."""
        node = self.nodes[(unit.level, unit.first)]
        return f"“{node.text}”" if node.form == "extract" else node.text

    def quotes(self, unit: Unit) -> list[str]:
        node = self.nodes.get((unit.level, unit.first))
        return [quote(self.canonical, span) for span in node.key_spans] if node else []

    def context(
        self, frontier: Frontier
    ) -> tuple[list[prompts.HistoryEntry], list[prompts.Passage]]:
        """History (levels ≥ 1, highest first) and recent passages (level 0) of a frontier."""
        history = [
            prompts.HistoryEntry(u.first + 1, u.last + 1, self.headline(u))
            for level in range(len(frontier) - 1, 0, -1)
            for u in frontier[level]
        ]
        return history, [self.passage(u.first) for u in frontier[0]] if frontier else []


def build_state(
    db: BookDB,
    llm: LLM,
    *,
    limit: int | None = None,
    progress: ProgressCallback = ignore,
    should_stop: StopCheck = never,
) -> BuildReport:
    """Build or resume the document state of ``db`` with ``llm``; ``limit`` caps the chunks read
    in this run. Raises :class:`Cancelled` when ``should_stop()`` turns true (after the current
    call; the chunk in progress is redone on resume)."""
    with builder_lock(db.path):
        if not store.chunk_names(db):
            run_names(db)
        elif not store.name_entities(db):  # imported by an older version: the same clusters
            read_names(db)
        row = store.builder_row(db)
        model_path = str(getattr(llm, "path", ""))
        store.set_builder_model(db, llm.model_id, model_path, prompts.PROMPT_VERSION)
        return _Loop(db, llm, row.fold_f, progress, should_stop).run(row, limit)


def upgrade_state(db: BookDB) -> None:
    """``saadi index --upgrade``: a book indexed by an earlier version is read anew under the
    current prompts; what it had is forgotten at once, then rebuilt by the next run."""
    with builder_lock(db.path):
        store.reset_state(db)


def retry_failed_chunks(
    db: BookDB, llm: LLM, *, progress: ProgressCallback = ignore, should_stop: StopCheck = never
) -> BuildReport:
    """``saadi index --retry-failed``: redo the chunks whose model output was malformed."""
    with builder_lock(db.path):
        row = store.builder_row(db)
        return _Loop(db, llm, row.fold_f, progress, should_stop).retry_failed(row)


class _Loop:
    def __init__(
        self, db: BookDB, llm: LLM, f: int, progress: ProgressCallback, should_stop: StopCheck
    ) -> None:
        self.db, self.llm, self.f = db, llm, f
        self.progress, self.should_stop = progress, should_stop
        self.book = _Book(db)
        self.text = book_text(
            db, {c.seq: t for c, t in zip(self.book.chunks, self.book.texts, strict=True)}
        )
        self.memory = restore(db, self.text)
        self.report = BuildReport()
        self.started = time.perf_counter()
        self.total = self.stop_at = self.first = 0

    def run(self, row: store.BuilderRow, limit: int | None) -> BuildReport:
        chunks = self.book.chunks
        done = sum(1 for c in chunks if c.seq < row.next_chunk)
        if row.finished and done < len(chunks):
            store.drop_provisional(self.db)  # the book grew since its finishing folds
        frontier = frontier_after(done, self.f)
        stop_at = len(chunks) if limit is None else min(len(chunks), done + limit)
        self.total = len(chunks)
        self.stop_at = stop_at  # time left is for this run (--limit), not the whole book
        self.first = done
        for index in range(done, stop_at):
            if self.should_stop():
                raise Cancelled()
            self._step(frontier, index)
        if stop_at == len(chunks) and not (row.finished and done == len(chunks)) and chunks:
            self._finish(frontier)
        self.report.seconds = time.perf_counter() - self.started
        self.report.failed = store.failed_chunks(self.db)
        return self.report

    def _step(self, frontier: Frontier, index: int) -> None:
        chunk = self.book.chunks[index]
        calls: list[store.CallRow] = []
        change, failure, kept, node = self._update(frontier, index, calls)
        summaries = [node] + [
            self._fold(fold, chunk.seq, calls)
            for fold in push(frontier, Unit(0, index, index), self.f)
        ]
        next_chunk = self.book.chunks[index + 1].seq if index + 1 < self.total else chunk.seq + 1
        self._commit(chunk.seq, next_chunk, False, change, summaries, calls, failure, kept)
        self.report.chunks_done += 1
        self._progress(index + 1, calls)

    def _update(
        self, frontier: Frontier, index: int, calls: list[store.CallRow]
    ) -> tuple[Change, tuple[str, str] | None, tuple[str, str] | None, store.SummaryRow]:
        """Recall the numbered list, one update call, then the rules decide what to keep: of
        the entities, and of the passage's headline."""
        chunk, text = self.book.chunks[index], self.book.texts[index]
        roster = self.memory.roster(chunk.seq)
        history, passages = self.book.context(frontier)
        self.report.chunk_tokens.append(self.llm.count_tokens(text))
        self.report.record_tokens.append(
            self.llm.count_tokens("\n".join(prompts.roster_line(r) for r in roster))
        )
        shown = [*passages, self.book.passage(index)]
        numbers = [c.number for c in roster]
        raw: list[str] = []
        said: list[str] = []

        def parse(completion: Completion) -> list[answer.Line]:
            raw.append(completion.text)
            lines = answer.parse(completion.text, numbers, truncated=completion.truncated)
            said.append(answer.headline(completion.text, truncated=completion.truncated))
            return lines

        lines, failure = self._call_until_valid(
            prompts.update_messages(history, shown, roster), {"grammar": answer.grammar(numbers)},
            prompts.UPDATE_MAX_TOKENS, calls, "update", chunk.seq, None, parse,
            lambda problem: prompts.update_messages(history, shown, roster, retry=problem),
        )  # fmt: skip
        change = self.memory.apply(lines or [], roster, chunk.seq)
        self.report.ungrounded += len(change.ungrounded)
        self.report.refused += len(change.refused)
        kept = None
        if failure is None:
            kept = (json.dumps([c.kept() for c in roster], ensure_ascii=False), raw[-1])
        node = self._passage_node(index, first_sentence(said[-1]) if failure is None else "")
        self.book.nodes[(0, index)] = node
        return change, failure, kept, node

    def _passage_node(self, index: int, headline: str) -> store.SummaryRow:
        """The passage's node of the tree: the model's headline if the rules let it stand, else
        its key sentence, marked as the book's words."""
        chunk = self.book.chunks[index]
        keys = tuple(passage_keys(self.book.canonical, (chunk.start, chunk.end)))
        present = self.text.known_names([chunk.seq], chunk.seq)
        problem = headline_problem(
            headline, self.book.texts[index], self.text.name_tokens, present, self.book.common
        )
        if not problem:
            return store.SummaryRow(0, chunk.seq, chunk.seq, headline, chunk.seq, False,
                                    "headline", keys)  # fmt: skip
        if headline:
            self.report.headlines_refused += 1
        words = stand_in(self.book.canonical, (chunk.start, chunk.end), keys)
        return store.SummaryRow(0, chunk.seq, chunk.seq, words, chunk.seq, False, "extract",
                                keys)  # fmt: skip

    def _commit(
        self,
        seq: int,
        next_chunk: int,
        finished: bool,
        change: Change,
        summaries: list[store.SummaryRow],
        calls: list[store.CallRow],
        failure: tuple[str, str] | None,
        kept: tuple[str, str] | None = None,
    ) -> None:
        store.commit_step(
            self.db,
            store.StepWrite(
                seq=seq,
                next_chunk=next_chunk,
                new_records=[(r.id, r.name, r.type) for r in change.new_records],
                new_aliases=change.new_aliases,
                new_descriptions=change.new_descriptions,
                links=change.links,
                summaries=summaries,
                calls=calls,
                failed=failure,
                finished=finished,
                answer=kept,
                retyped=change.retyped,
                merged=change.merged,
            ),
            self.llm.model_id,
            prompts.PROMPT_VERSION,
        )

    def retry_failed(self, row: store.BuilderRow) -> BuildReport:
        """Redo the update of each failed chunk with the memory as it stood at that chunk, so
        its rows are stamped where they belong and see nothing from later in the book. When
        every other answer was kept, the new answers join them and the memory is replayed
        whole (later chunks' decisions may depend on the redone one)."""
        failed = [seq for seq in store.failed_chunks(self.db) if seq in self.book.index_of]
        replayable = answers_complete(self.db)
        self.total, self.first = len(failed), 0
        self.stop_at = self.total
        for done, seq in enumerate(failed, start=1):
            if self.should_stop():
                raise Cancelled()
            index = self.book.index_of[seq]
            self.memory = restore(self.db, self.text, until=seq - 1)
            calls: list[store.CallRow] = []
            change, failure, kept, node = self._update(frontier_after(index, self.f), index, calls)
            if replayable:
                change = Change(seq)  # the replay below writes the memory
            self._commit(seq, row.next_chunk, row.finished, change, [node], calls, failure, kept)
            self.report.chunks_done += 1
            self._progress(done, calls)
        if replayable and failed and store.answers(self.db):
            replay_book(self.db)
        self.report.seconds = time.perf_counter() - self.started
        self.report.failed = store.failed_chunks(self.db)
        self.report.finished = row.finished
        return self.report

    def _fold(self, fold: Fold, seq: int, calls: list[store.CallRow]) -> store.SummaryRow:
        """One fold call: its children's headlines and key sentences in, one headline out.
        The rules refuse a copy of one child, a name none of them has, and a clause no one
        child says; after one retry the node stands as its children's headlines, a list."""
        unit = fold.unit
        if not fold.calls:  # a single unit carried up: its own node, one level higher
            below = self.book.nodes[(fold.units[0].level, unit.first)]
            node = replace(below, level=unit.level, learned_at=seq, provisional=fold.finishing)
            self.book.nodes[(unit.level, unit.first)] = node
            return node
        children = [
            prompts.Child(u.first + 1, u.last + 1, self.book.headline(u), self.book.quotes(u))
            for u in fold.units
        ]
        headlines = [self.book.said(u) for u in fold.units]
        quotes = [c.quotes for c in children]
        seqs = [self.book.chunks[i].seq for i in range(unit.first, unit.last + 1)]
        present = self.text.known_names(seqs, seq)

        def parse(completion: Completion) -> str:
            said = first_sentence(answer.headline(completion.text, truncated=completion.truncated))
            if not said:
                raise MalformedOutput("no complete headline line")
            problem = fold_problem(
                said, headlines, quotes, self.text.name_tokens, present, self.book.common
            )
            if problem:
                if problem.startswith("it names"):
                    self.report.summaries_ungrounded += 1
                raise MalformedOutput(problem)
            return said

        said, _failure = self._call_until_valid(
            prompts.fold_messages(children), {"grammar": answer.headline_grammar()},
            prompts.FOLD_MAX_TOKENS, calls, "fold", seq, fold.level, parse,
            lambda problem: prompts.fold_messages(children, retry=problem),
        )  # fmt: skip
        keys = node_keys(
            self.book.canonical, self.book.span(unit), unit.level,
            [self.book.nodes[(u.level, u.first)].key_spans for u in fold.units],
        )  # fmt: skip
        node = store.SummaryRow(
            unit.level,
            self.book.chunks[unit.first].seq,
            self.book.chunks[unit.last].seq,
            said or as_list([self.book.line(u) for u in fold.units]),
            seq,
            provisional=fold.finishing,
            form="headline" if said else "list",
            key_spans=tuple(keys),
        )
        self.book.nodes[(unit.level, unit.first)] = node
        return node

    def _finish(self, frontier: Frontier) -> None:
        """The finishing folds, so that every chunk has a covering level-1 summary; provisional
        rows, replaced when the book grows."""
        calls: list[store.CallRow] = []
        last = self.book.chunks[-1].seq
        summaries = [self._fold(fold, last, calls) for fold in finish(frontier)]
        self._commit(last, last + 1, True, Change(last), summaries, calls, None)
        self.report.finished = True
        self._progress(self.total, calls)

    def _call_until_valid(
        self,
        messages: list[Message],
        constraint: dict[str, Any],  # {"grammar" or "schema": …}, and "avoid": texts not to copy
        max_tokens: int,
        calls: list[store.CallRow],
        kind: str,
        seq: int,
        level: int | None,
        parse: Callable[[Completion], Any],
        retry_messages: Callable[[str], list[Message]],
    ) -> tuple[Any, tuple[str, str] | None]:
        """Call, parse; on malformed output retry once with a reminder of what was wrong, then
        give up and report the failure (error, raw output) instead of raising: the run goes on.
        A retry is logged as its own kind, so the planned calls stay countable."""
        raw = problem = ""
        for attempt in range(2):
            if self.should_stop():
                raise Cancelled()
            completion = self._complete(
                messages if attempt == 0 else retry_messages(problem), constraint, max_tokens
            )
            if self.should_stop():  # the call may have been interrupted: its answer is not used
                raise Cancelled()
            calls.append(_call_row(kind if attempt == 0 else "retry", seq, level, completion))
            self.report.completions.append((calls[-1].kind, completion))
            raw = completion.text
            try:
                return parse(completion), None
            except MalformedOutput as error:
                problem = str(error)
                calls[-1] = replace(calls[-1], refused=problem, raw=raw)
        return None, (problem, raw)

    def _complete(
        self, messages: list[Message], constraint: dict[str, Any], max_tokens: int
    ) -> Completion:
        try:
            return self.llm.complete(messages, max_tokens=max_tokens, **constraint)
        except LLMError:
            raise
        except Exception as error:  # a backend bug must not lose the committed work
            raise LLMError(f"the model failed: {error}") from error

    def _progress(self, done: int, calls: Sequence[store.CallRow]) -> None:
        self.report.calls += len(calls)
        self.report.retries += sum(1 for c in calls if c.kind == "retry")
        self.report.call_log.extend(calls)
        elapsed = time.perf_counter() - self.started
        tokens = sum(c.prompt_tokens + c.generated_tokens for c in self.report.call_log)
        read = done - self.first
        left = max(self.stop_at - done, 0)
        self.progress(
            {
                "chunk": done,
                "total": self.total,
                "calls": self.report.calls,
                "retries": self.report.retries,
                "planned_calls": self.report.calls - self.report.retries,
                "tokens_per_s": round(tokens / elapsed, 1) if elapsed > 0 else 0.0,
                "eta_s": round(elapsed / read * left, 1) if read > 0 else None,
                "elapsed_s": round(elapsed, 1),
                "ungrounded": self.report.ungrounded,
                "refused": self.report.refused,
                "summaries_ungrounded": self.report.summaries_ungrounded,
                "headlines_refused": self.report.headlines_refused,
            }
        )


def _call_row(kind: str, seq: int, level: int | None, c: Completion) -> store.CallRow:
    return store.CallRow(kind, seq, level, c.prompt_tokens, c.cached_tokens, c.generated_tokens,
                         round(c.ms, 1))  # fmt: skip
