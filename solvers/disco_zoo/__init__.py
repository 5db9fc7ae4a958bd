"""Disco Zoo rescues: the animal catalogue, the board, its exact posterior and the tap advice.

A rescue is a 5x5 board hiding 1 to 3 animals of one region (plus perhaps a pet), each a fixed
pattern of tiles, translated only, never overlapping. The player taps tiles with a limited
number of taps; an animal is rescued when all its tiles are uncovered. Modules:

- :mod:`.catalogue`: regions, animals, patterns, name matching.
- :mod:`.board`: the rescue state and its text format.
- :mod:`.placements`: candidate and joint placements, validation, the exact posterior.
- :mod:`.lookahead`: the tap-budget-aware policy (exact expectimax, or a named estimate).
- :mod:`.symmetry`: the turns and mirrors of the board that map a rescue onto itself.
- :mod:`.advise`: the anytime search over the first tap within a time budget, and the analysis.
- :mod:`.baseline`: the seed-style baseline policy.
- :mod:`.simulate`: random rescues played with the named policies, paired.
"""
