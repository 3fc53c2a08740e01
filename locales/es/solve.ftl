# /sudoku solve: resuelve cualquier cuadrícula pegada, pero nunca un sudoku por el que se está jugando.

solve-empty = Pega una cuadrícula después de `/sudoku solve`: 81 cifras con 0 o . para las casillas vacías, o las filas de un tablero.
solve-unreadable = No he podido leer esa cuadrícula: { $why }.
solve-unique = Resuelto: tiene exactamente una solución.
solve-several = Esta cuadrícula tiene más de una solución, así que no es un sudoku propiamente dicho. Una de ellas:
solve-none = Esta cuadrícula no tiene solución: sus cifras iniciales se contradicen en algún punto (ninguna cifra choca directamente, pero no se pueden completar todas).
# $which: de quién es el sudoku (o a cuál se parece demasiado).
solve-spoiler = { $which ->
    [own-game] Es el sudoku de tu partida en curso, así que no te lo voy a resolver. `/sudoku hint` te muestra el siguiente paso; `/sudoku giveup` termina la partida y enseña la solución.
    [own-daily] Es el reto diario de hoy, que estás jugando: nada de spoilers hasta que acabe su día. `/sudoku hint` te muestra el siguiente paso (30 s más en tu tiempo de clasificación).
    [own-race] Es el sudoku de tu carrera: se gana resolviéndolo, así que nada de spoilers mientras dure. `/sudoku check` te muestra tus errores.
    [coop] Es un tablero cooperativo que se está jugando ahora mismo: nada de spoilers mientras juega el equipo. Únete con `/sudoku coop move`.
    [race] Es el sudoku de una carrera que se está jugando ahora mismo: nada de spoilers mientras compiten. Abre la tuya con `/sudoku race`.
   *[daily] Es uno de los retos diarios de hoy, o se parece demasiado a uno (a pocas casillas, o disfrazado): nada de spoilers hasta que acabe su día. Juega el de tu servidor con `/sudoku daily`; vuelve a preguntarme mañana.
}
