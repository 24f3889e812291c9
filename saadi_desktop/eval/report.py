"""The retrieval benchmark's reports for people: the hit@k plot and Markdown tables."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saadi_desktop.eval.retrieval import DEPTH


def plot_hit_at_k(methods: dict[str, dict[str, Any]], path: Path, title: str) -> None:
    """hit@k for k = 1…20, one line per method (strict hit: every quote covered)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    ks = list(range(1, DEPTH + 1))
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=120)
    colours = plt.get_cmap("tab20")
    for number, (name, metrics) in enumerate(methods.items()):
        colour = "black" if name == "oracle" else colours(number % 20)
        hits = [metrics[f"hit@{k}"] for k in ks]
        axes.plot(ks, hits, _line_style(name), label=name, color=colour, linewidth=1.5)
    axes.set(
        xlabel="k (passages returned)",
        ylabel="hit@k (all evidence covered)",
        title=title,
        xlim=(1, DEPTH),
        ylim=(0, 1.02),
        xticks=[1, 5, 10, 15, 20],
    )
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _line_style(name: str) -> str:
    """Bases solid, SAADI dash-dot, ablations dotted, SCT and the deep routes dashed."""
    if name.startswith("saadi"):
        return "-."
    if "_only_" in name:
        return ":"
    if name.startswith(("sct", "oracle")) or name in ("hybrid_rerank", "full_scan"):
        return "--"
    return "-"


def markdown_table(methods: dict[str, dict[str, Any]]) -> str:
    header = (
        "| method | hit@1 | hit@5 | hit@10 | hit_any@10 | coverage@10 | p50 ms | p95 ms "
        "| calls/query | tokens/query |\n|---|---|---|---|---|---|---|---|---|---|"
    )
    rows = [
        f"| {name} | {m['hit@1']:.3f} | {m['hit@5']:.3f} | {m['hit@10']:.3f} | "
        f"{m['hit_any@10']:.3f} | {m['coverage@10']:.3f} | {m['latency_ms']['p50']} | "
        f"{m['latency_ms']['p95']} | {m['per_query']['calls']} | {m['per_query']['tokens']} |"
        for name, m in methods.items()
    ]
    return "\n".join([header, *rows])


def trace_table(name: str, trace: Sequence[dict[str, Any]]) -> str:
    """Markdown for a deep route's reduction trace: how much evidence survives each round."""
    lines = [f"{name}, reduction trace:", "", "| round | questions | passages (mean) "
             "| evidence coverage of the pool |", "|---|---|---|---|"]  # fmt: skip
    lines += [
        f"| {t['round']} | {t['questions']} | {t['passages']} | {t['evidence_coverage']:.3f} |"
        for t in trace
    ]
    return "\n".join(lines)


def differences_table(pair: str, rows: Sequence[dict[str, Any]]) -> str:
    """Markdown for :func:`differences` (a rank past 20 is shown as "–")."""
    at = f" at hit@{rows[0]['k']}" if rows else ""
    head = f"{pair}{at}: {sum(r['won'] for r in rows)} won, {sum(not r['won'] for r in rows)} lost"
    if not rows:
        return head
    lines = ["| question | category | rank | base rank | |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(
            f"| {r['id']}: {r['question']} | {r['category']} | {r['rank'] or '–'} "
            f"| {r['base_rank'] or '–'} | {'won' if r['won'] else 'lost'} |"
        )
    return head + "\n\n" + "\n".join(lines)
