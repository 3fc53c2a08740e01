# Curses i reptes.

race-name = Cursa #{ $number }
