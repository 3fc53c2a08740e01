# Jugar una partida: new, show, move, note, undo, check, hint, submit, give up, el teclat.
# Les ordres s'escriuen amb el nom anglès: les mencions `/sudoku …` es diuen amb els noms
# de qui llegeix. Les caselles A1-I9 es diuen igual arreu.

nothing-changed = { $why }. No s'ha canviat res.
game-none = No tens cap partida en curs aquí. Comença'n una amb `/sudoku new` (p. ex. `/sudoku new 40`).
game-none-coop = Aquí no tens cap partida pròpia. El tauler cooperatiu del canal és de tothom: juga-hi amb `/sudoku coop posar`; qui el va començar o un administrador l'acaba amb `/sudoku coop acabar`.
game-gone = Aquesta partida ja no existeix.
game-not-yours = Aquesta partida no és teva, així que no pots fer servir els seus botons. Comença la teva amb `/sudoku new`.
game-stale-buttons = El tauler ha canviat des que es van dibuixar aquests botons; ara està així.
game-race-unseen = **Ha començat la { $race }** i el rellotge ja corre. No s'ha canviat res: les ordres escrites esperen fins que hagis vist el teu tauler de la cursa. Prem «El meu tauler» (o escriu `/sudoku show`) per obrir-lo.
# $how: `solved`, `out` (massa errors), `given-up`, `ended` (la cursa s'ha acabat).
game-race-part-over = La teva participació a la { $race } s'ha acabat ({ $how ->
    [solved] has resolt el sudoku
    [out] has quedat fora per massa errors
    [given-up] has abandonat
   *[ended] la cursa s'ha acabat
}). No s'ha canviat res; `/sudoku race` obre una altra cursa, i `/sudoku new`, una partida teva.
game-over = Aquesta partida ja s'ha acabat ({ $how ->
    [solved] resolta
   *[given-up] abandonada
}). Comença'n una altra amb `/sudoku new`.
game-solved = Resolt en { $time }, { $mistakes ->
    [0] sense errors
    [one] amb 1 error
   *[other] amb { $mistakes } errors
} i { $hints ->
    [0] sense pistes
    [one] amb 1 pista
   *[other] amb { $hints } pistes
}! Comença una altra partida amb `/sudoku new`.
game-in-progress = Ja tens una partida en curs aquí ({ $left ->
    [one] falta 1 casella
   *[other] falten { $left } caselles
}, portes { $time } de joc). Acaba-la primer, o abandona-la amb `/sudoku giveup`, i després comença'n una altra.
game-new-zero = Un sudoku amb 0 caselles buides no tindria res per omplir. Demana'n almenys 1, p. ex. `/sudoku new 40`.
game-new-too-many = No puc fer aquest sudoku: { $asked } caselles buides és impossible, perquè un sudoku amb una sola solució necessita almenys 17 xifres inicials; per tant, com a màxim hi pot haver { $max } caselles buides. Per exemple: `/sudoku new 45`.
# $tier com a `tier` (common.ftl).
game-new = { $tier ->
    [easy] Nou sudoku fàcil
    [medium] Nou sudoku de nivell mitjà
    [hard] Nou sudoku difícil
    [expert] Nou sudoku de nivell expert
    [extreme] Nou sudoku de nivell extrem
   *[none] Nou sudoku
}: { $empty ->
    [one] 1 casella buida
   *[other] { $empty } caselles buides
}, una sola solució. Juga amb `/sudoku move B7 4`.
# $back: `race` o `daily`: com hi torna el jugador.
game-new-other-open = { $game } continua en curs (el rellotge no s'atura): les jugades que escriguis aniran ara a aquesta partida nova; per tornar-hi, { $back ->
    [race] prem «El meu tauler» a la cursa
   *[daily] fes servir `/sudoku daily`
}.
game-also-open = També en curs: { $games }. Les jugades que escrius van a l'última partida mostrada; prem un botó «Veure…» per canviar-hi.

## Jugades. $what: `placed`, `erased` o `both`.

# Una xifra posada, a la llista després de "Has posat": "un 4 a B7".
game-placed-digit = un { $digit } a { $cell }
game-moved = { $what ->
    [placed] Has posat { $placed }.
    [erased] Has esborrat { $erased }.
   *[both] Has posat { $placed } i has esborrat { $erased }.
}
game-already-empty = { $cells } { $count ->
    [one] ja és buida
   *[other] ja són buides
}.
game-erase-nothing = { $cells } { $count ->
    [one] ja és buida
   *[other] ja són buides
}: no hi ha res per esborrar. No s'ha canviat res.
game-moved-wrong = { $cells } { $count ->
    [one] està malament
   *[other] estan malament
} (portes { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}).
game-race-out = Quedes fora de la { $race }: aquest ha estat el teu { $place } error (en una cursa { $allowed ->
    [one] se'n permet 1
   *[other] se'n permeten { $allowed }
}). La solució es mostrarà quan acabi la cursa.
move-error-empty = No has indicat cap jugada: escriu una casella i una xifra, p. ex. `B7 4` o `B7 4, C3 5`
move-error-bad-cell = `{ $found }` no és una casella: les files van de la A a la I i les columnes de l'1 al 9 (p. ex. `B7`, o `r2c7` per a la fila 2, columna 7)
move-error-no-digit = `{ $cell }` necessita una xifra: escriu `{ $cell } 4` per posar-hi un 4, o `{ $cell } 0` per esborrar-la
move-error-bad-digit = `{ $found }` després de `{ $cell }` no és una xifra: fes servir de l'1 al 9 per col·locar, o 0, . o x per esborrar
move-error-repeated = { $cell } apareix dues vegades en una mateixa ordre; indica cada casella només una vegada
rule-error-over = Aquesta partida ja s'ha acabat ({ $how ->
    [solved] resolta
   *[given-up] abandonada
}); comença'n una altra amb `/sudoku new`
rule-error-given = { $cell } és una xifra inicial: només es poden omplir les caselles buides
rule-error-note-on-filled = { $cell } té una xifra; esborra-la primer (`{ $cell } 0`) per prendre-hi notes

## Notes i el teclat.

note-auto-no-digits = Amb la casella `auto` no hi van xifres: s'anoten els candidats de totes les caselles buides. No s'ha canviat res.
note-bad-cell = `{ $found }` no és una casella: les files van de la A a la I i les columnes de l'1 al 9 (o `auto` per als candidats de totes les caselles). Exemple: `/sudoku note B7 257`.
note-bad-digits = `{ $found }` no és una llista de xifres de l'1 al 9. Exemple: `/sudoku note { $cell } 257` posa o treu les notes 2, 5 i 7.
note-auto-done = { $count ->
    [0] Notes automàtiques: totes les caselles buides ja mostren els seus candidats. No s'ha canviat res.
    [one] Notes automàtiques: 1 casella mostra ara les xifres que encara hi caben segons la seva fila, columna i caixa (les teves xifres compten, estiguin bé o malament). Pots desfer-ho; el teu resultat indicarà que les has fet servir.
   *[other] Notes automàtiques: { $count } caselles mostren ara les xifres que encara hi caben segons la fila, la columna i la caixa de cadascuna (les teves xifres compten, estiguin bé o malament). Pots desfer-ho; el teu resultat indicarà que les has fet servir.
}
note-done = Notes de la casella { $cell } actualitzades.
pad-no-cell = Tria primer una casella: una fila al menú Fila i una columna al menú Columna; després, un botó de xifra l'omple. No s'ha canviat res.
pad-notes-mode = { $on ->
    [yes] Mode notes activat: els botons de xifres posen o treuen notes a la casella triada.
   *[no] Mode notes desactivat: els botons de xifres col·loquen xifres.
}
pad-chose-given = Casella { $cell } triada: és una xifra inicial ({ $digit }) i no es pot canviar; tria'n una altra.
pad-chose-cell = Casella { $cell } triada: prem una xifra.
pad-chose-row = Fila { $row } triada: ara tria una columna.
pad-chose-column = Columna { $column } triada: ara tria una fila.

## Desfer, comprovar, pista.

undo-nothing = No hi ha res per desfer: encara no hi ha jugades ni notes en aquesta partida.
undo-notes = S'han desfet les darreres notes.
undo-move = S'ha desfet la darrera jugada ({ $cells }).
check-nothing-placed = Encara no has col·locat cap xifra, així que no hi ha res per comprovar. { $empty ->
    [one] Queda 1 casella buida.
   *[other] Queden { $empty } caselles buides.
}
check-all-right = Tot el que has col·locat és correcte.
check-wrong-count = { $count ->
    [one] Tens 1 xifra malament.
   *[other] Tens { $count } xifres malament.
}
check-wrong-cells = Xifres incorrectes: { $cells }.
check-empty = { $count ->
    [one] Queda 1 casella buida.
   *[other] Queden { $count } caselles buides.
}
check-now-marked = { $count ->
    [one] 1 xifra incorrecta queda marcada al teu tauler (`/sudoku show`) i compta com a error
   *[other] { $count } xifres incorrectes queden marcades al teu tauler (`/sudoku show`) i compten com a errors
} (sense comprovació sobre la marxa; portes { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}).
check-show-which = Fes servir `/sudoku check show` per veure quines.
hint-said = Pista. { $hint }
hint-off-in-races = A les curses no hi ha pistes: la { $race } es guanya resolent, així que tothom hi juga sense. `/sudoku check` continua mostrant els teus errors.
hint-wrong-first = Abans del pas següent: { $cells } { $count ->
    [one] està malament. Esborra-la
   *[other] estan malament. Esborra-les
} (p. ex. `/sudoku move { $first } 0`) i torna-hi a mirar.
hint-solved = El tauler és complet i correcte.
hint-wrong-counted = Compten com a errors, igual que en una comprovació (portes { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}).
hint-ask-again = Torna-ho a demanar per veure'n més detall.
hint-same-again = (La mateixa pista que abans; no es torna a comptar.)

## Lliurar i abandonar.

submit-unreadable = No he pogut llegir aquesta graella: { $why }. Enganxa les 81 caselles (files A-I), p. ex. 81 xifres en una línia.
# $more: `yes` quan difereixen més caselles que les cinc de la llista.
submit-givens-differ = Aquestes xifres inicials no coincideixen amb les d'aquest sudoku (mira { $cells }{ $more ->
    [yes] , …
   *[no] {""}
}). Lliura la graella de la teva partida actual.
submit-board-wrong = Encara no està resolt. { $count ->
    [one] 1 xifra del teu tauler està malament: ara queda marcada i compta com a error
   *[other] { $count } xifres del teu tauler estan malament: ara queden marcades i compten com a errors
} (portes { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}). Per la resta, el teu tauler no ha canviat.
# El que li falta a una graella lliurada: $wrong caselles malament, $missing caselles buides
# (qualsevol de les dues pot ser 0).
submit-what = { $wrong ->
    [0] {""}
    [one] 1 casella està malament
   *[other] { $wrong } caselles estan malament
}{ $wrong ->
    [0] {""}
   *[other] { $missing ->
        [0] {""}
       *[other] {" "}i{" "}
    }
}{ $missing ->
    [0] {""}
    [one] falta 1 xifra
   *[other] falten { $missing } xifres
}
submit-not-solved = Encara no està resolt: { $what }. La teva partida no ha canviat.
submit-wrong-counted = Encara no està resolt: { $what }. Les xifres incorrectes compten com a errors, igual que en una comprovació (portes { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}). El teu tauler no ha canviat.
submit-race-out = No està resolt: { $what }. Amb això portes { $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
}: quedes fora de la { $race } (en una cursa { $allowed ->
    [one] se'n permet 1
   *[other] se'n permeten { $allowed }
}). La solució es mostrarà quan acabi la cursa.
giveup-ask = Vols abandonar aquesta partida i veure la solució?
giveup-race-ask = Vols abandonar la { $race }? Sortiràs de la cursa, i la solució continuarà amagada fins que acabi.
giveup-race-done = Has abandonat la { $race }. { $sealed ->
    [yes] La solució queda amagada per a tots els participants fins que acabi la cursa; llavors `/sudoku show` te la mostrarà.
   *[no] Aquí tens la solució.
}
giveup-done = Partida abandonada. Aquí tens la solució; comença'n una altra amb `/sudoku new`.
giveup-daily-ask = Vols abandonar el repte diari d'avui? La solució es mostrarà quan acabi el dia del servidor, per a tothom alhora.
giveup-daily-done = Repte abandonat. La solució es mostrarà quan acabi el dia del servidor ({ $at }), per a tothom alhora: encara s'està jugant el repte diari d'avui.

## Botons sota les respostes.

button-my-board = El meu tauler
button-show-my-game = Veure la meva partida
button-show-game = Veure { $game }
button-new-game = Partida nova
button-share = Compartir
button-more-detail = Més detall
button-yes-give-up = Sí, abandonar

## Sudokus que no es poden fer tal com es demanen: per què, i què cal demanar en comptes d'això.

# $example: `yes` per acabar amb un exemple de què demanar.
puzzle-refused = No puc fer aquest sudoku: { $why }.{ $example ->
    [yes] {" "}Per exemple: `/sudoku new 45`.
   *[no] {""}
}
puzzle-zero-empty = Un sudoku amb 0 caselles buides no tindria res per omplir. Demana'n almenys 1, p. ex. 40.
puzzle-too-many-empty = { $asked } caselles buides és impossible: un sudoku amb una sola solució necessita almenys 17 xifres inicials, així que com a màxim hi pot haver { $max } caselles buides
puzzle-too-few-empty = els sudokus de nivell { $tier_key ->
    [easy] fàcil
    [medium] mitjà
    [hard] difícil
    [expert] expert
    [extreme] extrem
   *[other] { $tier }
} necessiten almenys { $min } caselles buides (n'has demanat { $asked }); demana més caselles buides o una dificultat més fàcil
puzzle-tier-not-found = no he trobat cap sudoku de nivell { $tier_key ->
    [easy] fàcil
    [medium] mitjà
    [hard] difícil
    [expert] expert
    [extreme] extrem
   *[other] { $tier }
} en { $attempts } intents; torna-ho a provar, o demana un altre nombre de caselles buides
puzzle-symmetry-parity = la simetria { $symmetry } no pot deixar exactament { $asked } caselles buides
puzzle-symmetry-too-empty = { $asked } caselles buides amb simetria { $symmetry } és massa rar per trobar-lo; amb simetria { $symmetry } demana'n { $max } o menys, o treu la simetria (fins a { $most })
# $symmetric: `yes` quan s'ha demanat una simetria.
puzzle-not-found = { $symmetric ->
    [yes] no he trobat cap sudoku amb { $asked } caselles buides i simetria { $symmetry } dins del pressupost de cerca; els sudokus simètrics tan buits són rars: prova amb 58 o menys, o sense simetria (fins a { $most })
   *[no] no he trobat cap sudoku amb { $asked } caselles buides dins del pressupost de cerca; torna-ho a provar, o demana menys caselles buides
}
solve-unverified = Sense verificar: és més ràpid del que una persona pot resoldre aquest sudoku (temps inferior a { $floor }), així que es desa, però queda per darrere de tots els resultats verificats i no puntua.
