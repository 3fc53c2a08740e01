# The bot's words in English: the catalogue every other language is checked against.
# Write commands by their English names (`/sudoku new [empty]`): the bot says them in the
# names the reader's Discord shows (`/sudoku nuevo [vacías]`, see name-* in commands.ftl).
# Cells stay A–I, 1–9 everywhere.

## /sudoku help

help-header = **Sudoku**: rows A-I, columns 1-9.
help-daily-rank = Daily rank: time from opening, pauses included, +30 s per mistake or hint; 3+ mistakes rank last.
help-footer = Or tap the pad under any board. `(5)` your digit, `!5!` a wrong one. A free game counts a pause as 5 min at most.
# $commands: the admins' commands, one after another.
help-admins = Admins: { $commands }.

help-new = `/sudoku new [empty] [difficulty]`: start a game, e.g. `/sudoku new 40` (40 empty cells, one solution).
help-show = `/sudoku show`: your board and status.
help-move = `/sudoku move <moves>`: e.g. `B7 4` (or `r2c7 4`), `B7 4, C3 5`; `B7 0` erases.
help-note = `/sudoku note <cell> <digits>`: toggle pencil marks, e.g. `B7 257`; `note auto` fills in every cell's candidates.
help-undo = `/sudoku undo`: take back your last move.
help-check = `/sudoku check`: how many of your digits are wrong (`check show` says which).
help-hint = `/sudoku hint`: the next logical step; ask again for more detail.
help-submit = `/sudoku submit <grid>`: submit a full solution.
help-giveup = `/sudoku giveup`: see the solution and end the game.
help-solve = `/sudoku solve <grid>`: solve any grid (81 digits or a pasted board).
help-stats = `/sudoku stats [player]`: games, solves, best times and streaks.
help-daily = `/sudoku daily`: today's server puzzle, the same for everyone; one attempt a day.
help-leaderboard = `/sudoku leaderboard [today|week|all-time|races]`: this server's rankings.
help-coop = `/sudoku coop [empty] [difficulty]`: one board the channel fills together (`coop move|note|hint|check|undo|show|end`, or plain `move` with no game of your own here).
help-race = `/sudoku race [empty] [difficulty] [players]`: race others on one puzzle: no hints, out at 3 mistakes, no solution shown till it ends.
help-challenge = `/sudoku challenge @player`: a rated 1-v-1 race.
help-settings = `/sudoku settings [check-as-you-go:on|off] [board:text|image] [language]`: checks as you go; boards; your language.
help-play = `/sudoku play` (or `web`): your board to tap.
help-share = `/sudoku share`: post your result of today's daily in the channel (no spoilers).
help-forget-me = `/sudoku forget-me`: delete all your games and stats.
help-setup = `/sudoku-daily setup channel:#daily time:09:00 timezone:Europe/Madrid`
help-off = `/sudoku-daily off`
