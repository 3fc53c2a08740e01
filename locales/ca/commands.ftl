# Les descripcions de les ordres de barra de Discord i les etiquetes de les seves opcions, en
# català. Els noms d'ordres, opcions i caselles es mantenen en anglès (Discord els envia així).

## /sudoku i /sudoku-daily

describe-family-sudoku = Juga al sudoku: partides noves, jugades, pistes i resolució
describe-family-sudoku-daily = Configura el repte diari d'aquest servidor

## Opcions comunes a diverses ordres

choice-difficulty-easy = Fàcil
choice-difficulty-medium = Mitjà
choice-difficulty-hard = Difícil
choice-difficulty-expert = Expert
choice-difficulty-extreme = Extrem

choice-language-auto = Idioma de Discord
choice-language-server = Idioma del servidor
choice-language-en = English
choice-language-es = Español
choice-language-ca = Català

## /sudoku new

describe-new = Comença una partida
describe-new-empty = Nombre de caselles buides (1-64)
describe-new-difficulty = Dificultat, segons les tècniques que requereix
describe-new-symmetry = Patró de les xifres inicials
choice-symmetry-none = cap
choice-symmetry-rot180 = rotació 180°
choice-symmetry-mirror = mirall

## /sudoku show

describe-show = Mostra el teu tauler i com vas

## /sudoku move

describe-move = Col·loca o esborra xifres, p. ex. B7 4, C3 5 (B7 0 esborra)
describe-move-moves = Caselles i xifres: B7 4, C3 5

## /sudoku note

describe-note = Posa o treu notes en una casella
describe-note-cell = La casella, p. ex. B7, o auto per anotar els candidats de totes les caselles
describe-note-digits = Xifres per posar o treure, p. ex. 257

## /sudoku undo

describe-undo = Desfés la teva darrera jugada

## /sudoku check

describe-check = Quantes de les teves xifres estan malament
describe-check-reveal = Mostrar també en quines caselles

## /sudoku hint

describe-hint = El pas lògic següent (torna a demanar per a més detall)

## /sudoku submit

describe-submit = Lliura una solució completa
describe-submit-grid = 81 xifres, o deixa-ho buit per enganxar un tauler sencer

## /sudoku giveup

describe-giveup = Mira la solució i acaba la teva partida

## /sudoku solve

describe-solve = Resol qualsevol sudoku
describe-solve-grid = 81 xifres, amb 0 o . per a les caselles buides

## /sudoku stats

describe-stats = Partides, sudokus resolts i millors temps
describe-stats-player = De qui vols veure les estadístiques

## /sudoku daily

describe-daily = Juga el repte diari d'avui en aquest servidor

## /sudoku leaderboard

describe-leaderboard = Classificació del repte diari d'aquest servidor
describe-leaderboard-period = Quins dies
choice-period-today = Avui
choice-period-week = Aquesta setmana
choice-period-all-time = Històric
choice-period-races = Curses

## /sudoku coop

describe-coop = Un tauler que omple tot el canal en equip
describe-coop-action = Què fer (per defecte: començar un tauler)
describe-coop-empty = Nombre de caselles buides (1-64)
describe-coop-difficulty = Dificultat, segons les tècniques que requereix
describe-coop-input = Jugades (B7 4, C3 5), o una casella i les seves notes (B7 257)
choice-action-start = començar
choice-action-show = veure el tauler
choice-action-move = col·locar xifres
choice-action-note = anotar
choice-action-undo = desfer
choice-action-check = comprovar
choice-action-hint = demanar pista
choice-action-end = acabar

## /sudoku race

describe-race = Competeix contra altres amb el mateix sudoku, cadascú al seu propi tauler
describe-race-empty = Nombre de caselles buides (1-64)
describe-race-difficulty = Dificultat, segons les tècniques que requereix
describe-race-players = Comença automàticament en arribar a aquest nombre de jugadors (2-20)

## /sudoku challenge

describe-challenge = Repta un jugador a una cursa 1 contra 1
describe-challenge-player = A qui reptar
describe-challenge-empty = Nombre de caselles buides (1-64)
describe-challenge-difficulty = Dificultat, segons les tècniques que requereix

## /sudoku settings

describe-settings = Les teves preferències: check-as-you-go, taulers en text o imatge, idioma
describe-settings-check-as-you-go = Marca i compta les xifres errònies en col·locar-les (activat per defecte)
describe-settings-board = Taulers en text (per defecte) o en imatges amb notes
choice-board-text = Text
choice-board-image = Imatge
describe-settings-language = L'idioma en què et parla el bot (per defecte: el del teu Discord)

## /sudoku play

describe-play = Toca per jugar: el teu tauler com a activitat de Discord

## /sudoku web

describe-web = Juga el teu tauler en una pàgina web (un enllaç privat)

## /sudoku share

describe-share = Publica el teu resultat del repte diari d'avui, sense espòilers

## /sudoku forget-me

describe-forget-me = Esborra totes les teves partides i estadístiques (pregunta abans)

## /sudoku help

describe-help = Què fa cada ordre

## /sudoku-daily setup

describe-setup = Publica un sudoku diari en un canal
describe-setup-channel = On publicar-lo
describe-setup-time = 09:00, 18:30, 9am o 9:30pm (per defecte 09:00)
describe-setup-timezone = Una ciutat, zona, desfasament o abreviatura: Madrid, Europe/Madrid, UTC+2, PST (per defecte UTC)
describe-setup-difficulty = Dificultat dels sudokus diaris
describe-setup-language = L'idioma de les publicacions diàries (per defecte: el del servidor)

## /sudoku-daily off

describe-off = Deixa de publicar sudokus diaris

## L'ordre d'entrada de l'Activitat, i el nom de l'ordre de missatge (com en un menú)

describe-launch = Sudoku per tocar: el teu tauler, en directe amb el teu servidor
describe-solve-message = Resol el sudoku
