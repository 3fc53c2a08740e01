# Jugar una partida: new, show, move, note, undo, check, hint, submit, give up, el teclado.
# Los comandos se escriben con su nombre inglés: las menciones `/sudoku …` se dicen con los
# nombres de quien lee. Las casillas A1-I9 se llaman igual en todas partes.

nothing-changed = { $why }. No se ha cambiado nada.
game-none = No tienes ninguna partida en curso aquí. Empieza una con `/sudoku new` (p. ej. `/sudoku new 40`).
game-none-coop = Aquí no tienes ninguna partida propia. El tablero cooperativo del canal es de todos: juega en él con `/sudoku coop poner`; quien lo empezó o un administrador lo termina con `/sudoku coop terminar`.
game-gone = Esa partida ya no existe.
game-not-yours = Esta partida no es tuya, así que no puedes usar sus botones. Empieza la tuya con `/sudoku new`.
game-stale-buttons = El tablero ha cambiado desde que se dibujaron esos botones; así está ahora.
game-race-unseen = **Ha empezado la { $race }** y su reloj ya corre. No se ha cambiado nada: los comandos escritos esperan a que hayas visto tu tablero de la carrera. Pulsa «Mi tablero» (o escribe `/sudoku show`) para abrirlo.
# $how: `solved`, `out` (demasiados errores), `given-up`, `ended` (la carrera ha terminado).
game-race-part-over = Tu participación en la { $race } ha terminado ({ $how ->
    [solved] has resuelto el sudoku
    [out] has quedado fuera por demasiados errores
    [given-up] has abandonado
   *[ended] la carrera ha terminado
}). No se ha cambiado nada; `/sudoku race` abre otra carrera y `/sudoku new`, una partida tuya.
game-over = Esa partida ya ha terminado ({ $how ->
    [solved] resuelta
   *[given-up] abandonada
}). Empieza otra con `/sudoku new`.
game-solved = ¡Resuelto en { $time }, { $mistakes ->
    [0] sin errores
    [one] con 1 error
   *[other] con { $mistakes } errores
} y { $hints ->
    [0] sin pistas
    [one] con 1 pista
   *[other] con { $hints } pistas
}! Empieza otra partida con `/sudoku new`.
game-in-progress = Ya tienes una partida en curso aquí ({ $left ->
    [one] falta 1 casilla
   *[other] faltan { $left } casillas
}, llevas { $time } de juego). Termínala primero, o abandónala con `/sudoku giveup`, y luego empieza otra.
game-new-zero = Un sudoku con 0 casillas vacías no tendría nada que rellenar. Pide al menos 1, p. ej. `/sudoku new 40`.
game-new-too-many = No puedo crear ese sudoku: { $asked } casillas vacías es imposible, porque un sudoku con una sola solución necesita al menos 17 cifras iniciales; por tanto, puede haber como mucho { $max } casillas vacías. Por ejemplo: `/sudoku new 45`.
# $tier como en `tier` (common.ftl).
game-new = { $tier ->
    [easy] Nuevo sudoku fácil
    [medium] Nuevo sudoku de nivel medio
    [hard] Nuevo sudoku difícil
    [expert] Nuevo sudoku de nivel experto
    [extreme] Nuevo sudoku de nivel extremo
   *[none] Nuevo sudoku
}: { $empty ->
    [one] 1 casilla vacía
   *[other] { $empty } casillas vacías
}, una sola solución. Juega con `/sudoku move B7 4`.
# $back: `race` o `daily`: cómo vuelve el jugador a ella.
game-new-other-open = { $game } sigue en curso (su reloj no se detiene): las jugadas que escribas irán ahora a esta partida nueva; para volver, { $back ->
    [race] pulsa «Mi tablero» en la carrera
   *[daily] usa `/sudoku daily`
}.
game-also-open = También en curso: { $games }. Las jugadas que escribes van a la última partida mostrada; pulsa un botón «Ver…» para cambiar.

## Jugadas. $what: `placed`, `erased` o `both`.

# Una cifra puesta, en la lista tras "Has puesto": "un 4 en B7".
game-placed-digit = un { $digit } en { $cell }
game-moved = { $what ->
    [placed] Has puesto { $placed }.
    [erased] Has borrado { $erased }.
   *[both] Has puesto { $placed } y has borrado { $erased }.
}
game-already-empty = { $cells } { $count ->
    [one] ya está vacía
   *[other] ya están vacías
}.
game-erase-nothing = { $cells } { $count ->
    [one] ya está vacía
   *[other] ya están vacías
}: no hay nada que borrar. No se ha cambiado nada.
game-moved-wrong = { $cells } { $count ->
    [one] está mal
   *[other] están mal
} (llevas { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}).
game-race-out = Quedas fuera de la { $race }: ese ha sido tu { $place } error (en una carrera se { $allowed ->
    [one] permite 1
   *[other] permiten { $allowed }
}). La solución se mostrará cuando termine la carrera.
move-error-empty = No has indicado ninguna jugada: escribe una casilla y una cifra, p. ej. `B7 4` o `B7 4, C3 5`
move-error-bad-cell = `{ $found }` no es una casilla: las filas van de la A a la I y las columnas del 1 al 9 (p. ej. `B7`, o `r2c7` para fila 2, columna 7)
move-error-no-digit = `{ $cell }` necesita una cifra: escribe `{ $cell } 4` para poner un 4, o `{ $cell } 0` para borrarla
move-error-bad-digit = `{ $found }` después de `{ $cell }` no es una cifra: usa del 1 al 9 para colocar, o 0, . o x para borrar
move-error-repeated = { $cell } aparece dos veces en un mismo comando; indica cada casilla una sola vez
rule-error-over = Esta partida ya ha terminado ({ $how ->
    [solved] resuelta
   *[given-up] abandonada
}); empieza otra con `/sudoku new`
rule-error-given = { $cell } es una cifra inicial: solo se pueden rellenar las casillas vacías
rule-error-note-on-filled = { $cell } tiene una cifra; bórrala primero (`{ $cell } 0`) para tomar notas ahí

## Notas y el teclado.

note-auto-no-digits = Con la casilla `auto` no van cifras: se anotan los candidatos de todas las casillas vacías. No se ha cambiado nada.
note-bad-cell = `{ $found }` no es una casilla: las filas van de la A a la I y las columnas del 1 al 9 (o `auto` para los candidatos de todas las casillas). Ejemplo: `/sudoku note B7 257`.
note-bad-digits = `{ $found }` no es una lista de cifras del 1 al 9. Ejemplo: `/sudoku note { $cell } 257` pone o quita las notas 2, 5 y 7.
note-auto-done = { $count ->
    [0] Notas automáticas: todas las casillas vacías ya muestran sus candidatos. No se ha cambiado nada.
    [one] Notas automáticas: 1 casilla muestra ahora las cifras que aún caben en ella según su fila, columna y caja (tus cifras cuentan, estén bien o mal). Puedes deshacerlo; tu resultado indicará que las has usado.
   *[other] Notas automáticas: { $count } casillas muestran ahora las cifras que aún caben en cada una según su fila, columna y caja (tus cifras cuentan, estén bien o mal). Puedes deshacerlo; tu resultado indicará que las has usado.
}
note-done = Notas de { $cell } actualizadas.
pad-no-cell = Elige primero una casilla: una fila en el menú Fila y una columna en el menú Columna; luego, un botón de cifra la rellena. No se ha cambiado nada.
pad-notes-mode = { $on ->
    [yes] Modo notas activado: los botones de cifras ponen o quitan notas en la casilla elegida.
   *[no] Modo notas desactivado: los botones de cifras colocan cifras.
}
pad-chose-given = Casilla { $cell } elegida: es una cifra inicial ({ $digit }) y no se puede cambiar; elige otra casilla.
pad-chose-cell = Casilla { $cell } elegida: pulsa una cifra.
pad-chose-row = Fila { $row } elegida: ahora elige una columna.
pad-chose-column = Columna { $column } elegida: ahora elige una fila.

## Deshacer, comprobar, pista.

undo-nothing = No hay nada que deshacer: aún no hay jugadas ni notas en esta partida.
undo-notes = Se han deshecho las últimas notas.
undo-move = Se ha deshecho la última jugada ({ $cells }).
check-nothing-placed = Aún no has colocado ninguna cifra, así que no hay nada que comprobar. { $empty ->
    [one] Queda 1 casilla vacía.
   *[other] Quedan { $empty } casillas vacías.
}
check-all-right = Todo lo que has colocado está bien.
check-wrong-count = { $count ->
    [one] Tienes 1 cifra mal.
   *[other] Tienes { $count } cifras mal.
}
check-wrong-cells = Cifras incorrectas: { $cells }.
check-empty = { $count ->
    [one] Queda 1 casilla vacía.
   *[other] Quedan { $count } casillas vacías.
}
check-now-marked = { $count ->
    [one] 1 cifra incorrecta queda marcada en tu tablero (`/sudoku show`) y cuenta como error
   *[other] { $count } cifras incorrectas quedan marcadas en tu tablero (`/sudoku show`) y cuentan como errores
} (sin comprobación sobre la marcha; llevas { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}).
check-show-which = Usa `/sudoku check show` para ver cuáles.
hint-said = Pista. { $hint }
hint-off-in-races = En las carreras no hay pistas: la { $race } se gana resolviendo, así que todos juegan sin ellas. `/sudoku check` sigue mostrando tus errores.
hint-wrong-first = Antes del siguiente paso: { $cells } { $count ->
    [one] está mal. Bórrala
   *[other] están mal. Bórralas
} (p. ej. `/sudoku move { $first } 0`) y vuelve a mirar.
hint-solved = El tablero está completo y correcto.
hint-wrong-counted = Cuentan como errores, igual que en una comprobación (llevas { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}).
hint-ask-again = Vuelve a pedirla para ver más detalle.
hint-same-again = (La misma pista que antes; no se vuelve a contar).

## Entregar y abandonar.

submit-unreadable = No he podido leer esa cuadrícula: { $why }. Pega las 81 casillas (filas A-I), p. ej. 81 cifras en una línea.
# $more: `yes` cuando difieren más casillas que las cinco de la lista.
submit-givens-differ = Esas cifras iniciales no coinciden con las de este sudoku (mira { $cells }{ $more ->
    [yes] , …
   *[no] {""}
}). Entrega la cuadrícula de tu partida actual.
submit-board-wrong = Aún no está resuelto. { $count ->
    [one] 1 cifra de tu tablero está mal: ahora queda marcada y cuenta como error
   *[other] { $count } cifras de tu tablero están mal: ahora quedan marcadas y cuentan como errores
} (llevas { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}). Por lo demás, tu tablero no ha cambiado.
# Lo que le falta a una cuadrícula entregada: $wrong casillas mal, $missing casillas vacías
# (cualquiera de las dos puede ser 0).
submit-what = { $wrong ->
    [0] {""}
    [one] 1 casilla está mal
   *[other] { $wrong } casillas están mal
}{ $wrong ->
    [0] {""}
   *[other] { $missing ->
        [0] {""}
       *[other] {" "}y{" "}
    }
}{ $missing ->
    [0] {""}
    [one] falta 1 cifra
   *[other] faltan { $missing } cifras
}
submit-not-solved = Aún no está resuelto: { $what }. Tu partida no ha cambiado.
submit-wrong-counted = Aún no está resuelto: { $what }. Las cifras incorrectas cuentan como errores, igual que en una comprobación (llevas { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}). Tu tablero no ha cambiado.
submit-race-out = No está resuelto: { $what }. Con eso llevas { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}: quedas fuera de la { $race } (en una carrera se { $allowed ->
    [one] permite 1
   *[other] permiten { $allowed }
}). La solución se mostrará cuando termine la carrera.
giveup-ask = ¿Quieres abandonar esta partida y ver la solución?
giveup-race-ask = ¿Quieres abandonar la { $race }? Saldrás de la carrera, y la solución seguirá oculta hasta que termine.
giveup-race-done = Has abandonado la { $race }. { $sealed ->
    [yes] La solución queda oculta para todos los participantes hasta que termine la carrera; entonces `/sudoku show` te la mostrará.
   *[no] Aquí tienes la solución.
}
giveup-done = Partida abandonada. Aquí tienes la solución; empieza otra con `/sudoku new`.
giveup-daily-ask = ¿Quieres abandonar el reto diario de hoy? Su solución se mostrará cuando termine el día del servidor, para todos a la vez.
giveup-daily-done = Reto abandonado. La solución se mostrará cuando termine el día del servidor ({ $at }), para todos a la vez: aún se está jugando el reto diario de hoy.

## Botones bajo las respuestas.

button-my-board = Mi tablero
button-show-my-game = Ver mi partida
button-show-game = Ver { $game }
button-new-game = Nueva partida
button-share = Compartir
button-more-detail = Más detalle
button-yes-give-up = Sí, abandonar

## Sudokus que no se pueden hacer tal como se piden: por qué, y qué pedir en su lugar.

# $example: `yes` para acabar con un ejemplo de qué pedir.
puzzle-refused = No puedo hacer ese sudoku: { $why }.{ $example ->
    [yes] {" "}Por ejemplo: `/sudoku new 45`.
   *[no] {""}
}
puzzle-zero-empty = Un sudoku con 0 casillas vacías no tendría nada que rellenar. Pide al menos 1, p. ej. 40.
puzzle-too-many-empty = { $asked } casillas vacías es imposible: un sudoku con una sola solución necesita al menos 17 cifras iniciales, así que como mucho puede haber { $max } casillas vacías
puzzle-too-few-empty = los sudokus de nivel { $tier_key ->
    [easy] fácil
    [medium] medio
    [hard] difícil
    [expert] experto
    [extreme] extremo
   *[other] { $tier }
} necesitan al menos { $min } casillas vacías (has pedido { $asked }); pide más casillas vacías o una dificultad más fácil
puzzle-tier-not-found = no he encontrado ningún sudoku de nivel { $tier_key ->
    [easy] fácil
    [medium] medio
    [hard] difícil
    [expert] experto
    [extreme] extremo
   *[other] { $tier }
} en { $attempts } intentos; vuelve a probar, o pide otro número de casillas vacías
puzzle-symmetry-parity = la simetría { $symmetry } no puede dejar exactamente { $asked } casillas vacías
puzzle-symmetry-too-empty = { $asked } casillas vacías con simetría { $symmetry } es demasiado raro para encontrarlo; con simetría { $symmetry } pide { $max } o menos, o quita la simetría (hasta { $most })
# $symmetric: `yes` cuando se ha pedido una simetría.
puzzle-not-found = { $symmetric ->
    [yes] no he encontrado ningún sudoku con { $asked } casillas vacías y simetría { $symmetry } dentro del presupuesto de búsqueda; los sudokus simétricos tan vacíos son raros: prueba con 58 o menos, o sin simetría (hasta { $most })
   *[no] no he encontrado ningún sudoku con { $asked } casillas vacías dentro del presupuesto de búsqueda; vuelve a probar, o pide menos casillas vacías
}
solve-unverified = Sin verificar: es más rápido de lo que una persona puede resolver este sudoku (menos de { $floor }), así que se guarda, pero queda por detrás de todos los resultados verificados y no puntúa.
