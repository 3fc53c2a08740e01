# Co-op boards: one board a channel fills together.

# What a co-op reply says, marked as the board's.
coop-said = Co-op board: { $text }
coop-team = Team: { $status }
coop-legend = `(5)` the team's digits; a wrong digit is never placed
coop-legend-image = Blue: the team's digits; a wrong digit is never placed
coop-button-undo-mine = Undo my move
coop-button-show-board = Show board
# $running: `yes` while the board is played ("so far").
coop-title = **Co-op board** of this channel · started by **{ $starter }**{ $players ->
    [0] {""}
    [one] {" "}· 1 player{ $running ->
        [yes] {" "}so far
       *[no] {""}
    }
   *[other] {" "}· { $players } players{ $running ->
        [yes] {" "}so far
       *[no] {""}
    }
}
coop-who-did-what = Who did what:
coop-tally = **{ $player }**: { $cells ->
    [one] 1 cell
   *[other] { $cells } cells
}, { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}{ $hints ->
    [0] {""}
    [one] , 1 hint
   *[other] , { $hints } hints
}
coop-former-player = a former player
coop-stats = Co-op: { $solved ->
    [one] 1 board
   *[other] { $solved } boards
} solved together (of { $boards }) · { $cells ->
    [one] 1 cell
   *[other] { $cells } cells
} placed · { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}
coop-none = none is running in this channel. Start one for everybody with `/sudoku coop` (e.g. `/sudoku coop 45 medium`).
coop-gone = that board no longer exists.
coop-servers-only = Co-op boards are played in a server channel. Here, play a game of your own with `/sudoku new`.
coop-too-many = I can't make that puzzle: { $asked } empty cells is impossible: a puzzle with one solution keeps at least 17 clues, so at most { $max } cells can be empty. For example: `/sudoku coop 45`.
coop-already-running = one is already running in this channel; here it is. Finish it together, or its starter or an admin can end it with `/sudoku coop end`.
# $tier as in `tier` (common.ftl).
coop-new = a new { $tier ->
    [easy] easy puzzle
    [medium] medium puzzle
    [hard] hard puzzle
    [expert] expert puzzle
    [extreme] extreme puzzle
   *[none] puzzle
} for everyone in this channel, { $empty } empty cells. Fill it together with `/sudoku move B7 4` (or `/sudoku coop move B7 4` while you have a game of your own here). A wrong digit is not placed and counts against the team.
# $how: `solved` or `ended`.
coop-over = this board { $how ->
    [solved] is already solved
   *[ended] was ended
}. Start another with `/sudoku coop`.
# $who: `me` (the player who asked), `named` ($name says who) or `someone`.
coop-filled = { $cell } was already filled by { $who ->
    [me] you
    [named] **{ $name }**
   *[someone] a teammate
} ({ $digit }). Nothing was changed.
coop-not-yours = the { $cell } digit is { $who ->
    [me] yours
    [named] **{ $name }**'s
   *[someone] a teammate's
}; only they can erase it (and it is correct: wrong digits are never placed). Nothing was changed.
coop-note-on-filled = { $cell } is filled; notes go in empty cells. Nothing was changed.
coop-nothing-to-undo = you have no move of your own to undo on this board.
coop-stale-undo = you already undid a move since those buttons were drawn; nothing was changed. `/sudoku coop show` draws the board now.
coop-nothing-to-change = nothing to change (those cells are already empty).
coop-stale-buttons = it changed since those buttons were drawn; here it is now. Nothing was changed.
coop-played = **{ $player }** played { $moves }.
coop-wrong = **{ $player }**'s { $moves } { $count ->
    [one] is
   *[other] are
} wrong: not placed (team mistakes: { $mistakes }).
coop-solved = Co-op board solved together in { $time } by { $players ->
    [one] 1 player
   *[other] { $players } players
}, with { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
} and { $hints ->
    [one] 1 hint
   *[other] { $hints } hints
}! **{ $player }** placed the last digit. Start another with `/sudoku coop`.
coop-auto-notes = { $count ->
    [0] every empty cell already shows its candidates. Nothing was changed.
    [one] **{ $player }** filled the candidates of 1 cell as notes.
   *[other] **{ $player }** filled the candidates of { $count } cells as notes.
}
coop-note-auto-no-digits = `coop note auto` takes no digits: it fills in every empty cell's candidates. Nothing was changed.
coop-note-bad-cell = `{ $found }` is not a cell: rows are A-I, columns 1-9. Example: `/sudoku coop note B7 257`.
coop-note-bad-digits = `{ $found }` is not a list of digits 1-9. Example: `/sudoku coop note { $cell } 257`.
coop-notes-updated = **{ $player }** updated the notes of { $cell }.
coop-undone = **{ $player }** took back their last move ({ $cells }).
coop-check = every digit on it is correct (a wrong digit is never placed). { $empty ->
    [one] 1 cell
   *[other] { $empty } cells
} still empty; team mistakes so far: { $mistakes }.
coop-hint = Co-op board hint (counted for the team): { $hint }
coop-end-not-yours = only the player who started it (**{ $starter }**) or a server admin can end it. Nothing was changed.
coop-ended = Co-op board ended by **{ $player }**, unsolved. Here is the solution; start another with `/sudoku coop`.
