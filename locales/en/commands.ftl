# Discord's slash-command descriptions and choice labels, in English: copied from the command
# table (src/app/command/table.rs). Choice values are not translated; names are at the end.

## /sudoku and /sudoku-daily

describe-family-sudoku = Play Sudoku: new games, moves, hints, solving
describe-family-sudoku-daily = Set up the daily Sudoku of this server

## Choices shared by several commands

choice-difficulty-easy = Easy
choice-difficulty-medium = Medium
choice-difficulty-hard = Hard
choice-difficulty-expert = Expert
choice-difficulty-extreme = Extreme

choice-language-auto = Discord's language
choice-language-server = The server's language
choice-language-en = English
choice-language-es = Español
choice-language-ca = Català

## /sudoku new

describe-new = Start a game
describe-new-empty = Number of empty cells (1-64)
describe-new-difficulty = How hard, by the techniques it needs
describe-new-symmetry = Pattern of the givens
choice-symmetry-none = none
choice-symmetry-rot180 = rot180
choice-symmetry-mirror = mirror

## /sudoku show

describe-show = Show your board and status

## /sudoku move

describe-move = Place or erase digits, e.g. B7 4, C3 5 (B7 0 erases)
describe-move-moves = Cells and digits: B7 4, C3 5

## /sudoku note

describe-note = Toggle pencil marks in a cell
describe-note-cell = The cell, e.g. B7, or auto for every cell's candidates
describe-note-digits = Digits to toggle, e.g. 257

## /sudoku undo

describe-undo = Take back your last move

## /sudoku check

describe-check = How many of your digits are wrong
describe-check-reveal = Also say which cells

## /sudoku hint

describe-hint = The next logical step (ask again for more detail)

## /sudoku submit

describe-submit = Submit a full solution
describe-submit-grid = 81 digits, or leave empty to paste a whole board

## /sudoku giveup

describe-giveup = See the solution and end your game

## /sudoku solve

describe-solve = Solve any Sudoku grid
describe-solve-grid = 81 digits with 0 or . for empty cells

## /sudoku stats

describe-stats = Games, solves and best times
describe-stats-player = Whose stats

## /sudoku daily

describe-daily = Play today's daily puzzle of this server

## /sudoku leaderboard

describe-leaderboard = This server's daily leaderboard
describe-leaderboard-period = Which days
choice-period-today = Today
choice-period-week = This week
choice-period-all-time = All time
choice-period-races = Races

## /sudoku coop

describe-coop = A board the whole channel fills together
describe-coop-action = What to do (default: start a board)
describe-coop-empty = Number of empty cells (1-64)
describe-coop-difficulty = How hard, by the techniques it needs
describe-coop-input = Moves (B7 4, C3 5), or a cell and note digits (B7 257)
choice-action-start = start
choice-action-show = show
choice-action-move = move
choice-action-note = note
choice-action-undo = undo
choice-action-check = check
choice-action-hint = hint
choice-action-end = end

## /sudoku race

describe-race = Race others on the same puzzle, each on a private board
describe-race-empty = Number of empty cells (1-64)
describe-race-difficulty = How hard, by the techniques it needs
describe-race-players = Start by itself when this many have joined (2-20)

## /sudoku challenge

describe-challenge = Challenge one player to a 1-v-1 race
describe-challenge-player = Who to challenge
describe-challenge-empty = Number of empty cells (1-64)
describe-challenge-difficulty = How hard, by the techniques it needs

## /sudoku settings

describe-settings = Your settings: check-as-you-go, boards as text or pictures, language
describe-settings-check-as-you-go = Mark and count wrong digits when placed (default on)
describe-settings-board = Boards as text (default) or as pictures with pencil marks
choice-board-text = Text
choice-board-image = Image
describe-settings-language = The language the bot speaks to you (default: your Discord's)

## /sudoku play

describe-play = Tap to play: your board as a Discord Activity

## /sudoku web

describe-web = Play your board in a web page (a private link)

## /sudoku share

describe-share = Post your result of today's daily, without spoilers

## /sudoku forget-me

describe-forget-me = Delete all your games and stats (asks first)

## /sudoku help

describe-help = What each command does

## /sudoku-daily setup

describe-setup = Post a daily puzzle in a channel
describe-setup-channel = Where to post
describe-setup-time = 09:00, 18:30, 9am or 9:30pm (default 09:00)
describe-setup-timezone = A city, zone, offset or abbreviation: Madrid, Europe/Madrid, UTC+2, PST (default UTC)
describe-setup-difficulty = Difficulty of the daily puzzles
describe-setup-language = The language of the daily posts (default: the server's)

## /sudoku-daily off

describe-off = Stop posting daily puzzles

## The Activity's Entry Point command, and the message command's name (as in a menu)

describe-launch = Tap to play Sudoku: your board, live with your server
describe-solve-message = Solve Sudoku

## The names of the subcommands and options: English is what Discord sends back
## whatever the client shows, so these must equal the table's (a test checks). Another
## language's names are what its players see in Discord's command picker (where Discord
## has its locale) and may type in the terminal: lowercase, letters, digits, '-' and '_' only,
## at most 32 characters, each unique among its siblings.

name-new = new
name-show = show
name-move = move
name-note = note
name-undo = undo
name-check = check
name-hint = hint
name-submit = submit
name-giveup = giveup
name-solve = solve
name-stats = stats
name-daily = daily
name-leaderboard = leaderboard
name-coop = coop
name-race = race
name-challenge = challenge
name-settings = settings
name-play = play
name-web = web
name-share = share
name-forget-me = forget-me
name-help = help
name-setup = setup
name-off = off

option-empty = empty
option-difficulty = difficulty
option-symmetry = symmetry
option-moves = moves
option-cell = cell
option-digits = digits
option-reveal = reveal
option-grid = grid
option-player = player
option-period = period
option-action = action
option-input = input
option-players = players
option-check-as-you-go = check-as-you-go
option-board = board
option-language = language
option-channel = channel
option-time = time
option-timezone = timezone

## Typed commands that are no command (the terminal; a few options Discord lets through)

typed-not-admin-command = `/sudoku-daily { $typed }` is not a command: use { $commands }
typed-unknown-command = unknown command `{ $typed }`; the commands are: { $commands }
typed-given-twice = `{ $typed }`: { $option } is already given; give it once
typed-takes-no-options = `{ $command }` takes no options; you wrote `{ $typed }` after it
typed-not-an-option = `{ $typed }` is not an option of `{ $command }`: give { $wanted }
typed-not-an-option-example = `{ $typed }` is not an option of `{ $command }`: give { $wanted }, e.g. { $examples }
typed-give = `{ $typed }`: give { $wanted }
typed-on-or-off = `{ $typed }`: { $option } is on or off
typed-too-long = { $option } is { $length } characters long; at most { $most } fit
typed-not-a-choice = `{ $typed }` is not { $wanted }: use { $values }
typed-not-empty-cells = `{ $number }` is not a number of empty cells: use 1-{ $most }
typed-not-players = `{ $number }` is not a number of players: a race takes 2 to { $most }
typed-challenge-whom = name who to challenge, e.g. `/sudoku challenge @ann`
typed-coop-action-example = `{ $typed }` is not a co-op action: use { $actions }, e.g. `/sudoku coop move B7 4`
typed-coop-action = `{ $typed }` is not a co-op action: use { $actions }
typed-coop-start-only = empty cells and difficulty are for starting a board (`/sudoku coop 45 medium`), not for `coop { $action }`
typed-coop-nothing-more = `coop { $action }` takes nothing more; you wrote `{ $typed }` after it
typed-coop-moves = give the moves after `coop move`, e.g. `/sudoku coop move B7 4`
typed-coop-note = give a cell and digits after `coop note`, e.g. `/sudoku coop note B7 257` (or `coop note auto` for every cell's candidates)
typed-coop-check = `coop check` takes nothing more (or `show`, which says the same: every digit on a co-op board is correct)

## What each option takes, as a noun ("give a difficulty (easy, …)")

noun-empty = a number of empty cells
noun-difficulty = a difficulty
noun-symmetry = a symmetry
noun-moves = moves
noun-cell = a cell
noun-digits = digits
noun-reveal = `show` to say which cells
noun-grid = a grid
noun-player = a player
noun-period = a period
noun-action = a co-op action
noun-input = moves or notes
noun-players = a number of players
noun-check-as-you-go = on or off
noun-board = text or image
noun-language = a language (en, es, ca)
noun-channel = a channel
noun-time = a time
noun-timezone = a time zone
