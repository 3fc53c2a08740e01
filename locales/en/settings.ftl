# /sudoku settings. $on, $picture, $same, $chosen are `yes` or `no`; $explain is the
# matching settings-*-explain, said whole; option values in backticks stay English.

settings-title = **Your settings**
settings-checks-explain = { $on ->
    [yes] a wrong digit is marked `!5!` and counted as a mistake when you place it
   *[no] wrong digits are neither marked nor counted until you `check` or `submit`; then each counts once
}
settings-board-explain = { $picture ->
    [yes] a picture with your pencil marks in their cells (the status stays as text)
   *[no] a text grid you can copy and paste back
}
settings-checks = Check-as-you-go: **{ $on ->
    [yes] on
   *[no] off
}**: { $explain }.
settings-board = Boards: **{ $picture ->
    [yes] image
   *[no] text
}**: { $explain }.
settings-language = Language: **{ $language }** ({ $chosen ->
    [yes] your choice
   *[no] your Discord's
}).
settings-change = Change them with `/sudoku settings check-as-you-go:{ $checks }`, `board:{ $board }` or `language:{ $language }` (`language:auto` follows your Discord).
settings-language-set = I speak **{ $language }** to you from now on, whatever language your Discord is in.
settings-language-discord = I speak your Discord's language to you from now on: **{ $language }** now (English where I don't speak it).
settings-checks-set = Check-as-you-go { $same ->
    [yes] stays
   *[no] is now
} **{ $on ->
    [yes] on
   *[no] off
}**: { $explain }. It applies to the games you start from now on (races always check as you go, so their scoreboards compare alike); leaderboards mark times made without it.
settings-board-set = { $same ->
    [yes] Your boards stay **{ $picture ->
        [yes] image
       *[no] text
    }**: { $explain }.
   *[no] Your boards are now **{ $picture ->
        [yes] image
       *[no] text
    }**: { $explain }, from your next reply on, in every game.
}
