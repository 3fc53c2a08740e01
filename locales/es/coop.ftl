# Tableros cooperativos: un tablero que todo un canal rellena en equipo.

coop-said = Tablero cooperativo: { $text }
coop-team = Equipo: { $status }
coop-legend = `(5)` las cifras del equipo; una cifra incorrecta nunca se coloca
coop-legend-image = En azul: las cifras del equipo; una cifra incorrecta nunca se coloca
coop-button-undo-mine = Deshacer mi jugada
coop-button-show-board = Ver tablero
# $running: `yes` mientras se juega el tablero ("hasta ahora").
coop-title = **Tablero cooperativo** de este canal · empezado por **{ $starter }**{ $players ->
    [0] {""}
    [one] {" "}· 1 jugador{ $running ->
        [yes] {" "}hasta ahora
       *[no] {""}
    }
   *[other] {" "}· { $players } jugadores{ $running ->
        [yes] {" "}hasta ahora
       *[no] {""}
    }
}
coop-who-did-what = Quién ha hecho qué:
coop-tally = **{ $player }**: { $cells ->
    [one] 1 casilla
   *[other] { $cells } casillas
}, { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}{ $hints ->
    [0] {""}
    [one] , 1 pista
   *[other] , { $hints } pistas
}
coop-former-player = un antiguo jugador
coop-stats = Tableros cooperativos: { $solved ->
    [one] 1 resuelto
   *[other] { $solved } resueltos
} en equipo (de { $boards }) · { $cells ->
    [one] 1 casilla rellenada
   *[other] { $cells } casillas rellenadas
} · { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}
coop-none = no hay ninguno en marcha en este canal. Empieza uno para todos con `/sudoku coop` (p. ej. `/sudoku coop 45 medium`).
coop-gone = ese tablero ya no existe.
coop-servers-only = Los tableros cooperativos se juegan en un canal de un servidor. Aquí, juega una partida tuya con `/sudoku new`.
coop-too-many = no puedo crear ese sudoku: { $asked } casillas vacías es imposible, porque un sudoku con una sola solución necesita al menos 17 cifras iniciales; por tanto, puede haber como mucho { $max } casillas vacías. Por ejemplo: `/sudoku coop 45`.
coop-already-running = ya hay uno en marcha en este canal; aquí lo tienes. Es de todo el canal; si se queda a medias, quien lo empezó o un administrador puede terminarlo con `/sudoku coop terminar`.
# $tier como en `tier` (common.ftl).
coop-new = { $tier ->
    [easy] un nuevo sudoku fácil
    [medium] un nuevo sudoku de nivel medio
    [hard] un nuevo sudoku difícil
    [expert] un nuevo sudoku de nivel experto
    [extreme] un nuevo sudoku de nivel extremo
   *[none] un nuevo sudoku
} para todo el canal, { $empty ->
    [one] 1 casilla vacía
   *[other] { $empty } casillas vacías
}. Se rellena entre todos con `/sudoku move B7 4` (o con `/sudoku coop poner B7 4` si tienes aquí una partida propia). Una cifra incorrecta no se coloca y cuenta como error del equipo.
# $how: `solved` o `ended`.
coop-over = este tablero { $how ->
    [solved] ya está resuelto
   *[ended] se ha dado por terminado
}. Empieza otro con `/sudoku coop`.
# $who: `me` (el jugador que pregunta), `named` ($name dice quién) o `someone`.
coop-filled = { $cell } ya tiene una cifra ({ $digit }), puesta por { $who ->
    [me] ti
    [named] **{ $name }**
   *[someone] alguien del equipo
}. No se ha cambiado nada.
coop-not-yours = la cifra de { $cell } es { $who ->
    [me] tuya
    [named] de **{ $name }**
   *[someone] de alguien del equipo
}; solo quien la puso puede borrarla (y es correcta: las cifras incorrectas nunca se colocan). No se ha cambiado nada.
coop-note-on-filled = { $cell } tiene una cifra; las notas van en las casillas vacías. No se ha cambiado nada.
coop-nothing-to-undo = no tienes ninguna jugada tuya que deshacer en este tablero.
coop-stale-undo = ya has deshecho una jugada desde que se dibujaron esos botones; no se ha cambiado nada. `/sudoku coop tablero` muestra el tablero tal como está ahora.
coop-nothing-to-change = no hay nada que cambiar (esas casillas ya están vacías).
coop-stale-buttons = ha cambiado desde que se dibujaron esos botones; así está ahora. No se ha cambiado nada.
coop-played = **{ $player }** ha jugado { $moves }.
coop-wrong = **{ $player }** ha probado { $moves }, pero { $count ->
    [one] está mal y no se ha colocado
   *[other] están mal y no se han colocado
} (errores del equipo: { $mistakes }).
coop-solved = ¡Tablero cooperativo resuelto en { $time } por un equipo de { $players ->
    [one] 1 jugador
   *[other] { $players } jugadores
}, { $mistakes ->
    [0] sin errores
    [one] con 1 error
   *[other] con { $mistakes } errores
} y { $hints ->
    [0] sin pistas
    [one] con 1 pista
   *[other] con { $hints } pistas
}! **{ $player }** ha puesto la última cifra. Empieza otro con `/sudoku coop`.
coop-auto-notes = { $count ->
    [0] todas las casillas vacías ya muestran sus candidatos. No se ha cambiado nada.
    [one] **{ $player }** ha puesto como notas los candidatos de 1 casilla.
   *[other] **{ $player }** ha puesto como notas los candidatos de { $count } casillas.
}
coop-note-auto-no-digits = `coop anotar auto` no lleva cifras: anota los candidatos de todas las casillas vacías. No se ha cambiado nada.
coop-note-bad-cell = `{ $found }` no es una casilla: las filas van de la A a la I y las columnas del 1 al 9. Ejemplo: `/sudoku coop anotar B7 257`.
coop-note-bad-digits = `{ $found }` no es una lista de cifras del 1 al 9. Ejemplo: `/sudoku coop anotar { $cell } 257`.
coop-notes-updated = **{ $player }** ha actualizado las notas de { $cell }.
coop-undone = **{ $player }** ha deshecho su última jugada ({ $cells }).
coop-check = todas las cifras que tiene son correctas (una cifra incorrecta nunca se coloca). { $empty ->
    [one] Queda 1 casilla vacía
   *[other] Quedan { $empty } casillas vacías
}; errores del equipo hasta ahora: { $mistakes }.
coop-hint = Pista del tablero cooperativo (cuenta para el equipo). { $hint }
coop-end-not-yours = solo quien lo empezó (**{ $starter }**) o un administrador del servidor puede terminarlo. No se ha cambiado nada.
coop-ended = Tablero cooperativo terminado por **{ $player }**, sin resolver. Aquí tienes la solución; empieza otro con `/sudoku coop`.
