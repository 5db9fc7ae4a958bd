"""Template packs: the shipped ones, saving and loading, and the player's packs first."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from kit.skins import disco_zoo
from kit import build_packs
from gridsight.vision.packs import find_pack, load_pack, load_pack_dir, shipped_packs_root

GAMES = ("disco-zoo", "tile-path", "pentomino")


@pytest.mark.parametrize("game", GAMES)
def test_shipped_packs_load_with_their_labels(game):
    pack = load_pack(game)
    assert pack.source == shipped_packs_root() / game / "default"
    expected = {
        "disco-zoo": {"ground", "empty", "animal:common", "animal:rare", "animal:mythical",
                      "animal:timeless"},
        "tile-path": {".", "x", "#", "S", "E", "L"},
        "pentomino": set("FILNPTUVWXYZ") | {".", "#"},
    }[game]
    assert set(pack.labels) == expected
    for template in pack.templates:
        assert template.image.shape[:2] == pack.cell_size[::-1]


def test_disco_pack_masks_the_sprite_and_says_the_rarity():
    pack = load_pack("disco-zoo")
    (rare,) = pack.templates_of("animal:rare")
    assert rare.mask is not None
    centre = rare.mask[pack.cell_size[1] // 2, pack.cell_size[0] // 2]
    assert centre == 0 and rare.mask[1, 1] == 255
    assert pack.label_info["animal:rare"]["rarity"] == "rare"
    assert pack.label_info["animal:rare"]["sprite_box"] == list(disco_zoo.SPRITE_BOX)
    assert len(pack.templates_of("ground")) == 1 + len(disco_zoo.DEFAULT_SKIN.decorations)


@pytest.mark.parametrize("game", GAMES)
def test_committed_packs_are_the_generators_output(game):
    """``python -m tests.kit.build_packs`` was run after the last skin change."""
    fresh = {p.game: p for p in build_packs.specimen_packs()}[game]
    shipped = load_pack(game)
    assert fresh.cell_size == shipped.cell_size and fresh.labels == shipped.labels
    for a, b in zip(fresh.templates, shipped.templates):
        assert a.variant == b.variant
        assert np.abs(a.image.astype(int) - b.image.astype(int)).mean() < 1.0
    assert (fresh.anchor.mask == shipped.anchor.mask).all()


def test_save_and_load_round_trip(tmp_path):
    pack = load_pack("disco-zoo")
    folder = pack.save(tmp_path / "copy")
    again = load_pack_dir(folder)
    assert again.labels == pack.labels and again.cell_size == pack.cell_size
    assert (again.rows, again.cols, again.anchor.margin) == (pack.rows, pack.cols, 0.5)
    for a, b in zip(pack.templates, again.templates):
        assert (a.label, a.variant) == (b.label, b.variant)
        assert (a.image == b.image).all()
        assert (a.mask is None) == (b.mask is None)
    assert dict(again.label_info["animal:common"]) == dict(pack.label_info["animal:common"])
    assert (again.min_score, again.min_margin) == (pack.min_score, pack.min_margin)


def test_players_pack_takes_precedence(monkeypatch, tmp_path):
    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path))
    assert find_pack("tile-path") == shipped_packs_root() / "tile-path" / "default"
    mine = replace(load_pack("tile-path"), min_score=0.5)  # a visible difference
    mine.save(tmp_path / "templates" / "tile-path" / "default")
    assert find_pack("tile-path") == tmp_path / "templates" / "tile-path" / "default"
    assert load_pack("tile-path").min_score == 0.5


def test_a_pack_of_another_game_under_this_games_name_is_refused(monkeypatch, tmp_path):
    # A player's pentomino pack copied by hand into the tile-path folder: by its name alone it
    # would read tile-path screens with the pentomino templates. Refused, naming both games;
    # a shipped pack of that name stands in (with a warning), a new skin name is refused.
    from gridsight.vision.errors import PackError, PackSkipped
    from gridsight.vision.packs import load_game_pack

    monkeypatch.setenv("GRIDSIGHT_DATA_DIR", str(tmp_path))
    other = load_pack("pentomino")
    other.save(tmp_path / "templates" / "tile-path" / "mine")
    with pytest.raises(PackError, match="is a pack for pentomino, not tile-path"):
        load_game_pack("tile-path", "mine")
    other.save(tmp_path / "templates" / "tile-path" / "default")
    with pytest.warns(PackSkipped, match="is a pack for pentomino, not tile-path"):
        assert load_game_pack("tile-path", "default").game == "tile-path"
