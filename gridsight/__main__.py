"""``python -m gridsight`` runs the command line, as the ``gridsight`` console script does."""

from gridsight.cli import console

console()
