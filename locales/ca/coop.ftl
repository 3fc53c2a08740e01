# Taulers cooperatius: un sol tauler que tot un canal omple en equip.

coop-said = Tauler cooperatiu: { $text }
coop-team = Equip: { $status }
coop-legend = `(5)` les xifres de l'equip; una xifra incorrecta no es col·loca mai
coop-legend-image = En blau: les xifres de l'equip; una xifra incorrecta no es col·loca mai
coop-button-undo-mine = Desfer la meva jugada
coop-button-show-board = Veure el tauler
# $running: `yes` mentre es juga el tauler ("fins ara").
coop-title = **Tauler cooperatiu** d'aquest canal · començat per **{ $starter }**{ $players ->
    [0] {""}
    [one] {" "}· 1 jugador{ $running ->
        [yes] {" "}fins ara
       *[no] {""}
    }
   *[other] {" "}· { $players } jugadors{ $running ->
        [yes] {" "}fins ara
       *[no] {""}
    }
}
coop-who-did-what = Qui ha fet què:
coop-tally = **{ $player }**: { $cells ->
    [one] 1 casella
   *[other] { $cells } caselles
}, { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}{ $hints ->
    [0] {""}
    [one] , 1 pista
   *[other] , { $hints } pistes
}
coop-former-player = un antic jugador
coop-stats = Taulers cooperatius: { $solved ->
    [one] 1 resolt
   *[other] { $solved } resolts
} en equip ({ $boards ->
    [1] d'1
    [11] d'11
   *[other] de { $boards }
}) · { $cells ->
    [one] 1 casella omplerta
   *[other] { $cells } caselles omplertes
} · { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}
coop-none = no n'hi ha cap en marxa en aquest canal. Comença'n un per a tothom amb `/sudoku coop` (p. ex. `/sudoku coop 45 medium`).
coop-gone = aquest tauler ja no existeix.
coop-servers-only = Els taulers cooperatius es juguen en un canal d'un servidor. Aquí, juga una partida teva amb `/sudoku new`.
coop-too-many = no puc fer aquest sudoku: { $asked } caselles buides és impossible, perquè un sudoku amb una sola solució necessita almenys 17 xifres inicials; per tant, com a màxim hi pot haver { $max } caselles buides. Per exemple: `/sudoku coop 45`.
coop-already-running = ja n'hi ha un en marxa en aquest canal; aquí el tens. Acabeu-lo entre tots; si no, qui el va començar o un administrador el pot acabar amb `/sudoku coop acabar`.
# $tier com a `tier` (common.ftl).
coop-new = { $tier ->
    [easy] un nou sudoku fàcil
    [medium] un nou sudoku de nivell mitjà
    [hard] un nou sudoku difícil
    [expert] un nou sudoku de nivell expert
    [extreme] un nou sudoku de nivell extrem
   *[none] un nou sudoku
} per a tot el canal, { $empty ->
    [one] 1 casella buida
   *[other] { $empty } caselles buides
}. Ompliu-lo entre tots amb `/sudoku move B7 4` (o amb `/sudoku coop posar B7 4` si aquí tens una partida pròpia). Una xifra incorrecta no es col·loca i compta com a error de l'equip.
# $how: `solved` o `ended`.
coop-over = aquest tauler { $how ->
    [solved] ja està resolt
   *[ended] s'ha donat per acabat
}. Comença'n un altre amb `/sudoku coop`.
# $who: `me` (el jugador que ho demana), `named` ($name diu qui) o `someone`.
coop-filled = { $cell } ja té una xifra ({ $digit }), posada per { $who ->
    [me] tu
    [named] **{ $name }**
   *[someone] algú de l'equip
}. No s'ha canviat res.
coop-not-yours = la xifra de la casella { $cell } és { $who ->
    [me] teva
    [named] { $elide ->
        [yes] d'**{ $name }**
       *[no] de **{ $name }**
    }
   *[someone] d'algú de l'equip
}; només qui l'ha posada la pot esborrar (i és correcta: les xifres incorrectes no es col·loquen mai). No s'ha canviat res.
coop-note-on-filled = { $cell } té una xifra; les notes van a les caselles buides. No s'ha canviat res.
coop-nothing-to-undo = no tens cap jugada teva per desfer en aquest tauler.
coop-stale-undo = ja has desfet una jugada des que es van dibuixar aquests botons; no s'ha canviat res. `/sudoku coop mostrar` mostra el tauler tal com està ara.
coop-nothing-to-change = no hi ha res per canviar (aquestes caselles ja són buides).
coop-stale-buttons = ha canviat des que es van dibuixar aquests botons; ara està així. No s'ha canviat res.
coop-played = **{ $player }** ha jugat { $moves }.
coop-wrong = **{ $player }** ha provat { $moves }, però { $count ->
    [one] està malament i no s'ha col·locat
   *[other] estan malament i no s'han col·locat
} (errors de l'equip: { $mistakes }).
coop-solved = Tauler cooperatiu resolt en { $time } per un equip { $players ->
    [one] d'1 jugador
    [11] d'11 jugadors
   *[other] de { $players } jugadors
}, { $mistakes ->
    [0] sense errors
    [one] amb 1 error
   *[other] amb { $mistakes } errors
} i { $hints ->
    [0] sense pistes
    [one] amb 1 pista
   *[other] amb { $hints } pistes
}! **{ $player }** ha col·locat l'última xifra. Comença'n un altre amb `/sudoku coop`.
coop-auto-notes = { $count ->
    [0] totes les caselles buides ja mostren els seus candidats. No s'ha canviat res.
    [one] **{ $player }** ha posat els candidats com a notes en 1 casella.
   *[other] **{ $player }** ha posat els candidats com a notes en { $count } caselles.
}
coop-note-auto-no-digits = `coop anotar auto` no porta xifres: anota els candidats de totes les caselles buides. No s'ha canviat res.
coop-note-bad-cell = `{ $found }` no és una casella: les files van de la A a la I i les columnes de l'1 al 9. Exemple: `/sudoku coop anotar B7 257`.
coop-note-bad-digits = `{ $found }` no és una llista de xifres de l'1 al 9. Exemple: `/sudoku coop anotar { $cell } 257`.
coop-notes-updated = **{ $player }** ha actualitzat les notes de la casella { $cell }.
coop-undone = **{ $player }** ha desfet la seva darrera jugada ({ $cells }).
coop-check = totes les xifres que hi ha són correctes (una xifra incorrecta no es col·loca mai). { $empty ->
    [one] Queda 1 casella buida
   *[other] Queden { $empty } caselles buides
}; errors de l'equip fins ara: { $mistakes }.
coop-hint = Pista del tauler cooperatiu (compta per a l'equip). { $hint }
coop-end-not-yours = només qui el va començar (**{ $starter }**) o un administrador del servidor el pot acabar. No s'ha canviat res.
coop-ended = Tauler cooperatiu acabat per **{ $player }**, sense resoldre. Aquí tens la solució; comença'n un altre amb `/sudoku coop`.
