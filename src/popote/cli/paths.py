"""Output files and folders, checked before any game is played.

A command that plays for an hour and then cannot write its report has lost that hour: every
command checks where it will write first, by writing there (a file created and removed at
once: permissions, a read-only disk, a place such as ``/proc`` that takes no files), and
refuses with a clear message. Of a folder, at most the last one is created: a mistyped
``--out /nonexistent/deep/dir`` is refused rather than made at the root.
"""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Sequence
from pathlib import Path

from popote.core.errors import PopoteError
from popote.core.i18n import Text


class OutputPathError(PopoteError):
    """A file or folder Popote would not be able to write."""


CANNOT_WRITE = Text("impossible d'écrire {path} : {reason}", "cannot write {path}: {reason}")
REASONS = {
    errno.EACCES: Text("pas le droit d'y écrire", "no permission to write there"),
    errno.EPERM: Text("pas le droit d'y écrire", "no permission to write there"),
    errno.EROFS: Text("disque en lecture seule", "the disk is read-only"),
    errno.ENOSPC: Text("disque plein", "the disk is full"),
    errno.ENOENT: Text(
        "on ne peut pas créer de fichier à cet endroit", "no file can be made there"
    ),
    errno.ENOTDIR: Text(
        "un élément du chemin n'est pas un dossier", "part of the path is not a folder"
    ),
}


def _refused(path: Path, error: OSError) -> OutputPathError:
    reason = REASONS.get(error.errno or 0)
    shown = reason if reason is not None else Text(str(error.strerror), str(error.strerror))
    return OutputPathError(
        Text(
            CANNOT_WRITE.fr.format(path=path, reason=shown.fr),
            CANNOT_WRITE.en.format(path=path, reason=shown.en),
        )
    )


def _try_file(path: Path) -> None:
    """Open ``path`` for writing (creating it if missing, never truncating it), then leave
    the place as it was."""
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as error:
        raise _refused(path, error) from error
    if not existed:
        path.unlink(missing_ok=True)


def check_output_file(path: Path, formats: Sequence[str] = ()) -> None:
    """Refuse a file that cannot be written: unknown format (``formats``: suffixes such as
    ``.png``), missing folder, a folder where the file should be, or a place that takes no
    file (tried by writing there)."""
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
    _existing_folder(path.parent, path)
    _try_file(path)


def _existing_folder(folder: Path, shown: Path) -> None:
    if not folder.exists():
        raise OutputPathError(
            Text(
                "impossible d'écrire {path} : le dossier {folder} n'existe pas",
                "cannot write {path}: the folder {folder} does not exist",
            ).format(path=shown, folder=folder)
        )
    if not folder.is_dir():
        raise OutputPathError(
            Text(
                "impossible d'écrire {path} : {folder} n'est pas un dossier",
                "cannot write {path}: {folder} is not a folder",
            ).format(path=shown, folder=folder)
        )


def check_output_folder(
    path: Path, file_suffixes: Sequence[str] = (), make_parents: bool = False
) -> None:
    """Refuse a folder that cannot be created or written to, or a name that looks like a
    file (one of ``file_suffixes``). Only the last folder may be missing (every missing one
    with ``make_parents``, for a default Popote owns); the check makes it, writes a file in
    it, and removes both: nothing is left if the work never ends."""
    if path.suffix.lower() in file_suffixes:
        raise OutputPathError(
            Text(
                "{path} ressemble à un nom de fichier : --out attend un dossier",
                "{path} looks like a file name: --out expects a folder",
            ).format(path=path)
        )
    missing = [folder for folder in [path, *path.parents] if not folder.exists()]
    if missing and not make_parents:
        _existing_folder(path.parent, path)
    if path.exists() and not path.is_dir():
        raise OutputPathError(
            Text(
                "{path} n'est pas un dossier : --out attend un dossier",
                "{path} is not a folder: --out expects a folder",
            ).format(path=path)
        )
    try:
        try:
            path.mkdir(parents=make_parents, exist_ok=True)
        except OSError as error:
            raise _refused(path, error) from error
        _try_file(path / f".popote-check-{secrets.token_hex(4)}")
    finally:
        for folder in missing:  # the deepest first
            if folder.exists():
                os.rmdir(folder)
