# Daily server challenges: the daily, its post, streaks, leaderboards, sharing, and the
# admins' setup. Discord timestamps (<t:…>) show in each reader's own time and language.

daily-servers-only = Daily challenges belong to a server: use this command in a server channel.
daily-headline = Daily Sudoku for { $date }.
daily-clock-starts = Your clock starts now and runs until you solve it, pauses included; each mistake or hint adds 30 s.
# $how: `solved` or `given-up`; $ranked as in `daily-ranked-clean` or "7:12 (6:12 + 2 mistakes)".
daily-done-today = { $how ->
    [solved] You solved today's daily: ranked time { $ranked }.
   *[given-up] You gave up today's daily.
} One attempt per day: the next puzzle opens { $next }.
daily-forgotten = You already played today's daily here (before deleting your data). One attempt per day: the next puzzle opens { $next }.
daily-ranked-clean = { $ranked } (no mistakes or hints)
daily-ranking = Ranked time: from opening the daily to solving it, plus 30 s per mistake and per hint; a day with 3 mistakes or more ranks last.
daily-solved = Daily done! Ranked time { $ranked }: the time since you opened it, plus 30 s per mistake and per hint. Streak: { $days ->
    [one] 1 day
   *[other] { $days } days
} (best { $best }). See `/sudoku leaderboard`.
daily-solved-late = That daily's day had already ended: this is no daily solve, and it does not count for your streak.
streak-at-stake = Solve today's daily to keep your { $days }-day streak!
streak-line = Daily streak: { $days ->
    [one] 1 day
   *[other] { $days } days
} (best { $best }).
stats-dailies = Dailies here: { $solved } solved · streak { $streak } (best { $best })
daily-post-failed = For admins: the last daily post failed: { $error }.
daily-paused = For admins: daily posts are paused: { $why }. Once the bot can post there (or in another channel), run `/sudoku-daily setup` to resume.
# Why a daily post did not go out, for the admins (after `daily-paused` or
# `daily-post-failed`); $channel is the channel's id, $detail Discord's error as it
# gave it.
daily-trouble-unprepared = today's puzzle could not be prepared ({ $detail }); retrying every few minutes
daily-trouble-failed = could not post in <#{ $channel }> ({ $detail }); check that the channel exists and the bot may send messages there
daily-trouble-refused = <#{ $channel }> refuses the bot ({ $detail }): it was deleted, or the bot may no longer see it or send messages there
daily-trouble-deleted = <#{ $channel }> was deleted

## The daily post, in the server's language.

daily-post = **Daily Sudoku for { $date }** · #{ $number } · { $tier }
    Press Play (or `/sudoku daily`) for your own board. Your clock starts when you press Play and runs until you solve it, pauses included; each mistake or hint adds 30 s.
daily-post-yesterday = Yesterday: { $solvers ->
    [one] 1 solver
   *[other] { $solvers } solvers
}, best { $best } in { $ranked }. Server streak: { $days ->
    [one] 1 day
   *[other] { $days } days
}.
daily-post-yesterday-none = Yesterday: no solvers.
button-play = Play

## Leaderboards. $period: `today`, `week` or `all-time`; $today: `yes` on today's board.

leaderboard-title = **Daily leaderboard: { $period ->
    [today] today ({ $date })
    [week] the last 7 days
   *[all-time] all time
}**
leaderboard-empty = No one has solved a daily in this period yet. Be the first: `/sudoku daily`.
leaderboard-footer = Server streak: { $days ->
    [one] 1 day
   *[other] { $days } days
}. Next puzzle opens { $next }.
leaderboard-solved = { $count } solved · { $result }
leaderboard-unchecked = { $today ->
    [yes] no check-as-you-go
   *[no] { $count } without check-as-you-go
}
leaderboard-auto-notes = { $today ->
    [yes] auto-notes
   *[no] { $count } with auto-notes
}
leaderboard-unverified = { $today ->
    [yes] unverified: faster than a person can solve it
   *[no] { $count } unverified (faster than a person can solve)
}
leaderboard-unranked = unranked ({ $mistakes } mistakes)
leaderboard-you = you

## Sharing a result (no spoilers).

share-said = **{ $player }** shared their daily: { $line }
share-gave-up = gave up after { $time }
share-not-in-time = not solved in time
share-unchecked = no check-as-you-go
share-nothing = You have no daily result to share here yet: play today's with `/sudoku daily`.
share-not-daily = Only daily results can be shared.
share-finish-first = Finish today's daily first; then share your result (no spoilers).

## /sudoku-daily setup and off (admins).

setup-admins-only = Only members who can manage this server can set up the daily puzzle.
daily-off-admins-only = Only members who can manage this server can switch the daily puzzle off.
setup-bad-channel = `{ $found }` is not a channel: pick one, e.g. `channel:#daily-sudoku`.
setup-no-channel = Name the channel to post in, e.g. `channel:#daily-sudoku`.
setup-bad-difficulty = `{ $found }` is not a difficulty: use one of { $tiers }.
setup-empty-value = An empty value
setup-bad-time = { $found } is not a time: use 24-hour HH:MM (`09:00`, `18:30`) or 12-hour (`9am`, `9:30pm`)
setup-bad-offset = { $found } is not a UTC offset: write it as `UTC+2`, `GMT-5`, `+05:30` or `UTC+5:45` (from UTC-12 to UTC+14).
# $near: the zones it may have meant ("`A`, `B` or `C`"), $guesses how many (0: none).
setup-bad-zone = { $found } is not a time zone I know.{ $guesses ->
    [0] {""}
   *[other] {" "}Did you mean { $near }?
} Use a city (`Madrid`, `New York`) or an IANA name such as `Europe/Madrid`, `America/New_York`, `Asia/Tokyo` or `UTC`.
setup-offset-not-kept = I can't keep { $offset } as a time zone.
setup-offset-with-dst = { $offset } is used only together with daylight saving, so it is not one fixed offset: name your city instead (`St Johns`, `Adelaide`, `Lord Howe`, `Chatham`) or its IANA name.
# A zone without daylight saving; $named is `no` for a bare offset (then $name is empty).
setup-zone-fixed = { $named ->
    [yes] { $name }, { $offset }, no daylight saving
   *[no] { $offset }, no daylight saving
}
setup-done = Daily Sudoku is on: every day at { $time } ({ $zone }) in { $channel }, { $tier }. Next post: { $next }. Posts are in { $language } (`language:` changes it).
setup-zone-from = From { $from }, when the day running now ends, days run in { $zone }: a day that has begun keeps its hours.
setup-zone-settling = The time zone changed recently and its first days are still settling: it can change again from { $at }.
daily-off-done = Daily Sudoku is off: no more posts. Players can still play `/sudoku daily`.
