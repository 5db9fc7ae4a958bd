"""Maps the repository's rooms into the ``gridsight`` namespace of the installed package.

The design keeps ``solvers/``, ``vision/``, ``overlay/``, ``templates/`` and ``safefiles/`` as top-level folders
of the repository; installed, they are ``gridsight.solvers`` and so on, so nothing but
``gridsight`` lands in site-packages. Everything else is in pyproject.toml.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

ROOMS = ("solvers", "vision", "overlay", "templates", "safefiles")
HERE = Path(__file__).resolve().parent


def packages_of(folder: str) -> list[str]:
    """``folder`` and every folder under it holding code or data, as dotted names."""
    found = find_namespace_packages(where=str(HERE), include=[folder, f"{folder}.*"])
    return [name for name in found if "__pycache__" not in name]


packages = packages_of("gridsight")
package_dir = {"gridsight": "gridsight"}
for room in ROOMS:
    packages += [f"gridsight.{name}" for name in packages_of(room)]
    package_dir[f"gridsight.{room}"] = room

setup(packages=packages, package_dir=package_dir)
