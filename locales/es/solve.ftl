# /sudoku solve: resuelve cualquier cuadrícula pegada; en pausa mientras quien pregunta juega por una clasificación, y nunca su propia partida.

solve-empty = Pega una cuadrícula después de `/sudoku solve`: 81 cifras con 0 o . para las casillas vacías, o las filas de un tablero.
solve-unreadable = No he podido leer esa cuadrícula: { $why }.
solve-unique = Resuelto: tiene exactamente una solución.
solve-several = Esta cuadrícula tiene más de una solución, así que no es un sudoku propiamente dicho. Una de ellas:
solve-none = Esta cuadrícula no tiene solución: sus cifras iniciales se contradicen en algún punto (ninguna cifra choca directamente, pero no se pueden completar todas).
# $which: de quién es la partida (o a cuál se parece demasiado).
solve-spoiler = { $which ->
    [own-game] Es el sudoku de tu partida en curso, así que no te lo voy a resolver. `/sudoku hint` te muestra el siguiente paso; `/sudoku giveup` termina la partida y enseña la solución.
   *[coop] Es un tablero cooperativo que se está jugando ahora mismo en este servidor: nada de spoilers mientras juega el equipo. Únete con `/sudoku coop poner`.
}
# La misma respuesta sea cual sea la cuadrícula pegada, para que no diga nada de ninguna.
solve-paused-daily = `/sudoku solve` está en pausa hasta que termine tu reto diario: mientras juegas por una clasificación (el reto de hoy, hasta que lo resuelvas o acabe su día) no resuelvo ninguna cuadrícula, sea cual sea. Vuelve cuando lo resuelvas, o { $back }.
solve-paused-race = `/sudoku solve` está en pausa hasta que termine tu { $challenge ->
    [yes] reto
   *[no] carrera
}: mientras juegas por una clasificación no resuelvo ninguna cuadrícula, sea cual sea. Vuelve cuando resuelvas el sudoku o cuando { $challenge ->
    [yes] acabe el reto
   *[no] acabe la carrera
}.
