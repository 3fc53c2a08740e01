# The web board's page and the Discord Activity: the page's own words (its buttons,
# what screen readers hear, its connection and sign-in), the board's title and panel,
# and what the page's server says to a browser.

## The page's own words, sent to it as they are. `{ $cell }`, `{ $name }`, `{ $step }`
## are filled in by the page. Its buttons share the chat pad's words (`pad-erase`,
## `button-undo`, … in board.ftl), and its cells the pad's labels (`pad-cell-given`, …).

web-page-connecting = Connecting…
web-page-reconnecting = Reconnecting…
web-page-disconnected = Disconnected
web-page-waiting = Waiting for the bot…
# After a player's own name in a board's list of players.
web-page-you = (you)
web-page-notes = Notes
web-page-new-game = New game
web-page-confirm-give-up = Give up this game? It ends here, unsolved.
web-page-yes = Yes
web-page-no = No
# What a screen reader says of the page's parts.
web-page-game = Game
web-page-board = Sudoku board, rows A to I, columns 1 to 9
web-page-pad = Number pad
web-page-playing-as = Playing as { $name }
web-page-no-game-title = No game here
web-page-no-game = There is no game here yet.
web-page-choose-cell = Choose a cell first: tap it, or use the arrow keys.
web-page-no-link = Open this board from the link /sudoku web gives.
web-page-new-link = Ask the bot for a new link with /sudoku web.
web-page-reopen = Close the Activity and open it again.
web-page-cannot-open = This board cannot be opened.
web-page-signing-in = Signing in with Discord…
web-page-discord-closed = Discord closed the Activity.
web-page-discord-refused = Discord refused.
# $step: the step of the sign-in that waited (`handshake`, `authorize`, …), as the
# SDK names it.
web-page-discord-silent = Discord did not answer in time ({ $step }).
web-page-sign-in-failed = The bot could not sign you in.
web-page-sign-in-slow = The bot took too long to sign you in.

## The board as the page shows it.

web-title-game = Game #{ $id }
web-title-coop = Co-op board
web-standings = Standings
web-players = Players
web-coop-player = { $digits ->
    [one] 1 digit
   *[other] { $digits } digits
} placed · { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
}
web-solved = Solved!
web-given-up = Given up
web-mistakes = Mistakes: { $count }
web-hints = Hints: { $count }

## A tap the page's server refuses (nothing changed).

web-no-game = There is no game in progress here: start one with New game.
web-another-board = Another game is in progress here now, so that tap was not played. Here it is; nothing was changed.
web-coop-not-given-up = A co-op board is not given up: its starter (or an admin) ends it with /sudoku coop end.
# $index: what the page sent, a number that is no cell 0-80.
web-tap-no-cell = That tap names no cell of the board ({ $index }): nothing was changed.
web-tap-no-digit = { $digit } is not a digit 1-9: nothing was changed.
web-not-understood = The page sent something the bot does not understand; nothing was changed. Reloading the page may help.
web-slow-down = That was a lot of taps at once: slow down a moment. Nothing was changed.

## Opening a board: links, sessions, the Activity's sign-in.

web-link-expired = This link has expired. Ask the bot for a new one with /sudoku web (links last 15 minutes; a board opened with one stays open for 12 hours).
web-link-invalid = This link has expired or is not one the bot made (it may be cut short, or the bot was restarted with a new secret). Ask for a new one with /sudoku web.
web-off = The web board is not set up on this bot.
web-hello-first = The page must say hello with its link first; reload it.
activity-off = The Sudoku Activity is not set up on this bot.
activity-unreadable = The page sent a sign-in the bot does not understand; close the Activity and open it again.
activity-crowd = Many players are opening the Activity at once; close it and open it again in a moment.
activity-discord-down = Discord could not be asked who you are just now; close the Activity and open it again in a moment.
activity-not-ours = That is not an Activity of this bot: open it again from the channel.
activity-code-refused = Discord did not accept this sign-in (it was used already, or it expired): close the Activity and open it again.
activity-not-running = Discord knows no such Activity running now: close it and open it again from the channel.
activity-not-in-it = You are not in this Activity: open it yourself from the channel (or its Tap to play button).
