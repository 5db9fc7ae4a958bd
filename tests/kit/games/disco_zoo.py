"""The Disco Zoo kit: the rescue screen (:mod:`kit.skins.disco_zoo`, our own art)."""

from __future__ import annotations

import numpy as np

from ..skins import disco_zoo
from ..skins.common import Rendered, sprite_pixels

from . import GameKit

_ANIMALS = ("Sheep", "Pig", "Rabbit", "Horse", "Cow", "Unicorn", "Chicken", "Yak", "Phoenix")


def specimen(skin: disco_zoo.DiscoSkin = disco_zoo.DEFAULT_SKIN) -> Rendered:
    """A rescue screen with every decoration, coins, and one animal of each rarity."""
    grid = [["ground"] * 5 for _ in range(5)]
    decor: list[list[str | None]] = [[None] * 5 for _ in range(5)]
    coins = [[False] * 5 for _ in range(5)]
    for k, name in enumerate(skin.decorations):
        decor[0][k] = name
    grid[2][0] = grid[2][1] = "empty"
    coins[2][1] = True
    animals = {"Sheep": "common", "Yak": "rare", "Unicorn": "mythical", "Phoenix": "timeless"}
    for k, name in enumerate(animals):
        grid[4][k] = f"animal:{name}"
    return disco_zoo.render(grid, skin=skin, animals=animals, decorations=decor, coins_on=coins)


def masks(cell: int) -> dict[str, np.ndarray]:
    """Animal tiles are matched on their rim: the sprite's square is masked out."""
    mask = np.full((cell, cell), 255, np.uint8)
    x0, y0, x1, y1 = (round(v * cell) for v in disco_zoo.SPRITE_BOX)
    mask[y0:y1, x0:x1] = 0
    return {f"animal:{rarity}": mask for rarity in disco_zoo.RARITIES}


def label_info() -> dict[str, dict]:
    info: dict[str, dict] = {"ground": {"tapped": False}, "empty": {"tapped": True}}
    for rarity in disco_zoo.RARITIES:
        info[f"animal:{rarity}"] = {
            "tapped": True, "rarity": rarity, "sprite_box": list(disco_zoo.SPRITE_BOX),
        }
    return info


def layout() -> dict:
    """Where the rescue screen draws what is not a tile, and each animal's sprite, as the
    pack's manifest records it (the reader reads the cards and the top bar there)."""
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue

    catalogue = load_catalogue()
    names = dict.fromkeys(a.name for a in [*catalogue.animals(), *catalogue.pets])
    return {
        "px": disco_zoo.CELL, "board": [disco_zoo.BOARD_X, disco_zoo.BOARD_Y],
        "screen": [disco_zoo.WIDTH, disco_zoo.HEIGHT], "card_top": disco_zoo.CARD_TOP,
        "sprite_box": list(disco_zoo.SPRITE_BOX),
        "sprites": {name: ["".join("1" if v else "0" for v in row)
                           for row in sprite_pixels(name) > 0] for name in names},
    }


def random_shot(rng: np.random.Generator, skin=disco_zoo.DEFAULT_SKIN) -> Rendered:
    names = list(rng.choice(_ANIMALS, size=int(rng.integers(1, 4)), replace=False))
    animals = {name: str(rng.choice(disco_zoo.RARITIES)) for name in names}
    grid = []
    for _ in range(5):
        row = []
        for _ in range(5):
            u = rng.random()
            if u < 0.45:
                row.append("ground")
            elif u < 0.75:
                row.append("empty")
            else:
                row.append(f"animal:{rng.choice(names)}")
        grid.append(row)
    return disco_zoo.render(grid, skin=skin, animals=animals, seed=int(rng.integers(1 << 30)),
                            attempts=int(rng.integers(0, 11)))


def script():
    """A Jungle rescue (Gorilla, Panda, Tiger): a few taps, one of them finding a Panda tile;
    the attempts counter counts down with the taps."""
    from ..scripted import Script

    g, e = "ground", "empty"
    base = [[g] * 5 for _ in range(5)]
    boards = [tuple(tuple(r) for r in base)]
    for r, c, label in ((2, 2, e), (1, 3, e), (3, 1, "animal:Panda"), (0, 0, e)):
        base[r][c] = label
        boards.append(tuple(tuple(row) for row in base))
    animals = {"Gorilla": "common", "Panda": "rare", "Tiger": "rare"}

    def draw(cells: list[list[str]], index: int) -> Rendered:
        attempts = 10 - sum(c != "ground" for row in cells for c in row)
        return disco_zoo.render(cells, region="Jungle", attempts=attempts, animals=animals,
                                seed=0)

    return Script("disco-zoo", tuple(boards), draw)




JUNGLE = ("Gorilla", "Panda", "Tiger")
DEMO_PLACEMENT = 5  # which placement of the Jungle's animals the demo's rescue hides


def demo():
    """A Jungle rescue (Gorilla, Panda, Tiger) played by following the advice: each tap is
    the advised one, except the third, where the player taps the likeliest tile instead."""
    from gridsight.solvers.disco_zoo.board import fresh_board
    from gridsight.solvers.disco_zoo.catalogue import load_catalogue
    from gridsight.solvers.disco_zoo.placements import joint_placements

    from ..advised import frozen, play
    from ..scripted import Script

    catalogue = load_catalogue()
    animals = tuple(catalogue.resolve(list(JUNGLE), "Jungle")[1])
    masks = joint_placements(fresh_board("Jungle", animals)).masks[DEMO_PLACEMENT]
    hidden = {}
    for k, mask in enumerate(int(m) for m in masks):
        for tile in range(25):
            if mask >> tile & 1:
                hidden[divmod(tile, 5)] = JUNGLE[k]

    def text_of(board) -> str:
        taps = 10 - sum(c != "ground" for row in board for c in row)
        tokens = {"ground": ".", "empty": "-",
                  **{f"animal:{name}": str(k + 1) for k, name in enumerate(JUNGLE)}}
        return (f"region: Jungle\nanimals: {', '.join(JUNGLE)}\ntaps: {taps}\n"
                + "\n".join(" ".join(tokens[c] for c in row) for row in board) + "\n")

    def tap(board, cell, advice):
        grid = [list(row) for row in board]
        name = hidden.get(cell)
        grid[cell[0]][cell[1]] = f"animal:{name}" if name else "empty"
        return frozen(grid)

    def likeliest(board, advice):
        """The tile with the highest chance of an animal, where the advice says otherwise."""
        best = max(advice.figures, key=lambda f: (1 - f.heat, -f.row, -f.col))
        return best.row, best.col

    boards, _ = play("disco-zoo", frozen([["ground"] * 5 for _ in range(5)]), text_of, tap,
                     moves=5, deviate={2: likeliest})
    rarities = {"Gorilla": "common", "Panda": "rare", "Tiger": "rare"}

    def draw(cells: list[list[str]], index: int) -> Rendered:
        attempts = 10 - sum(c != "ground" for row in cells for c in row)
        return disco_zoo.render(cells, region="Jungle", attempts=attempts, animals=rarities,
                                seed=0)

    return Script("disco-zoo", boards, draw)


KIT = GameKit(
    game="disco-zoo",
    specimen=specimen,
    # Half a cell of wooden frame and sky around the board is the anchor.
    learn_options={"masks": masks(disco_zoo.CELL), "label_info": label_info(), "margin": 0.5,
                   "layout": layout()},
    random_shot=random_shot,
    script=script,
    demo=demo,
)
