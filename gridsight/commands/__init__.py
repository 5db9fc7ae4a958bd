"""One module per subcommand of ``gridsight``, each exposing ``add_parser(subparsers)``.

``add_parser`` registers the subcommand and sets ``func`` on its parser to a callable taking the
parsed :class:`argparse.Namespace` and returning the exit code.
"""
