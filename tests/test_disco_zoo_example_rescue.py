"""The ``--animals`` example a refusal suggests is a rescue the catalogue accepts: a player
who copies it gets a board read, not a second refusal (the example was each card's first
candidate, which could repeat an animal or mix regions)."""

from gridsight.games.disco_zoo.names import CardName, ScreenText, example_rescue
from gridsight.solvers.disco_zoo.catalogue import load_catalogue


def _accepted(example: str) -> tuple[str, tuple[str, ...]]:
    region, animals = load_catalogue().resolve(example.split(","), None)
    return region, tuple(a.name for a in animals)


def test_an_animal_two_cards_may_be_is_suggested_once():
    read = ScreenText(None, ("Jungle",), (CardName(None, ("Tiger", "Panda")),
                                          CardName(None, ("Tiger", "Gorilla"))))
    region, names = _accepted(example_rescue(read))
    assert region == "Jungle" and len(set(names)) == 2
    assert names[0] in ("Tiger", "Panda") and names[1] in ("Tiger", "Gorilla")


def test_candidates_of_another_region_are_passed_over():
    # Card 1 may be the Farm's Pig or the Jungle's Gorilla; card 2 only the Jungle's Tiger:
    # the first candidates (Pig, Tiger) are two regions, no rescue.
    read = ScreenText(None, (), (CardName(None, ("Pig", "Gorilla")),
                                 CardName("Tiger", ("Tiger",))))
    assert _accepted(example_rescue(read)) == ("Jungle", ("Gorilla", "Tiger"))


def test_a_card_not_read_takes_one_of_the_regions_animals():
    read = ScreenText(None, ("Farm",), (CardName("Pig", ("Pig",)), CardName(None, ())))
    region, names = _accepted(example_rescue(read))
    assert region == "Farm" and names[0] == "Pig" and names[1] != "Pig"


def test_no_rescue_fits_so_the_form_alone_is_shown():
    read = ScreenText(None, ("Farm",), (CardName(None, ("Tiger",)), CardName(None, ("Panda",))))
    assert example_rescue(read) == "NAME1,NAME2"
