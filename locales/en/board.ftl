# Boards: the lines around a board, its legends, its status line, its pad and buttons.
# Cell names (A1-I9) and the marks in backticks (`(5)`, `!5!`) stay as they are.

board-chosen-legend = { $wrong ->
    [yes] { $cell } is the cell chosen on the pad
   *[no] `<5>` the cell chosen on the pad ({ $cell })
}
board-legend = `(5)` your digits · `!5!` wrong digits
board-legend-unchecked = `(5)` your digits · `!5!` wrong (found by a check) · no check-as-you-go
board-final-legend = ` 5 ` givens · `(5)` your digits · `[5]` filled in by the bot
board-final-legend-image = Bold: givens · blue: your digits · red, hatched: your wrong digits · small amber: filled in by the bot
board-notes = Notes:
board-notes-more = …and { $count } more

## The status line: "**Medium** · 41 to go · time 3:05 · 0 mistakes · 1 hint"

status-to-go = { $count } to go
status-solved = solved
status-given-up = given up
status-out = out of the race
status-unfinished = unfinished
status-time = time { $time }
status-auto-notes = auto-notes

## Game names: "Medium game", "Daily · 22 Nov", "your Medium game"; $tier as in `tier`.

game-name = { $tier ->
    [easy] Easy game
    [medium] Medium game
    [hard] Hard game
    [expert] Expert game
    [extreme] Extreme game
   *[none] game
}
game-name-daily = Daily · { $day }
game-name-yours = your { $game }
board-title = **{ $owner }**'s { $game }
board-the-daily = the daily puzzle
board-solved-hidden = **{ $owner }** solved { $what } (board hidden: no spoilers).
# $how: `solved`, `out` (a race's mistakes), `timed-out` (a race's time limit),
# `given-up`; $next: `sealed` (a race still running), `race`, `game`.
board-last-game-over = Your last { $game } is over ({ $how ->
    [solved] solved
    [out] out: too many mistakes
    [timed-out] unfinished: the race ran out of time
   *[given-up] given up
}). { $next ->
    [sealed] The solution shows when the race is over.
    [sealed-daily] The solution shows when the server's day ends: today's daily is still being played.
    [race] Open another race with `/sudoku race`.
   *[game] Start a new one with `/sudoku new`.
}
banner-out-of-race = Out of the race

## Conflicts under a board (check-as-you-go): $house as in `house`.

board-conflict-pair = { $digit } appears twice in { $house }: { $first } and { $second }
# $list: up to three conflicts; $more: how many more.
board-conflicts = { $count ->
    [one] Conflict: { $list }.
   *[other] Conflicts: { $list }{ $more ->
        [0] {""}
       *[other] ; and { $more } more
    }.
}

## The pad under a board and its buttons.

pad-row = Row
pad-column = Column
pad-erase = Erase
pad-notes = { $on ->
    [yes] Notes: on
   *[no] Notes: off
}
pad-auto-notes = Auto-notes
pad-cell-given = { $cell }: given { $digit }
pad-cell-yours = { $cell }: your { $digit }
pad-cell-wrong = { $cell }: your { $digit }, wrong
pad-cell-empty = { $cell }: empty
pad-cell-notes = { $cell }: empty, notes { $notes }
button-hint = Hint
button-check = Check
button-undo = Undo
button-give-up = Give up

## The board to tap: the Activity inside Discord, the web board in a browser.

play-launching = The board to tap opens as a Discord Activity, inside Discord. Here, `/sudoku web` gives a private link to the same board in a browser.
# $web: `yes` when the bot also serves the web board.
play-not-set-up = The Sudoku Activity is not set up on this bot: its operator turns it on (an `[activity]` section in the config, and Activities in Discord's developer portal). { $web ->
    [yes] The board in chat works as always, and `/sudoku web` gives you a private link to the same board in a browser.
   *[no] The board in chat works as always.
}
web-not-set-up = The web board is not set up on this bot: its operator turns it on (a `[web]` section in the config, or `sudoku-bot play --web 127.0.0.1:8080` in a terminal). The board in chat works as always.
web-link = Your board in a browser: { $link }
    Tap a cell, then a digit; moves here and in chat show in both. The link plays as you, so keep it to yourself; it opens within 15 minutes.

## Boards as pictures: the banner over a finished board, and the alt text for screen
## readers ("Sudoku board, 38 cells empty, 1 wrong digit, last move B7. Solved").

banner-solved = Solved
banner-given-up = Given up
alt-board = Sudoku board, { $empty ->
    [one] 1 cell
   *[other] { $empty } cells
} empty
alt-wrong = { $count ->
    [one] 1 wrong digit
   *[other] { $count } wrong digits
}
alt-last-move = last move { $cell }
alt-chosen = chosen cell { $cell }

# The button that opens the board to tap (the Activity).
button-tap-to-play = Tap to play
