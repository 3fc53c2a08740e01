# What the Discord adapter says itself, before the core: refusals, the submit form.

discord-restarting = The bot is restarting; please try again in a minute.
discord-cant-run = I can't run that: { $problem }.
discord-old-button = This button belongs to an older version of the bot; use `/sudoku show` for a fresh board.
discord-cant-post-daily = I can't post the daily puzzle in { $channel }: I need the { $missing } permission there. Grant it to the bot (channel settings, Permissions), then run this again.
# $what: `race` or `coop`.
discord-cant-open-board = I can't { $what ->
    [race] run a race
   *[coop] start a co-op board
} in this channel: I need the { $missing } permission here. Grant it to the bot (channel settings, Permissions), then try again.
discord-no-activities = Opening the board to tap needs the Use Activities permission in this channel, which you don't have here. The board in chat works as always (`/sudoku show`), and `/sudoku web` gives a private link to it in a browser.
# A permission as Discord's settings name it.
permission = { $name ->
    [view-channel] View Channel
   *[send-messages] Send Messages
}
discord-submit-title = Submit your solution
discord-submit-label = Your solved grid
discord-submit-placeholder = Paste your board, or type 81 digits

discord-message-unreadable = that message could not be read
discord-unknown-command = this bot has no command /{ $command } any more (Discord may still be showing an old list: try again in a minute)
discord-old-form = that form belongs to an older version of the bot
discord-answered-privately = Answered privately.
discord-launch-too-late = The board took too long to open; press Tap to play (or run `/sudoku play`) again.
