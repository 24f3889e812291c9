"""Fusion: each channel is z-scored over the candidates, then weighted and summed (SAADI);
reciprocal rank fusion joins two base retrievers ("Scan or Index?")."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]

DEFAULT_WEIGHTS = {"text": 1.0, "memory": 0.5, "summary": 0.3}
RRF_K = 60


def zscore(values: Floats) -> Floats:
    """z-scores over the candidates; NaN (no value for a candidate) and a constant or empty
    channel give 0, so an absent channel contributes nothing."""
    result = np.zeros_like(values, dtype=np.float64)
    present = ~np.isnan(values)
    if present.sum() < 2:
        return result
    if np.ptp(values[present]) < 1e-9:  # constant up to rounding: it ranks nothing
        return result
    mean = values[present].mean()
    spread = values[present].std()
    result[present] = (values[present] - mean) / spread
    return result


def fuse(
    channels: dict[str, Floats], weights: dict[str, float]
) -> tuple[Floats, dict[str, Floats]]:
    """S = Σ weight · z(channel) over the channels given; returns S and the z-scores."""
    if not channels:
        raise ValueError("no channel to fuse")
    zs = {name: zscore(values) for name, values in channels.items()}
    total = sum(weights.get(name, 0.0) * z for name, z in zs.items())
    return np.asarray(total, dtype=np.float64), zs


def rrf(*scores: Floats) -> Floats:
    """Reciprocal rank fusion of several score vectors over the same candidates."""
    fused = np.zeros_like(scores[0], dtype=np.float64)
    for values in scores:
        order = np.argsort(-values, kind="stable")
        ranks = np.empty(len(values), dtype=np.float64)
        ranks[order] = np.arange(1, len(values) + 1)
        fused += 1.0 / (RRF_K + ranks)
    return fused
