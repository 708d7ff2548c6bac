s/pid [0-9]+ /pid PID /
