"""What the server tells people, in French and English."""

from __future__ import annotations

from popote.core.i18n import Text
from popote.core.wording import Plural

TIMEOUT = Text(
    "Temps écoulé pour {name} : un robot joue à sa place.",
    "{name} ran out of time: a bot plays for them.",
)
TIMEOUT_MOVE = Text(
    "Temps écoulé pour {name} : un robot joue ce coup à sa place.",
    "{name} ran out of time: a bot plays this move for them.",
)
"""A turn-based move's time ran out: the stand-in plays that move only."""
FORFEIT = Text(
    "Second coup manqué pour {name} : forfait, un robot finit la partie à sa place.",
    "{name} missed a second move: forfeit, a bot finishes the game for them.",
)
TAKEN_OVER = Text(
    "{name} est remplacé par un robot jusqu'à son retour.",
    "{name} is replaced by a bot until they come back.",
)
GUEST = Text("{name} (invité)", "{name} (guest)")
"""A guest's name wherever it is shown: a guest has no account, anyone may take the name."""
BACK = Text("{name} reprend sa place.", "{name} takes their seat back.")
JOINED = Text("{name} s'assoit au siège {number}.", "{name} sits at seat {number}.")
LEFT = Text("{name} quitte la table.", "{name} leaves the table.")
BOT_ADDED = Text("{name} s'assoit au siège {number}.", "{name} sits at seat {number}.")
TOO_LATE = Text("trop tard : {name} a été plus rapide", "too late: {name} was quicker")
"""A real-time race lost: the answer came in the same window as one that went first."""
STARTED = Text("La partie commence.", "The game begins.")
OVER = Text("La partie est terminée.", "The game is over.")
UNAVAILABLE = Text(
    "service momentanément indisponible : rien n'a été joué, réessayez",
    "temporarily unavailable: nothing was played, try again",
)
CLOCK_TERMS = Text("horloge : {times}", "clock: {times}")
CLOCK_TURN = Text("{seconds} s par tour", "{seconds} s a turn")
CLOCK_WINDOW = Text("{seconds} s pour répondre ensemble", "{seconds} s to answer together")
NO_CLOCK = Text("sans horloge", "no clock")
TURN_BASED_TERMS = Text(
    "tour par tour : {days} par coup, les vacances arrêtent l'horloge",
    "turn-based: {days} a move, holidays stop the clock",
)
DAYS = Plural(("{n} jour", "{n} jours"), ("{n} day", "{n} days"))
MISSED_MOVE = Text("temps écoulé : un robot joue ce coup", "out of time: a bot plays that move")
MISSED_RATED = Text(
    "temps écoulé : un robot joue ce coup, et au second coup manqué c'est le forfait "
    "(dernière place)",
    "out of time: a bot plays that move, and a second missed move forfeits (last place)",
)
RATED = Text(
    "classée : quitter la partie une fois la donne distribuée compte comme la dernière place",
    "rated: leaving the game once the deal is dealt counts as the last place",
)
"""A rated table's terms: leaving is rated as losing (``Hub.finish``), said before sitting."""
UNRATED = Text("non classée", "unrated")
CHOSEN_DEAL = Text(
    "donne choisie par qui a créé la table, pour s'entraîner",
    "chosen deal, picked by the table's creator for practice",
)
TERMS_SEPARATOR = Text(" ; ", "; ")
