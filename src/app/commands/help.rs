//! `/sudoku help`: every command with an example, in one message.

use crate::app::Reply;

const HELP: &str = "\
**Sudoku**: rows are A-I (top to bottom), columns 1-9 (left to right).
`/sudoku new [empty] [difficulty] [symmetry]`: start a game, e.g. `/sudoku new 40` (40 empty cells, one solution).
`/sudoku show`: your board and status.
`/sudoku move <moves>`: e.g. `B7 4`, `b7=4`, `r2c7 4`, several at once: `B7 4, C3 5`. Erase with `B7 0`.
`/sudoku note <cell> <digits>`: toggle pencil marks, e.g. `/sudoku note B7 257`.
`/sudoku undo`: take back your last move.
`/sudoku check`: how many of your digits are wrong (`check show` says which).
`/sudoku hint`: the next logical step; ask again for more detail.
`/sudoku submit <grid>`: submit a full solution (81 digits or a pasted board).
`/sudoku giveup`: see the solution and end the game.
`/sudoku solve <grid>`: solve any grid, e.g. `/sudoku solve 003020600900305001...`.
`/sudoku stats [player]`: games, solves, best times and streaks.
`/sudoku daily`: today's server puzzle, the same for everyone; one attempt a day.
`/sudoku leaderboard [today|week|all-time]`: this server's daily rankings.
`/sudoku forget-me`: delete all your games and stats.
Admins: `/sudoku-daily setup channel:#daily time:09:00 timezone:Europe/Madrid difficulty:medium`, `/sudoku-daily off`.
On the board, `(5)` is your digit and `!5!` a wrong one.";

pub fn run() -> Reply {
    Reply::private(HELP)
}
