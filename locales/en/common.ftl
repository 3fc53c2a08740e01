# Words many replies share.

# A language named in a sentence; $code is `en`, `es` or `ca`.
language-name = { $code ->
    [es] Spanish
    [ca] Catalan
   *[en] English
}

# A difficulty as the status line and game names say it; $name is `easy`, `medium`,
# `hard`, `expert`, `extreme`, or `none` for a puzzle without one.
tier = { $name ->
    [easy] Easy
    [medium] Medium
    [hard] Hard
    [expert] Expert
    [extreme] Extreme
   *[none] Sudoku
}

## Counts, each with its noun in the language's own plural forms.

count-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
count-mistakes = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
}
count-hints = { $count ->
    [one] { $count } hint
   *[other] { $count } hints
}
count-cells = { $count ->
    [one] { $count } cell
   *[other] { $count } cells
}

# A row, column or box: $kind is `row`, `column` or `box`; $name is A-I or 1-9.
house = { $kind ->
    [row] row { $name }
    [column] column { $name }
   *[box] box { $name }
}

## Dates: jiff knows the calendar, the catalogue the words. $weekday 1 (Monday) to 7,
## $month 1 to 12.

date-short = { $day } { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
}
date-long = { $weekday ->
    [1] Monday
    [2] Tuesday
    [3] Wednesday
    [4] Thursday
    [5] Friday
    [6] Saturday
   *[7] Sunday
} { $day } { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
}

## A pasted grid that could not be read: where, and what would be right.

parse-backtick = (a backtick)
parse-no-cells = no grid found: paste 81 cells, digits 1-9 with 0 or . for empty cells
parse-unexpected = unexpected character { $found } at line { $line }, column { $column }: a grid uses digits 1-9, with 0 or . for empty cells
parse-unexpected-in-row = unexpected character { $found } in row { $row }: a grid uses digits 1-9, with 0 or . for empty cells
parse-row-length = row { $row } has { $count ->
    [one] 1 cell
   *[other] { $count } cells
}, a row needs 9
parse-cell-count = found { $count ->
    [one] 1 cell
   *[other] { $count } cells
}, a grid needs 81

# A list ending in "or": $init is "`A`, `B`", $last "`C`".
list-or = { $init } or { $last }
# A list ending in "and": $init is "A1, B2", $last "C3".
list-and = { $init } and { $last }
# "and" before a word starting with the sound "i" (I3): Spanish says "e" there.
list-and-before-i = { $init } and { $last }
# "or" before a word starting with the sound "o" (8, "ocho"): Spanish says "u" there.
list-or-before-o = { $init } or { $last }

## When something went wrong on our side.

fault-apology = Something went wrong on our side, and nothing was changed. Please try again in a moment.
fault-storage = The bot's storage has a problem; your last saved move is safe, but nothing new can be saved until it is fixed.
fault-busy = The bot is very busy right now, so this was not done: nothing was changed. Please try again in a moment.
# $set_aside: `no` when the storage could not even set the game aside.
fault-damaged-game = { $set_aside ->
    [yes] ⚠️ Your game here could not be read: its stored data is damaged, so it was set aside (the bot's operator can see it). Nothing else of yours is affected; start a new game with `/sudoku new`.
   *[no] ⚠️ Your game here could not be read: its stored data is damaged. The bot's storage has a problem, so it could not be set aside yet.
}
# Houses as a place after "in" (the hints' "Look for … in row A"): $count houses of one
# $kind, $name their names ("A and C"); with the article the language puts there.
house-the = { $count ->
    [one] { $kind ->
        [row] row { $name }
        [column] column { $name }
       *[box] box { $name }
    }
   *[other] { $kind ->
        [row] rows { $name }
        [column] columns { $name }
       *[box] boxes { $name }
    }
}
