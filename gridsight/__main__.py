"""``python -m gridsight`` runs the command line."""

from gridsight.cli import main

raise SystemExit(main())
