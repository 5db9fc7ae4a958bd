"""``gridsight live``: watch the game, keep the believed board, solve on change, draw the advice.

- :mod:`gridsight.live.loop`: :class:`LiveLoop`, one loop for every game, without Qt (testable
  headless): solve on change, log, moves, corrections, the view to draw;
- :mod:`gridsight.live.sources`: the reading strategies a game's spec chooses (a flat grid
  read through a template pack, the panel alone); a 3D pit's lives with its game;
- :mod:`gridsight.live.settings`: the tracker rules a grid game declares (which label changes
  are reveals, which are moves);
- :mod:`gridsight.live.change`: the cheap "did the picture change" test on a small thumbnail;
- :mod:`gridsight.live.manual`: the board text of a board set by hand (``--manual``);
- :mod:`gridsight.live.qt`: the Qt driver (a timer polling the capture, the overlay, the panel);
- :mod:`gridsight.live.panel`: the correction panel.
"""
