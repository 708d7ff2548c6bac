s/lt_none[0-9]+/lt_nonePID/
