# Palabras que comparten muchas respuestas.

# Un idioma nombrado en una frase; $code es `en`, `es` o `ca`.
language-name = { $code ->
    [es] español
    [ca] catalán
   *[en] inglés
}

# Una dificultad como la dicen la línea de estado y los nombres de partida; $name es `easy`,
# `medium`, `hard`, `expert`, `extreme`, o `none` para un sudoku sin dificultad.
tier = { $name ->
    [easy] Fácil
    [medium] Medio
    [hard] Difícil
    [expert] Experto
    [extreme] Extremo
   *[none] Sudoku
}

## Cantidades, cada una con su sustantivo en las formas de plural del idioma.

count-moves = { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}
count-mistakes = { $count ->
    [one] { $count } error
   *[other] { $count } errores
}
count-hints = { $count ->
    [one] { $count } pista
   *[other] { $count } pistas
}
count-cells = { $count ->
    [one] { $count } casilla
   *[other] { $count } casillas
}

# Una fila, columna o caja: $kind es `row`, `column` o `box`; $name es A-I o 1-9.
house = { $kind ->
    [row] fila { $name }
    [column] columna { $name }
   *[box] caja { $name }
}

## Fechas: jiff conoce el calendario; el catálogo, las palabras. $weekday de 1 (lunes) a 7,
## $month de 1 a 12.

date-short = { $day } { $month ->
    [1] ene.
    [2] feb.
    [3] mar.
    [4] abr.
    [5] may.
    [6] jun.
    [7] jul.
    [8] ago.
    [9] sept.
    [10] oct.
    [11] nov.
   *[12] dic.
}
date-long = { $weekday ->
    [1] lunes
    [2] martes
    [3] miércoles
    [4] jueves
    [5] viernes
    [6] sábado
   *[7] domingo
} { $day } de { $month ->
    [1] enero
    [2] febrero
    [3] marzo
    [4] abril
    [5] mayo
    [6] junio
    [7] julio
    [8] agosto
    [9] septiembre
    [10] octubre
    [11] noviembre
   *[12] diciembre
}

## Una cuadrícula pegada que no se pudo leer: dónde, y qué sería lo correcto.

parse-backtick = (una comilla invertida)
parse-no-cells = no se ha encontrado ninguna cuadrícula: pega 81 casillas, con cifras del 1 al 9 y 0 o . para las vacías
parse-unexpected = carácter inesperado { $found } en la línea { $line }, columna { $column }: una cuadrícula usa cifras del 1 al 9, con 0 o . para las casillas vacías
parse-unexpected-in-row = carácter inesperado { $found } en la fila { $row }: una cuadrícula usa cifras del 1 al 9, con 0 o . para las casillas vacías
parse-row-length = la fila { $row } tiene { $count ->
    [one] 1 casilla
   *[other] { $count } casillas
}, y una fila necesita 9
parse-cell-count = { $count ->
    [one] se ha encontrado 1 casilla
   *[other] se han encontrado { $count } casillas
}, y una cuadrícula necesita 81

# Una lista que termina en "o": $init es "`A`, `B`"; $last, "`C`".
list-or = { $init } o { $last }
# Una lista que termina en "y": $init es "A1, B2"; $last, "C3".
list-and = { $init } y { $last }
# "y" ante una palabra que empieza por el sonido "i" (I3, hilera): "e".
list-and-before-i = { $init } e { $last }
# "o" ante una palabra que empieza por el sonido "o" (8, ocho, hora): "u".
list-or-before-o = { $init } u { $last }

## Cuando algo ha fallado por nuestra parte.

fault-apology = Algo ha fallado por nuestra parte y no se ha cambiado nada. Vuelve a intentarlo en un momento.
fault-storage = El almacenamiento del bot tiene un problema: tu última jugada guardada está a salvo, pero no se puede guardar nada nuevo hasta que se arregle.
fault-busy = El bot está muy ocupado ahora mismo, así que no se ha hecho: no se ha cambiado nada. Vuelve a intentarlo en un momento.
# $set_aside: `no` cuando el almacenamiento ni siquiera ha podido apartar la partida.
fault-damaged-game = { $set_aside ->
    [yes] ⚠️ No se ha podido leer tu partida de aquí: sus datos guardados están dañados, así que se ha apartado (quien gestiona el bot puede verla). Nada más tuyo se ve afectado; empieza una partida nueva con `/sudoku new`.
   *[no] ⚠️ No se ha podido leer tu partida de aquí: sus datos guardados están dañados. El almacenamiento del bot tiene un problema, así que todavía no se ha podido apartar.
}
# Casas como lugar tras "en" (la pista "Busca … en la fila A"): $count casas de un mismo
# $kind, $name sus nombres ("A y C"); con el artículo que pide el español.
house-the = { $count ->
    [one] { $kind ->
        [row] la fila { $name }
        [column] la columna { $name }
       *[box] la caja { $name }
    }
   *[other] { $kind ->
        [row] las filas { $name }
        [column] las columnas { $name }
       *[box] las cajas { $name }
    }
}
