# Paraules que comparteixen moltes respostes.

# Un idioma esmentat en una frase; $code és `en`, `es` o `ca`.
language-name = { $code ->
    [es] castellà
    [ca] català
   *[en] anglès
}

# Una dificultat tal com la diuen la línia d'estat i els noms de partida; $name és `easy`,
# `medium`, `hard`, `expert`, `extreme`, o `none` per a un sudoku sense dificultat.
tier = { $name ->
    [easy] Fàcil
    [medium] Mitjà
    [hard] Difícil
    [expert] Expert
    [extreme] Extrem
   *[none] Sudoku
}

## Quantitats, cadascuna amb el seu nom en les formes de plural de la llengua.

count-moves = { $count ->
    [one] { $count } jugada
   *[other] { $count } jugades
}
count-mistakes = { $count ->
    [one] { $count } error
   *[other] { $count } errors
}
count-hints = { $count ->
    [one] { $count } pista
   *[other] { $count } pistes
}
count-cells = { $count ->
    [one] { $count } casella
   *[other] { $count } caselles
}

# Una fila, columna o caixa: $kind és `row`, `column` o `box`; $name és A-I o 1-9.
house = { $kind ->
    [row] fila { $name }
    [column] columna { $name }
   *[box] caixa { $name }
}

## Dates: jiff coneix el calendari, i el catàleg, les paraules. $weekday de l'1 (dilluns)
## al 7, $month de l'1 al 12. Cada mes porta el seu "de" o "d'" (elisió davant vocal).

date-short = { $day } { $month ->
    [1] de gen.
    [2] de febr.
    [3] de març
    [4] d'abr.
    [5] de maig
    [6] de juny
    [7] de jul.
    [8] d'ag.
    [9] de set.
    [10] d'oct.
    [11] de nov.
   *[12] de des.
}
date-long = { $weekday ->
    [1] dilluns
    [2] dimarts
    [3] dimecres
    [4] dijous
    [5] divendres
    [6] dissabte
   *[7] diumenge
} { $day } { $month ->
    [1] de gener
    [2] de febrer
    [3] de març
    [4] d'abril
    [5] de maig
    [6] de juny
    [7] de juliol
    [8] d'agost
    [9] de setembre
    [10] d'octubre
    [11] de novembre
   *[12] de desembre
}

## Una graella enganxada que no s'ha pogut llegir: on, i què hi aniria bé.

parse-backtick = (un accent greu)
parse-no-cells = no s'ha trobat cap graella: enganxa 81 caselles, amb xifres de l'1 al 9 i 0 o . per a les buides
parse-unexpected = caràcter inesperat { $found } a la línia { $line }, columna { $column }: una graella fa servir xifres de l'1 al 9, amb 0 o . per a les caselles buides
parse-unexpected-in-row = caràcter inesperat { $found } a la fila { $row }: una graella fa servir xifres de l'1 al 9, amb 0 o . per a les caselles buides
parse-row-length = la fila { $row } té { $count ->
    [one] 1 casella
   *[other] { $count } caselles
}, i una fila n'ha de tenir 9
parse-cell-count = { $count ->
    [one] s'ha trobat 1 casella
   *[other] s'han trobat { $count } caselles
}, i una graella n'ha de tenir 81

# Una llista que acaba en "o": $init és "`A`, `B`"; $last, "`C`".
list-or = { $init } o { $last }
# Una llista que acaba en "i": $init és "A1, B2"; $last, "C3".
list-and = { $init } i { $last }
# "i" davant d'una paraula que comença pel so "i" (I3): en català no canvia.
list-and-before-i = { $init } i { $last }
# "o" davant d'una paraula que comença pel so "o" (8): en català no canvia.
list-or-before-o = { $init } o { $last }

## Quan alguna cosa ha fallat per part nostra.

fault-apology = Alguna cosa ha fallat per part nostra i no s'ha canviat res. Torna-ho a provar d'aquí a un moment.
fault-storage = L'emmagatzematge del bot té un problema: la teva última jugada desada està a salvo, però no es pot desar res de nou fins que s'arregli.
fault-busy = El bot està molt ocupat ara mateix, així que no s'ha fet: no s'ha canviat res. Torna-ho a provar d'aquí a un moment.
# $set_aside: `no` quan l'emmagatzematge ni tan sols ha pogut apartar la partida.
fault-damaged-game = { $set_aside ->
    [yes] ⚠️ No s'ha pogut llegir la teva partida d'aquí: les dades desades estan malmeses, així que s'ha apartat (qui gestiona el bot la pot veure). No afecta res més teu; comença una partida nova amb `/sudoku new`.
   *[no] ⚠️ No s'ha pogut llegir la teva partida d'aquí: les dades desades estan malmeses. L'emmagatzematge del bot té un problema, així que encara no s'ha pogut apartar.
}
# Cases com a lloc després de "a" (la pista "Busca … a la fila A"): $count cases d'un
# mateix $kind, $name els seus noms ("A i C"); amb l'article que demana el català.
house-the = { $count ->
    [one] { $kind ->
        [row] la fila { $name }
        [column] la columna { $name }
       *[box] la caixa { $name }
    }
   *[other] { $kind ->
        [row] les files { $name }
        [column] les columnes { $name }
       *[box] les caixes { $name }
    }
}
