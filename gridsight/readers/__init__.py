"""Game readers: from a located board's cell labels (and the rest of the screenshot) to the
game's board text. One module per game; the registry (:func:`gridsight.registry.get_reader`)
ties each to its game. See :mod:`gridsight.readers.base`."""

from gridsight.readers.base import BoardReading, GameReader, ReadError, ReadHints

__all__ = ["BoardReading", "GameReader", "ReadError", "ReadHints"]
