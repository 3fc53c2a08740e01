# Las descripciones de los comandos de barra de Discord y las etiquetas de sus opciones, en
# español. Los nombres de subcomandos y opciones están al final (name-*, option-*).

## /sudoku y /sudoku-daily

describe-family-sudoku = Juega al sudoku: partidas nuevas, jugadas, pistas y resolución
describe-family-sudoku-daily = Configura el reto diario de este servidor

## Opciones comunes a varios comandos

choice-difficulty-easy = Fácil
choice-difficulty-medium = Medio
choice-difficulty-hard = Difícil
choice-difficulty-expert = Experto
choice-difficulty-extreme = Extremo

choice-language-auto = Idioma de Discord
choice-language-server = Idioma del servidor
choice-language-en = English
choice-language-es = Español
choice-language-ca = Català

## /sudoku new

describe-new = Empieza una partida
describe-new-empty = Número de casillas vacías (1-64)
describe-new-difficulty = Dificultad, según las técnicas que requiere
describe-new-symmetry = Patrón de las cifras iniciales
choice-symmetry-none = ninguna
choice-symmetry-rot180 = rotación 180°
choice-symmetry-mirror = espejo

## /sudoku show

describe-show = Muestra tu tablero y cómo vas

## /sudoku move

describe-move = Coloca o borra cifras, p. ej. B7 4, C3 5 (B7 0 borra)
describe-move-moves = Casillas y cifras: B7 4, C3 5

## /sudoku note

describe-note = Pon o quita notas en una casilla
describe-note-cell = La casilla, p. ej. B7, o auto para anotar los candidatos de todas las casillas
describe-note-digits = Cifras que poner o quitar, p. ej. 257

## /sudoku undo

describe-undo = Deshaz tu última jugada

## /sudoku check

describe-check = Cuántas de tus cifras están mal
describe-check-reveal = Mostrar también en qué casillas

## /sudoku hint

describe-hint = El siguiente paso lógico (vuelve a pedir para más detalle)

## /sudoku submit

describe-submit = Entrega una solución completa
describe-submit-grid = 81 cifras, o déjalo vacío para pegar un tablero entero

## /sudoku giveup

describe-giveup = Mira la solución y termina tu partida

## /sudoku solve

describe-solve = Resuelve cualquier sudoku
describe-solve-grid = 81 cifras, con 0 o . para las casillas vacías

## /sudoku stats

describe-stats = Partidas, sudokus resueltos y mejores tiempos
describe-stats-player = De quién quieres ver las estadísticas

## /sudoku daily

describe-daily = Juega el reto diario de hoy en este servidor

## /sudoku leaderboard

describe-leaderboard = Clasificación del reto diario de este servidor
describe-leaderboard-period = Qué días
choice-period-today = Hoy
choice-period-week = Esta semana
choice-period-all-time = Histórico
choice-period-races = Carreras

## /sudoku coop

describe-coop = Un tablero que rellena todo el canal en equipo
describe-coop-action = Qué hacer (por defecto: empezar un tablero)
describe-coop-empty = Número de casillas vacías (1-64)
describe-coop-difficulty = Dificultad, según las técnicas que requiere
describe-coop-input = Jugadas (B7 4, C3 5), o una casilla y sus notas (B7 257)
choice-action-start = empezar
choice-action-show = ver tablero
choice-action-move = poner
choice-action-note = anotar
choice-action-undo = deshacer
choice-action-check = comprobar
choice-action-hint = pedir pista
choice-action-end = terminar

## /sudoku race

describe-race = Compite contra otros en el mismo sudoku, cada uno en su propio tablero
describe-race-empty = Número de casillas vacías (1-64)
describe-race-difficulty = Dificultad, según las técnicas que requiere
describe-race-players = Empieza automáticamente al llegar a este número de jugadores (2-20)

## /sudoku challenge

describe-challenge = Reta a un jugador a una carrera 1 contra 1
describe-challenge-player = A quién retar
describe-challenge-empty = Número de casillas vacías (1-64)
describe-challenge-difficulty = Dificultad, según las técnicas que requiere

## /sudoku settings

describe-settings = Tus ajustes: comprobación sobre la marcha, tableros en texto o imagen, idioma
describe-settings-check-as-you-go = Marca y cuenta las cifras erróneas al colocarlas (activado por defecto)
describe-settings-board = Tableros en texto (por defecto) o en imágenes con notas
choice-board-text = Texto
choice-board-image = Imagen
describe-settings-language = El idioma en que te habla el bot (por defecto: el de tu Discord)

## /sudoku play

describe-play = Toca para jugar: tu tablero como actividad de Discord

## /sudoku web

describe-web = Juega con tu tablero en una página web (un enlace privado)

## /sudoku share

describe-share = Publica tu resultado del reto diario de hoy, sin spoilers

## /sudoku forget-me

describe-forget-me = Borra todas tus partidas y estadísticas (pregunta antes)

## /sudoku help

describe-help = Qué hace cada comando

## /sudoku-daily setup

describe-setup = Publica un sudoku diario en un canal
describe-setup-channel = Dónde publicarlo
describe-setup-time = 09:00, 18:30, 9am o 9:30pm (por defecto 09:00)
describe-setup-timezone = Una ciudad, zona, desfase o abreviatura: Madrid, Europe/Madrid, UTC+2, PST (por defecto UTC)
describe-setup-difficulty = Dificultad de los sudokus diarios
describe-setup-language = El idioma de las publicaciones diarias (por defecto: el del servidor)

## /sudoku-daily off

describe-off = Deja de publicar sudokus diarios

## El comando de entrada de la Actividad, y el nombre del comando de mensaje (como en un menú)

describe-launch = Sudoku interactivo: tu tablero, en directo con tu servidor
describe-solve-message = Resolver sudoku

## Los nombres de los subcomandos y de las opciones, tal como los ve en Discord quien lo
## tiene en español, y que también se pueden escribir en la terminal: en minúsculas, solo
## letras, cifras y '-', 32 caracteres como mucho, sin repetir entre hermanos.

name-new = nuevo
name-show = ver
name-move = poner
name-note = anotar
name-undo = deshacer
name-check = comprobar
name-hint = pista
name-submit = entregar
name-giveup = rendirse
name-solve = resolver
name-stats = estadísticas
name-daily = diario
name-leaderboard = clasificación
name-coop = coop
name-race = carrera
name-challenge = desafío
name-settings = ajustes
name-play = jugar
name-web = web
name-share = compartir
name-forget-me = olvídame
name-help = ayuda
name-setup = configurar
name-off = desactivar

option-empty = vacías
option-difficulty = dificultad
option-symmetry = simetría
option-moves = jugadas
option-cell = casilla
option-digits = cifras
option-reveal = mostrar
option-grid = cuadrícula
option-player = jugador
option-period = periodo
option-action = acción
option-input = entrada
option-players = jugadores
option-check-as-you-go = comprobar-al-jugar
option-board = tablero
option-language = idioma
option-channel = canal
option-time = hora
option-timezone = zona-horaria

## Órdenes escritas que no son ninguna orden (la terminal; alguna opción que Discord deja pasar)

typed-not-admin-command = `/sudoku-daily { $typed }` no es un comando: usa { $commands }
typed-unknown-command = No conozco el comando `{ $typed }`; los comandos son: { $commands }
typed-given-twice = `{ $typed }`: ya has indicado la opción `{ $option }`; ponla solo una vez
typed-takes-no-options = `{ $command }` no lleva opciones; has escrito `{ $typed }` detrás
typed-not-an-option = `{ $typed }` no es una opción de `{ $command }`: indica { $wanted }
typed-not-an-option-example = `{ $typed }` no es una opción de `{ $command }`: indica { $wanted }; por ejemplo, { $examples }
typed-give = `{ $typed }`: indica { $wanted }
typed-on-or-off = `{ $typed }`: la opción `{ $option }` solo admite sí o no
typed-too-long = `{ $option }`: tiene { $length } caracteres; como mucho caben { $most }
typed-not-a-choice = `{ $typed }` no es { $wanted }: usa { $values }
typed-not-empty-cells = `{ $number }` no es un número de casillas vacías: usa de 1 a { $most }
typed-not-players = `{ $number }` no es un número de jugadores: en una carrera pueden participar de 2 a { $most }
typed-challenge-whom = di a quién desafías, p. ej. `/sudoku challenge @ana`
typed-coop-action-example = `{ $typed }` no es una acción del tablero cooperativo: usa { $actions }; por ejemplo, `/sudoku coop poner B7 4`
typed-coop-action = `{ $typed }` no es una acción del tablero cooperativo: usa { $actions }
typed-coop-start-only = las casillas vacías y la dificultad son para empezar un tablero (`/sudoku coop 45 medium`), no para `coop { $action }`
typed-coop-nothing-more = `coop { $action }` no lleva nada más; has escrito `{ $typed }` detrás
typed-coop-moves = escribe las jugadas después de `coop poner`, p. ej. `/sudoku coop poner B7 4`
typed-coop-note = escribe una casilla y cifras después de `coop note`, p. ej. `/sudoku coop anotar B7 257` (o `coop note auto` para los candidatos de todas las casillas)
typed-coop-check = `coop check` no lleva nada más: en un tablero cooperativo todas las cifras son correctas

## Qué admite cada opción, como sustantivo («indica una dificultad (easy, …)»)

noun-empty = un número de casillas vacías
noun-difficulty = una dificultad
noun-symmetry = una simetría
noun-moves = jugadas
noun-cell = una casilla
noun-digits = cifras
noun-reveal = `mostrar` para decir qué casillas
noun-grid = una cuadrícula
noun-player = un jugador
noun-period = un periodo
noun-action = una acción del tablero cooperativo
noun-input = jugadas o notas
noun-players = un número de jugadores
noun-check-as-you-go = sí o no
noun-board = texto o imagen
noun-language = un idioma (en, es, ca)
noun-channel = un canal
noun-time = una hora
noun-timezone = una zona horaria
