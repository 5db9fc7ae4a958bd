"""Chances written for people, the same way in every game's report."""

from __future__ import annotations


def percent(p: float) -> str:
    """A chance as a short percentage that never rounds a possibility to 0% or 100%.

    >>> percent(0.0), percent(0.004), percent(0.2149), percent(0.9999), percent(1.0)
    ('0%', '<1%', '21%', '>99%', '100%')
    """
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{100 * p:.0f}%"
