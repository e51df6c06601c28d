"""Output files and folders, checked before any game is played.

A command that plays for an hour and then cannot write its report has lost that hour: every
command checks where it will write first, and refuses with a clear message.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from popote.core.errors import PopoteError
from popote.core.i18n import Text


class OutputPathError(PopoteError):
    """A file or folder Popote would not be able to write."""


def _nearest_existing(path: Path) -> Path:
    for candidate in [path, *path.parents]:
        if candidate.exists():
            return candidate
    return Path.cwd()


def _check_writable_folder(folder: Path, shown: Path) -> None:
    if not folder.is_dir():
        raise OutputPathError(
            Text(
                "impossible d'écrire {path} : {folder} n'est pas un dossier",
                "cannot write {path}: {folder} is not a folder",
            ).format(path=shown, folder=folder)
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(
            Text(
                "impossible d'écrire {path} : pas le droit d'écrire dans {folder}",
                "cannot write {path}: no permission to write in {folder}",
            ).format(path=shown, folder=folder)
        )


def check_output_file(path: Path, formats: Sequence[str] = ()) -> None:
    """Refuse a file that cannot be written: unknown format (``formats``: suffixes such as
    ``.png``), missing or read-only folder, or a folder where the file should be."""
    if formats and path.suffix.lower() not in formats:
        raise OutputPathError(
            Text(
                "format inconnu : {path} (formats : {formats})",
                "unknown format: {path} (formats: {formats})",
            ).format(path=path, formats=", ".join(formats))
        )
    if path.is_dir():
        raise OutputPathError(
            Text(
                "{path} est un dossier : donnez un nom de fichier",
                "{path} is a folder: give a file name",
            ).format(path=path)
        )
    folder = path.parent
    if not folder.exists():
        raise OutputPathError(
            Text(
                "impossible d'écrire {path} : le dossier {folder} n'existe pas",
                "cannot write {path}: the folder {folder} does not exist",
            ).format(path=path, folder=folder)
        )
    _check_writable_folder(folder, path)
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputPathError(
            Text(
                "impossible d'écrire {path} : fichier en lecture seule",
                "cannot write {path}: the file is read-only",
            ).format(path=path)
        )


def check_output_folder(path: Path, file_suffixes: Sequence[str] = ()) -> None:
    """Refuse a folder that cannot be created or written to, or a name that looks like a
    file (one of ``file_suffixes``): nothing is created yet."""
    if path.suffix.lower() in file_suffixes:
        raise OutputPathError(
            Text(
                "{path} ressemble à un nom de fichier : --out attend un dossier",
                "{path} looks like a file name: --out expects a folder",
            ).format(path=path)
        )
    _check_writable_folder(_nearest_existing(path), path)
