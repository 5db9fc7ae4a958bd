"""Disco Zoo catalogue: the data file's facts, pattern sizes, placements and name matching."""

from __future__ import annotations

import pytest

from gridsight.solvers.disco_zoo.catalogue import load_catalogue
from gridsight.solvers.errors import BoardFormatError

RARITY_CELLS = {"common": {4}, "rare": {3}, "mythical": {2, 3}, "timeless": {3}, "pet": {5}}


def test_fourteen_regions_of_seven_animals_and_eight_pets():
    catalogue = load_catalogue()
    assert len(catalogue.regions) == 14
    for region, animals in catalogue.regions.items():
        assert len(animals) == 7, region
        rarities = [a.rarity for a in animals]
        assert rarities.count("common") == 3 and rarities.count("rare") == 2, region
        assert rarities.count("mythical") == 1 and rarities.count("timeless") == 1, region
        assert all(a.region == region for a in animals)
    assert len(catalogue.pets) == 8
    assert all(p.is_pet and p.rarity == "pet" for p in catalogue.pets)


def test_every_pattern_has_its_raritys_cell_count():
    for animal in load_catalogue().animals():
        assert animal.size in RARITY_CELLS[animal.rarity], animal
        assert len(set(animal.cells)) == animal.size, animal


def test_patterns_are_normalised_to_their_bounding_box():
    for animal in load_catalogue().animals():
        assert min(r for r, _ in animal.cells) == 0, animal
        assert min(c for _, c in animal.cells) == 0, animal
        assert max(max(r, c) for r, c in animal.cells) <= 4, animal


def test_names_are_unique_within_a_region_and_its_pets():
    catalogue = load_catalogue()
    for region, animals in catalogue.regions.items():
        names = [a.name for a in animals]
        assert len(set(names)) == 7, region


def test_placements_are_all_translations_inside_the_board():
    catalogue = load_catalogue()
    sheep = next(a for a in catalogue.regions["Farm"] if a.name == "Sheep")  # 1x4 row
    placements = sheep.placements()
    assert len(placements) == 5 * 2
    assert placements[0] == 0b1111
    for animal in catalogue.animals():
        height = 1 + max(r for r, _ in animal.cells)
        width = 1 + max(c for _, c in animal.cells)
        masks = animal.placements()
        assert len(masks) == (6 - height) * (6 - width)
        assert all(m.bit_count() == animal.size for m in masks)
        assert len(set(masks)) == len(masks)


@pytest.mark.parametrize(
    "written, expected",
    [
        ("Rhino", "Rhinoceros"),
        ("rhinoceros", "Rhinoceros"),
        ("T Rex", "T-Rex"),
        ("t-rex", "T-Rex"),
        ("TREX", "T-Rex"),
        ("Mammoth", "Wooly Mammoth"),
        ("wooly mammoth", "Wooly Mammoth"),
        ("Ankylo", "Ankylosaurus"),
        ("polar bear", "Polar Bear"),
    ],
)
def test_names_match_loosely_with_variants(written, expected):
    _, animals = load_catalogue().resolve([written], None)
    assert animals[0].name == expected


def test_region_is_inferred_and_the_rabbit_name_resolved():
    catalogue = load_catalogue()
    assert catalogue.resolve(["Gorilla", "Panda"], None)[0] == "Jungle"
    region, animals = catalogue.resolve(["Rabbit", "Lion"], None)
    assert region == "Savanna" and animals[0].is_pet
    region, animals = catalogue.resolve(["Rabbit", "Pig"], None)
    assert region == "Farm" and not animals[0].is_pet
    _, animals = catalogue.resolve(["pet Rabbit", "Pig"], "farm")
    assert animals[0].is_pet


def test_unknown_animal_lists_the_regions_names():
    with pytest.raises(BoardFormatError) as error:
        load_catalogue().resolve(["Gorila"], "Jungle")
    message = str(error.value)
    assert "Gorila" in message and "Jungle has: Monkey, Toucan, Gorilla" in message


def test_unknown_animal_without_region_names_the_closest_by_spelling():
    """Not the game's ~100 animals (1,000 characters): the few spelled most like it."""
    with pytest.raises(BoardFormatError) as error:
        load_catalogue().resolve(["Gorila"], None)
    message = str(error.value)
    assert message.startswith("unknown animal 'Gorila' (closest by spelling: Gorilla, ")
    assert len(message) < 120 and "Constellation" not in message
    with pytest.raises(BoardFormatError) as error:  # the region known: its animals
        load_catalogue().resolve(["Gorila"], "Jungle")
    assert "Jungle has: Monkey, Toucan, Gorilla" in str(error.value)


@pytest.mark.parametrize(
    "names, region, fragment",
    [
        (["Gorilla", "Sheep"], None, "not from one region"),
        (["Sheep"], "Jungle", "not an animal of Jungle"),
        (["Gorilla", "gorilla"], None, "named twice"),
        (["Gorilla", "Panda", "Tiger", "Monkey"], None, "1 to 3 animals"),
        (["Gorilla", "Dog", "Cat"], None, "at most one pet"),
        (["Gorilla"], "Atlantis", "unknown region"),
    ],
)
def test_bad_animal_lists_are_refused(names, region, fragment):
    with pytest.raises(BoardFormatError, match=fragment):
        load_catalogue().resolve(names, region)
