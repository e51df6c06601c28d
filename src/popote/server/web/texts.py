"""What the browser client says, in French and English.

The pages are drawn on the server in the reader's language; the few words the page's script
needs (buttons it builds, what it announces) travel with the page as JSON (:func:`words`).
Game text is never here: it comes from each game's presenter, as in the terminal.
"""

from __future__ import annotations

from popote.bots.registry import LEVEL_NAMES
from popote.core.i18n import Lang, Text
from popote.lab.review import LABEL_NAMES

HINT_LEVEL = "difficile"
"""The bot whose play a hint tells (``popote.lab.review.hint``)."""

PAGE: dict[str, Text] = {
    "site": Text("Popote", "Popote"),
    "skip": Text("Aller au contenu", "Skip to content"),
    "skip_nav": Text("Accès rapide", "Skip links"),
    "skip_games": Text("Aller aux jeux", "Skip to the games"),
    "skip_tables": Text("Aller aux tables ouvertes", "Skip to the open tables"),
    "skip_chat": Text("Aller à la discussion", "Skip to the chat"),
    "skip_choices": Text("Aller à vos choix", "Skip to your choices"),
    "skip_log": Text("Aller au journal de la partie", "Skip to the game log"),
    "lobby_keys": Text(
        "Touches 1 à {last} : créer une table du jeu de ce numéro. t : écrire dans la "
        "discussion (Échap pour revenir).",
        "Keys 1 to {last}: create a table of the game of that number. t: write in the chat "
        "(Escape to come back).",
    ),
    "create_hint": Text(
        "Les réglages ci-dessous sont prêts : Entrée dans un champ crée la table, qui "
        "commence dès que tous les sièges sont pris.",
        "The settings below are ready: Enter in any field creates the table, which starts "
        "as soon as every seat is taken.",
    ),
    "main_nav": Text("Navigation principale", "Main navigation"),
    "lobby": Text("Salon", "Lobby"),
    "mail_settings": Text("Courriels", "E-mail"),
    "language": Text("Langue", "Language"),
    "switch_lang": Text("English", "Français"),
    "switch_lang_hint": Text("Read this site in English", "Lire ce site en français"),
    "who": Text("Votre identité", "Who you are"),
    "your_name": Text("Votre nom", "Your name"),
    "enter": Text("Entrer", "Enter"),
    "games": Text("Jeux", "Games"),
    "players_range": Text("{low} à {high} joueurs", "{low} to {high} players"),
    "players_one": Text("{low} joueur", "{low} player"),
    "new_table": Text("Créer une table", "Create a table"),
    "new_table_for": Text("Créer une table : {title}", "Create a table: {title}"),
    "rules": Text("Règles", "Rules"),
    "rules_of": Text("Règles : {title}", "Rules: {title}"),
    "leaderboard": Text("Classement", "Leaderboard"),
    "leaderboard_of": Text("Classement : {title}", "Leaderboard: {title}"),
    "leaderboard_help": Text(
        "Joueurs inscrits, après leurs parties classées. La note est la moyenne estimée moins "
        "trois écarts types : elle monte à mesure que le jeu d'un joueur se confirme. Chaque "
        "niveau de robot a une note fixe, pour comparer : elle est mesurée pour ce jeu, en "
        "faisant jouer les niveaux sur les mêmes donnes (popote ladder), et non choisie à la "
        "main.",
        "Registered players, after their rated games. The rating is the estimated mean minus "
        "three standard deviations: it rises as a player's strength is confirmed. Each bot "
        "level has a fixed rating, for comparison: it is measured for this game, by playing "
        "the levels on the same deals (popote ladder), not picked by hand.",
    ),
    "no_leaders": Text(
        "Personne n'a encore joué de partie classée à ce jeu.",
        "Nobody has played a rated game of this one yet.",
    ),
    "bot_leader": Text(
        "Robot {level} (note mesurée, fixe)", "{level} bot (measured rating, fixed)"
    ),
    "rank": Text("Rang", "Rank"),
    "player": Text("Joueur", "Player"),
    "games_played": Text("Parties", "Games"),
    "rating": Text("Note", "Rating"),
    "game": Text("Jeu", "Game"),
    "ratings": Text("Notes par jeu", "Ratings per game"),
    "no_ratings": Text(
        "Pas encore de note : seules les parties classées d'un joueur inscrit en donnent.",
        "No rating yet: only a registered player's rated games give one.",
    ),
    "recent": Text("Dernières parties", "Recent games"),
    "no_recent": Text("Aucune partie terminée pour l'instant.", "No finished game yet."),
    "when": Text("Fin : {when}", "Finished: {when}"),
    "score": Text("Score", "Score"),
    "rating_after": Text("Note après", "Rating after"),
    "won": Text("gagnée", "won"),
    "not_won": Text("perdue", "lost"),
    "place": Text("rang {rank} sur {players}", "rank {rank} of {players}"),
    "private_table": Text("table privée", "private table"),
    "registered": Text("Joueur inscrit.", "Registered player."),
    "guest": Text("Invité (sans compte).", "Guest (no account)."),
    "no_such_player": Text("Joueur introuvable.", "No such player."),
    "players_of": Text("Les joueurs", "The players"),
    "open_tables": Text("Tables ouvertes", "Open tables"),
    "no_tables": Text("Aucune table ouverte pour l'instant.", "No open table yet."),
    "chat": Text("Discussion", "Chat"),
    "chat_lobby": Text("Discussion du salon", "Lobby chat"),
    "message": Text("Message", "Message"),
    "send": Text("Envoyer", "Send"),
    "players": Text("Nombre de joueurs", "Number of players"),
    "options": Text("Options du jeu", "Game options"),
    "table_settings": Text("Réglages de la table", "Table settings"),
    "bots": Text("Robots assis dès le départ", "Bots seated from the start"),
    "bot_level": Text("Niveau des robots", "Bots' level"),
    "stand_in_level": Text(
        "Niveau du robot qui remplace un absent", "Level of the bot standing in for the absent"
    ),
    "clock": Text("Horloge", "Clock"),
    "play_kind": Text("Façon de jouer", "How to play"),
    "kind_live": Text(
        "En direct : tout le monde joue en même temps, quelques secondes par coup",
        "Real time: everyone plays at once, a few seconds a move",
    ),
    "kind_turns": Text(
        "Tour par tour : chacun joue quand il peut, des jours par coup",
        "Turn-based: everyone plays when they can, days a move",
    ),
    "days_per_move": Text("Temps par coup", "Time per move"),
    "clock_none": Text("Sans horloge", "No clock"),
    "clock_preset": Text(
        "{name} : {turn} s par tour, {window} s pour répondre ensemble",
        "{name}: {turn} s a turn, {window} s to answer together",
    ),
    "public": Text("Table publique (visible dans le salon)", "Public table (listed in the lobby)"),
    "rated": Text(
        "Partie classée (quitter la partie une fois la donne distribuée compte comme la "
        "dernière place)",
        "Rated game (leaving the game once the deal is dealt counts as the last place)",
    ),
    "create": Text("Créer la table", "Create the table"),
    "yes": Text("oui", "yes"),
    "no": Text("non", "no"),
    "table_of": Text("Table : {title}", "Table: {title}"),
    "seats": Text("Joueurs", "Players"),
    "the_table": Text("La table", "The table"),
    "your_choices": Text("Vos choix", "Your choices"),
    "your_hand": Text("Votre main", "Your hand"),
    "table_drawn": Text("La table vue du dessus", "The table seen from above"),
    "text_view": Text("Vue texte (votre main et la table)", "Text view (your hand and the table)"),
    "settings": Text("Sons et annonces", "Sounds and announcements"),
    "sounds_label": Text("Sons", "Sounds"),
    "verbosity": Text("Annonces", "Announcements"),
    "verbosity_all": Text("tout ce qui se passe", "every event"),
    "verbosity_mine": Text("ce qui me concerne", "what concerns me"),
    "verbosity_turn": Text("mon tour seulement", "my turn only"),
    "log": Text("Journal de la partie", "Game log"),
    "status": Text("État de la partie", "Game status"),
    "shortcuts": Text("Raccourcis clavier", "Keyboard shortcuts"),
    "keys_text": Text(
        "Chiffres : choisir (à partir de 10 choix, le numéro puis Entrée). 0 : revenir. "
        "? : aide. h : conseil (tables non classées). r : règles. v : la table. "
        "l : derniers événements. c : horloge. "
        "b : ajouter un robot (avant le début). t : écrire dans la discussion. "
        "s : sons. a : annonces (tout, ce qui me concerne, mon tour).",
        "Digits: choose (from 10 choices on, the number then Enter). 0: back. "
        "?: help. h: hint (unrated tables). r: rules. v: the table. l: last events. c: clock. "
        "b: add a bot (before the start). t: write in the chat. "
        "s: sounds. a: announcements (everything, what concerns me, my turn).",
    ),
    "quick_keys": Text(
        "g ou Espace : saisir tout de suite quand une course est ouverte (temps réel).",
        "g or Space: grab at once when a race is open (real time).",
    ),
    "replay": Text("Revoir la partie", "Replay the game"),
    "replay_of": Text("Revoir : {title}", "Replay: {title}"),
    "previous": Text("Coup précédent", "Previous move"),
    "next": Text("Coup suivant", "Next move"),
    "first": Text("Début", "Start"),
    "last": Text("Fin", "End"),
    "go_round": Text("Aller à la manche", "Go to round"),
    "round_n": Text("Manche {n}", "Round {n}"),
    "go": Text("Aller", "Go"),
    "reveal": Text("Montrer toutes les mains", "Reveal every hand"),
    "hide": Text("Vue d'un spectateur", "A spectator's view"),
    "download": Text("Télécharger la sauvegarde", "Download the save file"),
    "replay_keys": Text(
        "Raccourcis : n ou flèche droite, coup suivant ; p ou flèche gauche, coup précédent ; "
        "m, manche suivante ; v, la table ; l, derniers événements ; r, la revue de ce coup.",
        "Shortcuts: n or right arrow, next move; p or left arrow, previous move; m, next round; "
        "v, the table; l, last events; r, this move's review.",
    ),
    "review": Text("Revue de la partie", "Game review"),
    "review_intro": Text(
        "Pour chaque décision d'une place : les points espérés de chaque coup possible, "
        "d'après ce que cette place savait alors, et ce que le coup joué a coûté.",
        "For each decision of one seat: the expected points of every possible move, from "
        "what that seat knew then, and what the move played cost.",
    ),
    "position": Text("Position {index} sur {total}", "Position {index} of {total}"),
    "what_happened": Text("Ce qui vient de se passer", "What just happened"),
    "not_over": Text(
        "Cette partie n'est pas terminée : elle se revoit une fois finie.",
        "This game is not over: it can be replayed once finished.",
    ),
    "no_such_table": Text("Table introuvable.", "No such table."),
    "no_such_game": Text("Jeu inconnu.", "Unknown game."),
    "hands": Text("Les mains de chacun", "Everyone's hand"),
    "seat_view": Text("Vu par {name}", "Seen by {name}"),
    "replay_text_view": Text(
        "Vue texte (la table et les mains)", "Text view (the table and the hands)"
    ),
    "replay_drawn": Text("La partie vue du dessus", "The game seen from above"),
    "no_js": Text(
        "Cette page a besoin de JavaScript pour jouer en direct.",
        "This page needs JavaScript to play live.",
    ),
    # Inviting and coming back (invite.js, games.js, the lobby)
    "code_join": Text("Rejoindre avec un code", "Join with a code"),
    "code_label": Text(
        "Code de la table (8 lettres et chiffres)", "Table code (8 letters and digits)"
    ),
    "code_go": Text("Rejoindre", "Join"),
    "my_games": Text("Vos parties", "Your games"),
    "my_waiting": Text("Ces parties vous attendent", "These games wait for you"),
    "my_running": Text("En cours et en attente", "Running and waiting"),
    "notify_heading": Text("Notifications", "Notifications"),
    "notify": Text(
        "Me prévenir dans le navigateur quand une partie m'attend",
        "Notify me in the browser when a game waits for me",
    ),
    "my_finished": Text("Terminées", "Finished"),
    "my_no_running": Text("Aucune table en cours.", "No table running."),
    "my_public_page": Text(
        "Votre page publique (notes, parties publiques)", "Your public page (ratings, public games)"
    ),
    "my_no_identity": Text(
        "Ce navigateur n'a pas encore d'identité : entrez dans le salon avec un nom, et "
        "vos parties viendront ici.",
        "This browser has no identity yet: enter the lobby with a name, and your games "
        "will come here.",
    ),
}

CLOCK_NAMES: dict[str, Text] = {
    "relaxed": Text("Détendue", "Relaxed"),
    "normal": Text("Normale", "Normal"),
    "fast": Text("Rapide", "Fast"),
}
"""The timed clock presets of ``popote.server.settings.CLOCKS``, named for people."""

SCRIPT: dict[str, Text] = {
    "welcome": Text("Bonjour {name}.", "Hello {name}."),
    "your_games": Text("Vos parties", "Your games"),
    "log_out": Text("Se déconnecter", "Log out"),
    "logged_out": Text("Session terminée sur ce navigateur.", "Session ended in this browser."),
    "moved_on": Text(
        "Trop tard : la partie a continué sans ce choix.",
        "Too late: the game moved on without that choice.",
    ),
    "sit": Text("S'asseoir", "Sit down"),
    "watch": Text("Regarder", "Watch"),
    "open": Text("Ouvrir", "Open"),
    "add_bot": Text("Ajouter un robot", "Add a bot"),
    "start": Text("Lancer la partie", "Start the game"),
    "take_back": Text("Reprendre ma place", "Take my seat back"),
    "stand_in": Text(
        "Un robot joue à votre place. Pour reprendre votre place : le bouton « Reprendre "
        "ma place » (Entrée).",
        "A bot is playing your seat. To take it back: the “Take my seat back” button (Enter).",
    ),
    "sent": Text("Choix envoyé.", "Choice sent."),
    "leave": Text("Quitter la table", "Leave the table"),
    "back": Text("0. Revenir", "0. Back"),
    "state_lobby": Text("en attente de joueurs", "waiting for players"),
    "state_playing": Text("en cours", "being played"),
    "state_over": Text("terminée", "over"),
    "table_line": Text(
        "{title}, {state} ({terms}), {seats}", "{title}, {state} ({terms}), {seats}"
    ),
    "human": Text("joueur", "player"),
    "free": Text("libre", "free"),
    "away": Text("absent, un robot joue pour lui", "away, a bot plays for them"),
    "you": Text("vous", "you"),
    "to_act": Text("à jouer", "to play"),
    "your_turn": Text("À vous.", "Your turn."),
    "seconds": Text("{seconds} s", "{seconds} s"),
    "picture_seats": Text("Les places autour de la table", "The seats around the table"),
    "your_hand_drawn": Text("Votre main, face visible", "Your hand, face up"),
    "thinking": Text("réfléchit…", "thinking…"),
    "rule_ribbon": Text("Règle", "Rule"),
    "card_ways": Text("Comment jouer {card} ?", "How to play {card}?"),
    "card_ways_close": Text("Fermer cette liste", "Close this list"),
    "sounds_on": Text("Sons : activés", "Sounds: on"),
    "sounds_off": Text("Sons : désactivés", "Sounds: off"),
    "verbosity_now": Text("Annonces : {level}.", "Announcements: {level}."),
    "verbosity_all": Text("tout ce qui se passe", "every event"),
    "verbosity_mine": Text("ce qui me concerne", "what concerns me"),
    "verbosity_turn": Text("mon tour seulement", "my turn only"),
    "waiting": Text("En attente de {names}.", "Waiting for {names}."),
    "watching": Text("Vous regardez cette partie.", "You are watching this game."),
    "not_started": Text(
        "La partie n'a pas commencé. Sièges libres : {free}.",
        "The game has not started. Free seats: {free}.",
    ),
    "ready": Text(
        "Tous les sièges sont pris : la partie commence.",
        "Every seat is taken: the game is starting.",
    ),
    "over": Text("La partie est terminée.", "The game is over."),
    "clock_left": Text("{name} : {seconds} s", "{name}: {seconds} s"),
    "clock_left_time": Text("{name} : {time}", "{name}: {time}"),
    "clock_none": Text("Pas d'horloge en ce moment.", "No clock running now."),
    "clock_hurry": Text("Plus que {seconds} secondes !", "Only {seconds} seconds left!"),
    "no_events": Text("Rien ne s'est encore passé.", "Nothing has happened yet."),
    "typed": Text("Tapé : {number}, Entrée pour valider.", "Typed: {number}, Enter to confirm."),
    "invalid": Text(
        "Choix invalide : {typed}. Tapez un numéro de 1 à {count}.",
        "Invalid choice: {typed}. Type a number from 1 to {count}.",
    ),
    "help": Text(
        "Tapez le numéro d'un choix. Jusqu'à 9 choix, une seule touche suffit ; à partir "
        "de 10, tapez le numéro puis Entrée. 0 revient à l'étape précédente. Raccourcis : "
        "? aide, h conseil (tables non classées), r règles, v table, l derniers événements, c horloge, b ajouter un robot, "
        "t discussion, s sons, a annonces.",
        "Type the number of a choice. Up to 9 choices, a single key is enough; from 10 on, "
        "type the number then Enter. 0 goes back to the previous step. Shortcuts: ? help, "
        "h hint (unrated tables), r rules, v table, l last events, c clock, b add a bot, t chat, s sounds, "
        "a announcements.",
    ),
    "no_choice": Text("Rien à choisir pour l'instant.", "Nothing to choose now."),
    "quick_now": Text("Vite ! g ou Espace : {label}.", "Quick! g or Space: {label}."),
    "no_quick": Text("Rien à saisir pour l'instant.", "Nothing to grab now."),
    "connection_lost": Text(
        "Connexion perdue, nouvelle tentative…", "Connection lost, trying again…"
    ),
    "connected": Text("Connecté.", "Connected."),
    "said": Text("{name} : {text}", "{name}: {text}"),
    "name_first": Text(
        "Choisissez d'abord un nom (en haut de la page).",
        "Choose a name first (at the top of the page).",
    ),
    "created": Text("Table créée.", "Table created."),
    "results": Text("Résultat", "Result"),
    # The end of a game (ending.js)
    "sheet": Text("Feuille de score", "Score sheet"),
    "sheet_lowest": Text(
        "Feuille de score (le plus petit total gagne)", "Score sheet (the lowest total wins)"
    ),
    "sheet_rank": Text("Rang", "Rank"),
    "sheet_player": Text("Joueur", "Player"),
    "sheet_round": Text("Manche {n}", "Round {n}"),
    "sheet_total": Text("Total", "Total"),
    "sheet_winner": Text("gagnant", "winner"),
    "rematch": Text("Revanche", "Rematch"),
    "rematch_offered": Text(
        "Revanche proposée par {name} : s'asseoir", "Rematch offered by {name}: sit down"
    ),
    "memory": Text(
        "À retenir (ne restera pas affiché) : {line}",
        "Remember this (it will not stay on screen): {line}",
    ),
    # Inviting and coming back (invite.js, games.js, the lobby)
    "back_to_seat": Text("Retour à votre place", "Back to your seat"),
    "invite_heading": Text("Inviter à cette table", "Invite to this table"),
    "invite_link": Text("Lien à partager", "Link to share"),
    "copy_link": Text("Copier le lien", "Copy the link"),
    "link_copied": Text("Lien copié.", "Link copied."),
    "link_selected": Text(
        "Le lien est sélectionné : Ctrl+C pour le copier.",
        "The link is selected: Ctrl+C to copy it.",
    ),
    "invite_code": Text("Code à lire à voix haute :", "Code to read aloud:"),
    "invite_code_hint": Text(
        "Dans le salon, « Rejoindre avec un code » ouvre cette table.",
        "In the lobby, “Join with a code” opens this table.",
    ),
    "sit_heading": Text("Une place vous attend", "A seat is waiting for you"),
    "sit_with_name": Text("Votre nom", "Your name"),
    "sit_seats": Text("À cette table : {seats}.", "At this table: {seats}."),
    "seated": Text("Vous êtes assis.", "You are seated."),
    "your_move": Text("à vous de jouer", "your turn"),
    "their_move": Text("au tour des autres", "the others' turn"),
    "seat_number": Text("place {seat}", "seat {seat}"),
    # Turn-based games waiting for you (the header, games.js, waiting.js)
    "turn_based": Text("tour par tour", "turn-based"),
    "play": Text("Jouer", "Play"),
    "left": Text("il vous reste {time}", "{time} left"),
    "left_none": Text("horloge arrêtée", "clock stopped"),
    "time_days": Text("{days} j {hours} h", "{days} d {hours} h"),
    "time_hours": Text("{hours} h {minutes} min", "{hours} h {minutes} min"),
    "time_minutes": Text("{minutes} min", "{minutes} min"),
    "time_soon": Text("moins d'une minute", "under a minute"),
    "waiting_one": Text("1 partie vous attend", "1 game waits for you"),
    "waiting_many": Text("{count} parties vous attendent", "{count} games wait for you"),
    "notify_title": Text("{title} : à vous de jouer", "{title}: your turn"),
    "notify_denied": Text(
        "Le navigateur refuse les notifications pour ce site : changez-le dans ses réglages.",
        "The browser refuses notifications for this site: change it in its settings.",
    ),
}
SCRIPT |= {
    "review_seat": Text("Place revue", "Seat reviewed"),
    "review_ask": Text("Demander la revue", "Ask for the review"),
    "review_players_only": Text(
        "Seuls les joueurs de cette partie privée peuvent en demander la revue.",
        "Only this private game's players may ask for its review.",
    ),
    "review_queued": Text(
        "Revue de {name} demandée : elle attend son tour.",
        "Review of {name} asked for: it waits for its turn.",
    ),
    "review_running": Text("Revue de {name} en cours…", "Review of {name} under way…"),
    "review_failed": Text(
        "La revue n'a pas abouti : vous pouvez la demander à nouveau.",
        "The review could not be worked out: you may ask for it again.",
    ),
    "review_ready": Text("Revue de {name} prête.", "Review of {name} ready."),
    "review_incomplete": Text(
        "Revue interrompue : seules les premières décisions sont revues.",
        "Review stopped early: only the first decisions are reviewed.",
    ),
    "review_lost": Text(
        "Points perdus en tout : {lost} (entre {low} et {high}), soit {per} par décision "
        "sur {count} décisions.",
        "Points lost in all: {lost} (between {low} and {high}), that is {per} per decision "
        "over {count} decisions.",
    ),
    "review_whole": Text("Toute la partie", "The whole game"),
    "review_labels": Text("Les décisions par verdict", "Decisions by verdict"),
    "review_label_count": Text("{label} : {count}", "{label}: {count}"),
    "review_costliest": Text("Les moments les plus coûteux", "The costliest moments"),
    "review_moment": Text("Coup {move} : {label}, {lost}", "Move {move}: {label}, {lost}"),
    "review_nothing_lost": Text("Aucun coup n'a coûté de points.", "No move lost points."),
    "review_mark": Text(
        "Revue : {label}, {lost} (entre {low} et {high}).",
        "Review: {label}, {lost} (between {low} and {high}).",
    ),
    "review_badge": Text("{label} · {lost}", "{label} · {lost}"),
    # A number of points and its noun, singular or plural as the number shown says.
    "points_one": Text("{n} point", "{n} point"),
    "points_many": Text("{n} points", "{n} points"),
    "points_lost_one": Text("{n} point perdu", "{n} point lost"),
    "points_lost_many": Text("{n} points perdus", "{n} points lost"),
    "review_this_move": Text("Ce coup dans la revue", "This move in the review"),
    "review_played": Text("Joué : {action}.", "Played: {action}."),
    "review_best": Text("Le meilleur : {action}.", "Best: {action}."),
    "review_why": Text("Pourquoi : {reason}", "Why: {reason}"),
    "review_choices": Text(
        "Les coups possibles, le meilleur d'abord", "The possible moves, best first"
    ),
    "review_choices_fewer": Text(
        "Les coups possibles, le meilleur d'abord (moins de points, c'est mieux)",
        "The possible moves, best first (fewer points are better)",
    ),
    "review_alternative": Text("{action} : {points}.", "{action}: {points}."),
    "review_move": Text("Coup", "Move"),
    "review_points": Text("Points espérés", "Expected points"),
    "review_is_played": Text("joué", "played"),
    "review_is_best": Text("meilleur", "best"),
    "review_none_here": Text(
        "Pas de décision revue à ce coup.", "No reviewed decision at this move."
    ),
    "review_not_yet": Text(
        "Pas encore de revue : « Demander la revue » dans la section Revue de la partie.",
        "No review yet: “Ask for the review” in the Game review section.",
    ),
    "no_table": Text("Pas de table à lire.", "No table to read."),
    # A hint at an unrated table (hint.js)
    "hint": Text("Conseil", "Hint"),
    "hint_asked": Text("Conseil demandé…", "Hint asked for…"),
    "hint_said": Text("{level} jouerait : {action}.", "{level} would play: {action}."),
    "hint_not_now": Text(
        "Un conseil se demande quand c'est à vous de jouer.", "A hint is asked on your turn."
    ),
    "hint_rated": Text("Pas de conseil à une table classée.", "No hint at a rated table."),
}
SCRIPT |= {f"review_{label.value}": name for label, name in LABEL_NAMES.items()}
_level = LEVEL_NAMES[HINT_LEVEL]
SCRIPT["hint_level"] = Text(_level.fr.capitalize(), _level.en.capitalize())


def page_words(lang: Lang) -> dict[str, str]:
    return {key: text.get(lang) for key, text in PAGE.items()}


def words(lang: Lang) -> dict[str, str]:
    """What the page's script says, in ``lang``."""
    return {key: text.get(lang) for key, text in SCRIPT.items()}
