# El tablero web y la Actividad de Discord: las palabras de la propia página (sus
# botones, lo que oyen los lectores de pantalla, su conexión e inicio de sesión), el
# título y el panel del tablero, y lo que el servidor de la página le dice al navegador.

## Las palabras de la propia página, que se le envían tal cual. `{ $cell }`, `{ $name }`
## y `{ $step }` los rellena la página. Sus botones comparten las palabras del teclado
## del chat (`pad-erase`, `button-undo`… en board.ftl), y sus casillas las etiquetas del
## teclado (`pad-cell-given`…).

web-page-connecting = Conectando…
web-page-reconnecting = Reconectando…
web-page-disconnected = Desconectado
web-page-waiting = Esperando al bot…
# Tras el nombre del propio jugador en la lista de jugadores de un tablero.
web-page-you = (tú)
web-page-notes = Notas
web-page-new-game = Nueva partida
web-page-confirm-give-up = ¿Abandonar esta partida? Termina aquí, sin resolver.
web-page-yes = Sí
web-page-no = No
# Lo que un lector de pantalla dice de las partes de la página.
web-page-game = Partida
web-page-board = Tablero de sudoku, filas de la A a la I, columnas del 1 al 9
web-page-pad = Teclado numérico
web-page-playing-as = Juegas como { $name }
web-page-no-game-title = Aquí no hay partida
web-page-no-game = Aquí aún no hay ninguna partida.
web-page-choose-cell = Elige primero una casilla: tócala o usa las flechas.
web-page-no-link = Abre este tablero desde el enlace que da /sudoku web.
web-page-new-link = Pide al bot un enlace nuevo con /sudoku web.
web-page-reopen = Cierra la Actividad y vuelve a abrirla.
web-page-cannot-open = Este tablero no se puede abrir.
web-page-signing-in = Iniciando sesión con Discord…
web-page-discord-closed = Discord ha cerrado la Actividad.
web-page-discord-refused = Discord lo ha rechazado.
# $step: el paso del inicio de sesión que esperó (`handshake`, `authorize`…), como lo
# llama el SDK.
web-page-discord-silent = Discord no ha respondido a tiempo ({ $step }).
web-page-sign-in-failed = El bot no ha podido iniciar tu sesión.
web-page-sign-in-slow = El bot ha tardado demasiado en iniciar tu sesión.

## El tablero tal como lo muestra la página.

web-title-game = Partida #{ $id }
web-title-coop = Tablero cooperativo
web-standings = Clasificación
web-players = Jugadores
web-coop-player = { $digits ->
    [one] 1 cifra colocada
   *[other] { $digits } cifras colocadas
} · { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errores
}
web-solved = ¡Resuelto!
web-given-up = Abandonado
web-mistakes = Errores: { $count }
web-hints = Pistas: { $count }

## Un toque que el servidor de la página rechaza (sin cambiar nada).

web-no-game = Aquí no hay ninguna partida en curso: empieza una con «Nueva partida».
web-another-board = Ahora hay otra partida en curso aquí, así que ese toque no se ha aplicado. Aquí la tienes; no se ha cambiado nada.
web-coop-not-given-up = Un tablero cooperativo no se abandona: quien lo empezó (o un administrador) lo termina con /sudoku coop terminar.
# $index: lo que envió la página, un número que no es ninguna casilla 0-80.
web-tap-no-cell = Ese toque no indica ninguna casilla del tablero ({ $index }): no se ha cambiado nada.
web-tap-no-digit = { $digit } no es una cifra del 1 al 9: no se ha cambiado nada.
web-not-understood = La página ha enviado algo que el bot no entiende; no se ha cambiado nada. Prueba a recargar la página.
web-slow-down = Demasiados toques a la vez: espera un momento. No se ha cambiado nada.

## Abrir un tablero: enlaces, sesiones, el inicio de sesión de la Actividad.

web-link-expired = Este enlace ha caducado. Pide uno nuevo al bot con /sudoku web (los enlaces duran 15 minutos; un tablero abierto con uno sigue abierto 12 horas).
web-link-invalid = Este enlace ha caducado o no lo ha hecho el bot (puede que esté cortado, o que el bot se haya reiniciado con otra clave). Pide uno nuevo con /sudoku web.
web-off = El tablero web no está configurado en este bot.
web-hello-first = La página no se ha identificado con su enlace; recárgala.
activity-off = La Actividad de Sudoku no está configurada en este bot.
activity-unreadable = La página ha enviado un inicio de sesión que el bot no entiende; cierra la Actividad y vuelve a abrirla.
activity-crowd = Muchos jugadores están abriendo la Actividad a la vez; ciérrala y vuelve a abrirla dentro de un momento.
activity-discord-down = Ahora mismo no se ha podido preguntar a Discord quién eres; cierra la Actividad y vuelve a abrirla dentro de un momento.
activity-not-ours = Esa no es una Actividad de este bot: vuelve a abrirla desde el canal.
activity-code-refused = Discord no ha aceptado este inicio de sesión (ya se había usado o ha caducado): cierra la Actividad y vuelve a abrirla.
activity-not-running = Discord no encuentra esta Actividad en marcha: ciérrala y vuelve a abrirla desde el canal.
activity-not-in-it = No estás en esta Actividad: ábrela tú desde el canal (o con su botón «Toca para jugar»).
