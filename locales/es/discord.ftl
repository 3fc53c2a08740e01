# Lo que dice el adaptador de Discord por su cuenta, antes del núcleo: negativas y el
# formulario de entrega.

discord-restarting = El bot se está reiniciando; vuelve a intentarlo en un minuto.
discord-cant-run = No puedo ejecutar eso: { $problem }.
discord-old-button = Este botón es de una versión anterior del bot; usa `/sudoku show` para ver un tablero nuevo.
discord-cant-post-daily = No puedo publicar el sudoku diario en { $channel }: necesito el permiso { $missing } ahí. Dáselo al bot (ajustes del canal, Permisos) y vuelve a ejecutar esto.
# $what: `race` o `coop`.
discord-cant-open-board = No puedo { $what ->
    [race] organizar una carrera
   *[coop] empezar un tablero cooperativo
} en este canal: necesito el permiso { $missing } aquí. Dáselo al bot (ajustes del canal, Permisos) y vuelve a intentarlo.
discord-no-activities = Para abrir el tablero interactivo hace falta el permiso Usar Actividades en este canal, y aquí no lo tienes. El tablero del chat funciona como siempre (`/sudoku show`), y `/sudoku web` te da un enlace privado a él en un navegador.
# Un permiso tal como lo nombran los ajustes de Discord.
permission = { $name ->
    [view-channel] Ver canal
   *[send-messages] Enviar mensajes
}
discord-submit-title = Entrega tu solución
discord-submit-label = Tu cuadrícula resuelta
discord-submit-placeholder = Pega tu tablero o escribe 81 cifras

discord-message-unreadable = no he podido leer ese mensaje
discord-unknown-command = este bot ya no tiene el comando /{ $command } (puede que Discord aún muestre una lista antigua: prueba dentro de un minuto)
discord-old-form = ese formulario es de una versión anterior del bot
discord-answered-privately = Te he respondido en privado.
discord-launch-too-late = El tablero ha tardado demasiado en abrirse; pulsa «Toca para jugar» (o usa `/sudoku play`) otra vez.
