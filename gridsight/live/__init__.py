"""``gridsight live``: watch the game, keep the believed board, solve on change, draw the advice.

- :mod:`gridsight.live.settings`: per-game tracker rules (which label changes are reveals);
- :mod:`gridsight.live.change`: the cheap "did the picture change" test on a small thumbnail;
- :mod:`gridsight.live.loop`: :class:`LiveLoop`, the whole loop without Qt (testable headless);
- :mod:`gridsight.live.manual`: the board text of a board set by hand (``--manual``);
- :mod:`gridsight.live.qt`: the Qt driver (a timer polling the capture, the overlay, the panel);
- :mod:`gridsight.live.panel`: the correction panel.
"""
