# /sudoku solve: resol qualsevol graella enganxada, però mai un sudoku pel qual s'està jugant.

solve-empty = Enganxa una graella després de `/sudoku solve`: 81 xifres amb 0 o . per a les caselles buides, o les files d'un tauler.
solve-unreadable = No he pogut llegir aquesta graella: { $why }.
solve-unique = Resolt: té exactament una solució.
solve-several = Aquesta graella té més d'una solució, així que no és un sudoku pròpiament dit. Una de les solucions:
solve-none = Aquesta graella no té solució: les xifres inicials es contradiuen en algun punt (cap xifra no xoca directament, però no es poden completar totes).
# $which: de qui és el sudoku (o a quin s'assembla massa).
solve-spoiler = { $which ->
    [own-game] És el sudoku de la teva partida en curs, així que no te'l resoldré. `/sudoku hint` et mostra el pas següent; `/sudoku giveup` acaba la partida i ensenya la solució.
    [own-daily] És el repte diari d'avui, que estàs jugant: res d'espòilers fins que s'acabi el seu dia. `/sudoku hint` et mostra el pas següent (30 s més al teu temps de classificació).
    [own-race] És el sudoku de la teva cursa: es guanya resolent-lo, així que res d'espòilers mentre duri. `/sudoku check` et mostra els teus errors.
    [coop] És un tauler cooperatiu que s'està jugant ara mateix: res d'espòilers mentre juga l'equip. Uneix-t'hi amb `/sudoku coop move`.
    [race] És el sudoku d'una cursa que s'està jugant ara mateix: res d'espòilers mentre competeixen. Obre la teva amb `/sudoku race`.
   *[daily] És un dels reptes diaris d'avui, o s'hi assembla massa (a poques caselles, o disfressat): res d'espòilers fins que s'acabi el seu dia. Juga el del teu servidor amb `/sudoku daily`; torna-m'ho a preguntar demà.
}
