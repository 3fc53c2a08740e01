# Tableros cooperativos: un tablero que todo un canal rellena en equipo.

coop-said = Tablero cooperativo: { $text }
coop-team = Equipo: { $status }
coop-legend = `(5)` las cifras del equipo; una cifra incorrecta nunca se coloca
coop-legend-image = En azul: las cifras del equipo; una cifra incorrecta nunca se coloca
coop-button-undo-mine = Deshacer mi jugada
coop-button-show-board = Ver tablero
