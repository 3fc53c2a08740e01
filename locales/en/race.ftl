# Races and challenges. $race is a race's name (`race-name`); $player, $host and
# $opponent are player names; $time and $limit are durations such as 3:05 or
# 10:00. The lobby, the scoreboard and the result are the channel's posts, in the
# language of the server the race was opened in; the rest answers one player.

race-name = Race #{ $number }
# A place in a race, by the language's ordinal rules: 1st, 2nd, 3rd, 4th, 11th, 21st.
race-ordinal = { $place ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
race-rules = Rules: the first correct solve wins; a third mistake puts you out; no hints; the solution stays hidden until the race is over.
# A player who asked to be forgotten: their results stay, their name does not.
race-former-player = a former player
race-unrated = unrated

## The puzzle: "Medium, 45 empty" ($tier is the difficulty, $empty is `race-empty`).

race-empty = { $count ->
    [one] { $count } empty
   *[other] { $count } empty
}
race-puzzle = { $tier }, { $empty }

## Opening a race or a challenge: what the player is told when it cannot be.

race-challenge-self = You can't challenge yourself. Name another player, e.g. `/sudoku challenge @player`, or open a race anyone may join with `/sudoku race`.
race-challenge-bot = { $player } is a bot, and bots don't race. Challenge a person instead.
race-in-dm = Races are played in a server channel, where others can join. Open one there with `/sudoku race`.
race-players-range = A race takes 2 to { $max } players (Discord shows one scoreboard line each); you asked for { $asked }.
# $state: `lobby` (not started yet) or `running`.
race-already-racing = You are already in { $race } ({ $state ->
    [lobby] waiting to start
   *[running] running
}). Finish or leave it first.
race-gone = That race no longer exists.
race-elsewhere = That race belongs to another server.

## What the race's rules refuse (join, leave, start, cancel, accept, decline).

race-error-already-in = You are already in this race.
race-error-started = This race has already started; open a new one with `/sudoku race`.
# $how: `finished`, `expired`, `declined` or `cancelled`.
race-error-over = This race is over ({ $how ->
    [finished] finished
    [expired] expired
    [declined] declined
   *[cancelled] cancelled
}); open a new one with `/sudoku race`.
race-error-full = This race is full ({ $count ->
    [one] { $count } player
   *[other] { $count } players
}).
race-error-not-host = Only the host can start or cancel this race.
race-error-not-invited = This challenge is for someone else; challenge a player yourself with `/sudoku challenge`.
race-error-rematch-only = This rematch is for the players of the last race; open a race of your own with `/sudoku race`.
race-error-too-few = A race needs at least 2 players; wait for someone to press Join.
race-error-not-in = You are not in this race; join the next one with its Join button.
race-error-host-leaves = You host this race, so you can't leave it; Cancel ends it for everyone.

## The lobby (the channel's post). Button names in the text are the buttons' labels.

# The rated 1-v-1 lobby; $host_rating and $opponent_rating are ratings ("1523", "1500?"
# while provisional, or `race-unrated`); $puzzle is `race-puzzle`.
race-challenge-lobby = **{ $race }**: **{ $host }** ({ $host_rating }) challenges **{ $opponent }** ({ $opponent_rating }) to { $rated ->
    [yes] a rated
   *[no] an unrated
} 1-v-1 race ({ $puzzle }).
race-challenge-answer = { $opponent }: Accept to start at once, or Decline. The offer lapses in { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}; { $host } may Withdraw it until then.
race-lobby = **{ $race }**: { $puzzle } · host { $host }
# $names: the players so far, "ann, bob".
race-lobby-players = Players ({ $count } of { $capacity }): { $names }
race-lobby-join = Press Join to take part.
race-lobby-join-rematch = A rematch: the players of the last race press Join.
race-lobby-autostart = It starts by itself when { $capacity } have joined, or when { $host } presses Start.
race-lobby-host-starts = { $host } starts it with Start.
race-lobby-how = Everyone gets the same puzzle at the same moment, on a private board. The lobby closes in { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} if not started.

race-button-join = Join
race-button-start = Start
race-button-leave = Leave
race-button-cancel = Cancel
race-button-accept = Accept
race-button-decline = Decline
race-button-withdraw = Withdraw

## A lobby that ended before its start.

race-challenge-lapsed = **{ $race }**: { $host }'s challenge lapsed: it was not answered within { $limit }.
race-lobby-expired = **{ $race }**: the lobby closed: nobody started it within { $limit }. Open another with `/sudoku race`.
race-challenge-declined = **{ $race }**: { $opponent } declined { $host }'s challenge.
race-challenge-withdrawn = **{ $race }**: { $host } withdrew the challenge.
race-cancelled = **{ $race }**: { $host } cancelled the race before it started.

## The scoreboard (the channel's post): a headline, then one line per racer.

race-clock-running = running { $time } of { $limit }
race-clock-finished = finished after { $time }
race-scoreboard-rules = out at { $limit ->
    [one] { $limit } mistake
   *[other] { $limit } mistakes
}, no hints
# $place is `race-ordinal`.
race-row-placed = { $place } in { $time }
race-row-out = out ({ $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
})
# $filled of the $empty cells are right.
race-row-unfinished = unfinished ({ $filled }/{ $empty })
race-row-filled = { $filled }/{ $empty } filled
race-row-gave-up = gave up
race-row-no-board = no board
race-row-mistakes = { $count }/{ $limit ->
    [one] { $limit } mistake
   *[other] { $limit } mistakes
}
race-racers-hint = Racers: press My board for your private board, then play with its pad or `/sudoku move B7 4`.

## A racer's own board.

race-board-not-in = You are not in { $race }, so there is no board of yours in it. Join the next race with its Join button, or open one with `/sudoku race`.
race-board-not-started = { $race } has not started yet: your board appears when it starts.
race-board-headline = Your board in { $race }: play with the pad under it, or type `/sudoku move B7 4`.

## The result (the channel's post) and a racer's solve.

race-wins = **{ $player }** wins { $race } in { $time }!
race-result-aborted = { $race } was aborted: nobody made a move within { $limit }. Not rated.
# $timed: `yes` when the race ran its whole time limit ($limit).
race-result-no-winner = { $timed ->
    [yes] { $race } ended without a winner: nobody solved it within { $limit }.
   *[no] { $race } ended without a winner: nobody solved it.
}
# The others after the winner, each one of these: "2nd cat 3:10 · ann gave up".
race-result-placed = { $place } { $player } { $time }
race-result-out = { $player } out ({ $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
})
race-result-gave-up = { $player } gave up
race-result-unfinished = { $player } unfinished
# $ratings: "ann 1516? (+16) · bob 1484? (-16)".
race-result-ratings = Ratings: { $ratings }
race-unrated-why = Not rated: { $why ->
    [small] a challenge needs { $min } empty cells or more to be rated.
    [pair] these two have played { $limit } rated challenges in the last 24 hours.
    [unverified] a time faster than a person can solve wins no rating.
   *[forgotten] a player asked to be forgotten.
}
race-button-rematch = Rematch
race-button-share = Share my result
race-solve-late = { $race } had already ended, so this solve takes no place in it.
race-solve-placed = **{ $player }** finished { $race } in { $time }: { $place } place.
race-solve-unverified = **{ $player }** finished { $race } in { $time }, faster than a person can solve it: unverified, placed after every verified finisher.

## A rematch or a shared result asked for from under the result.

race-rematch-not-in = Only the players of that race can ask for a rematch. Open a race of your own with `/sudoku race`.
race-rematch-not-over = { $race } is not over yet: a rematch comes after it.
race-rematch-no-opponent = Your opponent of that challenge is no longer here to play.
race-rematch-alone = Only one player of that race is still here: open a new race with `/sudoku race`.
race-rematch-open = The rematch is already open as { $race }: press Join on it.
race-share-not-in = You were not in that race, so there is no result of yours to share.
race-share-not-over = { $race } is not over yet: share your result when it is.

race-unverified = unverified (faster than a person can solve)
# The shared result, its parts joined by " · ": "Race #3 · Medium · 45 empty · 🥇 1st of
# 4 · 6:41 · 1 mistake · rating +12".
race-card-place = { $place } of { $count } · { $time }
# $how: `out` (too many mistakes), `unfinished` (the time limit), `given-up`, or
# `not-started` (no board).
race-card-outcome = { $how ->
    [out] out
    [unfinished] unfinished
    [given-up] gave up
   *[not-started] did not start
}
# $change: "+12", "-3".
race-card-rating = rating { $change }

## `/sudoku leaderboard races` and the races line of `/sudoku stats`.

race-leaderboard-empty = No races finished here yet. Open one with `/sudoku race`, or challenge someone with `/sudoku challenge @player`.
race-leaderboard-title = **Races** in this server (wins · podiums · races · best time · challenge rating; `?`: provisional). Wins, podiums and best times count races of { $min } empty cells or more.
# One player's line after their name; $best is a time or "-", $rating is
# `race-leaderboard-rating` or `race-unrated`.
race-leaderboard-row = { $won ->
    [one] { $won } win
   *[other] { $won } wins
} · { $podiums ->
    [one] { $podiums } podium
   *[other] { $podiums } podiums
} · { $played ->
    [one] { $played } race
   *[other] { $played } races
} · best { $best } · { $rating }
race-leaderboard-rating = rating { $rating }
race-leaderboard-ratings = Challenge ratings (established first, then provisional `?`): { $ratings }
race-stats = Races: { $played } played · { $won } won · { $podiums } on the podium · best { $best }
race-stats-rating = challenge rating here { $rating }
