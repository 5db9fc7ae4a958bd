"""Skins drawn by gridsight's own code: synthetic game pictures for tests, benchmarks and packs."""
