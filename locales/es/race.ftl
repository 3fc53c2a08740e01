# Carreras y retos. $race es el nombre de una carrera (`race-name`, femenino: "la Carrera
# #3"); $player, $host y $opponent son nombres de jugadores; $time y $limit son
# duraciones como 3:05 o 10:00. La sala, el marcador y el resultado son publicaciones del
# canal, en el idioma del servidor donde se abrió la carrera; lo demás responde a un
# jugador.

race-name = Carrera #{ $number }
# Un puesto en una carrera, según las reglas de los ordinales: 1.º, 2.º, 3.º…
race-ordinal = { $place ->
   *[other] { $place }.º
}
race-rules = Reglas: gana quien lo resuelva primero; al tercer error quedas fuera; no hay pistas; la solución no se muestra hasta que termine la carrera.
# Alguien que pidió que lo olvidaran: sus resultados se quedan; su nombre, no.
race-former-player = un antiguo jugador
race-unrated = sin puntuación

## El sudoku: "Medio, 45 vacías" ($tier es la dificultad; $empty, `race-empty`).

race-empty = { $count ->
    [one] { $count } vacía
   *[other] { $count } vacías
}
race-puzzle = { $tier }, { $empty }

## Abrir una carrera o un reto: lo que se le dice al jugador cuando no se puede.

race-challenge-self = No puedes retarte a ti mismo. Nombra a otro jugador, p. ej. `/sudoku challenge @player`, o abre una carrera en la que pueda entrar cualquiera con `/sudoku race`.
race-challenge-bot = { $player } es un bot, y los bots no compiten. Reta a una persona.
race-in-dm = Las carreras se juegan en un canal de un servidor, donde otros pueden unirse. Abre una allí con `/sudoku race`.
race-players-range = En una carrera caben de 2 a { $max } jugadores (Discord muestra una línea del marcador por cada uno); has pedido { $asked }.
# $state: `lobby` (aún no ha empezado) o `running`.
race-already-racing = Ya estás en la { $race } ({ $state ->
    [lobby] esperando a que empiece
   *[running] en curso
}). Termínala o sal de ella antes.
race-gone = Esa carrera ya no existe.
race-elsewhere = Esa carrera es de otro servidor.

## Lo que rechazan las reglas de la carrera (unirse, salir, empezar, cancelar, aceptar,
## rechazar).

race-error-already-in = Ya estás en esta carrera.
race-error-started = Esta carrera ya ha empezado; abre una nueva con `/sudoku race`.
# $how: `finished`, `expired`, `declined` o `cancelled`.
race-error-over = { $how ->
    [finished] Esta carrera ya ha terminado
    [expired] Esta carrera ha caducado
    [declined] Este reto se ha rechazado
   *[cancelled] Esta carrera se ha cancelado
}; abre otra carrera con `/sudoku race`.
race-error-full = Esta carrera ya está completa ({ $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}).
race-error-not-host = Solo quien organiza esta carrera puede empezarla o cancelarla.
race-error-not-invited = Este reto es para otra persona; reta tú a alguien con `/sudoku challenge`.
race-error-rematch-only = Esta revancha es para los jugadores de la última carrera; abre tu propia carrera con `/sudoku race`.
race-error-too-few = Una carrera necesita al menos 2 jugadores; espera a que alguien pulse «Unirme».
race-error-not-in = No estás en esta carrera; únete a la próxima con su botón «Unirme».
race-error-host-leaves = Organizas esta carrera, así que no puedes salir de ella; «Cancelar» la termina para todos.

## La sala de espera (publicación del canal). Los nombres de botón del texto son las
## etiquetas de los botones.

# La sala de un reto 1 contra 1 con puntuación; $host_rating y $opponent_rating son
# puntuaciones ("1523", "1500?" mientras es provisional, o `race-unrated`); $puzzle es
# `race-puzzle`.
race-challenge-lobby = **{ $race }**: **{ $host }** ({ $host_rating }) reta a **{ $opponent }** ({ $opponent_rating }) a una carrera 1 contra 1 { $rated ->
    [yes] puntuable
   *[no] no puntuable
} ({ $puzzle }).
race-challenge-answer = { $opponent }: pulsa «Aceptar» para empezar ya, o «Rechazar». El reto caduca dentro de { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minutos
}; hasta entonces, { $host } puede retirarlo con «Retirar».
race-lobby = **{ $race }**: { $puzzle } · organiza { $host }
# $names: los jugadores apuntados hasta ahora, "ann, bob".
race-lobby-players = Jugadores ({ $count } de { $capacity }): { $names }
race-lobby-join = Pulsa «Unirme» para participar.
race-lobby-join-rematch = Es una revancha: los jugadores de la última carrera pulsan «Unirme».
race-lobby-autostart = Empieza sola cuando se hayan unido { $capacity }, o cuando { $host } pulse «Empezar».
race-lobby-host-starts = { $host } la empieza con «Empezar».
race-lobby-how = Todos reciben el mismo sudoku en el mismo momento, cada uno en su tablero privado. Si nadie la empieza, la sala se cierra dentro de { $minutes ->
    [one] 1 minuto
   *[other] { $minutes } minutos
}.

race-button-join = Unirme
race-button-start = Empezar
race-button-leave = Salir
race-button-cancel = Cancelar
race-button-accept = Aceptar
race-button-decline = Rechazar
race-button-withdraw = Retirar

## Una sala que terminó antes de empezar.

race-challenge-lapsed = **{ $race }**: el reto de { $host } ha caducado: han pasado { $limit } sin respuesta.
race-lobby-expired = **{ $race }**: la sala se ha cerrado: han pasado { $limit } sin que nadie empezara la carrera. Abre otra con `/sudoku race`.
race-challenge-declined = **{ $race }**: { $opponent } ha rechazado el reto de { $host }.
race-challenge-withdrawn = **{ $race }**: { $host } ha retirado el reto.
race-cancelled = **{ $race }**: { $host } ha cancelado la carrera antes de que empezara.

## El marcador (publicación del canal): un titular y una línea por participante.

race-clock-running = en curso: { $time } de { $limit }
race-clock-finished = terminada en { $time }
race-scoreboard-rules = fuera con { $limit ->
    [one] { $limit } error
   *[other] { $limit } errores
}, sin pistas
# $place es `race-ordinal`.
race-row-placed = { $place } en { $time }
race-row-out = fuera ({ $count ->
    [one] { $count } error
   *[other] { $count } errores
})
# $filled de las $empty casillas están bien.
race-row-unfinished = sin terminar ({ $filled }/{ $empty })
race-row-filled = { $filled }/{ $empty } casillas
race-row-gave-up = ha abandonado
race-row-no-board = sin tablero
race-row-mistakes = { $count }/{ $limit ->
    [one] { $limit } error
   *[other] { $limit } errores
}
race-racers-hint = Participantes: pulsa «Mi tablero» para ver tu tablero privado y juega con su teclado o con `/sudoku move B7 4`.

## El tablero propio de un participante.

race-board-not-in = No estás en la { $race }, así que no tienes ningún tablero en ella. Únete a la próxima carrera con su botón «Unirme», o abre una con `/sudoku race`.
race-board-not-started = La { $race } aún no ha empezado: tu tablero aparecerá cuando empiece.
race-board-headline = Tu tablero en la { $race }: juega con el teclado de debajo o escribe `/sudoku move B7 4`.

## El resultado (publicación del canal) y la resolución de un participante.

race-wins = ¡**{ $player }** gana la { $race } en { $time }!
race-result-aborted = La { $race } se ha anulado: nadie hizo ninguna jugada durante { $limit }. No puntúa.
# $timed: `yes` cuando la carrera agotó todo su tiempo ($limit).
race-result-no-winner = { $timed ->
    [yes] La { $race } ha terminado sin ganador: nadie resolvió el sudoku dentro del límite de { $limit }.
   *[no] La { $race } ha terminado sin ganador: nadie resolvió el sudoku.
}
# Los demás tras el ganador, cada uno con una de estas: "2.º cat (3:10) · ann ha abandonado".
race-result-placed = { $place } { $player } ({ $time })
race-result-out = { $player } ha quedado fuera ({ $count ->
    [one] { $count } error
   *[other] { $count } errores
})
race-result-gave-up = { $player } ha abandonado
race-result-unfinished = { $player } no ha terminado
# $ratings: "ann 1516? (+16) · bob 1484? (-16)".
race-result-ratings = Puntuaciones: { $ratings }
race-unrated-why = No puntúa: { $why ->
    [small] un reto necesita { $min } casillas vacías o más para puntuar.
    [pair] estos dos ya han jugado { $limit } retos puntuables en las últimas 24 horas.
    [unverified] un tiempo más rápido de lo humanamente posible no puntúa.
   *[forgotten] un jugador ha pedido que se le olvide.
}
race-button-rematch = Revancha
race-button-share = Compartir mi resultado
race-solve-late = La { $race } ya había terminado, así que esta resolución no cuenta para la clasificación.
race-solve-placed = **{ $player }** ha terminado la { $race } en { $time }: { $place } puesto.
race-solve-unverified = **{ $player }** ha terminado la { $race } en { $time }, más rápido de lo que una persona puede resolver el sudoku: sin verificar, queda por detrás de todos los que terminen verificados.

## Una revancha o un resultado compartido, pedidos desde debajo del resultado.

race-rematch-not-in = Solo los jugadores de esa carrera pueden pedir la revancha. Abre tu propia carrera con `/sudoku race`.
race-rematch-not-over = La { $race } aún no ha terminado: la revancha viene después.
race-rematch-no-opponent = Tu rival de ese reto ya no está aquí para jugar.
race-rematch-alone = De esa carrera solo queda aquí un jugador: abre una nueva con `/sudoku race`.
race-rematch-open = La revancha ya está abierta (es la { $race }): pulsa «Unirme» allí.
race-share-not-in = No estabas en esa carrera, así que no tienes ningún resultado que compartir.
race-share-not-over = La { $race } aún no ha terminado: comparte tu resultado cuando acabe.

race-unverified = sin verificar (más rápido de lo humanamente posible)
# El resultado compartido, con sus partes unidas por " · ": "Carrera #3 · Medio · 45 vacías
# · 🥇 1.º de 4 · 6:41 · 1 error · puntuación +12".
race-card-place = { $place } de { $count } · { $time }
# $how: `out` (demasiados errores), `unfinished` (el límite de tiempo), `given-up` o
# `not-started` (sin tablero).
race-card-outcome = { $how ->
    [out] fuera
    [unfinished] sin terminar
    [given-up] abandono
   *[not-started] sin empezar
}
# $change: "+12", "-3".
race-card-rating = puntuación { $change }

## `/sudoku leaderboard races` y la línea de carreras de `/sudoku stats`.

race-leaderboard-empty = Aquí aún no ha terminado ninguna carrera. Abre una con `/sudoku race` o reta a alguien con `/sudoku challenge @player`.
race-leaderboard-title = **Carreras** en este servidor (victorias · podios · carreras · mejor tiempo · puntuación en retos; `?`: provisional). Las victorias, los podios y los mejores tiempos cuentan las carreras de { $min } casillas vacías o más.
# La línea de un jugador tras su nombre; $best es un tiempo o "-"; $rating,
# `race-leaderboard-rating` o `race-unrated`.
race-leaderboard-row = { $won ->
    [one] { $won } victoria
   *[other] { $won } victorias
} · { $podiums ->
    [one] { $podiums } podio
   *[other] { $podiums } podios
} · { $played ->
    [one] { $played } carrera
   *[other] { $played } carreras
} · mejor { $best } · { $rating }
race-leaderboard-rating = puntuación { $rating }
race-leaderboard-ratings = Puntuaciones de retos (primero las consolidadas, luego las provisionales `?`): { $ratings }
race-stats = Carreras: { $played ->
    [one] { $played } jugada
   *[other] { $played } jugadas
} · { $won ->
    [one] { $won } ganada
   *[other] { $won } ganadas
} · { $podiums } en el podio · mejor { $best }
race-stats-rating = puntuación en retos aquí: { $rating }
