# /sudoku solve: any pasted grid solved, but never a puzzle being played for.

solve-empty = Paste a grid after `/sudoku solve`: 81 digits with 0 or . for empty cells, or the rows of a board.
solve-unreadable = I couldn't read that grid: { $why }.
solve-unique = Solved: exactly one solution.
solve-several = This grid has more than one solution, so it is not a proper Sudoku. One of them:
solve-none = This grid has no solution: its givens contradict each other somewhere (no digit clashes directly, but they cannot all be completed).
# $which: whose puzzle the grid is (or is too close to).
solve-spoiler = { $which ->
    [own-game] That is the puzzle of your game in progress, so I won't solve it for you. `/sudoku hint` shows the next step; `/sudoku giveup` ends the game and shows the solution.
    [own-daily] That is today's daily puzzle, which you are playing: no spoilers until its day is over. `/sudoku hint` shows the next step (30 s on your ranked time).
    [own-race] That is the puzzle of your race: it is won by solving, so no spoilers while it runs. `/sudoku check` shows your mistakes.
    [coop] That is a co-op board being played right now: no spoilers while the team plays. Join in with `/sudoku coop move`.
    [race] That is the puzzle of a race being played right now: no spoilers while its players race. Open your own with `/sudoku race`.
   *[daily] That is one of today's daily puzzles, or too close to one (a few cells apart, or in disguise): no spoilers until its day is over. Play your server's with `/sudoku daily`; ask me again tomorrow.
}
