"""One adapter module per game, each exposing ``GAME``: a :class:`gridsight.games.base.GameAdapter`.

An adapter connects a game's solver (``solvers.<game>``) to the application: its command-line
options, its JSON and text output, and its :class:`gridsight.solvers.advice.Advice` for the painters.
"""
