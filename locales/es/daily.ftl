# Retos diarios del servidor: el reto diario, su publicación, las rachas, las clasificaciones,
# compartir resultados y la configuración de los administradores. Las marcas de tiempo de
# Discord (<t:…>) se muestran en la hora y el idioma de cada lector.

daily-servers-only = Los retos diarios son cosa de cada servidor: usa este comando en un canal de un servidor.
daily-headline = Sudoku diario del { $date }.
daily-clock-starts = Tu reloj empieza a correr ahora y no se detiene hasta que lo resuelvas, ni siquiera en las pausas; cada error o pista suma 30 s.
# $how: `solved` o `given-up`; $ranked como en `daily-ranked-clean` o "7:12 (6:12 + 2 errores)".
daily-done-today = { $how ->
    [solved] Ya has resuelto el reto diario de hoy, con un tiempo de clasificación de { $ranked }.
   *[given-up] Hoy ya has abandonado el reto diario.
} Un intento al día: el siguiente sudoku se abre { $next }.
daily-forgotten = Hoy ya has jugado aquí el reto diario (antes de borrar tus datos). Un intento al día: el siguiente sudoku se abre { $next }.
daily-ranked-clean = { $ranked } (sin errores ni pistas)
daily-ranking = Tiempo de clasificación: desde que abres el reto diario hasta que lo resuelvas, más 30 s por cada error y cada pista; un día con 3 errores o más queda al final.
daily-solved = ¡Reto diario completado! Tiempo de clasificación: { $ranked }, es decir, el tiempo desde que lo abriste más 30 s por cada error y cada pista. Racha: { $days ->
    [one] 1 día
   *[other] { $days } días
} (récord: { $best }). Mira `/sudoku leaderboard`.
daily-solved-late = El día de ese reto diario ya había terminado: no cuenta como reto diario resuelto ni para tu racha.
streak-at-stake = ¡Resuelve el reto diario de hoy para mantener tu racha de { $days ->
    [one] 1 día
   *[other] { $days } días
}!
streak-line = Racha de retos diarios: { $days ->
    [one] 1 día
   *[other] { $days } días
} (récord: { $best }).
stats-dailies = Retos diarios aquí: { $solved ->
    [one] 1 resuelto
   *[other] { $solved } resueltos
} · racha { $streak } (récord: { $best })
daily-post-failed = Para los administradores: la última publicación diaria ha fallado: { $error }.
daily-paused = Para los administradores: las publicaciones diarias están en pausa: { $why }. Cuando el bot pueda publicar ahí (o en otro canal), usa `/sudoku-daily setup` para reanudarlas.
# Por qué no salió una publicación diaria, para los administradores (tras
# `daily-paused` o `daily-post-failed`); $channel es el id del canal y $detail, el error
# de Discord tal como lo dio.
daily-trouble-unprepared = no se ha podido preparar el sudoku de hoy ({ $detail }); se vuelve a intentar cada pocos minutos
daily-trouble-failed = no se ha podido publicar en <#{ $channel }> ({ $detail }); comprueba que el canal existe y que el bot puede enviar mensajes en él
daily-trouble-refused = <#{ $channel }> rechaza al bot ({ $detail }): lo han eliminado, o puede que el bot ya no pueda verlo o enviar mensajes en él
daily-trouble-deleted = <#{ $channel }> se ha eliminado

## La publicación diaria, en el idioma del servidor.

daily-post = **Sudoku diario del { $date }** · #{ $number } · { $tier }
    Pulsa «Jugar» (o usa `/sudoku daily`) para tener tu propio tablero. Tu reloj empieza cuando pulsas «Jugar» y no se detiene hasta que lo resuelvas, ni siquiera en las pausas; cada error o pista suma 30 s.
daily-post-yesterday = Ayer: { $solvers ->
    [one] 1 jugador lo resolvió
   *[other] { $solvers } jugadores lo resolvieron
}; mejor tiempo: { $best }, { $ranked }. Racha del servidor: { $days ->
    [one] 1 día
   *[other] { $days } días
}.
daily-post-yesterday-none = Ayer: nadie lo resolvió.
button-play = Jugar

## Clasificaciones. $period: `today`, `week` o `all-time`; $today: `yes` en la clasificación de hoy.

leaderboard-title = **{ $period ->
    [today] Clasificación del reto diario de hoy ({ $date })
    [week] Clasificación del reto diario de los últimos 7 días
   *[all-time] Clasificación histórica del reto diario
}**
leaderboard-empty = Nadie ha resuelto todavía un reto diario en este periodo. Estrena la clasificación: `/sudoku daily`.
leaderboard-footer = Racha del servidor: { $days ->
    [one] 1 día
   *[other] { $days } días
}. El siguiente sudoku se abre { $next }.
leaderboard-solved = { $count ->
    [one] 1 resuelto
   *[other] { $count } resueltos
} · { $result }
leaderboard-unchecked = { $today ->
    [yes] sin comprobación sobre la marcha
   *[no] { $count } sin comprobación sobre la marcha
}
leaderboard-auto-notes = { $today ->
    [yes] notas automáticas
   *[no] { $count } con notas automáticas
}
leaderboard-unverified = { $today ->
    [yes] sin verificar: más rápido de lo que una persona puede resolverlo
   *[no] { $count } sin verificar (más rápido de lo humanamente posible)
}
leaderboard-unranked = sin clasificar ({ $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
})
leaderboard-you = tú

## Compartir un resultado (sin spoilers).

share-said = **{ $player }** ha compartido su reto diario: { $line }
share-gave-up = abandonado tras { $time }
share-not-in-time = no resuelto a tiempo
share-unchecked = sin comprobación sobre la marcha
share-nothing = Aún no tienes ningún resultado del reto diario que compartir aquí: juega el de hoy con `/sudoku daily`.
share-not-daily = Solo se pueden compartir los resultados del reto diario.
share-finish-first = Termina primero el reto diario de hoy; luego comparte tu resultado (sin spoilers).

## /sudoku-daily setup y off (administradores).

setup-admins-only = Solo los miembros que pueden gestionar este servidor pueden configurar el reto diario.
daily-off-admins-only = Solo los miembros que pueden gestionar este servidor pueden desactivar el reto diario.
setup-bad-channel = `{ $found }` no es un canal: elige uno, p. ej. `channel:#daily-sudoku`.
setup-no-channel = Indica en qué canal publicarlo, p. ej. `channel:#daily-sudoku`.
setup-bad-difficulty = `{ $found }` no es una dificultad: usa una de estas: { $tiers }.
setup-empty-value = Un valor vacío
setup-bad-time = { $found } no es una hora: usa el formato de 24 horas HH:MM (`09:00`, `18:30`) o el de 12 horas (`9am`, `9:30pm`)
setup-bad-offset = { $found } no es un desfase respecto a UTC: escríbelo como `UTC+2`, `GMT-5`, `+05:30` o `UTC+5:45` (de UTC-12 a UTC+14).
# $near: las zonas a las que quizá se refería ("`A`, `B` o `C`"), $guesses cuántas (0: ninguna).
setup-bad-zone = { $found } no es una zona horaria que conozca.{ $guesses ->
    [0] {""}
   *[other] {" "}¿Querías decir { $near }?
} Usa una ciudad (`Madrid`, `New York`) o un nombre IANA como `Europe/Madrid`, `America/New_York`, `Asia/Tokyo` o `UTC`.
setup-offset-not-kept = No puedo guardar { $offset } como zona horaria.
setup-offset-with-dst = { $offset } solo se usa junto con el horario de verano, así que no es un desfase fijo: indica mejor tu ciudad (`St Johns`, `Adelaide`, `Lord Howe`, `Chatham`) o su nombre IANA.
# Una zona sin horario de verano; $named es `no` para un desfase sin nombre (y entonces $name está vacío).
setup-zone-fixed = { $named ->
    [yes] { $name }, { $offset }, sin horario de verano
   *[no] { $offset }, sin horario de verano
}
setup-done = El sudoku diario está activado: cada día a las { $time } ({ $zone }) en { $channel }, nivel { $tier_key ->
    [easy] fácil
    [medium] medio
    [hard] difícil
    [expert] experto
    [extreme] extremo
   *[other] { $tier }
}. Próxima publicación: { $next }. Las publicaciones son en { $language } (puedes cambiarlo con `language:`).
setup-zone-from = A partir del { $from }, cuando acabe el día en curso, los días se cuentan en { $zone }: un día que ya ha empezado mantiene sus horas.
setup-zone-settling = La zona horaria ha cambiado hace poco: podrás volver a cambiarla a partir del { $at }.
daily-off-done = El sudoku diario está desactivado: no habrá más publicaciones. Los jugadores pueden seguir jugando con `/sudoku daily`.
