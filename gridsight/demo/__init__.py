"""``gridsight demo GAME``: the whole live product on a synthetic game, for a newcomer without it.

A window plays a scripted game (pictures drawn beforehand by the test kit from our own skins
and shipped as data, ``templates/<game>/demo/``: no drawing code is installed), and
``gridsight live`` follows that window exactly as it follows a real game: it captures the
window, reads the board, solves, draws the advice over it in the overlay and shows it in the
panel, and logs every board; at the end the log is replayed (a summary, and an HTML report).

- :mod:`gridsight.demo.script`: the scripted game of a game (its frames and what they show);
- :mod:`gridsight.demo.window`: the window that shows it (Qt).

Only :mod:`gridsight.commands.demo` imports this package: no reader and no live path depends
on it (``tests/test_architecture.py``).
"""
