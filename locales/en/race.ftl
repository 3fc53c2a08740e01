# Races and challenges.

race-name = Race #{ $number }
