# El que és de cada jugador: /sudoku stats i /sudoku forget-me.

# $here: `yes` per a l'historial d'un altre jugador, només en aquest lloc.
stats-title = **Estadístiques { $elide ->
    [yes] d'{ $name }
   *[no] de { $name }
}**{ $here ->
    [yes] {" "}(aquí)
   *[no] {""}
}
    Partides: { $started ->
        [one] 1 començada
       *[other] { $started } començades
    } · { $solved ->
        [one] 1 resolta
       *[other] { $solved } resoltes
    } · { $given_up ->
        [one] 1 abandonada
       *[other] { $given_up } abandonades
    }
stats-tier = { $tier }: { $solved ->
    [one] 1 resolta
   *[other] { $solved } resoltes
} · millor { $best } · mitjana { $average }
stats-no-tier = Sense nivell
stats-none = { $own ->
    [yes] Encara no hi ha partides: comença'n una amb `/sudoku new`.
   *[no] Encara no hi ha partides aquí.
}
stats-unknown-player = Encara no conec cap jugador que es digui `{ $name }`.
forget-ask = Això esborra per sempre totes les teves partides, estadístiques, ratxes i resultats diaris a tots els servidors (un repte diari que ja has jugat avui continua comptant com a jugat, una cursa o un repte en què siguis s'abandona abans, i les teves puntuacions de reptes es guarden 90 dies amb una empremta irreversible, sense el teu nom, perquè oblidar-te no reiniciï cap puntuació). N'estàs segur?
button-forget-yes = Sí, esborra-ho tot
forget-done = Fet: { $games ->
    [one] he esborrat 1 partida
   *[other] he esborrat { $games } partides
} i tota la resta que tenia desat sobre tu.
