"""The test kit covers every game gridsight reads off a flat screen, and only registered games.

A game read through a template pack must have a kit (its specimen, from which the shipped pack
is learned; random screens for the vision corpus; a scripted game for the live tests and the
demo): otherwise its pack could not be regenerated nor its reader tested, and the generic
tooling would skip it silently.
"""

from __future__ import annotations

from kit.games import kits
from kit.scripted import scripts

from gridsight.games.spec import GridReading, PitReading
from gridsight.registry import all_specs, game_names


def test_every_game_read_off_the_screen_has_its_kit():
    grid = {s.name for s in all_specs() if isinstance(s.reading, GridReading)}
    pit = {s.name for s in all_specs() if isinstance(s.reading, PitReading)}
    assert set(kits()) <= set(game_names())
    for game in grid:
        kit = kits()[game]
        assert kit.specimen and kit.random_shot and kit.script, game
    for game in pit:
        assert kits()[game].data is not None, game  # its pit pack
    assert set(scripts()) == grid


def test_each_kits_drawings_show_the_games_labels():
    import numpy as np
    from gridsight.vision.packs import load_pack

    for game, kit in kits().items():
        if kit.specimen is None:
            continue
        labels = set(load_pack(game).labels)
        shot = kit.specimen()
        assert {t for row in shot.labels for t in row} == labels, game  # every label shown
        random = kit.random_shot(np.random.default_rng(3))
        assert {t for row in random.labels for t in row} <= labels, game
        script = kit.script()
        assert script.game == game and len(script.boards) >= 2
