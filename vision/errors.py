"""The errors of the vision room: bad images, bad template packs, boards that are not there.

``vision`` imports nothing of this repository, so these do not derive from
``gridsight.solvers.errors.InputError``; the command line treats :class:`VisionInputError` as an input
error all the same (one line on standard error, exit code 2). Every message names the file or
pack at fault and what is wrong with it.

>>> str(ImageReadError("shot.png", "empty file"))
'shot.png: cannot read image (empty file)'
"""

from __future__ import annotations

from pathlib import Path


class VisionInputError(Exception):
    """Something the player gave the vision code (an image, a pack) cannot be used."""


class ImageReadError(VisionInputError):
    """An image file that is missing, empty, truncated, corrupt or not an image at all."""

    def __init__(self, path: str | Path, reason: str):
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{self.path}: cannot read image ({reason})")


class PackError(VisionInputError):
    """A template pack that is missing or malformed."""

    def __init__(self, path: str | Path, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"template pack {self.path}: {problem}")


class PackTimeLimit(PackError):
    """Reading a pack took longer than the time limit the command was given."""


class PackSkipped(UserWarning):
    """A broken pack among the player's own, skipped for the shipped pack of the same name
    (a warning: the command goes on). The command line prints it as one warning line."""


class BoardNotFoundError(VisionInputError):
    """An image in which no board of the pack could be found."""

    def __init__(self, what: str, detail: str = ""):
        self.what = what
        self.detail = detail
        text = f"no {what} board found in the image"
        super().__init__(f"{text} ({detail})" if detail else text)
