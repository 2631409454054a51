"""Perft on the reference engine: the number of legal action sequences of exactly D
actions from a position, counted on copies of the hand (no replay).  A sequence that
ends the hand sooner is not counted; perft 0 is 1.  The tables of counts an engine is
checked against are in scenarios/perft/ (their format: :mod:`tonk_ref.harness.perft`)."""

from __future__ import annotations

import time

from .actions import Action
from .hand import Hand

__all__ = ["divide", "perft", "perft_counts", "timed_perft"]


def perft(h: Hand, depth: int) -> int:
    """The number of legal sequences of ``depth`` actions from ``h``."""
    if depth == 0:
        return 1
    legal = h.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    seat = h.to_act
    for a in legal:
        child = h.copy()
        child.apply(a, seat)
        total += perft(child, depth - 1)
    return total


def perft_counts(h: Hand, depth: int, max_nodes: int | None = None) -> list[int]:
    """``[perft(1), ..., perft(depth)]``, level by level; with ``max_nodes``, stop after
    the first level holding more than that many sequences."""
    counts: list[int] = []
    frontier = [h]
    for d in range(1, depth + 1):
        legal = [(node, node.legal_actions()) for node in frontier]
        counts.append(sum(len(actions) for _, actions in legal))
        if d == depth or (max_nodes is not None and counts[-1] > max_nodes):
            break
        frontier = []
        for node, actions in legal:
            seat = node.to_act
            for a in actions:
                child = node.copy()
                child.apply(a, seat)
                frontier.append(child)
    return counts


def divide(h: Hand, depth: int) -> list[tuple[Action, int]]:
    """Perft per first action: each legal action and the count of ``depth - 1`` below it."""
    out = []
    for a in h.legal_actions():
        child = h.copy()
        child.apply(a, h.to_act)
        out.append((a, perft(child, depth - 1)))
    return out


def timed_perft(h: Hand, depth: int) -> tuple[int, float]:
    """Perft and the seconds it took."""
    start = time.perf_counter()
    n = perft(h, depth)
    return n, time.perf_counter() - start
