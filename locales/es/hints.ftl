# Pistas que enseñan: la técnica y dónde mirar, las cifras, y luego cada paso con su
# razón. Los nombres de casilla (A1-I9), los de fila, columna y caja (de common.ftl) y
# las marcas de la forma compacta (`A1=5` coloca, `G6-4` elimina) se quedan como están.

## Nombres de las técnicas, como los conocen los jugadores; $technique es una clave.

technique = { $technique ->
    [full-house] Última casilla libre
    [hidden-single] Único oculto
    [naked-single] Candidato único
    [locked-pair] Par bloqueado
    [locked-triple] Trío bloqueado
    [pointing] Candidatos bloqueados (señalado)
    [claiming] Candidatos bloqueados (reclamado)
    [naked-pair] Par desnudo
    [hidden-pair] Par oculto
    [naked-triple] Trío desnudo
    [hidden-triple] Trío oculto
    [naked-quad] Cuarteto desnudo
    [hidden-quad] Cuarteto oculto
    [x-wing] X-Wing
    [swordfish] Pez espada
    [jellyfish] Medusa
    [xy-wing] XY-Wing
    [xyz-wing] XYZ-Wing
    [skyscraper] Rascacielos
    [two-string-kite] Cometa
    [turbot-fish] Turbot Fish
    [empty-rectangle] Rectángulo vacío
    [w-wing] W-Wing
    [unique-rectangle] Rectángulo único
    [unique-rectangle-2] Rectángulo único tipo 2
    [unique-rectangle-4] Rectángulo único tipo 4
    [hidden-rectangle] Rectángulo oculto
    [bug] BUG+1
    [simple-colouring] Coloreado simple
    [finned-x-wing] X-Wing con aleta
    [finned-swordfish] Pez espada con aleta
    [x-chain] Cadena X
    [xy-chain] Cadena XY
    [aic] Cadena de inferencias alternas
   *[forcing-chain] Cadena forzada
}
# El nombre con su artículo indeterminado, como en «Busca un X-Wing».
technique-a = { $technique ->
    [full-house] una última casilla libre
    [hidden-single] un único oculto
    [naked-single] un candidato único
    [locked-pair] un par bloqueado
    [locked-triple] un trío bloqueado
    [pointing] unos candidatos bloqueados (señalado)
    [claiming] unos candidatos bloqueados (reclamado)
    [naked-pair] un par desnudo
    [hidden-pair] un par oculto
    [naked-triple] un trío desnudo
    [hidden-triple] un trío oculto
    [naked-quad] un cuarteto desnudo
    [hidden-quad] un cuarteto oculto
    [x-wing] un X-Wing
    [swordfish] un pez espada
    [jellyfish] una medusa
    [xy-wing] un XY-Wing
    [xyz-wing] un XYZ-Wing
    [skyscraper] un rascacielos
    [two-string-kite] una cometa
    [turbot-fish] un Turbot Fish
    [empty-rectangle] un rectángulo vacío
    [w-wing] un W-Wing
    [unique-rectangle] un rectángulo único
    [unique-rectangle-2] un rectángulo único tipo 2
    [unique-rectangle-4] un rectángulo único tipo 4
    [hidden-rectangle] un rectángulo oculto
    [bug] un BUG+1
    [simple-colouring] un coloreado simple
    [finned-x-wing] un X-Wing con aleta
    [finned-swordfish] un pez espada con aleta
    [x-chain] una cadena X
    [xy-chain] una cadena XY
    [aic] una cadena de inferencias alternas
   *[forcing-chain] una cadena forzada
}

## La pista en sus tres niveles de detalle.

hint-fix-first = { $count ->
    [one] Antes, corrige esto: { $cells } está mal.
   *[other] Antes, corrige esto: { $cells } están mal.
}
hint-already-solved = El sudoku ya está resuelto.
hint-no-step = Aquí no sirve ninguna de las técnicas que conozco: esta posición pide ensayo y error (elige una casilla con dos candidatos y sigue uno de ellos).
hint-look = Busca { $name } { $place }.
hint-look-digits = Busca { $name } { $place }; fíjate en { $digits }.
hint-where-in = en { $place }
hint-where-cell = en la casilla { $cell }
hint-where-pivot = alrededor del pivote { $cell }
hint-where-rectangle = en el rectángulo { $cells }
hint-where-from = a partir de { $cell }
hint-where-box-and-line = en la { $in_box } y la { $line }
hint-where-pairs = entre los pares conjugados que pasan por { $cell }
hint-digits = { $count ->
    [one] la cifra { $digits }
   *[other] las cifras { $digits }
}
hint-then = Siguiente paso. { $sentence }
hint-after-more = { $count ->
    [one] Último paso, tras otro más como estos. { $sentence }
   *[other] Último paso, tras { $count } más como estos. { $sentence }
}
hint-in-short = En resumen: { $steps }

## Piezas de un paso: $kind es `row`, `column` o `box`.

houses = { $kind ->
    [row] filas { $names }
    [column] columnas { $names }
   *[box] cajas { $names }
}
hint-remove = elimina el { $digits } de { $cells }
hint-remove-part = { $digits } de { $cell }
hint-remove-each = elimina { $parts }
hint-place = coloca el { $digit } en { $cell }
hint-digit-in = el { $digit } en { $cell }
hint-list-cut = { $first }, … ({ $count } más) y { $last }
hint-no-candidate = { $cell } se quedaría sin candidatos
hint-no-place = la { $house } se quedaría sin sitio para el { $digit }
# Un eslabón de una cadena: $is es `yes` («A1 es 5») o `no` («A1 no es 5»).
hint-link = { $is ->
    [yes] { $cell } es { $digit }
   *[no] { $cell } no es { $digit }
}
# Entre los eslabones de una cadena.
hint-so = {", así que "}
hint-chain-cut = { $first }, … ({ $count ->
    [one] { $count } eslabón más
   *[other] { $count } eslabones más
}), así que { $last }

## Cada paso con su razón. $remove es `hint-remove`/`hint-remove-each`, $place es
## `hint-place` (en lista); $after es `yes` cuando pasos anteriores eliminaron candidatos.

step-full-house = { $cell } es la última casilla vacía de la { $house }, a la que solo le falta el { $digit }: { $place }.
step-hidden-single = En la { $house }, el { $digit } solo puede ir en { $cell }: todas las demás casillas vacías de la { $house } ven un { $digit }{ $after ->
    [yes] {" "}o ya lo tienen descartado
   *[no] {""}
}. Coloca el { $digit } en { $cell }.
step-naked-single = { $after ->
    [yes] { $cell } ya solo puede ser { $digit }: las demás cifras están en su fila, columna o caja, o se descartaron antes. Coloca el { $digit } en { $cell }.
   *[no] { $cell } ve todas las cifras menos el { $digit } en su fila, columna y caja: coloca el { $digit } en { $cell }.
}
step-locked = En la { $within }, el { $digit } solo puede ir en la { $clears }, así que ninguna otra casilla de la { $clears } puede ser { $digit }: { $remove }.
step-locked-subset = { $cells } están a la vez en la { $line } y en la { $in_box }, y entre ellas solo tienen los candidatos { $digits }; así que esas { $count } cifras son de esas { $count } casillas y ninguna otra casilla de la { $line } ni de la { $in_box } puede tenerlas: { $remove }.
step-naked-subset = En la { $house }, { $cells } solo tienen entre ellas los candidatos { $digits }; así que esas { $count } cifras son de esas { $count } casillas y ninguna otra casilla de la { $house } puede tenerlas: { $remove }.
step-hidden-subset = En la { $house }, las cifras { $digits } solo caben en { $cells }; así que esas { $count } casillas llevan esas { $count } cifras y nada más: { $remove }.
step-fish = En las { $bases }, el { $digit } solo puede ir en las { $covers }: esas { $count } líneas se las reparten, un { $digit } en cada una, así que ninguna otra casilla de ellas puede ser { $digit }: { $remove }.
# $xyz: `yes` para un XYZ-Wing (el pivote tiene tres candidatos), `no` para un XY-Wing.
step-wing = { $xyz ->
    [no] El pivote { $pivot } y sus alas { $first } y { $second } tienen dos candidatos cada uno: tome el valor que tome { $pivot }, { $first } o { $second } tiene que ser { $digit }, así que una casilla que vea las dos alas no puede ser { $digit }: { $remove }.
   *[yes] El pivote { $pivot } (con tres candidatos) y sus alas { $first } y { $second }: tome el valor que tome { $pivot }, una de las tres es { $digit }, así que una casilla que vea las tres no puede ser { $digit }: { $remove }.
}
step-unique-rectangle = { $cells } forman un rectángulo sobre dos cajas, y todas menos { $odd } solo tienen los candidatos { $digits }. Si { $odd } también tuviera solo { $digits }, las dos cifras podrían intercambiarse dentro del rectángulo y el sudoku tendría dos soluciones; como tiene una, { $odd } no es ninguna de las dos: { $remove }.
step-unique-rectangle-2 = { $cells } forman un rectángulo sobre dos cajas, todas con los candidatos { $a } y { $b }. { $floor } solo pueden ser { $a } o { $b }, y { $first } y { $second } tienen un único candidato más, el { $extra }. Si ninguna fuera { $extra }, las cuatro casillas solo tendrían { $a } y { $b }, que podrían intercambiarse dentro del rectángulo: dos soluciones, y el sudoku tiene una. Así que { $first } o { $second } es { $extra }, y una casilla que vea las dos no puede serlo: { $remove }.
step-unique-rectangle-4 = { $cells } forman un rectángulo sobre dos cajas, todas con los candidatos { $a } y { $b }, y { $floor } solo pueden ser { $a } o { $b }. En la { $house }, el { $a } solo puede ir en { $first } o { $second }, así que una de las dos es { $a }; si la otra fuera { $b }, las cuatro casillas solo tendrían { $a } y { $b }, que podrían intercambiarse dentro del rectángulo: dos soluciones, y el sudoku tiene una. Así que ninguna de las dos es { $b }: { $remove }.
step-hidden-rectangle = { $cells } forman un rectángulo sobre dos cajas, todas con los candidatos { $a } y { $b }, y { $corner } solo puede ser { $a } o { $b }. En la fila y la columna de { $opposite }, el { $a } solo puede ir dentro del rectángulo: en { $opposite } o { $first }, y en { $opposite } o { $second }. Si { $opposite } fuera { $b }, { $first } y { $second } serían las dos { $a }, así que { $corner } (que ve las dos) sería { $b }, y las cuatro casillas solo tendrían { $a } y { $b }, que podrían intercambiarse dentro del rectángulo: dos soluciones, y el sudoku tiene una. Así que { $opposite } no es { $b }: { $remove }.
# $forces: cuántas cifras fuerzan los candidatos únicos ($forced las enumera).
step-forcing = Supón que { $start } fuera { $digit }{ $forces ->
    [0] : entonces
   *[other] . Entonces los candidatos únicos obligarían a poner { $forced }, y
} { $contradiction }. Eso es imposible, así que { $start } no es { $digit }: { $remove }.
step-bug = Todas las casillas vacías tienen dos candidatos salvo { $cell }. Si { $cell } no fuera { $digit }, cada cifra cabría exactamente dos veces en cada fila, columna y caja, un patrón que nunca tiene una única solución; el { $digit } es el candidato que { $cell } ve tres veces en la { $house }. Coloca el { $digit } en { $cell }.
step-empty-rectangle = En la { $in_box }, el { $digit } solo está en la { $row } y la { $column }, y en la { $line } solo puede ir en { $first } o { $second }. Si { $target } fuera { $digit }, { $second } (que ve { $target }) no podría serlo, así que lo sería { $first }; entonces la { $row } y la { $column } tendrían las dos su { $digit } fuera de la { $in_box } ({ $first } y { $target }), y la { $in_box } se quedaría sin sitio para un { $digit }. Así que { $target } no es { $digit }: { $remove }.
# $opposite: `yes` cuando los extremos del camino tienen colores opuestos.
step-colouring = Sigue los pares conjugados del { $digit } (filas, columnas o cajas donde el { $digit } solo tiene dos sitios): { $path }. Cada par lleva exactamente un { $digit }, así que estas casillas alternan entre dos colores, y uno de ellos marca dónde van los { $digit }; { $opposite ->
    [yes] { $first } y { $last } tienen colores opuestos, así que una de las dos es { $digit }, y una casilla que vea ambas no puede serlo
   *[no] { $first } y { $last } tienen el mismo color y comparten fila, columna o caja, así que su color no puede marcar los { $digit }
}: { $remove }.
# $fish: `x-wing` o `swordfish`; $count: cuántas aletas hay ($fins las nombra).
step-finned-fish = En las { $bases }, el { $digit } solo puede ir en las { $covers }, aparte de { $fins }, en la { $in_box }. { $count ->
    [one] Si la aleta { $fins } no es { $digit }
   *[other] Si ninguna de las aletas ({ $fins }) es { $digit }
}, el { $fish ->
    [x-wing] X-Wing
   *[swordfish] pez espada
} coloca los { $digit } de las { $covers }; si no, la { $in_box } tiene su { $digit } en una aleta. En cualquier caso, una casilla de las { $covers } dentro de la { $in_box } no puede ser { $digit }: { $remove }.
step-chain-places = Supón que { $cell } no es { $digit }: entonces { $path }. La cadena se contradice, así que { $cell } es { $digit }: { $place }.
step-chain = Supón que { $cell } no es { $digit }: entonces { $path }. Por tanto, { $cell } es { $digit } o { $end } es { $end_digit }; en cualquier caso, { $remove }.

## La forma compacta para expertos: «Candidatos bloqueados (señalado): 4 de caja 2 en columna 6 => G6-4».

compact-in = { $digits } en { $place }
compact-on = { $cells } con { $digits }
compact-locked = { $digits } de { $within } en { $clears }
compact-empty = { $cell } vacía
compact-no-place = sin { $digit } en { $house }
compact-finned = { $digits } en { $bases } / { $covers }, aleta { $fins }
