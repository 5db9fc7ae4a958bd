"""What game readers share: from a located board's cell labels (and the rest of the
screenshot) to the game's board text. Each game's reader lives in its own package
(``gridsight/games/<game>/reader.py``), named by its spec's ``reading`` part; finding the board
(:mod:`gridsight.readers.find`) and the screen helpers (:mod:`gridsight.readers.screen`) are
shared. See :mod:`gridsight.readers.base`."""

from gridsight.readers.base import BoardReading, GameReader, ReadError, ReadHints

__all__ = ["BoardReading", "GameReader", "ReadError", "ReadHints"]
