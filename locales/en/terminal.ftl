# The terminal (`sudoku-bot play`): what the session itself says around the bot's replies,
# in the session's language (`--locale`, `:locale`). The commands that drive a test
# session (`:now`, `:advance`, `:admin`, `:help`) answer in English; `:user` and `:place` in
# the session's language.

terminal-paste-how = (paste the grid: 81 cells on the command's line, or the rows of a board on the lines below it, ending with an empty line)
terminal-no-grid = (no grid given) { $how }
terminal-private = (only you can see this)
terminal-posted = (posted in the channel:)
terminal-race-edited = (the race's message, edited:)
terminal-race-posted = (the race's message, posted anew:)
terminal-daily-posted = (posted in channel { $channel } of { $place }:)
terminal-no-daily-due = (no daily post is due)
terminal-picture = (picture: { $path } · { $alt })
terminal-language = (you play in { $language }; `:locale en|es|ca` changes it)
terminal-user-now = (you are now { $name })
terminal-place-now = (you are now in { $place })
terminal-bad-name = (`{ $name }` has a control character at position { $at }: choose a name a player would type; nothing changed)
terminal-language-now = (you play in { $language } now)
terminal-no-menu = (no menu on the last reply)
terminal-no-option = (the { $menu } menu has no option "{ $option }": choose one of { $options })
terminal-no-button = (no such button on the last reply)
