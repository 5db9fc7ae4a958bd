"""The test kit: synthetic games drawn by our own code, never a real game's; not installed.

The tests, the benchmarks and the shipped data (``templates/``: packs, the 3D pit pack, the
demo frames) are made from it:

- :mod:`kit.skins`: the renderers (each returns the picture and the truth about it);
- :mod:`kit.games`: one :class:`~kit.games.GameKit` per game, found by :func:`kit.games.kits`:
  its specimen screen (the shipped pack is learned from it), a random screen for the vision
  corpus, a scripted game for the live tests and the demo, and any other data it ships;
- :mod:`kit.scripted`, :mod:`kit.corpus`: scripted games and perturbed screenshots;
- :mod:`kit.build_packs`: ``python -m tests.kit.build_packs`` writes ``templates/`` again.

Tests import it as ``kit`` (``tests/`` is on their path); inside, its modules import each
other relatively, so ``python -m tests.kit.build_packs`` works from the repository root too.
"""
