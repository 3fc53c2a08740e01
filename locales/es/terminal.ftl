# La terminal (`sudoku-bot play`): lo que dice la propia sesión alrededor de las respuestas
# del bot, en el idioma de la sesión. Las órdenes que manejan una sesión de prueba
# (`:now`, `:advance`, `:admin`, `:help`) responden en inglés; `:user` y `:place`, en el
# idioma de la sesión.

terminal-paste-how = (pega el tablero: 81 casillas en la línea del comando, o las filas de un tablero en las líneas siguientes, terminando con una línea vacía)
terminal-no-grid = (no has dado ningún tablero) { $how }
terminal-private = (solo lo ves tú)
terminal-posted = (publicado en el canal:)
terminal-race-edited = (el mensaje de la carrera, editado:)
terminal-race-posted = (el mensaje de la carrera, publicado de nuevo:)
terminal-daily-posted = (publicado en el canal { $channel } de { $place }:)
terminal-no-daily-due = (no toca publicar ningún reto diario)
terminal-picture = (imagen: { $path } · { $alt })
terminal-language = (juegas en { $language }; `:locale en|es|ca` lo cambia)
terminal-user-now = (ahora eres { $name })
terminal-place-now = (ahora estás en { $place })
terminal-bad-name = (`{ $name }` tiene un carácter de control en la posición { $at }: elige un nombre que un jugador escribiría; no ha cambiado nada)
terminal-language-now = (ahora juegas en { $language })
terminal-no-menu = (la última respuesta no tiene ningún menú)
terminal-no-option = (el menú { $menu } no tiene la opción «{ $option }»: elige entre { $options })
terminal-no-button = (la última respuesta no tiene ese botón)
