# Tableros: las líneas alrededor de un tablero, sus leyendas, su línea de estado, su teclado
# y sus botones. Los nombres de casilla (A1-I9) y las marcas entre comillas invertidas
# (`(5)`, `!5!`) se quedan como están.

board-chosen-legend = { $wrong ->
    [yes] { $cell } es la casilla elegida en el teclado
   *[no] `<5>` la casilla elegida en el teclado ({ $cell })
}
board-legend = `(5)` tus cifras · `!5!` cifras incorrectas
board-legend-unchecked = `(5)` tus cifras · `!5!` incorrectas (halladas en una comprobación) · sin comprobación sobre la marcha
board-final-legend = ` 5 ` cifras iniciales · `(5)` tus cifras · `[5]` rellenadas por el bot
board-final-legend-image = En negrita: cifras iniciales · en azul: tus cifras · en rojo y rayadas: tus cifras incorrectas · en ámbar y pequeñas: rellenadas por el bot
board-notes = Notas:
board-notes-more = …y { $count } más

## La línea de estado: "**Medio** · faltan 41 · tiempo 3:05 · 0 errores · 1 pista"

status-to-go = { $count ->
    [one] falta 1
   *[other] faltan { $count }
}
status-solved = resuelta
status-given-up = abandonada
status-out = fuera de la carrera
status-unfinished = sin terminar
status-time = tiempo { $time }
status-auto-notes = notas automáticas

## Nombres de partida: "partida de nivel medio", "Reto diario · 22 nov.",
## "tu partida de nivel medio"; $tier como en `tier`.

game-name = { $tier ->
    [easy] partida fácil
    [medium] partida de nivel medio
    [hard] partida difícil
    [expert] partida de nivel experto
    [extreme] partida de nivel extremo
   *[none] partida
}
game-name-daily = Reto diario · { $day }
game-name-yours = tu { $game }
board-title = La { $game } de **{ $owner }**
board-the-daily = reto diario
board-solved-hidden = **{ $owner }** ha resuelto el sudoku ({ $what }). Tablero oculto: nada de spoilers.
# $how: `solved`, `out` (los errores de una carrera), `timed-out` (el límite de tiempo de una
# carrera), `given-up`; $next: `sealed` (una carrera aún en marcha), `race`, `game`.
board-last-game-over = Tu { $game } ha terminado ({ $how ->
    [solved] has resuelto el sudoku
    [out] has quedado fuera por demasiados errores
    [timed-out] sin resolver: se ha agotado el tiempo de la carrera
   *[given-up] has abandonado
}). { $next ->
    [sealed] La solución se mostrará cuando termine la carrera.
    [sealed-daily] La solución se mostrará cuando termine el día del servidor: aún se está jugando el reto diario de hoy.
    [race] Abre otra carrera con `/sudoku race`.
   *[game] Empieza otra partida con `/sudoku new`.
}
banner-out-of-race = Fuera de la carrera

## Conflictos bajo un tablero (comprobación sobre la marcha): $house como en `house`.

board-conflict-pair = el { $digit } aparece dos veces en la { $house }: { $first } y { $second }
# $list: hasta tres conflictos; $more: cuántos más.
board-conflicts = { $count ->
    [one] Conflicto: { $list }.
   *[other] Conflictos: { $list }{ $more ->
        [0] {""}
       *[other] ; y { $more } más
    }.
}

## El teclado bajo un tablero y sus botones.

pad-row = Fila
pad-column = Columna
pad-erase = Borrar
pad-notes = { $on ->
    [yes] Notas: sí
   *[no] Notas: no
}
pad-auto-notes = Notas automáticas
pad-cell-given = { $cell }: cifra inicial { $digit }
pad-cell-yours = { $cell }: tu { $digit }
pad-cell-wrong = { $cell }: tu { $digit }, incorrecto
pad-cell-empty = { $cell }: vacía
pad-cell-notes = { $cell }: vacía, notas { $notes }
button-hint = Pista
button-check = Comprobar
button-undo = Deshacer
button-give-up = Abandonar

## El tablero interactivo: la Actividad dentro de Discord, el tablero web en un navegador.

play-launching = El tablero interactivo se abre como una Actividad de Discord, dentro de Discord. Aquí, `/sudoku web` te da un enlace privado al mismo tablero en un navegador.
# $web: `yes` cuando el bot también sirve el tablero web.
play-not-set-up = La Actividad de Sudoku no está configurada en este bot: la activa quien lo gestiona (una sección `[activity]` en la configuración, y las Actividades en el portal de desarrolladores de Discord). { $web ->
    [yes] El tablero del chat funciona como siempre, y `/sudoku web` te da un enlace privado al mismo tablero en un navegador.
   *[no] El tablero del chat funciona como siempre.
}
web-not-set-up = El tablero web no está configurado en este bot: lo activa quien lo gestiona (una sección `[web]` en la configuración, o `sudoku-bot play --web 127.0.0.1:8080` en un terminal). El tablero del chat funciona como siempre.
web-link = Tu tablero en un navegador: { $link }
    Toca una casilla y luego una cifra; las jugadas de aquí y del chat se ven en los dos. El enlace juega en tu nombre, así que no lo compartas; se puede abrir durante 15 minutos.

## Tableros como imagen: el rótulo sobre un tablero terminado, y el texto alternativo
## para lectores de pantalla ("Tablero de sudoku, 38 casillas vacías, …").

banner-solved = Resuelto
banner-given-up = Abandonado
alt-board = Tablero de sudoku, { $empty ->
    [one] 1 casilla vacía
   *[other] { $empty } casillas vacías
}
alt-wrong = { $count ->
    [one] 1 cifra incorrecta
   *[other] { $count } cifras incorrectas
}
alt-last-move = última jugada en { $cell }
alt-chosen = casilla elegida { $cell }

# El botón que abre el tablero interactivo (la Actividad).
button-tap-to-play = Toca para jugar
