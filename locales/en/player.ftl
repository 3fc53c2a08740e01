# A player's own record and data: /sudoku stats and /sudoku forget-me.

# $here: `yes` for another player's record in this place only.
stats-title = **Stats for { $name }**{ $here ->
    [yes] {" "}(here)
   *[no] {""}
}
    Games: { $started } started · { $solved } solved · { $given_up } given up
stats-tier = { $tier }: { $solved } solved · best { $best } · average { $average }
stats-no-tier = No tier
stats-none = { $own ->
    [yes] No games yet: start one with `/sudoku new`.
   *[no] No games here yet.
}
stats-unknown-player = I don't know a player called `{ $name }` yet.
forget-ask = This deletes all your games, stats, streaks and daily results in every server, for good (a daily you already played today stays played, a race or challenge you are in is given up first, and your challenge ratings are kept 90 days under a one-way fingerprint, without your name, so that forgetting resets no rating). Are you sure?
button-forget-yes = Yes, delete everything
forget-done = Done: deleted { $games ->
    [one] 1 game
   *[other] { $games } games
} and everything else stored about you.
