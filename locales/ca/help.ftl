# Les paraules del bot en català. Les ordres s'escriuen amb el nom anglès
# (`/sudoku new [empty]`): el bot les diu amb els noms que mostra el Discord de qui llegeix
# (vegeu name-* a commands.ftl). Caselles: A–I, 1–9.

## /sudoku help

help-header = **Sudoku**: files A-I, columnes 1-9.
help-daily-rank = Repte diari: temps des que l'obres, pauses incloses, +30 s per error o pista; amb 3+ errors, al final.
help-footer = O juga amb el teclat del tauler. `(5)` la teva xifra, `!5!` una d'errònia. En partida lliure, una pausa compta 5 min com a màxim.
help-admins = Administració: { $commands }.

help-new = `/sudoku new [empty] [difficulty]`: partida nova, p. ex. `/sudoku new 40` (40 caselles buides).
help-show = `/sudoku show`: el teu tauler i com vas.
help-move = `/sudoku move <moves>`: p. ex. `B7 4` (o `r2c7 4`), `B7 4, C3 5`; `B7 0` esborra.
help-note = `/sudoku note <cell> <digits>`: notes a llapis, p. ex. `B7 257`; amb la casella `auto`, tots els candidats.
help-undo = `/sudoku undo`: desfà la teva darrera jugada.
help-check = `/sudoku check`: quantes xifres tens malament (`/sudoku check show` diu quines).
help-hint = `/sudoku hint`: el pas lògic següent; torna-ho a demanar per veure'n més.
help-submit = `/sudoku submit <grid>`: lliura una solució completa.
help-giveup = `/sudoku giveup`: veure la solució i acabar la partida.
help-solve = `/sudoku solve <grid>`: resol qualsevol sudoku (81 xifres o un tauler).
help-stats = `/sudoku stats [player]`: partides, resolts, millors temps i ratxes.
help-daily = `/sudoku daily`: el sudoku del dia del servidor, igual per a tothom; un intent al dia.
help-leaderboard = `/sudoku leaderboard [avui|setmana|històric|curses]`: classificacions del servidor.
help-coop = `/sudoku coop [empty] [difficulty]`: un tauler per a tot el canal (`coop posar|anotar|pista|comprovar|desfer|mostrar|acabar`).
help-race = `/sudoku race [empty] [difficulty] [players]`: cursa amb el mateix sudoku: sense pistes, fora amb 3 errors.
help-challenge = `/sudoku challenge @player`: un duel 1 contra 1 amb puntuació.
help-settings = `/sudoku settings [check-as-you-go:sí|no] [board:text|imatge] [language]`: les teves preferències.
help-play = `/sudoku play` (o `web`): el teu tauler al navegador.
help-share = `/sudoku share`: publica el teu resultat del dia, sense espòilers.
help-forget-me = `/sudoku forget-me`: esborra totes les teves partides i estadístiques.
help-setup = `/sudoku-daily setup channel:#daily time:09:00 timezone:Europe/Madrid`
help-off = `/sudoku-daily off`
