"""Advice to pixels: draws :class:`gridsight.solvers.advice.Advice` through a board geometry.

Onto an image (saved screenshots, reports) and into a transparent, click-through,
always-on-top window (live play). It knows geometry and advice, not games.
"""
