# Taulers: les línies al voltant d'un tauler, les seves llegendes, la línia d'estat, el
# teclat i els botons. Els noms de casella (A1-I9) i les marques entre accents greus
# (`(5)`, `!5!`) es queden tal com són.

board-chosen-legend = { $wrong ->
    [yes] { $cell } és la casella triada al teclat
   *[no] `<5>` la casella triada al teclat ({ $cell })
}
board-legend = `(5)` les teves xifres · `!5!` xifres incorrectes
board-legend-unchecked = `(5)` les teves xifres · `!5!` incorrectes (trobades en una comprovació) · sense comprovació sobre la marxa
board-final-legend = ` 5 ` xifres inicials · `(5)` les teves xifres · `[5]` omplertes pel bot
board-final-legend-image = En negreta: xifres inicials · en blau: les teves xifres · en vermell i ratllades: les teves xifres incorrectes · en ambre i petites: omplertes pel bot
board-notes = Notes:
board-notes-more = …i { $count } més

## La línia d'estat: "**Mitjà** · falten 41 · temps 3:05 · 0 errors · 1 pista"

status-to-go = { $count ->
    [one] falta 1
   *[other] falten { $count }
}
status-solved = resolta
status-given-up = abandonada
status-out = fora de la cursa
status-unfinished = sense acabar
status-time = temps { $time }
status-auto-notes = notes automàtiques

## Noms de partida: "partida de nivell mitjà", "Repte diari · 22 de nov.",
## "la teva partida de nivell mitjà"; $tier com a `tier`.

game-name = { $tier ->
    [easy] partida fàcil
    [medium] partida de nivell mitjà
    [hard] partida difícil
    [expert] partida de nivell expert
    [extreme] partida de nivell extrem
   *[none] partida
}
game-name-daily = Repte diari · { $day }
game-name-yours = la teva { $game }
# $elide: `yes` quan el nom comença per vocal ("d'**ana**").
board-title = La { $game } { $elide ->
    [yes] d'**{ $owner }**
   *[no] de **{ $owner }**
}
board-the-daily = repte diari
board-solved-hidden = **{ $owner }** ha resolt el sudoku ({ $what }). Tauler amagat: res d'espòilers.
# $how: `solved`, `out` (els errors d'una cursa), `timed-out` (el límit de temps d'una
# cursa), `given-up`; $next: `sealed` (una cursa encara en marxa), `race`, `game`.
board-last-game-over = S'ha acabat: { $game } ({ $how ->
    [solved] has resolt el sudoku
    [out] has quedat fora per massa errors
    [timed-out] sense resoldre: s'ha esgotat el temps de la cursa
   *[given-up] has abandonat
}). { $next ->
    [sealed] La solució es mostrarà quan acabi la cursa.
    [sealed-daily] La solució es mostrarà quan acabi el dia del servidor: encara s'està jugant el repte diari d'avui.
    [race] Obre una altra cursa amb `/sudoku race`.
   *[game] Comença una altra partida amb `/sudoku new`.
}
banner-out-of-race = Fora de la cursa

## Conflictes sota un tauler (comprovació sobre la marxa): $house com a `house`.

board-conflict-pair = { $digit ->
    [1] l'1
   *[other] el { $digit }
} apareix dues vegades a la { $house }: { $first } i { $second }
# $list: fins a tres conflictes; $more: quants més.
board-conflicts = { $count ->
    [one] Conflicte: { $list }.
   *[other] Conflictes: { $list }{ $more ->
        [0] {""}
       *[other] ; i { $more } més
    }.
}

## El teclat sota un tauler i els seus botons.

pad-row = Fila
pad-column = Columna
pad-erase = Esborrar
pad-notes = { $on ->
    [yes] Notes: sí
   *[no] Notes: no
}
pad-auto-notes = Notes automàtiques
pad-cell-given = { $cell }: xifra inicial { $digit }
pad-cell-yours = { $cell }: el teu { $digit }
pad-cell-wrong = { $cell }: el teu { $digit }, incorrecte
pad-cell-empty = { $cell }: buida
pad-cell-notes = { $cell }: buida, notes { $notes }
button-hint = Pista
button-check = Comprovar
button-undo = Desfer
button-give-up = Abandonar

## El tauler interactiu: l'Activitat dins de Discord, el tauler web en un navegador.

play-launching = El tauler interactiu s'obre com una Activitat de Discord, dins de Discord. Aquí, `/sudoku web` et dona un enllaç privat al mateix tauler en un navegador.
# $web: `yes` quan el bot també serveix el tauler web.
play-not-set-up = L'Activitat de Sudoku no està configurada en aquest bot: l'activa qui el gestiona (una secció `[activity]` a la configuració, i les Activitats al portal de desenvolupadors de Discord). { $web ->
    [yes] El tauler del xat funciona com sempre, i `/sudoku web` et dona un enllaç privat al mateix tauler en un navegador.
   *[no] El tauler del xat funciona com sempre.
}
web-not-set-up = El tauler web no està configurat en aquest bot: l'activa qui el gestiona (una secció `[web]` a la configuració, o `sudoku-bot play --web 127.0.0.1:8080` en un terminal). El tauler del xat funciona com sempre.
web-link = El teu tauler en un navegador: { $link }
    Toca una casella i després una xifra; les jugades d'aquí i del xat es veuen als dos llocs. L'enllaç juga en nom teu, així que no el comparteixis; es pot obrir durant 15 minuts.

## Taulers com a imatge: el rètol sobre un tauler acabat, i el text alternatiu per a
## lectors de pantalla ("Tauler de sudoku, 38 caselles buides, …").

banner-solved = Resolt
banner-given-up = Abandonat
alt-board = Tauler de sudoku, { $empty ->
    [one] 1 casella buida
   *[other] { $empty } caselles buides
}
alt-wrong = { $count ->
    [one] 1 xifra incorrecta
   *[other] { $count } xifres incorrectes
}
alt-last-move = última jugada a { $cell }
alt-chosen = casella triada { $cell }

# El botó que obre el tauler interactiu (l'Activitat).
button-tap-to-play = Toca per jugar
