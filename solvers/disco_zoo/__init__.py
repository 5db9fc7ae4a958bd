"""Disco Zoo rescues: the animal catalogue, the board, its exact posterior and the tap advice.

A rescue is a 5x5 board hiding 1 to 3 animals of one region (plus perhaps a pet), each a fixed
pattern of tiles, translated only, never overlapping. The player taps tiles with a limited
number of taps; an animal is rescued when all its tiles are uncovered. Modules:

- :mod:`.catalogue`: regions, animals, patterns, name matching.
- :mod:`.board`: the rescue state and its text format.
- :mod:`.placements`: candidate and joint placements, validation, the exact posterior.
- :mod:`.lookahead`: the tap-budget-aware policy (exact expectimax, or a named estimate).
- :mod:`.baseline`: the seed-style baseline policy.
- :mod:`.simulate`: random rescues played with both policies.
"""
