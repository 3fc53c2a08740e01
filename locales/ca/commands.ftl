# Les descripcions de les ordres de barra de Discord i les etiquetes de les seves opcions, en
# català. Els noms de subordres i opcions són al final (name-*, option-*).

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
choice-action-show = mostrar
choice-action-move = posar
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

describe-settings = Les teves preferències: comprovació sobre la marxa, taulers en text o imatge, idioma
describe-settings-check-as-you-go = Marca i compta les xifres errònies en col·locar-les (activat per defecte)
describe-settings-board = Taulers en text (per defecte) o en imatges amb notes
choice-board-text = Text
choice-board-image = Imatge
describe-settings-language = L'idioma en què et parla el bot (per defecte: el del teu Discord)

## /sudoku play

describe-play = Toca per jugar: el teu tauler com a activitat de Discord

## /sudoku web

describe-web = Juga amb el teu tauler en una pàgina web (un enllaç privat)

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

describe-launch = Sudoku interactiu: el teu tauler, en directe amb el teu servidor
describe-solve-message = Resol el sudoku

## Els noms dels subordres i de les opcions. Discord no té català: aquests noms només
## s'escriuen a la terminal; a Discord, qui tria el català veu els noms de l'idioma del
## seu Discord. En minúscules, només lletres, xifres i '-', 32 caràcters com a molt.

name-new = nou
name-show = veure
name-move = posar
name-note = anotar
name-undo = desfer
name-check = comprovar
name-hint = pista
name-submit = lliurar
name-giveup = rendir-se
name-solve = resoldre
name-stats = estadístiques
name-daily = diari
name-leaderboard = classificació
name-coop = coop
name-race = cursa
name-challenge = duel
name-settings = preferències
name-play = jugar
name-web = web
name-share = compartir
name-forget-me = oblidar-me
name-help = ajuda
name-setup = configurar
name-off = desactivar

option-empty = buides
option-difficulty = dificultat
option-symmetry = simetria
option-moves = jugades
option-cell = casella
option-digits = xifres
option-reveal = mostrar
option-grid = graella
option-player = jugador
option-period = període
option-action = acció
option-input = entrada
option-players = jugadors
option-check-as-you-go = comprovar-en-jugar
option-board = tauler
option-language = idioma
option-channel = canal
option-time = hora
option-timezone = zona-horària

## Ordres escrites que no són cap ordre (la terminal; alguna opció que Discord deixa passar)

typed-not-admin-command = `/sudoku-daily { $typed }` no és cap ordre: fes servir { $commands }
typed-unknown-command = No conec l'ordre `{ $typed }`; les ordres són: { $commands }
typed-given-twice = `{ $typed }`: ja has indicat l'opció `{ $option }`; posa-la només una vegada
typed-takes-no-options = `{ $command }` no porta opcions; has escrit `{ $typed }` al darrere
typed-not-an-option = `{ $typed }` no és una opció de `{ $command }`: indica { $wanted }
typed-not-an-option-example = `{ $typed }` no és una opció de `{ $command }`: indica { $wanted }; per exemple, { $examples }
typed-give = `{ $typed }`: indica { $wanted }
typed-on-or-off = `{ $typed }`: l'opció `{ $option }` només admet sí o no
typed-too-long = `{ $option }`: té { $length } caràcters; com a molt n'hi caben { $most }
typed-not-a-choice = `{ $typed }` no és { $wanted }: fes servir { $values }
typed-not-empty-cells = `{ $number }` no és un nombre de caselles buides: fes servir d'1 a { $most }
typed-not-players = `{ $number }` no és un nombre de jugadors: en una cursa hi poden participar de 2 a { $most }
typed-challenge-whom = digues a qui desafies, p. ex. `/sudoku challenge @anna`
typed-coop-action-example = `{ $typed }` no és cap acció del tauler cooperatiu: fes servir { $actions }; per exemple, `/sudoku coop posar B7 4`
typed-coop-action = `{ $typed }` no és cap acció del tauler cooperatiu: fes servir { $actions }
typed-coop-start-only = les caselles buides i la dificultat són per començar un tauler (`/sudoku coop 45 medium`), no per a `coop { $action }`
typed-coop-nothing-more = `coop { $action }` no porta res més; has escrit `{ $typed }` al darrere
typed-coop-moves = escriu les jugades després de `coop posar`, p. ex. `/sudoku coop posar B7 4`
typed-coop-note = escriu una casella i xifres després de `coop note`, p. ex. `/sudoku coop anotar B7 257` (o `coop note auto` per als candidats de totes les caselles)
typed-coop-check = `coop check` no porta res més: en un tauler cooperatiu totes les xifres són correctes

## Què admet cada opció, com a substantiu («indica una dificultat (easy, …)»)

noun-empty = un nombre de caselles buides
noun-difficulty = una dificultat
noun-symmetry = una simetria
noun-moves = jugades
noun-cell = una casella
noun-digits = xifres
noun-reveal = `mostrar` per dir quines caselles
noun-grid = una graella
noun-player = un jugador
noun-period = un període
noun-action = una acció del tauler cooperatiu
noun-input = jugades o notes
noun-players = un nombre de jugadors
noun-check-as-you-go = sí o no
noun-board = text o imatge
noun-language = un idioma (en, es, ca)
noun-channel = un canal
noun-time = una hora
noun-timezone = una zona horària
