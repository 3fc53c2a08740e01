# /sudoku solve: resol qualsevol graella enganxada; en pausa mentre qui pregunta juga per una classificació, i mai la seva pròpia partida.

solve-empty = Enganxa una graella després de `/sudoku solve`: 81 xifres amb 0 o . per a les caselles buides, o les files d'un tauler.
solve-unreadable = No he pogut llegir aquesta graella: { $why }.
solve-unique = Resolt: té exactament una solució.
solve-several = Aquesta graella té més d'una solució, així que no és un sudoku pròpiament dit. Una de les solucions:
solve-none = Aquesta graella no té solució: les xifres inicials es contradiuen en algun punt (cap xifra no xoca directament, però no es poden completar totes).
# $which: de qui és la partida (o a quina s'assembla massa).
solve-spoiler = { $which ->
    [own-game] És el sudoku de la teva partida en curs, així que no te'l resoldré. `/sudoku hint` et mostra el pas següent; `/sudoku giveup` acaba la partida i ensenya la solució.
   *[coop] És un tauler cooperatiu que s'està jugant ara mateix en aquest servidor: res d'espòilers mentre juga l'equip. Uneix-t'hi amb `/sudoku coop posar`.
}
# La mateixa resposta sigui quina sigui la graella enganxada, perquè no digui res de cap.
solve-paused-daily = `/sudoku solve` està en pausa fins que s'acabi el teu repte diari: mentre jugues per una classificació (el repte d'avui, fins que el resolguis o s'acabi el seu dia) no resolc cap graella, sigui quina sigui. Torna quan el resolguis, o { $back }.
solve-paused-race = `/sudoku solve` està en pausa fins que s'acabi { $challenge ->
    [yes] el teu repte
   *[no] la teva cursa
}: mentre jugues per una classificació no resolc cap graella, sigui quina sigui. Torna quan resolguis el sudoku o quan s'acabi { $challenge ->
    [yes] el repte
   *[no] la cursa
}.
