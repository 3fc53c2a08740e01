# Las palabras del bot en español. Los comandos se escriben con su nombre inglés
# (`/sudoku new [empty]`): el bot los dice con los nombres que muestra el Discord de quien
# lee (`/sudoku nuevo [vacías]`, ver name-* en commands.ftl). Casillas: A–I, 1–9.

## /sudoku help

help-header = **Sudoku**: filas A-I, columnas 1-9.
help-daily-rank = Reto diario: tiempo desde que lo abres, pausas incluidas, +30 s por error o pista; con 3+ errores, al final.
help-footer = O usa el teclado bajo el tablero. `(5)` tu cifra, `!5!` una errónea. En partida libre, una pausa cuenta 5 min como mucho.
help-admins = Administración: { $commands }.

help-new = `/sudoku new [empty] [difficulty]`: nueva partida, p. ej. `/sudoku new 40` (40 casillas vacías).
help-show = `/sudoku show`: tu tablero y cómo vas.
help-move = `/sudoku move <moves>`: p. ej. `B7 4` (o `r2c7 4`), `B7 4, C3 5`; `B7 0` borra.
help-note = `/sudoku note <cell> <digits>`: notas a lápiz, p. ej. `B7 257`; con la casilla `auto`, todos los candidatos.
help-undo = `/sudoku undo`: deshace tu última jugada.
help-check = `/sudoku check`: cuántas cifras tienes mal (`/sudoku check show` dice cuáles).
help-hint = `/sudoku hint`: el siguiente paso lógico; pide otra vez para más detalle.
help-submit = `/sudoku submit <grid>`: entrega una solución completa.
help-giveup = `/sudoku giveup`: ver la solución y terminar la partida.
help-solve = `/sudoku solve <grid>`: resuelve cualquier sudoku (81 cifras o un tablero).
help-stats = `/sudoku stats [player]`: partidas, resueltos, mejores tiempos y rachas.
help-daily = `/sudoku daily`: el sudoku del día del servidor, igual para todos; un intento al día.
help-leaderboard = `/sudoku leaderboard [hoy|semana|histórico|carreras]`: clasificaciones del servidor.
help-coop = `/sudoku coop [empty] [difficulty]`: un tablero para todo el canal (`coop poner|anotar|pista|comprobar|deshacer|tablero|terminar`).
help-race = `/sudoku race [empty] [difficulty] [players]`: carrera con el mismo sudoku: sin pistas, fuera con 3 errores.
help-challenge = `/sudoku challenge @player`: un duelo 1 contra 1 con puntuación.
help-settings = `/sudoku settings [check-as-you-go:sí|no] [board:texto|imagen] [language]`: tus ajustes.
help-play = `/sudoku play` (o `web`): tu tablero en el navegador.
help-share = `/sudoku share`: publica tu resultado del sudoku del día, sin spoilers.
help-forget-me = `/sudoku forget-me`: borra todas tus partidas y estadísticas.
help-setup = `/sudoku-daily setup channel:#daily time:09:00 timezone:Europe/Madrid`
help-off = `/sudoku-daily off`
