# El tauler web i l'Activitat de Discord: les paraules de la mateixa pàgina (els seus
# botons, el que senten els lectors de pantalla, la connexió i l'inici de sessió), el
# títol i el plafó del tauler, i el que el servidor de la pàgina diu al navegador.

## Les paraules de la mateixa pàgina, que se li envien tal com són. `{ $cell }`,
## `{ $name }` i `{ $step }` els omple la pàgina. Els seus botons comparteixen les
## paraules del teclat del xat (`pad-erase`, `button-undo`… a board.ftl), i les caselles
## les etiquetes del teclat (`pad-cell-given`…).

web-page-connecting = Connectant…
web-page-reconnecting = Reconnectant…
web-page-disconnected = Desconnectat
web-page-waiting = Esperant el bot…
# Després del nom del mateix jugador a la llista de jugadors d'un tauler.
web-page-you = (tu)
web-page-notes = Notes
web-page-new-game = Partida nova
web-page-confirm-give-up = Vols abandonar aquesta partida? S'acaba aquí, sense resoldre.
web-page-yes = Sí
web-page-no = No
# El que un lector de pantalla diu de les parts de la pàgina.
web-page-game = Partida
web-page-board = Tauler de sudoku, files de la A a la I, columnes de l'1 al 9
web-page-pad = Teclat numèric
web-page-playing-as = Jugues com a { $name }
web-page-no-game-title = Aquí no hi ha cap partida
web-page-no-game = Aquí encara no hi ha cap partida.
web-page-choose-cell = Tria primer una casella: toca-la o fes servir les fletxes.
web-page-no-link = Obre aquest tauler des de l'enllaç que dona /sudoku web.
web-page-new-link = Demana al bot un enllaç nou amb /sudoku web.
web-page-reopen = Tanca l'Activitat i torna-la a obrir.
web-page-cannot-open = Aquest tauler no es pot obrir.
web-page-signing-in = Iniciant la sessió amb Discord…
web-page-discord-closed = Discord ha tancat l'Activitat.
web-page-discord-refused = Discord ho ha rebutjat.
# $step: el pas de l'inici de sessió que va esperar (`handshake`, `authorize`…), tal
# com l'anomena l'SDK.
web-page-discord-silent = Discord no ha respost a temps ({ $step }).
web-page-sign-in-failed = El bot no t'ha pogut iniciar la sessió.
web-page-sign-in-slow = El bot ha trigat massa a iniciar-te la sessió.

## El tauler tal com el mostra la pàgina.

web-title-game = Partida #{ $id }
web-title-coop = Tauler cooperatiu
web-standings = Classificació
web-players = Jugadors
web-coop-player = { $digits ->
    [one] 1 xifra posada
   *[other] { $digits } xifres posades
} · { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}
web-solved = Resolt!
web-given-up = Abandonat
web-mistakes = Errors: { $count }
web-hints = Pistes: { $count }

## Un toc que el servidor de la pàgina rebutja (sense canviar res).

web-no-game = Aquí no hi ha cap partida en curs: comença'n una amb «Partida nova».
web-another-board = Ara hi ha una altra partida en curs aquí, així que aquest toc no s'ha aplicat. Aquí la tens; no s'ha canviat res.
web-coop-not-given-up = Un tauler cooperatiu no s'abandona: qui el va començar (o un administrador) l'acaba amb /sudoku coop acabar.
# $index: el que va enviar la pàgina, un nombre que no és cap casella 0-80.
web-tap-no-cell = Aquest toc no indica cap casella del tauler ({ $index }): no s'ha canviat res.
web-tap-no-digit = { $digit } no és una xifra de l'1 al 9: no s'ha canviat res.
web-not-understood = La pàgina ha enviat una cosa que el bot no entén; no s'ha canviat res. Prova de tornar a carregar la pàgina.
web-slow-down = Massa tocs alhora: espera un moment. No s'ha canviat res.

## Obrir un tauler: enllaços, sessions, l'inici de sessió de l'Activitat.

web-link-expired = Aquest enllaç ha caducat. Demana'n un de nou al bot amb /sudoku web (els enllaços duren 15 minuts; un tauler obert amb un enllaç continua obert 12 hores).
web-link-invalid = Aquest enllaç ha caducat o no l'ha fet el bot (potser està tallat, o el bot s'ha reiniciat amb una altra clau). Demana'n un de nou amb /sudoku web.
web-off = El tauler web no està configurat en aquest bot.
web-hello-first = La pàgina no s'ha identificat amb el seu enllaç; torna-la a carregar.
activity-off = L'Activitat de Sudoku no està configurada en aquest bot.
activity-unreadable = La pàgina ha enviat un inici de sessió que el bot no entén; tanca l'Activitat i torna-la a obrir.
activity-crowd = Molts jugadors estan obrint l'Activitat alhora; tanca-la i torna-la a obrir d'aquí a un moment.
activity-discord-down = Ara mateix no s'ha pogut preguntar a Discord qui ets; tanca l'Activitat i torna-la a obrir d'aquí a un moment.
activity-not-ours = Aquesta no és una Activitat d'aquest bot: torna-la a obrir des del canal.
activity-code-refused = Discord no ha acceptat aquest inici de sessió (ja s'havia fet servir o ha caducat): tanca l'Activitat i torna-la a obrir.
activity-not-running = Discord no troba aquesta Activitat en marxa: tanca-la i torna-la a obrir des del canal.
activity-not-in-it = No ets en aquesta Activitat: obre-la des del canal (o amb el seu botó «Toca per jugar»).
