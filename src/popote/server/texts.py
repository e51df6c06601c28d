"""What the server tells people, in French and English."""

from __future__ import annotations

from popote.core.i18n import Text

TIMEOUT = Text(
    "Temps écoulé pour {name} : un robot joue à sa place.",
    "{name} ran out of time: a bot plays for them.",
)
TAKEN_OVER = Text(
    "{name} est remplacé par un robot jusqu'à son retour.",
    "{name} is replaced by a bot until they come back.",
)
BACK = Text("{name} reprend sa place.", "{name} takes their seat back.")
JOINED = Text("{name} s'assoit au siège {number}.", "{name} sits at seat {number}.")
LEFT = Text("{name} quitte la table.", "{name} leaves the table.")
BOT_ADDED = Text("{name} s'assoit au siège {number}.", "{name} sits at seat {number}.")
STARTED = Text("La partie commence.", "The game begins.")
OVER = Text("La partie est terminée.", "The game is over.")
UNAVAILABLE = Text(
    "service momentanément indisponible : rien n'a été joué, réessayez",
    "temporarily unavailable: nothing was played, try again",
)
