# Pistes que ensenyen: la tècnica i on mirar, les xifres, i després cada pas amb la seva
# raó. Els noms de casella (A1-I9), els de fila, columna i caixa (de common.ftl) i les
# marques de la forma compacta (`A1=5` col·loca, `G6-4` descarta) es queden com són.
# Davant d'una casella no hi va «de» ni article (diríem «d'A1»): «a A1», «per A1».

## Noms de les tècniques, com els coneixen els jugadors; $technique és una clau.

technique = { $technique ->
    [full-house] Última casella lliure
    [hidden-single] Únic ocult
    [naked-single] Candidat únic
    [locked-pair] Parella bloquejada
    [locked-triple] Trio bloquejat
    [pointing] Candidats bloquejats (assenyalat)
    [claiming] Candidats bloquejats (reclamat)
    [naked-pair] Parella nua
    [hidden-pair] Parella oculta
    [naked-triple] Trio nu
    [hidden-triple] Trio ocult
    [naked-quad] Quartet nu
    [hidden-quad] Quartet ocult
    [x-wing] X-Wing
    [swordfish] Peix espasa
    [jellyfish] Medusa
    [xy-wing] XY-Wing
    [xyz-wing] XYZ-Wing
    [skyscraper] Gratacel
    [two-string-kite] Estel
    [turbot-fish] Turbot Fish
    [empty-rectangle] Rectangle buit
    [w-wing] W-Wing
    [unique-rectangle] Rectangle únic
    [unique-rectangle-2] Rectangle únic tipus 2
    [unique-rectangle-4] Rectangle únic tipus 4
    [hidden-rectangle] Rectangle ocult
    [bug] BUG+1
    [simple-colouring] Coloració simple
    [finned-x-wing] X-Wing amb aleta
    [finned-swordfish] Peix espasa amb aleta
    [x-chain] Cadena X
    [xy-chain] Cadena XY
    [aic] Cadena d'inferències alternes
   *[forcing-chain] Cadena forçada
}
# El nom amb l'article indeterminat, com a «Busca un X-Wing».
technique-a = { $technique ->
    [full-house] una última casella lliure
    [hidden-single] un únic ocult
    [naked-single] un candidat únic
    [locked-pair] una parella bloquejada
    [locked-triple] un trio bloquejat
    [pointing] uns candidats bloquejats (assenyalat)
    [claiming] uns candidats bloquejats (reclamat)
    [naked-pair] una parella nua
    [hidden-pair] una parella oculta
    [naked-triple] un trio nu
    [hidden-triple] un trio ocult
    [naked-quad] un quartet nu
    [hidden-quad] un quartet ocult
    [x-wing] un X-Wing
    [swordfish] un peix espasa
    [jellyfish] una medusa
    [xy-wing] un XY-Wing
    [xyz-wing] un XYZ-Wing
    [skyscraper] un gratacel
    [two-string-kite] un estel
    [turbot-fish] un Turbot Fish
    [empty-rectangle] un rectangle buit
    [w-wing] un W-Wing
    [unique-rectangle] un rectangle únic
    [unique-rectangle-2] un rectangle únic tipus 2
    [unique-rectangle-4] un rectangle únic tipus 4
    [hidden-rectangle] un rectangle ocult
    [bug] un BUG+1
    [simple-colouring] una coloració simple
    [finned-x-wing] un X-Wing amb aleta
    [finned-swordfish] un peix espasa amb aleta
    [x-chain] una cadena X
    [xy-chain] una cadena XY
    [aic] una cadena d'inferències alternes
   *[forcing-chain] una cadena forçada
}

## La pista en els seus tres nivells de detall.

hint-fix-first = { $count ->
    [one] Abans, corregeix això: { $cells } està malament.
   *[other] Abans, corregeix això: { $cells } estan malament.
}
hint-already-solved = El sudoku ja està resolt.
hint-no-step = Aquí no serveix cap de les tècniques que conec: aquesta posició demana assaig i error (tria una casella amb dos candidats i segueix-ne un).
hint-look = Busca { $name } { $place }.
hint-look-digits = Busca { $name } { $place }; fixa't en { $digits }.
hint-where-in = a { $place }
hint-where-cell = a la casella { $cell }
hint-where-pivot = al voltant del pivot { $cell }
hint-where-rectangle = al rectangle { $cells }
hint-where-from = començant per { $cell }
hint-where-box-and-line = a la { $in_box } i la { $line }
hint-where-pairs = entre les parelles conjugades que passen per { $cell }
hint-digits = { $count ->
    [one] la xifra { $digits }
   *[other] les xifres { $digits }
}
hint-then = Pas següent. { $sentence }
hint-after-more = { $count ->
    [one] Últim pas, després d'un altre com aquests. { $sentence }
    [11] Últim pas, després d'11 més com aquests. { $sentence }
   *[other] Últim pas, després de { $count } més com aquests. { $sentence }
}
hint-in-short = En resum: { $steps }

## Peces d'un pas: $kind és `row`, `column` o `box`.

houses = { $kind ->
    [row] files { $names }
    [column] columnes { $names }
   *[box] caixes { $names }
}
hint-remove = descarta { $digits ->
    [1] l'1
   *[other] el { $digits }
} a { $cells }
hint-remove-part = { $digits } a { $cell }
hint-remove-each = descarta { $parts }
hint-place = posa { $digit ->
    [1] l'1
   *[other] el { $digit }
} a { $cell }
hint-digit-in = { $digit ->
    [1] l'1
   *[other] el { $digit }
} a { $cell }
hint-list-cut = { $first }, … ({ $count } més) i { $last }
hint-no-candidate = { $cell } es quedaria sense cap candidat
hint-no-place = la { $house } es quedaria sense lloc { $digit ->
    [1] per a l'1
   *[other] per al { $digit }
}
# Una baula d'una cadena: $is és `yes` («A1 és 5») o `no` («A1 no és 5»).
hint-link = { $is ->
    [yes] { $cell } és { $digit }
   *[no] { $cell } no és { $digit }
}
# Entre les baules d'una cadena.
hint-so = {", per tant "}
hint-chain-cut = { $first }, … ({ $count ->
    [one] { $count } baula més
   *[other] { $count } baules més
}), per tant { $last }

## Cada pas amb la seva raó. $remove és `hint-remove`/`hint-remove-each`, $place és
## `hint-place` (en llista); $after és `yes` quan passos anteriors han descartat candidats.

step-full-house = { $cell } és l'última casella buida de la { $house }, on només hi falta { $digit ->
    [1] l'1
   *[other] el { $digit }
}: { $place }.
step-hidden-single = A la { $house }, { $digit ->
    [1] l'1
   *[other] el { $digit }
} només pot anar a { $cell }: totes les altres caselles buides de la { $house } veuen un { $digit }{ $after ->
    [yes] {" "}o ja l'han descartat
   *[no] {""}
}. Posa { $digit ->
    [1] l'1
   *[other] el { $digit }
} a { $cell }.
step-naked-single = { $after ->
    [yes] { $cell } ja només pot ser { $digit }: les altres xifres són a la seva fila, columna o caixa, o s'han descartat abans. Posa { $digit ->
        [1] l'1
       *[other] el { $digit }
    } a { $cell }.
   *[no] { $cell } veu totes les xifres menys { $digit ->
        [1] l'1
       *[other] el { $digit }
    } a la seva fila, columna i caixa: posa { $digit ->
        [1] l'1
       *[other] el { $digit }
    } a { $cell }.
}
step-locked = A la { $within }, { $digit ->
    [1] l'1
   *[other] el { $digit }
} només pot anar a la { $clears }, així que cap altra casella de la { $clears } no pot ser { $digit }: { $remove }.
step-locked-subset = { $cells } són alhora a la { $line } i a la { $in_box }, i entre elles només tenen els candidats { $digits }; per tant, aquestes { $count } xifres són d'aquestes { $count } caselles i cap altra casella de la { $line } ni de la { $in_box } no les pot tenir: { $remove }.
step-naked-subset = A la { $house }, { $cells } només tenen entre elles els candidats { $digits }; per tant, aquestes { $count } xifres són d'aquestes { $count } caselles i cap altra casella de la { $house } no les pot tenir: { $remove }.
step-hidden-subset = A la { $house }, les xifres { $digits } només caben a { $cells }; per tant, aquestes { $count } caselles porten aquestes { $count } xifres i res més: { $remove }.
step-fish = A les { $bases }, { $digit ->
    [1] l'1
   *[other] el { $digit }
} només pot anar a les { $covers }: aquestes { $count } línies se les reparteixen, un { $digit } a cadascuna, així que cap altra casella de les { $covers } no pot ser { $digit }: { $remove }.
# $xyz: `yes` per a un XYZ-Wing (el pivot té tres candidats), `no` per a un XY-Wing.
step-wing = { $xyz ->
    [no] El pivot { $pivot } i les seves ales { $first } i { $second } tenen dos candidats cadascun: prengui el valor que prengui { $pivot }, { $first } o { $second } ha de ser { $digit }, així que una casella que vegi totes dues ales no pot ser { $digit }: { $remove }.
   *[yes] El pivot { $pivot } (amb tres candidats) i les seves ales { $first } i { $second }: prengui el valor que prengui { $pivot }, una de les tres és { $digit }, així que una casella que vegi totes tres no pot ser { $digit }: { $remove }.
}
step-unique-rectangle = { $cells } formen un rectangle sobre dues caixes, i totes menys { $odd } només tenen els candidats { $digits }. Si { $odd } també tingués només { $digits }, les dues xifres es podrien intercanviar dins del rectangle i el sudoku tindria dues solucions; com que en té una, { $odd } no és cap de les dues: { $remove }.
step-unique-rectangle-2 = { $cells } formen un rectangle sobre dues caixes, totes amb els candidats { $a } i { $b }. { $floor } només poden ser { $a } o { $b }, i { $first } i { $second } només tenen un candidat més, { $extra ->
    [1] l'1
   *[other] el { $extra }
}. Si cap de les dues no fos { $extra }, les quatre caselles només tindrien { $a } i { $b }, que es podrien intercanviar dins del rectangle: dues solucions, i el sudoku en té una. Per tant, { $first } o { $second } és { $extra }, i una casella que vegi totes dues no ho pot ser: { $remove }.
step-unique-rectangle-4 = { $cells } formen un rectangle sobre dues caixes, totes amb els candidats { $a } i { $b }, i { $floor } només poden ser { $a } o { $b }. A la { $house }, { $a ->
    [1] l'1
   *[other] el { $a }
} només pot anar a { $first } o { $second }, així que una de les dues és { $a }; si l'altra fos { $b }, les quatre caselles només tindrien { $a } i { $b }, que es podrien intercanviar dins del rectangle: dues solucions, i el sudoku en té una. Per tant, cap de les dues no és { $b }: { $remove }.
step-hidden-rectangle = { $cells } formen un rectangle sobre dues caixes, totes amb els candidats { $a } i { $b }, i { $corner } només pot ser { $a } o { $b }. A la fila i la columna on és { $opposite }, { $a ->
    [1] l'1
   *[other] el { $a }
} només pot anar dins del rectangle: a { $opposite } o { $first }, i a { $opposite } o { $second }. Si { $opposite } fos { $b }, { $first } i { $second } serien totes dues { $a }, així que { $corner } (que veu totes dues) seria { $b }, i les quatre caselles només tindrien { $a } i { $b }, que es podrien intercanviar dins del rectangle: dues solucions, i el sudoku en té una. Per tant, { $opposite } no és { $b }: { $remove }.
# $forces: quantes xifres forcen els candidats únics ($forced les enumera).
step-forcing = Suposa que { $start } fos { $digit }{ $forces ->
    [0] : llavors
   *[other] . Llavors els candidats únics obligarien a posar { $forced }, i
} { $contradiction }. Això no pot ser, així que { $start } no és { $digit }: { $remove }.
step-bug = Totes les caselles buides tenen dos candidats excepte { $cell }. Si { $cell } no fos { $digit }, cada xifra hi cabria exactament dues vegades a cada fila, columna i caixa, un patró que mai no té una única solució; { $digit ->
    [1] l'1
   *[other] el { $digit }
} és el candidat que { $cell } veu tres vegades a la { $house }. Posa { $digit ->
    [1] l'1
   *[other] el { $digit }
} a { $cell }.
step-empty-rectangle = A la { $in_box }, { $digit ->
    [1] l'1
   *[other] el { $digit }
} només és a la { $row } i a la { $column }, i a la { $line } només pot anar a { $first } o { $second }. Si { $target } fos { $digit }, { $second } (que veu { $target }) no ho podria ser, així que ho seria { $first }; llavors la { $row } i la { $column } tindrien totes dues el seu { $digit } fora de la { $in_box } ({ $first } i { $target }), i la { $in_box } es quedaria sense lloc per a un { $digit }. Per tant, { $target } no és { $digit }: { $remove }.
# $opposite: `yes` quan els extrems del camí tenen colors oposats.
step-colouring = Segueix les parelles conjugades { $digit ->
    [1] de l'1
   *[other] del { $digit }
} (files, columnes o caixes on només té dos llocs): { $path }. Cada parella porta exactament un { $digit }, així que aquestes caselles alternen entre dos colors, i un d'ells marca on van els { $digit }; { $opposite ->
    [yes] { $first } i { $last } tenen colors oposats, així que una de les dues és { $digit }, i una casella que vegi totes dues no ho pot ser
   *[no] { $first } i { $last } tenen el mateix color i comparteixen fila, columna o caixa, així que el seu color no pot marcar els { $digit }
}: { $remove }.
# $fish: `x-wing` o `swordfish`; $count: quantes aletes hi ha ($fins les anomena).
step-finned-fish = A les { $bases }, { $digit ->
    [1] l'1
   *[other] el { $digit }
} només pot anar a les { $covers }, excepte { $fins }, a la { $in_box }. { $count ->
    [one] Si l'aleta { $fins } no és { $digit }
   *[other] Si cap de les aletes ({ $fins }) no és { $digit }
}, { $fish ->
    [x-wing] l'X-Wing
   *[swordfish] el peix espasa
} col·loca els { $digit } de les { $covers }; si no, la { $in_box } té el seu { $digit } en una aleta. En tot cas, una casella de les { $covers } dins de la { $in_box } no pot ser { $digit }: { $remove }.
step-chain-places = Suposa que { $cell } no és { $digit }: llavors { $path }. La cadena es contradiu, així que { $cell } és { $digit }: { $place }.
step-chain = Suposa que { $cell } no és { $digit }: llavors { $path }. Així doncs, { $cell } és { $digit } o { $end } és { $end_digit }; en qualsevol cas, { $remove }.

## La forma compacta per a experts: «Candidats bloquejats (assenyalat): 4 de caixa 2 a columna 6 => G6-4».

compact-in = { $digits } a { $place }
compact-on = { $cells } amb { $digits }
compact-locked = { $digits } de { $within } a { $clears }
compact-empty = { $cell } buida
compact-no-place = sense { $digit } a { $house }
compact-finned = { $digits } a { $bases } / { $covers }, aleta { $fins }
