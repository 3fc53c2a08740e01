# Lo que es de cada jugador: /sudoku stats y /sudoku forget-me.

# $here: `yes` para el historial de otro jugador, solo en este sitio.
stats-title = **Estadísticas de { $name }**{ $here ->
    [yes] {" "}(aquí)
   *[no] {""}
}
    Partidas: { $started ->
        [one] 1 empezada
       *[other] { $started } empezadas
    } · { $solved ->
        [one] 1 resuelta
       *[other] { $solved } resueltas
    } · { $given_up ->
        [one] 1 abandonada
       *[other] { $given_up } abandonadas
    }
stats-tier = { $tier }: { $solved ->
    [one] 1 resuelta
   *[other] { $solved } resueltas
} · mejor { $best } · media { $average }
stats-no-tier = Sin nivel
stats-none = { $own ->
    [yes] Aún no hay partidas: empieza una con `/sudoku new`.
   *[no] Aún no hay partidas aquí.
}
stats-unknown-player = Todavía no conozco a ningún jugador llamado `{ $name }`.
forget-ask = Esto borra para siempre todas tus partidas, estadísticas, rachas y resultados diarios en todos los servidores (un reto diario que ya has jugado hoy sigue contando como jugado, una carrera o un reto en el que estés se abandona antes, y tus puntuaciones de retos se guardan 90 días con una huella irreversible, sin tu nombre, para que olvidarte no reinicie ninguna puntuación). ¿Seguro?
button-forget-yes = Sí, borrarlo todo
forget-done = Hecho: { $games ->
    [one] he borrado 1 partida
   *[other] he borrado { $games } partidas
} y todo lo demás que tenía guardado sobre ti.
