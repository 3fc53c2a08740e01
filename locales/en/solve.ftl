# /sudoku solve: any pasted grid solved; paused while the asker plays for a rank, and never their own game.

solve-empty = Paste a grid after `/sudoku solve`: 81 digits with 0 or . for empty cells, or the rows of a board.
solve-unreadable = I couldn't read that grid: { $why }.
solve-unique = Solved: exactly one solution.
solve-several = This grid has more than one solution, so it is not a proper Sudoku. One of them:
solve-none = This grid has no solution: its givens contradict each other somewhere (no digit clashes directly, but they cannot all be completed).
# $which: whose game the grid is (or is too close to).
solve-spoiler = { $which ->
    [own-game] That is the puzzle of your game in progress, so I won't solve it for you. `/sudoku hint` shows the next step; `/sudoku giveup` ends the game and shows the solution.
   *[coop] That is a co-op board being played in this server right now: no spoilers while the team plays. Join in with `/sudoku coop move`.
}
# The same reply whatever grid was pasted, so that it tells nothing about any grid.
# $back: when the daily's day ends (a Discord timestamp).
solve-paused-daily = `/sudoku solve` is paused until your daily is over: while you play for a rank (today's daily, until you solve it or its day ends) I solve no grid at all, whatever it is. It is back when you solve it, or { $back }.
# $challenge: yes/no.
solve-paused-race = `/sudoku solve` is paused until your { $challenge ->
    [yes] challenge
   *[no] race
} is over: while you play for a rank I solve no grid at all, whatever it is. It is back when you solve it, or when the { $challenge ->
    [yes] challenge
   *[no] race
} ends.
