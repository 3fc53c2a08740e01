# Carreras y desafíos.

race-name = Carrera #{ $number }
