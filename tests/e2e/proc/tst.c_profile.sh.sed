s/^ +[0-9]+$/ COUNT/
